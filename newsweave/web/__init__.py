"""Web pages and a JSON API over the store (FastAPI + Jinja2, server-rendered, no JavaScript).

FastAPI and uvicorn are the ``web`` extra, imported only here.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from newsweave.errors import NotInstalled

if TYPE_CHECKING:
    from fastapi import FastAPI


def create_app(db: str | Path) -> FastAPI:
    """The ASGI app serving the store at ``db`` (which must exist)."""
    try:
        from newsweave.web.app import build
    except ModuleNotFoundError as exc:
        raise NotInstalled(exc.name or "fastapi", "web") from None
    return build(Path(db))


def serve(db: str | Path, host: str = "127.0.0.1", port: int = 8000) -> None:
    try:
        import uvicorn
    except ModuleNotFoundError:
        raise NotInstalled("uvicorn", "web") from None
    uvicorn.run(create_app(db), host=host, port=port, log_level="warning",
                server_header=False, limit_concurrency=64, timeout_keep_alive=5)
