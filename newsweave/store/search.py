"""Full-text search (FTS5) over article titles and clean text, answered as events."""

from __future__ import annotations

import re
import sqlite3

from newsweave.store.events import EventRow

_WORD = re.compile(r"\w+", re.UNICODE)


def fts_query(text: str) -> str:
    """A user's words as an FTS5 query: every word must occur (prefix match on the last one).

    Words are quoted, so FTS5 operators and syntax in the input are never interpreted.
    """
    words = _WORD.findall(text)[:20]
    if not words:
        return ""
    terms = [f'"{w}"' for w in words]
    terms[-1] += "*"
    return " ".join(terms)


def search_events(
    conn: sqlite3.Connection, text: str, limit: int = -1, offset: int = 0
) -> tuple[list[EventRow], int]:
    """Events holding an article that matches ``text``, best match first; and their number."""
    query = fts_query(text)
    if not query:
        return [], 0
    hits = (
        "SELECT a.event_id AS eid, min(f.rank) AS score FROM articles_fts f"
        " JOIN articles a ON a.seq = f.rowid"
        " WHERE articles_fts MATCH ? AND a.event_id IS NOT NULL GROUP BY a.event_id"
    )
    rows = conn.execute(
        f"SELECT e.id, e.title, e.first_seen, e.last_seen, e.n_articles, e.n_outlets,"
        f" e.n_independent, e.lede, count(*) OVER () FROM ({hits}) h JOIN events e ON e.id = h.eid"
        " ORDER BY h.score, coalesce(e.last_seen, '') DESC LIMIT ? OFFSET ?",
        (query, limit, offset),
    ).fetchall()
    if not rows and offset > 0:  # past the last page: still say how many there are
        total = conn.execute(f"SELECT count(*) FROM ({hits})", (query,)).fetchone()[0]
        return [], int(total)
    return [EventRow(*r[:8]) for r in rows], int(rows[0][8]) if rows else 0
