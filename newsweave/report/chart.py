"""The event card's timeline chart: geometry of an inline SVG (no script), dated facts on one
row and the articles' publication dates on another. Where a mark links to is the caller's."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date

from newsweave.facts.timeline import parse_day
from newsweave.records import Article, Event, TimelineEntry

LEFT, RIGHT, FACT_Y, PUB_Y = 124.0, 740.0, 48.0, 108.0  # LEFT clears the 12px row labels


@dataclass(frozen=True, slots=True)
class Mark:
    x: float
    y: float
    label: str
    href: str


@dataclass(slots=True)
class Timeline:
    """Geometry of the inline SVG: dated facts on one row, publications on another."""

    width: int = 760
    height: int = 150
    left: float = LEFT  # where the axis starts, past the row labels
    right: float = RIGHT
    facts: list[Mark] = field(default_factory=list)
    published: list[Mark] = field(default_factory=list)
    ticks: list[tuple[float, str]] = field(default_factory=list)


def timeline(
    event: Event, fact_href: Callable[[TimelineEntry], str], pub_href: Callable[[Article], str]
) -> Timeline | None:
    """Chart of the event's dated facts and its articles' publication dates; None if undated."""
    facts = [(parse_day(t.date), t) for t in event.facts.timeline]
    pubs = [(parse_day(a.published), a) for a in event.articles]
    days = [d for d, _ in facts + pubs if d is not None]
    if not days:
        return None
    lo, hi = min(days), max(days)
    span = max((hi - lo).days, 1)
    chart = Timeline()

    def x(d: date) -> float:
        return round(LEFT + (RIGHT - LEFT) * (d - lo).days / span, 1)

    stacked: dict[tuple[float, float], int] = {}

    def place(d: date, row: float) -> tuple[float, float]:
        n = stacked.get((x(d), row), 0)
        stacked[(x(d), row)] = n + 1
        return x(d), row - 9 * (n % 4)

    for d, t in facts:
        if d is not None:
            cx, cy = place(d, FACT_Y)
            chart.facts.append(Mark(cx, cy, f"{t.date}: {t.text}", fact_href(t)))
    for d, a in pubs:
        if d is not None:
            cx, cy = place(d, PUB_Y)
            chart.published.append(Mark(cx, cy, f"{a.published}: {a.outlet or a.id} — {a.title or ''}",
                                        pub_href(a)))
    marks = sorted({lo, hi, *(lo + (hi - lo) * i / 4 for i in range(1, 4))} if span > 4 else set(days))
    chart.ticks = [(x(d), f"{d:%b} {d.day}") for d in marks]
    return chart


