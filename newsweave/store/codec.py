"""Cached briefing JSON back into typed records, so ``show`` renders with ``newsweave.report``."""

from __future__ import annotations

from typing import Any

from newsweave.records import (
    Article,
    Claim,
    Comparison,
    Entity,
    EventBriefing,
    Facts,
    Quote,
    Story,
    SummarySentence,
    TimelineEntry,
)


def event_from_dict(d: dict[str, Any]) -> EventBriefing:
    articles = [Article.from_dict(a) for a in d.get("articles", [])]
    stories: dict[str, Story] = {}
    for art in articles:
        sid = art.story or art.id
        story = stories.setdefault(sid, Story(id=sid, original=art.copy_of or art.id, articles=[]))
        story.articles.append(art.id)
        if art.copy_of is None:
            story.original = art.id
    facts = Facts(
        entities=[Entity(**e) for e in d.get("entities", [])],
        quotes=[Quote(**q) for q in d.get("quotes", [])],
        claims=[Claim(**c) for c in d.get("claims", [])],
        comparisons=[Comparison(**c) for c in d.get("comparisons", [])],
        timeline=[TimelineEntry(**t) for t in d.get("timeline", [])],
    )
    return EventBriefing(
        id=d["id"], title=d.get("title", ""), first_seen=d.get("first_seen"),
        last_seen=d.get("last_seen"), articles=articles, stories=list(stories.values()),
        summary=[SummarySentence(**s) for s in d.get("summary", [])], facts=facts,
    )


def citations(d: dict[str, Any]) -> list[tuple[str, str, int, int]]:
    """(kind, article, start, end) of every span the briefing cites."""
    out: list[tuple[str, str, int, int]] = []
    for kind, key in (("summary", "summary"), ("quote", "quotes"), ("claim", "claims"),
                      ("timeline", "timeline")):
        out.extend((kind, x["article"], x["start"], x["end"]) for x in d.get(key, []))
    return out
