"""Figures about the same quantity, aligned across independent stories and compared.

Alignment is lexical (the subject concepts read by ``facts.claims``): the same counted thing, the
same event verb, the same places, where a place counts only when some report sets it against
another with a different figure (else it is the event's setting); a figure naming no place joins
the widest placed group of its kind (an unqualified total is the total); part-of-a-whole figures
only meet their own copies; an age goes with its holder. A distinctive figure (not small, not
round) of one counted thing and event is one quantity whatever the words around it: it takes the
key most English reports give it, never one naming a place it does not. A translation's figure
that meets no English reading of its value takes the one nearest in meaning (``compare.translated``).
A figure of one story that is context rather than a quantity (``Found.incidental``: a spelled "one"
in no event, a duration that names nothing that lasted) gets no comparison row; its claim stays.
Copies of one story never corroborate each other: statuses count stories, and a later version of a
story that changed a figure ``supersedes`` the earlier claim.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from newsweave.compare.translated import Embed, align_translations
from newsweave.records import Claim, Comparison, Status

if TYPE_CHECKING:  # facts imports compare; the claim reader is only a type here
    from newsweave.facts.claims import Found

Key = tuple[str | None, str | None, frozenset[str], str | None]


@dataclass(slots=True)
class Aligned:
    """One claim with what comparison needs to know about its article."""

    claim: Claim
    found: Found
    story: str
    published: str | None
    is_copy: bool
    english: bool


def _key(item: Aligned) -> Key:
    f = item.found
    return f.unit_concept, f.verb_concept, f.places, f.part


def _inherit_keys(items: Sequence[Aligned], embed: Embed | None = None) -> dict[int, Key]:
    """A translation's figure takes the subject of the same figure in an English version of its
    story; a figure whose counted thing went unread, or a distinctive figure told with other words,
    takes the key the event's reports give that very figure; a translation's figure that still
    meets no English reading of its value takes the nearest in meaning (``compare.translated``)."""
    keys = {i: _key(it) for i, it in enumerate(items)}
    by_story: dict[str, dict[tuple[float | None, float | None], int]] = defaultdict(dict)
    for i, it in enumerate(items):
        if it.english and it.found.unit_concept is not None:
            seen = by_story[it.story].get((it.claim.low, it.claim.high))
            if seen is None or len(it.found.places) > len(items[seen].found.places):
                by_story[it.story][(it.claim.low, it.claim.high)] = i
    by_value: dict[float, list[Key]] = defaultdict(list)  # a qualifier aside: "at least 15,383" is 15,383
    for i, it in enumerate(items):
        if it.english and it.found.unit_concept is not None and _distinctive(it.claim.value):
            by_value[it.claim.value].append(keys[i])
    told: dict[tuple[float | None, float | None], set[Key]] = defaultdict(set)
    for i, it in enumerate(items):
        if it.found.unit_concept is not None:
            told[(it.claim.low, it.claim.high)].add(keys[i])
    for i, it in enumerate(items):
        if it.found.unit_concept is None and not _distinctive(it.claim.value):
            # a round or small figure counting nothing read ("130 000 en remplacement"): what
            # the event's one reading of that very figure counts, if there is only one
            readings = told.get((it.claim.low, it.claim.high), set())
            if len(readings) == 1:
                keys[i] = next(iter(readings))
        elif it.english and it.found.unit_concept is None and _distinctive(it.claim.value):
            # "the figure is 93" in English too: what the English reports of that figure count
            keys[i] = _counted(by_value.get(it.claim.value, []), keys[i])
        elif it.english and _distinctive(it.claim.value):
            # "1,487 people died" and "1,487 killed in Ostria": one distinctive figure of one
            # counted thing and event is one quantity; it takes the key most reports give it,
            # never one naming a place it does not (a coincidence must not make it a part); the
            # readings that count another thing ("1,487 departures", a spun copy) do not stop it
            told_as = by_value.get(it.claim.value, [])
            same = [k for k in told_as if k[0] == keys[i][0] and k[2] <= keys[i][2]]
            same = [k for k in same if _same_event(k, keys[i])]
            if same and keys[i][3] is None:
                keys[i] = _counted(same, keys[i])
        elif not it.english:
            ref = by_story[it.story].get((it.claim.low, it.claim.high))
            if ref is not None:
                keys[i] = keys[ref]
            elif not it.found.known_unit and _distinctive(it.claim.value):
                # a noun the concept table does not know ("Insassen", or none: "la cifra è 159"):
                # an English report of the event with the same distinctive figure says what it counts
                keys[i] = _counted(by_value.get(it.claim.value, []), keys[i])
            elif _distinctive(it.claim.value):
                # the same counted thing with the same distinctive figure ("203 députés", "Labour's
                # 203 seats"): the places a translation names in its own words are not read
                same = [k for k in by_value.get(it.claim.value, []) if _same_event(k, keys[i])]
                if same and keys[i] not in same and {k[0] for k in same} == {keys[i][0]}:
                    keys[i] = _counted(same, keys[i])
    return align_translations(items, keys, _same_event, embed)


def _same_event(a: Key, b: Key) -> bool:
    """The same event or one left unsaid: "killed" and "injured" are two quantities, whatever the figure."""
    return a[1] == b[1] or a[1] is None or b[1] is None


def _counted(same: list[Key], default: Key) -> Key:
    """The key most English reports give a distinctive figure, when they all count one thing
    ("age of Mugabe" and "age in years" for 93); else ``default``."""
    if not same or len({k[0] for k in same}) > 1:
        return default
    return max(dict.fromkeys(same), key=same.count)  # the first told, of keys told as often


def _distinctive(value: float) -> bool:
    """A figure too particular to be met by chance in another report of the event: not a small
    count ("two", "12") and not a round one ("100", "5,000"), which many different things share."""
    return value >= 20 and _trailing_zeros(value) < 2


def align(
    items: Sequence[Aligned], neutral: frozenset[str] = frozenset(), embed: Embed | None = None
) -> list[list[int]]:
    """Groups of item indices, each about one quantity. Names in ``neutral`` (what the whole event
    is about: the company of a scandal, the tower that burned) do not narrow a figure. ``embed``
    aligns translations by meaning (default: the ``compare.translated.EMBEDDER`` backend)."""
    keys = _inherit_keys(items, embed)
    if neutral:
        keys = {i: (u, v, p - neutral, part) for i, (u, v, p, part) in keys.items()}
    year = _event_year(items)
    for i, (u, v, p, part) in keys.items():  # "the 8,500 killed in a massive 1934 quake": another event
        if part is None and year is not None and items[i].found.year not in (None, year):
            keys[i] = (u, v, p, f"in {items[i].found.year}")
    parts = _contrasted(items, keys)
    keys = {i: (u, v, p & parts.get(u, set()), part) for i, (u, v, p, part) in keys.items()}
    keys = _settings_per_article(items, keys)
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
        pool = [k for k in cands if _same_size(items[i], [items[j] for j in groups[k]])]
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
        home = next((g for g in out[1:] if _same_size(items[i], [items[j] for j in g])), None)
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
                if a.found.series or b.found.series or _about(a.claim.value, b.claim.value):
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
    apart = [i for i in group if _about(items[i].claim.value, far)]
    rest = [i for i in group if i not in apart]
    return _split_contrasts(rest, items) + _split_contrasts(apart, items)


_FAMILY = {"GPE": "place", "LOC": "place", "FAC": "place"}


def _settings_per_article(items: Sequence[Aligned], keys: dict[int, Key]) -> dict[int, Key]:
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
            if p and any(q != p and not _about(v, w) for q, w in figures):
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


def _contrasted(items: Sequence[Aligned], keys: dict[int, Key]) -> dict[str | None, set[str]]:
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
                if p != q and not _about(v, w) and (e == f or e is None or f is None):
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
            if any(not q and w > v and not _about(v, w) and f == e for q, f, w in figures)
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


def _about(a: float, b: float) -> bool:
    """The same figure give or take an update ("148" and "150" killed): within 5%."""
    return same_figure(a, b) or abs(a - b) <= 0.05 * max(abs(a), abs(b))


def _same_size(item: Aligned, group: Sequence[Aligned]) -> bool:
    """Within half as much again of the group's middle figure; an age, the same age (to a year)."""
    values = sorted(it.claim.value for it in group)
    middle = values[len(values) // 2] if values else 0
    if item.found.unit_concept == "age":
        return any(abs(item.claim.value - v) <= 1 for v in values)
    if item.found.unit_concept == "%" and abs(item.claim.value - middle) > 10:
        return False  # shares of a whole: 52% and 72% are not one figure told twice
    return middle > 0 and item.claim.value > 0 and 1 / 1.5 <= item.claim.value / middle <= 1.5


def _interval(c: Claim) -> tuple[float, float]:
    low = c.low if c.low is not None else -math.inf
    high = c.high if c.high is not None else math.inf
    return low, high


def _trailing_zeros(v: float) -> int:
    """Zeros ending a whole figure; a scaled decimal's float error aside ("16.1 million" is
    16100000.000000002 as a float, a figure of five zeros)."""
    if v and math.isclose(v, round(v), rel_tol=1e-12):
        v = round(v)
    n, zeros = int(abs(v)), 0
    while n and n % 10 == 0 and float(v).is_integer():
        n //= 10
        zeros += 1
    return zeros


def same_figure(a: float, b: float) -> bool:
    """Equal within rounding: 12,391 and "12,000" agree, 2.5 million and 2,500,000 agree, 41 and 40 do not."""
    if math.isclose(a, b, rel_tol=1e-6):
        return True
    r, other = (a, b) if _trailing_zeros(a) >= _trailing_zeros(b) else (b, a)
    z = _trailing_zeros(r)  # a round hundred, thousand... stands for the figures that round to it
    return z >= 2 and math.isclose(round(other, -z), r, rel_tol=1e-12)


def _coincide(a: Claim, b: Claim) -> bool:
    if (a.low is None) != (b.low is None) or (a.high is None) != (b.high is None):
        return False
    return all(x is None or y is None or same_figure(x, y) for x, y in ((a.low, b.low), (a.high, b.high)))


def _compatible(a: Claim, b: Claim) -> bool:
    (al, ah), (bl, bh) = _interval(a), _interval(b)
    return (al <= bh or same_figure(al, bh)) and (bl <= ah or same_figure(bl, ah))


def _same_reading(a: Claim, b: Claim) -> bool:
    """The same figure told with or without a bound it meets: "150" and "at least 150" (the
    exact value satisfies the bound), "nearly 150" and "150 people"; not "more than 100" and
    "over 320", two bounds that can both hold but give different figures, nor a range."""
    if _coincide(a, b):
        return True
    ranged = any(c.low is not None and c.high is not None and c.low != c.high for c in (a, b))
    return not ranged and same_figure(a.value, b.value) and _compatible(a, b)


def _when(item: Aligned) -> str | None:
    return item.claim.as_of or item.published


def status(items: Sequence[Aligned]) -> Status:
    """agree / differ / conflict / single over the group's current claims, counted by story."""
    superseded = {it.claim.supersedes for it in items}
    current = [it for it in items if it.claim.id not in superseded]
    if len({it.story for it in current}) < 2:
        return "single"
    distinct = list({(it.story, it.claim.low, it.claim.high, _when(it)): it for it in current}.values())
    pairs = [(a, b) for n, a in enumerate(distinct) for b in distinct[n + 1 :] if a.story != b.story]
    if all(_same_reading(a.claim, b.claim) for a, b in pairs):
        return "agree"
    for a, b in pairs:  # figures that cannot both be true on the same known day
        if not _compatible(a.claim, b.claim) and _when(a) is not None and _when(a) == _when(b):
            return "conflict"
    return "differ"


def _later_version(later: Aligned, earlier: Aligned) -> bool:
    """Dated later; or, undated alike, an English copy of its story's original (a translation
    repeats a version, it does not update it)."""
    if later.published and earlier.published and later.published != earlier.published:
        return later.published > earlier.published
    return later.is_copy and not earlier.is_copy and later.english and earlier.english


def link_supersedes(items: Sequence[Aligned]) -> None:
    """Within one story, a later version's changed figure supersedes the earlier version's."""
    by_story: dict[str, list[Aligned]] = defaultdict(list)
    for it in items:
        by_story[it.story].append(it)
    for versions in by_story.values():
        for later in versions:
            earlier = [e for e in versions if e.claim.article != later.claim.article]
            earlier = [e for e in earlier if _later_version(later, e)]
            earlier.sort(key=lambda e: e.published or "")
            if earlier and not any(_coincide(e.claim, later.claim) for e in earlier):
                later.claim.supersedes = earlier[-1].claim.id


def compare(
    items: Sequence[Aligned], neutral: frozenset[str] = frozenset(), embed: Embed | None = None
) -> list[Comparison]:
    """Comparisons of every aligned group, the most widely reported first."""
    out: list[tuple[int, Comparison]] = []
    for group in align(items, neutral, embed):
        members = [items[i] for i in group]
        link_supersedes(members)
        if len({it.story for it in members}) < 2 and all(it.found.incidental for it in members):
            continue  # "one defector aged 23", "died within 15 minutes": context, not a figure to compare
        lead = min(members, key=lambda it: (not it.english, it.is_copy, it.claim.article, it.claim.start))
        comp = Comparison(lead.found.subject, status(members), [it.claim.id for it in members])
        out.append((len({it.story for it in members}), comp))
    out.sort(key=lambda p: -p[0])
    return [c for _, c in out]
