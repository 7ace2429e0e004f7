"""The watch loop end to end against loopback hosts: a 20-item feed (full-content and link-only
items), junk-laden pages, robots.txt, a host that answers 503 twice, one that never answers;
three polls, then a restart; and a clean stop on SIGTERM. Every request goes to 127.0.0.1."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from test_fetch_site import (
    JUNK_MARKERS,
    SilentHost,
    Site,
    article_html,
    gaps,
    no_proxies,  # noqa: F401 - autouse fixture: no environment proxy in these tests
    rss,
    story_text,
)
from typer.testing import CliRunner

from newsweave.cli import app
from newsweave.errors import InputError
from newsweave.fetch.client import FetchPolicy
from newsweave.fetch.crawl import Crawler
from newsweave.fetch.pages import Fetched
from newsweave.fetch.watch import stop_on_signals
from newsweave.fetch.watch import watch as run_watch

DELAY = 0.3  # --delay: seconds between two requests to one host
SLACK = 0.05  # request start (client) vs arrival (server) jitter on loopback
JUNK = "Content ='Pell Orrin'>"


class World:
    """Three hosts and the feed that links them."""

    def __init__(self) -> None:
        self.a, self.b, self.c = Site(), Site(fail_first=2, fail_prefix="/b/"), SilentHost()
        a, b = self.a, self.b
        a.add("/robots.txt", "User-agent: *\nDisallow: /private/\n")
        b.add("/robots.txt", "User-agent: *\nAllow: /\n")
        items: list[dict[str, str]] = []
        self.expected: set[str] = set()
        for n in range(8):  # full content in the feed: stored without fetching the link
            link = a.add(f"/full/{n}", article_html(n))
            items.append({"title": f"Full {n}", "link": link, "guid": f"item-{n}",
                          "content": "".join(f"<p>{p}</p>" for p in story_text(n))})
            self.expected.add(link)
        for n in range(8, 14):  # link-only, allowed, with injected junk on the page
            link = a.add(f"/news/{n}", article_html(n, junk=JUNK), etag=f'"p{n}"')
            items.append({"title": f"News {n}", "link": link, "guid": f"item-{n}"})
            self.expected.add(link)
        self.gone = a.url("/news/gone")  # 404
        items.append({"title": "Gone", "link": self.gone, "guid": "item-14"})
        self.private = a.add("/private/15", article_html(15))  # forbidden by robots.txt
        items.append({"title": "Private", "link": self.private, "guid": "item-15"})
        for n in (16, 17):  # on the host that answers 503 twice first
            link = b.add(f"/b/{n}", article_html(n))
            items.append({"title": f"B {n}", "link": link, "guid": f"item-{n}"})
            self.expected.add(link)
        self.silent = self.c.url("/c/18")
        items.append({"title": "Silent", "link": self.silent, "guid": "item-18"})
        # the same article as item 8 under another URL: its page names /news/8 canonical
        a.add("/amp/8", article_html(8, canonical=a.url("/news/8")))
        amp = a.url("/amp/8?utm_source=feed&fbclid=x1")  # trackers are dropped before fetching
        items.append({"title": "News 8 (AMP)", "link": amp, "guid": "item-19"})
        assert len(items) == 20
        self.feed = a.add("/feed.xml", rss(items), etag='"feed-v1"',
                          headers={"Content-Type": "application/rss+xml"})

    def close(self) -> None:
        self.a.close()
        self.b.close()
        self.c.close()


@pytest.fixture
def world() -> Iterator[World]:
    w = World()
    yield w
    w.close()


def stored(db: Path) -> list[tuple[str, str]]:
    conn = sqlite3.connect(db)
    try:
        return conn.execute("SELECT url, text FROM articles ORDER BY seq").fetchall()
    finally:
        conn.close()


def watch(world: World, db: Path, polls: int) -> tuple[int, str]:
    result = CliRunner().invoke(app, [
        "watch", world.feed, "--every", "1s", "--max-polls", str(polls), "--db", str(db),
        "--timeout", "0.5", "--delay", str(DELAY),
    ])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stderr


@pytest.mark.slow
def test_watch_three_polls_then_restart(world: World, tmp_path: Path) -> None:
    db = tmp_path / "watch.db"
    code, err = watch(world, db, 3)
    assert code == 1, err  # some items were rejected, each named
    assert "Traceback" not in err
    poll_lines = [ln for ln in err.splitlines() if " poll " in f" {ln} " and " at " in ln]
    assert len(poll_lines) == 3, err

    # exactly the allowed, reachable articles, once each
    rows = stored(db)
    urls = [u for u, _ in rows]
    assert sorted(urls) == sorted(world.expected)
    assert len(urls) == len(set(urls)) == 16
    for _, text in rows:
        assert not any(marker in text for marker in JUNK_MARKERS)

    # each rejected item named with its problem
    assert any(world.private in ln and "robots.txt forbids" in ln for ln in err.splitlines())
    assert any(world.gone in ln and "HTTP 404" in ln for ln in err.splitlines())
    assert any(world.silent in ln and "no answer" in ln for ln in err.splitlines())

    a = world.a
    assert not a.hits("/private/15")  # robots.txt respected
    assert not [h for h in a.log if h.path.startswith("/full/")]  # full items not fetched
    for n in range(8, 14):
        assert len(a.hits(f"/news/{n}")) == 1, n  # fetched once over three polls
    assert len(a.hits("/news/gone")) == 1  # a 404 is not tried again
    assert [h.status for h in a.hits("/amp/8")] == [200]  # fetched, found to be /news/8
    assert [h.status for h in a.hits("/feed.xml")] == [200, 304, 304]
    b_log = [(h.path, h.status) for h in world.b.log]  # robots.txt, two 503s, then retried
    assert b_log[0] == ("/robots.txt", 200) and [st for _, st in b_log[1:3]] == [503, 503]
    assert sorted(b_log[3:]) == [("/b/16", 200), ("/b/17", 200)]

    # the per-host pace, from the servers' own request logs
    for site in (world.a, world.b):
        assert min(gaps(site.log)) >= DELAY - SLACK

    # restart: state is in the store, nothing unchanged is fetched again
    before = len(a.log)
    code, err = watch(world, db, 1)
    new_hits = a.log[before:]
    assert {h.path for h in new_hits} <= {"/feed.xml", "/robots.txt"}
    assert [h.status for h in new_hits if h.path == "/feed.xml"] == [304]
    assert len(stored(db)) == 16
    assert "0 added" in err


@pytest.mark.slow
def test_watch_stops_cleanly_on_sigterm(tmp_path: Path) -> None:
    site = Site()
    try:
        items = [{"title": f"N{n}", "link": site.add(f"/n/{n}", article_html(n)),
                  "guid": f"g{n}"} for n in range(3)]
        feed = site.add("/feed.xml", rss(items), etag='"v"')
        db = tmp_path / "sig.db"
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        proc = subprocess.Popen(
            [sys.executable, "-m", "newsweave", "watch", feed, "--every", "1h", "--db", str(db),
             "--delay", "0"],
            stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, env=env,
        )
        lines: list[str] = []
        first_poll = threading.Event()

        def read() -> None:
            assert proc.stderr is not None
            for line in proc.stderr:
                lines.append(line)
                if "poll 1 at" in line:
                    first_poll.set()

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        assert first_poll.wait(120), "".join(lines)
        proc.send_signal(signal.SIGTERM)
        try:
            code = proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise
        reader.join(5)
        out = "".join(lines)
        assert code == 0, out
        assert "stopped after 1 polls" in out and "Traceback" not in out
        assert len(stored(db)) == 3
    finally:
        site.close()


class RecordingSink:
    """Stands in for the store: keeps what would have been stored."""

    def __init__(self) -> None:
        self.items: list[Fetched] = []

    def add(self, items: Sequence[Fetched]) -> list[str | None]:
        self.items.extend(items)
        return [f.article.id for f in items]

    def close(self) -> None:
        pass


def crawler(db: Path, sink: RecordingSink, errors: list[InputError]) -> Crawler:
    policy = FetchPolicy(timeout=1.0, backoff=0.01, interval=0.0)
    return Crawler(db, policy, on_error=errors.append, sink=sink)


def test_watch_survives_a_feed_host_that_is_down_then_back(tmp_path: Path) -> None:
    site = Site(fail_first=3)  # robots.txt fails three times: the whole first poll
    try:
        items = [{"title": f"N{n}", "link": site.add(f"/n/{n}", article_html(n)),
                  "guid": f"g{n}"} for n in range(4)]
        feed = site.add("/feed.xml", rss(items), etag='"v"')
        sink, errors, lines = RecordingSink(), list[InputError](), list[str]()
        with crawler(tmp_path / "w.db", sink, errors) as c:
            result = run_watch(c, [feed], 0.01, 3, threading.Event(), lines.append)
        assert result.polls == 3 and len(lines) == 3
        assert "robots.txt keeps failing" in str(errors[0]) and len(errors) == 1
        assert "4 added" in lines[1] and "1 unchanged" in lines[2]
        assert sorted(f.url for f in sink.items) == sorted(i["link"] for i in items)
    finally:
        site.close()


def test_watch_stop_ends_the_wait_at_once(tmp_path: Path) -> None:
    site = Site()
    try:
        feed = site.add("/feed.xml", rss([]))
        stop = threading.Event()
        lines: list[str] = []

        def log(line: str) -> None:
            lines.append(line)
            stop.set()  # as the SIGTERM handler would, while the loop waits an hour

        with crawler(tmp_path / "w.db", RecordingSink(), []) as c:
            result = run_watch(c, [feed], 3600.0, None, stop, log)
        assert result.polls == 1 and len(lines) == 1
    finally:
        site.close()


def test_stopped_run_resumes_without_losing_or_refetching_items(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import newsweave.fetch.crawl as crawl

    monkeypatch.setattr(crawl, "BATCH", 1)  # hand each article to the store as it comes
    site = Site()
    stop = threading.Event()

    class StoppingSink(RecordingSink):
        def add(self, items: Sequence[Fetched]) -> list[str | None]:
            stop.set()  # SIGTERM arrives while the first article is being stored
            return super().add(items)

    try:
        items = [{"title": f"N{n}", "link": site.add(f"/n/{n}", article_html(n)),
                  "guid": f"g{n}"} for n in range(5)]
        feed = site.add("/feed.xml", rss(items), etag='"v"')
        sink = StoppingSink()
        policy = FetchPolicy(timeout=1.0, backoff=0.01, interval=0.0, concurrency=1)
        with Crawler(tmp_path / "w.db", policy, sink=sink) as c:
            first = c.run([feed], stop)
            assert 1 <= len(first.added) < 5
            second = c.run([feed])
        assert len(first.added) + len(second.added) == 5
        assert sorted(f.url for f in sink.items) == sorted(i["link"] for i in items)
        assert [h.status for h in site.hits("/feed.xml")] == [200, 200]  # no 304: items unread
        for n in range(5):
            assert len(site.hits(f"/n/{n}")) == 1
    finally:
        site.close()


def test_signals_set_stop_and_a_second_one_interrupts() -> None:
    stop = threading.Event()
    before = signal.getsignal(signal.SIGTERM)
    with stop_on_signals(stop):
        os.kill(os.getpid(), signal.SIGTERM)
        assert stop.wait(5)
        with pytest.raises(KeyboardInterrupt):
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(5)  # the handler raises before this ends
    assert signal.getsignal(signal.SIGTERM) is before
