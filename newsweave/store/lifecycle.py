"""Editor corrections and the article lifecycle: merge, split, unlink, delete, reprocess.

Corrections are stored as decisions and re-applied after every later regrouping.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence

from newsweave.errors import InputError, UsageError
from newsweave.pipeline import Pipeline, prepare_partition
from newsweave.store import articles, events
from newsweave.store.db import write
from newsweave.store.grouping import Decision
from newsweave.store.regroup import add_decision, regroup


def _event(conn: sqlite3.Connection, event_id: str) -> str:
    eid = events.resolve(conn, event_id)
    if eid is None:
        raise UsageError(f"no event {event_id!r} in the store; list them with: newsweave events")
    return eid


def _article_event(conn: sqlite3.Connection, article_id: str) -> str:
    found = articles.get(conn, article_id)
    if found is None:
        raise UsageError(f"no article {article_id!r} in the store")
    if found[1] is None:
        raise UsageError(f"article {article_id!r} is not grouped yet; run newsweave ingest again")
    return found[1]


def merge(conn: sqlite3.Connection, pipeline: Pipeline, first: str, second: str) -> str:
    """Merge two events; the older id survives and the other redirects to it."""
    with write(conn):
        a, b = _event(conn, first), _event(conn, second)
        if a == b:
            raise UsageError(f"{first!r} and {second!r} are already the same event ({a})")
        members = events.article_ids(conn, a) + events.article_ids(conn, b)
        add_decision(conn, Decision("merge", tuple(members)))
        regroup(conn, pipeline, members)
        return _article_event(conn, members[0])


def split(conn: sqlite3.Connection, pipeline: Pipeline, event_id: str, ids: Sequence[str]) -> str:
    """Take articles out of an event into an event of their own; returns its id (the larger
    part of an event keeps the event's id)."""
    with write(conn):
        eid = _event(conn, event_id)
        members = events.article_ids(conn, eid)
        missing = [a for a in ids if a not in members]
        if missing:
            raise UsageError(f"not in event {eid}: {', '.join(missing)}")
        rest = [a for a in members if a not in set(ids)]
        if not rest:
            raise UsageError("cannot split every article out of an event; leave at least one")
        add_decision(conn, Decision("split", tuple(ids), tuple(rest)))
        regroup(conn, pipeline, members)
        return _article_event(conn, ids[0])


def unlink(conn: sqlite3.Connection, pipeline: Pipeline, article_id: str) -> str:
    """Mark an article as not a copy of its story's original; it becomes a story of its own."""
    with write(conn):
        found = articles.get(conn, article_id)
        if found is None:
            raise UsageError(f"no article {article_id!r} in the store")
        art, _ = found
        if art.copy_of is None:
            raise UsageError(f"article {article_id!r} is not marked as a copy; nothing to unlink")
        add_decision(conn, Decision("unlink", (article_id,), (art.copy_of,)))
        regroup(conn, pipeline, [article_id])
        return _article_event(conn, article_id)


def delete(
    conn: sqlite3.Connection, pipeline: Pipeline, ids: Sequence[str] = (), outlet: str | None = None
) -> list[str]:
    """Remove articles (or every article of an outlet) with their facts; re-brief what is left."""
    with write(conn):
        doomed = list(ids) + (articles.ids_of_outlet(conn, outlet) if outlet else [])
        if not doomed:
            raise UsageError(f"no article of outlet {outlet!r} in the store" if outlet
                             else "name at least one article id or --outlet")
        affected: set[str] = set()
        for aid in doomed:
            found = articles.get(conn, aid)
            if found is None:
                raise UsageError(f"no article {aid!r} in the store")
            if found[1]:
                affected.add(found[1])
        conn.executemany("DELETE FROM articles WHERE id = ?", [(a,) for a in doomed])
        events.drop_empty(conn)
        conn.executemany("UPDATE events SET briefing = NULL WHERE id = ?", [(e,) for e in affected])
        survivors = [a for eid in affected for a in events.article_ids(conn, eid)]
        if survivors:
            regroup(conn, pipeline, survivors)
        return doomed


def reprocess(
    conn: sqlite3.Connection,
    pipeline: Pipeline,
    on_error: Callable[[InputError], None],
    on_article: Callable[[], None] | None = None,
) -> int:
    """Re-clean every stored article from its raw input and re-brief every event."""
    with write(conn):
        stored = articles.raw_documents(conn)
        for aid, doc in stored:
            art = prepare_partition([doc])[0]
            if isinstance(art, InputError):
                on_error(InputError(aid, f"{art.problem}; kept the stored version"))
            else:
                art.id = aid
                articles.update_clean(conn, art)
            if on_article:
                on_article()
        regroup(conn, pipeline, [aid for aid, _ in stored], force=True)
    return len(stored)
