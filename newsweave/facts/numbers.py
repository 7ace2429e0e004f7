"""Figures in a sentence of any language: the number, its bounds and the qualifier that set them.

Digits are universal; number and scale words are first rewritten as digits (``digits``, with its
separator rule); here each figure is read with its scale, bounds, qualifier and range, and the
numbers that are not figures (years, clock times, scores, model names) are skipped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from newsweave.facts.digits import NUM, SCALE, number
from newsweave.facts.lexicon import (
    COLLECTIVES,
    MONTHS,
    PREFIX_SCALES,
    QUALIFIERS,
    SCALES,
    TIME_UNITS,
    UNIT_CONCEPTS,
    word_set,
)
from newsweave.facts.subject import concept
from newsweave.facts.units import named_number

_PREFIX_SCALE = re.compile(r"\b(" + "|".join(PREFIX_SCALES) + r")\s+$", re.IGNORECASE)
_COLLECTIVE = re.compile(
    r"\b(?:une|a|an|un|una|uno|ein|einem|einer|el|le|il|o|um|uma|een)\s+(?P<mid>[\w\-]+\s+)?("
    + "|".join(COLLECTIVES)
    + r")\b",
    re.IGNORECASE,
)
_ARTICLES = re.compile(r"(?:\s+(?:the|los|las|les|la|le|el|die|der|den|des|a|an|un|une))+\s*$")
_AGE_AFTER = re.compile(r"^\s*-?\s*(?:years?|yrs?)[- ]old|^-year|^\s*-\s*year", re.IGNORECASE)
_AGE_BEFORE = re.compile(r"\b(?:aged|age|âgée?s? de|de edad|im alter von)\s*$", re.IGNORECASE)
_RANGE_GAP = re.compile(r"^\s*(?:-|–|to|and|à|a|y|i|en|bis|et|e|und|hadi)\s*$", re.IGNORECASE)
_RANGE_LEAD = re.compile(
    r"\b(?:between|entre|zwischen|tra|tussen|kati ya)\s*(?:[$€£¥]|us\$)?\s*$", re.IGNORECASE
)
_RANGE_TO = frozenset({"to", "à", "bis"})  # "142 à 150 passagers", "10 bis 20 Tote"; not after "from"
_TRAILING = {
    "or more": "low", "or so": "approx", "plus": "low", "and more": "low", "o más": "low",
    "überschritten": "low", "et plus": "low", "ou plus": "low",
}  # fmt: skip
_MARK_OF = re.compile(r"(?:\s+the)?(?:\s+[\w\-]+)?\s+(?:mark|threshold|milestone|level|barrier)\s+of\s*$")
_CURRENCY_BEFORE = re.compile(r"\s*(?:[$€£]|us\$|usd|eur|gbp|chf)\s*$")
# Fractions of a whole, as text2num leaves them ("two-thirds", "a 10th", "one 3rd", "half of").
_ORDINALS = ("fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
_DENOMINATORS = {"half": 2, "halves": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4} | {
    w + s: n for n, w in enumerate(_ORDINALS, 5) for s in ("", "s")
}
_FRACTION = re.compile(
    r"\b(?P<n>an?|one|two|three|four|five|six|seven|eight|nine|[1-9])[- ]"
    r"(?:(?P<word>halves|half|thirds?|quarters?|(?:fif|six|seven|eigh|nin|ten)ths?)|"
    r"(?P<d>[2-9]|10)(?:nd|rd|th)s?)\b(?=\s+of\b)"
    r"|(?<=\bby )(?P<n2>an?|one)[- ](?:(?P<word2>half|third|quarter)|(?P<d2>[2-9]|10)(?:nd|rd|th))\b"
    r"|(?<!first )(?<!second )(?<!the )(?<!other )\b(?P<half>half) of\b"
    r"(?!\s+(?:the\s+)?(?:year|month|week|day|time|century|decade|\d))",  # not "half of the year"
    re.IGNORECASE,
)
_NUMBER_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_NUMERATORS = {"a": 1, "an": 1} | {w: n for n, w in enumerate(_NUMBER_WORDS, 1)}
_ORDINAL = re.compile(r"\d(?:nd|rd|th)", re.IGNORECASE)
# What any fraction and any collective ("une dizaine") holds, found by substring in lower case
# (several times faster than the patterns' scans; most sentences hold none).
_FRACTION_PARTS = ("hal", "third", "quarter", *_ORDINALS)
_COLLECTIVE_PARTS = ("aine", "doz", "docena", "dutzend", "zia", "centena", "centinaio")
# Characters that match an ASCII letter under re.IGNORECASE but not after str.lower().
_CASE_TRAPS = ("İ", "ı", "ſ", "K")


def _may_hold(sentence: str, parts: tuple[str, ...]) -> bool:
    """Whether ``sentence`` may hold a match of a case-blind pattern that needs one of the ASCII
    ``parts``: False only when it cannot."""
    if not sentence.isascii() and any(c in sentence for c in _CASE_TRAPS):
        return True
    low = sentence.lower()
    return any(p in low for p in parts)


@dataclass(frozen=True, slots=True)
class Figure:
    """One figure of a sentence; ``start``/``end`` index the sentence as given to ``find_figures``."""

    value: float
    low: float | None
    high: float | None
    qualifier: str | None
    start: int
    end: int
    spelled: bool = False  # written in words ("three million"), not digits


def _bounds(kind: str | None, value: float) -> tuple[float | None, float | None]:
    if kind == "low":
        return value, None
    if kind == "high":
        return None, value
    return value, value


_THAN_THE = re.compile(r"\bthan\s+the\s*$")


def _qualifier(before: str, lang: str) -> tuple[str | None, str | None]:
    """The qualifier phrase that ends right before a figure, and its kind."""
    tail = _CURRENCY_BEFORE.sub("", before.lower())  # "more than $18 billion", "up to USD 5 million"
    tail = _MARK_OF.sub("", tail)  # "passed the 15,000 mark" / "crossed the mark of 326"
    compared = _THAN_THE.search(tail)  # "higher than the 8,500 killed in 1934": a reference
    tail = _ARTICLES.sub(" ", " " + tail).rstrip()
    for phrase, kind, ends in _qualifier_table(lang):
        if tail.endswith(ends):
            return (None, None) if compared and phrase.endswith("than") else (phrase, kind)
    return None, None


@cache
def _qualifier_table(lang: str) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """``lang``'s qualifier phrases (English ones too), longest first, each with its kind and the
    endings of a text it ends (built once per language, not per figure)."""
    table = QUALIFIERS.get(lang, {}) | (QUALIFIERS["en"] if lang != "en" else {})
    return tuple(
        (phrase, table[phrase], tuple(c + phrase for c in (" ", "\u00a0", "-", "'", "’")))
        for phrase in sorted(table, key=len, reverse=True)
    )


def qualifier_before(before: str, lang: str) -> tuple[str | None, str | None]:
    """The qualifier phrase ending right before a figure ("nearly", "more than") and its kind."""
    return _qualifier(before, lang)


def _is_month(word: str, lang: str = "en") -> bool:
    """A month name; in English a short lower-case one ("may", "mar") is another word, while other
    languages write months lower-case ("17 juin", "24 de agosto")."""
    low = word.lower()
    return low in MONTHS and (word[0].isupper() or len(low) > 5 or lang != "en")


# The patterns of ``_skip``, compiled once (it runs for every figure).
_SLASH_DIGIT = re.compile(r"^/\d")
_FRACTION_AFTER = re.compile(r"^\s+\d+/\d+")
_WORD_BEFORE = re.compile(r"([^\W\d_]+)\.?\s*$")
_LETTERS = re.compile(r"[^\W\d_]+")
_WORD_NEXT = re.compile(r"^[\s.]*[^\W\d_]")
_CLOCK_AFTER = re.compile(r"^\s*(?::\d|h\d|(?:a\.?m\.?|p\.?m\.?)(?!\w))", re.IGNORECASE)
_SCORE_AFTER = re.compile(r"^[-–]\d")
_AGO_AFTER = re.compile(r"^(?:m|h|s|d|min|mins|hrs?)\s*ago", re.IGNORECASE)  # "32m ago": when posted
_BETWEEN_BEFORE = re.compile(r"\b(?:between|from)\s*$", re.IGNORECASE)
_FOUR_DIGITS = re.compile(r"\d{4}")
_ORDINAL_DOT = re.compile(r"\.\s?[),;]")
_DIGIT_RUN = re.compile(r"(?<![\d.,])(?:\d+ )+$")  # digit groups written before the number, a space apart
_CODE_START = re.compile(r"0\d")
# Words before an older year ("built in 1211", "depuis 1340"): a date's preposition, not a count's
_YEAR_BEFORE = word_set("in since until till circa en depuis desde dal nel seit im em sinds")
# "minus 20 degrees", "-5C": a sign, in words or (before degrees) as a dash after a space.
_NEGATIVE = re.compile(r"(?:\b(minus)\s+|(?:^|(?<=[\s(]))[-−])$", re.IGNORECASE)
_DEGREES_AFTER = re.compile(r"\s?(?:°|degrees?\b|[CF]\b)")


def _may_be_signed(sentence: str, start: int) -> bool:
    """A cheap test before ``_NEGATIVE`` (most figures have no sign)."""
    return sentence[start - 1] in "-−" or sentence[max(0, start - 7) : start].rstrip().lower().endswith(
        "minus"
    )


def _skip(
    sentence: str, start: int, end: int, raw: str, value: float, scaled: bool, lang: str = "en"
) -> bool:
    """Dates, times, ages, durations and years are not counts; nor are ordinals and numbers that
    are codes (phone numbers, references)."""
    before, after = sentence[:start], sentence[end:]
    if _ORDINAL_DOT.match(after):
        return True  # "(38.)", "(59., 65.)": an ordinal written with a dot (a minute of a match)
    run = _DIGIT_RUN.search(sentence, max(0, start - 24), start) if start else None
    if _CODE_START.match(run.group(0) if run else sentence[start:end]):
        return True  # "0800 123 456": digit groups led by a zero are a code, not a count ("1 000" counts)
    if _SLASH_DIGIT.match(after):
        return True  # the "1" of "1/2"
    after = _FRACTION_AFTER.sub("", after)  # "9 1/2 minutes": the unit follows the fraction
    prev = _WORD_BEFORE.search(before)
    words = _LETTERS.findall(after[:24])
    next_word = words[0].lower() if words and _WORD_NEXT.match(after) else ""
    if not scaled and prev and _is_month(prev.group(1), lang):
        return True
    of_month = next_word in ("de", "di") and len(words) > 1 and _is_month(words[1], lang)
    if next_word and (_is_month(words[0], lang) or of_month):
        return True
    if _CLOCK_AFTER.match(after) or _AGO_AFTER.match(after):
        return True
    if _SCORE_AFTER.match(after) and not _BETWEEN_BEFORE.search(before):
        return True  # a score or a ratio ("a 3-3 draw"), not a count
    if _AGE_AFTER.match(after) or _AGE_BEFORE.search(before):
        return True
    if not scaled and next_word in TIME_UNITS:
        return True
    if not scaled and named_number(before, after, raw, lang):
        return True
    older = 1000 <= value < 1800 and prev is not None and prev.group(1).lower() in _YEAR_BEFORE
    is_year = not scaled and _FOUR_DIGITS.fullmatch(raw) is not None and (1800 <= value <= 2100 or older)
    # "2000 people" counts; "the 2005 bombings", "2019 election" name a year
    return is_year and not (next_word and concept(next_word, UNIT_CONCEPTS) is not None)


def find_figures(sentence: str, lang: str) -> list[Figure]:
    """Every count in ``sentence`` (already through ``to_digits``) with bounds from its qualifier."""
    out: list[Figure] = []
    for m in NUM.finditer(sentence):
        start, end = m.start(), m.end()
        raw_int = m.group("int")
        scale_m = SCALE.match(sentence, end)
        value_scale = 1.0
        if scale_m:
            value_scale = SCALES[scale_m.group("scale").lower()]
            end = scale_m.end() if scale_m.group("rest") else scale_m.end("scale")
        value = number(raw_int, m.group("dec"), value_scale > 1) * value_scale
        if scale_m and scale_m.group("rest") and value_scale > 1:
            value += float(scale_m.group("rest"))
        prefix = _PREFIX_SCALE.search(sentence, 0, start)
        if prefix and value_scale == 1:
            value *= PREFIX_SCALES[prefix.group(1).lower()]
            start = prefix.start()
        sign = (
            _NEGATIVE.search(sentence, max(0, start - 8), start)
            if start and _may_be_signed(sentence, start)
            else None
        )
        if sign and (sign.group(1) or _DEGREES_AFTER.match(sentence, end)):
            value, start = -value, sign.start()
        if _skip(sentence, m.start(), end, raw_int, value, value_scale > 1 or prefix is not None, lang):
            continue
        phrase, kind = _qualifier(sentence[:start], lang)
        if phrase is None:
            trail = sentence[end : end + 20].lower()
            for word, k in _TRAILING.items():
                if trail.startswith(" " + word) or trail.startswith("-" + word):
                    phrase, kind = word, k
        low, high = _bounds(kind, value)
        out.append(Figure(value, low, high, phrase, start, end))
    for m in _HYPHEN_RANGE.finditer(sentence) if "-" in sentence else ():
        r = _hyphen_range(sentence, m)
        if r is not None:
            out.append(r)
    for m in _COLLECTIVE.finditer(sentence) if _may_hold(sentence, _COLLECTIVE_PARTS) else ():
        value = float(COLLECTIVES[m.group(2).lower()])
        phrase, kind = _qualifier(sentence[: m.start()] + " " + (m.group("mid") or ""), lang)
        low, high = _bounds(kind or "approx", value)
        out.append(Figure(value, low, high, phrase or m.group(0).lower(), m.start(), m.end(), True))
    out.sort(key=lambda f: f.start)
    return _ranges(sentence, out)


# "3-5 km", "10-15%": a range written with a hyphen, which ``digits.NUM`` leaves (it reads "3-1" as a score).
_HYPHEN_RANGE = re.compile(
    r"(?<![\w.,/\-])(?P<a>\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)-(?P<b>[1-9]\d{0,2}(?:,\d{3})+|[1-9]\d*(?:\.\d+)?)"
    r"(?![\w.,\-]*\d)(?=\s?(?P<w>%|[^\W\d_]+)?)"
)
_SCORE_WORDS = word_set(
    "draw win victory defeat loss lead vote votes decision ruling majority scoreline result home away "
    "aggregate penalties shootout margin split verdict in on"
)
_SCORE_BEFORE = re.compile(
    r"\b(?:beat|beats|won|win|wins|lost|lose|drew|draw|defeated|trail|trailed|led|leads|voted|ruled|"
    r"score|scored|edged|thrashed|by|a|an)\s+(?:[A-Z][\w\-]*\s+){0,3}$"
)


def _hyphen_range(sentence: str, m: re.Match[str]) -> Figure | None:
    """The range of "3-5 km" unless it is a score, a vote, a ratio or a span of years."""
    a, b = float(m.group("a").replace(",", "")), float(m.group("b").replace(",", ""))
    if m.group("w") is None and not sentence[: m.start()].endswith(("$", "€", "£", "¥")):
        return None  # "3-1,": a score; "$1.5-2bn," is money
    word = (m.group("w") or "").lower()
    if a >= b or word in _SCORE_WORDS or word in TIME_UNITS or _SCORE_BEFORE.search(sentence, 0, m.start()):
        return None
    if _FOUR_DIGITS.fullmatch(m.group("a")) and 1800 <= a <= 2100:
        return None
    phrase, kind = _qualifier(sentence[: m.start()], "en")
    return Figure(a, a, b, phrase or "between", m.start(), m.end())


_PERCENT_GAP = re.compile(r"\s?(?:%|percent\b|per cent\b)")
_CURRENCY_GAP = re.compile(r"(?<=\s)(?:[$€£¥]|us\$)\s?$", re.IGNORECASE)
_FROM_BEFORE = re.compile(r"\b(?:from|de|von|desde|da|van)\s*(?:[$€£¥]|us\$)?\s*$", re.IGNORECASE)
# "prices range from €15 to €45", "anywhere from 10 to 20": a spread, not a change from one to the other.
_SPREAD_FROM = re.compile(
    r"\b(?:rang\w*|var(?:y|ies|ied|ying)|anywhere|spann\w*)\s+from\s*(?:[$€£¥]|us\$)?\s*$", re.IGNORECASE
)


def _ranges(sentence: str, figures: list[Figure]) -> list[Figure]:
    """'between 10 and 20', '10-20', '10 to 20' are one figure with both bounds."""
    merged: list[Figure] = []
    i = 0
    while i < len(figures):
        f = figures[i]
        if i + 1 < len(figures):
            g = figures[i + 1]
            gap = _CURRENCY_GAP.sub("", sentence[f.end : g.start])  # "from €15 to €45"
            sign = _PERCENT_GAP.match(gap)
            if sign and _PERCENT_GAP.match(sentence, g.end):  # "between 10% and 15%"
                gap = gap[sign.end() :]
            lead = sentence[: f.start]
            ranged = _RANGE_GAP.match(gap) and (
                _RANGE_LEAD.search(lead)
                or gap.strip() in {"-", "–"}
                or gap.strip().lower() in _RANGE_TO
                and (_SPREAD_FROM.search(lead) or not _FROM_BEFORE.search(lead))
            )
            if ranged and f.value < g.value:
                merged.append(Figure(f.value, f.value, g.value, "between", f.start, g.end, f.spelled))
                i += 2
                continue
        merged.append(f)
        i += 1
    return merged


def find_fractions(sentence: str, lang: str) -> list[Figure]:
    """Shares of a whole written as fractions, in percent: "nearly two-thirds of voters" (under
    66.7), "a quarter of their value" (25), "rose by a fifth" (20); English only."""
    if lang != "en" or not (_may_hold(sentence, _FRACTION_PARTS) or _ORDINAL.search(sentence)):
        return []
    out = []
    for m in _FRACTION.finditer(sentence):
        if m.group("half"):
            n, d = 1, 2
        else:
            num = (m.group("n") or m.group("n2")).lower()
            n = _NUMERATORS.get(num) or int(num)
            word = (m.group("word") or m.group("word2") or "").lower()
            d = _DENOMINATORS.get(word) or int(m.group("d") or m.group("d2"))
        if n >= d:
            continue
        value = round(100 * n / d, 1)
        phrase, kind = _qualifier(sentence[: m.start()], lang)
        low, high = _bounds(kind, value)
        out.append(Figure(value, low, high, phrase, m.start(), m.end(), True))
    return out
