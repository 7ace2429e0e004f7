"""Spacing that cut fragments leave behind: ``Guerin , one``, ``Nation 's``, ``her. "``.

Hand-written (no library repairs spacing without re-tokenising the text): the rules only
remove whitespace that English typography never has, so they cannot damage correct text.
"""

from __future__ import annotations

import re

from newsweave.records import Removed

_BEFORE_PUNCT_EN = re.compile(r"(?<=[\w\"”’')\]])[ \t]+(?=[,.;:!?](?![.?!]))")
_BEFORE_PUNCT_ANY = re.compile(r"(?<=[\w\"”’')\]])[ \t]+(?=[,.](?!\.))")
_POSSESSIVE = re.compile(r"(?<=\w)[ \t]+(?=['’]s\b)")
_RUNS = re.compile(r"[ \t]{2,}")
_CONTEXT = 12


def _apply(rx: re.Pattern[str], text: str, removed: list[Removed], sub: str = "") -> str:
    def note(m: re.Match[str]) -> str:
        a = max(0, m.start() - _CONTEXT)
        removed.append(Removed("spacing", text[a : m.end() + 2].strip()))
        return sub

    return rx.sub(note, text)


def _closing_quotes(line: str, removed: list[Removed]) -> str:
    """Drop the space before a closing straight quote (every second ``"`` of a balanced line)."""
    if '"' not in line:
        return line
    positions = [m.start() for m in re.finditer('"', line)]
    if len(positions) % 2:
        return line
    drop = {p - 1 for p in positions[1::2] if p > 1 and line[p - 1] == " " and line[p - 2] not in " \t"}
    if not drop:
        return line
    for p in sorted(drop):
        removed.append(Removed("spacing", line[max(0, p - _CONTEXT) : p + 2].strip()))
    return "".join(ch for i, ch in enumerate(line) if i not in drop)


def fix_spacing(line: str, english: bool, cut: bool = True) -> tuple[str, list[Removed]]:
    """One paragraph with stray spaces removed, and what was changed. A paragraph the cleaner
    cut nothing from (``cut`` false) keeps its source's spacing (only runs are collapsed): a
    space before a full stop there is the source's own, and its text must stay findable as the
    source printed it."""
    removed: list[Removed] = []
    if cut:
        if any(f" {p}" in line for p in ",.;:!?"):  # plain membership tests: most lines need no regex
            line = _apply(_BEFORE_PUNCT_EN if english else _BEFORE_PUNCT_ANY, line, removed)
        if " '" in line or " ’" in line:
            line = _apply(_POSSESSIVE, line, removed)
        line = _closing_quotes(line, removed)
    if "  " in line or "\t" in line:
        line = _RUNS.sub(" ", line)
    return line.strip(), removed
