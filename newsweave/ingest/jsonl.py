"""JSON Lines of articles, read line by line: one bad line is reported and the rest is read."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from typing import Any, BinaryIO

from newsweave.errors import InputError
from newsweave.ingest.html import html_document
from newsweave.ingest.limits import MAX_DOCUMENT_BYTES, SNIFF_BYTES, mib
from newsweave.ingest.text import check_not_binary, check_text, stream_encoding
from newsweave.records import RawDocument, safe_id

META_FIELDS = ("url", "title", "date", "outlet", "author", "lang")
ALIASES = {"date": ("published",), "outlet": ("source", "site")}


def _lines(fh: BinaryIO) -> Iterator[tuple[int, str | None]]:
    """(line number, line) for each line; ``None`` for a line over the size limit (skipped
    without being held in memory)."""
    head = fh.read(SNIFF_BYTES)
    fh.seek(0)
    encoding, errors = stream_encoding(head)
    reader = io.TextIOWrapper(fh, encoding=encoding, errors=errors, newline=None)
    n = 0
    while True:
        line = reader.readline(MAX_DOCUMENT_BYTES + 1)
        if not line:
            return
        n += 1
        if len(line) > MAX_DOCUMENT_BYTES:
            while line and not line.endswith("\n"):
                line = reader.readline(MAX_DOCUMENT_BYTES)
            yield n, None
        else:
            yield n, line


def _string(obj: dict[str, Any], key: str) -> str | None:
    for name in (key, *ALIASES.get(key, ())):
        value = obj.get(name)
        if isinstance(value, str) and value.strip():
            return value.strip()
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return str(value)
    return None


JSON_TYPES = {"list": "array", "str": "string", "int": "number", "float": "number",
              "bool": "boolean", "NoneType": "null"}


def article(obj: dict[str, Any], path: str | None, where: str, stem: str) -> RawDocument:
    """One article object as a document; raises ``InputError`` if it holds no usable text."""
    text, html = obj.get("text"), obj.get("html")
    for name, value in (("text", text), ("html", html)):
        if value is not None and not isinstance(value, str):
            kind = JSON_TYPES.get(type(value).__name__, "object")
            raise InputError(where, f'field "{name}" is a JSON {kind}, not a string')
    given = _string(obj, "id")
    meta: dict[str, Any] = {name: _string(obj, name) for name in META_FIELDS}  # all str | None
    doc = RawDocument(id=safe_id(given or stem), path=path, fmt="jsonl", **meta)
    if isinstance(text, str) and text.strip():
        check_not_binary(text, where)
        doc.text = check_text(text, where)
        doc.html = html if isinstance(html, str) else None
        return doc
    if isinstance(html, str) and html.strip():
        doc.html = html
        return html_document(doc, where)
    raise InputError(where, 'no "text" or "html" field with an article in it')


def read_jsonl(fh: BinaryIO, where: str, stem: str) -> Iterator[RawDocument | InputError]:
    for n, line in _lines(fh):
        at = f"{where}:{n}"
        if line is None:
            yield InputError(at, f"line is over the {mib(MAX_DOCUMENT_BYTES)} limit; skipped")
            continue
        if not line.strip():
            yield InputError(at, "empty line")
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            yield InputError(at, f"not valid JSON ({exc.msg} at column {exc.colno})")
            continue
        except ValueError as exc:  # e.g. an integer of more than 4,300 digits
            yield InputError(at, f"not usable JSON ({exc})")
            continue
        except RecursionError:
            yield InputError(at, "JSON nested too deeply")
            continue
        if not isinstance(obj, dict):
            kind = JSON_TYPES.get(type(obj).__name__, "value")
            yield InputError(at, f"a JSON {kind}, not an article object")
            continue
        try:
            yield article(obj, where, at, stem)
        except InputError as err:
            yield err
