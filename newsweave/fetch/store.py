"""Handing fetched articles to the store: the same path as ``newsweave ingest`` (content-hash
identity, incremental grouping, briefings of touched events recomputed)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

from newsweave.fetch.pages import Fetched
from newsweave.pipeline import Pipeline
from newsweave.store.db import Database


class Sink(Protocol):
    """Where fetched articles go: the store, or a stand-in in tests."""

    def add(self, items: Sequence[Fetched]) -> list[str | None]: ...

    def close(self) -> None: ...


class StoreSink:
    """Adds articles to the store at ``path`` (a file or a PostgreSQL URL), opened once for the
    whole run."""

    def __init__(self, path: str | Path, pipeline: Pipeline | None = None) -> None:
        from newsweave.store.db import connect

        self.conn: Database = connect(path)
        self.pipeline = pipeline or Pipeline()

    def add(self, items: Sequence[Fetched]) -> list[str | None]:
        """Store each article; its stored id, or None when the store already held that content."""
        return _store_articles(self.conn, self.pipeline, items)

    def close(self) -> None:
        self.conn.close()


def _store_articles(
    conn: Database, pipeline: Pipeline, items: Sequence[Fetched]
) -> list[str | None]:
    from newsweave.store.ingest import IngestResult, store_batch

    result = IngestResult()
    pairs = [(f.article, f.doc) for f in items]
    store_batch(conn, pipeline, pairs, result)
    added = set(result.added)  # ids are unique here: callers pass one article per canonical URL
    return [art.id if art.id in added else None for art, _ in pairs]
