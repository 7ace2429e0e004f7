"""Ages, durations and fractions of a whole are quantities of their own (invented sentences)."""

from __future__ import annotations

import pytest

from newsweave.facts import extract_facts
from newsweave.facts.durations import find_times
from newsweave.records import Article, Story


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        ("The 81-year-old clung on for a week", "en", [("age", 81, 81, 81)]),
        ("the 81 years old governor", "en", [("age", 81, 81, 81)]),
        ("his daughter Ilse, 44, said", "en", [("age", 44, 44, 44)]),
        ("Varenko, de 81 años, dijo", "es", [("age", 81, 81, 81)]),
        ("Il leader 81enne", "it", [("age", 81, 81, 81)]),
        ("after 29 years in power", "en", [("years", 29, 29, 29)]),
        ("to end his nearly 3 decades of rule", "en", [("years", 30, None, 30)]),
        ("his nearly 30-year rule", "en", [("years", 30, None, 30)]),
        ("within 72 hours", "en", [("hours", 72, 72, 72)]),
        ("sus 29 años en el poder", "es", [("years", 29, 29, 29)]),
        ("over 5 years", "en", [("years", 5, 5, None)]),
    ],
)
def test_ages_and_durations(text: str, lang: str, expected: list[tuple[str, float, float, float]]) -> None:
    got = [(t.unit, t.figure.value, t.figure.low, t.figure.high) for t in find_times(text, lang)]
    assert got == expected


@pytest.mark.parametrize(
    "text",
    [
        "2 days after the flood",
        "3 years ago",
        "il y a 3 ans",
        "In Ostrava, 2,530 homes were hit",
        "On Monday, 12 were hurt",
    ],
)
def test_offsets_and_counts_are_no_durations(text: str) -> None:
    assert [t for t in find_times(text, "fr" if "il y a" in text else "en")] == []


def test_ages_group_by_person_and_an_unnamed_age_joins_its_value() -> None:
    texts = {
        "a": "President Aldo Varenko, 81, resigned on Tuesday. His wife Ilse Varenko, 44, left the country.",
        "b": "The 81-year-old Aldo Varenko resigned after 29 years in power.",
        "c": "The 81-year-old clung on for a week before he resigned after nearly 3 decades of rule.",
    }
    arts = [Article(id=k, text=v) for k, v in texts.items()]
    facts = extract_facts(arts, [Story(a.id, a.id, [a.id]) for a in arts])
    by_id = {c.id: c for c in facts.claims}
    groups = [sorted((by_id[i].article, by_id[i].value) for i in comp.claims) for comp in facts.comparisons]
    assert [("a", 81), ("b", 81), ("c", 81)] in groups
    assert [("a", 44)] in groups
    assert [("b", 29), ("c", 30)] in groups


def test_an_age_belongs_to_the_name_beside_it_not_one_further_off() -> None:
    text = (
        "Speaking to the Courier's Ada Brenn, one deserter aged 23 says he is afraid. "
        "Ilse Varenko, 44, left."
    )
    art = Article(id="a", text=text)
    facts = extract_facts([art], [Story("a", "a", ["a"])])
    subjects = {c.value: c.subject for c in facts.claims}
    assert subjects[23] == "age in years"
    assert subjects[44].startswith("age of") and "Varenko" in subjects[44]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Nearly two-thirds of voters backed the plan.", [(None, 66.7)]),
        ("Its shares lost a quarter of their value.", [(25, 25)]),
        ("Bread prices rose by a fifth this year.", [(20, 20)]),
        ("About half of the residents left.", [(50, 50)]),
        ("The team won for a third time.", []),
        ("Sales fell in the first half of the year.", []),
    ],
)
def test_fractions_of_a_whole_are_percentages(text: str, expected: list[tuple[float | None, ...]]) -> None:
    art = Article(id="a", text=text)
    claims = extract_facts([art], [Story("a", "a", ["a"])]).claims
    assert [(c.low, c.high) for c in claims if c.unit == "percent"] == expected
