"""Getting data out: JSON Lines of articles and briefings, and a consistent online backup."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

from newsweave.records import SCHEMA
from newsweave.store import articles, events
from newsweave.store.db import Database, snapshot


def export_lines(db: Database) -> Iterator[str]:
    """One ``{"type": "article", ...}`` line per article, then one ``{"type": "event", ...}``
    line per event holding its briefing (schema ``newsweave.briefing/1``), newest first."""
    with snapshot(db):  # one snapshot for the whole export, even while an ingest writes
        for row in db.stream(f"SELECT {articles.COLUMNS}, event_id FROM articles ORDER BY seq"):
            doc = {"type": "article", **articles.from_row(row).to_dict(), "event": row["event_id"]}
            yield json.dumps(doc, ensure_ascii=False) + "\n"
        for ev in events.listing(db):
            brief = events.briefing(db, ev.id)
            if brief is not None:
                yield json.dumps({"type": "event", "schema": SCHEMA, "event": brief},
                                 ensure_ascii=False) + "\n"


def backup(db: Database, dest: Path) -> None:
    """Copy the store while it is in use (SQLite's online backup API)."""
    db.backup(dest)
