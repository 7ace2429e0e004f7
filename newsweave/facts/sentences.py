"""Sentence spans of a text, split once: every part of the facts stage (NER readings, claims,
quotes, timeline) walks the same article's sentences."""

from __future__ import annotations

from functools import lru_cache

from newsweave.nlp.sentences import Sentence, split_sentences


@lru_cache(maxsize=512)
def _split(text: str) -> tuple[Sentence, ...]:
    return tuple(split_sentences(text))


def sentences(text: str) -> list[Sentence]:
    """``split_sentences(text)``, remembered for the most recent texts."""
    return list(_split(text))
