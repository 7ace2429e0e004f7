"""Injected markup: attribute-like fragments (``Content ='JJ Lin'>``) spliced into prose.

A scraper or spinner that pastes the same markup fragment after many words leaves a string
made of markup characters (``='…'>``, ``="…"/>``) glued to words. No library detects this,
so the rule is hand-written: find every ``=``-quote-``>`` core, grow it leftwards by the
attribute name that all occurrences share, and cut every copy of the fragment. Plain HTML
tags inside a text article are cut too. The word right before each cut is reported, since
injectors also Title-Case the phrase they attach to (see ``casing``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from newsweave.records import Removed

_CORE = re.compile(r"""[ \t]*=[ \t]*(?P<q>['"])[^'"\n<>]{0,80}(?P=q)[ \t]*/?>""")
_NAME_BEFORE = re.compile(r"(?:<[A-Za-z][\w:-]*[ \t]+)?[A-Za-z_][\w:.-]*$")
_TAG = re.compile(r"</?[A-Za-z][\w:-]*(?:\s+[^<>\n]{0,200})?/?>|<\\/[A-Za-z]+>")
# A script or style element pasted into text: its content is code, never prose, so it goes with its tags
_CODE = re.compile(r"<(?i:script|style)\b[^<>]{0,200}>[\s\S]{0,5000}?</(?i:script|style)\s*>")
# A javascript: address written out in the text ("javascript:alert(5)"): code, whose numbers are no figures
_SCRIPT_URL = re.compile(r"(?i:javascript):[^\s()\[\]<>]*(?:\([^()\s]{0,200}\))?;?")
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
_WORD_END = re.compile(r"\w+[.'’]?\w*$")


@dataclass
class Cut:
    """Result of removing injected markup: the new text and where the cuts were."""

    text: str
    removed: list[Removed] = field(default_factory=list)
    marks: list[int] = field(default_factory=list)  # offsets in ``text`` where a fragment was cut


def _common_suffix(names: list[str]) -> str:
    first = names[0]
    n = 0
    while n < len(first) and all(len(s) > n and s[-1 - n] == first[-1 - n] for s in names):
        n += 1
    return first[len(first) - n :]


def _attribute(names: list[str]) -> str:
    """The attribute name the fragments share, without the word they were glued to."""
    suffix = _common_suffix(names) if names else ""
    parts = _CAMEL.split(suffix)
    if len(parts) > 1:  # glued to words that end alike ("SundayContent", "MaydayContent"): cut at the glue
        return parts[-1]
    return suffix


def find_fragments(text: str) -> list[str]:
    """Distinct injected fragments in ``text``, longest first."""
    by_core: dict[str, list[str]] = {}
    for m in _CORE.finditer(text):
        before = _NAME_BEFORE.search(text, max(0, m.start() - 60), m.start())
        by_core.setdefault(m.group(0).strip(), []).append(before.group(0) if before else "")
    fragments = []
    for core, names in by_core.items():
        attr = _attribute(names)
        fragments.append(attr + _core_spacing(text, attr, core))
    return sorted(set(fragments), key=len, reverse=True)


def _core_spacing(text: str, attr: str, core: str) -> str:
    """The fragment as written, including the spaces between attribute and ``=``."""
    m = re.search(re.escape(attr) + r"[ \t]*" + re.escape(core.lstrip()), text)
    return m.group(0)[len(attr) :] if m else core


def cut_markup(text: str) -> Cut:
    """Remove injected fragments and stray tags; report where each one was."""
    patterns = [re.escape(f) for f in find_fragments(text)]
    if "<" in text:  # a script element first: a fragment found inside it must not leave its code behind
        patterns = [_CODE.pattern, *patterns, _TAG.pattern]
    if ":" in text and _SCRIPT_URL.search(text):
        patterns.append(_SCRIPT_URL.pattern)
    if not patterns:
        return Cut(text)
    rx = re.compile("|".join(f"(?:{p})" for p in patterns))
    out: list[str] = []
    cut = Cut("")
    pos = 0
    length = 0
    for m in rx.finditer(text):
        piece = text[pos : m.start()]
        out.append(piece)
        length += len(piece)
        cut.marks.append(length)
        code = _CODE.fullmatch(m.group(0)) or _SCRIPT_URL.fullmatch(m.group(0))
        kind = "injected" if "=" in m.group(0) and not code else "markup"
        cut.removed.append(Removed(kind, m.group(0)))
        pos = m.end()
    out.append(text[pos:])
    cut.text = "".join(out)
    return cut


def touched_words(text: str, marks: list[int]) -> set[int]:
    """Start offsets of the words that stood right before a cut fragment."""
    starts: set[int] = set()
    for mark in marks:
        end = mark
        while end > 0 and text[end - 1] in " \t":
            end -= 1
        m = _WORD_END.search(text, max(0, end - 40), end)
        if m:
            starts.add(m.start())
    return starts
