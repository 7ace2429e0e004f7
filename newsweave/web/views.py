"""What the pages show, computed in Python so templates stay simple: highlighted article text and
pagination. The event page is the one event card (``newsweave.report.card``)."""

from __future__ import annotations

from dataclasses import dataclass

from newsweave.report.card import anchor


@dataclass(frozen=True, slots=True)
class Piece:
    """A run of article text, or the opening/closing of a highlighted span."""

    kind: str  # "text", "open" or "close"
    text: str = ""
    anchor: str = ""
    label: str = ""


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
