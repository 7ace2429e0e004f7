"""Issue 16's acceptance, run by an installed newsweave (never the source tree): the wheel test
(tests/test_packaging.py) and scripts/check-wheel.sh run this file inside a fresh venv.

    python wheel_acceptance.py SEEDS_FOLDER_OR_EMPTY ARTICLE_PATH [--web]

Each check prints one line; the first failure raises. ``--web`` also serves a store through the
web app (the [web] extra) and checks the event page shows the notebook's card.
"""

from __future__ import annotations

import re
import sys
import tempfile
from html.parser import HTMLParser
from pathlib import Path

import newsweave

HOSTILE = "<script>alert(1)</script><img src=x onerror=alert(2)>\"'><b>"
TEXT = "Ferry crews in Port Arden walked out on Thursday, halting all 14 crossings, officials said."
DICTS = [
    {"id": "a", "text": TEXT, "outlet": "Kessel Wire"},
    {"id": "b", "text": "All 14 ferry crossings from Port Arden were cancelled on Thursday as crews "
                        "went on strike, and more than 3,500 passengers were stranded."},
]
CLAIM_COLUMNS = {"id", "article", "subject", "value", "low", "high", "unit", "comparison", "status"}
CARD = re.compile(r'<article class="newsweave-card" id="event-[^"]*">.*?</article>', re.S)
LINK = re.compile(r"</?a\b[^>]*>")


class Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found.append((tag, dict(attrs)))


def check(name: str, ok: bool, detail: object = "") -> None:
    print(f"{'ok  ' if ok else 'FAIL'} {name}" + (f": {detail}" if detail and not ok else ""))
    if not ok:
        raise SystemExit(1)


def seeds(folder: str) -> None:
    b = newsweave.brief([folder])
    check("seeds: one event of two articles",
          [len(e.articles) for e in b.events] == [2], [len(e.articles) for e in b.events])
    ev = b.events[0]
    by_id = {c.id: c for c in ev.claims}
    pairs = [(sorted(by_id[c].value for c in comp.claims), comp.status) for comp in ev.comparisons]
    check("seeds: 320 vs 100 compared, not agree",
          any(values == [100, 320] and status != "agree" for values, status in pairs), pairs)


def inert(page: str, local: tuple[str, ...] = ("#",)) -> None:
    tags = Tags()
    tags.feed(page)
    check("no script, image or frame", not [t for t, _ in tags.found
                                            if t in ("script", "img", "iframe", "object", "link")])
    check("no event handler", all(not k.startswith("on") for _, a in tags.found for k in a))
    hrefs = [a["href"] or "" for _, a in tags.found if "href" in a]
    check("links only inside the card or to https", all(h.startswith((*local, "https://")) for h in hrefs),
          hrefs)


def hostile() -> newsweave.Event:
    return newsweave.brief([{"id": "h", "title": HOSTILE, "outlet": HOSTILE, "author": HOSTILE,
                             "url": "javascript:alert(3)", "text": f"{TEXT} {HOSTILE}"}]).events[0]


def web(event_inputs: list[dict[str, str]]) -> None:
    from fastapi.testclient import TestClient

    from newsweave.web import create_app

    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "s.db"
        with newsweave.Store(db) as store:
            store.ingest(event_inputs)
            event = store.event(store.events()[0].id)
        assert event is not None
        client = TestClient(create_app(db))
        page = client.get(f"/events/{event.id}")
        check("web: the event page answers", page.status_code == 200, page.status_code)
        cards = CARD.findall(page.text), CARD.findall(event._repr_html_())
        check("web: the page's card is the notebook's, links aside",
              [LINK.sub("", c) for c in cards[0]] == [LINK.sub("", c) for c in cards[1]] != [])
        inert(cards[0][0], ("#", "/articles/"))
        check("web: /static/card.css is served", client.get("/static/card.css").status_code == 200)


def main(argv: list[str]) -> None:
    print(f"newsweave {newsweave.__version__} from {newsweave.__file__}")
    if argv[0]:
        seeds(argv[0])
    b = newsweave.brief(DICTS)
    check("brief on dicts", {a.id for e in b.events for a in e.articles} == {"a", "b"})
    claims = b.to_frames()["claims"]
    check("to_frames: one claims row per claim",
          len(claims) == sum(len(e.claims) for e in b.events) > 0, len(claims))
    check("to_frames: claims columns", set(claims) >= CLAIM_COLUMNS, CLAIM_COLUMNS - set(claims))
    art = newsweave.clean(argv[1])
    check("clean(path): text, and what was removed", bool(art.text and art.removed))
    rows = newsweave.cluster(DICTS)
    check("cluster(dicts)", [r.id for r in rows] == ["a", "b"] and rows[0].event == rows[1].event, rows)
    page = hostile()._repr_html_()
    inert(page)
    check("hostile text shown escaped", "&lt;script&gt;alert(1)&lt;/script&gt;" in page)
    if "--web" in argv:
        web([{**d, "title": HOSTILE, "author": HOSTILE, "url": "javascript:alert(3)"} for d in DICTS])
    print("acceptance ok")


if __name__ == "__main__":
    main(sys.argv[1:])
