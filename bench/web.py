"""Web latency benchmark: event and article pages on a store of 10,000 synthetic articles.

    .venv/bin/python bench/web.py [--articles 10000] [--requests 400]

Builds the store directly through the store modules (invented text, ten articles per event, a
briefing with a cited summary, figures, quotes, entities and a timeline per event; no NLP, so
the build takes seconds), starts ``newsweave serve`` on a free loopback port in a subprocess and
times sequential GETs over HTTP with httpx (connection kept alive). Writes the ``web`` section
of docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from bench._report import machine, write_section  # noqa: E402
from newsweave.records import (  # noqa: E402
    Article,
    Claim,
    Comparison,
    Entity,
    EventBriefing,
    Facts,
    Quote,
    RawDocument,
    Story,
    SummarySentence,
    TimelineEntry,
)
from newsweave.store import articles, events  # noqa: E402
from newsweave.store.db import connect, write  # noqa: E402

TEXT = """council river bridge harbour officials said on monday the engineers crews residents
mayor storm water police minister report inquiry families schools road town city agency workers
union strike hospital fire damage repairs funds"""
WORDS = TEXT.split()
PLACES = ["Tarsano", "Mirova", "Valmora", "Dunholt", "Perast", "Quillon", "Kelmar", "Lissow"]


def sentence(rng: random.Random, place: str) -> str:
    words = [rng.choice(WORDS) for _ in range(rng.randint(12, 24))]
    words.insert(rng.randrange(len(words)), place)
    return " ".join(words).capitalize() + "."


def build(db: Path, n_articles: int, per_event: int = 10, seed: int = 6) -> None:
    rng = random.Random(seed)
    conn = connect(db)
    for first in range(0, n_articles, per_event):
        with write(conn):
            eid = events.new_event(conn)
            place = rng.choice(PLACES)
            day = f"2026-{1 + first // per_event % 12:02d}-{1 + first % 28:02d}"
            arts: list[Article] = []
            for i in range(first, min(first + per_event, n_articles)):
                paras = ["  ".join(sentence(rng, place) for _ in range(4)) for _ in range(4)]
                text = "\n\n".join(paras)
                art = Article(id=f"a{i:05d}", text=text, outlet=f"Outlet {i % 37}",
                              author=f"Writer {i % 101}", published=day,
                              title=f"{place}: {sentence(rng, place)[:60]}",
                              url=f"https://o{i % 37}.example/{i}")
                doc = RawDocument(id=art.id, text=text, title=art.title, outlet=art.outlet, date=day)
                articles.insert(conn, art, doc)
                arts.append(art)
            stories = [Story(id=a.id, original=a.id, articles=[a.id]) for a in arts[1:]]
            stories.insert(0, Story(id=arts[0].id, original=arts[0].id, articles=[arts[0].id]))
            events.place(conn, eid, stories)
            events.save_briefing(conn, briefing(eid, place, day, arts, stories))
    conn.close()


def first_sentence(art: Article, n: int = 0) -> tuple[int, int]:
    start = 0
    for _ in range(n):
        start = art.text.index(". ", start) + 2
    return start, art.text.index(".", start) + 1


def briefing(eid: str, place: str, day: str, arts: list[Article], stories: list[Story]) -> EventBriefing:
    summary, claims, quotes, timeline = [], [], [], []
    for k, art in enumerate(arts[:5]):
        s, e = first_sentence(art, k % 3)
        summary.append(SummarySentence(art.text[s:e], art.id, s, e))
        claims.append(Claim(f"{art.id}-c", "people injured", 10 + k, 10 + k, 10 + k, "people", None,
                            day, None, None, art.id, s, e))
        quotes.append(Quote(f"Speaker {k % 2}", art.text[s:e], art.id, s, e))
        timeline.append(TimelineEntry(day, art.text[s:e], art.id, s, e))
    facts = Facts(
        entities=[Entity(place, "GPE", [place], [a.id for a in arts], len(arts))],
        quotes=quotes, claims=claims, timeline=timeline,
        comparisons=[Comparison("people injured", "conflict", [c.id for c in claims])],
    )
    return EventBriefing(eid, f"{place} event {eid}", day, day, arts, stories, summary, facts)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def timed(client: object, urls: list[str]) -> list[float]:
    out = []
    for url in urls:
        t = time.perf_counter()
        r = client.get(url)  # type: ignore[attr-defined]
        out.append((time.perf_counter() - t) * 1000)
        if r.status_code != 200:
            raise SystemExit(f"{url}: HTTP {r.status_code}")
    return out


def p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    import httpx

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--articles", type=int, default=10_000)
    ap.add_argument("--requests", type=int, default=400)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.db"
        t0 = time.perf_counter()
        build(db, args.articles)
        build_s = time.perf_counter() - t0
        size_mb = db.stat().st_size / 1e6
        port = free_port()
        server = subprocess.Popen([sys.executable, "-m", "newsweave", "serve", "--db", str(db),
                                   "--port", str(port)], cwd=REPO)
        try:
            base = f"http://127.0.0.1:{port}"
            with httpx.Client(base_url=base, timeout=30) as client:
                for _ in range(200):
                    try:
                        client.get("/static/style.css")
                        break
                    except httpx.TransportError:
                        time.sleep(0.1)
                rng = random.Random(1)
                n_events = -(-args.articles // 10)
                ev_urls = [f"/events/e{rng.randint(1, n_events)}" for _ in range(args.requests)]
                art_urls = [f"/articles/a{rng.randrange(args.articles):05d}" for _ in range(args.requests)]
                rows = {
                    "event page `/events/{id}`": ev_urls,
                    "article page `/articles/{id}`": art_urls,
                    "event list `/`": ["/"] * (args.requests // 4),
                    "search `/?q=`": [f"/?q={rng.choice(WORDS)}+{rng.choice(PLACES)}"
                                      for _ in range(args.requests // 4)],
                    "API briefing `/api/events/{id}`": ev_urls[: args.requests // 4],
                }
                timed(client, ev_urls[:20] + art_urls[:20])  # warm the page cache
                results = {name: timed(client, urls) for name, urls in rows.items()}
                load = os.getloadavg()[0]
        finally:
            server.terminate()
            server.wait(10)
    lines = [
        "## Web pages (`bench/web.py`)",
        "",
        f"`.venv/bin/python bench/web.py --articles {args.articles} --requests {args.requests}` — "
        f"{machine()}.",
        "",
        f"Store: {args.articles:,} synthetic articles in {n_events:,} events ({size_mb:.0f} MB, "
        f"built in {build_s:.0f} s through the store modules, no NLP). `newsweave serve` on a "
        "loopback port, sequential keep-alive GETs with httpx, latency measured at the client. "
        f"Load average during the run: {load:.1f} on {os.cpu_count()} cores (a shared machine: "
        "wall-clock latency includes waiting for a core; in-process CPU time is ~4–6 ms per page).",
        "",
        "| page | requests | median ms | p99 ms | target |",
        "|---|---:|---:|---:|---|",
    ]
    for name, ms in results.items():
        target = "< 50 ms median" if "page" in name and "list" not in name else ""
        lines.append(f"| {name} | {len(ms)} | {statistics.median(ms):.1f} | {p(ms, 0.99):.1f} | {target} |")
    md = "\n".join(lines) + "\n"
    print(md)
    write_section("web", md)


if __name__ == "__main__":
    main()
