"""The page's headline (``clean.titles``): chosen above the story by shape and by how much of it
the lead retells. Invented outlets and events."""

from __future__ import annotations

import pytest

from newsweave.clean import clean_document
from newsweave.clean.titles import Line, choose_title, headline_shape, without_site_name
from newsweave.records import RawDocument

LEAD = (
    "Firefighters in Varrow spent the night pumping water out of the flooded Orlen mill after the "
    "river burst its banks on Tuesday, the town council said. No one was hurt, but the mill's owners "
    "said repairs would take months and that about 40 workers would be sent home on full pay."
)
MORE = "The council said the river had risen two metres in six hours, the fastest rise it had recorded."


@pytest.mark.parametrize(
    ("line", "shaped"),
    [
        ("Orlen mill flooded as Varrow river bursts its banks", True),
        ("'Heavy rain' floods Orlen mill", True),  # an opening quote is no list item
        ("Will Varrow's mill reopen?", True),
        ("The river burst its banks on Tuesday and flooded the mill.", False),  # a standfirst
        ("By Ada Quill", False),
        ("Home > News > Varrow", False),
        ("Updated 10:42 GMT", False),
        ("Mill owners count the cost of...", False),  # a teaser cut short
        ("Varrow", False),
    ],
)
def test_headline_shape(line: str, shaped: bool) -> None:
    assert headline_shape(line) is shaped


def test_the_headline_the_lead_retells_wins_over_menus_and_teasers() -> None:
    above = [
        Line("Sport Weather Travel Business", False),
        Line("Lisk ferry timetable changes next month", False),  # a teaser of another story
        Line("Orlen mill flooded as Varrow river bursts its banks", False),  # removed, still the headline
        Line("By Ada Quill, river correspondent", True),
    ]
    assert choose_title(above, LEAD) == "Orlen mill flooded as Varrow river bursts its banks"


def test_a_deck_below_the_headline_does_not_take_its_place() -> None:
    above = [
        Line("Orlen mill flooded", True),
        Line("Varrow firefighters pump water out of the mill after the river bursts its banks", True),
    ]
    assert choose_title(above, LEAD) == "Orlen mill flooded"


def test_nothing_the_lead_retells_gives_no_title() -> None:
    above = [Line("Subscribe to our newsletter today", True), Line("Most read stories this week", True)]
    assert choose_title(above, LEAD) is None
    assert choose_title([], LEAD) is None


def _page(*lines: str) -> str:
    return "\n".join(lines)


HEADLINE = "Orlen mill flooded as Varrow river bursts its banks"


@pytest.mark.parametrize(
    "lines",
    [
        # the BBC-style misfire: a standfirst (a one-sentence summary, a full sentence) under the headline
        (HEADLINE, "Hundreds of homes and the town's largest employer were flooded after a night of rain.",
         "By Ada Quill"),
        # a menu and a teaser of another story above the headline, a date line below it
        ("Home", "News", "Lisk ferry timetable changes next month", HEADLINE, "12 March 2026"),
    ],
)  # fmt: skip
def test_the_headline_above_the_story_is_the_title(lines: tuple[str, ...]) -> None:
    art = clean_document(RawDocument(id="varrow", text=_page(*lines, LEAD, MORE)))
    assert art.title == HEADLINE


def test_a_page_that_opens_with_its_story_gets_no_title() -> None:
    art = clean_document(RawDocument(id="varrow-3", text=_page(LEAD, MORE)))
    assert art.title is None


def test_a_given_title_is_kept() -> None:
    art = clean_document(RawDocument(id="varrow-4", text=_page(HEADLINE, LEAD, MORE), title="Varrow floods"))
    assert art.title == "Varrow floods"


HEAD = "Ferry crews walk out in Port Arden"


@pytest.mark.parametrize(
    ("title", "names", "expected"),
    [
        (f"{HEAD} - Kessel Wire", ["kesselwire.example"], HEAD),
        (f"{HEAD} | The Kessel Wire", ["Kessel Wire"], HEAD),
        (f"{HEAD} – Kessel Wire News", ["kesselwire.example"], HEAD),
        # another site's name, a tail that is the story's own, a title left too short: kept whole
        (f"{HEAD} - Kessel Wire", ["harbourtimes.example"], None),
        ("Strike halts ferries: crews demand pay rise", ["kesselwire.example"], None),
        ("Strike - Kessel Wire", ["kesselwire.example"], None),
    ],
)
def test_a_trailing_site_name_leaves_the_title(title: str, names: list[str], expected: str | None) -> None:
    assert without_site_name(title, names) == (expected or title)


def test_an_input_title_loses_its_site_name() -> None:
    doc = RawDocument(
        id="t1",
        text="Ferry crews in Port Arden walked out on Thursday, halting all 14 crossings, officials said.",
        title="Ferry crews walk out in Port Arden - Kessel Wire",
        url="https://www.kesselwire.example/2026/03/ferries",
    )
    assert clean_document(doc).title == "Ferry crews walk out in Port Arden"
