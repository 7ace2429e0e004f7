"""Numbers rewritten as plain digits before figures are read: number words (``text2num``, en, fr,
es, pt, de, it, nl), scale words ("3 million", "15 mil 383", "$1.2m", "half a million", "tens of
thousands") and the one separator rule no library applies alike to "12,391", "2,5 millions" and
"130 000": a separator followed by exactly three digits groups thousands unless a scale word
follows, otherwise it is a decimal mark. ``numbers`` reads the figures of the rewritten sentence.
"""

from __future__ import annotations

import re
from functools import lru_cache

from text_to_num import alpha2digit

from newsweave.facts.lexicon import SCALES, UNIT_CONCEPTS, word_set
from newsweave.facts.subject import concept
from newsweave.facts.units import GLUED_RE, HYPHEN_MEASURES

_TEXT2NUM_LANGS = frozenset({"en", "fr", "es", "pt", "de", "it", "nl"})

_HYPHEN_RE = "|".join(sorted(map(re.escape, HYPHEN_MEASURES), key=len, reverse=True))
# Letters right after a figure end it unless they are a unit glued to it ("41C", "250mm") or a
# measure joined by a hyphen ("a 12-storey building"); a "-" before it is a sign only after a space.
NUM = re.compile(
    r"(?<![\w.,‚:/%])(?<![\w.,‚:/\-]-)(?P<int>\d{1,3}(?:(?:,|‚|\.|\u00a0|\u202f|\s)\d{3})+(?!\d)|\d+)"
    r"(?:[.,](?P<dec>\d+))?(?![\d])(?![.,]\d)"
    rf"(?!(?=[^\W\d_])(?!(?:{GLUED_RE})(?![^\W\d_])))(?!-(?=[^\W\d_])(?!(?:{_HYPHEN_RE})(?![^\W\d_])))"
)
SCALE = re.compile(
    r"\s*-?\s*(?P<scale>" + "|".join(sorted(map(re.escape, SCALES), key=len, reverse=True)) + r")\.?"
    r"(?![^\W\d_])(?:\s+(?P<rest>\d{3})(?![\d]))?",
    re.IGNORECASE,
)
_SCALED = re.compile(NUM.pattern + SCALE.pattern, re.IGNORECASE)
_WORD_AFTER = re.compile(r"\s*([^\W\d_][\w.'’]*)")
# Spanish and Portuguese thousands written "mil 180" (1,180) without a leading figure.
_MIL = re.compile(r"(?<![\d\s])(\s)mil\s+(\d{3}|\d{1,2})(?![\d.,]\d)", re.IGNORECASE)
# "one" before a capitalised word ("one Canadian") or ending a list ("and one in Bangladesh").
_ONE = re.compile(r"\b[Oo]ne(?= [A-Z][a-z])|(?:(?<=, )|(?<=\band ))one(?= in )")
# "one firefighter", "one in 4 schools": "one" counts a person or starts a ratio (English; every
# other "one", "one of them", "one day", is left to the words).
_ONE_COUNTED = re.compile(r"\b[Oo]ne(?= (?P<w>[a-z]+)\b)")
_RATIO_AFTER = re.compile(r" (?:in|out of) \d")
ONE_COUNTS = word_set("people soldiers passengers crew children students firefighters tourists refugees")
_BN = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s?bn\b", re.IGNORECASE)
_HALF = re.compile(
    r"\b(?P<f>half an?|a half|a quarter of an?|three quarters of an?)\s+(?P<u>million|billion|thousand|dozen|"
    r"percentage points?|points?|hours?|miles?|kilomet(?:re|er)s?|met(?:re|er)s?|degrees?|litres?|tonnes?)\b",
    re.IGNORECASE,
)
_PARTS = {"half": 0.5, "a half": 0.5, "a quarter": 0.25, "three quarters": 0.75}
# "tens of thousands of people": a lower bound at the smallest value the words allow (English).
_MULTITUDE = re.compile(
    r"\b(?P<a>tens|hundreds|dozens) of (?P<b>thousands|millions|billions)(?: of\b)?", re.IGNORECASE
)
_MULTIPLES = {"tens": 10, "hundreds": 100, "dozens": 12, "thousands": 1e3, "millions": 1e6, "billions": 1e9}
# "1.8m visitors": "m" before a plural noun is a million ("a 1.8m wall" measures metres).
_M_MILLION = re.compile(r"(?<![\w.,])(\d+(?:\.\d+)?)m(?= (?:[a-z]{2,}s|people|men|women|children)\b)")
_CURRENCY_SHORT = re.compile(r"(?<=[$€£])\s?(\d+(?:\.\d+)?)\s?(m|bn|k)\b", re.IGNORECASE)


# What every pattern of ``scaled_to_digits`` needs (a digit, or "half"): most sentences have neither.
_SCALABLE = re.compile(r"\d|half|quarter", re.IGNORECASE)


@lru_cache(maxsize=4096)  # a sentence's claims read it twice (see ``claims.find_claims``)
def scaled_to_digits(sentence: str) -> str:
    """Digits with a scale word as plain digits: "3 million" -> "3000000", "15 mil 383" -> "15383"."""
    if _SCALABLE.search(sentence) is None:
        return sentence
    sentence = _CURRENCY_SHORT.sub(_currency_digits, sentence)  # "$1.2m", "£3bn"
    sentence = _BN.sub(lambda m: f"{m.group(1)} billion", sentence)  # "18bn" is a billion in any context
    if "alf " in sentence or "uarter" in sentence:  # "half a million", "a quarter of a percentage point"
        sentence = _HALF.sub(_part_of, sentence)
    if "illion" in sentence or "m " in sentence or "bn" in sentence or "mn" in sentence:
        sentence = _SCALED_RANGE.sub(_scaled_range, sentence)  # "3 to 4 million": millions both
        sentence = (
            _M_MILLION.sub(lambda m: f"{m.group(1)} million", sentence) if "m " in sentence else sentence
        )
    return _SCALED.sub(_scaled_digits, sentence)


_SCALED_RANGE = re.compile(
    r"(?<![\w.,])(?P<a>\d+(?:\.\d+)?)(?P<gap>\s?[-–]\s?|\s+to\s+)(?P<b>\d+(?:\.\d+)?)\s?(?P<s>million|billion|"
    r"trillion|bn|mn|m)\b",
    re.IGNORECASE,
)


def _scaled_range(m: re.Match[str]) -> str:
    """ "3 to 4 million" -> "3000000 to 4000000", "$1.5-2bn" -> "$1500000000-2000000000" (the scale
    word after a range scales both ends; not when the first is the larger, "12 to 4 million")."""
    a, b = float(m.group("a")), float(m.group("b"))
    if a >= b:
        return m.group(0)
    scale = SCALES.get(m.group("s").lower(), 1e6)  # "m" after a range of money or people: millions
    return "".join((_plain(a * scale), m.group("gap"), _plain(b * scale)))


def _plain(value: float) -> str:
    return str(int(value)) if value.is_integer() else str(value)


def _part_of(m: re.Match[str]) -> str:
    """ "half a million" -> "500000"; "half a percentage point" -> "0.5 percentage point"."""
    part = _PARTS[re.sub(r"\s+(?:of\s+)?an?$", "", " ".join(m.group("f").lower().split()))]
    unit = m.group("u")
    if unit.lower() in SCALES:
        value = part * SCALES[unit.lower()]
        return str(int(value)) if value.is_integer() else str(value)
    return f"{part:g} {unit}"


def _multitude(m: re.Match[str]) -> str:
    value = _MULTIPLES[m.group("a").lower()] * _MULTIPLES[m.group("b").lower()]
    return f"more than {int(value)}"


def _currency_digits(m: re.Match[str]) -> str:
    value = float(m.group(1)) * {"m": 1e6, "bn": 1e9, "k": 1e3}[m.group(2).lower()]
    return str(int(value)) if value.is_integer() else str(value)


def to_digits(sentence: str, lang: str) -> str:
    """Figures as plain digits, number words included: "three million" -> "3000000"."""
    if lang in ("es", "pt", "ca"):
        sentence = _MIL.sub(lambda m: f"{m.group(1)}{1000 + int(m.group(2))}", sentence)
    if lang == "en" and "s of " in sentence:  # "tens of thousands"
        sentence = _MULTITUDE.sub(_multitude, sentence)
    sentence = scaled_to_digits(sentence)
    if lang == "en":  # below text2num's threshold; the claim reader decides whether it counts
        sentence = _ONE.sub("1", sentence)
    if lang not in _TEXT2NUM_LANGS:
        return sentence
    sentence = str(alpha2digit(sentence, lang, threshold=1.5))
    counted = lang == "en" and ("one " in sentence or "One " in sentence)
    return _ONE_COUNTED.sub(_one, sentence) if counted else sentence


def _one(m: re.Match[str]) -> str:
    return "1" if counted_one(m.string, m.end()) else m.group(0)


def counted_one(sentence: str, end: int) -> bool:
    """Whether a "one" ending at ``end`` counts a person ("one firefighter") or starts a ratio ("one
    in 4"), so that it is a figure although spelled."""
    if _RATIO_AFTER.match(sentence, end):
        return True
    word = _WORD_AFTER.match(sentence, end)
    c = concept(word.group(1), UNIT_CONCEPTS) if word else None
    return c is not None and UNIT_CONCEPTS[c][0] in ONE_COUNTS


def _scaled_digits(m: re.Match[str]) -> str:
    value = number(m.group("int"), m.group("dec"), True) * SCALES[m.group("scale").lower()]
    if m.group("rest"):
        value += float(m.group("rest"))
    return str(int(value)) if value.is_integer() else str(value)


_NON_DIGIT = re.compile(r"\D")
_GROUPED = re.compile(r"\d{1,3}[.,]\d{3}")


def number(raw_int: str, dec: str | None, scaled: bool) -> float:
    digits = _NON_DIGIT.sub("", raw_int)
    value = float(digits)
    if dec is not None:
        value = float(f"{digits}.{dec}") if scaled or len(dec) != 3 else float(digits + dec)
    elif scaled and _GROUPED.fullmatch(raw_int):
        # "2.500 millones" is 2,500 million in every language; keep the grouping reading.
        value = float(digits)
    return value
