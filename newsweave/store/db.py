"""Opening the SQLite store: pragmas, migrations on open, and write transactions that survive
SIGKILL (each commit is atomic) and concurrent writers (``BEGIN IMMEDIATE`` plus a busy timeout)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from newsweave.errors import StoreError

DEFAULT_DB = "newsweave.db"
# A writer may hold the lock while it briefs the events it touched: wait for it, do not fail.
BUSY_TIMEOUT_MS = 600_000


def connect(path: str | Path, *, readonly: bool = False, migrate: bool = True) -> sqlite3.Connection:
    """Open the store (creating it unless ``readonly``) and bring its schema up to date."""
    from newsweave.store.schema import migrate as run_migrations

    path = Path(path)
    if readonly and not path.exists():
        raise StoreError(f"{path}: no such store; create one with: newsweave ingest PATH --db {path}")
    if path.exists() and path.is_dir():
        raise StoreError(f"{path}: is a folder, not a store file; pass a file name with --db")
    try:
        if readonly:
            conn = sqlite3.connect(
                f"file:{path.resolve()}?mode=ro", uri=True, isolation_level=None,
                check_same_thread=False,
            )
        else:
            conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        conn.row_factory = sqlite3.Row
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        conn.execute("PRAGMA foreign_keys = ON")
        if not readonly:
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = NORMAL")  # in WAL: durable against process crashes
            if migrate:
                run_migrations(conn)
        elif _version(conn) < _wanted():
            conn.close()  # an older store: migrate it once through a writing connection
            connect(path).close()
            return connect(path, readonly=True)
        else:
            _check_version(conn)
    except sqlite3.DatabaseError as exc:
        raise StoreError(f"{path}: cannot open the store ({exc}); is it a newsweave database?") from None
    return conn


def _version(conn: sqlite3.Connection) -> int:
    version: int = conn.execute("PRAGMA user_version").fetchone()[0]
    return version


def _wanted() -> int:
    from newsweave.store.schema import VERSION

    return VERSION


def _check_version(conn: sqlite3.Connection) -> None:
    from newsweave.store.schema import VERSION

    version = _version(conn)
    if version != VERSION:
        raise StoreError(
            f"the store has schema version {version}, this newsweave needs {VERSION}; "
            "open it once for writing (e.g. newsweave ingest with no new files) to migrate it"
        )


@contextmanager
def write(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One atomic write transaction; takes the write lock up front so readers never deadlock."""
    try:
        conn.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as exc:
        raise StoreError(f"the store is locked by another writer ({exc}); try again") from None
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
