"""What the Python API accepts as input: paths, article dicts and article texts, mixed freely.

``read_inputs`` turns each item into documents (or an ``InputError`` in its place, like
``read_paths``): an ``os.PathLike``, or a ``str`` naming an existing file or folder, is read as
the CLI reads it; a ``dict`` is one article with the JSON Lines fields of the contract; any other
``str`` is the text of one article. Items are named ``inputs[N]`` in messages.

A ``str`` that names no file but reads as a path (one word with a ``/`` or a file suffix, such as
``"articles/day1.txt"``; no article is one word) is read as a path, so a typo gives "no such
file or folder" rather than a one-word article.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Union

from newsweave.errors import InputError
from newsweave.ingest import read_paths
from newsweave.ingest.files import ARTICLE_SUFFIXES
from newsweave.ingest.jsonl import article
from newsweave.records import RawDocument

Input = Union[str, "os.PathLike[str]", Mapping[str, Any]]


@dataclass(frozen=True, slots=True)
class GivenPath:
    """A path exactly as it was typed (``./a.txt`` stays ``./a.txt`` in messages and in the
    article's ``path``, which ``pathlib`` would normalise): what the CLI passes for its arguments."""

    raw: str

    def __fspath__(self) -> str:
        return self.raw


def is_path(item: object) -> bool:
    """Whether ``read_inputs`` reads ``item`` as a path (rather than as an article's text)."""
    if isinstance(item, os.PathLike):
        return True
    if not isinstance(item, str) or "\n" in item:
        return False
    if os.path.exists(item):
        return True
    word = item.strip()
    looks = os.sep in word or os.path.splitext(word)[1].lower() in ARTICLE_SUFFIXES
    return bool(word) and len(word.split()) == 1 and looks


def read_inputs(items: Iterable[Input] | Input) -> Iterator[RawDocument | InputError]:
    """The documents of every item, in order; never raises for bad input. One input given
    alone (``brief("articles/")``) is read as a list of one, not character by character."""
    if isinstance(items, (str, os.PathLike, Mapping)):
        items = [items]
    for n, item in enumerate(items):
        where = f"inputs[{n}]"
        if is_path(item):
            yield from read_paths([os.fspath(item)])  # type: ignore[arg-type]  # str or PathLike
        elif isinstance(item, Mapping):
            yield _one(dict(item), where, n)
        elif isinstance(item, str):
            yield _one({"text": item}, where, n)
        else:
            kind = type(item).__name__
            yield InputError(where, f"a {kind}, not a path, an article dict or an article's text")


def _one(obj: dict[str, Any], where: str, n: int) -> RawDocument | InputError:
    try:
        return article(obj, None, where, f"input-{n}")
    except InputError as err:
        return err
