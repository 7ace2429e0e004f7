"""Words, stems and concepts (stemmed bigrams) of a sentence, as the coverage model sees them.

Tokens follow the ROUGE convention (lower-cased runs of letters and digits) and are stemmed with
the Porter algorithm through PyStemmer, a C extension that imports in a millisecond; NLTK's
stemmer would cost seconds of import time on every ``newsweave summarize`` run.
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources

import Stemmer

_TOKEN = re.compile(r"[^\W_]+", re.UNICODE)

# PyStemmer algorithm per ISO 639-1 code; Porter for English matches the ROUGE scorer's stemmer.
_ALGORITHMS = {
    "en": "porter", "fr": "french", "de": "german", "es": "spanish", "it": "italian",
    "pt": "portuguese", "nl": "dutch", "sv": "swedish", "da": "danish", "no": "norwegian",
    "fi": "finnish", "ru": "russian", "ro": "romanian", "hu": "hungarian", "tr": "turkish",
}  # fmt: skip


@lru_cache(maxsize=1)
def stopwords_en() -> frozenset[str]:
    """A short English stop list (function words plus news reporting verbs)."""
    text = resources.files("newsweave.summarize").joinpath("data/stopwords_en.txt").read_text()
    return frozenset(text.split())


@lru_cache(maxsize=16)
def _stemmer(lang: str) -> Stemmer.Stemmer | None:
    algorithm = _ALGORITHMS.get(lang.split("-")[0].lower())
    return Stemmer.Stemmer(algorithm) if algorithm else None


def tokens(text: str) -> list[str]:
    """Lower-cased word tokens (letters and digits), as ROUGE splits them."""
    return _TOKEN.findall(text.lower())


def stems(words: list[str], lang: str = "en") -> list[str]:
    stemmer = _stemmer(lang)
    return stemmer.stemWords(words) if stemmer else words


def bigram_concepts(words: list[str], stemmed: list[str], stop: frozenset[str]) -> set[str]:
    """Stemmed bigrams of adjacent words, minus those made only of stop words."""
    out: set[str] = set()
    for i in range(len(words) - 1):
        if words[i] in stop and words[i + 1] in stop:
            continue
        out.add(f"{stemmed[i]} {stemmed[i + 1]}")
    return out
