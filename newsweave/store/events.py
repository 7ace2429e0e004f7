"""Events in the store: listing, redirects of merged ids, and the cached briefing per event."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from typing import Any

from newsweave.records import EventBriefing, Story
from newsweave.store.codec import citations


@dataclass(frozen=True, slots=True)
class EventRow:
    id: str
    title: str
    first_seen: str | None
    last_seen: str | None
    articles: int
    outlets: int
    independent: int
    lede: str = ""  # the summary's first sentence, for lists (not part of the contract's JSON)

    def to_dict(self, article_ids: list[str]) -> dict[str, Any]:
        return {
            "id": self.id, "title": self.title, "first_seen": self.first_seen,
            "last_seen": self.last_seen, "articles": self.articles, "outlets": self.outlets,
            "independent": self.independent, "article_ids": article_ids,
        }


_ROW = "id, title, first_seen, last_seen, n_articles, n_outlets, n_independent, lede"
_ORDER = "ORDER BY coalesce(last_seen, '') DESC, created DESC"


def _row(r: sqlite3.Row) -> EventRow:
    return EventRow(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7])


def resolve(conn: sqlite3.Connection, event_id: str) -> str | None:
    """The id an event lives under now (following merges), or None if there is no such event."""
    seen: set[str] = set()
    while event_id not in seen:
        seen.add(event_id)
        if conn.execute("SELECT 1 FROM events WHERE id = ?", (event_id,)).fetchone():
            return event_id
        row = conn.execute("SELECT new FROM redirects WHERE old = ?", (event_id,)).fetchone()
        if row is None:
            return None
        event_id = row[0]
    return None


def listing(conn: sqlite3.Connection, limit: int = -1, offset: int = 0) -> list[EventRow]:
    """Events, newest first."""
    rows = conn.execute(f"SELECT {_ROW} FROM events {_ORDER} LIMIT ? OFFSET ?", (limit, offset))
    return [_row(r) for r in rows]


def count(conn: sqlite3.Connection) -> int:
    n: int = conn.execute("SELECT count(*) FROM events").fetchone()[0]
    return n


def article_ids(conn: sqlite3.Connection, event_id: str) -> list[str]:
    rows = conn.execute("SELECT id FROM articles WHERE event_id = ? ORDER BY seq", (event_id,))
    return [r[0] for r in rows]


def document(conn: sqlite3.Connection) -> dict[str, Any]:
    """The ``events --format json`` document of the contract."""
    members: dict[str, list[str]] = {}
    for r in conn.execute("SELECT event_id, id FROM articles WHERE event_id IS NOT NULL ORDER BY seq"):
        members.setdefault(r[0], []).append(r[1])
    return {"events": [e.to_dict(members.get(e.id, [])) for e in listing(conn)]}


def briefing(conn: sqlite3.Connection, event_id: str) -> dict[str, Any] | None:
    """The cached briefing JSON of one event (its id already resolved)."""
    row = conn.execute("SELECT briefing FROM events WHERE id = ?", (event_id,)).fetchone()
    if row is None or row[0] is None:
        return None
    doc: dict[str, Any] = json.loads(row[0])
    return doc


def stories(conn: sqlite3.Connection, event_id: str) -> list[Story]:
    out: dict[str, Story] = {}
    for r in conn.execute(
        "SELECT id, story, copy_of FROM articles WHERE event_id = ? ORDER BY seq", (event_id,)
    ):
        sid = r["story"] or r["id"]
        story = out.setdefault(sid, Story(id=sid, original=sid, articles=[]))
        story.articles.append(r["id"])
    return list(out.values())


def created_order(conn: sqlite3.Connection) -> dict[str, int]:
    return {r[0]: r[1] for r in conn.execute("SELECT id, created FROM events")}


def new_event(conn: sqlite3.Connection) -> str:
    """A fresh event id, never reused (ids of deleted events stay retired)."""
    n = int(conn.execute("SELECT value FROM meta WHERE key = 'next_event'").fetchone()[0])
    conn.execute("UPDATE meta SET value = ? WHERE key = 'next_event'", (str(n + 1),))
    conn.execute("INSERT INTO events (id, created) VALUES (?, ?)", (f"e{n}", n))
    return f"e{n}"


def place(conn: sqlite3.Connection, event_id: str, stories_: list[Story]) -> None:
    """Put the articles of ``stories_`` into the event, with their story and original."""
    conn.execute("DELETE FROM stories WHERE event_id = ?", (event_id,))
    for s in stories_:
        conn.execute(
            "INSERT OR REPLACE INTO stories (id, event_id, original) VALUES (?, ?, ?)",
            (s.id, event_id, s.original),
        )
        conn.executemany(
            "UPDATE articles SET event_id = ?, story = ?, copy_of = ? WHERE id = ?",
            [(event_id, s.id, None if a == s.original else s.original, a) for a in s.articles],
        )


def save_briefing(conn: sqlite3.Connection, ev: EventBriefing) -> None:
    doc = ev.to_dict()
    src = doc["sources"]
    conn.execute(
        "UPDATE events SET title = ?, first_seen = ?, last_seen = ?, n_articles = ?,"
        " n_outlets = ?, n_independent = ?, briefing = ?, lede = ?,"
        " updated = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = ?",
        (
            ev.title, ev.first_seen, ev.last_seen, src["articles"], src["outlets"],
            src["independent"], json.dumps(doc, ensure_ascii=False),
            ev.summary[0].text if ev.summary else "", ev.id,
        ),
    )
    conn.execute("DELETE FROM citations WHERE event_id = ?", (ev.id,))
    conn.executemany(
        'INSERT INTO citations (kind, article_id, start, "end", event_id) VALUES (?, ?, ?, ?, ?)',
        [(*c, ev.id) for c in citations(doc)],
    )


def redirect(conn: sqlite3.Connection, old: str, new: str) -> None:
    """``old`` was merged into ``new``: route it (and whatever pointed at it) there."""
    conn.execute("UPDATE redirects SET new = ? WHERE new = ?", (new, old))
    conn.execute("INSERT OR REPLACE INTO redirects (old, new) VALUES (?, ?)", (old, new))
    conn.execute("DELETE FROM events WHERE id = ?", (old,))


def drop_empty(conn: sqlite3.Connection) -> list[str]:
    """Delete events left without articles (after a takedown); their redirects go too."""
    empty = [
        r[0] for r in conn.execute(
            "SELECT id FROM events WHERE NOT EXISTS"
            " (SELECT 1 FROM articles WHERE articles.event_id = events.id)"
        )
    ]
    for eid in empty:
        conn.execute("DELETE FROM redirects WHERE new = ?", (eid,))
        conn.execute("DELETE FROM events WHERE id = ?", (eid,))
    return empty


def cited_spans(conn: sqlite3.Connection, article_id: str) -> list[tuple[str, int, int]]:
    rows = conn.execute(
        'SELECT DISTINCT kind, start, "end" FROM citations WHERE article_id = ? ORDER BY start',
        (article_id,),
    )
    return [(r[0], r[1], r[2]) for r in rows]


def row(conn: sqlite3.Connection, event_id: str) -> EventRow | None:
    r = conn.execute(f"SELECT {_ROW} FROM events WHERE id = ?", (event_id,)).fetchone()
    return None if r is None else _row(r)
