"""Numeric claims: each figure with what it counts, where, according to whom and as of when.

The subject is read from the words around the figure without a parser (NER-only keeps the
pipeline fast): the counted noun after it ("320 ... soldiers"), or before it ("the death toll
... rose to 12,391"), the event verb nearby ("fled", "defected"), the places and organisations
of its clause, and markers of a part of a whole ("including 1,730 in ...", "in one shelter",
"nine soldiers interviewed"). Concepts come from a small multilingual table (lexicon.py).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from newsweave.facts.entities import EntityIndex
from newsweave.facts.lexicon import UNIT_CONCEPTS, VERB_CONCEPTS, fold
from newsweave.facts.numbers import Figure, find_figures, to_digits
from newsweave.facts.timeline import DateResolver
from newsweave.nlp.sentences import split_sentences

_BOUND = re.compile(r"[;:()\[\]—–]|,\s")
_TOKEN = re.compile(r"[^\W\d_][\w'’\-]*|%|\$|€|£")
_STOP = frozenset(
    [
        "in",
        "on",
        "at",
        "to",
        "by",
        "for",
        "from",
        "with",
        "were",
        "was",
        "are",
        "is",
        "be",
        "been",
        "being",
        "have",
        "has",
        "had",
        "will",
        "would",
        "could",
        "should",
        "said",
        "says",
        "say",
        "and",
        "or",
        "but",
        "than",
        "as",
        "who",
        "that",
        "which",
        "this",
        "these",
        "those",
        "its",
        "their",
        "his",
        "her",
        "our",
        "them",
        "it",
        "into",
        "over",
        "under",
        "after",
        "before",
        "during",
        "since",
        "until",
        "about",
        "while",
        "when",
        "where",
        "there",
        "here",
        "per",
        "what",
        "en",
        "a",
        "y",
        "et",
        "und",
        "e",
        "na",
        "o",
        "u",
        "le",
        "la",
        "les",
        "el",
        "los",
        "las",
        "des",
        "du",
        "dans",
        "sur",
        "à",
        "ya",
        "wa",
        "kwa",
        "katika",
        "ni",
    ]
)
_SKIP_ADJ = frozenset(
    [
        "more",
        "other",
        "additional",
        "separate",
        "individual",
        "confirmed",
        "registered",
        "total",
        "new",
        "young",
        "mostly",
        "the",
        "of",
        "all",
        "some",
        "several",
        "more",
        "than",
        "just",
        "only",
        "about",
        "nearly",
        "around",
        "further",
        "reported",
        "estimated",
        "des",
        "de",
        "d'",
        "d’",
        "l'",
        "l’",
        "del",
    ]
)
_INCLUDING = re.compile(
    r"\b(?:including|among them|among whom|of whom|of them|of which|incluidos?|incluidas?|incluyendo|"
    r"dont|darunter|davon|including some)\s*$",
    re.IGNORECASE,
)
_CONTAINER = re.compile(
    r"\b(?:in|at|inside|within)\s+(?:one|a|an|this|that|each|a single|the same|his|her|their|its|our)\s+"
    r"(?!(?:span|period|row|statement|bid|move|sign|report|interview|series|total|number|way|time|"
    r"matter|week|day|month|year|decade|hour|minute|letter|speech|video|post|tweet|message|"
    r"country|nation|region|world|vote|poll|survey|ruling|case|sense|bid|effort|state)\b)"
    r"(?P<noun>[a-z][a-z\-]+)",
)
_SAMPLE = re.compile(r"\binterview|\bspoke (?:to|with)\b|\bspoken to\b|\bwe met\b|\bsurvey|\bpolled\b", re.I)
_ATTRIB_AFTER = re.compile(
    r"^[^.;]*?,\s+(?P<who>(?:[\w’'\-.]+\s+){0,6}?[\w’'\-.]+)\s+(?:said|says|reported|reports|told|"
    r"announced|estimated|confirmed|added|stated)\b"
)
_ACCORDING = re.compile(r"\b(?:according to|citing|selon|según|laut|secondo)\s+(?P<who>[^,.;]+)", re.I)
_SAYS_FIRST = re.compile(
    r"^(?P<who>(?:[A-Z][\w’'\-.]*\s+){0,4}[A-Z][\w’'\-.]*)\s+(?:said|says|reported|told)\b"
)
_TOLL = re.compile(r"\b(?:death|casualty|injury)\s+toll|\btoll\b", re.I)


@dataclass(slots=True)
class Found:
    """A figure with its subject, before it becomes a ``Claim`` with an id."""

    figure: Figure
    start: int  # the sentence, in the article's text
    end: int
    unit: str | None
    unit_concept: str | None
    verb: str | None
    verb_concept: str | None
    places: frozenset[str]
    part: str | None
    attributed_to: str | None
    as_of: str | None
    spelled: bool

    @property
    def subject(self) -> str:
        words = " ".join(w for w in (self.unit, self.verb) if w) or "figure"
        return f"{words} in {', '.join(sorted(self.places))}" if self.places else words

    @property
    def key(self) -> tuple[str | None, str | None]:
        return self.unit_concept, self.verb_concept


def concept(word: str, table: Mapping[str, object]) -> str | None:
    """The table key naming ``word``: exact (short keys, plural aside) or the longest prefix."""
    w = fold(word).strip("'’")
    w = re.sub(r"^(?:d|l)['’]", "", w)
    best = None
    for k in table:
        if len(k) <= 4:
            if w in (k, k + "s", k + "es", k + "d", k + "ed"):
                return k
        elif w.startswith(k) and (best is None or len(k) > len(best)):
            best = k
    return best


def _unit_after(right: str) -> tuple[str | None, str | None, str | None]:
    """(surface, unit concept, implied verb concept) of the noun a figure counts."""
    tokens = _TOKEN.findall(right)[:6]
    for i, tok in enumerate(tokens):
        low = tok.lower()
        if low == "per" and i + 1 < len(tokens) and tokens[i + 1].lower() == "cent":
            return "percent", "%", None
        c = concept(tok, UNIT_CONCEPTS)
        proper_name = tok[:1].isupper() and i + 1 < len(tokens) and tokens[i + 1][:1].isupper()
        if c is not None and not proper_name:
            unit, verb = UNIT_CONCEPTS[c]
            return low, unit, verb
        if low in _STOP:
            return None, None, None
        if tok[:1].isupper() or "-" in tok or low.endswith("ly") or low in _SKIP_ADJ:
            continue
        nxt = tokens[i + 1].lower() if i + 1 < len(tokens) else ""
        if nxt and nxt not in _STOP and nxt.endswith("s") and not low.endswith("s") and nxt.isalpha():
            return f"{low} {nxt}", fold(nxt).rstrip("s"), None
        return low, fold(low).rstrip("s") if len(low) > 3 else fold(low), None
    return None, None, None


def _unit_before(left: str) -> tuple[str | None, str | None, str | None]:
    tokens = _TOKEN.findall(left)[-10:]
    for tok in reversed(tokens):
        c = concept(tok, UNIT_CONCEPTS)
        if c is not None and (UNIT_CONCEPTS[c][1] or _TOLL.search(left)):
            unit, verb = UNIT_CONCEPTS[c]
            return (
                (
                    tok.lower()
                    if unit != "people" or verb is None
                    else "deaths"
                    if verb == "killed"
                    else tok.lower()
                ),
                unit,
                verb,
            )
    if _TOLL.search(left):
        return "deaths", "people", "killed"
    return None, None, None


def _verb(left: str, right: str) -> tuple[str | None, str | None]:
    after = _TOKEN.findall(right)[:8]
    before = list(reversed(_TOKEN.findall(left)[-8:]))
    for tok in [t for pair in zip(after + [""] * 8, before + [""] * 8, strict=False) for t in pair if t]:
        c = concept(tok, VERB_CONCEPTS)
        if c is not None:
            return tok.lower(), VERB_CONCEPTS[c]
    return None, None


def _attribution(sentence: str, after_figure: str) -> str | None:
    m = _ACCORDING.search(sentence)
    if m:
        return m.group("who").strip()
    m = _ATTRIB_AFTER.match(after_figure)
    if m:
        return re.sub(r"^(?:the)\s+", "", m.group("who"), flags=re.I)
    m = _SAYS_FIRST.match(sentence)
    return m.group("who") if m else None


def _part(sentence: str, f: Figure) -> str | None:
    """Why a figure counts only part of a whole ("including", a sample, one container), if it does."""
    if _INCLUDING.search(sentence[max(0, f.start - 30) : f.start]):
        return "including"
    if _SAMPLE.search(sentence):
        return "sample"
    cm = _CONTAINER.search(sentence)
    return f"in one {cm.group('noun')}" if cm else None


def find_claims(text: str, lang: str, index: EntityIndex | None, dates: DateResolver) -> list[Found]:
    """Every figure of ``text`` with its subject; spans are sentences of ``text``."""
    out: list[Found] = []
    for sent in split_sentences(text):
        original = text[sent.start : sent.end]
        if not any(c.isdigit() for c in original) and lang not in {"en", "fr", "es", "pt", "de", "it", "nl"}:
            continue
        s = to_digits(original, lang)
        figures = find_figures(s, lang)
        if not figures:
            continue
        date_mentions = None
        prev: Found | None = None
        for i, f in enumerate(figures):
            lo = max([figures[i - 1].end if i else 0] + [m.end() for m in _BOUND.finditer(s, 0, f.start)])
            nb = _BOUND.search(s, f.end)
            hi = min(
                [figures[i + 1].start if i + 1 < len(figures) else len(s)] + ([nb.start()] if nb else [])
            )
            left, right = s[lo : f.start], s[f.end : hi]
            spelled = s[f.start : f.end] not in original
            unit, unit_c, verb_c = _unit_after(right)
            if s[: f.start].rstrip().endswith(("$", "€", "£")):
                unit, unit_c = s[: f.start].rstrip()[-1], s[: f.start].rstrip()[-1]
            if unit is None:
                unit, unit_c, verb_c = _unit_before(s[figures[i - 1].end if i else 0 : f.start])
            if unit is None and prev is not None:
                unit, unit_c, verb_c = prev.unit, prev.unit_concept, prev.verb_concept
            if spelled and (unit is None or f.value < 2):
                continue  # "two said ...", "one young officer": no count of anything named
            verb, verb_c2 = (None, verb_c) if verb_c else _verb(left, right)
            part = _part(s, f)
            places = index.place_keys(left + " " + right) if index is not None else frozenset()
            if date_mentions is None:
                date_mentions = dates.find(s)
            precise = [d for d in date_mentions if d.precise]
            later = [d for d in precise if d.start >= f.end]
            as_of = (later[0] if later else precise[-1]).date if precise else None
            found = Found(
                f,
                sent.start,
                sent.end,
                unit,
                unit_c,
                verb,
                verb_c2,
                places,
                part,
                _attribution(s, s[f.end :]),
                as_of,
                spelled,
            )
            out.append(found)
            prev = found
    return out
