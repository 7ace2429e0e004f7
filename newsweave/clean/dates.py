"""Dates as news pages print them: ``February 26, 2019``, ``13th Dec 2019``, ``2019-02-26``.

A few regexes instead of ``dateparser`` here: bylines and date lines are tested on every
article, and ``dateparser`` costs milliseconds per call and guesses dates inside prose.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta
from urllib.parse import urlsplit

_MONTHS = {
    name: i
    for i, names in enumerate(
        [
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ],
        start=1,
    )
    for name in names
}
MONTH_NAMES = tuple(sorted(_MONTHS, key=len, reverse=True))  # English, longest first (for alternations)
_M = r"(?P<m>" + "|".join(MONTH_NAMES) + r")\.?"
_D = r"(?P<d>\d{1,2})(?:st|nd|rd|th)?"
_Y = r"(?P<y>(?:19|20)\d\d)"
_PATTERNS = [
    re.compile(rf"\b{_M}\s+{_D},?\s+{_Y}\b", re.I),
    re.compile(rf"\b{_D}\s+(?:of\s+)?{_M},?\s+{_Y}\b", re.I),
    re.compile(rf"\b{_Y}-(?P<mo>\d\d)-(?P<d>\d\d)(?:\b|(?=T\d))"),  # also 2024-03-03T08:00
    re.compile(rf"\b(?P<d>\d{{1,2}})[./-](?P<mo>\d{{1,2}})[./-]{_Y}\b"),
]
_YEAR = re.compile(r"(?:19|20)\d\d")
_TIME = re.compile(
    r"\b\d{1,2}[:.]\d\d(?:[:.]\d\d)?\s*(?:[ap]\.?m\.?)?(?:\s*(?:[A-Z]{2,4}|[+-]\d\d:?\d\d))?(?!\w)"
    r"|\b\d{1,2}\s*[ap]\.?m\.?",
    re.I,
)


def find_date(text: str) -> tuple[str, re.Match[str]] | None:
    """The first date written in ``text`` as ``YYYY-MM-DD``, with its match."""
    if not _YEAR.search(text):
        return None
    for rx in _PATTERNS:
        for m in rx.finditer(text):
            groups = m.groupdict()
            month = _MONTHS[groups["m"].lower()] if groups.get("m") else int(groups["mo"])
            day, year = int(groups["d"]), int(groups["y"])
            if groups.get("mo") and rx is _PATTERNS[3] and month > 12 >= day:
                day, month = month, day  # 12/26/2019: month first
            try:
                return date(year, month, day).isoformat(), m
            except ValueError:
                continue
    return None


# A page's own time stamp in its text: "UPDATE (6/25/21 3:00 PM):", "By Rob Quinn Posted Sep 2,
# 2016 1:00 AM", "Last updated on Tuesday, 3 March 2024". Without such a cue a date in the text is
# more often what the report is about ("The world watched on May 25, 2020 as ...").
_STAMP_CUE = re.compile(
    r"\b(?:published|updated?|posted|modified)\b\s*(?:on\b|at\b)?\s*[:(]?\s*"
    r"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s+)?",
    re.I,
)
_SHORT_DATE = re.compile(r"(?P<mo>\d{1,2})/(?P<d>\d{1,2})/(?P<y>\d\d)\b")  # 6/25/21: US order
STAMP_REACH = 40  # characters after the cue where the date must begin


def stamped_date(text: str) -> str | None:
    """The first date that a cue such as "Published" or "UPDATE" puts on the page, ISO."""
    for cue in _STAMP_CUE.finditer(text):
        after = text[cue.end() : cue.end() + STAMP_REACH]
        found = find_date(after)
        if found and found[1].start() == 0:
            return found[0]
        short = _SHORT_DATE.match(after)
        if short:
            yy = int(short["y"])
            month, day, year = int(short["mo"]), int(short["d"]), yy + (2000 if yy <= 68 else 1900)  # as %y
            if month > 12 >= day:
                month, day = day, month
            try:
                return date(year, month, day).isoformat()
            except ValueError:
                continue
    return None


def strip_times(text: str) -> str:
    return _TIME.sub(" ", text)


# --- Date evidence: where a page says when it was published ---------------------------------
#
# One function, ``date_evidence``, read by cleaning (``Article.published``/``published_from``)
# and through it by the groupers (the time rule) and the timeline. Sources, strongest first: the
# input's own date field, the URL, the page's layout (the earliest line of the page that holds a
# date and little else), the text (dated mentions in its prose: the page is no older than what it
# reports). "text" is weak evidence: never published, and the groupers give it slack.

SOURCES = ("input", "url", "layout", "text")
STRONG = frozenset({"input", "url", "layout"})  # the page's own stamp; "text" is inferred
EARLIEST = date(1995, 1, 1)  # no news site put dates in its URLs before this

_ALL_MONTHS = dict(_MONTHS)
for _i, _names in enumerate(
    [
        "janvier janv enero ene januar jän janeiro gennaio gen",
        "février févr fevrier febrero februar fevereiro febbraio",
        "mars marzo märz maerz março",
        "avril avr abril aprile",
        "mai mayo maio maggio",
        "juin junio juni junho giugno",
        "juillet juil julio juli julho luglio",
        "août aout agosto",
        "septembre septiembre setembro settembre",
        "octobre octubre oktober outubro ottobre",
        "novembre noviembre novembro",
        "décembre decembre diciembre dezember dezembro dicembre",
    ],
    start=1,
):
    _ALL_MONTHS.update(dict.fromkeys(_names.split(), _i))
# a word where a month may stand, looked up in ``_ALL_MONTHS`` (an alternation of the hundred names
# made the scan of long texts four times slower)
_AM = r"(?P<m>[^\W\d_]{3,10})\.?"
_AD = r"(?P<d>[0-3]?\d)(?:st|nd|rd|th|er|º)?"
_AY = r"(?P<y>(?:19|20)\d\d)(?![-/]\d)"  # not the start of 2016-08-24
# Dates as pages and wires print them, in the languages whose months are listed above: "26 Aug
# 2016", "17 juillet 2014", "October 31, 2016", "25 de abril de 2015", "2016-08-24", "24.08.2016";
# and without a year ("July 17", "le 25 avril"), which only the other evidence can complete.
_TEXT_DATES = [
    re.compile(rf"\b{_AM}\s+{_AD}(?:,?\s+{_AY})?(?![\w:.,]?\d)"),
    re.compile(rf"(?<![\w.:]){_AD}\.?\s+(?:de\s+|of\s+)?{_AM}(?:,?\s+(?:de\s+)?{_AY})?(?!\w)"),
    re.compile(rf"(?<![\d.-]){_Y}-(?P<mo>[01]\d)-(?P<d>[0-3]\d)(?!\d)"),
    re.compile(rf"(?<![\d./]){_AD}[./](?P<mo>[01]?\d)[./]{_Y}(?!\d)"),
]
_NUMERIC_DATE = re.compile(r"[./](?:19|20)\d\d|(?:19|20)\d\d-[01]\d-")  # before the last two patterns
_WEEKDAY_WORDS = re.compile(
    r"\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|lundi|mardi|mercredi|jeudi|vendredi|samedi|"
    r"dimanche|lunes|martes|miércoles|jueves|viernes|sábado|domingo|montag|dienstag|mittwoch|"
    r"donnerstag|freitag|samstag|sonntag|(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)\.?)(?!\w)",
    re.I,
)
_UPDATED = re.compile(
    r"\b(?:updated?|modified|actuali[sz]ad[oa]|mise? à jour|aktualisiert|aggiornat[oa]|atualizad[oa])\b",
    re.I,
)
# what is said of later days ("will be held on Aug 30") and updates ("Updated 08/07/2015") is no
# bound of the publication day: the text of the 40 characters before a mention, and its line
_AHEAD = re.compile(
    r"\b(?:will|would|shall|to be|scheduled|due|expected|plans?|planned|next|until|by|before|"
    r"va|vont|sera|será|wird|werden|sarà)\b[^.!?\n]*$|" + _UPDATED.pattern + r"[^\n]*$",
    re.I,
)
AHEAD_CHARS = 40
PROSE_WORDS = 12  # the text's dates are read in paragraphs of prose, not in a page's short lines
_WORD = re.compile(r"[^\W\d_]{2,}")
_GLUED = re.compile(r"(?<=[^\W\d_]{3})(?<![A-Z]{3})(?=\d{1,2}\s)")
LAYOUT_LINES = 400  # lines of a page where stamp lines are looked for
LAYOUT_LINE = 100  # characters: a longer line is prose (a caption, a sentence), not a stamp
LAYOUT_WORDS = 6  # words besides the date, times and weekdays ("This article is from", "AP")
TEXT_CHARS = 2500  # dated mentions are read this far into the text (its first paragraphs)


Partial = tuple[int, int | None]  # the year, and the month if known, that a URL gives


@dataclass(frozen=True, slots=True)
class DateEvidence:
    """When a page was published, and what says so: ``source`` is one of ``SOURCES``."""

    day: date
    source: str

    @property
    def strong(self) -> bool:
        return self.source in STRONG

    @property
    def iso(self) -> str:
        return self.day.isoformat()


@dataclass(frozen=True, slots=True)
class Mention:
    """A date written in a line: day precision when ``year`` is known, else month and day only."""

    start: int
    end: int
    month: int
    day: int
    year: int | None

    def on(self, year: int) -> date | None:
        return valid(year, self.month, self.day)


def valid(year: int, month: int, day: int, latest: date | None = None) -> date | None:
    """The date, if it exists and lies between ``EARLIEST`` and ``latest``."""
    try:
        found = date(year, month, day)
    except ValueError:
        return None
    if found < EARLIEST or (latest is not None and found > latest):
        return None
    return found


def mentions(text: str) -> list[Mention]:
    """The dates written in ``text``, in order; overlapping matches keep the first pattern's."""
    out: list[Mention] = []
    taken: list[tuple[int, int]] = []
    numeric = bool(_NUMERIC_DATE.search(text))
    for rx in _TEXT_DATES if numeric else _TEXT_DATES[:2]:
        for m in rx.finditer(text):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            g = m.groupdict()
            if g.get("m") and (g["m"].lower() not in _ALL_MONTHS or g["m"] == "may"):
                continue  # not a month's name ("may 5 people": the verb)
            month = _ALL_MONTHS[g["m"].lower()] if g.get("m") else int(g["mo"])
            day, year = int(g["d"]), int(g["y"]) if g.get("y") else None
            if not (1 <= month <= 12 and 1 <= day <= 31):
                continue
            out.append(Mention(m.start(), m.end(), month, day, year))
            taken.append((m.start(), m.end()))
    out.sort(key=lambda x: x.start)
    return out


# URL dates. htmldate's URL rule reads Y/M/D with separators only; news URLs also write the month
# as a word (/2016/aug/24/), run the digits together (-20150426, 20140718015801.html, 201504/25)
# or give the month alone (/2017/06/slug): hand-written for those, with the same bounds.
_Y_URL = r"(?P<y>199\d|20[0-3]\d)"
_URL_DAY = [
    re.compile(rf"(?<!\d){_Y_URL}[/_.-](?P<mo>[01]?\d)[/_.-](?P<d>[0-3]?\d)(?!\d)"),
    re.compile(rf"(?<!\d){_Y_URL}(?P<mo>[01]\d)[/_-](?P<d>[0-3]\d)(?!\d)"),
    re.compile(rf"/{_Y_URL}/{_M}/(?P<d>[0-3]?\d)(?!\d)", re.I),
    re.compile(rf"(?<!\d){_Y_URL}(?P<mo>[01]\d)(?P<d>[0-3]\d)(?:\d{{4}}|\d{{6}})?(?!\d)"),
    re.compile(rf"\d{_Y_URL}(?P<mo>[01]\d)(?P<d>[0-3]\d)(?=[/.?]|$)"),  # an id ending in the day
]
_URL_MONTH = re.compile(rf"(?<!\d){_Y_URL}[/_-](?P<mo>[01]?\d)(?:/|$)")
_URL_YEAR = re.compile(rf"/{_Y_URL}/")


def url_date(url: str | None, latest: date | None = None) -> tuple[date | None, Partial | None]:
    """The day a URL gives, else what it gives of the year and month (``/2017/06/``)."""
    if not url:
        return None, None
    parts = urlsplit(url)
    where = parts.path + ("?" + parts.query if parts.query else "")
    latest = latest or date.today() + timedelta(days=1)
    for rx in _URL_DAY:
        for m in rx.finditer(where):
            g = m.groupdict()
            month = _MONTHS[g["m"].lower()] if g.get("m") else int(g["mo"])
            found = valid(int(g["y"]), month, int(g["d"]), latest)
            if found:
                return found, None
    in_month = _URL_MONTH.search(where)
    if in_month and valid(int(in_month["y"]), int(in_month["mo"]), 1, latest):
        return None, (int(in_month["y"]), int(in_month["mo"]))
    in_year = _URL_YEAR.search(where)
    return None, ((int(in_year["y"]), None) if in_year and int(in_year["y"]) <= latest.year else None)


def _stamp(line: str, partial: Partial | None, latest: date) -> date | None:
    """The date of a layout line: a full date and little else ("AP , Friday 26 Aug 2016", "This
    article is from Apr 28, 2015", "21 November 2017 - 18:37 By Reuters"); a line without the year
    counts when the URL gives the year."""
    if len(line) > LAYOUT_LINE or line.rstrip().endswith((".", "?", "!", ":", '"', "”")):
        return None
    line = _GLUED.sub(" ", line)  # "Ada Linn23 September 2015": a scraper joined two elements
    found = mentions(line)
    if len(found) != 1:
        return None
    m = found[0]
    year = m.year or (partial[0] if partial and (partial[1] in (None, m.month)) else None)
    if year is None:
        return None
    after = line[m.end :]
    if after.lstrip().startswith(":") and len(_WORD.findall(after)) > 1:
        return None  # "19 December 2007: Singer is pregnant", a teaser in a list of stories
    rest = _WEEKDAY_WORDS.sub(" ", strip_times(line[: m.start] + " " + after))
    if len(_WORD.findall(rest)) > LAYOUT_WORDS:
        return None
    return valid(year, m.month, m.day, latest)


def _fits(day: date, partial: Partial | None) -> bool:
    """Does ``day`` agree with the year (and month) a URL gives?"""
    return partial is None or (day.year == partial[0] and partial[1] in (None, day.month))


def layout_date(
    text: str, partial: Partial | None = None, latest: date | None = None, stamped: date | None = None
) -> date | None:
    """The earliest stamp line of the page (``stamped``, the one cleaning read from its header or
    byline, included). Earliest: a site's "today" line over its masthead, an "Updated" stamp and
    the comments are all no earlier than the page's own stamp, and may be all the page shows."""
    latest = latest or date.today() + timedelta(days=1)
    first: date | None = stamped
    for line in text.split("\n", LAYOUT_LINES)[:LAYOUT_LINES]:
        day = _stamp(line.strip(), partial, latest)
        if day is not None and _fits(day, partial):
            first = min(first, day) if first else day
    return first


def text_date(text: str, partial: Partial | None = None, latest: date | None = None) -> date | None:
    """The latest day the text mentions: a page is no older than what it reports (and mostly a
    day or two younger). Weak evidence. A mention without its year takes the URL's year (not that
    of another mention: "Brexit on 31 January" is often a plan, not a report). Mentions of what
    lies ahead and update stamps are left out."""
    latest = latest or date.today() + timedelta(days=1)
    head = "\n".join(p for p in text[:TEXT_CHARS].split("\n") if len(p.split()) >= PROSE_WORDS)
    if partial is None and not _YEAR.search(head):
        return None  # without a year in the text or the URL no mention gives a day
    found = [m for m in mentions(head) if not _AHEAD.search(head[max(0, m.start - AHEAD_CHARS) : m.start])]
    best = None
    for m in found:
        year = m.year or (partial[0] if partial and partial[1] in (None, m.month) else None)
        day = valid(year, m.month, m.day, latest) if year else None
        if day and _fits(day, partial) and (best is None or day > best):
            best = day
    return best


def date_evidence(
    text: str,
    url: str | None = None,
    given: str | None = None,
    stamped: str | None = None,
    latest: date | None = None,
    weak: bool = True,
) -> DateEvidence | None:
    """When the page was published and what says so, strongest source first: the input's date
    field (``given``, ISO), the URL, the layout (the earliest of ``stamped``, the date cleaning read
    from a header, byline or time stamp, and the stamp lines of the raw ``text``), the text's own
    dated mentions (only if ``weak``). None when nothing dates it."""
    latest = latest or date.today() + timedelta(days=1)
    if given:
        try:
            return DateEvidence(date.fromisoformat(given[:10]), "input")
        except ValueError:
            pass
    day, partial = url_date(url, latest)
    if day:
        return DateEvidence(day, "url")
    try:
        given_stamp = date.fromisoformat(stamped[:10]) if stamped else None
    except ValueError:
        given_stamp = None
    if given_stamp and not (EARLIEST <= given_stamp <= latest and _fits(given_stamp, partial)):
        given_stamp = None
    day = layout_date(text, partial, latest, given_stamp)
    if day:
        return DateEvidence(day, "layout")
    day = text_date(text, partial, latest) if weak else None
    return DateEvidence(day, "text") if day else None
