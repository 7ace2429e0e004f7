"""Recognising a file's format from its first bytes, with the extension only as a tie-breaker."""

from __future__ import annotations

import json
import re
import zlib
from enum import Enum

from newsweave.errors import InputError
from newsweave.ingest.text import FALLBACK, stream_encoding, too_many_nuls

# Hand-written: no field-standard pure-Python magic-number library ships in the base install.
MAGIC: tuple[tuple[bytes, str], ...] = (
    (b"\x89PNG\r\n\x1a\n", "PNG image"),
    (b"\xff\xd8\xff", "JPEG image"),
    (b"GIF87a", "GIF image"),
    (b"GIF89a", "GIF image"),
    (b"RIFF", "RIFF media file"),
    (b"\x7fELF", "ELF executable"),
    (b"MZ", "Windows executable"),
    (b"\xca\xfe\xba\xbe", "Mach-O or Java class file"),
    (b"\xcf\xfa\xed\xfe", "Mach-O executable"),
    (b"%PDF-", "PDF document"),
    (b"PK\x03\x04", "ZIP archive (or Office document)"),
    (b"PK\x05\x06", "ZIP archive"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "legacy Office document"),
    (b"7z\xbc\xaf\x27\x1c", "7-Zip archive"),
    (b"Rar!\x1a\x07", "RAR archive"),
    (b"BZh", "bzip2-compressed file"),
    (b"\xfd7zXZ\x00", "xz-compressed file"),
    (b"\x28\xb5\x2f\xfd", "zstd-compressed file"),
    (b"SQLite format 3\x00", "SQLite database"),
    (b"OggS", "Ogg media file"),
    (b"ID3", "MP3 audio"),
    (b"\x00asm", "WebAssembly module"),
    (b"wOFF", "web font"),
    (b"wOF2", "web font"),
)
GZIP_MAGIC = b"\x1f\x8b"
HTML_SUFFIXES = frozenset({".html", ".htm", ".xhtml", ".shtml", ".php", ".asp", ".aspx"})
JSONL_SUFFIXES = frozenset({".jsonl", ".ndjson", ".jsonlines"})
FEED_ROOTS = frozenset({"rss", "feed", "rdf:rdf"})
HTML_ROOTS = frozenset(
    {"html", "head", "body", "meta", "title", "link", "div", "article", "main", "section", "p",
     "span", "table", "header", "nav", "h1", "h2", "h3", "a", "br", "script", "style", "noscript"}
)
_NAME = re.compile(r"[A-Za-z][\w:.-]*")


class Format(str, Enum):
    TEXT = "text"
    HTML = "html"
    JSONL = "jsonl"
    FEED = "feed"
    WARC = "warc"
    GZIP = "gzip"  # any other format, gzip-compressed: sniffed again once decompressed


def _gunzip_head(head: bytes) -> bytes:
    try:
        return zlib.decompressobj(wbits=31).decompress(head, 64)
    except zlib.error:
        return b""


def root_element(text: str) -> str:
    """The name of the first element after an XML declaration, processing instructions,
    comments and a DOCTYPE (with its internal subset); "" if there is none.

    A linear scan by hand: a regular expression over these optional parts backtracked
    catastrophically on thousands of empty comments."""
    i, n = 0, len(text)
    while i < n:
        while i < n and text[i].isspace():
            i += 1
        if text.startswith("<?", i):
            end = text.find("?>", i + 2)
            i = end + 2
        elif text.startswith("<!--", i):
            end = text.find("-->", i + 4)
            i = end + 3
        elif text[i : i + 9].upper() == "<!DOCTYPE":
            close, subset = text.find(">", i), text.find("[", i)
            if subset != -1 and (close == -1 or subset < close):
                bracket = text.find("]", subset)
                close = -1 if bracket == -1 else text.find(">", bracket)
            end = close
            i = end + 1
        elif text.startswith("<", i):
            name = _NAME.match(text, i + 1)
            return name.group(0) if name else ""
        else:
            return ""
        if end == -1:
            return ""
    return ""


def _is_object_line(line: str) -> bool:
    try:
        return isinstance(json.loads(line), dict)
    except (ValueError, RecursionError):
        return False


def sniff(head: bytes, where: str, suffix: str) -> Format:
    """The format of a file from its first bytes; raises ``InputError`` for non-articles."""
    if not head:
        raise InputError(where, "empty file")
    if head.startswith(GZIP_MAGIC):
        if _gunzip_head(head).startswith(b"WARC/"):
            return Format.WARC
        return Format.GZIP
    for magic, kind in MAGIC:
        if head.startswith(magic) and not (magic == b"MZ" and b"\0" not in head[:512]):
            raise InputError(where, f"binary file ({kind}), not an article")
    encoding, errors = stream_encoding(head)
    if encoding == "utf-8" and too_many_nuls(head):
        raise InputError(where, "binary data (NUL bytes), not text")
    text = head.decode(encoding, errors=errors if errors == FALLBACK else "replace")
    text = text.lstrip("\ufeff \t\r\n\f\v")
    if not text:
        raise InputError(where, "empty file (only whitespace)")
    if text.startswith("WARC/"):
        return Format.WARC
    suffix = suffix.lower()
    if text.startswith("<"):
        name = root_element(text).lower()
        if name in FEED_ROOTS:
            return Format.FEED
        if name in HTML_ROOTS or text[:15].lower().startswith("<!doctype html"):
            return Format.HTML
        if text.startswith("<?xml") or suffix in (".xml", ".rss", ".atom"):
            raise InputError(where, f"XML file with root <{name or '?'}>, neither RSS nor Atom")
    if suffix in JSONL_SUFFIXES:
        return Format.JSONL
    if text.startswith(("{", "[")):
        first, newline, _ = text.partition("\n")
        if _is_object_line(first) or (not newline and first.startswith('{"')):
            return Format.JSONL
        if suffix == ".json":
            raise InputError(where, "a JSON document, not JSON Lines (one article object per line)")
    if suffix in HTML_SUFFIXES and re.search(r"<[A-Za-z!/]", text[:4096]):
        return Format.HTML
    return Format.TEXT
