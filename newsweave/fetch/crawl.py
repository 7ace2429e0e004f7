"""One fetch run: URLs, feeds and sitemaps in, new articles into the store.

Work goes in waves (inputs; then the pages and child sitemaps they list), each wave fetched by
a pool of threads sharing one polite ``Fetcher``. Everything that touches SQLite happens on the
calling thread, between waves, so the store never sees two writers from one run.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from itertools import zip_longest
from pathlib import Path

from newsweave.errors import InputError, NewsweaveError
from newsweave.fetch.client import Fetcher, FetchError, FetchPolicy, Response
from newsweave.fetch.feeds import FeedItem, parse_feed
from newsweave.fetch.pages import Fetched, fetched, text_key
from newsweave.fetch.robots import RobotsCache
from newsweave.fetch.sitemaps import parse_sitemap
from newsweave.fetch.state import FetchState, Validators
from newsweave.fetch.store import Sink, StoreSink
from newsweave.fetch.urls import canonical_url, declared_canonical, host_key, is_http_url
from newsweave.fetch.xmlsafe import UnsafeXml, sniff

MAX_DEPTH = 3  # sitemap index -> sitemap -> page
BATCH = 50  # articles handed to the store at a time: memory stays flat, a kill loses little


@dataclass(frozen=True, slots=True)
class Task:
    url: str  # canonical
    feed: str | None = None  # the feed (or sitemap) that listed it
    item: str | None = None  # its id in that feed
    hint: FeedItem | None = None
    depth: int = 0


# An article found, the task (feed item or page) it answers, and the page's response if any.
Found = tuple[Task, Fetched, Response | None]


@dataclass(slots=True)
class Outcome:
    task: Task
    response: Response | None = None
    found: list[Found] = field(default_factory=list)
    more: list[Task] = field(default_factory=list)
    error: InputError | None = None


@dataclass(slots=True)
class RunReport:
    added: list[str] = field(default_factory=list)
    duplicate: int = 0
    unchanged: int = 0
    rejected: int = 0
    handled: int = 0  # inputs fetched (or found unchanged) without error

    def line(self) -> str:
        return (f"{len(self.added)} added, {self.duplicate} duplicate, {self.unchanged} "
                f"unchanged, {self.rejected} rejected")


def expand_inputs(inputs: Iterable[str], on_error: Callable[[InputError], None]) -> list[str]:
    """URLs as given, plus the URLs listed one per line in local files (``#`` comments)."""
    urls: list[str] = []
    for raw in inputs:
        if is_http_url(raw):
            urls.append(raw.strip())
            continue
        path = Path(raw)
        if not path.is_file():
            on_error(InputError(raw, "neither an http(s) URL nor a file of URLs"))
            continue
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as exc:
            on_error(InputError(raw, f"cannot read the URL list ({exc})"))
            continue
        for n, line in enumerate(lines, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if is_http_url(line):
                urls.append(line)
            else:
                on_error(InputError(f"{raw}:{n}", f"not an http(s) URL: {line[:80]!r}"))
    return urls


def interleave(tasks: list[Task]) -> list[Task]:
    """Round-robin over hosts, so that workers waiting for one slow or paced host do not hold
    up the others (the pool takes tasks in order)."""
    by_host: dict[str, list[Task]] = {}
    for task in tasks:
        by_host.setdefault(host_key(task.url), []).append(task)
    rounds = zip_longest(*by_host.values())
    return [t for batch in rounds for t in batch if t is not None]


class Crawler:
    """Fetches sources into the store at ``db``; reusable across polls (``watch``)."""

    def __init__(self, db: str | Path, policy: FetchPolicy | None = None,
                 on_error: Callable[[InputError], None] = lambda e: None,
                 sink: Sink | None = None, on_fetched: Callable[[], None] | None = None) -> None:
        self.policy = policy or FetchPolicy()
        self.on_error = on_error
        self.on_fetched = on_fetched  # called once per URL done (progress bars)
        self.state = FetchState(db)
        self.sink: Sink = sink or StoreSink(db)
        self.fetcher = Fetcher(self.policy)
        self.robots = RobotsCache(self.fetcher)
        # Reading is CPU work under the GIL: threads gain nothing running it side by side, and
        # the reader and cleaner load their models lazily, which is neither cheap nor known to be
        # thread-safe when eight workers hit it at once. One page is read at a time.
        self._reading = threading.Lock()

    def close(self) -> None:
        self.fetcher.close()
        self.state.close()
        self.sink.close()

    def __enter__(self) -> Crawler:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def run(self, urls: Iterable[str], stop: threading.Event | None = None) -> RunReport:
        """Fetch every URL (page, feed or sitemap) and what its feeds and sitemaps list."""
        report = RunReport()
        self.fetcher.revive()
        wave: list[Task] = []
        queued: set[str] = set()
        for raw in urls:
            url = canonical_url(raw)
            if url not in queued:
                queued.add(url)
                wave.append(Task(url))
        found: list[Found] = []
        after: list[tuple[str, Response]] = []  # feeds and sitemaps: kept once all is stored
        with ThreadPoolExecutor(self.policy.concurrency, thread_name_prefix="fetch") as pool:
            while wave and not (stop and stop.is_set()):
                next_wave: list[Task] = []
                for out in self._wave(pool, wave, stop):
                    retry = self._settle(out, report, found, after)
                    if self.on_fetched:
                        self.on_fetched()
                    if len(found) >= BATCH:
                        self._store(found, report)
                        found.clear()
                    for task in out.more + retry:
                        if task.url not in queued and task.depth <= MAX_DEPTH:
                            queued.add(task.url)
                            next_wave.append(task)
                wave = self._pending(next_wave, report)
        self._store(found, report)
        if not (stop and stop.is_set()):  # stopped early, some items are unread: no 304 next time
            for url, resp in after:
                self.state.remember(url, resp.etag, resp.last_modified)
        return report

    def _wave(self, pool: ThreadPoolExecutor, wave: list[Task],
              stop: threading.Event | None) -> Iterator[Outcome]:
        futures: set[Future[Outcome]] = {
            pool.submit(self._work, t, self.state.validators(t.url)) for t in interleave(wave)
        }
        while futures:
            done, futures = wait(futures, timeout=0.5, return_when=FIRST_COMPLETED)
            for fut in done:
                yield fut.result()
            if stop and stop.is_set():
                for fut in futures:
                    fut.cancel()
                futures = {f for f in futures if not f.cancelled()}

    def _pending(self, tasks: list[Task], report: RunReport) -> list[Task]:
        """Drop feed items already handled, and items whose URL is already stored."""
        out: list[Task] = []
        for task in tasks:
            if task.feed and task.item and not self.state.item_pending(task.feed, task.item):
                continue
            if task.feed and task.item and self.state.article_for("url:" + task.url):
                self.state.mark_item(task.feed, task.item, "done", task.url)
                report.duplicate += 1
                continue
            out.append(task)
        return out

    def _work(self, task: Task, cached: Validators) -> Outcome:
        """Fetch one URL and read it (runs on a worker thread; no SQLite here)."""
        out = Outcome(task)
        try:
            resp = self.fetcher.get(task.url, cached.etag, cached.last_modified)
            out.response = resp
            if resp.unchanged:
                return out
            kind = "page" if task.item else sniff(resp.body, resp.content_type)
            if kind == "feed":
                out.more = self._feed_items(task, resp, out.found)
            elif kind == "sitemap":
                out.more = self._sitemap(task, resp)
            else:
                out.found.append((task, self._page(task, resp), resp))
        except UnsafeXml as exc:
            out.error = InputError(task.url, str(exc))
        except InputError as exc:
            out.error = exc
        except NewsweaveError as exc:
            out.error = InputError(task.url, str(exc))
        return out

    def _page(self, task: Task, resp: Response) -> Fetched:
        html = resp.text()
        final = canonical_url(resp.url)
        declared = declared_canonical(html, resp.url)
        hint = task.hint
        with self._reading:
            return fetched(html, declared or final, resp.fetched_at, also=(task.url, final),
                           title=hint.title if hint else None,
                           date=hint.published if hint else None,
                           author=hint.author if hint else None)

    def _feed_items(self, task: Task, resp: Response,
                    found: list[Found]) -> list[Task]:
        feed = parse_feed(resp.body, resp.url)
        more: list[Task] = []
        for item in feed.items:
            link = canonical_url(item.link) if item.link else None
            if item.full or link is None:
                try:
                    with self._reading:
                        f = fetched(item.html or "", link or task.url + "#" + item.id,
                                    resp.fetched_at, title=item.title, date=item.published,
                                    author=item.author, outlet=feed.title, fmt="feed")
                except InputError:
                    continue  # an item with neither a link nor text: nothing to read
                if link is None:
                    f.article.url = None
                    f.keys = (text_key(f.article.text),)
                found.append((Task(f.url, feed=task.url, item=item.id), f, None))
                continue
            more.append(Task(link, feed=task.url, item=item.id, hint=item, depth=task.depth + 1))
        return more

    def _sitemap(self, task: Task, resp: Response) -> list[Task]:
        sitemap = parse_sitemap(resp.body, resp.url, self.policy.max_bytes)
        more = [Task(canonical_url(u), depth=task.depth + 1) for u in sitemap.sitemaps]
        for entry in sitemap.entries:
            hint = FeedItem(id=entry.url, link=entry.url, title=entry.title,
                            published=entry.published or entry.lastmod)
            more.append(Task(canonical_url(entry.url), feed=task.url, item=entry.url, hint=hint,
                             depth=task.depth + 1))
        return more

    def _settle(self, out: Outcome, report: RunReport, found: list[Found],
                after: list[tuple[str, Response]]) -> list[Task]:
        """Record one outcome (calling thread); returns failed items of an unchanged feed to
        try again. Validators are kept only once the run has stored what it found."""
        task = out.task
        if out.error is not None:
            report.rejected += 1
            self.on_error(out.error)
            if task.feed and task.item:
                transient = isinstance(out.error, FetchError) and out.error.transient
                state = "failed" if transient else "rejected"
                self.state.mark_item(task.feed, task.item, state, task.url)
            return []
        if task.depth == 0:
            report.handled += 1
        resp = out.response
        if resp is not None and resp.unchanged:
            report.unchanged += 1
            if task.feed and task.item:
                self.state.mark_item(task.feed, task.item, "done", task.url)
            return [Task(url, feed=task.url, item=item, depth=task.depth + 1)
                    for item, url in self.state.failed_items(task.url)]
        found.extend(x for x in out.found if self._wanted(x[0]))
        if resp is not None and not any(x[2] is resp for x in out.found):
            after.append((task.url, resp))
        if task.feed and task.item and not out.found:
            self.state.mark_item(task.feed, task.item, "done", task.url)
        return []

    def _wanted(self, task: Task) -> bool:
        """False for a feed item already handled in an earlier run."""
        return not (task.feed and task.item) or self.state.item_pending(task.feed, task.item)

    def _store(self, found: list[Found], report: RunReport) -> None:
        """Store new articles once each, then mark items done. An article is known by its text
        or by any of its canonical URLs; a page fetched again by its own URL whose text changed
        is stored as the article's new version."""
        fresh: list[Found] = []
        batch_keys: set[str] = set()
        for task, f, resp in found:
            text, urls = f.keys[-1], f.keys[:-1]
            known = self.state.article_for(text)
            seen_url = self.state.article_for(*urls) or batch_keys & set(urls)
            updated = task.item is None and self.state.article_for("url:" + task.url)
            if known or text in batch_keys or (seen_url and not updated):
                report.duplicate += 1
                if known:
                    self.state.bind(known, *f.keys)
                self._done(task, resp)
                continue
            batch_keys.update(f.keys)
            fresh.append((task, f, resp))
        if not fresh:
            return
        ids = self.sink.add([f for _, f, _ in fresh])
        for (task, f, resp), stored in zip(fresh, ids, strict=True):
            if stored is None:
                report.duplicate += 1
            else:
                report.added.append(stored)
                self.state.bind(stored, *f.keys)
                self.state.provenance(stored, f.article.url, f.fetched_at)
            self._done(task, resp)

    def _done(self, task: Task, resp: Response | None) -> None:
        if task.feed and task.item:
            self.state.mark_item(task.feed, task.item, "done", task.url)
        if resp is not None:
            self.state.remember(task.url, resp.etag, resp.last_modified)
