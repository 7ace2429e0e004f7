"""Metadata read from aggregator layouts, and the header/footer lines taken out of the text."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from newsweave.clean import clean_document, clean_text
from newsweave.clean.dates import find_date
from newsweave.clean.metadata import date_line, parse_byline, tag_line
from newsweave.records import RawDocument

FIXTURES = Path(__file__).parent / "fixtures" / "clean"


def _clean(name: str, **meta: str) -> tuple[str, dict[str, object]]:
    raw = (FIXTURES / name).read_text(encoding="utf-8")
    art = clean_document(RawDocument(id=name, text=raw, **meta))  # type: ignore[arg-type]
    return art.text, art.to_dict()


def test_byline_header_and_source_footer() -> None:
    text, meta = _clean("aggregator_wire.txt")
    assert meta["author"] == "Marta Quellin"
    assert meta["outlet"] == "wirenews24.com"
    assert meta["published"] == "2024-03-03"
    assert meta["title"] == "Floods cut off three Orvane villages"
    assert text.startswith("Floodwater cut off three villages")
    assert text.endswith("trapped on upper floors.")
    for junk in ("By:", "Source:", "click read more", "Share this article"):
        assert junk not in text
    assert "“We saw the river rise a metre in an hour,”" in text  # curly quotes survive


def test_posted_by_header_read_more_footer_and_tags() -> None:
    text, meta = _clean("aggregator_posted.txt")
    assert (meta["author"], meta["published"], meta["outlet"]) == (
        "Lena Hart",
        "2023-01-12",
        "brenmoorherald.org",
    )
    assert text.splitlines()[0].startswith("The city council of Brenmoor")
    assert "tram, brenmoor" not in text and "Read more" not in text


def test_input_metadata_wins() -> None:
    _, meta = _clean(
        "aggregator_wire.txt", author="Desk", outlet="https://www.bbc.co.uk/x", date="2024-03-04T10:00:00Z"
    )
    assert (meta["author"], meta["outlet"], meta["published"]) == ("Desk", "bbc.com", "2024-03-04")


@pytest.mark.parametrize(
    ("rest", "author", "outlet", "published"),
    [
        (
            "Christine Armario – apnews.com – February 26, 2019",
            "Christine Armario",
            "apnews.com",
            "2019-02-26",
        ),
        ("Orla Guerin, Bbc News, in Colombia near the border", "Orla Guerin", "bbc.com", None),
        ("AMY FORLITI and TOM LEE Associated Press", "Amy Forliti and Tom Lee", "apnews.com", None),
        ("Lena Hart on 12 January 2023", "Lena Hart", None, "2023-01-12"),
        ("Ana Lind | Harbour Times | 3rd Mar 2021", "Ana Lind", "Harbour Times", "2021-03-03"),
        ("Pia Rautio – Lakeside Today – May 2, 2024", "Pia Rautio", "Lakeside Today", "2024-05-02"),
        ("Pia Rautio, Jon Berg – May 2, 2024", "Pia Rautio, Jon Berg", None, "2024-05-02"),
    ],
)
def test_parse_byline(rest: str, author: str, outlet: str | None, published: str | None) -> None:
    got = parse_byline(rest)
    assert (got.author, got.outlet, got.published) == (author, outlet, published)


@pytest.mark.parametrize(
    ("line", "is_tags"),
    [
        ("nicolas ruiz, harbour floods, orvane", True),
        ("Tags: floods, Orvane, rescue", True),
        ("Russia, Cuba and China back the government.", False),
        ("By Ana Lind, Harbour Times, in Lisk", False),
        ("Paris, London", False),
    ],
)
def test_tag_line(line: str, is_tags: bool) -> None:
    assert tag_line(line) is is_tags


@pytest.mark.parametrize(
    "footer",
    [
        "Source of news: harbourtimes.com",
        "Originally published at harbourtimes.com",
        "This article first appeared on harbourtimes.com",
        "Read more at https://www.harbourtimes.com/x/1",
    ],
)
def test_footer_names_outlet(footer: str) -> None:
    _, layout, removed, _, _ = clean_text(f"The dam held overnight, engineers said.\n\n{footer}\n")
    assert layout.outlet == "harbourtimes.com"
    assert [r.kind for r in removed] == ["footer"]


def test_the_post_appeared_first_on() -> None:
    text, layout, _, _, _ = clean_text(
        "The dam held.\n\nThe post Dam holds after storm appeared first on Harbour Times."
    )
    assert (text, layout.title, layout.outlet) == ("The dam held.", "Dam holds after storm", "Harbour Times")


@given(
    st.dates(min_value=dt.date(1990, 1, 1), max_value=dt.date(2099, 12, 31)),
    st.sampled_from(["%B %d, %Y", "%d %B %Y", "%b %d, %Y", "%Y-%m-%d", "%d %b %Y", "%A, %B %d, %Y"]),
)
def test_find_date_round_trip(day: dt.date, fmt: str) -> None:
    found = find_date(f"Published {day.strftime(fmt)} at 10:00")
    assert found is not None and found[0] == day.isoformat()


@pytest.mark.parametrize(
    "text", ["Over 320 soldiers fled in four days.", "Call 555-12-2019 now", "31 February 2020"]
)
def test_no_date_invented(text: str) -> None:
    assert find_date(text) is None


def test_html_page_is_extracted_then_cleaned() -> None:
    body = "".join(
        f"<p>Paragraph {n}: floodwater cut off three villages in the Orvane valley, officials said.</p>"
        for n in range(4)
    )
    html = (
        "<html><head><title>Floods cut off villages</title>"
        '<meta name="author" content="Marta Quellin">'
        '<meta property="article:published_time" content="2024-03-03T08:00:00Z"></head>'
        f"<body><article><h1>Floods cut off villages</h1>{body}<p>Share this article</p>"
        "</article></body></html>"
    )
    url = "https://www.valleycourier.co.uk/news/1"
    art = clean_document(RawDocument(id="h", html=html, url=url, fmt="html"))
    assert "Paragraph 0: floodwater cut off three villages" in art.text
    assert "Share this article" not in art.text
    assert art.outlet == "valleycourier.co.uk"
    assert art.published == "2024-03-03"
    assert art.author == "Marta Quellin"


def test_labelled_header_fields() -> None:
    raw = (
        "Title: Dam holds after storm\nSource: harbourtimes.com\nAuthor: Ana Lind\nDate: 2024-03-05\n\n"
        "Engineers said the dam held overnight."
    )
    text, layout, removed, _, _ = clean_text(raw)
    assert text == "Engineers said the dam held overnight."
    assert (layout.title, layout.outlet, layout.author, layout.published) == (
        "Dam holds after storm",
        "harbourtimes.com",
        "Ana Lind",
        "2024-03-05",
    )
    assert len(removed) == 4 and {r.kind for r in removed} <= {"header", "footer"}


@pytest.mark.parametrize(
    ("line", "day"),
    [
        ("Last modified on Tue 12 Mar 2019 14.32 GMT", "2019-03-12"),
        ("Wed. 3 April 2019 09:12", "2019-04-03"),
        ("Updated: 14:32, 12 March 2019", "2019-03-12"),
        ("Sat 12 Mar 2019 – Sunnyside", None),  # a place beside the date: not a line of a date alone
        ("Sunday Times 12 Mar 2019", None),
    ],
)
def test_a_stamp_line_with_its_weekday_is_a_date_line(line: str, day: str | None) -> None:
    assert date_line(line) == day
