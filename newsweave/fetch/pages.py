"""A fetched page or a full-content feed item -> the input document and its cleaned article.

The page body goes through the project's HTML reader (``newsweave.ingest.html``) and cleaner,
exactly as a saved HTML file would, so fetched and read articles come out alike.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from urllib.parse import urlsplit

from newsweave.clean import clean_document
from newsweave.errors import InputError
from newsweave.ingest.html import NO_TEXT, depth_problem, extract_html
from newsweave.records import Article, RawDocument, safe_id

_SLUG_SPLIT = re.compile(r"[/?=&]+")
MAX_ID = 80


@dataclass(slots=True)
class Fetched:
    """One article found on the web, with what makes it the same as one already stored."""

    doc: RawDocument
    article: Article
    url: str  # canonical URL
    keys: tuple[str, ...]  # canonical URLs it is known under, and its text hash
    fetched_at: str = ""  # ISO 8601, UTC


def article_id(url: str) -> str:
    """A readable, URL-safe id from the URL: host and path, e.g. ``example.com_news_fire-42``."""
    parts = urlsplit(url)
    slug = "_".join(p for p in _SLUG_SPLIT.split(parts.path + "?" + parts.query) if p)
    raw = f"{parts.hostname or 'page'}_{slug}".rstrip("_")
    if len(raw) > MAX_ID:
        raw = raw[: MAX_ID - 9] + "-" + hashlib.sha1(raw.encode()).hexdigest()[:8]
    return safe_id(raw)


def text_key(text: str) -> str:
    """Identity of a clean text, whitespace-insensitive."""
    return "text:" + hashlib.sha256(" ".join(text.split()).encode("utf-8")).hexdigest()


def read_html(html: str, url: str, title: str | None = None, date: str | None = None,
              author: str | None = None, outlet: str | None = None,
              fmt: str = "html") -> tuple[RawDocument, Article]:
    """Read one page into its input document (the page's HTML, as fetched) and its cleaned
    article; raises ``InputError`` when no article text can be found in it."""
    doc = RawDocument(id=article_id(url), html=html, url=url, title=title, date=date,
                      author=author, outlet=outlet, fmt=fmt)
    extracted = extract_html(doc)
    if not extracted.text:
        raise InputError(url, depth_problem(html) or NO_TEXT)
    article = clean_document(extracted)
    if not article.text.strip():
        raise InputError(url, "nothing left of the page once cleaned (only boilerplate?)")
    article.url = url
    return doc, article  # the page itself: ``reprocess`` re-extracts it with the reader of the day


def fetched(html: str, url: str, fetched_at: str, also: tuple[str, ...] = (),
            title: str | None = None, date: str | None = None, author: str | None = None,
            outlet: str | None = None, fmt: str = "html") -> Fetched:
    doc, article = read_html(html, url, title, date, author, outlet, fmt)
    keys = tuple(dict.fromkeys(("url:" + url, *("url:" + a for a in also),
                                text_key(article.text))))
    return Fetched(doc=doc, article=article, url=url, keys=keys, fetched_at=fetched_at)
