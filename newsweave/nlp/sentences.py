"""Sentence splitting that survives news text, with character spans into the clean text.

Written by hand because the libraries either lose offsets (nupunkt, pysbd normalise whitespace),
need data we cannot download (NLTK punkt) or cost a parser pass (spaCy) for what a few rules do:
news abbreviations ("Sgt.", "U.S."), quotes that close after the full stop, headings without one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Abbreviations after which a full stop does not end a sentence (lower-cased, without the dot).
ABBREVIATIONS = frozenset(
    """
    mr mrs ms dr prof sr jr st sgt cpl pvt lt col gen maj capt cmdr adm gov sen rep pres
    rev fr hon insp supt det no nos vs v etc inc corp co ltd llc plc dept univ est approx
    jan feb mar apr jun jul aug sep sept oct nov dec mon tue tues wed thu thur thurs fri sat sun
    ala ariz ark calif colo conn del fla ga ill ind kan kans ky la md mass mich minn miss mo mont
    neb nev okla ore pa penn tenn tex va vt wash wis wyo u.s u.k u.n e.g i.e a.m p.m ft mt
    """.split()
)

_BOUNDARY = re.compile(
    r"""
    (?P<end>[.!?…]+)            # terminal punctuation
    (?P<close>["'”’»)\]]*)      # closing quotes or brackets that belong to the sentence
    (?P<space>\s+)              # whitespace before the next sentence
    (?=["'“‘«(\[]?[A-Z0-9À-ÖØ-Þ¿¡])  # next sentence starts with a capital, digit or opening quote
    """,
    re.VERBOSE,
)
_PARAGRAPH = re.compile(r"\n\s*\n|\n(?=\s*[-•*])")
_WORD_BEFORE = re.compile(r"([\w.]+)$")


@dataclass(frozen=True, slots=True)
class Sentence:
    start: int
    end: int

    def text(self, source: str) -> str:
        return source[self.start : self.end]


def _is_abbreviation(text: str, dot_at: int) -> bool:
    m = _WORD_BEFORE.search(text, 0, dot_at)
    if not m:
        return False
    word = m.group(1).lower().rstrip(".")
    if word in ABBREVIATIONS:
        return True
    # Single initials ("J. Smith") and dotted acronyms ("U.S.") do not end sentences.
    return len(word) == 1 and word.isalpha() or bool(re.fullmatch(r"(?:[a-z]\.)+[a-z]", word))


def _split_block(text: str, start: int, end: int) -> list[Sentence]:
    out: list[Sentence] = []
    cur = start
    for m in _BOUNDARY.finditer(text, start, end):
        punct_at = m.start("end")
        if m.group("end") == "." and _is_abbreviation(text, punct_at):
            continue
        stop = m.end("close")
        if stop > cur:
            out.append(Sentence(cur, stop))
        cur = m.end("space")
    if cur < end:
        out.append(Sentence(cur, end))
    return out


def split_sentences(text: str) -> list[Sentence]:
    """Split ``text`` into sentences; each span is stripped of surrounding whitespace.

    Paragraph breaks always end a sentence (headings have no full stop).
    """
    sentences: list[Sentence] = []
    pos = 0
    blocks: list[tuple[int, int]] = []
    for m in _PARAGRAPH.finditer(text):
        blocks.append((pos, m.start()))
        pos = m.end()
    blocks.append((pos, len(text)))
    for b_start, b_end in blocks:
        for s in _split_block(text, b_start, b_end):
            seg = text[s.start : s.end]
            lead = len(seg) - len(seg.lstrip())
            trail = len(seg) - len(seg.rstrip())
            if s.end - trail > s.start + lead:
                sentences.append(Sentence(s.start + lead, s.end - trail))
    return sentences
