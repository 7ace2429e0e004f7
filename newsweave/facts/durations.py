"""Ages and durations: quantities of time a reader compares ("the 93-year-old", "after 37 years in
power", "nearly four decades of rule", "within 48 hours").

``numbers.find_figures`` reads counts and skips these on purpose (a "35-year-old" is no count of
anything); this module reads them apart, with their own units, so that they never join a count.
Written as patterns because the forms are few and fixed per language and no offline library
reads them (quantulum3 reads "37 years" but neither ages in apposition nor "93enne").
A time offset ("two days after", "three years ago") is a date, not a duration: the timeline's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from newsweave.facts.lexicon import MONTHS, WEEKDAYS, fold
from newsweave.facts.numbers import Figure, qualifier_before

# Time units (any case, singular or plural) -> (unit named in the claim, factor to that unit).
_UNIT_WORDS = """
    years 1: year years yr yrs ans années años anos anni jahre jahren jaar jaren anys
    years 10: decade decades décennies décadas decenni jahrzehnte
    months 1: month months mois meses mesi monate maanden mesos
    weeks 1: week weeks semaines semanas settimane wochen weken setmanes
    days 1: day days jours días dias giorni tage tagen dagen dies
    hours 1: hour hours heures horas ore stunden uur hores
    minutes 1: minute minutes mins minuten minutos minuti
"""
_UNITS: dict[str, tuple[str, float]] = {
    word: (head.split()[0], float(head.split()[1]))
    for line in _UNIT_WORDS.strip().splitlines()
    for head, words in [line.split(":")]
    for word in words.split()
}
DURATION_UNITS = frozenset(unit for unit, _ in _UNITS.values())  # "years", "days", "minutes"...
_UNIT_RE = "|".join(sorted(map(re.escape, _UNITS), key=len, reverse=True))
_NUMBER = r"(?P<n>\d+(?:[.,]\d+)?)"
# "93-year-old", "93 years old", "aged 93", "93-jährige", "93enne"
_AGES = [
    re.compile(rf"(?<![\w.,]){_NUMBER}\s?-?\s?(?:years?|yrs?)[- ]old\b", re.I),
    re.compile(rf"\b(?:aged|age|âgée?s? de|im alter von)\s+{_NUMBER}(?![\w.,]\d)", re.I),
    re.compile(rf"(?<![\w.,]){_NUMBER}-?jährige[nr]?\b", re.I),
    re.compile(rf"(?<![\w.,]){_NUMBER}enne\b", re.I),
]
# "Grace, 52,", "Mugabe, de 93 años", "Dupont, 61 ans,": an age in apposition to a name.
_APPOSED = re.compile(
    r"(?P<name>\b[A-Z][\w’'\-]+)\s?[,‚]\s?(?:de\s+|di\s+)?(?P<n>\d{1,3})(?![.,]\d)"
    r"(?:\s+(?:años|anos|ans|anni|anys|jahre))?\s?(?=[,‚;)]|\s+(?:and|et|y|e|und)\s)"
)
_DURATION = re.compile(rf"(?<![\w.,:/\-]){_NUMBER}(?:\s+|-)(?P<u>{_UNIT_RE})(?![\w\-])", re.I)
_OFFSET_AFTER = re.compile(
    r"[\s,]*(?:ago|later|earlier|before|after|since|from now|old|avant|après|plus tard|antes|después|"
    r"despues|después de|fa|dopo|prima|früher|später|zuvor|nach)\b",
    re.I,
)
_DIGIT = re.compile(r"\d")
_OFFSET_BEFORE = re.compile(r"\b(?:il y a|hace|vor|há)\s*$", re.I)
# "lasted 14 hours before a deal", "for two hours after the crash": a span, whatever follows it.
_SPAN_BEFORE = re.compile(
    r"\b(?:for|lasted|lasting|last|took|take|takes|spent|spend|within|pendant|durante|während|per)\s+"
    r"(?:(?:about|nearly|almost|some|only|just|more than|less than|up to|over|under|the|a|another)\s+)*$",
    re.I,
)


@dataclass(frozen=True, slots=True)
class TimeFigure:
    """An age or a duration: ``unit`` is "age" or the time unit its value is given in."""

    figure: Figure
    unit: str
    holder_before: str  # the text where an age's holder is named: before and after the figure
    holder_after: str
    apposed: bool = False  # in apposition to a name: an age only when that name is a person's


def _value(raw: str) -> float:
    return float(raw.replace(",", "."))


def find_times(sentence: str, lang: str) -> list[TimeFigure]:
    """Ages and durations of ``sentence`` (number words already digits), left to right."""
    out: list[TimeFigure] = []
    if _DIGIT.search(sentence) is None:  # every pattern reads a figure in digits
        return out
    taken: list[tuple[int, int]] = []

    def add(
        start: int, end: int, n: int, value: float, unit: str, before: str, after: str, apposed: bool = False
    ) -> None:
        if any(s < end and start < e for s, e in taken) or value <= 0:
            return
        phrase, kind = qualifier_before(sentence[:n], lang)
        low = None if kind == "high" else value
        high = None if kind == "low" else value
        out.append(TimeFigure(Figure(value, low, high, phrase, start, end), unit, before, after, apposed))
        taken.append((start, end))

    for pattern in _AGES:
        for m in pattern.finditer(sentence):
            value, start, end = _value(m.group("n")), m.start(), m.end()
            if value <= 120:
                add(start, end, m.start("n"), value, "age", sentence[:start], sentence[end:])
    for m in _APPOSED.finditer(sentence):
        name, value = m.group("name"), _value(m.group("n"))
        if fold(name) in MONTHS or fold(name) in WEEKDAYS or not 1 <= value <= 120:
            continue
        add(m.start("n"), m.end("n"), m.start("n"), value, "age", sentence[: m.start("n")], "", True)
    for m in _DURATION.finditer(sentence):
        offset = _OFFSET_AFTER.match(sentence, m.end()) and not _SPAN_BEFORE.search(sentence, 0, m.start())
        if offset or _OFFSET_BEFORE.search(sentence, 0, m.start()):
            continue
        unit, factor = _UNITS[m.group("u").lower()]
        value = _value(m.group("n")) * factor
        add(m.start(), m.end(), m.start(), value, unit, "", "")
    out.sort(key=lambda t: t.figure.start)
    return out
