"""What a report says first: the lead veto on merges of look-alike events.

Reports of one event open on the same happening ("the minister has resigned"), each in its own
words; a look-alike event's reports share the topic's vocabulary in their bodies (the country,
the party, the company, the scandal) but open on something else ("the minister was charged").
So two groups whose leads are much less alike across the groups than within each are two events,
however close their bodies. Leads are bags of the title and first words
(``features.lead_vector``) weighted by background idf (``nlp.frequency``: nothing depends on the
pile), compared within one language only.

Per group and language the guard keeps the sum of its members' normalised lead vectors: the
sum of the cross cosines of two groups is the dot product of their sums, and that of the pairs
within a group follows from its sum's squared norm, so a check costs one sparse dot product.

realworld_dev2 (the look-alike statistics read on realworld_dev and on both halves of dev2):
mean lead cosine within an event 0.16-0.58 per event, between an event and its look-alike
0.07-0.19 where they differ in what happened, 0.35 where they do not (a takeover and the
resignation it forced a week later, which this veto leaves merged).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

import numpy as np
from scipy import sparse
from scipy.cluster.hierarchy import fcluster, linkage

from newsweave.events.features import LeadVector

RATIO = 0.5  # a cross mean below half the lower of the two within means: two events
MIN_SIZE = 3  # reports of one language each side needs (a pair's one cosine says too little:
# on realworld_dev2 two groups of two of one event stood as far apart as two look-alikes)
MIN_WITHIN = 0.1  # a split needs leads alike within each part at least this much: under it the
# leads say nothing (within one event 0.16-0.58 on the dev pages; a DUC 2003 topic whose
# leads are boilerplate, 0.02, was cut in two at random without it)
MAX_LEADS = 400  # leads an event's cut compares, its first (the cut is quadratic in them; the
# others follow the part they are closer to, as near-copies do)


def _dot(a: LeadVector, b: LeadVector) -> float:
    if len(a) > len(b):
        a, b = b, a
    return sum(v * b.get(k, 0.0) for k, v in a.items())


class LeadGuard:
    """The lead veto as a guard of average link (state per group, merged as groups merge)."""

    def __init__(self, openings: Sequence[LeadVector] = (), langs: Sequence[str] = ()) -> None:
        self.sums: list[dict[str, LeadVector]] = []  # per group: language -> sum of lead vectors
        self.counts: list[Counter[str]] = []  # per group: language -> reports with a lead
        for vec, lang in zip(openings, langs, strict=True):
            self.add(vec, lang)

    def add(self, vec: LeadVector, lang: str) -> None:
        """One more report (its ``Features.opening``; empty for a near-copy, whose lead is its
        original's), a group of its own."""
        self.sums.append({})
        self.counts.append(Counter())
        self.place(len(self.sums) - 1, vec, lang)

    def place(self, g: int, vec: LeadVector, lang: str) -> None:
        """Report ``g``'s lead, while it is still a group of its own."""
        self.sums[g] = {lang: dict(vec)} if vec else {}
        self.counts[g] = Counter([lang]) if vec else Counter()

    def within(self, g: int) -> tuple[float, int]:
        """(sum of the lead cosines of the pairs of ``g`` in one language, number of pairs)."""
        total, pairs = 0.0, 0
        for lang, s in self.sums[g].items():
            n = self.counts[g][lang]
            if n >= MIN_SIZE:
                total += (_dot(s, s) - n) / 2
                pairs += n * (n - 1) // 2
        return total, pairs

    def allows(self, a: int, b: int) -> bool:
        cross, pairs = 0.0, 0
        for lang, s in self.sums[a].items():
            na, nb = self.counts[a][lang], self.counts[b][lang]
            if na >= MIN_SIZE and nb >= MIN_SIZE:
                cross += _dot(s, self.sums[b][lang])
                pairs += na * nb
        if not pairs:
            return True
        (wa, pa), (wb, pb) = self.within(a), self.within(b)
        return cross / pairs >= RATIO * min(wa / pa, wb / pb)

    def merge(self, keep: int, drop: int) -> None:
        for lang, s in self.sums[drop].items():
            mine = self.sums[keep].setdefault(lang, {})
            for t, v in s.items():
                mine[t] = mine.get(t, 0.0) + v
        self.counts[keep].update(self.counts[drop])
        self.sums[drop], self.counts[drop] = {}, Counter()


def split_event(
    members: Sequence[int],
    openings: Sequence[LeadVector],
    langs: Sequence[str],
    affinity: Callable[[int, list[int]], float],
) -> tuple[list[int], list[int]] | None:
    """The two parts of an event whose leads show two events, or None.

    The guard above judges a merge when it happens; but a look-alike event's reports can join
    one by one, each too small a group to be judged (three reports of an inauguration joining the
    resignation's group singly). So once the groups stand, the reports of the event's main
    language with a lead are cut in two by average link over their lead cosines (scipy), and
    the veto's own test is asked of the two parts: with ``MIN_SIZE`` reports each and a cross
    mean below ``RATIO`` times the lower within mean, they are two events. The event's other
    members (near-copies, whose lead is their original's; reports in other languages) go with
    the part ``affinity(member, part)`` says they are closer to."""
    lang = Counter(langs[i] for i in members).most_common(1)[0][0]
    led = [i for i in members if langs[i] == lang and openings[i]][:MAX_LEADS]
    if len(led) < 2 * MIN_SIZE:
        return None
    cos = _cosines([openings[i] for i in led])
    far = np.clip(1.0 - cos[np.triu_indices(len(led), 1)], 0.0, None)
    part = fcluster(linkage(far, method="average"), 2, criterion="maxclust")
    one, two = np.flatnonzero(part == 1), np.flatnonzero(part == 2)
    if min(len(one), len(two)) < MIN_SIZE:
        return None
    within = min(_mean_within(cos[np.ix_(one, one)]), _mean_within(cos[np.ix_(two, two)]))
    if within < MIN_WITHIN or cos[np.ix_(one, two)].mean() >= RATIO * within:
        return None
    side_one, side_two = [led[k] for k in one], [led[k] for k in two]
    compared = set(led)
    rest = [i for i in members if i not in compared]
    moved = set(side_two + [i for i in rest if affinity(i, side_two) > affinity(i, side_one)])
    return [i for i in members if i not in moved], [i for i in members if i in moved]


def _cosines(vectors: Sequence[LeadVector]) -> np.ndarray:
    """Dense matrix of the cosines of normalised lead vectors (a sparse product)."""
    columns: dict[str, int] = {}
    rows, cols, data = [], [], []
    for r, vec in enumerate(vectors):
        for term, value in vec.items():
            rows.append(r)
            cols.append(columns.setdefault(term, len(columns)))
            data.append(value)
    x = sparse.csr_matrix((data, (rows, cols)), shape=(len(vectors), len(columns)))
    return np.asarray((x @ x.T).todense())


def _mean_within(block: np.ndarray) -> float:
    n = len(block)
    return float((block.sum() - np.trace(block)) / (n * (n - 1)))


def split_events(
    labels: list[int],
    openings: Sequence[LeadVector],
    langs: Sequence[str],
    affinity: Callable[[int, list[int]], float],
) -> list[int]:
    """``labels`` (an event's label is one of its members) with every event ``split_event``
    cuts in two: the part holding the label keeps it, the other is named by its first member."""
    members: dict[int, list[int]] = {}
    for i, label in enumerate(labels):
        members.setdefault(label, []).append(i)
    out = list(labels)
    for label, group in members.items():
        parts = split_event(group, openings, langs, affinity)
        if parts is None:
            continue
        moved = parts[1] if label in parts[0] else parts[0]
        for i in moved:
            out[i] = moved[0]
    return out


def edge_affinity(pairs: np.ndarray, sims: np.ndarray) -> Callable[[int, list[int]], float]:
    """``split_event``'s affinity over a candidate graph: the mean similarity of a report to a
    part's members (pairs without an edge count 0, as in average link). The graph's lookup is
    built on the first call: most piles cut no event."""
    near: dict[int, dict[int, float]] = {}

    def affinity(i: int, part: list[int]) -> float:
        if not near and len(pairs):
            for (a, b), s in zip(pairs.tolist(), sims.tolist(), strict=True):
                near.setdefault(a, {})[b] = s
                near.setdefault(b, {})[a] = s
        mine = near.get(i, {})
        return sum(mine.get(j, 0.0) for j in part) / len(part)

    return affinity
