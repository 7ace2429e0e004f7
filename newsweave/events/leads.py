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
from collections.abc import Sequence

from newsweave.events.features import LeadVector

RATIO = 0.5  # a cross mean below half the lower of the two within means: two events
MIN_SIZE = 3  # reports of one language each side needs (a pair's one cosine says too little:
# on realworld_dev2 two groups of two of one event stood as far apart as two look-alikes)


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
