"""The parts of a cut event may join another event (``events.rejoin``): where average link's
measure says so and its vetoes allow it; never back into their sibling. Invented records only."""

from __future__ import annotations

import numpy as np
import pytest

from newsweave.events.model import EVENT_THRESHOLD, WINDOW_DAYS, Doc
from newsweave.events.rejoin import allowed, edge_neighbours, rejoin_parts, split_by_names

EMPTY = np.zeros(0, dtype=np.int64)


def _doc(i: int, day: int | None = None, lang: str = "en", rare: frozenset[int] = frozenset()) -> Doc:
    return Doc(
        id=f"a{i}", index=i, day=day, year=None, lang=lang, wire=False, length=100, keys=EMPTY,
        weights=np.zeros(0), numbers=frozenset(), copy_sh=EMPTY, spin_sh=EMPTY, rare=rare,
    )  # fmt: skip


# six reports: event 0 = {0, 1, 2} was cut into {0, 1} (label 0) and {2} (label 2); event 3 = {3, 4, 5}
BEFORE = [0, 0, 0, 3, 3, 3]
AFTER = [0, 0, 2, 3, 3, 3]
PAIRS = np.array([[0, 1], [0, 2], [2, 3], [2, 4], [2, 5], [3, 4]])


def _affinity(sims: dict[tuple[int, int], float]):  # type: ignore[no-untyped-def]
    def affinity(i: int, part: list[int]) -> float:
        return sum(sims.get((min(i, j), max(i, j)), 0.0) for j in part) / len(part)

    return affinity


def _rejoin(docs: list[Doc], sims: dict[tuple[int, int], float]) -> list[int]:
    near = edge_neighbours(PAIRS)
    return rejoin_parts(
        BEFORE, list(AFTER), docs, [{}] * 6, _affinity(sims), near, EVENT_THRESHOLD, WINDOW_DAYS
    )


CLOSE = {(0, 1): 0.5, (0, 2): 0.3, (2, 3): 0.4, (2, 4): 0.3, (2, 5): 0.2, (3, 4): 0.5}


def test_a_cut_part_joins_the_event_it_is_close_to() -> None:
    assert _rejoin([_doc(i) for i in range(6)], CLOSE) == [0, 0, 3, 3, 3, 3]


@pytest.mark.parametrize(
    ("days", "sims"),
    [
        ([1, 1, 1, 30, 30, 30], CLOSE),  # the time rule: dated weeks apart
        ([None] * 6, {**CLOSE, (2, 3): 0.05, (2, 4): 0.05, (2, 5): 0.05}),  # under the threshold
    ],
)
def test_a_cut_part_stays_where_average_link_would_not_merge(days: list[int | None], sims: dict) -> None:  # type: ignore[type-arg]
    assert _rejoin([_doc(i, day) for i, day in enumerate(days)], sims) == AFTER


def test_a_part_never_goes_back_to_its_sibling_and_no_cut_changes_nothing() -> None:
    docs = [_doc(i) for i in range(6)]
    only_sibling = {(0, 2): 0.9}
    assert _rejoin(docs, only_sibling) == AFTER
    near = edge_neighbours(PAIRS)
    assert rejoin_parts(BEFORE, list(BEFORE), docs, [{}] * 6, _affinity(CLOSE), near, 0.1, 7) == BEFORE


def test_the_signature_veto_judges_the_whole_groups() -> None:
    own_a, own_b = frozenset({1, 2}), frozenset({7, 8})
    a = [_doc(0, rare=own_a), _doc(1, rare=own_a)]
    b = [_doc(2, rare=own_b), _doc(3, rare=own_b)]
    docs = a + b
    assert not allowed([0, 1], [2, 3], docs, [{}] * 4, WINDOW_DAYS)
    assert allowed([0, 1], [2, 3], [*a, _doc(2, rare=own_a), _doc(3, rare=own_a)], [{}] * 4, WINDOW_DAYS)


# An election and the one five years later: other leaders' names, other words in the leads.
EARLIER = {"count": 0.6, "landslide": 0.6, "majority": 0.53}
LATER = {"defeat": 0.6, "concedes": 0.6, "rule": 0.53}


@pytest.mark.parametrize(
    ("later_names", "later_lead", "cut"),
    [
        (frozenset({7, 8, 9}), LATER, True),  # names and leads say two events
        (frozenset({7, 8, 9}), EARLIER, False),  # the leads say one: names alone cut nothing
        (frozenset({1, 2, 3}), LATER, False),  # the names say one
    ],
)
def test_an_event_is_cut_where_its_names_and_its_leads_say_two(
    later_names: frozenset[int], later_lead: dict[str, float], cut: bool
) -> None:
    docs = [_doc(i, rare=frozenset({1, 2, 3})) for i in range(4)]
    docs += [_doc(i, rare=later_names) for i in (4, 5)]
    docs.append(_doc(6, lang="fr"))  # another language: stays with the label
    openings = [EARLIER] * 4 + [later_lead] * 2 + [{}]
    labels = split_by_names([0] * 7, docs, openings)
    assert labels == ([0, 0, 0, 0, 4, 4, 0] if cut else [0] * 7)


def _parts(labels: list[int], ids: list[str]) -> set[frozenset[str]]:
    groups: dict[int, set[str]] = {}
    for label, i in zip(labels, ids, strict=True):
        groups.setdefault(label, set()).add(i)
    return {frozenset(g) for g in groups.values()}


def test_a_name_cut_leaves_the_unnamed_reports_with_the_larger_part_in_any_order() -> None:
    """The reports the names cannot judge (another language, no rare name) go with the part
    holding more named reports, wherever the event's first member falls: the later election's
    two reports first in the pile cut the same events as last."""
    named = [("early", frozenset({1, 2, 3}), EARLIER)] * 4 + [("late", frozenset({7, 8, 9}), LATER)] * 2
    rows = [(kind, names, lead, "en") for kind, names, lead in named] + [("early", frozenset(), {}, "fr")]
    cuts = []
    for order in (list(range(7)), [4, 5, 6, 0, 1, 2, 3], [6, 4, 0, 5, 1, 2, 3]):
        docs = [_doc(k, rare=rows[i][1], lang=rows[i][3]) for k, i in enumerate(order)]
        ids = [f"{rows[i][0]}{i}" for i in order]
        cuts.append(_parts(split_by_names([0] * 7, docs, [rows[i][2] for i in order]), ids))
    assert cuts[0] == cuts[1] == cuts[2] == {
        frozenset({"early0", "early1", "early2", "early3", "early6"}),
        frozenset({"late4", "late5"}),
    }
