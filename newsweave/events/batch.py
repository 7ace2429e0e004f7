"""``newsweave cluster``: the contract's benchmark mode over an articles JSONL file."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from newsweave.clean import clean_document
from newsweave.errors import InputError
from newsweave.events import make_grouper
from newsweave.events.grouper import parallel_map
from newsweave.jsonl import iter_objects
from newsweave.pipeline import unique_ids
from newsweave.records import RawDocument, safe_id


def cluster_jsonl(path: Path, on_error: Callable[[InputError], None]) -> tuple[list[str], int]:
    """One ``{"id", "event", "story"}`` line per valid input article, in input order."""
    docs: list[RawDocument] = []
    for n, obj in iter_objects(path, on_error):
        text, html = obj.get("text"), obj.get("html")
        if not isinstance(text, str) and not isinstance(html, str):
            on_error(InputError(f"{path}:{n}", "article has neither 'text' nor 'html'"))
            continue
        doc = RawDocument(
            id=safe_id(str(obj.get("id", n))),
            text=text if isinstance(text, str) else None,
            html=html if isinstance(html, str) else None,
            url=obj.get("url"),
            title=obj.get("title"),
            date=obj.get("date"),
            lang=obj.get("lang"),
            fmt="jsonl",
        )
        docs.append(doc)
    articles = parallel_map(clean_document, docs)
    del docs
    unique_ids(articles)
    grouping = make_grouper().group(articles)
    event_of: dict[str, str] = {}
    story_of: dict[str, str] = {}
    for ev in grouping.events:
        for st in ev.stories:
            for aid in st.articles:
                event_of[aid], story_of[aid] = ev.id, st.id
    lines = [
        json.dumps({"id": a.id, "event": event_of[a.id], "story": story_of[a.id]}) + "\n" for a in articles
    ]
    return lines, len(lines)
