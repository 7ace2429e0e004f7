"""The key each figure is aligned by, inherited across reports: a translation's figure takes its
English version's, a distinctive figure the key most English reports give it (``compare.translated``
last, by meaning)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from newsweave.compare.aligned import Aligned, Key, key_of
from newsweave.compare.figures import distinctive
from newsweave.compare.translated import Embed, align_translations


def inherit_keys(items: Sequence[Aligned], embed: Embed | None = None) -> dict[int, Key]:
    """A translation's figure takes the subject of the same figure in an English version of its
    story; a figure whose counted thing went unread, or a distinctive figure told with other words,
    takes the key the event's reports give that very figure; a translation's figure that still
    meets no English reading of its value takes the nearest in meaning (``compare.translated``)."""
    keys = {i: key_of(it) for i, it in enumerate(items)}
    by_story: dict[str, dict[tuple[float | None, float | None], int]] = defaultdict(dict)
    for i, it in enumerate(items):
        if it.english and it.found.unit_concept is not None:
            seen = by_story[it.story].get((it.claim.low, it.claim.high))
            if seen is None or len(it.found.places) > len(items[seen].found.places):
                by_story[it.story][(it.claim.low, it.claim.high)] = i
    by_value: dict[float, list[Key]] = defaultdict(list)  # a qualifier aside: "at least 15,383" is 15,383
    for i, it in enumerate(items):
        if it.english and it.found.unit_concept is not None and distinctive(it.claim.value):
            by_value[it.claim.value].append(keys[i])
    told: dict[tuple[float | None, float | None], set[Key]] = defaultdict(set)
    for i, it in enumerate(items):
        if it.found.unit_concept is not None:
            told[(it.claim.low, it.claim.high)].add(keys[i])
    for i, it in enumerate(items):
        if it.found.unit_concept is None and not distinctive(it.claim.value):
            # a round or small figure counting nothing read ("130 000 en remplacement"): what
            # the event's one reading of that very figure counts, if there is only one
            readings = told.get((it.claim.low, it.claim.high), set())
            if len(readings) == 1:
                keys[i] = next(iter(readings))
        elif it.english and it.found.unit_concept is None and distinctive(it.claim.value):
            # "the figure is 93" in English too: what the English reports of that figure count
            keys[i] = _counted(by_value.get(it.claim.value, []), keys[i])
        elif it.english and distinctive(it.claim.value):
            # "1,487 people died" and "1,487 killed in Ostria": one distinctive figure of one
            # counted thing and event is one quantity; it takes the key most reports give it,
            # never one naming a place it does not (a coincidence must not make it a part); the
            # readings that count another thing ("1,487 departures", a spun copy) do not stop it
            told_as = by_value.get(it.claim.value, [])
            same = [k for k in told_as if k[0] == keys[i][0] and k[2] <= keys[i][2]]
            same = [k for k in same if same_event(k, keys[i])]
            if same and keys[i][3] is None:
                keys[i] = _counted(same, keys[i])
        elif not it.english:
            ref = by_story[it.story].get((it.claim.low, it.claim.high))
            if ref is not None:
                keys[i] = keys[ref]
            elif not it.found.known_unit and distinctive(it.claim.value):
                # a noun the concept table does not know ("Insassen", or none: "la cifra è 159"):
                # an English report of the event with the same distinctive figure says what it counts
                keys[i] = _counted(by_value.get(it.claim.value, []), keys[i])
            elif distinctive(it.claim.value):
                # the same counted thing with the same distinctive figure ("203 députés", "Labour's
                # 203 seats"): the places a translation names in its own words are not read
                same = [k for k in by_value.get(it.claim.value, []) if same_event(k, keys[i])]
                if same and keys[i] not in same and {k[0] for k in same} == {keys[i][0]}:
                    keys[i] = _counted(same, keys[i])
    return align_translations(items, keys, same_event, embed)


def same_event(a: Key, b: Key) -> bool:
    """The same event or one left unsaid: "killed" and "injured" are two quantities, whatever the figure."""
    return a[1] == b[1] or a[1] is None or b[1] is None


def _counted(same: list[Key], default: Key) -> Key:
    """The key most English reports give a distinctive figure, when they all count one thing
    ("age of Mugabe" and "age in years" for 93); else ``default``."""
    if not same or len({k[0] for k in same}) > 1:
        return default
    return max(dict.fromkeys(same), key=same.count)  # the first told, of keys told as often
