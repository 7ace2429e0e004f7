"""Dates as news pages print them: ``February 26, 2019``, ``13th Dec 2019``, ``2019-02-26``.

A few regexes instead of ``dateparser`` here: bylines and date lines are tested on every
article, and ``dateparser`` costs milliseconds per call and guesses dates inside prose.
"""

from __future__ import annotations

import re
from datetime import date

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
_M = r"(?P<m>" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
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
