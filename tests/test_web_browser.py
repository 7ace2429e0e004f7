"""The pages in headless Chromium (Debian's, driven by Playwright): list -> event -> citation ->
highlighted sentence, search, and no injected script or element ever reaching the DOM.

Screenshots go to test-artifacts/. Skipped only when /usr/bin/chromium is absent.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_web import CRAFTED, build_store

from newsweave.web import create_app

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[1] / "test-artifacts"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian chromium is not installed"),
]

# Anything a payload could have planted, checked in the live DOM.
INJECTED = """() => [
  ...document.querySelectorAll('script, iframe, object, embed, img, svg [onload], svg script'),
  ...[...document.querySelectorAll('*')].filter(el =>
      [...el.attributes].some(a => a.name.startsWith('on') ||
        /^\\s*javascript:/i.test(a.value) && ['href', 'src', 'action'].includes(a.name))),
].map(el => el.outerHTML.slice(0, 120))"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    import uvicorn

    db = build_store(tmp_path_factory.mktemp("browser"))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    config = uvicorn.Config(create_app(db), host="127.0.0.1", port=port, log_level="warning")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started and time.monotonic() < deadline:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser: object) -> Iterator[object]:
    from playwright.sync_api import Browser

    assert isinstance(browser, Browser)
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    pg = context.new_page()
    dialogs: list[str] = []
    pg.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    pg.dialogs = dialogs  # type: ignore[attr-defined]
    yield pg
    context.close()
    assert dialogs == [], f"a dialog fired: {dialogs}"


def shot(page: object, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)  # type: ignore[attr-defined]


def test_list_event_citation_highlighted_sentence(server: str, page: object) -> None:
    from playwright.sync_api import Page, expect

    assert isinstance(page, Page)
    page.goto(server + "/")
    shot(page, "01-event-list")
    page.get_by_role("link", name="Korvel Bridge collapses").first.click()
    expect(page.locator("h1")).to_contain_text("Korvel")
    shot(page, "02-event")
    cite = page.locator(".summary sup.cite a").first
    sentence = page.locator(".summary .sentence").first.inner_text()
    href = cite.get_attribute("href") or ""
    cite.click()
    page.wait_for_url("**/articles/**")
    anchor = href.split("#", 1)[1]
    target = page.locator(f"mark[id='{anchor}']")
    expect(target).to_be_visible()
    assert " ".join(target.inner_text().split()) == " ".join(sentence.split())
    assert page.evaluate("() => document.querySelector(':target')?.id") == anchor
    outline = target.evaluate("el => getComputedStyle(el).outlineStyle")
    assert outline == "solid"  # the followed citation stands out from the other marks
    shot(page, "03-article-highlight")


def test_search_box_finds_the_strike(server: str, page: object) -> None:
    from playwright.sync_api import Page, expect

    assert isinstance(page, Page)
    page.goto(server + "/")
    page.fill("input[name=q]", "nurses picket")
    page.click("form.search button")
    expect(page.locator("h1")).to_contain_text("matching")
    expect(page.locator(".event-card")).to_have_count(1)
    shot(page, "04-search")
    page.locator(".event-card a").first.click()
    expect(page.locator(".sources")).to_contain_text("Mirova")


def _crafted_event(server: str, page: object) -> str:
    import json

    resp = page.request.get(f"{server}/api/articles/{CRAFTED.id}")  # type: ignore[attr-defined]
    return str(json.loads(resp.text())["event"])


@pytest.mark.parametrize("where", ["event", "article", "hostile-article", "api-event",
                                   "api-article", "search", "list"])
def test_no_payload_runs_or_reaches_the_dom(server: str, page: object, where: str) -> None:
    from playwright.sync_api import Page

    assert isinstance(page, Page)
    eid = _crafted_event(server, page)
    url = {"event": f"/events/{eid}", "article": f"/articles/{CRAFTED.id}",
           "hostile-article": "/articles/quay-hostile", "api-event": f"/api/events/{eid}",
           "api-article": f"/api/articles/{CRAFTED.id}", "list": "/",
           "search": "/?q=%3Cscript%3Ealert(1)%3C/script%3E"}[where]
    page.goto(server + url)
    for details in page.locator("details").all():
        details.evaluate("el => el.open = true")  # `removed` and folded copies, opened
    page.wait_for_timeout(150)
    assert page.evaluate(INJECTED) == []
    if where in ("article", "event"):
        assert "<script>alert(1)</script>" in page.locator("body").inner_text()  # shown as text
        shot(page, f"05-hostile-{where}")


def card_text(page: object) -> str:
    """The event card's text as shown, its folded copies opened."""
    for details in page.locator("details").all():  # type: ignore[attr-defined]
        details.evaluate("el => el.open = true")
    page.wait_for_timeout(150)  # type: ignore[attr-defined]
    return str(page.locator("article.newsweave-card").inner_text())  # type: ignore[attr-defined]


def test_notebook_card_is_the_event_page_card_and_inert(server: str, page: object) -> None:
    """The event's ``_repr_html_`` loaded as a notebook output would be: no payload reaches the
    DOM, nothing is fetched, and the card reads exactly as the web page's card."""
    import json

    from playwright.sync_api import Page

    from newsweave.records import Event

    assert isinstance(page, Page)
    eid = _crafted_event(server, page)
    page.goto(f"{server}/events/{eid}")
    web_text = card_text(page)
    doc = json.loads(page.request.get(f"{server}/api/events/{eid}").text())
    fetched: list[str] = []
    page.goto("about:blank")  # away from the server's origin, whose CSP refuses inline style
    page.on("request", lambda r: fetched.append(r.url))
    page.set_content(Event.from_dict(doc["events"][0])._repr_html_())
    assert card_text(page) == web_text
    assert page.evaluate(INJECTED) == [] and fetched == []
    assert page.locator("article.newsweave-card svg.chart").count() == 1
    shot(page, "06-hostile-notebook-card")
