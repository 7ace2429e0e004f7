"""The SQLite backend (the default): one file in WAL mode, ``BEGIN IMMEDIATE`` as the write lock
with a long busy timeout, FTS5 for search, and SQLite's online backup API."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from newsweave.errors import StoreError
from newsweave.store.db import BUSY_TIMEOUT_MS, Cursor, Database


class SqliteDatabase(Database):
    backend = "sqlite"
    no_limit = -1

    def __init__(self, path: Path, *, readonly: bool = False) -> None:
        self.path = path
        self.label = str(path)
        if readonly and not path.exists():
            raise StoreError(f"{path}: no such store; create one with: newsweave ingest PATH --db {path}")
        if path.exists() and path.is_dir():
            raise StoreError(f"{path}: is a folder, not a store file; pass a file name with --db")
        try:
            if readonly:
                self.conn = sqlite3.connect(
                    f"file:{path.resolve()}?mode=ro", uri=True, isolation_level=None,
                    check_same_thread=False,
                )
            else:
                self.conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            self.conn.row_factory = sqlite3.Row
            self.conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            self.conn.execute("PRAGMA foreign_keys = ON")
            if not readonly:
                self.conn.execute("PRAGMA journal_mode = WAL")
                self.conn.execute("PRAGMA synchronous = NORMAL")  # in WAL: durable against crashes
        except sqlite3.DatabaseError as exc:
            if "database is locked" in str(exc):
                if hasattr(self, "conn"):
                    self.conn.close()
                raise  # another process is creating the store: ``store.db.connect`` opens again
            raise self._cannot_open(exc) from None

    def _cannot_open(self, exc: Exception) -> StoreError:
        return StoreError(f"{self.path}: cannot open the store ({exc}); is it a newsweave database?")

    def open_error(self, exc: Exception) -> StoreError | None:
        return self._cannot_open(exc) if isinstance(exc, sqlite3.DatabaseError) else None

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Cursor:
        return self.conn.execute(sql, params)

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self.conn.executemany(sql, rows)

    def begin_write(self) -> None:
        try:
            self.conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            raise StoreError(f"the store is locked by another writer ({exc}); try again") from None

    def begin_snapshot(self) -> None:
        self.conn.execute("BEGIN")

    def commit(self) -> None:
        self.conn.execute("COMMIT")

    def rollback(self) -> None:
        self.conn.execute("ROLLBACK")

    def version(self) -> int:
        version: int = self.conn.execute("PRAGMA user_version").fetchone()[0]
        return version

    def set_version(self, version: int) -> None:
        self.conn.execute(f"PRAGMA user_version = {int(version)}")

    def search_columns(self, title: str | None, text: str) -> dict[str, tuple[str, Any]]:
        return {}  # the FTS5 table follows the articles table through its triggers (schema.py)

    def search_hits(self, text: str) -> tuple[str, tuple[Any, ...]] | None:
        from newsweave.store.search import fts_query

        query = fts_query(text)
        if not query:
            return None
        return (
            "SELECT a.event_id AS eid, min(f.rank) AS score FROM articles_fts f"
            " JOIN articles a ON a.seq = f.rowid"
            " WHERE articles_fts MATCH ? AND a.event_id IS NOT NULL GROUP BY a.event_id",
            (query,),
        )

    def backup(self, dest: Path) -> None:
        """Copy the store with SQLite's online backup API: safe while other processes write."""
        if dest.exists():
            raise StoreError(f"{dest}: already exists; choose a new file for the backup")
        try:
            with sqlite3.connect(dest) as target:
                self.conn.backup(target, pages=1024)
            target.close()
        except sqlite3.Error as exc:
            dest.unlink(missing_ok=True)
            raise StoreError(f"{dest}: backup failed ({exc})") from None

    def close(self) -> None:
        self.conn.close()
