"""What the pages show, computed in Python so templates stay simple: highlighted article text,
the timeline chart's geometry and pagination (safe links: ``newsweave.report.view.safe_url``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from newsweave.records import EventBriefing


@dataclass(frozen=True, slots=True)
class Piece:
    """A run of article text, or the opening/closing of a highlighted span."""

    kind: str  # "text", "open" or "close"
    text: str = ""
    anchor: str = ""
    label: str = ""


def anchor(start: int, end: int) -> str:
    return f"s-{start}-{end}"


def highlight(text: str, spans: list[tuple[str, int, int]]) -> list[Piece]:
    """``text`` cut into pieces with properly nested marks for the cited ``spans``.

    Spans that cross an enclosing one are clipped to it (HTML elements must nest); each mark
    keeps the id of the exact span it stands for, so ``#s-START-END`` links land on it.
    """
    kinds: dict[tuple[int, int], set[str]] = {}
    for kind, start, end in spans:
        if 0 <= start < end <= len(text):
            kinds.setdefault((start, end), set()).add(kind)
    pieces: list[Piece] = []
    stack: list[int] = []  # end offsets of the open marks
    pos = 0

    def emit(upto: int) -> None:
        nonlocal pos
        if upto > pos:
            pieces.append(Piece("text", text[pos:upto]))
            pos = upto

    for (start, end), ks in sorted(kinds.items(), key=lambda kv: (kv[0][0], -kv[0][1])):
        while stack and stack[-1] <= start:
            emit(stack.pop())
            pieces.append(Piece("close"))
        end_here = min(end, stack[-1]) if stack else end
        emit(start)
        pieces.append(Piece("open", anchor=anchor(start, end), label=" ".join(sorted(ks))))
        stack.append(end_here)
    while stack:
        emit(stack.pop())
        pieces.append(Piece("close"))
    emit(len(text))
    return pieces


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
    facts: list[Mark] = field(default_factory=list)
    published: list[Mark] = field(default_factory=list)
    ticks: list[tuple[float, str]] = field(default_factory=list)


LEFT, RIGHT, FACT_Y, PUB_Y = 110.0, 740.0, 48.0, 108.0


def timeline(event: EventBriefing) -> Timeline | None:
    """Chart of the event's dated facts and its articles' publication dates; None if undated."""
    facts = [(_day(t.date), t) for t in event.facts.timeline]
    pubs = [(_day(a.published), a) for a in event.articles]
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
            chart.facts.append(Mark(cx, cy, f"{t.date}: {t.text}",
                                    f"/articles/{t.article}#{anchor(t.start, t.end)}"))
    for d, a in pubs:
        if d is not None:
            cx, cy = place(d, PUB_Y)
            chart.published.append(Mark(cx, cy, f"{a.published}: {a.outlet or a.id} — {a.title or ''}",
                                        f"/articles/{a.id}"))
    marks = sorted({lo, hi, *(lo + (hi - lo) * i / 4 for i in range(1, 4))} if span > 4 else set(days))
    chart.ticks = [(x(d), f"{d:%b} {d.day}") for d in marks]
    return chart


def _day(iso: str | None) -> date | None:
    if not iso:
        return None
    try:
        return date.fromisoformat(iso[:10])
    except ValueError:
        return None


@dataclass(frozen=True, slots=True)
class Pages:
    page: int
    pages: int
    total: int

    @property
    def offset(self) -> int:
        return (self.page - 1) * PER_PAGE


PER_PAGE = 20


def paginate(page: int, total: int) -> Pages:
    pages = max(1, -(-total // PER_PAGE))
    return Pages(min(max(page, 1), pages), pages, total)
