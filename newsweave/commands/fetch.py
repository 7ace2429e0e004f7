"""``newsweave fetch`` and ``newsweave watch``: live sources into the store."""

from __future__ import annotations

import math
import threading
from typing import TYPE_CHECKING, Annotated

import typer

from newsweave.cli import Reporter, app, err, fail, progress
from newsweave.errors import NewsweaveError

if TYPE_CHECKING:
    from newsweave.fetch.client import FetchPolicy

Db = Annotated[str, typer.Option(
    "--db", help="The store: a SQLite file, or a postgresql://user@host:port/dbname URL.")]
# Upper bounds: socket timeouts overflow on huge values (1e309 is inf) and a day is plenty.
Timeout = Annotated[float, typer.Option(
    "--timeout", min=0.1, max=86_400, help="Seconds to wait for each request.")]
Delay = Annotated[float | None, typer.Option(
    "--delay", min=0.0, max=86_400, help="Seconds between two requests to one host (default 1).")]


def _policy(timeout: float, delay: float | None) -> FetchPolicy:
    from newsweave.fetch.client import FetchPolicy

    if not all(math.isfinite(v) for v in (timeout, delay or 0.0)):  # "nan" passes click's range check
        raise fail("--timeout and --delay take a number of seconds")
    if delay is None:
        return FetchPolicy(timeout=timeout)
    return FetchPolicy(timeout=timeout, interval=delay)


@app.command()
def fetch(
    sources: Annotated[list[str], typer.Argument(
        help="Page, feed or sitemap URLs, or files listing URLs one per line.")],
    db: Db = "newsweave.db",
    timeout: Timeout = 20.0,
    delay: Delay = None,
) -> None:
    """Fetch pages, feeds and sitemaps over HTTP and ingest their articles like `ingest`.

    robots.txt is respected; each host is paced and retried politely; an unchanged resource
    costs one 304. A URL that cannot be fetched is named on stderr and the rest goes on
    (exit code 1).
    """
    from newsweave.fetch.crawl import Crawler, expand_inputs

    reporter = Reporter()
    urls = expand_inputs(sources, reporter)
    if not urls:
        raise fail("no URL to fetch")
    try:
        with progress("fetching") as advance, Crawler(
            db, _policy(timeout, delay), on_error=reporter, on_fetched=advance
        ) as crawler:
            report = crawler.run(urls)
    except NewsweaveError as exc:
        raise fail(str(exc)) from None
    err.print(f"newsweave: {report.line()}", markup=False)
    handled = report.handled + len(report.added)
    raise typer.Exit(reporter.exit_code(handled))


@app.command()
def watch(
    feeds: Annotated[list[str], typer.Argument(help="Feed (or sitemap) URLs to poll.")],
    every: Annotated[str, typer.Option(
        "--every", help="Time between polls: 30s, 15m, 2h, 1h30m.")] = "15m",
    max_polls: Annotated[int | None, typer.Option(
        "--max-polls", min=1, help="Stop after this many polls.")] = None,
    db: Db = "newsweave.db",
    timeout: Timeout = 20.0,
    delay: Delay = None,
) -> None:
    """Poll feeds and ingest new items until stopped (Ctrl-C, SIGTERM) or after N polls.

    One line per poll on stderr. State lives in the store, so a restart resumes where it left:
    items already handled are not fetched again, unchanged feeds cost a 304.
    """
    from newsweave.fetch.crawl import Crawler, expand_inputs
    from newsweave.fetch.watch import parse_every, stop_on_signals
    from newsweave.fetch.watch import watch as run_watch

    try:
        seconds = parse_every(every)
    except NewsweaveError as exc:
        raise fail(str(exc)) from None
    reporter = Reporter()
    urls = expand_inputs(feeds, reporter)
    if not urls:
        raise fail("no feed URL to watch")
    stop = threading.Event()

    def log(line: str) -> None:
        err.print(f"newsweave: {line}", markup=False)

    try:
        with Crawler(db, _policy(timeout, delay), on_error=reporter) as crawler, \
                stop_on_signals(stop):
            result = run_watch(crawler, urls, seconds, max_polls, stop, log)
    except NewsweaveError as exc:
        raise fail(str(exc)) from None
    if stop.is_set():
        log(f"stopped after {result.polls} polls")
    raise typer.Exit(1 if reporter.rejected else 0)
