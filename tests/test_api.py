"""The public Python API (``newsweave.__all__``): inputs of every kind, errors, records both ways,
DataFrames, and the notebook display of hostile input. Fixtures are invented (Port Arden ferry
strike, two outlets whose passenger figures differ)."""

from __future__ import annotations

import dataclasses
import json
import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import newsweave
from newsweave.records import Article, Event, Record, Removed

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "examples"

FERRY = [
    {"id": "kw-1", "outlet": "Kessel Wire", "date": "2026-04-02", "url": "https://kessel.example/1",
     "title": "Ferry strike halts crossings",
     "text": "Ferry crews in Port Arden walked out on Thursday, halting all 14 daily crossings, the "
             "operator said. About 2,000 passengers were stranded, port officials said. \"We had no "
             "choice,\" union leader Mara Tollan said."},
    {"id": "ab-7", "outlet": "Arden Bulletin", "date": "2026-04-02",
     "text": "All 14 ferry crossings from Port Arden were cancelled on Thursday as crews went on "
             "strike. Port officials said more than 3,500 passengers were stranded by the walkout."},
]
CLAIM_COLUMNS = ["id", "article", "subject", "value", "low", "high", "unit", "comparison", "status"]


@pytest.fixture(scope="module")
def ferry() -> newsweave.Briefing:
    return newsweave.brief(FERRY, words=60)


def test_all_names_resolve_and_have_docstrings() -> None:
    for name in newsweave.__all__:
        value = getattr(newsweave, name)
        if name == "__version__":
            continue
        doc = getattr(value, "__doc__", None) or ""
        auto = f"{name}("  # dataclasses write "Name(field: type, ...)" when given no docstring
        assert doc.strip() and not doc.startswith(auto), f"{name} has no docstring"
    assert set(newsweave.__all__) - {"__version__"} == set(newsweave._HOMES)


def test_clean_is_the_function_even_after_the_stage_is_imported() -> None:
    import newsweave.clean.junk  # noqa: F401 - the cleaning stage, imported by its full name
    from newsweave.clean import clean_document

    assert callable(newsweave.clean) and newsweave.clean.__module__ == "newsweave.api"
    assert clean_document.__module__ == "newsweave.clean"


def test_brief_on_dicts(ferry: newsweave.Briefing) -> None:
    assert [len(e.articles) for e in ferry.events] == [2]
    event = ferry.events[0]
    assert {a.id for a in event.articles} == {"kw-1", "ab-7"}
    assert next(a for a in event.articles if a.id == "kw-1").outlet == "Kessel Wire"
    for s in event.summary:
        art = next(a for a in event.articles if a.id == s.article)
        assert art.text[s.start:s.end] == s.text
    passengers = [c for c in event.claims if c.unit and "passenger" in c.unit]
    assert sorted(c.value for c in passengers) == [2000, 3500]


def test_paths_dicts_and_texts_mix() -> None:
    text = ("Velmora harbour officials said on Tuesday that 14 boats were damaged in the storm. "
            "About 40 families lost their homes, the mayor said.")
    briefing = newsweave.brief([EXAMPLES / "other-events.jsonl", FERRY[0], text])
    ids = {a.id for e in briefing.events for a in e.articles}
    assert {"kw-1", "input-2"} <= ids
    assert len(ids) == 2 + 2  # other-events.jsonl holds two articles


def test_bad_input_raises_the_cli_line(tmp_path: Path) -> None:
    with pytest.raises(newsweave.InputError) as caught:
        newsweave.brief([FERRY[0], {"id": "x", "text": 42}])
    assert str(caught.value) == 'inputs[1]: field "text" is a JSON number, not a string'
    missing = tmp_path / "missing.txt"
    with pytest.raises(newsweave.InputError, match="no such file or folder"):
        newsweave.brief([missing])
    with pytest.raises(newsweave.InputError, match="no such file or folder"):
        newsweave.brief(["day1/missing.txt"])  # reads as a path, so a typo is named
    with pytest.raises(newsweave.NoArticles):
        newsweave.brief([])


@pytest.mark.parametrize("bad, problem", [
    ({"id": "e", "text": "   "}, 'no "text" or "html" field'),
    (3.5, "a float, not a path"),
    ({"id": "h", "html": 7}, 'field "html" is a JSON number'),
])
def test_on_error_collects_and_the_batch_goes_on(bad: Any, problem: str) -> None:
    rejected: list[newsweave.InputError] = []
    rows = newsweave.cluster([FERRY[0], bad, FERRY[1]], on_error=rejected.append)
    assert [r.id for r in rows] == ["kw-1", "ab-7"]
    assert len(rejected) == 1 and rejected[0].path == "inputs[1]" and problem in rejected[0].problem


def test_cluster_on_dicts_matches_the_cli(tmp_path: Path) -> None:
    rows = newsweave.cluster(FERRY)
    assert rows[0].event == rows[1].event and rows[0].story != rows[1].story
    assert [r.to_dict() for r in rows] == [{"id": r.id, "event": r.event, "story": r.story} for r in rows]
    src = tmp_path / "in.jsonl"
    src.write_text("".join(json.dumps(d) + "\n" for d in FERRY), "utf-8")
    from newsweave.engine import LocalEngine
    from newsweave.events.batch import cluster_jsonl

    lines, _ = cluster_jsonl(src, print, engine=LocalEngine())
    assert [json.loads(line) for line in lines] == [r.to_dict() for r in rows]


def test_clean_path_and_text() -> None:
    art = newsweave.clean(EXAMPLES / "dailyledger-valmora.txt")
    assert isinstance(art, newsweave.Article) and art.text and art.removed
    assert newsweave.clean(str(EXAMPLES / "dailyledger-valmora.txt")).text == art.text
    short = newsweave.clean(FERRY[1]["text"])
    assert short.id == "input-0" and "Port Arden" in short.text


def test_briefing_round_trips(ferry: newsweave.Briefing) -> None:
    doc = json.loads(json.dumps(ferry.to_dict()))
    again = newsweave.Briefing.from_dict(doc)
    assert again.to_dict() == doc
    assert again.events[0].articles == ferry.events[0].articles
    from newsweave.report import briefing_schema

    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.validate(doc, briefing_schema())
    with pytest.raises(newsweave.UsageError, match="not a briefing document"):
        newsweave.Briefing.from_dict({"schema": "other/1", "events": []})


@pytest.mark.parametrize("name", ["Claim", "Comparison", "Quote", "Entity", "TimelineEntry",
                                  "SummarySentence", "Removed", "Story"])
def test_every_record_round_trips(ferry: newsweave.Briefing, name: str) -> None:
    event = ferry.events[0]
    found = {"Claim": event.claims, "Comparison": event.comparisons, "Quote": event.quotes,
             "Entity": event.entities, "TimelineEntry": event.timeline, "SummarySentence": event.summary,
             "Removed": [Removed("junk", "Share this")], "Story": event.stories}[name]
    assert found, f"the fixture has no {name}"
    cls = getattr(newsweave, name)
    for record in found:
        assert cls.from_dict({**record.to_dict(), "added_later": 1}) == record


def test_a_field_added_to_a_record_flows_through() -> None:
    """What issues 13/14 add (``Article.published_from``, ``Removed.score``) needs no serialiser."""

    @dataclasses.dataclass(frozen=True, slots=True)
    class ScoredRemoved(Record):
        kind: str
        text: str
        score: float | None = None

    @dataclasses.dataclass(slots=True)
    class Later(Article):
        published_from: str | None = None
        scored: list[ScoredRemoved] = dataclasses.field(default_factory=list)

    globals()["ScoredRemoved"] = ScoredRemoved  # the type hints resolve in this module
    art = Later(id="a", text="t", story="a", published_from="url", scored=[ScoredRemoved("junk", "x", 0.9)])
    d = art.to_dict()
    assert d["published_from"] == "url" and d["scored"] == [{"kind": "junk", "text": "x", "score": 0.9}]
    assert list(d)[:9] == ["id", "path", "url", "outlet", "author", "published", "title", "lang", "text"]
    assert Later.from_dict(d) == art


def test_frames(ferry: newsweave.Briefing) -> None:
    pytest.importorskip("pandas")
    frames = ferry.to_frames()
    assert set(frames) == {"articles", "stories", "claims", "comparisons", "quotes", "entities", "timeline"}
    claims = frames["claims"]
    assert len(claims) == len(ferry.events[0].claims)
    assert set(CLAIM_COLUMNS) <= set(claims.columns)
    joined = claims.merge(frames["articles"], left_on="article", right_on="id", suffixes=("", "_a"))
    assert len(joined) == len(claims)
    compared = claims.dropna(subset=["comparison"]).merge(
        frames["comparisons"], left_on="comparison", right_on="id", suffixes=("", "_c"))
    assert (compared["status"] == compared["status_c"]).all() and len(compared) > 0
    assert set(frames["articles"]["story"]) <= set(frames["stories"]["id"])
    empty = newsweave.Briefing(events=[]).to_frames()
    assert list(empty["claims"].columns)[:2] == ["id", "event"] and len(empty["claims"]) == 0


def test_frames_without_pandas_names_the_extra(
    ferry: newsweave.Briefing, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)  # import pandas now raises ImportError
    with pytest.raises(newsweave.NotInstalled, match=r"pip install 'newsweave\[frames\]'"):
        ferry.to_frames()


HOSTILE = '<script>alert(1)</script><img src=x onerror=alert(2)>"\'><b>'


class Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, list[tuple[str, str | None]]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, attrs))


def hostile_event() -> Event:
    """Markup in every field that comes from the input, and in what the facts quote from it."""
    doc = newsweave.brief([
        {"id": "h1", "title": f"Ferry {HOSTILE}", "outlet": f"Wire {HOSTILE}", "author": HOSTILE,
         "url": "javascript:alert(document.cookie)", "text": FERRY[0]["text"]},
        {"id": "h2", "outlet": "Arden Bulletin", "url": "https://arden.example/x?a=1&b=<i>",
         "author": "<a href='javascript:alert(3)'>Jo</a>", "text": FERRY[1]["text"]},
    ]).to_dict()
    event = doc["events"][0]
    art = event["articles"][0]
    art["text"] = HOSTILE + art["text"]
    shift = len(HOSTILE)
    for key in ("summary", "quotes", "claims", "timeline"):
        for item in event[key]:
            if item["article"] == art["id"]:
                item["start"] += shift
                item["end"] += shift
                item["text" if "text" in item else "subject"] = HOSTILE
    for comp in event["comparisons"]:
        comp["subject"] = HOSTILE
    event["title"] = HOSTILE
    return Event.from_dict(event)


CARD_TAGS = {"style", "div", "article", "section", "h1", "h2", "h3", "p", "sup", "a", "table",
             "thead", "tbody", "tr", "th", "td", "span", "ul", "ol", "li", "strong", "em",
             "blockquote", "time", "details", "summary", "code",
             "svg", "title", "text", "line", "circle", "rect"}  # the timeline chart


def assert_inert(page: str, local: tuple[str, ...] = ("#",)) -> None:
    """Only the card's own elements, no event handler, links only to anchors (or the pages
    starting with ``local``) or https pages."""
    parser = Tags()
    parser.feed(page)
    assert {tag for tag, _ in parser.tags} <= CARD_TAGS
    for tag, attrs in parser.tags:
        for key, value in attrs:
            assert not key.startswith("on"), (tag, key)
            if key == "href":
                assert value and value.startswith((*local, "https://")), value
    assert sum(1 for tag, _ in parser.tags if tag == "a" and "href" not in dict(_)) == 0
    assert "href=\"javascript" not in page and "javascript:alert(document.cookie)" not in page


def test_repr_html_keeps_input_inert() -> None:
    event = hostile_event()
    page = event._repr_html_()
    assert_inert(page)
    for art in event.articles:
        assert_inert(art._repr_html_())
    assert "&lt;script&gt;" in event.articles[0]._repr_html_()
    assert 'href="https://arden.example/x?a=1&amp;b=&lt;i&gt;"' in page
    assert "&lt;script&gt;" in page and "<script" not in page
    for section in ("Summary", "Figures across sources", "Sources"):
        assert f"<h2>{section}</h2>" in page
    markdown = event._repr_markdown_()
    assert "\\<script\\>" in markdown and re.search(r"(?<!\\)[<>]", markdown) is None


def test_briefing_repr_shows_every_event() -> None:
    briefing = newsweave.brief([EXAMPLES])
    page = briefing._repr_html_()
    assert page.count('class="newsweave-card"') == len(briefing.events) == 2
    assert "No articles to brief." in newsweave.Briefing(events=[])._repr_html_()


def test_store_day_by_day(tmp_path: Path) -> None:
    with newsweave.Store(tmp_path / "s.db") as store:
        first = store.ingest([FERRY[0]])
        again = store.ingest([FERRY[0], FERRY[1]])
        assert (len(first.added), len(again.added), again.duplicate) == (1, 1, 1)
        rows = store.events()
        assert len(rows) == 1 and rows[0].articles == 2
        event = store.event(rows[0].id)
        assert event is not None and {a.id for a in event.articles} == {"kw-1", "ab-7"}
        with pytest.raises(newsweave.InputError, match="inputs"):
            store.ingest([{"text": 1}])
        rejected: list[newsweave.InputError] = []
        assert store.ingest([{"text": 1}], on_error=rejected.append).rejected == 1 == len(rejected)
        assert store.export(tmp_path / "out.jsonl") == 3  # two articles, one event
        kinds = [json.loads(line)["type"] for line in (tmp_path / "out.jsonl").read_text().splitlines()]
        assert kinds == ["article", "article", "event"]


def test_the_cli_is_the_api(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """``newsweave brief`` prints what ``newsweave.brief`` gives (one code path)."""
    sys.path.insert(0, str(Path(__file__).parent))
    from clirun import run_cli

    from newsweave.report import render

    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "x", "text": 42}\n', "utf-8")
    ran = run_cli(capsys, "brief", str(EXAMPLES), str(bad), "--format", "json")
    rejected: list[newsweave.InputError] = []
    briefing = newsweave.brief([EXAMPLES, bad], on_error=rejected.append)
    assert ran.out == render(briefing, "json")
    assert ran.code == 1 and ran.err.strip() == f"newsweave: skipped {rejected[0]}"


def test_one_input_alone_is_not_read_letter_by_letter() -> None:
    from newsweave.ingest.inputs import read_inputs

    assert [d.id for d in read_inputs(FERRY[0])] == ["kw-1"]
    assert len(list(read_inputs(EXAMPLES))) == len(list(read_inputs([EXAMPLES])))
    assert [a.id for a in newsweave.brief(FERRY[1]["text"]).events[0].articles] == ["input-0"]


def test_a_big_briefing_shows_its_first_cards(ferry: newsweave.Briefing) -> None:
    from newsweave.report.html import render_cards

    many = newsweave.Briefing(events=ferry.events * 3)
    page = render_cards(many, limit=2)
    assert page.count('class="newsweave-card"') == 3 and "1 more event:" in page


texts = st.text(st.characters(blacklist_categories=("Cs",)), max_size=30)
maybe = st.none() | texts
numbers = st.floats(allow_nan=False, allow_infinity=False, width=32) | st.integers(-10**9, 10**9)


@settings(max_examples=60, deadline=None)
@given(st.builds(
    newsweave.Claim, id=texts, subject=texts, value=numbers, low=st.none() | numbers,
    high=st.none() | numbers, unit=maybe, qualifier=maybe, as_of=maybe, attributed_to=maybe,
    supersedes=maybe, article=texts, start=st.integers(0, 10**6), end=st.integers(0, 10**6),
))
def test_claims_round_trip_through_json(claim: newsweave.Claim) -> None:
    again = newsweave.Claim.from_dict(json.loads(json.dumps(claim.to_dict())))
    assert again == claim


@settings(max_examples=60, deadline=None)
@given(st.builds(
    newsweave.Article, id=texts, text=texts, path=maybe, url=maybe, outlet=maybe, author=maybe,
    published=maybe, title=maybe, lang=texts,
    removed=st.lists(st.builds(Removed, kind=texts, text=texts), max_size=3),
    story=texts.filter(bool), copy_of=maybe,
))
def test_articles_round_trip_through_json(article: newsweave.Article) -> None:
    again = newsweave.Article.from_dict(json.loads(json.dumps(article.to_dict())))
    assert again == article


@pytest.mark.gated
def test_seeds_through_the_api(shared_dir: Path) -> None:
    """The acceptance on the two real seeds: one event, both articles, 320 vs 100 soldiers not agreeing."""
    briefing = newsweave.brief([str(shared_dir / "seeds")])
    assert [len(e.articles) for e in briefing.events] == [2]
    event = briefing.events[0]
    claims = {c.id: c for c in event.claims}
    compared = [(sorted(claims[c].value for c in comp.claims), comp.status) for comp in event.comparisons]
    assert any(values == [100, 320] and status != "agree" for values, status in compared), compared
    frame = event.to_frames()["claims"]
    assert len(frame) == len(event.claims) and frame["status"].notna().any()
