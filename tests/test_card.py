"""One event card everywhere: the web server's event page, the HTML briefing file and
``Event._repr_html_`` render the same card (only where links lead differs), and markup in
every input field stays inert in each. Fixtures are invented (the Port Arden ferry strike)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from test_api import FERRY, HOSTILE, Tags, assert_inert

import newsweave
from newsweave.report import render
from newsweave.web import create_app

CARD = re.compile(r'<article class="newsweave-card" id="event-[^"]*">.*?</article>', re.S)
LINK = re.compile(r"</?a\b[^>]*>")
PAYLOADS = ("<script", "<img", "<b>", "<i>", "onerror=alert(2)>", 'href="javascript', "href='javascript")


def hostile_inputs() -> list[dict[str, str]]:
    """The ferry strike with markup in the title, outlet, author, url and text of its articles."""
    return [
        {**FERRY[0], "title": f"Ferry {HOSTILE}", "outlet": f"Wire {HOSTILE}", "author": HOSTILE,
         "url": "javascript:alert(document.cookie)", "text": f"{FERRY[0]['text']} {HOSTILE}"},
        {**FERRY[1], "url": "https://arden.example/x?a=1&b=<i>",
         "author": "<a href='javascript:alert(3)'>Jo</a>", "title": HOSTILE},
    ]


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> tuple[newsweave.Event, str]:
    """The stored event and its web page."""
    db = tmp_path_factory.mktemp("card") / "card.db"
    with newsweave.Store(db) as store:
        store.ingest(hostile_inputs())
        (row,) = store.events()
        event = store.event(row.id)
    assert event is not None
    page = TestClient(create_app(db)).get(f"/events/{event.id}")
    assert page.status_code == 200
    return event, page.text


def card_of(page: str) -> str:
    (card,) = CARD.findall(page)
    return card


def test_web_page_and_notebook_show_the_same_card(served: tuple[newsweave.Event, str]) -> None:
    event, page = served
    web, notebook = card_of(page), card_of(event._repr_html_())
    assert LINK.sub("", web) == LINK.sub("", notebook)  # the same card, links aside
    assert LINK.sub("", card_of(render(newsweave.Briefing(events=[event]), "html"))) == LINK.sub("", web)
    for section in ("Summary", "Timeline", "Figures across sources", "Quotes", "Sources"):
        assert f"<h2>{section}</h2>" in web
    assert '<svg class="chart"' in web and event.claims and event.timeline
    if event.entities:
        assert 'class="chip type-' in web
    assert 'href="/articles/' in web and 'href="/articles/' not in notebook
    assert 'href="#src-' in notebook


def test_hostile_markup_is_inert_in_both(served: tuple[newsweave.Event, str]) -> None:
    event, page = served
    web, notebook = card_of(page), card_of(event._repr_html_())
    assert_inert(web, local=("/articles/", "#"))
    assert_inert(notebook)
    for card in (web, notebook):
        for raw in PAYLOADS:
            assert raw not in card, raw
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in card  # shown as text, not dropped
    assert 'href="https://arden.example/x?a=1&amp;b=&lt;i&gt;"' in notebook  # an http(s) url links
    assert "<script" not in page.lower() and "<style" not in page.lower()  # the server's CSP: no inline style


def test_the_notebook_card_needs_nothing_outside(served: tuple[newsweave.Event, str]) -> None:
    html = served[0]._repr_html_()
    style = re.fullmatch(r"<style>(.*?)</style>.*", html, re.S)
    assert style and ".newsweave-card" in style[1]
    assert "@import" not in style[1] and "url(" not in style[1]
    parser = Tags()
    parser.feed(html)
    assert not {tag for tag, _ in parser.tags} & {"link", "script", "img", "iframe", "object"}
    assert all(key not in ("src", "srcset") for _, attrs in parser.tags for key, _ in attrs)


def test_the_web_serves_the_card_style(served: tuple[newsweave.Event, str], tmp_path: Path) -> None:
    from newsweave.report.html import card_css

    assert '<link rel="stylesheet" href="/static/card.css">' in served[1]
    with newsweave.Store(tmp_path / "s.db") as store:
        store.ingest([FERRY[0]])
    client = TestClient(create_app(tmp_path / "s.db"))
    css = client.get("/static/card.css")
    assert css.status_code == 200 and css.text == card_css()
    assert css.headers["content-type"].startswith("text/css")
    assert css.headers["x-content-type-options"] == "nosniff"
