"""Shared test helpers: where ../shared is, and a skip when it is absent; store targets on
both backends (SQLite files, databases on a throwaway PostgreSQL server)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from pgcluster import Server

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"


@pytest.fixture
def shared_dir() -> Path:
    """../shared (dev data and seeds); gated tests skip cleanly when it is absent."""
    if not (SHARED / "data").is_dir():
        pytest.skip("../shared is absent: quality gates skipped")
    return SHARED


@pytest.fixture(scope="session")
def pg_server() -> Iterator[Server]:
    """A throwaway PostgreSQL server for the whole run (tests/pgcluster.py). Skipped with the
    reason when none can be had; under CI (``CI`` set) that is a failure: CI must run them."""
    from pgcluster import Server, unavailable

    why = unavailable()
    if why:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the PostgreSQL store tests, but {why}")
        pytest.skip(why)
    server = Server().start()
    yield server
    server.stop()


BACKENDS = ["sqlite", "postgresql"]


class Stores:
    """Fresh store targets on one backend: a file path, or the URL of a new database."""

    def __init__(self, backend: str, folder: Path, server: Server | None) -> None:
        self.backend, self.folder, self.server, self.n = backend, folder, server, 0

    def new(self) -> str:
        if self.server is not None:
            return self.server.database()
        self.n += 1
        return str(self.folder / f"store{self.n}.db")

    def copy(self, target: str) -> str:
        """A new store holding what ``target`` holds (which must be closed)."""
        if self.server is not None:
            return self.server.database(template=target)
        dest = self.new()
        shutil.copyfile(target, dest)
        return dest


@pytest.fixture(scope="module", params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """Each store test runs on SQLite and on PostgreSQL."""
    if request.param == "postgresql":
        request.getfixturevalue("pg_server")
    return str(request.param)


def make_stores(request: pytest.FixtureRequest, backend: str, folder: Path) -> Stores:
    server = request.getfixturevalue("pg_server") if backend == "postgresql" else None
    return Stores(backend, folder, server)


@pytest.fixture
def stores(request: pytest.FixtureRequest, backend: str, tmp_path: Path) -> Stores:
    return make_stores(request, backend, tmp_path)
