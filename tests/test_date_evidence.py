"""Date evidence: where a page says when it was published (input, URL, layout, text), on invented
pages and URLs of invented outlets."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from newsweave.clean import clean_document
from newsweave.clean.dates import (
    EARLIEST,
    SOURCES,
    date_evidence,
    layout_date,
    mentions,
    text_date,
    url_date,
)
from newsweave.records import RawDocument

TODAY = date(2026, 12, 1)


@pytest.mark.parametrize(
    ("url", "day", "partial"),
    [
        ("https://velmora-post.example/2015/04/26/harbour-storm/", "2015-04-26", None),
        ("https://kestria.example/news/2016/aug/24/quake-hits-town", "2016-08-24", None),
        ("https://kestria.example/world/storm-hits-coast-20150426", "2015-04-26", None),
        ("https://kestria.example/a/storm-hits-coast-20140718015801.html", "2014-07-18", None),
        ("https://kestria.example/monde/201504/25/01-4864331-seisme.php", "2015-04-25", None),
        ("https://kestria.example/world/2016-08/27/content_26616192.htm", "2016-08-27", None),
        ("https://kestria.example/cfn/2015/3/24/ferry_report.html", "2015-03-24", None),
        ("https://wire.example/article/harbour-strike-idUSKBN1X2Y3Z20150923", "2015-09-23", None),
        ("https://blog.example/2016/10/new-storm-hits.html", None, (2016, 10)),
        ("https://blog.example/2017/news/world/ferry", None, (2017, None)),
        # ids and impossible days are no dates; the future is no publication date
        ("https://kestria.example/news/20933369/storm", None, None),
        ("https://kestria.example/2019/02/30/storm", None, (2019, 2)),
        ("https://kestria.example/2031/05/04/storm", None, None),
        ("https://kestria.example/story/26354073/", None, None),
        (None, None, None),
    ],
)
def test_url_date(url: str | None, day: str | None, partial: tuple[int, int | None] | None) -> None:
    found, part = url_date(url, TODAY)
    assert (found.isoformat() if found else None) == day
    assert part == partial


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Storm hits Velmora\n\nAP , Friday 26 Aug 2016\n\nVELMORA — A storm hit the coast.", "2016-08-26"),
        ("This Article is From Apr 28, 2015\n\nFerry strike ends\n\nThe strike ended.", "2015-04-28"),
        ("Ferry strike ends\n\n21 November 2017 - 18:37 By Kestria Wire\n\nThe strike ended.", "2017-11-21"),
        ("Sunday, October 30, 2016\n\nNew storm hits the coast", "2016-10-30"),
        ("Ferry strike ends\n/ 07:14 AM October 31, 2016\nThe strike ended on Monday.", "2016-10-31"),
        ("Le port rouvre\n\njeudi 17 juillet 2014\n\nLe port a rouvert.", "2014-07-17"),
        # a foot stamp counts too; of several stamps the earliest ("Updated" comes later)
        ("Ferry strike ends\n\nThe strike ended.\n\nBy Ada Linn\n19 May 2016 12:33", "2016-05-19"),
        ("Updated 08/07/2015 14:29\n\nFerry strike ends\n\n3 March 2014", "2014-03-03"),
        # a site's "today" line above the page's own stamp, comments below it: the earliest counts
        (
            "Thu 17 Jan 2008 | 2:49 GMT\nSports\nFerry strike ends\nFri Dec 28, 2007 6:19am GMT\n"
            "The strike ended.\nComments\nDec 30, 2007 7:06 PM | Link to this",
            "2007-12-28",
        ),
        # a byline glued to its date by the scraper
        ("Ferry strike ends\n\nAda Linn23 September 2015\n\nThe strike ended.", "2015-09-23"),
        # an "Updated" stamp is no earlier than the page: below a site's "today" line, it wins
        (
            "Tuesday 15 January 2008\nFerry strike ends\nThe strike ended.\n"
            "Last Updated: 12:01am GMT 08/01/2008",
            "2008-01-08",
        ),
        # a teaser in a list of stories is no stamp
        ("Ferry strike ends\n\nThe strike ended.\n\n19 December 2007: Velmora singer weds", None),
        # a caption or a sentence is prose, not a stamp
        ("Ferry strike ends\n\nWorkers in Velmora, Kestria, on August 26, 2016, after the vote.", None),
        ("The strike that began on 3 March 2014 ended yesterday after talks.", None),
    ],
)
def test_layout_date(text: str, expected: str | None) -> None:
    found = layout_date(text, None, TODAY)
    assert (found.isoformat() if found else None) == expected


def test_layout_line_without_year_takes_the_year_of_the_url() -> None:
    text = "Ferry strike ends\n\nTuesday, July 7\n\nThe strike ended."
    assert layout_date(text, (2015, 7), TODAY) == date(2015, 7, 7)
    assert layout_date(text, (2015, 9), TODAY) is None  # the URL's month says otherwise
    assert layout_date(text, None, TODAY) is None


def test_mentions_in_several_languages() -> None:
    found = mentions("le 25 avril 2015, el 3 de mayo de 2016, am 4. Mai, 2016-08-24 and July 17")
    assert [(m.year, m.month, m.day) for m in found] == [
        (2015, 4, 25), (2016, 5, 3), (None, 5, 4), (2016, 8, 24), (None, 7, 17),
    ]  # fmt: skip


def test_text_date_is_the_latest_mention_of_the_prose() -> None:
    text = "The storm of 3 March 2014 was recalled. On March 9, 2014 the port reopened to boats."
    assert text_date(text, None, TODAY) == date(2014, 3, 9)
    fire = "On June 14 the fire broke out in the tower block and spread to the upper floors, police said."
    assert text_date(fire, (2017, 6), TODAY) == date(2017, 6, 14)  # the year the URL gives
    assert text_date(fire, None, TODAY) is None
    later = fire + " Police said on Monday, June 19, 2017, that the toll rose to 79."
    assert text_date(later, None, TODAY) == date(2017, 6, 19)
    # what lies ahead, an update stamp and a short line of page furniture are no bound
    ahead = text + " An inquiry will be held on 30 March 2014 in the harbour master's office."
    assert text_date(ahead, None, TODAY) == date(2014, 3, 9)
    stamp = text + "\nUpdated on 2 May 2014 by the harbour desk of the Velmora paper with a note."
    assert text_date(stamp, None, TODAY) == date(2014, 3, 9)
    assert text_date(text + "\nTuesday 15 January 2015", None, TODAY) == date(2014, 3, 9)
    # a date without its year takes the URL's year only, not another mention's
    winter = "The ferry strike began on December 30, 2014 and the port reopens on January 2, they said."
    assert text_date(winter, None, TODAY) == date(2014, 12, 30)


@pytest.mark.parametrize(
    ("given", "url", "stamped", "text", "expected"),
    [
        ("2020-01-02", "https://k.example/2019/05/04/x", None, "", ("2020-01-02", "input")),
        (None, "https://k.example/2019/05/04/x", "2019-05-03", "", ("2019-05-04", "url")),
        (None, "https://k.example/x", "2019-05-03", "", ("2019-05-03", "layout")),
        # a stamp that disagrees with the URL's year is some other date (an update years later)
        (None, "https://k.example/2014/07/x", "2015-08-07", "", None),
        (None, "https://k.example/x", None, "Sunday, October 30, 2016\n\nStorm", ("2016-10-30", "layout")),
        (None, "https://k.example/x", None, "After the storm the port of Velmora reopened on 9 March 2014 "
         "to the fishing boats.", ("2014-03-09", "text")),
        (None, None, None, "No date at all.", None),
    ],
)
def test_date_evidence_order(
    given: str | None, url: str | None, stamped: str | None, text: str, expected: tuple[str, str] | None
) -> None:
    ev = date_evidence(text, url, given, stamped, TODAY)
    assert ((ev.iso, ev.source) if ev else None) == expected
    if ev:
        assert ev.strong == (ev.source != "text")


def test_clean_document_publishes_the_page_stamp_only() -> None:
    url = "https://velmora-post.example/2015/04/26/harbour-storm/"
    text = "Storm hits Velmora\n\nThe storm hit on Saturday."
    art = clean_document(RawDocument(id="a", text=text, url=url))
    assert (art.published, art.published_from) == ("2015-04-26", "url")
    assert art.to_dict()["published_from"] == "url"
    text = "Storm hits Velmora\n\nThe storm of 25 April 2015 hit the harbour; boats sank."
    art = clean_document(RawDocument(id="b", text=text))
    assert (art.published, art.published_from) == (None, None)  # text alone: null, not a guess
    art = clean_document(RawDocument(id="c", text=text, date="2015-04-27T10:00:00Z"))
    assert (art.published, art.published_from) == ("2015-04-27", "input")


_PIECES = st.sampled_from(
    ["2015", "/2015/04/26/", "-20150426", "April", "25", "Updated", "by", "\n", " ", ",", ":", "2031-02-30",
     "Tuesday", "de", "juillet", "12.13.2014", "will", "0", "99999999", "/aug/", "x" * 120]
)  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(st.lists(_PIECES, max_size=40).map("".join), st.none() | st.lists(_PIECES, max_size=8).map("".join))
def test_evidence_never_fails_and_stays_in_bounds(text: str, url: str | None) -> None:
    ev = date_evidence(text, url, None, None, TODAY)
    assert ev is None or (EARLIEST <= ev.day <= TODAY + timedelta(days=1) and ev.source in SOURCES)
