"""Groups of figures about one quantity: keys narrowed by year and contrasted places, unplaced
figures joined to their total, then split where a sentence contrasts two values or a figure is an
order of magnitude below the rest."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence

from newsweave.compare.aligned import Aligned, Key
from newsweave.compare.figures import about, same_size
from newsweave.compare.keys import inherit_keys
from newsweave.compare.places import contrasted, settings_per_article
from newsweave.compare.translated import Embed


def align(
    items: Sequence[Aligned], neutral: frozenset[str] = frozenset(), embed: Embed | None = None
) -> list[list[int]]:
    """Groups of item indices, each about one quantity. Names in ``neutral`` (what the whole event
    is about: the company of a scandal, the tower that burned) do not narrow a figure. ``embed``
    aligns translations by meaning (default: the ``compare.translated.EMBEDDER`` backend)."""
    keys = inherit_keys(items, embed)
    if neutral:
        keys = {i: (u, v, p - neutral, part) for i, (u, v, p, part) in keys.items()}
    year = _event_year(items)
    for i, (u, v, p, part) in keys.items():  # "the 8,500 killed in a massive 1934 quake": another event
        if part is None and year is not None and items[i].found.year not in (None, year):
            keys[i] = (u, v, p, f"in {items[i].found.year}")
    parts = contrasted(items, keys)
    keys = {i: (u, v, p & parts.get(u, set()), part) for i, (u, v, p, part) in keys.items()}
    keys = settings_per_article(items, keys)
    groups: dict[Key, list[int]] = defaultdict(list)
    pending: list[int] = []
    for i, (unit, verb, places, part) in keys.items():
        if unit is None:
            continue
        if part is not None or (verb is not None and places):
            groups[(unit, verb, places, part)].append(i)
        else:
            pending.append(i)
    # Unplaced figures with a verb join the one placed group of their kind (an event in one
    # place), or a placed group naming several places that covers all the others' (the total:
    # "Turkey and Syria" over "Turkey"); else their own group (one country's toll is no total).
    placed_of: dict[tuple[str | None, str | None], list[Key]] = defaultdict(list)
    for k in groups:
        if k[2] and k[3] is None:
            placed_of[(k[0], k[1])].append(k)
    target_of: dict[tuple[str | None, str | None], Key] = {}
    for i in [i for i in pending if keys[i][1] is not None]:
        unit, verb, _, _ = keys[i]
        if (unit, verb) not in target_of:
            placed = placed_of[(unit, verb)]
            widest = max(placed, key=lambda k: (len(k[2]), len(groups[k]))) if placed else None
            covers = widest is not None and (len(placed) == 1 or len(widest[2]) > 1) and all(
                k[2] <= widest[2] for k in placed
            )
            target_of[(unit, verb)] = widest if widest and covers else (unit, verb, frozenset(), None)
        groups[target_of[(unit, verb)]].append(i)
    # Figures without a verb join the largest group of their kind with the same places whose
    # figures are of their size ("35 cases" and "35 cases reported"; not "200,000 troops" with
    # "over 320 soldiers fled"), else a group of their own.
    same_of: dict[tuple[str | None, frozenset[str]], list[Key]] = defaultdict(list)
    for k in groups:
        if k[3] is None:
            same_of[(k[0], k[2])].append(k)
    unverbed = [i for i in pending if keys[i][1] is None]
    unverbed.sort(key=lambda i: keys[i][0] == "age" and not keys[i][2])  # whose age, before "the 93-year-old"
    for i in unverbed:
        unit, _, places, _ = keys[i]
        cands = same_of[(unit, places)]
        if unit == "age" and not places:  # "the 93-year-old": the age of whoever is 93 here
            cands = [k for k in groups if k[0] == "age"]
        pool = [k for k in cands if same_size(items[i], [items[j] for j in groups[k]])]
        target = max(pool, key=lambda k: len(groups[k])) if pool else (unit, None, places, f"~{i}")
        if not pool:
            cands.append(target)
        groups[target].append(i)
    whole = [part for g in groups.values() if g for part in _split_contrasts(g, items)]
    return [sorted(part) for g in whole for part in _split_orders(g, items)]


def _split_orders(group: list[int], items: Sequence[Aligned]) -> list[list[int]]:
    """Figures an order of magnitude below the group's middle figure (under a tenth of it) are not
    that count told again but a part whose place went unread ("18 died there", "61 died in
    India" among tolls of 1,500 to 4,349); they leave, each with those of its size."""
    if items[group[0]].found.unit_concept in ("%", "age"):
        return [group]
    values = sorted(items[i].claim.value for i in group)
    middle = values[len(values) // 2]
    small = [i for i in group if 0 < items[i].claim.value < middle / 10]
    out = [[i for i in group if i not in small]]
    for i in sorted(small, key=lambda i: -items[i].claim.value):
        home = next((g for g in out[1:] if same_size(items[i], [items[j] for j in g])), None)
        if home is None:
            out.append([i])
        else:
            home.append(i)
    return out


def _event_year(items: Sequence[Aligned]) -> str | None:
    """The year most of the event's articles are dated to (publication or the claim's date), if any."""
    years = [when[:4] for it in items if (when := it.published or it.claim.as_of)]
    return max(set(years), key=years.count) if years else None


def _contrasted_pair(group: Sequence[int], items: Sequence[Aligned]) -> tuple[float, float] | None:
    """Two figures one sentence sets side by side ("52 percent to 48 percent", "17,410,742 ...
    compared with 16,141,241") are two quantities: a sentence does not state one quantity twice
    with two values, unless it tells a change ("rose to 247 from 159"). Their values, if any."""
    seen: dict[tuple[str, int], list[Aligned]] = defaultdict(list)
    for i in group:
        seen[(items[i].claim.article, items[i].claim.start)].append(items[i])
    for same in seen.values():
        for n, a in enumerate(same):
            for b in same[n + 1 :]:
                if a.found.series or b.found.series or about(a.claim.value, b.claim.value):
                    continue
                if a.found.figure.start != b.found.figure.start:
                    return tuple(sorted((a.claim.value, b.claim.value)))  # type: ignore[return-value]
    return None


def _split_contrasts(group: list[int], items: Sequence[Aligned]) -> list[list[int]]:
    """A group holding a contrasted pair loses the figures of the side further from its middle
    figure (as a ratio), with every figure about that one (within 5%), again until no part holds a
    pair: "52 percent to 48 percent" among shares near 52 sends the 48s apart; a breakdown's "57"
    leaves the toll's early "73" with the toll."""
    pair = _contrasted_pair(group, items)
    if pair is None:
        return [group]
    values = sorted(items[i].claim.value for i in group)
    middle = values[len(values) // 2]

    def distance(v: float) -> float:
        return abs(math.log(v / middle)) if v > 0 and middle > 0 else math.inf

    far = max(pair, key=distance)
    apart = [i for i in group if about(items[i].claim.value, far)]
    rest = [i for i in group if i not in apart]
    return _split_contrasts(rest, items) + _split_contrasts(apart, items)
