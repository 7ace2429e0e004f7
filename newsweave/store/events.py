"""Events in the store: listing, redirects of merged ids, and the cached briefing per event."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from newsweave.records import EventBriefing, Story
from newsweave.store.codec import citations
from newsweave.store.db import Database


@dataclass(frozen=True, slots=True)
class EventRow:
    """One line of the event list (``Store.events()``, ``newsweave events``)."""

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


def _row(r: Any) -> EventRow:
    return EventRow(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7])


def resolve(db: Database, event_id: str) -> str | None:
    """The id an event lives under now (following merges), or None if there is no such event."""
    seen: set[str] = set()
    while event_id not in seen:
        seen.add(event_id)
        if db.execute("SELECT 1 FROM events WHERE id = ?", (event_id,)).fetchone():
            return event_id
        row = db.execute("SELECT new FROM redirects WHERE old = ?", (event_id,)).fetchone()
        if row is None:
            return None
        event_id = row[0]
    return None


def listing(db: Database, limit: int = -1, offset: int = 0) -> list[EventRow]:
    """Events, newest first."""
    rows = db.execute(f"SELECT {_ROW} FROM events {_ORDER} LIMIT ? OFFSET ?",
                      (db.no_limit if limit < 0 else limit, offset))
    return [_row(r) for r in rows]


def count(db: Database) -> int:
    n: int = db.execute("SELECT count(*) FROM events").fetchone()[0]
    return n


def article_ids(db: Database, event_id: str) -> list[str]:
    rows = db.execute("SELECT id FROM articles WHERE event_id = ? ORDER BY seq", (event_id,))
    return [r[0] for r in rows]


def document(db: Database) -> dict[str, Any]:
    """The ``events --format json`` document of the contract."""
    members: dict[str, list[str]] = {}
    for r in db.execute("SELECT event_id, id FROM articles WHERE event_id IS NOT NULL ORDER BY seq"):
        members.setdefault(r[0], []).append(r[1])
    return {"events": [e.to_dict(members.get(e.id, [])) for e in listing(db)]}


def briefing(db: Database, event_id: str) -> dict[str, Any] | None:
    """The cached briefing JSON of one event (its id already resolved)."""
    row = db.execute("SELECT briefing FROM events WHERE id = ?", (event_id,)).fetchone()
    if row is None or row[0] is None:
        return None
    doc: dict[str, Any] = json.loads(row[0])
    return doc


def stories(db: Database, event_id: str) -> list[Story]:
    out: dict[str, Story] = {}
    for r in db.execute(
        "SELECT id, story, copy_of FROM articles WHERE event_id = ? ORDER BY seq", (event_id,)
    ):
        sid = r["story"] or r["id"]
        story = out.setdefault(sid, Story(id=sid, original=sid, articles=[]))
        story.articles.append(r["id"])
    return list(out.values())


def created_order(db: Database) -> dict[str, int]:
    return {r[0]: r[1] for r in db.execute("SELECT id, created FROM events")}


def new_event(db: Database) -> str:
    """A fresh event id, never reused (ids of deleted events stay retired)."""
    n = int(db.execute("SELECT value FROM meta WHERE key = 'next_event'").fetchone()[0])
    db.execute("UPDATE meta SET value = ? WHERE key = 'next_event'", (str(n + 1),))
    db.execute("INSERT INTO events (id, created) VALUES (?, ?)", (f"e{n}", n))
    return f"e{n}"


def place(db: Database, event_id: str, stories_: list[Story]) -> None:
    """Put the articles of ``stories_`` into the event, with their story and original."""
    db.execute("DELETE FROM stories WHERE event_id = ?", (event_id,))
    for s in stories_:
        db.execute(
            "INSERT INTO stories (id, event_id, original) VALUES (?, ?, ?) ON CONFLICT (id)"
            " DO UPDATE SET event_id = excluded.event_id, original = excluded.original",
            (s.id, event_id, s.original),
        )
        db.executemany(
            "UPDATE articles SET event_id = ?, story = ?, copy_of = ? WHERE id = ?",
            [(event_id, s.id, None if a == s.original else s.original, a) for a in s.articles],
        )


def save_briefing(db: Database, ev: EventBriefing) -> None:
    doc = ev.to_dict()
    src = doc["sources"]
    db.execute(
        "UPDATE events SET title = ?, first_seen = ?, last_seen = ?, n_articles = ?,"
        " n_outlets = ?, n_independent = ?, briefing = ?, lede = ?, updated = ? WHERE id = ?",
        (
            ev.title, ev.first_seen, ev.last_seen, src["articles"], src["outlets"],
            src["independent"], json.dumps(doc, ensure_ascii=False),
            ev.summary[0].text if ev.summary else "",
            datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"), ev.id,
        ),
    )
    db.execute("DELETE FROM citations WHERE event_id = ?", (ev.id,))
    db.executemany(
        'INSERT INTO citations (kind, article_id, start, "end", event_id) VALUES (?, ?, ?, ?, ?)',
        [(*c, ev.id) for c in citations(doc)],
    )


def redirect(db: Database, old: str, new: str) -> None:
    """``old`` was merged into ``new``: route it (and whatever pointed at it) there."""
    db.execute("UPDATE redirects SET new = ? WHERE new = ?", (new, old))
    db.execute("INSERT INTO redirects (old, new) VALUES (?, ?)"
               " ON CONFLICT (old) DO UPDATE SET new = excluded.new", (old, new))
    db.execute("DELETE FROM events WHERE id = ?", (old,))


def drop_empty(db: Database) -> list[str]:
    """Delete events left without articles (after a takedown); their redirects go too."""
    empty = [
        r[0] for r in db.execute(
            "SELECT id FROM events WHERE NOT EXISTS"
            " (SELECT 1 FROM articles WHERE articles.event_id = events.id)"
        )
    ]
    for eid in empty:
        db.execute("DELETE FROM redirects WHERE new = ?", (eid,))
        db.execute("DELETE FROM events WHERE id = ?", (eid,))
    return empty


def cited_spans(db: Database, article_id: str) -> list[tuple[str, int, int]]:
    rows = db.execute(
        'SELECT DISTINCT kind, start, "end" FROM citations WHERE article_id = ? ORDER BY start',
        (article_id,),
    )
    return [(r[0], r[1], r[2]) for r in rows]


def row(db: Database, event_id: str) -> EventRow | None:
    r = db.execute(f"SELECT {_ROW} FROM events WHERE id = ?", (event_id,)).fetchone()
    return None if r is None else _row(r)
