"""Web hardening: security headers on every answer (errors and crashes included), request size
limits, no path traversal through any route, and error pages that never show a stack trace.

The store is the synthetic one of ``bench/web.py`` (no NLP: built in well under a second).
Raw paths go to a real loopback server over ``http.client``, which sends them byte for byte
(``TestClient``/httpx would normalise ``..`` away before the app sees it).
"""

from __future__ import annotations

import http.client
import socket
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from newsweave.web import create_app
from newsweave.web.security import HEADERS, MAX_BODY

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from bench.web import build as build_synthetic  # noqa: E402

SECRET = "kaboom-internal-detail"
LEAKS = ["Traceback", 'File "', SECRET, "RuntimeError", "root:x:", "def build", "import "]
JSON = {"content-type": "application/json"}


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> FastAPI:
    db = tmp_path_factory.mktemp("websec") / "s.db"
    build_synthetic(db, 30)
    app = create_app(db)

    @app.get("/crash", include_in_schema=False)
    def crash() -> None:
        raise RuntimeError(SECRET)

    @app.get("/api/crash", include_in_schema=False)
    def api_crash() -> None:
        raise RuntimeError(SECRET)

    return app


@pytest.fixture(scope="module")
def client(app: FastAPI) -> TestClient:
    return TestClient(app, follow_redirects=False, raise_server_exceptions=False)


def assert_hardened(headers: object, body: str, what: str) -> None:
    for name, value in HEADERS.items():
        assert headers[name] == value, (what, name)  # type: ignore[index]
    for leak in LEAKS:
        assert leak not in body, (what, leak)


@pytest.mark.parametrize(
    ("method", "url", "body", "status"),
    [
        ("GET", "/", None, 200),
        ("GET", "/?q=Valmora", None, 200),
        ("GET", "/events/e1", None, 200),
        ("GET", "/api/articles/a00001", None, 200),
        ("GET", "/static/style.css", None, 200),
        ("GET", "/static/card.css", None, 200),
        ("HEAD", "/static/card.css", None, 200),
        ("GET", "/nowhere", None, 404),
        ("GET", "/events/e99999", None, 404),
        ("GET", "/api/events/e99999", None, 404),
        ("GET", "/articles/nope", None, 404),
        ("GET", "/static/nope.css", None, 404),
        ("POST", "/api/events", b"{}", 405),
        ("PUT", "/events/e1", b"{}", 405),
        ("DELETE", "/api/articles/a00001", b"{}", 405),
        ("GET", "/?page=0", None, 422),
        ("GET", "/?page=abc", None, 422),
        ("GET", "/?q=" + "x" * 500, None, 422),
        ("GET", "/events/" + "e" * 5000, None, 422),
        ("GET", "/api/articles/a'--", None, 422),
        ("POST", "/api/events/e1/merge", b"not json", 422),
        ("POST", "/api/events/e1/merge", b'{"other": "../e2"}', 422),
        ("POST", "/api/events/e1/split", b'{"articles": "a00001"}', 422),
        ("GET", "/crash", None, 500),
        ("GET", "/api/crash", None, 500),
        ("POST", "/api/events/e1/merge", b'{"pad": "' + b"x" * (MAX_BODY + 1) + b'"}', 413),
    ],
)
def test_every_answer_carries_the_headers_and_no_trace(
    client: TestClient, method: str, url: str, body: bytes | None, status: int
) -> None:
    r = client.request(method, url, content=body, headers=JSON if body is not None else None)
    assert r.status_code == status, r.text[:300]
    assert_hardened(r.headers, r.text, f"{method} {url}")
    if status >= 400 and not url.startswith("/api/"):
        assert "<h1>" in r.text  # a plain page, not a JSON blob or a framework default
    if status == 405:
        assert "GET" in r.headers["allow"]


def test_a_crash_page_is_html_for_pages_and_json_for_the_api(client: TestClient) -> None:
    assert "text/html" in client.get("/crash").headers["content-type"]
    assert client.get("/api/crash").json() == {"detail": "internal error; the server log has the details"}


def test_a_streamed_body_without_length_is_cut_at_the_limit(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"other": "e2", "pad": "'
        for _ in range(64):  # 4 MB offered, in 64 KiB chunks, no content-length header
            yield b"x" * 65536
        yield b'"}'

    r = client.post("/api/events/e1/merge", content=chunks(), headers=JSON)
    assert r.status_code == 413
    assert "content-length" not in r.request.headers
    assert_hardened(r.headers, r.text, "streamed body")


@pytest.mark.parametrize("length", ["99999999999", "-1", "abc", str(MAX_BODY + 1)])
def test_a_declared_oversized_or_bogus_length_is_refused_before_reading(
    client: TestClient, length: str
) -> None:
    r = client.post("/api/events/e1/merge", content=b"{}", headers={**JSON, "content-length": length})
    assert r.status_code == 413
    assert_hardened(r.headers, r.text, length)


# --- raw paths against a real loopback server -------------------------------------------------

@pytest.fixture(scope="module")
def server(app: FastAPI) -> Iterator[int]:
    import uvicorn

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="critical"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    for _ in range(200):
        if srv.started:
            break
        time.sleep(0.05)
    assert srv.started
    yield port
    srv.should_exit = True
    thread.join(10)


TRAVERSALS = [
    "/static/../../etc/passwd",
    "/static/../app.py",
    "/static/%2e%2e/app.py",
    "/static/%2e%2e%2fapp.py",
    "/static/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    "/static/..%2f..%2fapp.py",
    "/static/..%5capp.py",
    "/static/%252e%252e%252fapp.py",
    "/static//etc/passwd",
    "/static/style.css%00.py",
    "/static/%00",
    "/articles/..",
    "/articles/../../etc/passwd",
    "/articles/..%2f..%2fetc%2fpasswd",
    "/articles/%2e%2e",
    "/articles/a%00b",
    "/events/..%2fapp.py",
    "/events/%00",
    "/api/articles/..",
    "/api/articles/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    "/api/events/..%2f..%2fetc%2fpasswd",
    "/api/events/e1%00",
    "/api/events/" + "9" * 3000,
    "/articles/" + "..%2f" * 500 + "etc%2fpasswd",
    "/../../../../etc/passwd",
    "/%2e%2e/%2e%2e/etc/passwd",
]


@pytest.mark.parametrize("path", TRAVERSALS)
def test_no_route_reads_outside_its_data(server: int, path: str) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", server, timeout=10)
    try:
        conn.request("GET", path)  # sent byte for byte: http.client does not normalise paths
        r = conn.getresponse()
        body = r.read().decode("utf-8", "replace")
    finally:
        conn.close()
    assert r.status in (301, 302, 307, 308, 400, 404, 422), (path, r.status)
    if r.status in (301, 302, 307, 308):
        assert ".." not in (r.getheader("location") or "").replace("%2e", ".")
    assert_hardened({k.lower(): v for k, v in r.getheaders()}, body, path)


def test_the_load_benchmark_mix_gets_its_expected_statuses(client: TestClient) -> None:
    # bench/load.py counts any other status as an error; its mix must hold on a small store too.
    from bench.load import plan

    work = plan(180, 30)
    assert {label for label, _, _ in work} >= {"event list `/`", "unknown ids (404)",
                                              "invalid ids and parameters (422)"}
    for _label, url, status in work:
        r = client.get(url)
        assert r.status_code == status, url
        assert_hardened(r.headers, r.text, url)
