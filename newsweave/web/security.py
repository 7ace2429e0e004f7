"""Security headers on every response and a limit on request bodies (pure ASGI middleware)."""

from __future__ import annotations

import json
from typing import Any

from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY = 64 * 1024  # the API takes small JSON bodies only
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

HEADERS = {
    # No script at all; styles only from our own static file; nothing framed, no base rewrites.
    "content-security-policy": (
        "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; "
        "base-uri 'none'; frame-ancestors 'none'"
    ),
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
}


ENCODED = [(k.encode(), v.encode()) for k, v in HEADERS.items()]


def with_headers(response: Response) -> Response:
    """``response`` carrying ``HEADERS`` itself: for the 500 page, which Starlette sends from
    its outermost error layer, outside every middleware (so outside ``Hardened``)."""
    response.headers.update(HEADERS)
    return response


class Hardened:
    """Adds ``HEADERS`` and answers 413 to bodies over ``MAX_BODY`` (declared or streamed)."""

    def __init__(self, app: ASGIApp, max_body: int = MAX_BODY) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers", []))
        declared = headers.get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.max_body):
            await _refuse(send, 413, "request body too large")
            return
        if scope["method"] not in SAFE_METHODS:
            refusal = _cross_site(headers)
            if refusal:
                await _refuse(send, 403 if "origin" in refusal else 415, refusal)
                return
        body = await _read_body(receive, self.max_body)
        if body is None:
            await _refuse(send, 413, "request body too large")
            return
        replayed = False

        async def replay() -> Message:
            # The body was read whole (small by construction); later calls wait for disconnect.
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers: list[Any] = list(message.get("headers", []))
                present = {bytes(k).lower() for k, _ in headers}
                headers += [(k, v) for k, v in ENCODED if k not in present]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, replay, secured)


async def _read_body(receive: Receive, limit: int) -> bytes | None:
    """The whole request body, or None once it passes ``limit`` bytes.

    Read here, before the app, because FastAPI turns any error raised while it reads the body
    into a 400: a streamed (chunked) body over the limit must be refused as 413 up front.
    """
    chunks: list[bytes] = []
    seen = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break  # the client went away; the app will see an empty body
        chunk = message.get("body", b"")
        seen += len(chunk)
        if seen > limit:
            return None
        chunks.append(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


def _cross_site(headers: dict[bytes, bytes]) -> str | None:
    """Why a writing request looks forged by another site (CSRF), or None.

    A page elsewhere can submit a form to a loopback server, but it cannot send a JSON
    content type without a CORS preflight, which this server never grants.
    """
    kind = headers.get(b"content-type", b"").split(b";")[0].strip().lower()
    if kind != b"application/json":
        return "corrections take a JSON body (content-type: application/json)"
    origin = headers.get(b"origin")
    if origin is not None:
        netloc = origin.split(b"://", 1)[-1]
        if netloc != headers.get(b"host"):
            return "cross-origin request refused (origin does not match host)"
    return None


async def _refuse(send: Send, status: int, detail: str) -> None:
    body = json.dumps({"detail": detail}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    headers += ENCODED
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
