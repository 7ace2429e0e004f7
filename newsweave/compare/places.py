"""Where a place narrows a figure (a part of the whole) and where it is only the event's setting."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from newsweave.compare.aligned import Aligned, Key
from newsweave.compare.figures import about, same_figure

_FAMILY = {"GPE": "place", "LOC": "place", "FAC": "place"}


def settings_per_article(items: Sequence[Aligned], keys: dict[int, Key]) -> dict[int, Key]:
    """A place narrows a figure only where its own article sets that place apart (another
    place's figure of the same thing, or a total naming no place) or where the figure is the one
    another report gives that place: "1,865 killed in Nepal" in a report that tells of Nepal alone
    is the toll, while "688 dead in Nepal" beside "718 across four countries" is a part."""
    Figures = list[tuple[frozenset[str], float]]
    by_article: dict[tuple[str, str | None, str | None], Figures] = defaultdict(list)
    for i, (unit, verb, places, part) in keys.items():
        if part is None:
            by_article[(items[i].claim.article, unit, verb)].append((places, items[i].claim.value))
    apart: set[tuple[str, str | None, str | None, frozenset[str]]] = set()  # (article, unit, verb, places)
    told: dict[tuple[str | None, str | None, frozenset[str]], list[float]] = defaultdict(list)
    for (article, unit, verb), figures in by_article.items():
        for p, v in figures:
            if p and any(q != p and not about(v, w) for q, w in figures):
                apart.add((article, unit, verb, p))
                told[(unit, verb, p)].append(v)
    out: dict[int, Key] = {}
    for i, (unit, verb, places, part) in keys.items():
        v = items[i].claim.value
        kept = places
        if part is None and (items[i].claim.article, unit, verb, places) not in apart:
            near = any(w > 0 and 1 / 1.5 <= v / w <= 1.5 for w in told[(unit, verb, places)])
            kept = places if near else frozenset()
        out[i] = (unit, verb, kept, part)
    return out


def contrasted(items: Sequence[Aligned], keys: dict[int, Key]) -> dict[str | None, set[str]]:
    """Places that name a part of what is counted, per counted thing: those an article sets against
    another place of the same family with a figure of the same thing ("688 dead in Nepal ... 20
    killed in India"), or against a figure of the same thing and event naming no place that is more
    than twice as large (a total and its part). A place never set against another is the event's
    setting ("killed in west London", "the crash in the Alps"), and so is the widest place of a
    breakdown that no report shows under a larger total: naming either does not narrow a figure."""
    Figures = list[tuple[frozenset[str], str | None, float]]  # places, event, value
    by_article: dict[tuple[str, str | None], Figures] = defaultdict(list)
    family: dict[str, str] = {}
    for i, (unit, verb, places, part) in keys.items():
        if part is None and (items[i].found.in_clause or not places):  # a breakdown names its places
            by_article[(items[i].claim.article, unit)].append((places, verb, items[i].claim.value))
            family.update({p: _FAMILY.get(t, t) for p, t in items[i].found.place_types.items()})
    out: dict[str | None, set[str]] = defaultdict(set)
    wholes: dict[str | None, set[str]] = defaultdict(set)  # the widest place of a breakdown
    shown: dict[str | None, set[str]] = defaultdict(set)  # places some report shows under a larger total
    for (_, unit), figures in by_article.items():
        # a country against a country (not a nationality), with another figure: "150 killed in
        # the Alps" and "150 killed in France" name one place twice
        for p, e, v in figures:
            for q, f, w in figures:  # of one event, or one naming none ("Labour 203", "won 365")
                if p != q and not about(v, w) and (e == f or e is None or f is None):
                    pairs = [(n, m) for n in p - q for m in q - p if family.get(n, "") == family.get(m, "")]
                    out[unit].update(n for pair in pairs for n in pair)
        for p, verb, v in figures:
            if p and any(not q and w == verb and 2 * v < total for q, w, total in figures):
                out[unit].update(p)
        wholes[unit].update(_widest(figures, family))
        wholes[unit].update(  # "1,500 people died in Nepal" beside "1,500 fatalities": the toll is Nepal's
            n
            for p, e, v in figures
            if any(not q and same_figure(v, w) and (e == f or e is None or f is None) for q, f, w in figures)
            for n in p
        )
        shown[unit].update(  # "12,391 in Turkey ... the confirmed total to 15,383"
            n
            for p, e, v in figures
            if any(not q and w > v and not about(v, w) and f == e for q, f, w in figures)
            for n in p
        )
    return {unit: places - (wholes[unit] - shown[unit]) for unit, places in out.items()}


def _widest(figures: Sequence[tuple[frozenset[str], str | None, float]], family: dict[str, str]) -> set[str]:
    """The place a report gives the largest figure of a kind to, over twice any other place's and
    under no total naming no place, is the whole its other places are parts of ("247 dead in
    Italy ... 35 in Amatrice"); not with a larger total ("718 across four countries ... 688 in
    Nepal") nor for a body (the winning party is not the whole election)."""
    placed = [(p, e, v) for p, e, v in figures if p and all(family.get(n) == "place" for n in p)]
    if len(placed) < 2:
        return set()
    p, e, v = max(placed, key=lambda f: f[2])
    others = [w for q, f, w in placed if q != p and not q <= p and (f == e or f is None or e is None)]
    totals = [w for q, f, w in figures if (not q or q > p) and (f == e or f is None or e is None)]
    return set(p) if others and 2 * max(others) < v and all(w <= v for w in totals) else set()
