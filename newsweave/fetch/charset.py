"""Decode a fetched body: valid UTF-8 first, then the HTTP header's charset, then the page's
``<meta charset>``, then detection (charset-normalizer, trafilatura's own choice)."""

from __future__ import annotations

import codecs
import re

from charset_normalizer import from_bytes

_META = re.compile(
    rb"""<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9_:.\-]+)""", re.IGNORECASE
)
_XML_DECL = re.compile(rb"""<\?xml[^>]+encoding\s*=\s*["']([A-Za-z0-9_.\-]+)""", re.IGNORECASE)


def _codec(name: str | None) -> str | None:
    if not name:
        return None
    try:
        codec = codecs.lookup(name.strip().strip("\"'")).name
    except LookupError:
        return None
    # As browsers do (WHATWG Encoding): a page labelled Latin-1 or ASCII is read as windows-1252.
    return "cp1252" if codec in ("iso8859-1", "latin-1", "ascii") else codec


def declared_charset(body: bytes) -> str | None:
    """The charset a page or XML document declares in its first 4 KB, if any."""
    head = body[:4096]
    match = _META.search(head) or _XML_DECL.search(head)
    return _codec(match.group(1).decode("ascii")) if match else None


def decode_body(body: bytes, header_charset: str | None) -> tuple[str, str]:
    """The text and the codec used. Never raises: the last resort replaces bad bytes.

    Valid non-ASCII UTF-8 wins over any declaration: servers often label UTF-8 pages as
    ISO-8859-1, and text in another encoding almost never happens to be valid UTF-8.
    """
    if body.startswith(codecs.BOM_UTF8):
        return body[3:].decode("utf-8", errors="replace"), "utf-8"
    try:
        return body.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    for name in (_codec(header_charset), declared_charset(body)):
        if name and name != "utf-8":
            try:
                return body.decode(name), name
            except UnicodeDecodeError:
                continue
    sample = body[:65536]
    high = sum(1 for b in sample if b >= 0x80)
    if high <= 0.2 * len(sample):  # a few accents in Latin text: detectors guess badly on those
        return body.decode("cp1252", errors="replace"), "cp1252"
    best = from_bytes(body[:200_000]).best()
    name = _codec(best.encoding) if best is not None else None
    name = name or "cp1252"
    return body.decode(name, errors="replace"), name
