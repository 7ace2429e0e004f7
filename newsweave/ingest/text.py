"""Decoding bytes into text (BOMs, UTF-8, Windows-1252, other charsets) and the plain-text reader."""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterator
from typing import BinaryIO

import charset_normalizer

from newsweave.errors import InputError
from newsweave.ingest.limits import (
    MAX_CONTROL_SHARE,
    MAX_DOCUMENT_BYTES,
    MAX_FALLBACK_SHARE,
    MAX_NUL_SHARE,
    MAX_TEXT_CHARS,
    mib,
)
from newsweave.records import RawDocument, safe_id

# UTF-32 first: its little-endian BOM starts with UTF-16's.
BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
FALLBACK = "newsweave-cp1252"
_CP1252_HOLES = frozenset(b"\x81\x8d\x8f\x90\x9d")
_CP1252 = "".join(
    chr(b) if b in _CP1252_HOLES else bytes([b]).decode("cp1252") for b in range(256)
)
_CONTROLS = re.compile(r"[\x00-\x08\x0e-\x1f\x7f-\x9f]")  # C0/C1 but tab and line breaks
_HIGH_BYTES = bytes(range(0x80, 0x100))


def _cp1252_fallback(err: UnicodeError) -> tuple[str, int]:
    # Not a library rule: browsers read stray non-UTF-8 bytes as Windows-1252, so mixed files
    # (UTF-8 paragraphs pasted beside Latin-1 ones) keep both parts readable.
    assert isinstance(err, UnicodeDecodeError)
    bad = err.object[err.start : err.end]
    return "".join(_CP1252[b] for b in bad), err.end


codecs.register_error(FALLBACK, _cp1252_fallback)


def bom_encoding(head: bytes) -> str | None:
    for bom, name in BOMS:
        if head.startswith(bom):
            return name
    return None


def utf16_without_bom(head: bytes) -> str | None:
    """``utf-16-le``/``-be`` when nearly every other byte is NUL, as in Latin text saved as UTF-16."""
    n = len(head) // 2
    if n < 2:
        return None
    even, odd = head[0::2].count(0), head[1::2].count(0)
    if odd > 0.7 * n and even < 0.05 * n:
        return "utf-16-le"
    if even > 0.7 * n and odd < 0.05 * n:
        return "utf-16-be"
    return None


def too_many_nuls(head: bytes) -> bool:
    return head.count(0) > MAX_NUL_SHARE * len(head)


def stream_encoding(head: bytes) -> tuple[str, str]:
    """(encoding, error handler) for reading a file line by line."""
    enc = bom_encoding(head) or (utf16_without_bom(head) if b"\0" in head else None)
    if enc:
        return enc, "replace"
    return "utf-8", FALLBACK


def _valid_codec(name: str | None) -> str | None:
    if not name:
        return None
    try:
        info = codecs.lookup(name)
    except LookupError:
        return None
    # "base64", "rot13", "zip"... are codecs too, but not text encodings
    return info.name if getattr(info, "_is_text_encoding", True) else None


def decode(data: bytes, where: str, declared: str | None = None) -> str:
    """Text of ``data``: BOM, else UTF-8, else the declared charset, else Windows-1252 accents
    in UTF-8, else charset_normalizer's best guess; raises ``InputError`` when none fits."""
    enc, _ = stream_encoding(data[:4096])
    if enc != "utf-8":
        text = data.decode(enc, errors="replace")
    else:
        text = _decode_8bit(data, where, _valid_codec(declared))
    check_not_binary(text, where)
    return text


def _decode_8bit(data: bytes, where: str, declared: str | None) -> str:
    if too_many_nuls(data[:65536]):
        raise InputError(where, "binary data (NUL bytes), not text")
    data = data.replace(b"\0", b"")  # a stray NUL in scraped text is noise, not content
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    if declared and declared not in ("utf-8", "ascii", "latin-1", "iso8859-1", "cp1252"):
        try:
            return data.decode(declared)
        except (UnicodeError, LookupError):
            pass
    sample = data[:65536]
    high = len(sample) - len(sample.translate(None, _HIGH_BYTES))
    if high <= MAX_FALLBACK_SHARE * len(sample):
        return data.decode("utf-8", errors=FALLBACK)
    best = charset_normalizer.from_bytes(data).best()
    if best is None:
        raise InputError(where, "not text in any known encoding (binary data?)")
    return str(best)


def check_not_binary(text: str, where: str) -> None:
    sample = text[:65536]
    controls = len(_CONTROLS.findall(sample))
    if sample and controls > MAX_CONTROL_SHARE * len(sample):
        raise InputError(where, "binary data (control characters), not text")


def read_bounded(fh: BinaryIO, where: str, limit: int = MAX_DOCUMENT_BYTES) -> bytes:
    data = fh.read(limit + 1)
    if len(data) > limit:
        raise InputError(where, f"file is over the {mib(limit)} limit for one article")
    return data


def check_text(text: str, where: str) -> str:
    """The text itself, or an ``InputError`` if it is empty or too long for one article."""
    if not text.strip():
        raise InputError(where, "no article text (only whitespace)")
    if len(text) > MAX_TEXT_CHARS:
        raise InputError(
            where, f"text is {len(text):,} characters, over the {MAX_TEXT_CHARS:,} limit for one article"
        )
    return text


def read_text(fh: BinaryIO, where: str, stem: str) -> Iterator[RawDocument | InputError]:
    """A plain-text article: the text as it is; cleaning and metadata come later."""
    text = check_text(decode(read_bounded(fh, where), where), where)
    yield RawDocument(id=safe_id(stem), text=text, path=where, fmt="text")
