"""Spellings of one name: transliterations and variants ("Dharhara"/"Dharahara", "Mohammed"/
"Muhammad", "Zelensky"/"Zelenskyy", "Poroschenko"/"Poroshenko"), for merging entities.

Hand-written: no library here pairs transliterations of one name (rapidfuzz measures the edit,
this decides which edits keep a name the same name).
"""

from __future__ import annotations

import re

from rapidfuzz import fuzz
from rapidfuzz.distance import Levenshtein

_SOUNDS = (
    ("sch", "sh"), ("tch", "ch"), ("ph", "f"), ("ck", "k"), ("dh", "d"), ("kh", "k"), ("y", "i"), ("w", "v"),
)  # fmt: skip


_VOWELS = re.compile(r"[aeiouh]")
_REPEATS = re.compile(r"(.)\1+")


def skeleton(word: str) -> str:
    """A word's consonants as heard, for transliterations: 'Dharahara' and 'Dharhara' -> 'drr' ->
    'dr'; 'Mohammed' and 'Muhammad' -> 'md'; 'Poroschenko' and 'Poroshenko' -> 'prsnk'."""
    for a, b in _SOUNDS:
        word = word.replace(a, b)
    word = word[:1] + _VOWELS.sub("", word[1:])
    return _REPEATS.sub(r"\1", word)


def variant(a: str, b: str) -> bool:
    """The same word or another spelling of it: same skeleton, at most a quarter of the letters
    changed, long enough to tell (5+ letters; a short one with no letter replaced), and not a name
    and its feminine or longer form ("Daniel"/"Danielle"), only a doubled last letter
    ("Zelensky"/"Zelenskyy"). Hand-written: no library pairs transliterations of one name."""
    if a == b:
        return True
    if min(len(a), len(b)) < 5 or skeleton(a) != skeleton(b):
        return False
    short, long = sorted((a, b), key=len)
    if long.startswith(short) and set(long[len(short) :]) != {short[-1]}:
        return False
    if len(short) < 7 and any(op.tag == "replace" for op in Levenshtein.editops(a, b)):
        return False  # "Marta"/"Mirta": a short name with another vowel is another name
    return fuzz.ratio(a, b) >= 75
