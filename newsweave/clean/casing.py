"""Undo the Title-Casing that markup injectors apply to the phrases they attach to.

Truecasers (``truecase``, Lita et al. 2003) decide every word from n-gram statistics and
would re-case true names they never saw, so this is a narrower, hand-written repair that
only runs on a document where injected markup was found, and only lower-cases a
capitalised word in mid-sentence when the evidence says it is a common word:

* function words (``The``, ``That``, ``After``, ``One``, ``My``, the article ``A``);
* a word the injector touched (the Title-Case phrase ending right before a cut fragment)
  when general English usually writes it in lower case, unless it belongs to a run of
  capitals that holds a name (``Simon Bolivar International Bridge``, ``President Nicolás
  Maduro``) and is not an indefinite description (``a Catholic Church``); at the edges of
  such a run, verbs and descriptors are no part of the name (``Mr Guaidó Promised``,
  ``Opposition Leader Mira Castell``) unless a verb follows (``Jonas Halt will``) or the
  document capitalises the word elsewhere too (``Mr Pence``);
* an untouched lone capitalised word only when English almost never capitalises it and
  the document capitalises it just once (``Male and female``), or the document writes it
  in lower case elsewhere;
* an acronym written in Title-case (``Bbc``) takes the upper-case form the document uses,
  an outlet's initials, or the form of a short word without vowels.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from newsweave.clean.lexicon import case_counts, load_words
from newsweave.clean.outlets import ALIASES
from newsweave.records import Removed

FUNCTION_WORDS = load_words("function_words.txt")
PRONOUNS = frozenset({"i", "i'm", "i've", "i'll", "i'd"})  # capitals that never make a name
TITLES = frozenset({"mr", "mrs", "ms", "dr", "st", "jr", "sr", "mt", "ft", "pt", "hr"})  # a name follows
KEEP = PRONOUNS | TITLES  # never re-cased
SUBJECT_CUES = load_words("subject_cues.txt")
COMMON_SHARE = 0.2  # a touched word written in lower case at least this often is a common word
NAME_SHARE = 0.2  # a word written in lower case less often than this is a name
RARE_TOTAL = 20  # below this many sightings in the lexicon a word is judged with...
RARE_SHARE = 2 / 3  # ...a stricter share: it is a name unless mostly written in lower case
ALWAYS_LOWER = 0.9  # a touched word this rarely capitalised is no part of a name it ends...
DESCRIPTOR = 0.8  # ...and one this rarely capitalised, no part of a name it begins...
ALWAYS_LOWER_TOTAL = 50  # ...when the lexicon has seen it often enough to say so
LONE_LOWER = 0.9  # an untouched lone capital is lower-cased above this share
SEEN_LOWER = 0.5  # ...or above this one when the document also writes it in lower case
INDEFINITE = frozenset({"a", "an"})
UPPER_SEEN = 10  # an acronym by the lexicon only when seen in capitals this often, 4x the rest
OUTLET_INITIALS = frozenset(a for a in ALIASES if a.isalpha() and a.isascii() and len(a) <= 4)
_VOWEL = re.compile(r"[aeiouy]")

_WORD = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*")
# "VALMORA, Estravia (MP) — Emergency crews": the word after a dateline's dash opens a sentence
_DATELINE = re.compile(  # matched at a line's start (``match`` with pos), so no ``^``
    r"\s*[A-ZÀ-Þ][A-ZÀ-Þ .'’-]+(?:,[^\n—–]{1,60}?)?(?:\s*\([^()\n]{1,30}\))?\s*[—–-]+\s*$"
)
_OPENERS = "\"“‘'([«—–-"
_ENDERS = ".!?:"


@dataclass(slots=True)
class Token:
    start: int
    text: str
    lower: str
    capital: bool
    titlecase: bool
    sentence_start: bool

    @classmethod
    def at(cls, source: str, start: int, text: str) -> Token:
        capital = text[:1].isupper()
        titlecase = capital and len(text) > 1 and text[1:].islower()
        return cls(start, text, text.lower(), capital, titlecase, capital and _sentence_start(source, start))


def _sentence_start(text: str, start: int) -> bool:
    """True at a line start, or after ``.!?:`` (and any closing or opening quotes)."""
    i = start - 1
    while i >= 0 and text[i] in " \t":
        i -= 1
    while i >= 0 and text[i] in _OPENERS and (i == 0 or text[i - 1] in " \t\n"):
        i -= 1  # an opening quote or dash before the word
        while i >= 0 and text[i] in " \t":
            i -= 1
    if i < 0 or text[i] == "\n":
        return True
    if text[i] == ")" or text[i].isupper():
        line = text.rfind("\n", 0, start) + 1
        if _DATELINE.match(text, line, start):
            return True
    if text[i] in "\"”’'" and i > 0:
        i -= 1  # a closing quote after the sentence's end
    return text[i] in _ENDERS


def tokenize(text: str) -> list[Token]:
    """Words with their offsets; only capitalised ones need to know if they start a sentence."""
    return [Token.at(text, m.start(), m.group(0)) for m in _WORD.finditer(text)]


def _joined(text: str, a: Token, b: Token) -> bool:
    """Two tokens stand side by side with one space and no punctuation between them."""
    return text[a.start + len(a.text) : b.start] in (" ", "\t")


@dataclass
class DocEvidence:
    lower_forms: set[str]
    upper_forms: set[str]
    capital_mid: Counter[str]
    capital_untouched: set[str] = field(default_factory=set)  # Title-cased where no cut was


def evidence(tokens: list[Token]) -> DocEvidence:
    lower = {t.text for t in tokens if t.text.islower()}
    upper = {t.text for t in tokens if t.text.isupper() and len(t.text) > 1}
    caps = Counter(t.lower for t in tokens if t.capital and not t.sentence_start)
    return DocEvidence(lower, upper, caps)


def _name_like(tok: Token, ev: DocEvidence) -> bool:
    if tok.text.isupper() and len(tok.text) > 1:
        return True
    if tok.lower in FUNCTION_WORDS or tok.lower in ev.lower_forms:
        return False
    stem = tok.lower.removesuffix("'s").removesuffix("’s")
    cc = case_counts(stem)
    if cc is None:
        return True
    # few observations: only a clear lower-case majority makes the word a common one
    return cc.lower_share < (RARE_SHARE if cc.total < RARE_TOTAL else NAME_SHARE)


def _runs(text: str, tokens: list[Token]) -> list[list[int]]:
    """Indexes of maximal runs of adjacent capitalised tokens (function words break runs)."""
    runs: list[list[int]] = []
    current: list[int] = []
    for i, tok in enumerate(tokens):
        part = tok.capital and (tok.text == "A" or tok.lower not in FUNCTION_WORDS | PRONOUNS)
        if part and current and _joined(text, tokens[current[-1]], tok):
            current.append(i)
            continue
        if current:
            runs.append(current)
        current = [i] if part else []
    if current:
        runs.append(current)
    return runs


def _touched_phrases(text: str, tokens: list[Token], touched: set[int]) -> set[int]:
    """Token indexes of each Title-Case phrase that ends at a touched word."""
    out: set[int] = set()
    for i, tok in enumerate(tokens):
        if tok.start not in touched or not tok.capital:
            continue
        out.add(i)
        j = i - 1
        while j >= 0 and j not in out and tokens[j].capital and _joined(text, tokens[j], tokens[j + 1]):
            out.add(j)  # an earlier walk already covered the phrase from a word in ``out`` back
            j -= 1
    return out


def _indefinite(text: str, tokens: list[Token], first: int) -> bool:
    """The run is introduced by ``a``/``an``, or by an article plus a lower-case modifier."""
    if first == 0 or tokens[first].sentence_start or not _joined(text, tokens[first - 1], tokens[first]):
        return False
    prev = tokens[first - 1]
    if prev.lower in INDEFINITE:
        return True
    if prev.text.islower() and prev.lower not in FUNCTION_WORDS and first >= 2:
        before = tokens[first - 2]
        return before.lower in INDEFINITE | {"the"} and _joined(text, before, prev)
    return False


def _lower_touched(tok: Token, ev: DocEvidence) -> bool:
    cc = case_counts(tok.lower.removesuffix("'s").removesuffix("’s"))
    if cc is None:
        return tok.lower in ev.lower_forms
    return cc.lower_share >= COMMON_SHARE or tok.lower in ev.lower_forms


def _lone_common(tok: Token, ev: DocEvidence) -> bool:
    """An untouched lone capital that English, or this document, writes in lower case."""
    cc = case_counts(tok.lower)
    if cc is None or cc.total < RARE_TOTAL:
        return False
    if tok.lower in ev.lower_forms:
        return cc.lower_share >= SEEN_LOWER
    return ev.capital_mid[tok.lower] == 1 and cc.lower_share >= LONE_LOWER


def _acronym(tok: Token, ev: DocEvidence) -> str | None:
    """``Bbc`` -> ``BBC``: the document's own upper-case form, an outlet's initials, a word
    without vowels (no English word of 2-4 letters lacks one, abbreviations like Mr aside),
    or a word the lexicon nearly always sees in capitals."""
    if not tok.titlecase or len(tok.text) > 5 or tok.lower in KEEP:
        return None
    upper = tok.text.upper()
    if upper in ev.upper_forms and len(upper) > 2:
        return upper
    if tok.lower in OUTLET_INITIALS or (len(upper) <= 4 and not _VOWEL.search(tok.lower)):
        return upper
    cc = case_counts(tok.lower)
    others = cc.lower + cc.title if cc is not None else 0
    if len(upper) > 2 and cc is not None and cc.upper >= UPPER_SEEN and cc.upper > 4 * others:
        return upper
    return None


def _edges(run: list[int], tokens: list[Token], touched: set[int], ev: DocEvidence) -> set[int]:
    """Touched words at the ends of a run with a name that are no part of it: verbs glued on
    ("Mr Guaidó Promised"), descriptors in front ("Opposition Leader Mira Castell"). A word the
    document also capitalises where nothing was cut is a name ("Mike Pence" ... "Mr Pence")."""
    out: set[int] = set()
    first_name = next((k for k, i in enumerate(run) if _name_like(tokens[i], ev)), len(run))
    for order, share in ((run[::-1], ALWAYS_LOWER), (run[:first_name], DESCRIPTOR)):
        for i in order:
            tok = tokens[i]
            if i not in touched or not tok.titlecase or tok.lower in ev.capital_untouched:
                break
            if i + 1 < len(tokens) and tokens[i + 1].lower in SUBJECT_CUES:
                break  # "Jonas Halt will meet": the word before a verb is the name's end
            cc = case_counts(tok.lower.rsplit("-", 1)[-1])
            if cc is None or cc.total < ALWAYS_LOWER_TOTAL or cc.lower_share < share:
                break
            out.add(i)
    return out


def _decide(text: str, tokens: list[Token], ev: DocEvidence, touched: set[int]) -> dict[int, str]:
    """New spellings by token index."""
    new: dict[int, str] = {}
    for i, tok in enumerate(tokens):
        acronym = _acronym(tok, ev)
        if acronym:
            new[i] = acronym
            tok.text, tok.titlecase = acronym, False
    ev.capital_untouched = {
        t.lower for i, t in enumerate(tokens) if t.titlecase and not t.sentence_start and i not in touched
    }
    runs = [(run, *_judgeable(text, tokens, run, ev)) for run in _runs(text, tokens)]
    for run, has_name, indefinite in runs:  # first the phrases the injector touched
        edges = _edges(run, tokens, touched, ev) if has_name else set()
        for i in run:
            tok = tokens[i]
            if i not in touched or not _candidate(tokens, i, ev):
                continue
            if has_name and not indefinite and i not in edges:
                continue
            if _lower_touched(tok, ev):
                new[i] = tok.lower
    ev.lower_forms.update(new.values())  # what was just repaired is evidence for the rest
    for run, _, _ in runs:
        i = run[0]
        if len(run) == 1 and i not in touched and _candidate(tokens, i, ev) and _lone_common(tokens[i], ev):
            new[i] = tokens[i].lower
    for i, tok in enumerate(tokens):
        if tok.sentence_start:
            continue
        if tok.lower in FUNCTION_WORDS and tok.titlecase:
            new[i] = tok.lower
        elif tok.text == "A" and _article_a(text, tokens, i, new):
            new[i] = "a"
    return new


def _article_a(text: str, tokens: list[Token], i: int, new: dict[int, str]) -> bool:
    """A mid-sentence "A" before a word is the article, unless a capital precedes ("Plan A")."""
    if i + 1 >= len(tokens) or not _joined(text, tokens[i], tokens[i + 1]):
        return False
    prev = tokens[i - 1] if i else None
    return (
        prev is None or not prev.capital or prev.lower in FUNCTION_WORDS or new.get(i - 1, "A")[:1].islower()
    )


def _judgeable(text: str, tokens: list[Token], run: list[int], ev: DocEvidence) -> tuple[bool, bool]:
    """Whether the run holds a name, and whether it is an indefinite description."""
    return any(_name_like(tokens[i], ev) for i in run), _indefinite(text, tokens, run[0])


def _candidate(tokens: list[Token], i: int, ev: DocEvidence) -> bool:
    """A mid-sentence Title-case word that is not a name by the evidence, nor follows Mr or Dr."""
    tok = tokens[i]
    if tok.sentence_start or not tok.titlecase or tok.lower in KEEP or _name_like(tok, ev):
        return False
    return i == 0 or tokens[i - 1].lower not in TITLES


def restore_casing(text: str, touched_starts: set[int]) -> tuple[str, list[Removed]]:
    """Lower-case the injector's Title-Case; ``touched_starts`` are offsets of words before cuts."""
    tokens = tokenize(text)
    ev = evidence(tokens)
    touched = _touched_phrases(text, tokens, touched_starts)
    new = _decide(text, tokens, ev, touched)
    if not new:
        return text, []
    chars = list(text)
    removed: list[Removed] = []
    for i in sorted(new):
        tok = tokens[i]
        original = text[tok.start : tok.start + len(tok.text)]
        if original == new[i]:
            continue
        chars[tok.start : tok.start + len(original)] = list(new[i])
        removed.append(Removed("casing", f"{original} -> {new[i]}"))
    return "".join(chars), removed
