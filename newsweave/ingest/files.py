"""Walking files and folders, and opening a file without ever blocking on a FIFO or device."""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import BinaryIO

from newsweave.errors import InputError

# A folder with one of these names that holds no files was probably meant to be an article.
ARTICLE_SUFFIXES = frozenset(
    {".txt", ".text", ".md", ".html", ".htm", ".xhtml", ".jsonl", ".ndjson", ".json", ".xml",
     ".rss", ".atom", ".warc", ".gz", ".arc"}
)


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def _stat(path: str) -> os.stat_result | InputError:
    """``os.stat`` following links, or the reason it cannot be read, as an ``InputError``."""
    try:
        return os.stat(path)
    except FileNotFoundError:
        if os.path.islink(path):
            return InputError(path, "broken symbolic link (its target does not exist)")
        return InputError(path, "no such file or folder")
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return InputError(path, "symbolic link loop; it points back to itself")
        return InputError(path, f"cannot access: {exc.strerror or exc}")


def _walk(root: str, root_st: os.stat_result) -> Iterator[Path | InputError]:
    """Regular files under ``root`` in name order, following links but never into a loop."""
    seen = {(root_st.st_dev, root_st.st_ino)}
    stack: list[Iterator[str]] = [iter([root])]
    while stack:
        folder = next(stack[-1], None)
        if folder is None:
            stack.pop()
            continue
        try:
            names = sorted(e.name for e in os.scandir(folder) if not e.name.startswith("."))
        except OSError as exc:
            yield InputError(folder, f"cannot list folder: {exc.strerror or exc}")
            continue
        if not names and Path(folder).suffix.lower() in ARTICLE_SUFFIXES:
            yield InputError(folder, "a folder named like an article file, holding no files")
        subfolders: list[str] = []
        for name in names:
            path = os.path.join(folder, name)
            st = _stat(path)
            if isinstance(st, InputError):
                yield st
            elif stat.S_ISDIR(st.st_mode):
                if (st.st_dev, st.st_ino) in seen:
                    yield InputError(path, "symbolic link loop: this folder is already being read")
                else:
                    seen.add((st.st_dev, st.st_ino))
                    subfolders.append(path)
            elif stat.S_ISREG(st.st_mode):
                yield Path(path)
            else:
                yield InputError(path, f"{_kind(st.st_mode)}, not an article file; not opened")
        stack.append(iter(subfolders))


def iter_inputs(paths: Iterable[str]) -> Iterator[Path | InputError]:
    """Every regular file under the paths (folders recursively, in a stable order)."""
    for raw in paths:
        st = _stat(raw)
        if isinstance(st, InputError):
            yield st
        elif stat.S_ISDIR(st.st_mode):
            yield from _walk(raw, st)
        elif stat.S_ISREG(st.st_mode):
            yield Path(raw)
        else:
            yield InputError(raw, f"{_kind(st.st_mode)}, not an article file; not opened")


def open_input(path: Path) -> tuple[BinaryIO, int]:
    """Open a regular file for reading and give its size; never blocks (O_NONBLOCK + fstat)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise InputError(str(path), f"cannot open: {exc.strerror or exc}") from None
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):  # replaced between the walk and the open
        os.close(fd)
        raise InputError(str(path), f"{_kind(st.st_mode)}, not an article file")
    return os.fdopen(fd, "rb"), st.st_size
