"""How English usually capitalises a word: counts of its lower-case, Title-case and UPPER forms.

The counts come from the unigram table of the ``truecase`` package (a Lita et al. truecaser
trained on NLTK's English corpora). Its pickle holds n-gram tables too and takes seconds to
load, so the unigram counts are extracted once into a small JSON cache and read from there.
"""

from __future__ import annotations

import gzip
import importlib.util
import json
import os
import pickle
import tempfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

CACHE_VERSION = 1
MIN_COUNT = 2  # words seen once say little about their usual case


@dataclass(frozen=True, slots=True)
class CaseCounts:
    lower: int
    title: int
    upper: int

    @property
    def total(self) -> int:
        return self.lower + self.title + self.upper

    @property
    def lower_share(self) -> float:
        """How often the word is written in lower case (sentence starts count as Title-case)."""
        return self.lower / self.total if self.total else 0.0


def cache_dir() -> Path:
    """``$NEWSWEAVE_CACHE``, else ``$XDG_CACHE_HOME/newsweave``, ``~/.cache/newsweave`` or a temp folder."""
    if os.environ.get("NEWSWEAVE_CACHE"):
        return Path(os.environ["NEWSWEAVE_CACHE"])
    home = os.path.expanduser("~")
    root = os.environ.get("XDG_CACHE_HOME") or (
        os.path.join(home, ".cache") if home != "~" else tempfile.gettempdir()
    )
    return Path(root) / "newsweave"


def _truecase_table() -> Path:
    spec = importlib.util.find_spec("truecase")
    if spec is None or not spec.submodule_search_locations:
        from newsweave.errors import NotInstalled

        raise NotInstalled("truecase", "all")
    return Path(next(iter(spec.submodule_search_locations))) / "data" / "english.dist"


def _extract(source: Path) -> dict[str, list[int]]:
    import nltk.probability  # noqa: F401  (the pickle holds nltk FreqDist objects)

    with source.open("rb") as fh:
        # The package's own model file, loaded as the package itself loads it.
        uni = pickle.load(fh)["uni_dist"]  # noqa: S301
    table: dict[str, list[int]] = {}
    for form, count in uni.items():
        if not isinstance(form, str) or not form[:1].isalpha():
            continue
        key = form.lower()
        slot = 0 if form == key else 1 if form == key.capitalize() else 2 if form == key.upper() else -1
        if slot >= 0:
            table.setdefault(key, [0, 0, 0])[slot] += int(count)
    return {k: v for k, v in table.items() if sum(v) >= MIN_COUNT}


def _load() -> dict[str, list[int]]:
    path = cache_dir() / f"case-counts-v{CACHE_VERSION}.json.gz"
    if path.exists():
        try:
            with gzip.open(path, "rt", encoding="utf-8") as fh:
                data: dict[str, list[int]] = json.load(fh)
            return data
        except (OSError, EOFError, ValueError):
            pass  # a truncated or foreign cache file: extract the counts again and overwrite it
    table = _extract(_truecase_table())
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        with gzip.open(tmp, "wt", encoding="utf-8") as fh:
            json.dump(table, fh, separators=(",", ":"))
        tmp.replace(path)
    except OSError:
        pass  # a read-only home only costs the extraction again next time
    return table


@lru_cache(maxsize=1)
def _table() -> dict[str, list[int]]:
    return _load()


@lru_cache(maxsize=65536)
def case_counts(word: str) -> CaseCounts | None:
    """Usual casing of ``word`` in general English; None when the word is unknown."""
    row = _table().get(word.lower())
    return CaseCounts(*row) if row else None


def _data_lines(name: str) -> list[str]:
    """The lines of a list shipped in ``clean/data``, its ``#`` comments left out."""
    text = (Path(__file__).parent / "data" / name).read_text(encoding="utf-8")
    return [line for line in text.splitlines() if not line.startswith("#")]


def load_words(name: str) -> frozenset[str]:
    """A word list shipped in ``clean/data`` (one or more words a line, ``#`` comments)."""
    return frozenset(w for line in _data_lines(name) for w in line.split())


def load_lines(name: str) -> frozenset[str]:
    """A phrase list shipped in ``clean/data`` (one phrase a line, ``#`` comments)."""
    return frozenset(" ".join(x.split()) for x in _data_lines(name) if x.strip())
