"""Vetoes on average-link merges that similarity alone cannot make.

Two reports of one happening share its vocabulary, and so does a follow-up weeks later (the
sentencing after the verdict, the next election in the same country): on many real pages their
similarity is as high as that of two reports of one event. Time tells them apart, and it has to
hold for the whole cluster, not only for the pairs that happen to be dated.

The time rule, shared by the batch and the incremental grouper: a group's dated reports (the
page's own stamp: input, URL or layout) lie within ``window`` days of one another; an undated
report whose text mentions day ``w`` was published on or after ``w`` (weak evidence: it says
nothing about how much later), so it cannot join a group whose dated reports all lie more than
``window`` days before ``w``. A page whose URL gives only the year or the month (``/2017/03/``)
was published within that interval: its first day is a lower bound like ``w`` and its last day an
upper one, so it cannot join a group whose dated reports lie more than ``window`` days after it.
"""

from __future__ import annotations

import calendar
from collections.abc import Sequence
from datetime import date
from typing import TYPE_CHECKING

from newsweave.clean.dates import url_date

if TYPE_CHECKING:
    from newsweave.events.model import Doc

NO_DAY = 10**9
# (first dated day, last dated day, latest weak lower bound) of a group, as day ordinals;
# (NO_DAY, -NO_DAY, ...) when no report is dated, (..., -NO_DAY) when none gives a weak bound
Span = tuple[int, int, int]
EMPTY: Span = (NO_DAY, -NO_DAY, -NO_DAY)


def span_of(day: int | None, after: int | None = None, before: int | None = None) -> Span:
    """The span of one report: its day, else its weak lower bound and its upper bound, if any
    (an interval [after, before] reads as a dated report anywhere in it would: ``fits`` asks
    that the latest lower bound lie within ``window`` days of the earliest upper one)."""
    if day is not None:
        return day, day, -NO_DAY
    return before if before is not None else NO_DAY, -NO_DAY, after if after is not None else -NO_DAY


def doc_span(doc: Doc) -> Span:
    return span_of(doc.day, doc.after, doc.before)


def url_bounds(url: str | None) -> tuple[int, int] | None:
    """(first day, last day) of the month or year a URL gives when it gives no day, as ordinals."""
    _, partial = url_date(url)
    if partial is None:
        return None
    year, month = partial
    if month is None:
        return date(year, 1, 1).toordinal(), date(year, 12, 31).toordinal()
    last = calendar.monthrange(year, month)[1]
    return date(year, month, 1).toordinal(), date(year, month, last).toordinal()


def joined(a: Span, b: Span) -> Span:
    return min(a[0], b[0]), max(a[1], b[1]), max(a[2], b[2])


def fits(span: Span, window: int) -> bool:
    """Can one event hold the reports of ``span``? (Vacuous where a part is missing.)"""
    first, last, after = span
    return last - first <= window and first >= after - window


class TimeSpan:
    """The time rule as a guard of average link: made transitive over whole clusters, so that
    undated pages cannot chain a report to a follow-up weeks later."""

    def __init__(
        self,
        days: Sequence[int | None],
        window: int,
        after: Sequence[int | None] = (),
        before: Sequence[int | None] = (),
    ) -> None:
        lows, highs = list(after) or [None] * len(days), list(before) or [None] * len(days)
        self.span = [span_of(*bounds) for bounds in zip(days, lows, highs, strict=True)]
        self.window = window

    def allows(self, a: int, b: int) -> bool:
        return fits(joined(self.span[a], self.span[b]), self.window)

    def merge(self, keep: int, drop: int) -> None:
        self.span[keep] = joined(self.span[keep], self.span[drop])
