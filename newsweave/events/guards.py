"""Vetoes on average-link merges that similarity alone cannot make.

Two reports of one happening share its vocabulary, and so does a follow-up weeks later (the
sentencing after the verdict, the next election in the same country): on many real pages their
similarity is as high as that of two reports of one event. Time tells them apart, and it has to
hold for the whole cluster, not only for the pairs that happen to be dated.
"""

from __future__ import annotations

from collections.abc import Sequence


class TimeSpan:
    """No cluster may hold two dated reports more than ``window`` days apart: undated pages
    cannot chain a report to a follow-up weeks later (the pairwise rule, made transitive)."""

    def __init__(self, days: Sequence[int | None], window: int) -> None:
        self.span = [(d, d) if d is not None else None for d in days]
        self.window = window

    def _joined(self, a: int, b: int) -> tuple[int, int] | None:
        sa, sb = self.span[a], self.span[b]
        if sa is None or sb is None:
            return sa or sb
        return min(sa[0], sb[0]), max(sa[1], sb[1])

    def allows(self, a: int, b: int) -> bool:
        joined = self._joined(a, b)
        return joined is None or joined[1] - joined[0] <= self.window

    def merge(self, keep: int, drop: int) -> None:
        self.span[keep] = self._joined(keep, drop)
