"""Background word statistics: how telling a word is, from its frequency in its language at large.

The groupers weigh a shared word by how rarely a page of that language would use it by chance.
Measured over the pile itself (IDF), that weight depends on what else the pile holds: in a pile
about one event its most telling words ("Kathmandu", "magnitude") become common and weigh
nothing, so the same two articles are alike in one pile and not in another. Frequencies from
``wordfreq`` (word counts in 40+ languages, data in its wheel) do not depend on the pile.

A word's frequency per token becomes an idf through a Poisson model of a page of
``PAGE_TOKENS`` tokens: the chance that such a page uses the word at least once is
``1 - exp(-p * PAGE_TOKENS)``, and the idf is minus its log.
"""

from __future__ import annotations

import math
import unicodedata
from functools import lru_cache

FALLBACK = "en"  # languages wordfreq lacks (Nigerian Pidgin, Swahili...) borrow English counts
PAGE_TOKENS = 600  # a news page's length in tokens, for the chance that a page uses a word
FLOOR_ZIPF = 1.5  # words wordfreq has not counted are taken as this rare (typos, rare names)
COUNTRY_ZIPF = 4.5  # a country anchor is about as common as a country's name


def _fold(word: str) -> str:
    decomposed = unicodedata.normalize("NFKD", word)
    return decomposed.encode("ascii", "ignore").decode("ascii").lower()


@lru_cache(maxsize=256)
def table(lang: str) -> dict[str, float]:
    """Background idf of each ASCII-folded word of ``lang`` that is more common than the floor
    (the groupers fold words; of forms that fold alike the most common counts); a language
    wordfreq lacks gets English's."""
    import wordfreq

    return _load(lang if lang in wordfreq.available_languages() else FALLBACK)


@lru_cache(maxsize=64)
def _load(lang: str) -> dict[str, float]:
    """``table`` of a language wordfreq has, read once per process (0.1-0.3 s): its words come
    in buckets of one centibel each, most frequent first (bucket ``i`` holds frequency
    ``10 ** (-i / 100)``); the buckets below the floor are not read."""
    import wordfreq

    out: dict[str, float] = {}
    buckets = wordfreq.get_frequency_list(lang)
    for i, bucket in enumerate(buckets[: int((9 - FLOOR_ZIPF) * 100)]):
        idf = idf_of_frequency(10 ** (-i / 100))
        for word in bucket:
            out.setdefault(word if word.isascii() else _fold(word), idf)
    out.pop("", None)
    return out


def idf_of_frequency(freq: float) -> float:
    """Minus the log of the chance that a page of ``PAGE_TOKENS`` tokens uses the word."""
    freq = max(freq, 10 ** (FLOOR_ZIPF - 9))
    return -math.log(-math.expm1(-freq * PAGE_TOKENS))


FLOOR_IDF = idf_of_frequency(0.0)


@lru_cache(maxsize=1 << 18)
def word_idf(word: str, lang: str) -> float:
    """Background idf of a folded word in ``lang``."""
    return table(lang).get(word, FLOOR_IDF)


@lru_cache(maxsize=1 << 16)
def number_idf(number: str) -> float:
    """Background idf of a number: wordfreq's estimate for its shape (years and round numbers
    are common, a four-digit flight number rare)."""
    import wordfreq

    return idf_of_frequency(wordfreq.word_frequency(number, FALLBACK))


def country_idf() -> float:
    return idf_of_frequency(10 ** (COUNTRY_ZIPF - 9))
