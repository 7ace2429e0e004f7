"""robots.txt, read once per host per run (stdlib ``urllib.robotparser``), as RFC 9309 says:
a missing file (4xx) allows everything, a server error (5xx) forbids everything."""

from __future__ import annotations

import threading
import time
from urllib.parse import urlsplit
from urllib.robotparser import RobotFileParser

from newsweave.fetch.client import ROBOTS_TOKEN, Fetcher, FetchError
from newsweave.fetch.urls import host_key

MAX_CRAWL_DELAY = 30.0  # a robots.txt asking for more is honoured only up to this
TTL = 3600.0  # seconds a robots.txt is trusted before it is read again (RFC 9309: up to 24 h)


class RobotsCache:
    """Answers "may newsweave fetch this URL?", fetching each host's robots.txt once."""

    def __init__(self, fetcher: Fetcher, agent: str = ROBOTS_TOKEN) -> None:
        self.fetcher = fetcher
        self.agent = agent
        self._parsers: dict[str, tuple[float, RobotFileParser]] = {}
        self._failures: dict[str, str] = {}  # host -> why its robots.txt could not be read
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()
        fetcher.robots = self

    def revive(self) -> None:
        """Read failing robots.txt files again (a new poll gives their hosts another chance)."""
        with self._guard:
            self._failures.clear()

    def allowed(self, url: str) -> bool:
        return self.parser(url).can_fetch(self.agent, url)

    def check(self, url: str, requested: str) -> None:
        """Raise ``FetchError`` for ``requested`` unless robots.txt lets us fetch ``url``."""
        if not self.allowed(url):
            raise FetchError(requested, f"robots.txt forbids {url}")

    def parser(self, url: str) -> RobotFileParser:
        """The host's rules; raises a transient ``FetchError`` while its robots.txt fails (RFC
        9309: a server error or no answer means the whole host is off limits for now)."""
        host = host_key(url)
        with self._guard:
            lock = self._locks.setdefault(host, threading.Lock())
        with lock:
            if host in self._failures:
                raise FetchError(url, self._failures[host], transient=True)
            cached = self._parsers.get(host)
            if cached is None or time.monotonic() - cached[0] > TTL:
                try:
                    cached = (time.monotonic(), self._load(url, host))
                except FetchError as exc:
                    self._failures[host] = exc.problem
                    raise FetchError(url, exc.problem, transient=True) from exc
                self._parsers[host] = cached
            return cached[1]

    def _load(self, url: str, host: str) -> RobotFileParser:
        parts = urlsplit(url)
        robots_url = f"{parts.scheme}://{parts.netloc}/robots.txt"
        parser = RobotFileParser(robots_url)
        try:
            resp = self.fetcher.get(robots_url, check_robots=False)
        except FetchError as exc:
            if exc.status is not None and 400 <= exc.status < 500:
                parser.parse([])  # no robots.txt: everything allowed
                return parser
            if exc.status is not None:
                raise FetchError(url, f"robots.txt keeps failing (HTTP {exc.status}); the host "
                                 "is off limits until it answers") from exc
            raise FetchError(url, f"robots.txt unreachable: {exc.problem}") from exc
        parser.parse(resp.text().splitlines())
        delay = parser.crawl_delay(self.agent)
        if delay:
            self.fetcher.limiter.set_interval(host, min(float(delay), MAX_CRAWL_DELAY))
        return parser
