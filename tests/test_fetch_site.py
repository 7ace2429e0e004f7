"""Loopback web sites for the fetch and watch tests: threaded ``http.server`` instances on
127.0.0.1 (one port per "host"), a request log with timestamps, ETag/Last-Modified support,
scripted failures; and a host that accepts connections and never answers. No other address."""

from __future__ import annotations

import socket
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

LOOPBACK = "127.0.0.1"
PROXY_VARS = ("http_proxy", "https_proxy", "all_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY")


@pytest.fixture(autouse=True)
def no_proxies(monkeypatch: pytest.MonkeyPatch) -> None:
    """Requests to 127.0.0.1 must go straight there, never through an environment proxy."""
    for name in PROXY_VARS:
        monkeypatch.delenv(name, raising=False)


@dataclass
class Route:
    body: bytes | Callable[[], Iterator[bytes]] = b""
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    etag: str | None = None  # answer 304 to a matching If-None-Match
    last_modified: str | None = None  # answer 304 to an equal If-Modified-Since


@dataclass(frozen=True)
class Hit:
    at: float  # time.monotonic() when the request line arrived
    path: str
    headers: dict[str, str]
    status: int


class QuietServer(ThreadingHTTPServer):
    """A client that hangs up mid-request (an aborted oversized body, a dropped keep-alive) is
    expected in these tests: no traceback on stderr for it."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


class Site:
    """One loopback HTTP host. ``fail_first`` answers that many requests with 503 (requests for
    paths under ``fail_prefix`` only, when given)."""

    def __init__(self, fail_first: int = 0, fail_prefix: str = "") -> None:
        self.routes: dict[str, Route] = {}
        self.log: list[Hit] = []
        self.fail_first = fail_first
        self.fail_prefix = fail_prefix
        self._lock = threading.Lock()
        site = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: object) -> None:
                pass

            def do_GET(self) -> None:  # noqa: N802 - http.server's naming
                site._serve(self)

        self.server = QuietServer((LOOPBACK, 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True)
        self.thread.start()

    @property
    def base(self) -> str:
        return f"http://{LOOPBACK}:{self.server.server_address[1]}"

    def url(self, path: str) -> str:
        return self.base + path

    def add(self, path: str, body: bytes | str | Callable[[], Iterator[bytes]] = b"",
            **kw: object) -> str:
        data = body.encode("utf-8") if isinstance(body, str) else body
        self.routes[path] = Route(body=data, **kw)  # type: ignore[arg-type]
        return self.url(path)

    def hits(self, path: str | None = None) -> list[Hit]:
        with self._lock:
            return [h for h in self.log if path is None or h.path == path]

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def _serve(self, req: BaseHTTPRequestHandler) -> None:
        at = time.monotonic()
        headers = {k.lower(): v for k, v in req.headers.items()}
        with self._lock:
            failing = self.fail_first > 0 and req.path.startswith(self.fail_prefix)
            if failing:
                self.fail_first -= 1
        route = self.routes.get(req.path)
        if failing:
            status, body, extra = 503, b"busy", {}
        elif route is None:
            status, body, extra = 404, b"not here", {}
        else:
            status, body, extra = route.status, route.body, dict(route.headers)
            if route.etag:
                extra["ETag"] = route.etag
            if route.last_modified:
                extra["Last-Modified"] = route.last_modified
            if (route.etag and headers.get("if-none-match") == route.etag) or (
                route.last_modified and headers.get("if-modified-since") == route.last_modified
            ):
                status, body = 304, b""
        with self._lock:
            self.log.append(Hit(at, req.path, headers, status))
        try:
            req.send_response(status)
            if status >= 400:
                req.send_header("Connection", "close")
            for key, value in extra.items():
                req.send_header(key, value)
            if callable(body):  # streamed, length unknown: the connection closes at the end
                req.send_header("Connection", "close")
                req.end_headers()
                for chunk in body():
                    req.wfile.write(chunk)
                return
            if "Content-Length" not in extra:
                req.send_header("Content-Length", str(len(body)))
            req.end_headers()
            req.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (size limit): expected


class SilentHost:
    """Accepts TCP connections on 127.0.0.1 and never says a word."""

    def __init__(self) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.bind((LOOPBACK, 0))
        self.sock.listen(64)
        self.accepted = 0
        self._conns: list[socket.socket] = []
        self._stop = threading.Event()
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()

    @property
    def base(self) -> str:
        return f"http://{LOOPBACK}:{self.sock.getsockname()[1]}"

    def url(self, path: str) -> str:
        return self.base + path

    def _accept(self) -> None:
        self.sock.settimeout(0.2)
        while not self._stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except (TimeoutError, OSError):
                continue
            self.accepted += 1
            self._conns.append(conn)

    def close(self) -> None:
        self._stop.set()
        self.thread.join(2)
        for conn in self._conns:
            conn.close()
        self.sock.close()


def gaps(hits: list[Hit]) -> list[float]:
    """Seconds between consecutive requests."""
    times = sorted(h.at for h in hits)
    return [b - a for a, b in zip(times, times[1:], strict=False)]


# --- invented content: a river flood in the fictional county of Wrenmoor -------------------

TOWNS = ["Ashby Ferrow", "Coldwater", "Dunmere", "Elstow", "Fallowfield", "Greyhythe",
         "Harrowgate Mill", "Ivybridge Fen", "Kestrel Cross", "Lowen", "Marrick", "Northope",
         "Oakhanger", "Pellow", "Quarrendon", "Rookwith", "Saltcote", "Thornby", "Upwell Lees",
         "Vennick"]


def story_text(n: int) -> list[str]:
    """Four paragraphs of an invented local report, different for every ``n``."""
    town = TOWNS[n % len(TOWNS)]
    return [
        f"Flood water from the River Wren reached {town} early on Tuesday, and the county "
        f"council said {40 + n} homes had been evacuated by the afternoon as a precaution.",
        f"Residents of {town} described water rising through cellars within an hour. "
        f"\"We had never seen the lane go under like that,\" said shopkeeper number {n}, who "
        "has traded on the high street for two decades.",
        f"The Wrenmoor fire service sent {3 + n % 5} boats to the area and said the levels "
        f"should fall by Thursday if the rain eases, although a further {n + 2} millimetres "
        "were forecast overnight across the upper valley.",
        f"Council engineers will inspect the {town} flood wall once the water recedes, a "
        "spokesperson said, adding that a relief centre at the village hall would stay open "
        "for as long as families needed it.",
    ]


def article_html(n: int, *, junk: str = "", canonical: str | None = None,
                 charset_meta: str | None = "utf-8", title: str | None = None) -> str:
    """A news page with navigation, scripts, a cookie banner and share links around it."""
    paras = story_text(n)
    if junk:  # injected markup glued to Title-Cased words, as scrapers leave it
        paras = [p.replace(" Council", f" Council{junk} ").replace(" River", f" River{junk} ")
                 for p in paras]
    head = f'<meta charset="{charset_meta}">' if charset_meta else ""
    if canonical:
        head += f'<link rel="canonical" href="{canonical}">'
    title = title or f"Flood reaches {TOWNS[n % len(TOWNS)]}"
    body = "".join(f"<p>{p}</p>" for p in paras)
    return (
        f"<!DOCTYPE html><html><head>{head}<title>{title} | Wrenmoor Courier</title>"
        "<script>var trackerId = 'WRN-SCRIPT-JUNK';</script></head><body>"
        "<nav><a href='/'>Home</a> <a href='/news'>News</a> NAV-MENU-JUNK</nav>"
        "<div class='cookie'>We use cookies. COOKIE-BANNER-JUNK Accept all</div>"
        f"<article><h1>{title}</h1><p class='byline'>By Tamsin Hale</p>{body}</article>"
        "<aside>Share this story SHARE-LINE-JUNK</aside>"
        "<footer>Copyright Wrenmoor Courier FOOTER-JUNK</footer></body></html>"
    )


JUNK_MARKERS = ("WRN-SCRIPT-JUNK", "NAV-MENU-JUNK", "COOKIE-BANNER-JUNK", "FOOTER-JUNK")


def rss(items: list[dict[str, str]], title: str = "Wrenmoor Courier") -> str:
    """An RSS 2.0 feed; an item with ``content`` carries the article in content:encoded."""
    out = []
    for it in items:
        content = (f"<content:encoded><![CDATA[{it['content']}]]></content:encoded>"
                   if "content" in it else "")
        out.append(
            f"<item><title>{it['title']}</title><link>{it['link']}</link>"
            f"<guid isPermaLink=\"false\">{it['guid']}</guid>"
            f"<pubDate>Tue, 03 Mar 2026 0{len(out) % 10}:00:00 GMT</pubDate>"
            f"<description>{it.get('teaser', 'A short teaser.')}</description>{content}</item>"
        )
    return (
        '<?xml version="1.0" encoding="utf-8"?>'
        '<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">'
        f"<channel><title>{title}</title><link>http://127.0.0.1/</link>"
        f"<description>News</description>{''.join(out)}</channel></rss>"
    )
