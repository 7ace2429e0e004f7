"""Pile context: lines that pages of different stories share are furniture (brief, ingest)."""

from __future__ import annotations

from newsweave.clean.pile import drop_pile_furniture, pile_furniture
from newsweave.records import Article, OptionalSpan

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
