"""Opening the store. The ``--db`` value picks the backend: a file path is SQLite (the default),
a ``postgresql://user@host:port/dbname`` URL is PostgreSQL (the ``postgres`` extra).

Every store function takes a ``Database``: one connection with ``?`` placeholders in plain SQL
and the few things the two engines do differently (the write lock, full-text search, paging,
backup). Migrations run on open; each write transaction is atomic, so a kill mid-write loses
nothing already committed, and takes the store's one write lock, so concurrent writers queue.
"""

from __future__ import annotations

import re
import sqlite3
import time
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol

from newsweave.errors import StoreError

DEFAULT_DB = "newsweave.db"
# A writer may hold the lock while it briefs the events it touched: wait for it, do not fail.
BUSY_TIMEOUT_MS = 600_000
_URL = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)://")
POSTGRES_SCHEMES = ("postgresql", "postgres")


class Cursor(Protocol):
    """What ``Database.execute`` returns: rows index by position and by column name."""

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class Database(ABC):
    """One open store connection, autocommitting outside ``write``/``snapshot`` blocks."""

    backend: str  # "sqlite" or "postgresql": the key of each migration step
    label: str  # how messages name the store (a URL never shows its password)
    no_limit: int | None  # the LIMIT value meaning "all rows"

    @abstractmethod
    def execute(self, sql: str, params: Sequence[Any] = ()) -> Cursor: ...

    @abstractmethod
    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...

    def stream(self, sql: str, params: Sequence[Any] = ()) -> Iterator[Any]:
        """Rows of a large query without holding them all (call inside ``snapshot``)."""
        return iter(self.execute(sql, params))

    @abstractmethod
    def begin_write(self) -> None:
        """Start a transaction holding the store's write lock (waiting for another writer)."""

    @abstractmethod
    def begin_snapshot(self) -> None:
        """Start a read-only transaction that sees one consistent state of the store."""

    @abstractmethod
    def commit(self) -> None: ...

    @abstractmethod
    def rollback(self) -> None: ...

    @abstractmethod
    def version(self) -> int:
        """The schema version of the store (0: nothing created yet)."""

    @abstractmethod
    def set_version(self, version: int) -> None: ...

    @abstractmethod
    def search_columns(self, title: str | None, text: str) -> dict[str, tuple[str, Any]]:
        """Columns an article's row needs for ``search``, beyond the shared ones, as
        {column: (SQL expression with one ?, value)}."""

    @abstractmethod
    def search_hits(self, text: str) -> tuple[str, tuple[Any, ...]] | None:
        """SQL (and parameters) of ``(eid, score)`` rows: events holding an article that
        matches every word of ``text`` (prefix match on the last), lower score better;
        None when ``text`` holds no word."""

    @abstractmethod
    def backup(self, dest: Path) -> None: ...

    @abstractmethod
    def close(self) -> None: ...

    @abstractmethod
    def open_error(self, exc: Exception) -> StoreError | None:
        """The one-line error for a driver error raised while opening, or None if not one."""


def is_url(target: str | Path) -> bool:
    return isinstance(target, str) and _URL.match(target) is not None


def label(target: str | Path) -> str:
    """How messages name a store: the path, or the URL without its password."""
    if not is_url(target):
        return str(target)
    return re.sub(r"^(\w[\w+.-]*://[^/@:]*):[^/@]*@", r"\1:***@", str(target))


def _open(target: str | Path, readonly: bool) -> Database:
    """The backend the ``--db`` value names; an unknown URL scheme is a clear error."""
    if is_url(target):
        scheme = _URL.match(str(target))[1].lower()  # type: ignore[index]  # is_url matched
        if scheme not in POSTGRES_SCHEMES:
            raise StoreError(
                f"{label(target)}: unknown store URL scheme {scheme!r}; pass a file path (SQLite) "
                "or a postgresql://user@host:port/dbname URL"
            )
        from newsweave.store.postgres import PostgresDatabase

        return PostgresDatabase(str(target), readonly=readonly)
    from newsweave.store.sqlite import SqliteDatabase

    return SqliteDatabase(Path(target), readonly=readonly)


LOCK_RETRY_S = 60.0  # how long opening waits out a store another process is creating


def _locked(exc: BaseException) -> bool:
    """SQLite's "database is locked" raised without its busy handler: a WAL store that another
    process is creating or recovering at this instant; opening again a moment later succeeds."""
    return isinstance(exc, sqlite3.OperationalError) and "database is locked" in str(exc)


def connect(target: str | Path, *, readonly: bool = False, migrate: bool = True) -> Database:
    """Open the store (creating it unless ``readonly``) and bring its schema up to date."""
    deadline = time.monotonic() + LOCK_RETRY_S
    delay = 0.05
    while True:
        try:
            return _connect_once(target, readonly, migrate)
        except sqlite3.OperationalError as exc:
            if time.monotonic() > deadline:
                raise StoreError(f"{target}: cannot open the store ({exc}); is another process "
                                 "holding it?") from None
            time.sleep(delay)
            delay = min(delay * 2, 1.0)


def _connect_once(target: str | Path, readonly: bool, migrate: bool) -> Database:
    from newsweave.store.schema import VERSION
    from newsweave.store.schema import migrate as run_migrations

    db = _open(target, readonly)
    try:
        if not readonly:
            if migrate:
                run_migrations(db)
        elif db.version() < VERSION:
            db.close()  # an older or empty store: migrate it once through a writing connection
            connect(target).close()
            return connect(target, readonly=True)
        else:
            _check_version(db, VERSION)
    except StoreError:
        db.close()
        raise
    except Exception as exc:
        db.close()
        if _locked(exc):
            raise  # ``connect`` opens again
        error = db.open_error(exc)
        if error is None:
            raise
        raise error from None
    return db


def _check_version(db: Database, wanted: int) -> None:
    version = db.version()
    if version != wanted:
        raise StoreError(
            f"the store has schema version {version}, this newsweave needs {wanted}; "
            "open it once for writing (e.g. newsweave ingest with no new files) to migrate it"
        )


@contextmanager
def write(db: Database) -> Iterator[Database]:
    """One atomic write transaction; takes the write lock up front so readers never deadlock."""
    db.begin_write()
    try:
        yield db
    except BaseException:
        db.rollback()
        raise
    db.commit()


@contextmanager
def snapshot(db: Database) -> Iterator[Database]:
    """One consistent read of the whole store, even while another process writes."""
    db.begin_snapshot()
    try:
        yield db
    finally:
        db.commit()
