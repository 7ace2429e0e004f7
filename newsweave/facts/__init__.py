"""Facts across sources: entities, quotes, numeric claims and a timeline for one event."""

from __future__ import annotations

from collections.abc import Sequence

from newsweave.records import Article, Facts, Story


def extract_facts(articles: Sequence[Article], stories: Sequence[Story]) -> Facts:
    """Entities, quotes, claims (compared across independent stories) and timeline."""
    return Facts()
