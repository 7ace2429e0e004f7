"""Editor corrections and the article lifecycle: merge, split, unlink, delete, reprocess.

Corrections are stored as decisions and re-applied after every later regrouping.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from newsweave.clean.pile import drop_pile_furniture
from newsweave.errors import InputError, UsageError
from newsweave.facts import analyse
from newsweave.pipeline import Pipeline, prepare_partition
from newsweave.records import Article
from newsweave.store import articles, events
from newsweave.store.db import Database, write
from newsweave.store.grouping import Decision
from newsweave.store.regroup import add_decision, regroup


def _event(db: Database, event_id: str) -> str:
    eid = events.resolve(db, event_id)
    if eid is None:
        raise UsageError(f"no event {event_id!r} in the store; list them with: newsweave events")
    return eid


def _article_event(db: Database, article_id: str) -> str:
    found = articles.get(db, article_id)
    if found is None:
        raise UsageError(f"no article {article_id!r} in the store")
    if found[1] is None:
        raise UsageError(f"article {article_id!r} is not grouped yet; run newsweave ingest again")
    return found[1]


def merge(db: Database, pipeline: Pipeline, first: str, second: str) -> str:
    """Merge two events; the older id survives and the other redirects to it."""
    with write(db):
        a, b = _event(db, first), _event(db, second)
        if a == b:
            raise UsageError(f"{first!r} and {second!r} are already the same event ({a})")
        members = events.article_ids(db, a) + events.article_ids(db, b)
        add_decision(db, Decision("merge", tuple(members)))
        regroup(db, pipeline, members)
        return _article_event(db, members[0])


def split(db: Database, pipeline: Pipeline, event_id: str, ids: Sequence[str]) -> str:
    """Take articles out of an event into an event of their own; returns its id (the larger
    part of an event keeps the event's id)."""
    with write(db):
        eid = _event(db, event_id)
        members = events.article_ids(db, eid)
        missing = [a for a in ids if a not in members]
        if missing:
            raise UsageError(f"not in event {eid}: {', '.join(missing)}")
        rest = [a for a in members if a not in set(ids)]
        if not rest:
            raise UsageError("cannot split every article out of an event; leave at least one")
        add_decision(db, Decision("split", tuple(ids), tuple(rest)))
        regroup(db, pipeline, members)
        return _article_event(db, ids[0])


def unlink(db: Database, pipeline: Pipeline, article_id: str) -> str:
    """Mark an article as not a copy of its story's original; it becomes a story of its own."""
    with write(db):
        found = articles.get(db, article_id)
        if found is None:
            raise UsageError(f"no article {article_id!r} in the store")
        art, _ = found
        if art.copy_of is None:
            raise UsageError(f"article {article_id!r} is not marked as a copy; nothing to unlink")
        add_decision(db, Decision("unlink", (article_id,), (art.copy_of,)))
        regroup(db, pipeline, [article_id])
        return _article_event(db, article_id)


def delete(
    db: Database, pipeline: Pipeline, ids: Sequence[str] = (), outlet: str | None = None
) -> list[str]:
    """Remove articles (or every article of an outlet) with their facts; re-brief what is left."""
    with write(db):
        doomed = list(ids) + (articles.ids_of_outlet(db, outlet) if outlet else [])
        if not doomed:
            raise UsageError(f"no article of outlet {outlet!r} in the store" if outlet
                             else "name at least one article id or --outlet")
        affected: set[str] = set()
        for aid in doomed:
            found = articles.get(db, aid)
            if found is None:
                raise UsageError(f"no article {aid!r} in the store")
            if found[1]:
                affected.add(found[1])
        db.executemany("DELETE FROM articles WHERE id = ?", [(a,) for a in doomed])
        events.drop_empty(db)
        db.executemany("UPDATE events SET briefing = NULL WHERE id = ?", [(e,) for e in affected])
        survivors = [a for eid in affected for a in events.article_ids(db, eid)]
        if survivors:
            regroup(db, pipeline, survivors)
        return doomed


def reprocess(
    db: Database,
    pipeline: Pipeline,
    on_error: Callable[[InputError], None],
    on_article: Callable[[], None] | None = None,
) -> int:
    """Re-clean every stored article from its raw input and re-brief every event. The store is
    then one pile: its lines that pages of different stories share go, as a ``brief`` of it
    would remove them (``clean.pile``; the only time a stored article loses a line)."""
    with write(db):
        stored = articles.raw_documents(db)
        cleaned: list[Article] = []
        for aid, doc in stored:
            art = prepare_partition([doc])[0]
            if isinstance(art, InputError):
                on_error(InputError(aid, f"{art.problem}; kept the stored version"))
            else:
                art.id = aid
                cleaned.append(art)
            if on_article:
                on_article()
        analyse(drop_pile_furniture(cleaned))  # the changed ones lost their analysis with the lines
        for art in cleaned:
            articles.update_clean(db, art)
        regroup(db, pipeline, [aid for aid, _ in stored], force=True)
    return len(stored)
