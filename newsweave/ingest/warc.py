"""WARC and WARC.gz archives, record by record: HTML responses become articles.

Every payload is read through a bounded read, so a gzip bomb (HTTP ``Content-Encoding`` or a
huge record) costs at most ``MAX_DOCUMENT_BYTES`` of memory; a truncated archive keeps the
records before the break and reports the break.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from typing import Any, BinaryIO

from warcio.archiveiterator import ArchiveIterator
from warcio.exceptions import ArchiveLoadFailed

from newsweave.errors import InputError
from newsweave.ingest.html import decode_html, html_document
from newsweave.ingest.limits import MAX_DOCUMENT_BYTES, MAX_WARC_RECORD_BYTES, mib
from newsweave.records import RawDocument, safe_id

ARTICLE_RECORDS = ("response", "resource")
# What warcio raises on malformed archives; AttributeError and friends come from headers it
# expects but does not check (a response record without WARC-Target-URI, found by fuzzing).
WARCIO_ERRORS = (ArchiveLoadFailed, zlib.error, EOFError, ValueError, OSError, AttributeError,
                 TypeError, KeyError, IndexError)
_CHUNK = 1024 * 1024


def _charset(content_type: str) -> str | None:
    for part in content_type.split(";")[1:]:
        key, _, value = part.partition("=")
        if key.strip().lower() == "charset":
            return value.strip().strip("\"'") or None
    return None


def _content_type(record: Any) -> str:
    if record.http_headers is not None:
        return record.http_headers.get_header("Content-Type") or ""
    return record.rec_headers.get_header("Content-Type") or ""


def _drain(record: Any) -> bool:
    """Read what is left of the record in bounded chunks; False if the archive ends (or its
    compression breaks) inside it."""
    stream = record.raw_stream
    try:
        while stream.read(_CHUNK):
            pass
    except (zlib.error, EOFError, ValueError, OSError):
        return False
    return getattr(stream, "limit", 0) <= 0


def _document(record: Any, where: str) -> RawDocument | None:
    """The record's article, ``None`` for records that are not HTML pages; may raise."""
    if record.rec_type not in ARTICLE_RECORDS:
        return None
    if record.http_headers is not None:
        status = record.http_headers.get_statuscode() or ""
        if not status.startswith("2"):
            return None
    content_type = _content_type(record).lower()
    if "html" not in content_type:
        return None
    try:
        payload = record.content_stream().read(MAX_DOCUMENT_BYTES + 1)
    except (zlib.error, OSError, EOFError, ValueError) as exc:
        raise InputError(where, f"payload cannot be decoded ({exc}); skipped") from None
    if len(payload) > MAX_DOCUMENT_BYTES:
        raise InputError(where, f"payload decompresses to over {mib(MAX_DOCUMENT_BYTES)}; skipped")
    uri = record.rec_headers.get_header("WARC-Target-URI")
    record_id = (record.rec_headers.get_header("WARC-Record-ID") or "").strip("<> ")
    html = decode_html(payload, where, _charset(content_type))
    doc = RawDocument(id=safe_id(record_id or uri or "record"), html=html, url=uri, fmt="warc")
    return html_document(doc, where)


def _why(exc: Exception) -> str:
    if isinstance(exc, ArchiveLoadFailed):
        return str(exc).strip() or "unreadable record"
    if isinstance(exc, (zlib.error, EOFError)):
        return "corrupt compression"
    return "malformed record headers"


def _records(fh: BinaryIO, where: str) -> Iterator[Any | InputError]:
    """warcio's records, then an ``InputError`` if the archive breaks before its end."""
    records = iter(ArchiveIterator(fh, no_record_parse=False, check_digests=False))
    while True:
        try:
            record = next(records, None)
        except WARCIO_ERRORS as exc:
            yield InputError(where, f"broken WARC ({_why(exc)})")
            return
        if record is None:
            return
        yield record


def read_warc(fh: BinaryIO, where: str, stem: str) -> Iterator[RawDocument | InputError]:
    found = problems = n = 0
    for record in _records(fh, where):
        if isinstance(record, InputError):
            yield InputError(where, f"{record.problem} after record {n}; "
                             f"the {found} article(s) before it were kept")
            return
        n += 1
        uri = record.rec_headers.get_header("WARC-Target-URI") or "no URI"
        at = f"{where}: record {n} <{uri}>"
        length = record.length or 0
        if length > MAX_WARC_RECORD_BYTES:
            yield InputError(at, f"record of {mib(length)} is over the "
                             f"{mib(MAX_WARC_RECORD_BYTES)} limit; rest of the archive not read")
            return
        problem: InputError | None = None
        doc: RawDocument | None = None
        try:
            doc = _document(record, at)
        except InputError as err:
            problem = err
        if not _drain(record):
            yield InputError(at, "archive is truncated or corrupt inside this record; "
                             f"the {found} article(s) before it were kept")
            return
        if problem is not None:
            problems += 1
            yield problem
        elif doc is not None:
            doc.path = where
            found += 1
            yield doc
    if found == problems == 0 and n:
        yield InputError(where, f"no HTML page among its {n} WARC record(s)")
