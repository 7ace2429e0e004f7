"""The PostgreSQL backend (``--db postgresql://user@host:port/dbname``; the ``postgres`` extra).

The store's SQL is shared with SQLite; what differs lives here: psycopg 3 with ``?`` placeholders
turned into ``%s``, a transaction-level advisory lock as the one write lock (writers queue as on
SQLite, readers never wait), full-text search on a ``tsvector`` column with a GIN index, and the
schema version kept in the ``meta`` table.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from newsweave.errors import NotInstalled, StoreError
from newsweave.store.db import BUSY_TIMEOUT_MS, Cursor, Database, label

if TYPE_CHECKING:
    import psycopg

# pg_advisory_xact_lock's first key: this number ("nwst") and the schema's hash name the store.
LOCK_KEY = 0x6E777374
STREAM_ROWS = 500  # rows per round trip when streaming an export


def _driver() -> Any:
    try:
        import psycopg
    except ModuleNotFoundError:
        raise NotInstalled("psycopg", "postgres") from None
    return psycopg


@functools.lru_cache(maxsize=512)
def native(sql: str) -> str:
    """``?`` placeholders as psycopg's ``%s`` (the store's SQL holds no literal ``?`` or ``%``)."""
    return sql.replace("%", "%%").replace("?", "%s")


def _value(v: Any) -> Any:
    # PostgreSQL text cannot hold NUL; U+FFFD keeps every character offset of the text.
    return v.replace("\x00", "\ufffd") if isinstance(v, str) and "\x00" in v else v


def _params(params: Sequence[Any]) -> tuple[Any, ...]:
    return tuple(_value(v) for v in params)


class Row(tuple):
    """A result row readable by position and by column name, like ``sqlite3.Row``."""

    _names: dict[str, int]

    def __new__(cls, values: Sequence[Any], names: dict[str, int]) -> Row:
        row = super().__new__(cls, values)
        row._names = names
        return row

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, str):
            return tuple.__getitem__(self, self._names[key])
        return tuple.__getitem__(self, key)

    def keys(self) -> list[str]:
        return list(self._names)


def _rows(cursor: Any) -> Callable[[Sequence[Any]], Row]:
    names = {c.name: i for i, c in enumerate(cursor.description or ())}
    return lambda values: Row(values, names)


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__


class PostgresDatabase(Database):
    backend = "postgresql"
    no_limit = None

    def __init__(self, url: str, *, readonly: bool = False) -> None:
        pg = _driver()
        self.label = label(url)
        self.Error: type[Exception] = pg.Error
        self._lost: type[Exception] = pg.OperationalError
        try:
            params = pg.conninfo.conninfo_to_dict(url)
            params.setdefault("connect_timeout", 10)
            params.setdefault("application_name", "newsweave")
            self.conn: psycopg.Connection[Any] = pg.connect(autocommit=True, row_factory=_rows, **params)
        except pg.Error as exc:
            raise StoreError(
                f"{self.label}: cannot connect to PostgreSQL ({_one_line(exc)}); check the URL "
                "(postgresql://user@host:port/dbname) and that the server is running"
            ) from None
        self.execute(f"SET lock_timeout = {BUSY_TIMEOUT_MS}")
        self.execute("SET default_transaction_read_only = " + ("on" if readonly else "off"))

    def open_error(self, exc: Exception) -> StoreError | None:
        if not isinstance(exc, self.Error):
            return None
        return StoreError(f"{self.label}: cannot open the store ({_one_line(exc)})")

    def _failed(self, exc: Exception) -> StoreError:
        from psycopg import errors

        if isinstance(exc, errors.LockNotAvailable):
            return StoreError(f"the store is locked by another writer ({_one_line(exc)}); try again")
        return StoreError(f"{self.label}: PostgreSQL failed ({_one_line(exc)})")

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Cursor:
        try:
            return self.conn.execute(native(sql), _params(params) if params else None)
        except self._lost as exc:  # the server went away, a lock wait timed out, ...
            raise self._failed(exc) from None

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if len(rows) < 2:  # psycopg's executemany sets up a pipeline: dearer for one row
            for row in rows:
                self.execute(sql, row)
            return
        try:
            with self.conn.cursor() as cur:
                cur.executemany(native(sql), [_params(r) for r in rows])
        except self._lost as exc:
            raise self._failed(exc) from None

    def stream(self, sql: str, params: Sequence[Any] = ()) -> Iterator[Any]:
        """A server-side cursor: rows come ``STREAM_ROWS`` at a time (inside a transaction)."""
        with self.conn.cursor(name="newsweave_stream") as cur:
            cur.itersize = STREAM_ROWS
            try:
                cur.execute(native(sql), _params(params) if params else None)
                yield from cur
            except self._lost as exc:
                raise self._failed(exc) from None

    def begin_write(self) -> None:
        # READ COMMITTED: every statement after the lock sees what the previous writer committed.
        self.execute("BEGIN ISOLATION LEVEL READ COMMITTED")
        self.execute("SELECT pg_advisory_xact_lock(?, hashtext(current_schema()))", (LOCK_KEY,))

    def begin_snapshot(self) -> None:
        self.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")

    def commit(self) -> None:
        self.execute("COMMIT")

    def rollback(self) -> None:
        if self.conn.closed:
            return
        # If the connection is gone, the server has rolled the transaction back itself.
        with contextlib.suppress(self._lost):
            self.conn.execute("ROLLBACK")

    def version(self) -> int:
        # pg_class read with the statement's snapshot, not to_regclass: inside the write lock,
        # to_regclass can miss a meta table another process created meanwhile (a stale catalog
        # cache), and two processes opening a new store would both create the schema.
        exists = self.execute(
            "SELECT 1 FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n"
            " ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relname = 'meta'"
        ).fetchone()
        if exists is None:
            return 0
        row = self.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
        return int(row[0]) if row else 0

    def set_version(self, version: int) -> None:
        self.execute(
            "INSERT INTO meta (key, value) VALUES ('schema_version', ?)"
            " ON CONFLICT (key) DO UPDATE SET value = excluded.value", (str(version),),
        )

    def search_columns(self, title: str | None, text: str) -> dict[str, tuple[str, Any]]:
        from newsweave.store.search import tsvector

        return {"fts": ("CAST(? AS tsvector)", tsvector(title or "", text))}

    def search_hits(self, text: str) -> tuple[str, tuple[Any, ...]] | None:
        from newsweave.store.search import tsquery

        query = tsquery(text)
        if not query:
            return None
        return (
            "SELECT a.event_id AS eid, -max(ts_rank(a.fts, q.q)) AS score"
            " FROM articles a, (SELECT CAST(? AS tsquery) AS q) q"
            " WHERE a.fts @@ q.q AND a.event_id IS NOT NULL GROUP BY a.event_id",
            (query,),
        )

    def backup(self, dest: Path) -> None:
        raise StoreError(
            f"{self.label}: --backup copies SQLite stores; back up a PostgreSQL store with "
            f"pg_dump (e.g. pg_dump -Fc -f {dest} DBNAME)"
        )

    def close(self) -> None:
        self.conn.close()
