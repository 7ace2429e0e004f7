"""Politeness: a minimum interval between request starts per host, and concurrency caps.

Hand-written because the known limiters (aiolimiter, pyrate-limiter) are async-only or token
buckets that allow bursts; a crawler wants evenly spaced requests per host, from threads.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

DEFAULT_INTERVAL = 1.0  # seconds between two request starts on one host
DEFAULT_PER_HOST = 1  # requests in flight on one host
DEFAULT_TOTAL = 8  # requests in flight overall


class HostLimiter:
    """Spaces requests on each host by ``interval`` seconds (raised per host by robots.txt
    ``Crawl-delay``) and caps requests in flight per host and overall.

    A request starts ``interval`` after the previous one on its host started *and* ``interval``
    after it finished, so with one request in flight per host the server sees its requests at
    least ``interval`` apart whatever the network does."""

    def __init__(
        self,
        interval: float = DEFAULT_INTERVAL,
        per_host: int = DEFAULT_PER_HOST,
        total: int = DEFAULT_TOTAL,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if interval < 0 or per_host < 1 or total < 1:
            raise ValueError("interval must be >= 0 and the caps >= 1")
        self.interval = interval
        self.per_host = per_host
        self._clock = clock
        self._sleep = sleep
        self._lock = threading.Lock()
        self._next: dict[str, float] = {}
        self._last: dict[str, float] = {}  # when the last request on each host started
        self._ended: dict[str, float] = {}  # and when one last finished
        self._intervals: dict[str, float] = {}
        self._host_slots: dict[str, threading.BoundedSemaphore] = {}
        self._total = threading.BoundedSemaphore(total)

    def set_interval(self, host: str, seconds: float) -> None:
        """Slow one host down (never below the global interval)."""
        with self._lock:
            interval = max(self.interval, seconds)
            self._intervals[host] = interval
            if host in self._last:  # the turn already promised to the next caller moves too
                latest = max(self._last[host], self._ended.get(host, self._last[host]))
                self._next[host] = max(self._next[host], latest + interval)

    def _reserve(self, host: str) -> float:
        """The moment this caller may start; the next caller on the host goes one interval later."""
        with self._lock:
            now = self._clock()
            start = max(now, self._next.get(host, now))
            self._last[host] = start
            self._next[host] = start + self._intervals.get(host, self.interval)
            return start - now

    @contextmanager
    def slot(self, host: str) -> Iterator[None]:
        """Hold one request slot on ``host``: waits for the caps, then for the host's turn."""
        with self._lock:
            host_sem = self._host_slots.setdefault(host, threading.BoundedSemaphore(self.per_host))
        with host_sem, self._total:
            wait = self._reserve(host)
            if wait > 0:
                self._sleep(wait)
            try:
                yield
            finally:
                with self._lock:
                    self._ended[host] = self._clock()
                    after = self._ended[host] + self._intervals.get(host, self.interval)
                    self._next[host] = max(self._next[host], after)
