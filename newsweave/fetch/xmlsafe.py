"""Safe XML for feeds and sitemaps: defusedxml refuses entity bombs and external entities
before any other parser sees the bytes; and a sniffer that says what a fetched body is."""

from __future__ import annotations

import re
import zlib
from typing import Literal
from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

Kind = Literal["feed", "sitemap", "page"]

_ROOT = re.compile(rb"<([A-Za-z_][\w.\-]*:)?([A-Za-z_][\w.\-]*)")
_SKIP = re.compile(rb"\s*(?:<\?.*?\?>|<!--.*?-->|<!DOCTYPE[^>]*>)", re.DOTALL | re.IGNORECASE)
FEED_ROOTS = frozenset({b"rss", b"feed", b"rdf"})
SITEMAP_ROOTS = frozenset({b"urlset", b"sitemapindex"})


class UnsafeXml(ValueError):
    """The document declares entities or is not well-formed XML."""


def gunzip(body: bytes, limit: int) -> bytes:
    """Inflate a gzipped body (``sitemap.xml.gz``) without exceeding ``limit`` bytes."""
    if not body.startswith(b"\x1f\x8b"):
        return body
    inflater = zlib.decompressobj(zlib.MAX_WBITS | 16)
    try:
        out = inflater.decompress(body, limit + 1)
    except zlib.error as exc:
        raise UnsafeXml(f"corrupt gzip data ({exc})") from exc
    if len(out) > limit:
        raise UnsafeXml(f"inflates to more than {limit} bytes")
    return out


def root_name(body: bytes) -> bytes:
    """The local name of the first element, lower-cased (``b""`` when there is none)."""
    head = body[:8192].lstrip(b"\xef\xbb\xbf")
    pos = 0
    while True:
        skipped = _SKIP.match(head, pos)
        if not skipped or skipped.end() == pos:
            break
        pos = skipped.end()
    match = _ROOT.search(head, pos)
    return match.group(2).lower() if match else b""


def sniff(body: bytes, content_type: str = "") -> Kind:
    """What a fetched body is, by content first, then by its declared type."""
    head = body
    if body.startswith(b"\x1f\x8b"):
        try:
            head = zlib.decompressobj(zlib.MAX_WBITS | 16).decompress(body, 8192)
        except zlib.error:
            return "page"
    name = root_name(head)
    if name in FEED_ROOTS:
        return "feed"
    if name in SITEMAP_ROOTS:
        return "sitemap"
    if name == b"html" or "html" in content_type:
        return "page"
    if any(t in content_type for t in ("rss", "atom")):
        return "feed"
    return "page"


def parse_xml(body: bytes) -> Element:
    """Parse with defusedxml: no DTD entities, no external references."""
    try:
        return fromstring(body)
    except DefusedXmlException as exc:
        raise UnsafeXml(f"unsafe XML refused ({type(exc).__name__})") from exc
    except ParseError as exc:
        raise UnsafeXml(f"not well-formed XML ({exc})") from exc


def local(tag: str) -> str:
    """``{namespace}name`` -> ``name``."""
    return tag.rsplit("}", 1)[-1].lower()
