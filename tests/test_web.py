"""The web app without a browser: routes, status codes, headers, escaping, limits, the API."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from fastapi.testclient import TestClient
from test_store_corpus import write_corpus

from newsweave.pipeline import Pipeline
from newsweave.records import Article, RawDocument, Removed
from newsweave.report import briefing_schema
from newsweave.store import Store, articles
from newsweave.store.db import write
from newsweave.store.regroup import regroup
from newsweave.web import create_app

PAYLOADS = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    '<a href="javascript:alert(1)">click</a>',
    "Content ='X'>",
    "<svg onload=alert(1)>",
]
CRAFTED = Article(
    id="crafted-hostile",
    text=(
        "TARSANO — The Korvel Bridge inquiry opened on Wednesday <script>alert(1)</script>. "
        "Engineers said the Serra River span <img src=x onerror=alert(1)> had rusted.\n\n"
        "\"Mayor Ilena Varsi knew,\" said Oren Patel <svg onload=alert(1)>."
    ),
    title="<img src=x onerror=alert(1)>Korvel inquiry opens",
    outlet="<script>alert(1)</script>Quay Gazette",
    author="javascript:alert(1)",
    url="javascript:alert(1)",
    published="2026-04-15",
    removed=[Removed("markup", p) for p in PAYLOADS]
    + [Removed("footer", "Tags: Korvel BridgeContent ='X'>")],
)


def build_store(folder: Path) -> Path:
    """The invented corpus, the hostile article as ingested, and one crafted article whose
    every field (and ``removed``) carries markup, stored as if a cleaner had kept it all."""
    db = folder / "web.db"
    pipeline = Pipeline()
    with Store(db, pipeline=pipeline) as store:
        store.ingest([str(p) for p in write_corpus(folder / "corpus", hostile=True)], print)
        store.ingest([str(p) for p in write_corpus(folder / "late", ["serra-late"])], print)
        doc = RawDocument(id=CRAFTED.id, text=CRAFTED.text, title=CRAFTED.title)
        with write(store.conn):
            articles.insert(store.conn, Article.from_dict(CRAFTED.to_dict()), doc)
            regroup(store.conn, pipeline, [CRAFTED.id])
    return db


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_store(tmp_path_factory.mktemp("web"))


@pytest.fixture(scope="module")
def client(db: Path) -> TestClient:
    return TestClient(create_app(db), follow_redirects=False)


def first_event(client: TestClient, article: str = "serra-bridge") -> str:
    doc = client.get(f"/api/articles/{article}").json()
    return str(doc["event"])


def test_every_page_answers_with_security_headers(client: TestClient) -> None:
    eid = first_event(client)
    for url in ["/", "/?q=Korvel", "/?page=2", f"/events/{eid}", "/articles/serra-bridge",
                "/api/events", f"/api/events/{eid}", "/api/articles/serra-bridge", "/openapi.json",
                "/static/style.css"]:
        r = client.get(url)
        assert r.status_code == 200, url
        csp = r.headers["content-security-policy"]
        assert "script-src" not in csp and "default-src 'none'" in csp  # so no script at all
        assert "unsafe-inline" not in csp
        assert r.headers["x-content-type-options"] == "nosniff"
        if not url.startswith(("/api", "/openapi", "/static")):
            assert client.head(url).status_code == 200, url


def test_the_browsers_icon_request_is_answered_empty(client: TestClient) -> None:
    for r in (client.get("/favicon.ico"), client.head("/favicon.ico")):
        assert r.status_code == 204 and not r.content
        assert r.headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize(
    ("url", "status"),
    [("/events/e9999", 404), ("/articles/nope", 404), ("/api/events/e9999", 404),
     ("/api/articles/nope", 404), ("/events/a%20b", 422), ("/articles/%3Cscript%3E", 422),
     ("/?page=0", 422), ("/?page=x", 422), ("/static/../app.py", 404),
     ("/static/%2e%2e/app.py", 404), ("/static/..%2fapp.py", 404), ("/nowhere", 404),
     ("/articles/..%2F..%2Fetc%2Fpasswd", 404), ("/api/events/" + "x" * 300, 422)],
)
def test_errors_are_plain_pages_without_traces(client: TestClient, url: str, status: int) -> None:
    r = client.get(url)
    assert r.status_code == status
    assert "Traceback" not in r.text and "File \"" not in r.text
    assert "root:" not in r.text and "def build" not in r.text
    if url.startswith("/api/"):
        assert "detail" in r.json()
    else:
        assert "<h1>" in r.text


def test_merged_event_redirects_to_the_survivor(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    with Store(db) as store:
        store.ingest([str(p) for p in write_corpus(tmp_path / "c")], print)
        ids = sorted({e["id"] for e in store.events_document()["events"]}, key=lambda e: int(e[1:]))
    client = TestClient(create_app(db), follow_redirects=False)
    if len(ids) < 2:
        pytest.skip("the grouper put the whole corpus in one event")
    r = client.post(f"/api/events/{ids[1]}/merge", json={"other": ids[0]})
    assert r.status_code == 200 and r.json() == {"event": ids[0]}
    for prefix in ("/events/", "/api/events/"):
        moved = client.get(prefix + ids[1])
        assert moved.status_code == 301 and moved.headers["location"] == prefix + ids[0]
    bad = client.post(f"/api/events/{ids[0]}/merge", json={"other": ids[0]})
    assert bad.status_code == 400 and "already" in bad.json()["detail"]


def test_api_corrections_split_and_unlink(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    with Store(db) as store:
        store.ingest([str(p) for p in write_corpus(tmp_path / "c")], print)
    client = TestClient(create_app(db))
    eid = first_event(client)
    r = client.post(f"/api/events/{eid}/split", json={"articles": ["harbour-bridge"]})
    assert r.status_code == 200 and r.json()["event"] != eid
    assert first_event(client, "harbour-bridge") == r.json()["event"]
    copy = next(a for a in ("valley-copy", "serra-bridge")
                if client.get(f"/api/articles/{a}").json()["copy_of"])
    assert client.post(f"/api/articles/{copy}/unlink", json={}).status_code == 200
    assert client.get(f"/api/articles/{copy}").json()["copy_of"] is None
    assert client.post(f"/api/articles/{copy}/unlink", json={}).status_code == 400
    assert client.post(f"/api/events/{eid}/split", json={"articles": []}).status_code == 422


def test_request_bodies_are_limited(client: TestClient) -> None:
    eid = first_event(client)
    big = json.dumps({"other": "e1", "pad": "x" * 100_000})
    r = client.post(f"/api/events/{eid}/merge", content=big,
                    headers={"content-type": "application/json"})
    assert r.status_code == 413


def test_api_event_is_a_valid_briefing_and_events_match_the_contract(client: TestClient) -> None:
    doc = client.get("/api/events").json()
    assert set(doc) == {"events"} and doc["events"]
    for ev in doc["events"]:
        assert set(ev) == {"id", "title", "first_seen", "last_seen", "articles", "outlets",
                           "independent", "article_ids"}
        one = client.get(f"/api/events/{ev['id']}").json()
        jsonschema.validate(one, briefing_schema())
        assert [e["id"] for e in one["events"]] == [ev["id"]]
    spec = client.get("/openapi.json").json()
    assert {"/api/events", "/api/events/{event_id}", "/api/articles/{article_id}"} <= set(spec["paths"])


@pytest.mark.parametrize("route", ["event", "article", "index", "search"])
def test_scraped_markup_is_escaped_everywhere(client: TestClient, route: str) -> None:
    eid = first_event(client, CRAFTED.id)
    url = {"event": f"/events/{eid}", "article": f"/articles/{CRAFTED.id}", "index": "/",
           "search": "/?q=<script>alert(1)</script>Korvel"}[route]
    html = client.get(url).text
    for raw in ("<script>alert", "<img src=x", "<svg onload", 'href="javascript:', "onerror=alert(1)>"):
        assert raw not in html, (route, raw)
    assert "<script" not in html.lower()


def test_article_page_marks_cited_spans_and_folds_removed(client: TestClient) -> None:
    doc = client.get("/api/events/" + first_event(client)).json()["events"][0]
    cited = doc["summary"][0]
    html = client.get(f"/articles/{cited['article']}").text
    assert f'<mark id="s-{cited["start"]}-{cited["end"]}"' in html
    crafted = client.get(f"/articles/{CRAFTED.id}").text
    assert "<details class=\"removed\">" in crafted and "&lt;script&gt;alert(1)&lt;/script&gt;" in crafted


@pytest.mark.parametrize(
    ("kwargs", "status"),
    [({}, 415),  # a bare form-less POST, as a cross-site <form> could send
     ({"data": {"other": "e1"}}, 415),  # a urlencoded form
     ({"content": '{"other": "e1"}', "headers": {"content-type": "text/plain"}}, 415),
     ({"json": {"other": "e1"}, "headers": {"origin": "http://evil.example"}}, 403)],
)
def test_forged_cross_site_corrections_are_refused(
    client: TestClient, kwargs: dict[str, object], status: int
) -> None:
    before = client.get("/api/events").json()
    eid = first_event(client)
    for url in (f"/api/events/{eid}/merge", "/api/articles/valley-copy/unlink"):
        r = client.post(url, **kwargs)  # type: ignore[arg-type]
        assert r.status_code == status, (url, r.text)
        assert r.headers["content-security-policy"]
    assert client.get("/api/events").json() == before


def test_unknown_host_names_are_refused_when_serving_loopback(db: Path) -> None:
    guarded = TestClient(create_app(db, ["127.0.0.1", "localhost"]), base_url="http://127.0.0.1")
    assert guarded.get("/").status_code == 200
    assert guarded.get("/", headers={"host": "rebound.evil.example"}).status_code == 400


def test_event_list_pages_and_search_pages(tmp_path: Path) -> None:
    import re
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from bench.web import build as build_synthetic

    db = tmp_path / "many.db"
    build_synthetic(db, 250)  # 25 events of ten invented articles, no NLP
    client = TestClient(create_app(db))
    cards = re.compile(r'<li class="event-card">')
    first, second = client.get("/").text, client.get("/?page=2").text
    assert len(cards.findall(first)) == 20 and len(cards.findall(second)) == 5
    assert "Page 1 of 2" in first and 'rel="next" href="/?page=2"' in first
    ordered = [e["id"] for e in client.get("/api/events").json()["events"]]
    dates = [e["last_seen"] for e in client.get("/api/events").json()["events"]]
    assert dates == sorted(dates, reverse=True)  # newest first
    hrefs = re.compile(r'class="event-title" href="/events/([^"]+)"')
    assert hrefs.findall(first) + hrefs.findall(second) == ordered
    assert len(cards.findall(client.get("/?page=99").text)) == 5  # past the end: the last page
    found = client.get("/?q=council").text
    assert "Page 1 of 2" in found and "q=council&amp;page=2" in found
