"""Hard-wrapped text (a wire feed printed at a fixed width) rejoined into paragraphs."""

from __future__ import annotations

import textwrap

import pytest

from newsweave.clean import clean_text
from newsweave.clean.unwrap import unwrap

PARAGRAPHS = [
    "PORT VALENCE, Norland, March 3 A ferry carrying 412 passengers ran aground off the northern "
    "coast of Norland on Tuesday, the coast guard said, and rescuers had lifted 230 people to "
    "safety by nightfall while high winds slowed the work.",
    "The Tidewater Lines vessel left Port Valence in the morning for the island of Skerra, a "
    "crossing of about four hours, and struck rocks a mile from the harbour wall, a spokesman "
    "for the operator said.",
    "\"We heard a long scraping sound and then the lights went out,\" said one passenger, who "
    "asked not to be named. The operator said an inquiry would begin at once.",
]


def wire(width: int = 64) -> str:
    head = "By Tomas Ekdahl"
    body = "\n".join(textwrap.fill(p, width) for p in PARAGRAPHS)
    return head + "\n" + body + "\n(Reporting by Tomas Ekdahl; Editing by Ana Ruiz)"


@pytest.mark.parametrize("width", [60, 64, 72, 100])
def test_wrapped_wire_story_is_rejoined(width: int) -> None:
    out = unwrap(wire(width)).split("\n")
    assert out[0] == "By Tomas Ekdahl"  # a byline keeps its own line
    assert out[1:4] == PARAGRAPHS
    assert unwrap("\n".join(out)) == "\n".join(out)  # a fixed point


def test_hyphenated_break_joins_without_space() -> None:
    text = wire(64).replace("high winds", "gale-\nforce winds")
    assert "gale-force winds" in unwrap(text)


def test_list_items_keep_their_breaks() -> None:
    items = "\n".join(
        [
            "* Ferry with 412 aboard ran aground off Norland's northern",
            "coast",
            "* Rescuers lift 230 to safety as winds slow the operation",
            "* Operator Tidewater Lines says an inquiry begins at once",
        ]
    )
    out = unwrap(items + "\n" + wire(64)).split("\n")
    assert out[:3] == [
        "* Ferry with 412 aboard ran aground off Norland's northern coast",
        "* Rescuers lift 230 to safety as winds slow the operation",
        "* Operator Tidewater Lines says an inquiry begins at once",
    ]


@pytest.mark.parametrize(
    "text",
    [
        # a paragraph a line, as most scraped pages print
        "\n".join(PARAGRAPHS * 3),
        # a menu and teaser block of short lines: no line is continued in lower case
        "\n".join(
            ["Home", "World News Politics Business", "Sport Weather Travel Culture"] * 4
            + ["Most Read Stories From Our Network", "Ferry Runs Aground Off Norland Coast"] * 3
        ),
        # short one-sentence paragraphs
        "\n".join(f"Line {i} of the notice ends here." for i in range(12)),
    ],
)
def test_other_text_is_left_alone(text: str) -> None:
    assert unwrap(text) == text


def test_clean_keeps_a_wrapped_story_whole() -> None:
    cleaned = clean_text(wire(64))
    for p in PARAGRAPHS:
        assert p in cleaned.text


@pytest.mark.parametrize(
    ("first", "title"),
    [
        ("Ferry runs aground off Norland with 412 aboard", "Ferry runs aground off Norland with 412 aboard"),
        ("This is a developing story", None),  # names nothing
        ("WorldBusinessMarkets SportWeatherTravel Opinion", None),  # a menu
        ("By Tomas Ekdahl and Ana Ruiz", None),  # a byline
        ("3 March 2026 - 18:37 Coastal Wire", None),  # a time stamp
    ],
)
def test_title_is_the_headline_line(first: str, title: str | None) -> None:
    from newsweave.clean import clean_document
    from newsweave.records import RawDocument

    body = "\n".join(PARAGRAPHS)
    art = clean_document(RawDocument(id="x", text=f"{first}\n{body}"))
    assert art.title == title
    assert PARAGRAPHS[0] in art.text
