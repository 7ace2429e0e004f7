"""RSS 2.0 / Atom / RDF feeds (feedparser, after defusedxml has vetted the bytes).

An item that carries the article (content:encoded, atom:content or a long description) becomes
an article directly; a link-only item (a title and a teaser) is queued for fetching.
"""

from __future__ import annotations

import hashlib
import re
import time
from dataclasses import dataclass, field
from typing import Any

import feedparser

from newsweave.fetch.urls import is_http_url
from newsweave.fetch.xmlsafe import UnsafeXml, parse_xml

# Teasers run one to three sentences (well under 60 words); an article body runs to hundreds.
FULL_CONTENT_WORDS = 80
_TAGS = re.compile(r"<[^>]+>")


@dataclass(slots=True)
class FeedItem:
    id: str  # the feed's guid/id, else the link, else a hash of the item
    link: str | None
    title: str | None = None
    published: str | None = None  # ISO 8601, UTC
    author: str | None = None
    html: str | None = None  # the article itself, when the feed carries it

    @property
    def full(self) -> bool:
        return self.html is not None


@dataclass(slots=True)
class Feed:
    title: str | None
    items: list[FeedItem] = field(default_factory=list)


def words(markup: str) -> int:
    return len(_TAGS.sub(" ", markup).split())


def _iso(parsed: Any) -> str | None:
    if not parsed:
        return None
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", parsed)


def _item(entry: Any) -> FeedItem:
    bodies = [c.get("value", "") for c in entry.get("content", [])]
    bodies.append(entry.get("summary", ""))
    body = max(bodies, key=words)
    link = entry.get("link")
    link = link if link and is_http_url(link) else None
    ident = entry.get("id") or link
    if not ident:
        ident = hashlib.sha256((entry.get("title", "") + body).encode()).hexdigest()[:16]
    return FeedItem(
        id=str(ident),
        link=link,
        title=entry.get("title") or None,
        published=_iso(entry.get("published_parsed") or entry.get("updated_parsed")),
        author=entry.get("author") or None,
        html=body if words(body) >= FULL_CONTENT_WORDS else None,
    )


def parse_feed(body: bytes, base_url: str | None = None) -> Feed:
    """Items of a feed (relative links resolved against ``base_url``). Raises ``UnsafeXml`` for
    entity tricks or a document that is no feed."""
    if b"<!ENTITY" in body[:65536].upper():
        raise UnsafeXml("unsafe XML refused (entity declarations)")
    try:
        parse_xml(body)
    except UnsafeXml as exc:
        if "unsafe" in str(exc):
            raise
        # Malformed but entity-free: feedparser's lenient parser copes with the real world.
    headers = {"content-location": base_url} if base_url else None
    parsed = feedparser.parse(body, sanitize_html=True, resolve_relative_uris=True,
                              response_headers=headers)
    if not parsed.get("version") and not parsed.entries:
        raise UnsafeXml("not an RSS or Atom feed")
    return Feed(title=parsed.feed.get("title") or None, items=[_item(e) for e in parsed.entries])
