"""Cached briefing JSON back into typed records, so ``show`` renders with ``newsweave.report``."""

from __future__ import annotations

from typing import Any

from newsweave.records import Event


def event_from_dict(d: dict[str, Any]) -> Event:
    """An event of a cached briefing (``Event.from_dict``)."""
    return Event.from_dict(d)


def citations(d: dict[str, Any]) -> list[tuple[str, str, int, int]]:
    """(kind, article, start, end) of every span the briefing cites."""
    out: list[tuple[str, str, int, int]] = []
    for kind, key in (("summary", "summary"), ("quote", "quotes"), ("claim", "claims"),
                      ("timeline", "timeline")):
        out.extend((kind, x["article"], x["start"], x["end"]) for x in d.get(key, []))
    return out
