"""A briefing as pandas tables, one row per item, for notebooks and analysis.

Rows come from the records' ``to_dict`` (the briefing JSON), so a field added to a record
becomes a column with no change here. Every row carries its ``event``; ids join the tables:
``claims.article``/``quotes.article``/``timeline.article`` to ``articles.id``,
``articles.story`` to ``stories.id``, ``claims.comparison`` to ``comparisons.id``.
pandas is the ``frames`` extra, imported only here.
"""

from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING, Any

from newsweave.errors import NotInstalled
from newsweave.records import Article, Briefing, Claim, Comparison, Entity, Event, Quote, Story, TimelineEntry
from newsweave.serialize import serialised

if TYPE_CHECKING:
    import pandas as pd

# Table name -> the record whose fields are its columns (when a table is empty, the columns stay).
TABLES: dict[str, type] = {
    "articles": Article, "stories": Story, "claims": Claim, "comparisons": Comparison,
    "quotes": Quote, "entities": Entity, "timeline": TimelineEntry,
}
# Columns a table adds to its record's fields.
EXTRA: dict[str, tuple[str, ...]] = {
    "articles": ("event",),
    "stories": ("event", "size"),
    "claims": ("event", "comparison", "status"),
    "comparisons": ("id", "event", "size"),
}


def _pandas() -> Any:
    try:
        import pandas
    except ImportError:  # the frames extra is optional
        raise NotInstalled("pandas", "frames") from None
    return pandas


def comparison_id(event: str, n: int) -> str:
    """The id of an event's ``n``-th comparison (1-based); the briefing JSON gives none."""
    return f"{event}-cmp{n}"


def _rows(event: Event) -> dict[str, list[dict[str, Any]]]:
    doc = event.to_dict()
    ev = {"event": event.id}
    rows: dict[str, list[dict[str, Any]]] = {
        name: [{**item, **ev} for item in doc.get(name, [])] for name in TABLES
    }
    rows["stories"] = [{**s.to_dict(), **ev, "size": len(s.articles)} for s in event.stories]
    in_comparison: dict[str, tuple[str, str]] = {}
    for n, comp in enumerate(rows["comparisons"], 1):
        comp["id"] = comparison_id(event.id, n)
        comp["size"] = len(comp["claims"])
        for cid in comp["claims"]:
            in_comparison.setdefault(cid, (comp["id"], comp["status"]))
    for claim in rows["claims"]:
        claim["comparison"], claim["status"] = in_comparison.get(claim["id"], (None, None))
    return rows


def _columns(name: str, rows: list[dict[str, Any]]) -> list[str]:
    names = [f.name for f in fields(TABLES[name]) if serialised(f)]
    lead = [c for c in ("id", "event") if c in names or c in EXTRA.get(name, ())]
    cols = dict.fromkeys([*lead, *names, *EXTRA.get(name, ())])
    for row in rows:  # fields a record's to_dict adds beyond its dataclass fields
        cols.update(dict.fromkeys(row))
    return list(cols)


def to_frames(briefing: Briefing) -> dict[str, pd.DataFrame]:
    """The tables of ``briefing`` (see the module docstring); needs pandas (``frames`` extra)."""
    pandas = _pandas()
    rows: dict[str, list[dict[str, Any]]] = {name: [] for name in TABLES}
    for event in briefing.events:
        for name, found in _rows(event).items():
            rows[name].extend(found)
    return {name: pandas.DataFrame(found, columns=_columns(name, found)) for name, found in rows.items()}
