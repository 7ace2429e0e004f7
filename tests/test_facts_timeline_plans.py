"""Timeline dating: a plan's day is no fact's day; a pronoun object takes the sentence naming
whom it means (invented text)."""

from __future__ import annotations

import pytest

from newsweave.facts.timeline import resolvers, timeline
from newsweave.records import Article


def _entries(text: str) -> list[tuple[str, str]]:
    art = Article(id="wire", published="2026-03-04", text=text)  # a Wednesday
    entries = timeline(art, resolvers([art])["wire"])
    assert all(text[t.start : t.end] == t.text for t in entries)  # exact cited spans
    return [(t.date, t.text) for t in entries]


@pytest.mark.parametrize(
    "sentence",
    [
        "He also said the Varlonne quay would reopen on Monday.",
        "The harbour board is due to vote on March 9.",
        "The new toll will take effect on April 1.",
        "Ines Dorrel plans to visit the dam on Friday.",
        "The ferry company is expected to name a new chief on Thursday.",
    ],
)
def test_a_plan_is_not_dated_as_a_fact(sentence: str) -> None:
    assert _entries(sentence) == []


@pytest.mark.parametrize(
    ("sentence", "day"),
    [
        # the report's day comes before the plan: the report is the fact
        ("The council said on Monday that the quay would reopen.", "2026-03-02"),
        # a plan in a clause set off before the day leaves the day to the fact
        ("Ines Dorrel, who will chair the board, resigned on Monday.", "2026-03-02"),
        ("Dorrel said she would not be deterred after vandals damaged her office on Tuesday.", "2026-03-03"),
        # a plan that names a figure with a thousands comma is still one clause
        ("The port will send 1,200 containers on Friday.", None),
    ],
)
def test_a_fact_beside_a_plan_keeps_its_day(sentence: str, day: str | None) -> None:
    assert _entries(sentence) == ([(day, sentence)] if day else [])


@pytest.mark.parametrize(
    ("second", "reaches"),
    [
        ("On Monday protesters threw eggs at him.", True),
        ("On Monday police questioned her.", True),
        ("On Monday police found her car.", False),  # a possessive names its noun, not the person
        ("On Monday Lene Dahl met him.", False),  # a name before it may be whom it means
    ],
)
def test_a_pronoun_object_takes_the_sentence_naming_the_person(second: str, reaches: bool) -> None:
    first = "Mayor Ines Dorrel opened the Varlonne dam site."
    got = _entries(f"{first} {second}")
    assert got == [("2026-03-02", f"{first} {second}" if reaches else second)]
