"""Readers: turn files and folders into ``RawDocument`` records, chosen by content.

``read_paths`` is lazy and never raises for bad input: it yields an ``InputError`` (one line
naming the file and the problem) in the bad input's place, so one bad file never stops a batch.
Formats: plain text, HTML, JSON Lines, RSS/Atom, WARC(.gz), and any of them gzip-compressed;
see ``detect.sniff``. Limits (sizes, tags, error lines) are named in ``limits``.
"""

from __future__ import annotations

import gzip
import zlib
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import BinaryIO, cast

from newsweave.errors import InputError
from newsweave.ingest.detect import Format, sniff
from newsweave.ingest.feed import read_feed
from newsweave.ingest.files import iter_inputs, open_input
from newsweave.ingest.html import extract_html, read_html
from newsweave.ingest.jsonl import read_jsonl
from newsweave.ingest.limits import MAX_DOCUMENT_BYTES, MAX_ERRORS_PER_FILE, SNIFF_BYTES, mib
from newsweave.ingest.text import read_text
from newsweave.ingest.warc import read_warc
from newsweave.records import RawDocument

__all__ = ["BUG", "Format", "extract_html", "read_file", "read_paths", "read_stream"]

Reader = Callable[[BinaryIO, str, str], Iterator[RawDocument | InputError]]
READERS: dict[Format, Reader] = {
    Format.TEXT: read_text,
    Format.HTML: read_html,
    Format.JSONL: read_jsonl,
    Format.FEED: read_feed,
    Format.WARC: read_warc,
}
_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
# Said when a reader fails in a way no rule foresaw; tests and the fuzz harness treat it as a failure.
BUG = "reader failed unexpectedly; this is a newsweave bug, please report it with the file"
# Formats read whole into memory; the others are streamed record by record.
WHOLE = (Format.TEXT, Format.HTML)


def printable(path: str) -> str:
    """A file name as valid UTF-8: bytes it cannot decode (kept by the OS as surrogates)
    become U+FFFD, so JSON and terminal output never fail on them."""
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:
        return path.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    return path


def _one_line(err: InputError) -> InputError:
    """The error as one printable line: a name or label holding line breaks must not split it."""
    path = printable(err.path)
    if path == err.path and not any(c in str(err) for c in _BREAKS):
        return err
    if any(c in path for c in _BREAKS):
        path = path.encode("unicode_escape").decode("ascii")
    return InputError(path, " ".join(printable(err.problem).split()))


def _sniff(fh: BinaryIO, where: str, path: Path) -> Format:
    head = fh.read(SNIFF_BYTES)
    fh.seek(0)
    return sniff(head, where, path.suffix)


def _read(fh: BinaryIO, where: str, size: int | None) -> Iterator[RawDocument | InputError]:
    path = Path(where)
    fmt = _sniff(fh, where, path)
    if fmt is Format.GZIP:  # streamed through the decompressor; read_bounded caps what it yields
        fh = cast(BinaryIO, gzip.GzipFile(fileobj=fh, mode="rb"))
        path, size = (path.with_suffix("") if path.suffix.lower() == ".gz" else path), None
        fmt = _sniff(fh, where, path)
        if fmt is Format.GZIP:
            raise InputError(where, "gzip inside gzip; decompress it first")
    if fmt in WHOLE and size is not None and size > MAX_DOCUMENT_BYTES:
        raise InputError(where, f"file is {mib(size)}, over the {mib(MAX_DOCUMENT_BYTES)} limit "
                         "for one article")
    yield from READERS[fmt](fh, where, path.stem)


def read_stream(
    fh: BinaryIO, where: str, size: int | None = None
) -> Iterator[RawDocument | InputError]:
    """The documents of one open binary stream named ``where``; never raises for bad input."""
    listed = unlisted = 0
    stopped: InputError | None = None
    try:
        for item in _read(fh, where, size):
            if isinstance(item, InputError):
                if listed == MAX_ERRORS_PER_FILE:
                    unlisted += 1
                    continue
                listed += 1
                item = _one_line(item)
            yield item
    except InputError as err:
        stopped = err
    except (EOFError, zlib.error, gzip.BadGzipFile):
        stopped = InputError(where, "compressed data is truncated or corrupt; what came before "
                             "was kept")
    except (RecursionError, MemoryError, OSError) as exc:
        stopped = InputError(where, f"cannot be read ({type(exc).__name__}: {exc})")
    except Exception as exc:  # noqa: BLE001 - the batch boundary: reported, never silent
        stopped = InputError(where, f"{BUG} ({type(exc).__name__}: {exc})")
    if stopped is not None:
        yield _one_line(stopped)
    if unlisted:
        yield InputError(where, f"{unlisted} more bad lines, items or records not listed")


def read_file(path: Path) -> Iterator[RawDocument | InputError]:
    try:
        fh, size = open_input(path)
    except InputError as err:
        yield _one_line(err)
        return
    with fh:
        yield from read_stream(fh, printable(str(path)), size)


def read_paths(paths: Iterable[str]) -> Iterator[RawDocument | InputError]:
    """Every document under ``paths`` (files, or folders read recursively), or why not."""
    for item in iter_inputs(paths):
        if isinstance(item, InputError):
            yield _one_line(item)
        else:
            yield from read_file(item)
