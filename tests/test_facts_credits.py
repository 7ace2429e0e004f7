"""A photo or wire credit ("Jo Lee/AP", "AP Photo/Jo Lee") names who took a picture, not who is
in the news: ``refine`` keeps no entity from it; nor from a score line, and a name with a digit
is no person. Invented names and outlets."""

from __future__ import annotations

import re

import pytest

from newsweave.facts.entities import EntityIndex, Mention, refine


def _tagged(text: str, names: list[tuple[str, str]]) -> list[Mention]:
    return [Mention(n, label, (at := text.index(n)), at + len(n)) for n, label in names]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Rescuers search the rubble. Ilse Varga/Orlen Press Flames rose.", [("Ilse Varga", "PERSON")]),
        ("Rescuers search the rubble (OP Photo/Tom Brack) on Monday.", [("OP Photo/Tom Brack", "ORG")]),
        ("Smoke over the port. Tom Brack/ Flames rose.", [("Tom Brack/", "PERSON")]),
        ("Smoke over the port. Photo/Agencies", [("Photo/Agencies", "ORG")]),
        ("Smoke over the port. VNA / OP", [("VNA", "ORG"), ("OP", "ORG")]),
    ],
)
def test_a_credit_is_no_entity(text: str, names: list[tuple[str, str]]) -> None:
    assert refine(text, _tagged(text, names)) == []


def test_a_dateline_and_a_name_beside_a_slashed_date_or_words_are_kept() -> None:
    text = "ORLEN/VELTA - Ilse Varga said on 3/4 that Orlen and/or Velta would pay."
    names = [("ORLEN", "GPE"), ("VELTA", "GPE"), ("Ilse Varga", "PERSON"), ("Orlen", "GPE"), ("Velta", "GPE")]
    kept = refine(text, _tagged(text, names))
    assert [m.text for m in kept] == ["ORLEN", "VELTA", "Ilse Varga", "Orlen", "Velta"]


def test_a_score_line_is_no_entity() -> None:
    text = "Orlen won 4-2 on penalties; Orlen 4-2 Velta was the final."
    assert refine(text, _tagged(text, [("Orlen 4-2", "PERSON")])) == []


def test_a_name_with_a_digit_is_no_person() -> None:
    text = "The Velta Tab 7 caught fire. Owners of the Velta Tab were told to stop using it."
    a, b = text.index("Velta Tab 7"), text.rindex("Velta Tab")
    mentions = {"a": [Mention("Velta Tab 7", "PERSON", a, a + 11), Mention("Velta Tab", "PERSON", b, b + 9)]}
    assert [e.type for e in EntityIndex(mentions, {"a": text}).entities] == ["PRODUCT"]


def _index(texts: dict[str, str], names: list[tuple[str, str, str]]) -> EntityIndex:
    """Mentions at each name's every occurrence (aid, surface, label)."""
    mentions: dict[str, list[Mention]] = {aid: [] for aid in texts}
    for aid, surface, label in names:
        for m in re.finditer(re.escape(surface), texts[aid]):
            mentions[aid].append(Mention(surface, label, m.start(), m.end()))
    return EntityIndex(mentions, texts)


def test_a_headline_verb_is_no_part_of_a_persons_name() -> None:
    texts = {
        "a": "Ilse Varga Resigns As Harbour Chief\n\nIlse Varga resigns after the vote. Ilse Varga said so.",
        "b": "Ilse Varga, the harbour chief, will step down, Ilse Varga told staff.",
    }
    index = _index(texts, [("a", "Ilse Varga Resigns", "PERSON"), ("a", "Ilse Varga", "PERSON"),
                           ("b", "Ilse Varga", "PERSON")])  # fmt: skip
    assert [e.name for e in index.entities] == ["Ilse Varga"]


def test_a_place_keeps_its_fuller_name() -> None:
    texts = {"a": "Fire at Orvane Abbey Church. The roof of Orvane Abbey Church fell; Orvane Abbey is shut."}
    index = _index(texts, [("a", "Orvane Abbey Church", "FAC"), ("a", "Orvane Abbey", "FAC")])
    assert [e.name for e in index.entities] == ["Orvane Abbey Church"]
