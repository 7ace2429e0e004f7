"""Pile context: lines that pages of different stories share are furniture (brief, ingest)."""

from __future__ import annotations

import pytest

from newsweave.clean.pile import drop_pile_furniture, pile_furniture, stored_page
from newsweave.records import Article, OptionalSpan, Removed

BOILER = "About the Lisk Courier: an independent newsroom covering the Orvane valley since 1921."
QUOTE = '"We will rebuild every house that the water took," the governor said on Monday.'
STORIES = [
    ["The dam on the Orvane held overnight, engineers said.", "About 3,000 people left the lower town."],
    ["The Tarn bridge will reopen in June, the minister said.", "Repairs have cost 14 million so far."],
    ["A jury in Kessel cleared a dock worker of arson.", "The fire destroyed three warehouses in March."],
]


def _art(i: int, lines: list[str], outlet: str) -> Article:
    return Article(id=f"a{i}", text="\n\n".join(lines), outlet=outlet)


def test_boilerplate_of_one_outlet_on_different_stories_goes() -> None:
    arts = [_art(i, [*s, BOILER], "lisk-courier.example") for i, s in enumerate(STORIES[:2])]
    changed = drop_pile_furniture(arts)
    assert len(changed) == 2
    assert all(BOILER not in a.text and a.text for a in arts)
    assert all(any(r.kind == "pile" for r in a.removed) for a in arts)


def test_copies_of_one_story_keep_their_shared_lines() -> None:
    lines = [*STORIES[0], "Roads east of the town stay closed until Thursday, the police said."]
    arts = [_art(0, lines, "lisk-courier.example"), _art(1, lines, "tarn-gazette.example")]
    assert drop_pile_furniture(arts) == []
    assert all(a.text == "\n\n".join(lines) for a in arts)


def test_a_statement_quoted_by_three_stories_is_kept() -> None:
    arts = [_art(i, [*s, QUOTE], f"outlet{i}.example") for i, s in enumerate(STORIES)]
    assert pile_furniture(arts) == set()


def test_a_short_notice_on_three_stories_goes_and_spans_move() -> None:
    notice = "Sign up for the morning briefing"
    arts = [_art(i, [notice, *s], f"outlet{i}.example") for i, s in enumerate(STORIES)]
    arts[0].optional = [OptionalSpan("optional", len(notice) + 2, len(notice) + 2 + len(STORIES[0][0]))]
    drop_pile_furniture(arts)
    assert all(not a.text.startswith(notice) for a in arts)
    span = arts[0].optional[0]
    assert arts[0].text[span.start : span.end] == STORIES[0][0]


def test_a_page_is_never_emptied() -> None:
    arts = [_art(i, [BOILER], "lisk-courier.example") for i in range(2)]
    arts += [_art(2, [*STORIES[0], BOILER], "lisk-courier.example")]
    drop_pile_furniture(arts)
    assert arts[0].text == BOILER


def test_a_stored_page_of_the_outlet_is_context_and_stays_as_it_was() -> None:
    stored = stored_page("lisk-courier.example", "\n\n".join([*STORIES[0], BOILER]), [])
    art = _art(1, [*STORIES[1], BOILER], "lisk-courier.example")
    assert drop_pile_furniture([art], [stored]) == [art]
    assert BOILER not in art.text and art.removed[-1] == Removed("pile", BOILER)
    assert BOILER.casefold() in stored.keys  # context is read, never changed


def test_a_line_the_pile_took_from_a_stored_page_still_counts() -> None:
    stored = stored_page("lisk-courier.example", "\n\n".join(STORIES[0]), [Removed("pile", BOILER)])
    art = _art(1, [*STORIES[1], BOILER], "lisk-courier.example")
    drop_pile_furniture([art], [stored])
    assert BOILER not in art.text


@pytest.mark.parametrize(
    ("stored_lines", "stored_outlet"),
    [
        (STORIES[1], "lisk-courier.example"),  # a stored copy of the same story shares its lines
        (STORIES[0], "tarn-gazette.example"),  # one page of another outlet is not the site's furniture
    ],
)
def test_context_that_is_not_evidence(stored_lines: list[str], stored_outlet: str) -> None:
    stored = stored_page(stored_outlet, "\n\n".join([*stored_lines, BOILER]), [])
    art = _art(1, [*STORIES[1], BOILER], "lisk-courier.example")
    assert drop_pile_furniture([art], [stored]) == []
    assert art.text.endswith(BOILER)


def test_other_removed_kinds_of_a_stored_page_do_not_count() -> None:
    stored = stored_page("lisk-courier.example", "\n\n".join(STORIES[0]), [Removed("furniture", BOILER, 0.9)])
    assert pile_furniture([_art(1, [*STORIES[1], BOILER], "lisk-courier.example")], [stored]) == set()
