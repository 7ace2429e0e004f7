"""Web pages and a JSON API over the store (FastAPI + Jinja2, server-rendered, no JavaScript).

FastAPI and uvicorn are the ``web`` extra, imported only here.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from newsweave.errors import NotInstalled

if TYPE_CHECKING:
    from fastapi import FastAPI


LOOPBACK = ("127.0.0.1", "localhost", "::1", "[::1]")


def create_app(db: str | Path, allowed_hosts: list[str] | None = None) -> FastAPI:
    """The ASGI app serving the store at ``db`` (a SQLite file, which must exist, or a PostgreSQL
    URL); with ``allowed_hosts`` it answers only requests whose Host header names one of them."""
    try:
        from newsweave.web.app import build
    except ModuleNotFoundError as exc:
        raise NotInstalled(exc.name or "fastapi", "web") from None
    return build(db, allowed_hosts)


def serve(db: str | Path, host: str = "127.0.0.1", port: int = 8000) -> None:
    try:
        import uvicorn
    except ModuleNotFoundError:
        raise NotInstalled("uvicorn", "web") from None
    hosts = None
    if host in LOOPBACK:
        hosts = ["127.0.0.1", "localhost", "[::1]"]
    uvicorn.run(create_app(db, hosts), host=host, port=port, log_level="warning",
                server_header=False, limit_concurrency=64, timeout_keep_alive=5)
