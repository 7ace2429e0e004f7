"""Sentence splitting that survives news text, with character spans into the clean text.

Written by hand because the libraries either lose offsets (nupunkt, pysbd normalise whitespace),
need data we cannot download (NLTK punkt) or cost a parser pass (spaCy) for what a few rules do:
news abbreviations ("Sgt.", "U.S.", "No. 5"), quotes that close after the full stop ("...,'' he
said" / ``.''``), headings and captions without a full stop, paragraphs as hard breaks.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

# Abbreviations after which a full stop does not end a sentence (lower-cased, without the dot).
_TITLES = """
mr mrs ms dr prof sr jr st sgt cpl pvt lt col gen maj capt cmdr adm gov sen rep pres rev fr hon
insp supt det const cllr atty brig lieut cdr msgr mme mlle vs v etc inc corp co ltd llc plc bros
dept univ est approx fig
jan feb mar apr jun jul aug sep sept oct nov dec mon tue tues wed thu thur thurs fri sat sun
ala ariz ark calif colo conn del fla ga ill ind kan kans ky la md mass mich minn miss mo mont
neb nev okla ore pa penn tenn tex va vt wash wis wyo u.s u.k u.n e.g i.e a.m p.m ft mt
"""
ABBREVIATIONS = frozenset(_TITLES.split())
# Abbreviations that often end a sentence too ("... Acme Inc. The company ..."): they end one when
# the next word is one that typically opens a sentence.
_ENDERS = """
inc corp co ltd llc plc bros etc jr sr u.s u.k u.n a.m p.m ala ariz ark calif colo conn del fla ga
ill ind kan kans ky la md mass mich minn miss mo mont neb nev okla ore pa penn tenn tex va vt wash
wis wyo
"""
_CAN_END = frozenset(_ENDERS.split())
_STARTERS = """
the a an he she it they we i you his her its their this that these those there but and in on at
for after before when while if as so yet still however meanwhile earlier later officials police
authorities one some many most no
"""
_OPENERS = frozenset(_STARTERS.split())
# "No. 5", "Nos. 3 and 4": a number sign only before a digit.
_NUMBER_SIGNS = frozenset({"no", "nos"})

# Full stops of every script the language identifier reports: Latin, Greek and Cyrillic ".!?…",
# Devanagari "।" and "॥", Arabic "؟" and Urdu "۔"; the full-width CJK ones need no space after.
_BOUNDARY_PATTERN = r"""
    (?P<end>[.!?…।॥؟۔。！？]+)        # terminal punctuation
    (?P<close>(?:''|["'”’»)\]」』])*)  # closing quotes or brackets that belong to the sentence
    (?P<space>\s+)                  # whitespace before the next sentence
    (?=(?:``|["'“‘«(\[「『])?(?P<next>[^\W_a-z]|[¿¡]))  # then (a quote and) what starts it
    """
_BOUNDARY = re.compile(_BOUNDARY_PATTERN, re.VERBOSE)
_WIDE_STOPS = "。！？"  # CJK full stops need no space after them: a second pattern, used when present
_BOUNDARY_WIDE = re.compile(_BOUNDARY_PATTERN.replace(r"(?P<space>\s+)", r"(?P<space>\s*)"), re.VERBOSE)
# A full stop glued to the next word ("فالمورا.وقال"): scraped text of a script without case lost
# its space; between two caseless letters it still ends a sentence (not "U.S.A", not "7.9")
_GLUED = re.compile(r"(?<=\S)[.!?؟۔।॥](?=[^\W\d_])")
_PARAGRAPH = re.compile(r"\n[ \t]*\n\s*|\n(?=[ \t]*[-•*]\s)")
_WORD_BEFORE = re.compile(r"([\w.]+)$")
_WORD_AFTER = re.compile(r"(?:``|[\"'“‘«(\[])?([\w]+)")
_LINE_END = re.compile(r"""[.!?…:;,।॥。！？؟۔،]["'”’)\]」』]*$|''$""")


@dataclass(frozen=True, slots=True)
class Sentence:
    start: int
    end: int

    def text(self, source: str) -> str:
        return source[self.start : self.end]


def opens_sentence(ch: str) -> bool:
    """Whether a sentence may start with ``ch``: a capital, a digit, "¿"/"¡", or a letter of a
    script without case (Arabic, Devanagari, CJK, Hebrew, Thai...), never a lower-case letter."""
    return ch.isupper() or ch.isdigit() or ch in "¿¡" or (ch.isalpha() and not ch.islower())


def _abbreviation(text: str, dot_at: int, next_at: int) -> bool:
    """Whether the full stop at ``dot_at`` belongs to an abbreviation rather than ending a sentence."""
    m = _WORD_BEFORE.search(text, max(0, dot_at - 40), dot_at)
    if not m:
        return False
    word = m.group(1).lower().strip(".")
    after = _WORD_AFTER.match(text, next_at)
    nxt = after.group(1) if after else ""
    if word in _NUMBER_SIGNS:
        return nxt[:1].isdigit()
    if word in ABBREVIATIONS:
        return not (word in _CAN_END and nxt.lower() in _OPENERS)
    # Single initials ("J. Smith") and dotted acronyms ("U.S.", "N.Y.") do not end sentences.
    if len(word) == 1 and word.isalpha():
        return True
    return bool(re.fullmatch(r"(?:[a-z]\.)+[a-z]", word)) and nxt.lower() not in _OPENERS


def _caseless(ch: str) -> bool:
    """A letter of a script without case, or a vowel sign or other mark of one ("हुआ")."""
    if unicodedata.category(ch)[0] == "M":
        return True
    return ch.isalpha() and not ch.isupper() and not ch.islower()


def _glued(text: str, at: int) -> bool:
    """Whether the stop at ``at`` sits between two letters of a script without case."""
    return 0 < at < len(text) - 1 and _caseless(text[at - 1]) and _caseless(text[at + 1])


def _split_block(text: str, start: int, end: int) -> list[Sentence]:
    out: list[Sentence] = []
    cur = start
    glued = any(_glued(text, g.start()) for g in _GLUED.finditer(text, start, end))
    wide = glued or any(text.find(stop, start, end) >= 0 for stop in _WIDE_STOPS)
    for m in (_BOUNDARY_WIDE if wide else _BOUNDARY).finditer(text, start, end):
        spaced = m.group("space") or m.group("end")[-1] in _WIDE_STOPS or _glued(text, m.end("end") - 1)
        if not spaced or not opens_sentence(m.group("next")):
            continue
        if m.group("end") == "." and _abbreviation(text, m.start("end"), m.end("space")):
            continue
        stop = m.end("close")
        if stop > cur:
            out.append(Sentence(cur, stop))
        cur = m.end("space")
    if cur < end:
        out.append(Sentence(cur, end))
    return out


def _line_breaks(text: str, start: int, end: int) -> list[int]:
    """Single newlines that end a sentence: all of them when lines are paragraphs, else only
    after a short line without final punctuation (a heading or caption) before a capital."""
    lines = text[start:end].split("\n")
    if len(lines) < 2:
        return []
    longest = max(len(line) for line in lines)
    wrapped = longest <= 100 and sum(len(x) > 0.75 * longest for x in lines) >= len(lines) / 2
    breaks: list[int] = []
    pos = start
    for line, nxt in zip(lines, lines[1:], strict=False):
        pos += len(line) + 1
        stripped = line.strip()
        if not stripped:
            continue
        if not wrapped or (
            len(stripped) < 0.75 * longest and not _LINE_END.search(stripped) and nxt.lstrip()[:1].isupper()
        ):
            breaks.append(pos - 1)
    return breaks


def _blocks(text: str) -> list[tuple[int, int]]:
    blocks: list[tuple[int, int]] = []
    pos = 0
    for m in _PARAGRAPH.finditer(text):
        blocks.append((pos, m.start()))
        pos = m.end()
    blocks.append((pos, len(text)))
    out: list[tuple[int, int]] = []
    for b_start, b_end in blocks:
        cur = b_start
        for nl in _line_breaks(text, b_start, b_end):
            out.append((cur, nl))
            cur = nl + 1
        out.append((cur, b_end))
    return out


def split_sentences(text: str) -> list[Sentence]:
    """Split ``text`` into sentences; each span is stripped of surrounding whitespace.

    Paragraph breaks always end a sentence (headings have no full stop).
    """
    sentences: list[Sentence] = []
    for b_start, b_end in _blocks(text):
        for s in _split_block(text, b_start, b_end):
            seg = text[s.start : s.end]
            lead = len(seg) - len(seg.lstrip())
            trail = len(seg) - len(seg.rstrip())
            if s.end - trail > s.start + lead:
                sentences.append(Sentence(s.start + lead, s.end - trail))
    return sentences


# City in capitals, optional region or date, optional agency in brackets, then a dash or underscore.
_DATELINE = re.compile(
    r"""
    [A-Z][A-Z.'\-]+(?:\s+[A-Z][A-Z.'\-]+)*             # WASHINGTON, DOI INTHANON, PORT-AU-PRINCE
    (?:\s*\([^()\n]{1,30}\))?                           # (Three Gorges)
    (?:,\s*[A-Z][^()\n_]{0,30}?)?                       # , Thailand  /  , November 5
    (?:\s*\([A-Za-z][^()\n]{0,20}\))?                   # (AP), (Xinhua)
    \s*(?:--|_|—|–|-|:)\s+
    """,
    re.VERBOSE,
)


def strip_dateline(text: str, start: int, end: int) -> int:
    """Where the sentence proper begins once a leading dateline is skipped."""
    m = _DATELINE.match(text, start, end)
    if not m:
        return start
    rest = text[m.end() : end]
    # Only a dateline if what follows still reads as a sentence ("WASHINGTON _ The Senate ...").
    if len(rest.split()) < 4 or not (rest[:1].isupper() or rest[:1].isdigit() or rest[:2] == "``"):
        return start
    return m.end()


OPEN_QUOTES = ("``", '"', "“", "‘", "'", "«")
# Words that point back to something a reader has not been told yet.
_ANAPHORIC = re.compile(
    r"^(?:``|[\"“‘'])?\s*(?:he|she|it|they|them|his|her|its|their|this|that|these|those|such|"
    r"there|here|both|another|also|however|but|and|or|so|then|thus|therefore|meanwhile|moreover|"
    r"furthermore|nonetheless|nevertheless|still|yet|instead|indeed|otherwise|likewise|even|"
    r"similarly|again|besides|the\s+(?:latter|former|same)|in\s+addition|"
    r"as\s+a\s+result|at\s+the\s+same\s+time|even\s+so|for\s+example|in\s+fact)\b",
    re.IGNORECASE,
)
_REPLY = re.compile(r"(?:yes|no|well|sure),", re.IGNORECASE)  # answers a question asked before
# An opening clause, then a pronoun as the subject: "Though he broke through ..., he also hit".
_CLAUSE_THEN_PRONOUN = re.compile(
    r"(?:though|although|while|when|after|before|as|because|since|if|once|unless)\b[^,;]{0,120},\s+"
    r"(?:he|she|they|it|his|her|their)\b",
    re.IGNORECASE,
)


def opens_unresolved(sentence: str) -> bool:
    """True when a sentence cannot open a summary: leading pronoun, connective or open quote."""
    s = sentence.lstrip()
    return bool(_ANAPHORIC.match(s) or _REPLY.match(s) or _CLAUSE_THEN_PRONOUN.match(s)) or s.startswith(
        OPEN_QUOTES
    )


_PERSONAL = re.compile(r"^(?:``|[\"“‘'])?\s*(?:he|she|they|his|her|their|him|them)\b", re.IGNORECASE)


def leans_back(sentence: str) -> bool:
    """Whether the sentence's subject is a personal pronoun whose name an earlier sentence gave
    ("He also said on Monday ...", "After the vote, she ...")."""
    s = sentence.lstrip()
    return bool(_PERSONAL.match(s) or _CLAUSE_THEN_PRONOUN.match(s))
