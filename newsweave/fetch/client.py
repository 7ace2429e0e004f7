"""HTTP fetching with manners: robots.txt, per-host pacing, retries, conditional requests,
size and time limits, bounded redirects, http(s) only. Built on httpx.

Redirects are followed by hand so that every hop is checked (scheme, robots.txt, pacing).
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from email.utils import parsedate_to_datetime
from typing import TYPE_CHECKING
from urllib.parse import urljoin

from newsweave import __version__
from newsweave.errors import InputError, NotInstalled
from newsweave.fetch.ratelimit import DEFAULT_INTERVAL, DEFAULT_PER_HOST, DEFAULT_TOTAL, HostLimiter
from newsweave.fetch.urls import host_key, is_http_url
from newsweave.ingest.html import decode_html

if TYPE_CHECKING:

    from newsweave.fetch.robots import RobotsCache

USER_AGENT = f"newsweave/{__version__} (+https://github.com/newsweave/newsweave)"
ROBOTS_TOKEN = "newsweave"
REDIRECTS = frozenset({301, 302, 303, 307, 308})
RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})
ACCEPT = ("text/html,application/xhtml+xml,application/rss+xml,application/atom+xml,"
          "application/xml;q=0.9,text/xml;q=0.9,*/*;q=0.5")
# Media that can never be an article, a feed or a sitemap: refused before the body is read.
NOT_TEXT = ("image/", "audio/", "video/", "font/", "application/pdf", "application/zip",
            "application/vnd.", "application/msword")


class FetchError(InputError):
    """A URL could not be fetched. ``status`` is the HTTP status when the server answered;
    ``transient`` says whether trying again later may succeed."""

    def __init__(self, url: str, problem: str, status: int | None = None,
                 transient: bool = False) -> None:
        super().__init__(url, problem)
        self.url = url
        self.status = status
        self.transient = transient


@dataclass(frozen=True, slots=True)
class FetchPolicy:
    """Every limit of the fetcher in one place; the CLI exposes the ones people change."""

    timeout: float = 20.0  # seconds per request (connect, each read, and the whole body)
    max_bytes: int = 10 * 1024 * 1024
    max_redirects: int = 5
    retries: int = 2  # extra attempts after a 5xx, a timeout or a connection error
    backoff: float = 1.0  # first retry waits this long, then twice as long each time
    max_backoff: float = 30.0
    interval: float = DEFAULT_INTERVAL
    per_host: int = DEFAULT_PER_HOST
    concurrency: int = DEFAULT_TOTAL
    user_agent: str = USER_AGENT


@dataclass(slots=True)
class Response:
    """A fetched resource. ``status`` is 200, or 304 when a conditional request found it unchanged."""

    url: str  # after redirects
    requested: str
    status: int
    body: bytes = b""
    content_type: str = ""
    charset: str | None = None
    etag: str | None = None
    last_modified: str | None = None
    fetched_at: str = field(
        default_factory=lambda: datetime.now(timezone.utc).isoformat(timespec="seconds")
    )

    @property
    def unchanged(self) -> bool:
        return self.status == 304

    def text(self) -> str:
        """The body decoded: BOM, else UTF-8, else the HTTP charset, else ``<meta charset>``,
        else detection (the HTML reader's rules); raises ``InputError`` for binary data."""
        return decode_html(self.body, self.requested, self.charset)


def _retry_after(value: str | None) -> float | None:
    if not value:
        return None
    if value.strip().isdigit():
        return float(value.strip())
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, (when - datetime.now(timezone.utc)).total_seconds())


class Fetcher:
    """One polite HTTP client; thread-safe, so a pool of workers can share it."""

    def __init__(self, policy: FetchPolicy | None = None,
                 limiter: HostLimiter | None = None) -> None:
        try:
            import httpx
        except ImportError as exc:  # pragma: no cover - httpx ships with the fetch extra
            raise NotInstalled("httpx", "fetch") from exc
        self.policy = policy or FetchPolicy()
        p = self.policy
        self.limiter = limiter or HostLimiter(p.interval, p.per_host, p.concurrency)
        self._client = httpx.Client(
            headers={"User-Agent": p.user_agent, "Accept": ACCEPT,
                     "Accept-Encoding": "gzip, deflate"},
            timeout=p.timeout,
            follow_redirects=False,
        )
        self._dead: dict[str, str] = {}  # host -> why it stopped answering, for this run
        self._lock = threading.Lock()
        self.robots: RobotsCache | None = None

    def close(self) -> None:
        self._client.close()

    def revive(self) -> None:
        """Forget which hosts stopped answering (a new poll gives them another chance)."""
        with self._lock:
            self._dead.clear()
        if self.robots is not None:
            self.robots.revive()

    def __enter__(self) -> Fetcher:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def get(self, url: str, etag: str | None = None, last_modified: str | None = None,
            check_robots: bool = True) -> Response:
        """Fetch ``url`` (following redirects); raises ``FetchError`` with the reason."""
        seen: set[str] = set()
        current = url
        for _hop in range(self.policy.max_redirects + 1):
            if not is_http_url(current):
                raise FetchError(url, f"only http and https URLs are fetched, not {current!r}")
            if current in seen:
                raise FetchError(url, f"redirect loop at {current}")
            seen.add(current)
            if check_robots and self.robots is not None:
                self.robots.check(current, url)
            conditional = current == url
            result = self._attempts(url, current, etag if conditional else None,
                                    last_modified if conditional else None)
            if isinstance(result, Response):
                return result
            current = result
        raise FetchError(url, f"more than {self.policy.max_redirects} redirects")

    def _attempts(self, url: str, current: str, etag: str | None,
                  last_modified: str | None) -> Response | str:
        """One resource with retries: a ``Response``, or the next URL of a redirect."""
        host = host_key(current)
        p = self.policy
        for attempt in range(p.retries + 1):
            with self._lock:
                dead = self._dead.get(host)
            if dead:
                raise FetchError(url, dead, transient=True)
            last = attempt == p.retries
            wait = min(p.max_backoff, p.backoff * 2**attempt)
            try:
                with self.limiter.slot(host):
                    outcome = self._once(url, current, etag, last_modified)
            except FetchError as exc:
                if last or not exc.transient:
                    if exc.status is None and exc.transient:
                        with self._lock:
                            self._dead[host] = f"{host} did not answer: {exc.problem}"
                    raise
                time.sleep(wait)
                continue
            if isinstance(outcome, float):  # a retryable status; the server may say when
                if last:
                    break
                time.sleep(min(p.max_backoff, max(wait, outcome)))
                continue
            return outcome
        raise FetchError(url, f"{current} kept failing (HTTP 5xx) after {p.retries + 1} tries",
                         status=503, transient=True)

    def _once(self, url: str, current: str, etag: str | None,
              last_modified: str | None) -> Response | str | float:
        import httpx

        headers = {}
        if etag:
            headers["If-None-Match"] = etag
        if last_modified:
            headers["If-Modified-Since"] = last_modified
        p = self.policy
        started = time.monotonic()
        try:
            with self._client.stream("GET", current, headers=headers) as resp:
                status = resp.status_code
                if status in REDIRECTS and resp.headers.get("location"):
                    return urljoin(current, resp.headers["location"])
                if status in RETRY_STATUSES:
                    return _retry_after(resp.headers.get("retry-after")) or 0.0
                if status >= 400 or status in REDIRECTS:
                    raise FetchError(url, f"HTTP {status} {resp.reason_phrase}".strip(),
                                     status=status)
                common = {
                    "url": current, "requested": url, "status": status,
                    "content_type": resp.headers.get("content-type", "").split(";")[0].strip(),
                    "charset": resp.charset_encoding,
                    "etag": resp.headers.get("etag"),
                    "last_modified": resp.headers.get("last-modified"),
                }
                if status == 304:
                    return Response(**common)
                media = str(common["content_type"]).lower()
                if media.startswith(NOT_TEXT):
                    raise FetchError(url, f"not a page, feed or sitemap (Content-Type {media})",
                                     status=status)
                declared = resp.headers.get("content-length", "")
                if declared.isdigit() and int(declared) > p.max_bytes:
                    raise FetchError(url, f"body of {declared} bytes is over the "
                                     f"{p.max_bytes}-byte limit", status=status)
                chunks: list[bytes] = []
                size = 0
                for chunk in resp.iter_bytes():
                    size += len(chunk)
                    if size > p.max_bytes:
                        raise FetchError(url, f"body is over the {p.max_bytes}-byte limit; "
                                         "download aborted", status=status)
                    if time.monotonic() - started > p.timeout:
                        raise httpx.ReadTimeout("whole body not received in time")
                    chunks.append(chunk)
                return Response(body=b"".join(chunks), **common)
        except httpx.TimeoutException as exc:
            raise FetchError(url, f"no answer within {p.timeout:g} s", transient=True) from exc
        except httpx.TransportError as exc:
            problem = f"connection failed ({type(exc).__name__}: {exc})".replace(" ()", "")
            raise FetchError(url, problem, transient=True) from exc
        except httpx.RequestError as exc:  # undecodable compression and the like
            raise FetchError(url, f"bad response ({exc})") from exc
