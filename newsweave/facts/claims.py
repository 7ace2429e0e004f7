"""Numeric claims: each figure with what it counts, where, according to whom and as of when.

Figures come from ``numbers`` (any language), their subject from ``subject`` (the counted noun,
the event verb and part-of-a-whole markers), places and organisations of the figure's clause from
the event's entity index, the source from "according to X" / ", X said", and ``as_of`` from the
sentence's date resolved against the article's publication date.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from newsweave.facts.digits import counted_one, scaled_to_digits, to_digits
from newsweave.facts.durations import DURATION_UNITS, TimeFigure, find_times
from newsweave.facts.entities import EntityIndex
from newsweave.facts.lexicon import MONTHS, TITLES, UNIT_CONCEPTS, WEEKDAYS, fold, word_set
from newsweave.facts.numbers import Figure, find_figures, find_fractions
from newsweave.facts.sentences import sentences as split_sentences
from newsweave.facts.subject import (
    BOUND,
    SPEECH,
    event_verb,
    measured,
    part_of_whole,
    stop_words,
    unit_after,
    unit_before,
    whole_of,
    window,
)
from newsweave.facts.timeline import DateMention, DateResolver
from newsweave.facts.units import SYMBOL_NAMES

_ATTRIB_AFTER = re.compile(
    r"^[^.;]*?,\s+(?P<who>(?:[\w’'\-.]+\s+){0,6}?[\w’'\-.]+)\s+(?:said|says|reported|reports|told|"
    r"announced|estimated|confirmed|added|stated)\b"
)
_ACCORDING = re.compile(r"\b(?:according to|citing|selon|según|laut|secondo)\s+(?P<who>[^,.;]+)", re.I)
_SAYS_FIRST = re.compile(
    r"^(?P<who>(?:[A-Z][\w’'\-.]*\s+){0,4}[A-Z][\w’'\-.]*)\s+(?:said|says|reported|told)\b"
)
_PARTITIVE = re.compile(r"^\s*(?:of|out of)\s+(?:the\s+|those\s+|these\s+)?$")
_ROUTE = re.compile(r"\b(?:from|to|via|towards?|bound for)\s+(?:the\s+)?\Z", re.I)
_NOUN_AFTER = re.compile(r"\s+([a-z]{3,})\b(?<!ed)(?<!ing)(?!['’])")
# Between two figures of one list: no clause break and no other figure, a comma or a conjunction.
_LIST_ON = re.compile(r"[^;:.()\[\]—–\d]*(?:,|\s(?:and|or|et|ou|y|o|und|oder|e|en|i)\s)[^;:.()\[\]—–\d]*")
_DIGIT_ONE = re.compile(r"(?<![\d.,])1(?![\d.,])")
_LOCATIVE = re.compile(r"\s+(?:in|at|on|en|à|au|im|in der|nel|nella|em|no|na)\s+\w", re.I)
_HUMAN_EVENTS = frozenset({"killed", "injured", "arrested", "rescued", "evacuated", "displaced"})
_REGIONS = frozenset({"GPE", "LOC"})
_GROUPS = frozenset({"ORG", "NORP"})
_SYMBOL_WORDS = {"%": "percent", "$": "dollars", "€": "euros", "£": "pounds", **SYMBOL_NAMES}
_TABLE_UNITS = frozenset(unit for unit, _ in UNIT_CONCEPTS.values())
_WORD_LANGS = frozenset({"en", "fr", "es", "pt", "de", "it", "nl", "ca"})
_YEAR = re.compile(r"(?<![\d.,])(?:1[89]\d\d|20\d\d)(?![\d.,]|\s*(?:%|percent|people|[a-z]+s\b))")
_FROM = re.compile(  # "up from 159", "raising a previous count of 159": the value before a change
    r"\b(?:(?:from|von|desde|depuis|passant de|van)\s+(?:the\s+|a\s+|an\s+)?[^\W\d_]*|"
    r"(?:previous|earlier|prior|initial|vorherig\w*|précédent\w*|anterior\w*|precedente)\b\D{0,25})\s*$",
    re.I,
)

# "now" between two figures of a sentence: the first is the value before the update (any language).
_NOW = re.compile(
    r"\b(?:now|désormais|maintenant|ahora|actualmente|jetzt|inzwischen|mittlerweile|nun|ora|adesso|agora|nu)\b",
    re.I,
)


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
    place_types: dict[str, str] = field(default_factory=dict)  # each place's entity type (GPE, ORG...)
    in_clause: bool = True  # the places are named in the figure's clause, not elsewhere in its sentence
    year: str | None = None  # a year named in the figure's clause ("the 8,500 killed in a 1934 quake")
    series: bool = False  # an earlier value of a change the sentence tells ("rose from 159", "up from 159")
    measures: str | None = None  # what a bare percentage measures ("the pound fell 10 percent": pound)
    measure_in: str | None = None  # the figure's clause to parse for ``measures`` (``name_measures``)
    words: str = ""  # the figure with the words around it in its sentence, for cross-language alignment

    @property
    def known_unit(self) -> bool:
        """What it counts is a concept of the table (the same in every language), not a bare word."""
        return self.unit_concept in _TABLE_UNITS

    @property
    def incidental(self) -> bool:
        """A figure that is no quantity to compare unless another story gives it too: a spelled
        "one" that counts someone in no event ("one defector aged 23 says": a person introduced,
        not a count), or a duration that says nothing of what lasted ("his son died within 15
        minutes"; not "37 years in power", whose ``verb`` is "in power")."""
        if self.spelled and self.figure.value == 1 and self.verb is None:  # none read; "defector" implies one
            return True
        return self.unit_concept in DURATION_UNITS and self.verb is None

    @property
    def subject(self) -> str:
        if self.unit_concept == "age":  # "age of Robert Mugabe"
            return f"age of {', '.join(sorted(self.places))}" if self.places else "age in years"
        # "19%", "12,000 m": a subject names, a sign does not
        unit = _SYMBOL_WORDS.get(self.unit or "", self.unit)
        if self.measures and unit == "percent":  # "percent of adults", "hyperinflation, percent"
            of = self.measures.startswith("of ")
            unit = f"percent {self.measures}" if of else f"{self.measures}, percent"
        verb = self.verb
        if verb and verb.endswith("ing") and self.verb_concept:  # "killing 718 people": people killed
            verb = self.verb_concept
        groups = sorted(p for p in self.places if self.place_types.get(p) in _GROUPS)
        regions = sorted(p for p in self.places if p not in groups)
        if unit and any(_same_word(g, unit) for g in groups):  # "67 Germans": the group said once, as a name
            groups = [g for g in groups if not _same_word(g, unit)]
            unit = unit[0].upper() + unit[1:]
        if unit:  # "482,000 Orlen Vans" scoped by Orlen: the name is said once, in what is counted
            groups = [g for g in groups if not set(g.split()) <= set(unit.split())]
        words = " ".join(w for w in (*groups, unit, verb) if w) or "figure"  # "Venezuelan soldiers"
        return f"{words} in {', '.join(regions)}" if regions else words


# Function words that may begin a source ("the ministry", "several officials", "its spokesman").
_SOURCE_DETERMINERS = word_set(
    """
    the a an his her its their our my your this these those several many some both each every all
    one two three four five six seven eight nine ten other another few most
    """
)


def _names_source(who: str) -> bool:
    """A source is a name or a description, not a pronoun ("he", "they") and not the start of
    another clause (", but French officials said", ", while ... said"): its first word is no
    function word of English unless a determiner, and some word of it is none."""
    words = who.split()
    stop = stop_words("en")
    if not words or all(w.lower() in stop for w in words):
        return False
    return words[0].lower() not in stop or words[0].lower() in _SOURCE_DETERMINERS


def _same_word(a: str, b: str) -> bool:
    """One word in two inflections, case and accents aside: "German" and "germans", "Spaniards"
    and "spaniards" (one ends the other with at most two letters more)."""
    short, long = sorted((fold(a).lower(), fold(b).lower()), key=len)
    return " " not in long and len(short) >= 3 and long.startswith(short) and len(long) - len(short) <= 2


def _attribution(sentence: str, after_figure: str) -> str | None:
    m = _ACCORDING.search(sentence)
    if m and _names_source(who := m.group("who").strip()):
        return who
    m = _ATTRIB_AFTER.match(after_figure)
    if m and _names_source(m.group("who")):
        return re.sub(r"^(?:the)\s+", "", m.group("who"), flags=re.I)
    m = _SAYS_FIRST.match(sentence)
    return m.group("who") if m and _names_source(m.group("who")) else None


def _as_of(dates: list[DateMention], after: int) -> str | None:
    precise = [d for d in dates if d.precise and not d.names_event]
    later = [d for d in precise if d.start >= after]
    return (later[0] if later else precise[-1]).date if precise else None


_NAMED_BEFORE = re.compile(r"\d[^\d]{0,30}\b[A-Z][\w\-]*\s?$")
_BREAK_BEFORE = re.compile(r"[,;:]\s*\S*\s?$")
_TITLE_BEFORE = re.compile(r"(?<=[a-z] )([A-Z][\w\-]*) $")
# a lower-case word of any script, or an elided one ("Tab 3 qu'il", "Tab 3 l'a", "Tab 3 était")
_NOUN_NEXT = re.compile(r" (?![A-ZÀ-ÖØ-Þ])(?:[^\W\d_]{3,}\b|[^\W\d_]{1,3}['’])")


def _model_number(s: str, f: Figure, lang: str) -> bool:
    """'2.5 million Note 7s', 'its Glide 3 scooter': a number in a name is not a count."""
    before = s[max(0, f.start - 40) : f.start]
    named = _NAMED_BEFORE.search(before)
    if named and not _BREAK_BEFORE.search(before):
        return True
    # One or two plain digits between a capitalised word inside the sentence and a common noun:
    # "its Glide 3 scooter", "a Category 4 storm" (not "March 3 vote"; not "Labour 203; the SNP 48").
    title = _TITLE_BEFORE.search(s[: f.start])
    noun = _NOUN_NEXT.match(s[f.end :])
    plain = s[f.start : f.end].isdigit() and len(s[f.start : f.end]) <= 2
    if title is not None and bool(noun and plain) and fold(title.group(1)) not in MONTHS | WEEKDAYS:
        return True
    return lang != "de" and _named_digit(s, f)


_CLAUSE_END = re.compile(r"s?\s*(?:[,.;:!?)\]]|$)")
_NAME_BEFORE = re.compile(r"(?<=\S )([A-Z][\w\-]*) $")  # a capitalised word, not the sentence's first


def _named_digit(s: str, f: Figure) -> bool:
    """One plain digit after a capitalised word inside the sentence, ending its clause, is a name's
    ("Samsung recalls its Galaxy Note 7,", "a fire in its Tab 7s."), unless the sentence is a
    tally of names and figures ("Plaid Cymru 4, the Greens 1"). Not in German, which capitalises
    every noun ("Stärke 6")."""
    name = _NAME_BEFORE.search(s[: f.start])
    if name is None or not re.fullmatch(r"\d", s[f.start : f.end]):
        return False
    if fold(name.group(1)) in MONTHS | WEEKDAYS:  # "on March 3."
        return False
    if not _CLAUSE_END.match(s, f.end):  # "in Gaza 3 children died": what follows is counted
        return False
    others = {m.group(1) for m in re.finditer(r"([A-Z][\w\-]*) \d", s)} - {name.group(1)}
    return not others


# two or more capitalised words ("Galaxy Note", "Metro News"), not led by a preposition ("in Los Angeles")
_NAME_RUN = re.compile(r"(?<![\w\-])(\w+ )?((?:[A-Z][\w\-]*\.? ){2,})$")
_LEADS_PLACE = word_set("in at on from to near into across en à au dans de del im bei nel em na")


def _name_number(s: str, f: Figure) -> bool:
    """One or two plain digits that end a name of two or more capitalised words, with nothing counted
    after them, are the name's ("the Galaxy Note 7 caught fire", "Metro News 24 reported"): a model,
    a channel, a number in a title; not a tally of names and figures ("Plaid Cymru 4, Scottish
    Greens 1") and not a place before a count ("in Los Angeles 30 were held")."""
    if not re.fullmatch(r"\d\d?", s[f.start : f.end]):
        return False
    run = _NAME_RUN.search(s, max(0, f.start - 60), f.start)
    if run is None or (run.group(1) and run.group(1).strip().lower() in _LEADS_PLACE):
        return False
    words = run.group(2).split()
    if any(fold(w.rstrip(".")) in MONTHS | WEEKDAYS for w in words):  # "Monday March 3"
        return False
    others = {m.group(1) for m in re.finditer(r"([A-Z][\w\-]*) \d", s)} - {words[-1].rstrip(".")}
    return not others


def _scoped_places(left: str, near: str, index: EntityIndex, lang: str) -> tuple[frozenset[str], set[str]]:
    """The places and groups that scope a figure: all of those after it ("190 deaths in Rieti
    province"); before it, not a name that modifies another noun ("a Germanwings jet carrying 150
    people", "the Malaysia Airlines flight with 295") nor the end of a route ("from Barcelona to
    Duesseldorf"), unless named after the figure too."""
    keys = index.place_keys(left + " " + near)
    loose = set()
    for m in index.find(left):
        ent = index.lookup(m.text)
        if ent is None or ent.name not in keys:
            continue
        # "a Germanwings jet": an English organisation's name before a noun modifies it
        modifier = _NOUN_AFTER.match(left, m.end) if lang == "en" and ent.type == "ORG" else None
        if _ROUTE.search(left, 0, m.start) or modifier and modifier.group(1) not in stop_words("en"):
            loose.add(ent.name)
    kept = index.place_keys(near) if near.strip() else frozenset()
    for m in index.find(near):  # "150 people from Barcelona to Duesseldorf"
        ent = index.lookup(m.text)
        if ent is not None and _ROUTE.search(near, 0, m.start):
            loose.add(ent.name)
            kept -= {ent.name}
    return frozenset(k for k in keys if k not in loose or k in kept), loose


_LISTED = re.compile(r",\s+")


def _listed_places(s: str, at: int, places: frozenset[str], index: EntityIndex) -> frozenset[str]:
    """The regions a comma adds to the figure's region right after its clause ("in Turkey, Syria
    earthquake", "in Nepal, India and Tibet"): names that open the next stretch, each a region."""
    comma = _LISTED.match(s, at)
    if comma is None or not any((e := index.lookup(p)) is not None and e.type in _REGIONS for p in places):
        return frozenset()
    rest = s[comma.end() :]
    stop = next((m.start() for m in BOUND.finditer(rest)), len(rest))
    out: set[str] = set()
    pos = 0
    for m in index.find(rest[:stop]):
        ent = index.lookup(m.text)
        between = rest[pos : m.start]
        if ent is None or ent.type not in _REGIONS or between.strip() not in ("", "and", "or", "&"):
            break
        out.add(ent.name)
        pos = m.end
    return frozenset(out)


def _nationals(right: str, index: EntityIndex) -> str | None:
    """The nationality a figure counts, when the word right after it names one ("Nine Britons")."""
    first = next(iter(index.find(right[:40])), None)
    if first is None or right[: first.start].strip():
        return None
    ent = index.lookup(first.text)
    return ent.name if ent is not None and ent.type == "NORP" else None


def _sentence_region(before: str, index: EntityIndex) -> frozenset[str] | None:
    """The one region of the sentence when the figure's clause names none: the source's country
    ("Turkey's disaster agency said 12,391 ..."), else the one place before the figure ("In Syria, ...")."""
    speech = list(SPEECH.finditer(before))
    around = index.place_keys(before[: speech[-1].start()], _REGIONS, owners=True) if speech else frozenset()
    around = around or index.place_keys(before, _REGIONS)
    if not around:  # "the worst election for the Labour Party, as they only won 203 seats"
        around = index.place_keys(before[speech[-1].end() :] if speech else before, _GROUPS)
    return around if len(around) == 1 else None


def _sentence_claims(s: str, digits_only: str, lang: str, index: EntityIndex | None) -> list[Found]:
    """Claims of one sentence ``s`` (number words already digits); spans are set by the caller."""
    times = find_times(s, lang)
    shares = find_fractions(s, lang)
    taken = [t.figure for t in times] + shares
    figures = [f for f in find_figures(s, lang) if not _model_number(s, f, lang) and not _within(f, taken)]
    out = [c for t in times if (c := _time_claim(s, t, lang, index)) is not None]
    out += [_share_claim(s, f) for f in shares]
    prev: Found | None = None
    for i, f in enumerate(figures):
        prev_f = figures[i - 1] if i else None
        next_f = figures[i + 1] if i + 1 < len(figures) else None
        prev_end = prev_f.end if prev_f else None
        left, right = window(s, f.start, f.end, prev_end, next_f.start if next_f else None)
        spelled = s[f.start : f.end] not in digits_only
        if f.value == 1:  # "one": a "1" elsewhere in the sentence does not make it a digit
            spelled = _DIGIT_ONE.search(digits_only) is None
        unit, unit_c, implied = unit_after(right, lang)
        if unit is None and next_f and _PARTITIVE.match(s[f.end : next_f.start]):
            unit, unit_c, implied = unit_after(s[next_f.end :], lang)  # "48 of the 59 seats"
        if s[: f.start].rstrip().endswith(("$", "€", "£")):
            unit = unit_c = s[: f.start].rstrip()[-1]
        if unit is None:
            unit, unit_c, implied = unit_before(left if prev_f else s[: f.start], lang)
        nationals = _nationals(right, index) if index is not None and lang == "en" else None
        noun = _NOUN_AFTER.match(right, len(right.split()[0]) + 1) if nationals is not None else None
        demonym = nationals is not None and (noun is None or noun.group(1) in stop_words("en"))
        if demonym:  # "Nine Britons", "45 Spaniards may": the nationality is what is counted
            unit, unit_c = right.split()[0].lower(), "people"
        elif unit is None:
            nationals = None  # "154 Dutch passengers": passengers, of one nationality
        if unit is None and _name_number(s, f):
            continue
        inherited = unit is None and prev is not None and float(f.value).is_integer()
        if inherited and prev is not None:
            unit, unit_c = prev.unit, prev.unit_concept
        # "Another 20 were killed in India, six in Tibet and one in Bangladesh": the list goes on
        elliptic = inherited and prev is not None and prev.verb_concept is not None and _LOCATIVE.match(right)
        counted = f.value == 1 and counted_one(s, f.end)  # "one firefighter", "one in 4"
        if spelled and (unit is None or f.value < 2) and not (demonym or elliptic or counted):
            continue  # "two said ...", "one young officer": no count of anything named
        verb, verb_c = (None, implied) if implied else event_verb(left, right, unit, lang)
        if verb_c is None and inherited and prev is not None:
            verb, verb_c = prev.verb, prev.verb_concept
        if unit_c is None and verb_c in _HUMAN_EVENTS:  # "20 were killed": people
            unit_c = "people"
        near = " ".join(right.split()[:6])  # "360 seats on a disastrous night for Labour": not Labour's
        places, loose = _scoped_places(left, near, index, lang) if index is not None else (frozenset(), set())
        if index is not None and places:  # "15,383 in Turkey, Syria earthquake": one list of places
            places |= _listed_places(s, f.end + len(right), places, index)
        if nationals is not None:
            places = places | {nationals}
        in_clause = bool(places)
        if not places and index is not None:
            places = (_sentence_region(s[: f.start], index) or places) - loose
        found = Found(
            f, 0, 0, unit, unit_c, verb, verb_c, places, part_of_whole(s, f.start, f.end),
            _attribution(s, s[f.end :]), None, spelled,
        )  # fmt: skip
        found.in_clause = in_clause
        # "including 26 with burns and 55 with damage": the list goes on within the whole
        if found.part is None and prev is not None and prev.part == "including":
            found.part = prev.part if _LIST_ON.fullmatch(s, prev.figure.end, f.start) else None
        found.words = words_around(s, f)
        year = _YEAR.search(left + " " + right)
        found.year = year.group(0) if year else None
        found.series = _FROM.search(s, prev_end or max(0, f.start - 30), f.start) is not None
        # "earlier in the week more than 70 ..., they now number 92": a value the sentence updates
        found.series |= next_f is not None and _NOW.search(s, f.end, figures[-1].start) is not None
        if index is not None:
            found.place_types = {p: e.type for p in places if (e := index.lookup(p)) is not None}
        if lang == "en" and unit_c == "%" and verb is None and not places and found.part is None:
            whole = whole_of(s[f.end :])  # "68 percent of American adults"; else the parse says
            clause = None if whole else _clause(s, f)
            if clause is not None and len(clause[: f.start].split()) < 2:  # "About 50 percent"
                clause = None
            found.measures, found.measure_in = whole, clause
        out.append(found)
        prev = found
    return sorted(out, key=lambda c: c.figure.start)


def words_around(s: str, f: Figure, before: int = 6, after: int = 6) -> str:
    """The figure with ``before`` words left and ``after`` words right of it in its sentence
    ("bisher 190 Tote in Latium gezählt"): what an embedding reads to align a translation's figure."""
    left = s[: f.start].split()[-before:]
    return " ".join([*left, s[f.start : f.end], *s[f.end :].split()[:after]])


def _within(f: Figure, taken: list[Figure]) -> bool:
    return any(t.start < f.end and f.start < t.end for t in taken)


def _share_claim(s: str, f: Figure) -> Found:
    """A fraction of a whole, in percent: "two-thirds of voters" is a percentage of voters."""
    what = re.match(r"\s+(of\s+(?:(?:the|their|its|his|her)\s+)?[^\W\d_]{3,})", s[f.end :])
    shown = what.group(1) if what else None
    source = _attribution(s, s[f.end :])
    return Found(f, 0, 0, "percent", "%", shown, None, frozenset(), None, source, None, True)


_WHAT = re.compile(r"\s+((?:in|of|at|on|en|de|di|im|al|au)\s+(?:(?:the|el|il|le)\s+)?[^\W\d_]{3,})", re.I)


# The duration is the predicate: "the strike lasted 36 hours", "the count took two days" (English).
_LASTED = re.compile(
    r"\b(lasted|lasts|lasting|took|takes|spent)\s+(?:(?:about|nearly|almost|some|only|just|more than|"
    r"less than|up to|over|under|another)\s+)*$",
    re.I,
)
_BESIDE = re.compile(r"[\s,‚]*(?:(?:aged|de|di)\s*)?")  # "Grace, 52", "Mugabe, de 93 años"


def _holder(t: TimeFigure, index: EntityIndex | None) -> frozenset[str]:
    """The person whose age it is: named right after ("the 93-year-old Mr Mugabe") or right
    before ("his wife Grace, 52"); not a name further off ("the BBC's Orla Guerin, one defector
    aged 23")."""
    if index is None:
        return frozenset()
    after = [m for m in index.find(t.holder_after[:40]) if _only_titles(t.holder_after[: m.start])]
    tail = t.holder_before[-60:]  # the name right before: "Grace, 52", "Ilse Varenko, aged 44"
    before = [m for m in index.find(tail) if _BESIDE.fullmatch(tail[m.end :])]
    for m in after[:1] + before[::-1]:
        ent = index.lookup(m.text)
        if ent is not None and ent.type == "PERSON":
            return frozenset({ent.name})
    return frozenset()


def _only_titles(text: str) -> bool:
    return all(fold(w).strip(".,") in TITLES | {"the", "a", "an"} for w in text.split())


def _time_claim(s: str, t: TimeFigure, lang: str, index: EntityIndex | None) -> Found | None:
    """An age (its holder in ``places``) or a duration (what lasted: "years in power"); a number
    in apposition to a name that is no person's ("In Syria, 25 ...") is none."""
    f = t.figure
    if t.unit == "age":
        holder = _holder(t, index)
        if t.apposed and not holder:
            return None
        return Found(f, 0, 0, "age", "age", None, None, holder, None, None, None, False)
    what = _WHAT.match(s, f.end)  # "37 years in power"; the event verb would be the whole clause's
    shown = what.group(1) if what else None
    lasting = _LASTED.search(s, 0, f.start) if shown is None else None
    shown = lasting.group(1).lower() if lasting else shown  # "the strike lasted 36 hours": what happened
    source = _attribution(s, s[f.end :])
    return Found(f, 0, 0, t.unit, t.unit, shown, None, frozenset(), None, source, None, False)


def _clause(s: str, f: Figure, before: int = 10, after: int = 3) -> str:
    """The figure's clause for the parser: back to a clause break or ``before`` words, on to one or
    ``after`` words (the parse costs by the word; the verb a figure measures and its subject sit
    near it). The figure keeps its offset: the text left of the clause is blanked, not cut."""
    left = s[: f.start]
    cut = max((m.end() for m in BOUND.finditer(left)), default=0)
    words = list(re.finditer(r"\S+", left[cut:]))
    if len(words) > before:
        cut += words[-before].start()
    tail = s[f.end :]
    stop = next((m.start() for m in BOUND.finditer(tail)), len(tail))
    words = list(re.finditer(r"\S+", tail[:stop]))
    stop = words[after - 1].end() if len(words) >= after else stop
    return " " * cut + s[cut : f.end + stop]


def name_measures(found: Sequence[Found]) -> None:
    """Sets what each bare English percentage measures, in one parser batch for all of ``found``."""
    asks = [c for c in found if c.measure_in is not None]
    for c, what in zip(asks, measured([(c.measure_in or "", c.figure.start) for c in asks]), strict=True):
        c.measures = what


def find_claims(
    text: str,
    lang: str,
    index: EntityIndex | None,
    dates: DateResolver,
    memo: dict[tuple[str, str], tuple[str, list[Found]]] | None = None,
) -> list[Found]:
    """Every figure of ``text`` with its subject; spans are sentences of ``text``. ``memo`` (one
    per event and ``index``) keeps each distinct sentence's claims: copies and rewrites of a story
    repeat most sentences, which are then read once (the claims are copied, spans set per use)."""
    out: list[Found] = []
    for sent in split_sentences(text):
        original = text[sent.start : sent.end]
        if lang not in _WORD_LANGS and not any(c.isdigit() for c in original):
            continue
        known = memo.get((original, lang)) if memo is not None else None
        if known is None:
            s = to_digits(original, lang)
            known = (s, _sentence_claims(s, scaled_to_digits(original), lang, index))
            if memo is not None:
                memo[(original, lang)] = known
        s, found = known[0], [copy.copy(c) for c in known[1]]
        mentions = dates.find(s) if found else []
        for claim in found:
            claim.start, claim.end = sent.start, sent.end
            claim.as_of = _as_of(mentions, claim.figure.end)
        out.extend(found)
    return out
