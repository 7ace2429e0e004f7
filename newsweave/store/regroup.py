"""Incremental grouping over the store: regroup the time window the new articles touch with
the batch grouper, honour editor decisions, keep event ids stable, re-brief changed events.

Used until ``newsweave.events`` offers an incremental grouper whose state the store can keep.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import date, timedelta
from typing import Any

from newsweave.pipeline import Pipeline
from newsweave.store import articles, events
from newsweave.store.db import Database
from newsweave.store.grouping import Decision, apply_decisions, assign_ids, membership, normalise

WINDOW_DAYS = 3  # articles published this close to a new one are regrouped with it
RECENT_UNDATED = 500  # undated articles are compared with this many recent ones


def decisions(db: Database) -> list[Decision]:
    out: list[Decision] = []
    for kind, payload in db.execute("SELECT kind, payload FROM decisions ORDER BY id"):
        data = json.loads(payload)
        out.append(Decision(kind, tuple(data["articles"]), tuple(data.get("rest", ()))))
    return out


def add_decision(db: Database, decision: Decision) -> None:
    payload = {"articles": list(decision.articles), "rest": list(decision.rest)}
    db.execute("INSERT INTO decisions (kind, payload) VALUES (?, ?)",
                 (decision.kind, json.dumps(payload)))


def window(db: Database, seeds: Iterable[str], rules: list[Decision]) -> set[str]:
    """The seeds, articles published near them, and whole events (and decisions) they touch."""
    ids = set(seeds)
    dates = [r[0] for r in _select(db, "SELECT published FROM articles WHERE id IN", ids) if r[0]]
    undated = len(dates) < len(ids)
    for lo, hi in _ranges(dates):
        ids.update(r[0] for r in db.execute(
            "SELECT id FROM articles WHERE published BETWEEN ? AND ?", (lo, hi)))
    if undated:
        ids.update(r[0] for r in db.execute(
            "SELECT id FROM articles ORDER BY seq DESC LIMIT ?", (RECENT_UNDATED,)))
    while True:  # close over events and over the articles a decision binds together
        evs = {r[0] for r in _select(db, "SELECT event_id FROM articles WHERE id IN", ids) if r[0]}
        grown = set(ids)
        for eid in evs:
            grown.update(events.article_ids(db, eid))
        for d in rules:
            bound = set(d.articles) | set(d.rest)
            if bound & grown:
                grown |= bound
        grown = {r[0] for r in _select(db, "SELECT id FROM articles WHERE id IN", grown)}
        if grown == ids:
            return ids
        ids = grown


def _ranges(dates: list[str]) -> list[tuple[str, str]]:
    """Merged [date - WINDOW_DAYS, date + WINDOW_DAYS] ranges, as ISO strings."""
    spans: list[tuple[date, date]] = []
    for iso in sorted(set(dates)):
        try:
            d = date.fromisoformat(iso[:10])
        except ValueError:
            continue
        lo, hi = d - timedelta(days=WINDOW_DAYS), d + timedelta(days=WINDOW_DAYS)
        if spans and lo <= spans[-1][1]:
            spans[-1] = (spans[-1][0], hi)
        else:
            spans.append((lo, hi))
    return [(lo.isoformat(), hi.isoformat() + "~") for lo, hi in spans]


def _select(db: Database, sql: str, ids: Iterable[str]) -> list[Any]:
    items = list(ids)
    out: list[Any] = []
    for i in range(0, len(items), 500):
        chunk = items[i : i + 500]
        out.extend(db.execute(f"{sql} ({','.join('?' * len(chunk))})", chunk).fetchall())
    return out


def regroup(
    db: Database, pipeline: Pipeline, seeds: Iterable[str], *, force: bool = False
) -> list[str]:
    """Regroup around ``seeds`` and re-brief every event whose articles changed (all with
    ``force``). Returns the ids of the events written. Call inside a write transaction."""
    rules = decisions(db)
    ids = window(db, seeds, rules)
    if not ids:
        return []
    by_id = articles.load(db, ids)
    ordered = sorted(by_id.values(), key=lambda a: a.published or "9999")  # stable: ingest order
    before: dict[str, str | None] = {}
    old_members: dict[str, frozenset[tuple[str, str, str | None]]] = {}
    for r in _select(db, "SELECT id, event_id FROM articles WHERE id IN", ids):
        before[r[0]] = r[1]
    for eid in {e for e in before.values() if e}:
        old_members[eid] = membership(events.stories(db, eid))
    groups = normalise(pipeline.grouper.group(ordered).events, set(by_id))
    groups = apply_decisions(groups, rules)
    plan = assign_ids(groups, before, events.created_order(db), lambda: events.new_event(db))
    written: list[str] = []
    for eid, group in plan.events:
        events.place(db, eid, group.stories)
    for old, new in plan.redirects.items():
        events.redirect(db, old, new)
    for eid, group in plan.events:
        if force or membership(group.stories) != old_members.get(eid) or _stale(db, eid):
            events.save_briefing(db, pipeline.brief_event(group, by_id))
            written.append(eid)
    events.drop_empty(db)
    return written


def _stale(db: Database, event_id: str) -> bool:
    row = db.execute("SELECT briefing IS NULL FROM events WHERE id = ?", (event_id,)).fetchone()
    return bool(row and row[0])

