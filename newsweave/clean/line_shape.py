"""What one line of plain text looks like on its own: the shape features of the furniture
classifier (``clean.furniture``), computed at C speed (per-character and per-word Python loops
cost more than the model itself on long lines of prose).

The row a line gets lists its own features in the order of the first entries of
``clean.furniture.FEATURES``.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from importlib.util import find_spec
from itertools import repeat
from operator import itemgetter
from pathlib import Path

from newsweave.clean import interface

PROSE_WORDS = 8  # a line of prose has at least this many words ...
PROSE_STOP = 0.15  # ... this share of stop words (where the language has a stop list) ...
LONG_WORDS = 25  # ... and ends like a sentence, unless it is this long
_UI = interface.ALL_WORDS
_ENDS = ".!?…。！？؟"  # a sentence ends with one of these ...
_CLOSERS = "\"'”’»)]"  # ... before any closing quotes and brackets
_QUOTE_START = re.compile(r"^[\"'“‘«„]")
_LINKISH = re.compile(r"https?://|www\.|@\w|#\w|\.(?:com|org|net|html?)\b", re.I)
_PIPES = "|•·»›>/"
_LINK_HINTS = ("://", "www.", ".com", ".org", ".net", ".htm")  # one of these or @ or # is in any link
_STRIP = ".,:;!?()[]{}\"'“”‘’«»*-–—|"
# ISO 639-1 codes to the names of jusText's stop lists (the languages newsweave meets most)
_JUSTEXT_NAMES = {
    "en": "English", "es": "Spanish", "fr": "French", "de": "German", "pt": "Portuguese",
    "it": "Italian", "ca": "Catalan", "nl": "Dutch", "ru": "Russian", "pl": "Polish",
    "sv": "Swedish", "da": "Danish", "no": "Norwegian_Bokmal", "fi": "Finnish", "cs": "Czech",
    "ro": "Romanian", "tr": "Turkish", "id": "Indonesian", "hu": "Hungarian", "el": "Greek",
    "uk": "Ukrainian", "ar": "Arabic", "hi": "Hindi", "sw": "Swahili", "pcm": "English",
}  # fmt: skip


@lru_cache(maxsize=32)
def stop_words(lang: str) -> frozenset[str]:
    """jusText's stop list for an ISO 639-1 code, read from its package (empty when none)."""
    name = _JUSTEXT_NAMES.get(lang)
    spec = find_spec("justext")
    if not name or spec is None or not spec.submodule_search_locations:
        return frozenset()
    path = Path(next(iter(spec.submodule_search_locations))) / "stoplists" / f"{name}.txt"
    try:
        return frozenset(w.strip().lower() for w in path.read_text("utf-8").splitlines() if w.strip())
    except OSError:
        return frozenset()


@dataclass(frozen=True, slots=True)
class Shape:
    """What one line looks like on its own."""

    words: int
    log_words: float
    terminal: bool
    stop: float
    rule: bool
    prose: bool
    row: tuple[float, ...]  # the line's own features, the first of FEATURES


def _ascii_class(ch: str) -> int:
    """The class byte of an ASCII character: U upper, l other letter, d digit, s space, o other."""
    return ord(
        "U"
        if ch.isupper()
        else "l"
        if ch.isalpha()
        else "d"
        if ch.isdigit()
        else "s"
        if ch.isspace()
        else "o"
    )


# Character classes counted per line at C speed: the ASCII part mapped to class bytes by
# ``bytes.translate`` and counted (an ASCII character is alphanumeric when a letter or digit),
# the rest through a Counter of its distinct characters; per-character Python loops cost more
# than the model itself on long lines of prose.
_CLASS_BYTES = bytes(_ascii_class(chr(i)) for i in range(128)) + b"o" * 128
_TESTS = (str.isalpha, str.isupper, str.isdigit, str.isspace, str.isalnum)
_NON_ASCII = re.compile(r"[^\x00-\x7f]+")
_SENTENCE_BREAK = re.compile(r"[.!?]\s+\S")


def _char_counts(s: str) -> tuple[int, int, int, int, int]:
    """Letters, capitals, digits, spaces and alphanumerics in ``s`` (as ``str.isalpha`` etc.)."""
    count = s.encode("ascii", "ignore").translate(_CLASS_BYTES).count
    upper, digits = count(b"U"), count(b"d")
    alpha = upper + count(b"l")
    counts = [alpha, upper, digits, count(b"s"), alpha + digits]
    if not s.isascii():
        for ch, k in Counter("".join(_NON_ASCII.findall(s))).items():
            for j, test in enumerate(_TESTS):
                if test(ch):
                    counts[j] += k
    return counts[0], counts[1], counts[2], counts[3], counts[4]


def ends_sentence(s: str) -> bool:
    """Whether stripped text ends like a sentence (closing quotes and brackets aside)."""
    t = s.rstrip(_CLOSERS)
    return bool(t) and t[-1] in _ENDS


def _linkish(s: str, low: str) -> bool:
    """A URL, handle or hashtag in the line (the regex runs only where a hint of one is)."""
    if "@" not in s and "#" not in s and not any(h in low for h in _LINK_HINTS):
        return False
    return bool(_LINKISH.search(s))


@dataclass(frozen=True, slots=True)
class _Line:
    """A line's shape (its ``dup`` feature left 0: the page sets it), its content words (those
    that are no stop word, of 3+ letters) and its key (whitespace collapsed, lower case)."""

    shape: Shape
    content: frozenset[str]
    key: str


@lru_cache(maxsize=8192)  # the classifier's reruns and a pile's repeated lines see a line again
def _read_line(line: str, rule: bool, stops: frozenset[str]) -> _Line:
    s = line.strip()
    words = s.split()
    n = len(words)
    low = s.lower()
    low_words = low.split()
    bare = list(filter(None, map(str.strip, low_words, repeat(_STRIP))))
    nb = max(len(bare), 1)
    alpha, upper, digits, spaces, alnum = _char_counts(s)
    letters = alpha or 1
    chars = max(len(s), 1)
    terminal = ends_sentence(s)
    stop = sum(map(stops.__contains__, bare)) / nb if stops else 0.0
    prose = (
        not rule and n >= PROSE_WORDS and (terminal or n >= LONG_WORDS) and (not stops or stop >= PROSE_STOP)
    )
    log_words = math.log1p(n)
    row = (
        log_words,
        math.log1p(len(s)),
        float(terminal),
        float(s.endswith(":")),
        stop,
        float(not stops),
        sum(map(str.isupper, map(itemgetter(0), words))) / max(n, 1),  # title case
        upper / letters,
        digits / chars,
        (chars - alnum - spaces) / chars if s else 0.0,
        s.count(",") / max(n, 1),
        math.log1p(len(_SENTENCE_BREAK.findall(s)) + terminal),
        sum(map(_UI.__contains__, bare)) / nb,
        float(rule),
        float(s[:1].islower()),
        float(bool(_QUOTE_START.match(s))),
        math.log1p(sum(map(s.count, _PIPES))),
        float(_linkish(s, low)),
        0.0,  # dup
        float(prose),
        float(n <= 3),
        float(s.rstrip(_CLOSERS).endswith("?")),
        _tag_share(words) if "@" in s or "#" in s else 0.0,
    )
    content = frozenset(w for w in set(bare) - stops if len(w) > 2)
    key = " ".join(low_words)  # as " ".join(line.split()).lower(): case changes no spacing
    return _Line(Shape(n, log_words, terminal, stop, rule, prose, row), content, key)


def _tag_share(words: list[str]) -> float:
    """Share of a line's words that are handles or hashtags (as embedded posts print them)."""
    return sum(w[:1] in "@#" and len(w) > 1 for w in words) / max(len(words), 1)


@lru_cache(maxsize=8192)  # asked of each kept line several times a pass
def word_count(line: str) -> int:
    return len(line.split())
