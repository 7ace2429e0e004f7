"""Readers: turn files and folders into ``RawDocument`` records, chosen by content.

``read_paths`` never raises for a bad input: it yields an ``InputError`` in its place so one
bad file never stops a batch.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path

from newsweave.errors import InputError
from newsweave.records import RawDocument

MAX_FILE_BYTES = 64 * 1024 * 1024


def iter_files(paths: Iterable[str]) -> Iterator[Path | InputError]:
    """Every regular file under the paths, recursively, in a stable order."""
    for raw in paths:
        path = Path(raw)
        if not path.exists():
            yield InputError(raw, "no such file or folder")
        elif path.is_dir():
            for root, dirs, files in os.walk(path):
                dirs.sort()
                for name in sorted(files):
                    if not name.startswith("."):
                        yield Path(root) / name
        else:
            yield path


def read_file(path: Path) -> list[RawDocument]:
    """Read one file into documents; raises ``InputError`` if it is not an article."""
    if not path.is_file():
        raise InputError(str(path), "not a regular file")
    size = path.stat().st_size
    if size == 0:
        raise InputError(str(path), "empty file")
    if size > MAX_FILE_BYTES:
        raise InputError(str(path), f"file is {size} bytes, over the {MAX_FILE_BYTES} limit")
    data = path.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(str(path), "not UTF-8 text") from exc
    return [RawDocument(id=path.stem, text=text, path=str(path), fmt="text")]


def read_paths(paths: Iterable[str]) -> Iterator[RawDocument | InputError]:
    for item in iter_files(paths):
        if isinstance(item, InputError):
            yield item
            continue
        try:
            yield from read_file(item)
        except InputError as err:
            yield err
