"""XML sitemaps (sitemaps.org), sitemap indexes and Google News sitemaps, read with defusedxml."""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import urljoin

from newsweave.fetch.urls import is_http_url
from newsweave.fetch.xmlsafe import UnsafeXml, gunzip, local, parse_xml

MAX_URLS = 50_000  # the sitemaps.org limit per file


@dataclass(slots=True)
class SitemapEntry:
    url: str
    lastmod: str | None = None
    title: str | None = None  # news:title
    published: str | None = None  # news:publication_date


@dataclass(slots=True)
class Sitemap:
    """``sitemaps`` are child sitemaps (an index); ``entries`` are pages (a urlset)."""

    sitemaps: list[str] = field(default_factory=list)
    entries: list[SitemapEntry] = field(default_factory=list)


def parse_sitemap(body: bytes, base_url: str, limit: int = 50 * 1024 * 1024) -> Sitemap:
    """Raises ``UnsafeXml`` when the body is unsafe, malformed or not a sitemap."""
    root = parse_xml(gunzip(body, limit))
    kind = local(root.tag)
    out = Sitemap()
    if kind not in ("sitemapindex", "urlset"):
        raise UnsafeXml(f"not a sitemap (root element <{kind}>)")
    for node in list(root)[:MAX_URLS]:
        fields: dict[str, str] = {}
        for child in node.iter():
            name = local(child.tag)
            if child.text and child.text.strip() and name not in fields:
                fields[name] = child.text.strip()
        loc = urljoin(base_url, fields.get("loc", ""))
        if not is_http_url(loc):
            continue
        if kind == "sitemapindex":
            out.sitemaps.append(loc)
        else:
            out.entries.append(SitemapEntry(
                url=loc,
                lastmod=fields.get("lastmod"),
                title=fields.get("title"),
                published=fields.get("publication_date"),
            ))
    return out
