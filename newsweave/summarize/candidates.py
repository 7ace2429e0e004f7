"""Candidate sentences for extraction: exact spans of a document, minus what a reader should not see.

A candidate is a whole sentence of the source whose span may start after a dateline
("WASHINGTON (AP) --", "DOI INTHANON, Thailand (AP) _"). Fragments, bylines, captions, headings,
boilerplate and sentences that open with a dangling quote are never candidates.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from newsweave.nlp.sentences import (
    OPEN_QUOTES,
    opens_sentence,
    opens_unresolved,
    split_sentences,
    strip_dateline,
)

_BYLINE = re.compile(r"^(?:By|BY|From|Reported by)\s+[A-Z]", re.UNICODE)
_BOILERPLATE = re.compile(
    r"https?://|www\.|@\w|\b(?:click here|subscribe|all rights reserved|copyright|newsletter|"
    r"sign up|read more|photo:|image:|caption|follow us)\b|©",
    re.IGNORECASE,
)
_END_PUNCT = re.compile(r"""[.!?।॥。！？؟۔]["'”’)\]」』]*$|[.!?]\s*''$""")
_QUOTE_CHARS = re.compile(r"``|''|[\"“”]")
_LETTERS = re.compile(r"[^\W\d_]")


@dataclass(frozen=True, slots=True)
class Candidate:
    """A sentence that may be extracted: ``doc_text[start:end] == text``."""

    doc: int  # index of the document in the input sequence
    position: int  # index of the sentence within its document (0 = lead)
    start: int
    end: int
    text: str
    words: int  # whitespace-separated tokens, the unit of the length budget


# Words in quotation marks, and a speaker's first person outside them: a statement printed
# without its attribution ("I am stunned that ...", "Our website is unavailable ..."), whose "I"
# or "we" a reader of the summary cannot place. A capital I after a capitalised word is a
# numeral ("World War I").
_QUOTED = re.compile(r"“[^”]*”|``.*?''|\"[^\"]*\"|«[^»]*»")
_FIRST_PERSON = re.compile(r"(?<![\w'’])(?:I|[Ww]e|me|us|[Mm]y|[Oo]ur|myself|ourselves)(?![\w.])")
_WORD_BEFORE = re.compile(r"(\w+)\W*$")


def speaks_unnamed(sentence: str) -> bool:
    """Whether the sentence speaks in the first person outside quotation marks."""
    bare = _QUOTED.sub("", sentence)
    for m in _FIRST_PERSON.finditer(bare):
        before = _WORD_BEFORE.search(bare, 0, m.start())
        if m.group() != "I" or before is None or not before.group(1)[0].isupper() or m.start() == 0:
            return True
    return False


def _balanced_quotes(sentence: str) -> bool:
    marks = _QUOTE_CHARS.findall(sentence)
    opens = sum(1 for q in marks if q in ("``", "“"))
    closes = sum(1 for q in marks if q in ("''", "”"))
    straight = sum(1 for q in marks if q == '"')
    return opens == closes and straight % 2 == 0


def is_readable(sentence: str, min_words: int, max_words: int) -> bool:
    """A whole, self-contained sentence of prose (not a heading, byline, caption or fragment)."""
    n = len(sentence.split())
    if not min_words <= n <= max_words:
        return False
    first = sentence.lstrip("`\"“‘'«(「『")[:1]
    if not opens_sentence(first) or first in "¿¡":
        return False  # starts mid-sentence: a fragment from a bad split
    if not _END_PUNCT.search(sentence) or sentence.endswith(":"):
        return False
    if _BYLINE.match(sentence) or _BOILERPLATE.search(sentence):
        return False
    letters = _LETTERS.findall(sentence)
    upper = sum(1 for ch in letters if ch.isupper())
    if not letters or upper > 0.5 * len(letters):
        return False  # shouting headline or table row
    if sentence.startswith("(") and sentence.rstrip(".").endswith(")"):
        return False  # an aside in brackets: an editor's note, a correction, a credit
    if sentence.startswith(OPEN_QUOTES) or not _balanced_quotes(sentence):
        return False  # a quote whose opening or closing lies in another sentence
    if speaks_unnamed(sentence):
        return False  # first person outside quotation marks: a speaker nobody named
    return not sentence.rstrip().endswith("?")


# A bracketed aside before a sentence proper: a photo credit or an agency ("(NP Photo/Jo Lee) Crews
# reached the town ...", "(Reuters) Officials said ..."): kept on the page, not in a summary
_ASIDE = re.compile(r"\([^()\n]{1,60}\)\s*(?:--|—|–|-|:)?\s+(?=[A-Z\"“‘'])")


def spans(text: str) -> list[tuple[int, int]]:
    """Every sentence of ``text`` as a span, the first one without its dateline, none with a
    bracketed aside before it."""
    out: list[tuple[int, int]] = []
    for position, sent in enumerate(split_sentences(text)):
        start = strip_dateline(text, sent.start, sent.end) if position == 0 else sent.start
        aside = _ASIDE.match(text, start, sent.end)
        if aside and len(text[aside.end() : sent.end].split()) >= 4:
            start = aside.end()
        out.append((start, sent.end))
    return out


def candidates(
    texts: Sequence[str], min_words: int = 8, max_words: int = 55, anaphoric: bool = True
) -> list[Candidate]:
    """Every readable sentence of every document, with spans into the document text."""
    return [
        c
        for d, text in enumerate(texts)
        for c in readable(d, text, spans(text), min_words, max_words, anaphoric)
    ]


def readable(
    doc: int,
    text: str,
    sentence_spans: Sequence[tuple[int, int]],
    min_words: int,
    max_words: int,
    anaphoric: bool,
) -> list[Candidate]:
    """The sentences of one document that may be extracted."""
    out: list[Candidate] = []
    for position, (start, end) in enumerate(sentence_spans):
        body = text[start:end]
        if not anaphoric and opens_unresolved(body):
            continue
        if is_readable(body, min_words, max_words):
            out.append(Candidate(doc, position, start, end, body, len(body.split())))
    return out
