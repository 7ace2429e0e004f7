"""A photo or wire credit ("Jo Lee/AP", "AP Photo/Jo Lee") names who took a picture, not who is
in the news: ``refine`` keeps no entity from it. Invented names and outlets."""

from __future__ import annotations

import pytest

from newsweave.facts.entities import Mention, refine


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
