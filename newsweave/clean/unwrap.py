"""Hard-wrapped text rejoined into its paragraphs.

Wire feeds, mailing lists and old archive pages print a story wrapped at a fixed width (60-110
characters), a newline inside every sentence. Read line by line, such a story looks like a
page of short lines that end like no sentence, which is what menus and teasers look like, so
the furniture rules and model would take it apart. ``unwrap`` finds such a page by its shape
and joins each wrapped line to the next. No library does this (``textwrap`` only wraps, and
format=flowed needs the sender's trailing spaces), so it is written here from three signals
that hold in any alphabetic script: a width most lines reach, lines that end like no sentence,
and next lines that begin in lower case, the mark of a break inside a sentence.
"""

from __future__ import annotations

import re

from newsweave.clean.line_shape import ends_sentence

__all__ = ["unwrap"]

WIDTH_QUANTILE = 0.9  # the wrap width: the line length most lines of the page stay under
MAX_WIDTH = 120  # a page whose lines run longer prints a paragraph a line: nothing to join
FULL = 0.6  # a wrapped line fills at least this share of the width ...
OVER = 1.15  # ... and at most this much more (a longer line is a header or a paragraph)
MIN_BREAKS = 4  # wrapped lines a page needs before it is read as hard-wrapped ...
MIN_SHARE = 0.25  # ... and their share of its lines
MIN_LOWER = 0.4  # share of them followed by a line in lower case (menus and lists: ~0)
_LIST_MARK = re.compile(r"^\s*(?:[*•·▪‣◦\-–—>]|\d{1,2}[.)])\s")


def _breaks(lines: list[str], width: int) -> list[bool]:
    """For each line, whether the break after it falls inside a paragraph (the page assumed
    hard-wrapped at ``width``)."""
    out = [False] * len(lines)
    for i in range(len(lines) - 1):
        line, nxt = lines[i].rstrip(), lines[i + 1].strip()
        if not line.strip() or not nxt or ends_sentence(line.strip()) or _LIST_MARK.match(nxt):
            continue
        if nxt[0].islower() or line.endswith((",", ";")):
            out[i] = True
        elif _LIST_MARK.match(line) or (len(nxt) < FULL * width and not ends_sentence(nxt)):
            continue  # a list item's end; a short line of its own next (a byline, a heading)
        else:
            out[i] = FULL * width <= len(line) <= OVER * width
    return out


def unwrap(text: str) -> str:
    """``text`` with the lines of a hard-wrapped page joined into paragraphs; any other text
    unchanged. Short lines (a headline, a byline), list items, and lines that end a sentence
    keep their breaks."""
    if text.count("\n") < 2 * MIN_BREAKS:
        return text
    lines = text.split("\n")
    lengths = sorted(len(x.rstrip()) for x in lines if x.strip())
    width = lengths[int(WIDTH_QUANTILE * (len(lengths) - 1))]
    if width > MAX_WIDTH:
        return text
    breaks = _breaks(lines, width)
    wrapped = [i for i, b in enumerate(breaks) if b and FULL * width <= len(lines[i].rstrip())]
    lower = sum(lines[i + 1].strip()[0].islower() for i in wrapped)
    if len(wrapped) < max(MIN_BREAKS, MIN_SHARE * len(lengths)) or lower < MIN_LOWER * len(wrapped):
        return text
    out: list[str] = []
    joined = False
    for line, brk in zip(lines, breaks, strict=True):
        piece = line.strip() if joined else line.rstrip()
        if joined and out[-1].endswith("-") and out[-1][-2:-1].isalpha():
            out[-1] += piece  # a word hyphenated at the break (Soviet-|era)
        elif joined:
            out[-1] += " " + piece
        else:
            out.append(piece)
        joined = brk
    return "\n".join(out)
