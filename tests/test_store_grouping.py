"""Pure rules of incremental grouping: stable ids (older survives a merge) and editor decisions."""

from __future__ import annotations

import itertools

import pytest

from newsweave.records import EventGroup, Story
from newsweave.store.grouping import Decision, apply_decisions, assign_ids, membership, normalise


def story(*ids: str) -> Story:
    return Story(id=ids[0], original=ids[0], articles=list(ids))


def ids_of(groups: list[list[Story]]) -> list[set[str]]:
    return [{a for s in g for a in s.articles} for g in groups]


def counter() -> itertools.count[int]:
    return itertools.count(100)


@pytest.mark.parametrize(
    ("groups", "event_of", "expected", "redirects"),
    [
        # nothing changed: each group keeps its event
        ([[story("a", "b")], [story("c")]], {"a": "e1", "b": "e1", "c": "e2"}, ["e1", "e2"], {}),
        # a new article joins an event
        ([[story("a", "b"), story("n")]], {"a": "e1", "b": "e1", "n": None}, ["e1"], {}),
        # two events merge: the older id survives, whichever holds more articles
        ([[story("a"), story("c", "d", "f")]], {"a": "e1", "c": "e2", "d": "e2", "f": "e2"},
         ["e1"], {"e2": "e1"}),
        # an event splits: the larger part keeps the id, the smaller gets a new one
        ([[story("a")], [story("b", "c")]], {"a": "e1", "b": "e1", "c": "e1"}, ["e100", "e1"], {}),
        # brand-new articles open a new event
        ([[story("x")]], {"x": None}, ["e100"], {}),
    ],
)
def test_assign_ids(
    groups: list[list[Story]], event_of: dict[str, str | None], expected: list[str],
    redirects: dict[str, str],
) -> None:
    created = {"e1": 1, "e2": 2}
    n = counter()
    plan = assign_ids(groups, event_of, created, lambda: f"e{next(n)}")
    assert [eid for eid, _ in plan.events] == expected
    assert plan.redirects == redirects
    assert all(g.id == eid for eid, g in plan.events)


def test_merge_decision_joins_groups_and_split_overrides_it_later() -> None:
    groups = [[story("a")], [story("b")], [story("c")]]
    merged = apply_decisions(groups, [Decision("merge", ("a", "b"))])
    assert ids_of(merged) == [{"a", "b"}, {"c"}]
    split = apply_decisions(groups, [Decision("merge", ("a", "b")), Decision("split", ("b",), ("a",))])
    assert sorted(map(sorted, ids_of(split))) == [["a"], ["b"], ["c"]]


def test_split_keeps_new_articles_with_the_rest_and_fixes_story_originals() -> None:
    groups = [[story("a", "b", "n")]]  # b is a copy of a; n arrived later
    out = apply_decisions(groups, [Decision("split", ("a",), ("b",))])
    assert ids_of(out) == [{"b", "n"}, {"a"}]
    rest = out[0][0]
    assert rest.original == "b" and rest.id == "b"  # the story lost its original: b leads it


@pytest.mark.parametrize("copy_first", [True, False])
def test_unlink_separates_a_copy_from_its_original(copy_first: bool) -> None:
    s = story("c", "o", "x") if copy_first else story("o", "c", "x")
    out = apply_decisions([[s]], [Decision("unlink", ("c",), ("o",))])
    [stories] = out
    assert {tuple(st.articles) for st in stories} == {("o", "x"), ("c",)}
    assert membership(stories) == {("o", "o", None), ("x", "o", "o"), ("c", "c", None)}


def test_decisions_about_absent_articles_change_nothing() -> None:
    groups = [[story("a")], [story("b")]]
    rules = [Decision("merge", ("a", "zz")), Decision("split", ("zz",), ("b",)),
             Decision("unlink", ("zz",), ("a",))]
    assert ids_of(apply_decisions(groups, rules)) == [{"a"}, {"b"}]


def test_normalise_drops_unknown_articles_and_names_stories_after_originals() -> None:
    group = EventGroup(id="g", stories=[Story(id="s1", original="gone", articles=["gone", "k"])])
    assert normalise([group], {"k"}) == [[Story(id="k", original="k", articles=["k"])]]
