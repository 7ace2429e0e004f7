"""Getting data out: JSON Lines of articles and briefings, and a consistent online backup."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

from newsweave.errors import StoreError
from newsweave.records import SCHEMA
from newsweave.store import articles, events


def export_lines(conn: sqlite3.Connection) -> Iterator[str]:
    """One ``{"type": "article", ...}`` line per article, then one ``{"type": "event", ...}``
    line per event holding its briefing (schema ``newsweave.briefing/1``), newest first."""
    conn.execute("BEGIN")  # one snapshot for the whole export, even while an ingest writes
    try:
        for row in conn.execute(f"SELECT {articles.COLUMNS}, event_id FROM articles ORDER BY seq"):
            doc = {"type": "article", **articles.from_row(row).to_dict(), "event": row["event_id"]}
            yield json.dumps(doc, ensure_ascii=False) + "\n"
        for ev in events.listing(conn):
            brief = events.briefing(conn, ev.id)
            if brief is not None:
                yield json.dumps({"type": "event", "schema": SCHEMA, "event": brief},
                                 ensure_ascii=False) + "\n"
    finally:
        conn.execute("COMMIT")


def backup(conn: sqlite3.Connection, dest: Path) -> None:
    """Copy the store with SQLite's online backup API: safe while other processes write."""
    if dest.exists():
        raise StoreError(f"{dest}: already exists; choose a new file for the backup")
    try:
        with sqlite3.connect(dest) as target:
            conn.backup(target, pages=1024)
        target.close()
    except sqlite3.Error as exc:
        dest.unlink(missing_ok=True)
        raise StoreError(f"{dest}: backup failed ({exc})") from None
