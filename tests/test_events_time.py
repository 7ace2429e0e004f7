"""The time rule with the date evidence's strength, alike in the batch and the incremental
grouper and through the store: dated reports (input, URL, layout) within the window of one
another; an undated report whose text mentions a later day cannot join an event dated before it.
Invented pages (Velmora, Kestria) only."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from newsweave.clean import clean_document
from newsweave.events import make_grouper, make_incremental
from newsweave.events.guards import EMPTY, NO_DAY, TimeSpan, fits, joined, span_of, url_bounds
from newsweave.records import Article, RawDocument

STORM = (
    "A powerful storm struck the Kestrian port of Velmora, sinking 14 fishing boats and flooding "
    "the old harbour market, harbour master Ada Linn said. The storm surge broke the Velmora sea "
    "wall in three places and rescuers searched the flooded harbour district for missing fishermen."
)
PAGES = {
    "wire": ("https://velmora-post.example/2015/04/26/storm-sinks-boats/", STORM),
    "rewrite": (
        "https://kestria-news.example/world/velmora-storm-20150427",
        "Rescuers searched the flooded harbour district of Velmora after a powerful storm sank 14 "
        "fishing boats and broke the sea wall, harbour master Ada Linn said of the storm surge.",
    ),
    # undated, but its text dates it: the storm's day (it may join) ...
    "undated-same": (None, STORM.replace("A powerful storm struck", "On 25 April 2015 a powerful storm hit")),
    # ... or a year later: published on or after that day, so another event
    "anniversary": (
        None,
        "One year after the storm sank 14 fishing boats in Velmora, harbour master Ada Linn said on "
        "April 24, 2016 that the flooded harbour district and the broken sea wall were rebuilt.",
    ),
}


def articles() -> list[Article]:
    return [clean_document(RawDocument(id=k, text=t, url=u, fmt="jsonl")) for k, (u, t) in PAGES.items()]


@pytest.mark.parametrize(
    ("spans", "ok"),
    [
        ([span_of(10), span_of(17)], True),
        ([span_of(10), span_of(18)], False),
        ([span_of(10), span_of(None, 12)], True),  # published on or after day 12: may be day 12
        ([span_of(10), span_of(None, 18)], False),  # on or after day 18: more than a week later
        ([span_of(None, 18), span_of(None, 300)], True),  # two weak bounds say nothing of a gap
        ([span_of(None, 5), span_of(30)], True),  # a weak bound says nothing of how much later
        ([EMPTY, span_of(10)], True),
    ],
)
def test_time_rule(spans: list[tuple[int, int, int]], ok: bool) -> None:
    span = EMPTY
    for s in spans:
        span = joined(span, s)
    assert fits(span, 7) is ok
    assert EMPTY == (NO_DAY, -NO_DAY, -NO_DAY)


def test_time_span_guard_is_transitive_over_weak_bounds() -> None:
    guard = TimeSpan([10, None, None], 7, [None, 12, 40])
    assert guard.allows(0, 1) and guard.allows(1, 2)  # pairwise, an undated page bridges nothing
    guard.merge(0, 1)
    assert not guard.allows(0, 2)


def test_the_evidence_reaches_the_articles() -> None:
    got = {a.id: (a.published, a.published_from) for a in articles()}
    assert got["wire"] == ("2015-04-26", "url")
    assert got["rewrite"] == ("2015-04-27", "url")
    assert got["undated-same"] == got["anniversary"] == (None, None)  # text alone is no stamp


@pytest.mark.parametrize("mode", ["batch", "incremental"])
def test_both_groupers_keep_the_anniversary_apart(mode: str) -> None:
    arts = articles()
    if mode == "batch":
        grouping = make_grouper().group(arts)
    else:
        feed = make_incremental()
        for a in arts:
            feed.add(a)
        grouping = feed.grouping()
    event = {aid: ev.id for ev in grouping.events for aid in ev.articles}
    assert event["wire"] == event["rewrite"] == event["undated-same"]
    assert event["anniversary"] != event["wire"]


def test_without_the_weak_bound_the_anniversary_would_join() -> None:
    """The fixture tests the rule: the same pages, the anniversary's date taken out, group as one."""
    arts = articles()
    for a in arts:
        a.text = a.text.replace("on April 24, 2016 ", "")
    event = {aid: ev.id for ev in make_grouper().group(arts).events for aid in ev.articles}
    assert event["anniversary"] == event["wire"]


def test_the_store_keeps_where_the_date_came_from(tmp_path: Path) -> None:
    from newsweave.pipeline import Pipeline
    from newsweave.store import Store

    src = tmp_path / "pile.jsonl"
    with src.open("w", encoding="utf-8") as fh:
        for k, (u, t) in PAGES.items():
            fh.write(json.dumps({"id": k, "url": u, "text": t}) + "\n")
    errors: list[object] = []
    with Store(tmp_path / "store.db", pipeline=Pipeline()) as store:
        store.ingest([str(src)], errors.append)
        wire, event = store.article("wire") or (None, None)
        assert wire is not None and (wire.published, wire.published_from) == ("2015-04-26", "url")
        anniversary = store.article("anniversary")
        assert anniversary is not None and anniversary[1] != event
    assert not errors


@pytest.mark.parametrize(
    ("url", "bounds"),
    [
        ("https://velmora-post.example/2017/03/harbour-vote/", ("2017-03-01", "2017-03-31")),
        ("https://velmora-post.example/2016/02/storm", ("2016-02-01", "2016-02-29")),
        ("https://velmora-post.example/2019/news/storm-sinks-boats", ("2019-01-01", "2019-12-31")),
        ("https://velmora-post.example/2015/04/26/storm/", None),  # a day: no interval needed
        ("https://velmora-post.example/news/storm", None),
    ],
)
def test_a_urls_month_or_year_bounds_an_undated_page(url: str, bounds: tuple[str, str] | None) -> None:
    from datetime import date

    got = url_bounds(url)
    assert got == (None if bounds is None else tuple(date.fromisoformat(b).toordinal() for b in bounds))


@pytest.mark.parametrize(("day", "ok"), [(15, True), (35, True), (40, False), (-20, False)])
def test_a_month_interval_fits_a_dated_group_within_the_window_of_it(day: int, ok: bool) -> None:
    guard = TimeSpan([None, day], 7, [1, None], [31, None])  # a page "of the month" [1, 31]
    assert guard.allows(0, 1) is ok


@pytest.mark.parametrize("mode", ["batch", "incremental"])
def test_reports_whose_urls_give_months_years_apart_stay_apart(mode: str) -> None:
    early = Article(id="early", text=STORM, url="https://velmora-post.example/2015/04/storm-sinks-boats/")
    late = Article(id="late", text=STORM.replace("14", "9"), url="https://kestria.example/2019/05/storm")
    same = Article(id="same", text=STORM, url="https://kestria.example/2015/04/velmora-storm")
    pile = [early, same, late]
    if mode == "batch":
        events = make_grouper().group(pile).events
    else:
        feed = make_incremental()
        for a in pile:
            feed.add(a)
        events = feed.grouping().events
    assert sorted(sorted(e.articles) for e in events) == [["early", "same"], ["late"]]
