"""Vetoes on average-link merges that similarity alone cannot make.

Two reports of one happening share its vocabulary, and so does a follow-up weeks later (the
sentencing after the verdict, the next election in the same country): on many real pages their
similarity is as high as that of two reports of one event. Time tells them apart, and it has to
hold for the whole cluster, not only for the pairs that happen to be dated.

The time rule, shared by the batch and the incremental grouper: a group's dated reports (the
page's own stamp: input, URL or layout) lie within ``window`` days of one another; an undated
report whose text mentions day ``w`` was published on or after ``w`` (weak evidence: it says
nothing about how much later), so it cannot join a group whose dated reports all lie more than
``window`` days before ``w``.
"""

from __future__ import annotations

from collections.abc import Sequence

NO_DAY = 10**9
# (first dated day, last dated day, latest weak lower bound) of a group, as day ordinals;
# (NO_DAY, -NO_DAY, ...) when no report is dated, (..., -NO_DAY) when none gives a weak bound
Span = tuple[int, int, int]
EMPTY: Span = (NO_DAY, -NO_DAY, -NO_DAY)


def span_of(day: int | None, after: int | None = None) -> Span:
    if day is not None:
        return day, day, -NO_DAY
    return NO_DAY, -NO_DAY, after if after is not None else -NO_DAY


def joined(a: Span, b: Span) -> Span:
    return min(a[0], b[0]), max(a[1], b[1]), max(a[2], b[2])


def fits(span: Span, window: int) -> bool:
    """Can one event hold the reports of ``span``? (Vacuous where a part is missing.)"""
    first, last, after = span
    return last - first <= window and first >= after - window


class TimeSpan:
    """The time rule as a guard of average link: made transitive over whole clusters, so that
    undated pages cannot chain a report to a follow-up weeks later."""

    def __init__(self, days: Sequence[int | None], window: int, after: Sequence[int | None] = ()) -> None:
        bounds = list(after) or [None] * len(days)
        self.span = [span_of(d, w) for d, w in zip(days, bounds, strict=True)]
        self.window = window

    def allows(self, a: int, b: int) -> bool:
        return fits(joined(self.span[a], self.span[b]), self.window)

    def merge(self, keep: int, drop: int) -> None:
        self.span[keep] = joined(self.span[keep], self.span[drop])
