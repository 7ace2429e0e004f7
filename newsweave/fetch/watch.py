"""The watch loop: poll feeds every so often, ingest what is new, log one line per poll, and
stop cleanly on SIGINT/SIGTERM (the poll in progress stores what it has, then the loop ends)."""

from __future__ import annotations

import re
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from types import FrameType

from newsweave.errors import NewsweaveError, UsageError
from newsweave.fetch.crawl import Crawler, RunReport

_PART = re.compile(r"(\d+(?:\.\d+)?)([smhd]?)")
_UNITS = {"": 1.0, "s": 1.0, "m": 60.0, "h": 3600.0, "d": 86400.0}


def parse_every(text: str) -> float:
    """``15m``, ``1s``, ``2h``, ``1h30m``, ``1d`` or plain seconds -> seconds."""
    spec = text.strip().lower().replace(" ", "")
    pos, total = 0, 0.0
    while pos < len(spec):
        match = _PART.match(spec, pos)
        if not match:
            break
        total += float(match.group(1)) * _UNITS[match.group(2)]
        pos = match.end()
    if not spec or pos != len(spec) or total <= 0:
        raise UsageError(f"--every {text!r}: give a duration such as 30s, 15m, 2h or 1h30m")
    return total


@contextmanager
def stop_on_signals(stop: threading.Event) -> Iterator[None]:
    """SIGINT and SIGTERM set ``stop`` instead of killing the process (main thread only); a
    second signal while stopping raises ``KeyboardInterrupt`` (the poll is abandoned)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum: int, frame: FrameType | None) -> None:
        if stop.is_set():
            raise KeyboardInterrupt
        stop.set()

    previous = {sig: signal.signal(sig, handler) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)


@dataclass(slots=True)
class WatchResult:
    polls: int = 0
    added: int = 0
    rejected: int = 0


def watch(crawler: Crawler, feeds: Sequence[str], every: float, max_polls: int | None,
          stop: threading.Event, log: Callable[[str], None]) -> WatchResult:
    """Poll ``feeds`` until ``stop`` is set or ``max_polls`` polls are done."""
    result = WatchResult()
    while not stop.is_set():
        started = time.monotonic()
        try:
            report = crawler.run(feeds, stop)
        except NewsweaveError as exc:  # e.g. the store is locked: try again next poll
            report = RunReport(rejected=len(feeds))
            log(f"poll failed: {exc}")
        outcome = report.line()
        total = max((crawler.state.polled(f, outcome) for f in feeds), default=0)
        result.polls += 1
        result.added += len(report.added)
        result.rejected += report.rejected
        stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        log(f"poll {total} at {stamp}: {outcome} ({time.monotonic() - started:.1f} s)")
        if max_polls is not None and result.polls >= max_polls:
            break
        stop.wait(max(0.0, every - (time.monotonic() - started)))
    return result
