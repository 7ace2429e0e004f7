"""Once the groups stand: events cut by their names, and the parts of cut events rejoined.

A look-alike's reports that join an event one by one escape the signature veto, which judges
groups of two or more (realworld_dev: two reports of an election five years later joined the
earlier one singly). So each event's reports of its main language are cut in two by average
link over their rare names, and the cut stands when the two parts sign different events
(``signature.apart``) and their leads say so too (the lead test, ``leads``): two facts, so the
parts need only the signature's two reports each. (On the DUC 2003 / MultiLing mix, whose topics
run for weeks, the names alone cut two topics whose leads are alike.)

After the cuts (these and the lead split):
A look-alike's reports can pull in reports of the event beside it before the split cuts them
apart (realworld_dev2 half A: three wire versions of a resignation joined the inauguration three
days later; the split gives them back as a group of their own). So once the split has cut, each
of the two parts is offered to the events its reports are linked to, its sibling excepted: it
joins the best one when the mean similarity of its reports to that event's (average link's own
measure) reaches the event threshold and the vetoes of average link allow it: the time rule, the
signature and the lead test, judged on the two whole groups.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np
from scipy.cluster.hierarchy import fcluster, linkage

from newsweave.events.features import LeadVector
from newsweave.events.guards import EMPTY, doc_span, fits, joined
from newsweave.events.leads import MIN_SIZE, RATIO, _cosines, _mean_within
from newsweave.events.signature import MIN_OWN, MIN_REPORTS, SHARE, apart

if TYPE_CHECKING:
    from newsweave.events.model import Doc


MAX_NAMED = 400  # reports an event's cut by names compares, its first (quadratic in them)


def _signed(counts: Counter[int], size: int) -> list[int]:
    need = max(MIN_REPORTS, SHARE * size)
    return [k for k, c in counts.items() if c >= need]


def allowed(
    a: list[int], b: list[int], docs: Sequence[Doc], openings: Sequence[LeadVector], window: int
) -> bool:
    """Would average link's vetoes let groups ``a`` and ``b`` merge? (``guards.TimeSpan``,
    ``signature.SignatureGuard``, ``leads.LeadGuard``, on the members' own records.)"""
    span = EMPTY
    for i in a + b:
        span = joined(span, doc_span(docs[i]))
    if not fits(span, window):
        return False
    lang_a = Counter(docs[i].lang for i in a).most_common(1)[0][0]
    lang_b = Counter(docs[i].lang for i in b).most_common(1)[0][0]
    if lang_a == lang_b and min(len(a), len(b)) >= MIN_REPORTS:
        ca, cb = Counter(k for i in a for k in docs[i].rare), Counter(k for i in b for k in docs[i].rare)
        if apart(ca, _signed(ca, len(a)), cb, _signed(cb, len(b))):
            return False
    return not leads_apart(a, b, docs, openings, lang_a, MIN_SIZE)


def leads_apart(
    a: list[int], b: list[int], docs: Sequence[Doc], openings: Sequence[LeadVector], lang: str, size: int
) -> bool:
    """The lead test on two groups' leads in ``lang`` (``size`` leads each at least): the cross
    mean under ``RATIO`` times the lower within mean."""
    led_a = [i for i in a if docs[i].lang == lang and openings[i]]
    led_b = [i for i in b if docs[i].lang == lang and openings[i]]
    if min(len(led_a), len(led_b)) < size:
        return False
    cos = _cosines([openings[i] for i in led_a + led_b])
    n = len(led_a)
    within = min(_mean_within(cos[:n, :n]), _mean_within(cos[n:, n:]))
    return bool(cos[:n, n:].mean() < RATIO * within)


def _may_part(led: list[int], docs: Sequence[Doc]) -> bool:
    """Could any cut of ``led`` into parts of ``MIN_REPORTS`` sign two events? ``apart`` needs
    ``MIN_OWN`` names each given by two reports or more of one part and by none of the other, so
    by at least ``MIN_REPORTS`` reports and at most all but ``MIN_REPORTS`` (a quick count first:
    most events are not cut)."""
    counts = Counter(k for i in led for k in docs[i].rare)
    top = len(led) - MIN_REPORTS
    return sum(MIN_REPORTS <= c <= top for c in counts.values()) >= MIN_OWN


def _name_halves(led: list[int], docs: Sequence[Doc]) -> tuple[list[int], list[int]]:
    """``led`` cut in two by average link over the cosines of their rare-name sets (scipy)."""
    column: dict[int, int] = {}
    x = np.zeros((len(led), sum(len(docs[i].rare) for i in led)))
    for r, i in enumerate(led):
        for k in docs[i].rare:
            x[r, column.setdefault(k, len(column))] = 1.0
    x = x[:, : len(column)]
    x /= np.linalg.norm(x, axis=1, keepdims=True)
    far = np.clip(1.0 - (x @ x.T)[np.triu_indices(len(led), 1)], 0.0, None)
    part = fcluster(linkage(far, method="average"), 2, criterion="maxclust")
    return [led[k] for k in np.flatnonzero(part == 1)], [led[k] for k in np.flatnonzero(part == 2)]


def split_by_names(labels: list[int], docs: Sequence[Doc], openings: Sequence[LeadVector]) -> list[int]:
    """``labels`` with every event cut in two whose main-language reports fall into two parts
    of ``MIN_REPORTS`` or more that sign different events and whose leads are apart; the part
    holding the label keeps it, the other is named by its first member. The event's other
    reports (no rare name, another language), which the names cannot judge, go with the part
    holding more of the named reports (the look-alike that joined one by one is the fewer).
    They once stayed with the label, the event's first member in input order, so one pile was
    cut otherwise in another order (realworld_dev: 0.945 in the file's order, 0.900 in two of
    five time orders: a 2019 election's unnamed reports went with the 2024 election's two).
    Following ``affinity`` as ``leads.split_event`` does gave 0.926 in every order (one 2019
    report a little closer to the two 2024 ones: 0.347 against 0.318)."""
    members: dict[int, list[int]] = {}
    for i, label in enumerate(labels):
        members.setdefault(label, []).append(i)
    out = list(labels)
    for label, group in members.items():
        lang = Counter(docs[i].lang for i in group).most_common(1)[0][0]
        led = [i for i in group if docs[i].lang == lang and docs[i].rare][:MAX_NAMED]
        if len(led) < 2 * MIN_REPORTS or not _may_part(led, docs):
            continue
        one, two = _name_halves(led, docs)
        if min(len(one), len(two)) < MIN_REPORTS:
            continue
        ca, cb = Counter(k for i in one for k in docs[i].rare), Counter(k for i in two for k in docs[i].rare)
        if not apart(ca, _signed(ca, len(one)), cb, _signed(cb, len(two))):
            continue
        if not leads_apart(one, two, docs, openings, lang, MIN_REPORTS):
            continue
        if len(one) == len(two):  # as many named reports a side: the part holding the last id
            fewer = one if max(docs[i].id for i in one) > max(docs[i].id for i in two) else two
        else:
            fewer = one if len(one) < len(two) else two
        moved = [i for i in group if (i in fewer) != (label in fewer)]  # the label's part stays
        for i in moved:
            out[i] = moved[0]
    return out


def rejoin_parts(
    before: Sequence[int],
    after: list[int],
    docs: Sequence[Doc],
    openings: Sequence[LeadVector],
    affinity: Callable[[int, list[int]], float],
    near: Callable[[list[int]], set[int]],
    threshold: float,
    window: int,
) -> list[int]:
    """``after`` (labels once ``leads.split_events`` has cut; ``before``: the labels it cut)
    with each part of a cut event moved to the event ``affinity`` says it is closest to, if that
    reaches ``threshold`` and ``allowed`` holds (``near(part)``: the reports linked to a part's)."""
    cut: dict[int, int] = {}  # the label of each part of a cut event -> its sibling's
    for old, new in zip(before, after, strict=True):
        if old != new:
            cut[new], cut[old] = old, new
    if not cut:
        return after
    out = list(after)
    members: dict[int, list[int]] = {}
    for i, label in enumerate(out):
        members.setdefault(label, []).append(i)
    for part in sorted(cut):
        mine = members.get(part, [])
        if not mine:
            continue
        targets = {out[j] for j in near(mine)} - {part, cut[part]}
        scored = []
        for t in sorted(targets):
            score = sum(affinity(i, members[t]) for i in mine) / len(mine)
            if score >= threshold:
                scored.append((score, t))
        for _, t in sorted(scored, reverse=True):
            if allowed(mine, members[t], docs, openings, window):
                for i in mine:
                    out[i] = t
                members[t] = members[t] + mine
                members[part] = []
                break
    return out


def edge_neighbours(pairs: np.ndarray) -> Callable[[list[int]], set[int]]:
    """``rejoin_parts``'s ``near`` over a candidate graph: the reports joined to a part's by an
    edge."""

    def near(part: list[int]) -> set[int]:
        touch = np.isin(pairs, part).any(axis=1)
        return set(pairs[touch].ravel().tolist())

    return near
