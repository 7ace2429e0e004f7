"""Cleaning: restore the text a reader would have seen, and read metadata from the layout.

``clean_document`` runs, in order: HTML extraction (when the input is a page), mojibake
repair (``ftfy``, with correct typography left alone), removal of injected markup, header
and footer lines read into metadata, junk lines, the injector's Title-Case, stray spacing.
Everything taken out or changed is listed in ``Article.removed``.
"""

from __future__ import annotations

import difflib
import re
from typing import NamedTuple

import ftfy

from newsweave.clean.casing import restore_casing
from newsweave.clean.dates import date_evidence
from newsweave.clean.injected import cut_markup, touched_words
from newsweave.clean.junk import block_heading, in_block, junk_kind
from newsweave.clean.lang import detect_lang
from newsweave.clean.metadata import Layout, read_layout
from newsweave.clean.outlets import canonical_outlet
from newsweave.clean.spacing import fix_spacing
from newsweave.records import Article, RawDocument, Removed

__all__ = ["Cleaned", "canonical_outlet", "clean_document", "clean_text"]

# Repair encoding damage only: keep curly quotes, ligatures and full-width forms as written.
FTFY_CONFIG = ftfy.TextFixerConfig(
    uncurl_quotes=False,
    fix_latin_ligatures=False,
    fix_character_width=False,
    explain=False,
)
# Cheap pre-check before ftfy (which costs ~2 ms a page): C1 controls, UTF-8 read as Latin-1 or
# Windows-1252 (a lead byte such as Ã or â followed by a continuation-byte character), entities.
_SUSPECT = re.compile(
    r"[\u0080-\u009f\ufffd]|[\u00c2-\u00f4][\u0080-\u00bf\u0152\u0153\u0160\u0161\u0178\u017d"
    r"\u017e\u0192\u02c6\u02dc\u2013\u2014\u2018-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a"
    r"\u20ac\u2122]|&(?:#\d+|#x[0-9a-f]+|[a-z]+\d*);|\x1b\[",
    re.I,
)
MAX_DIFF_WORDS = 2000  # longer lines are diffed with difflib's fast heuristics
MAX_NOTE = 300  # characters of one logged repair
_ISO_DATE = re.compile(r"^\d{4}-\d\d-\d\d")
Marked = list[tuple[str, set[int]]]  # lines, each with the columns of its touched words


def repair_mojibake(text: str) -> tuple[str, list[Removed]]:
    """ftfy's repair, with each changed run of words logged (line by line, so diffs stay small)."""
    if not _SUSPECT.search(text):
        return text, []
    fixed = ftfy.fix_text(text, FTFY_CONFIG)
    if fixed == text:
        return text, []
    old_lines, new_lines = text.split("\n"), fixed.split("\n")
    if len(old_lines) != len(new_lines):
        return fixed, [Removed("mojibake", "text re-encoded by ftfy")]
    removed = []
    for old, new in zip(old_lines, new_lines, strict=True):
        if old == new:
            continue
        before, after = old.split(), new.split()
        matcher = difflib.SequenceMatcher(None, before, after, autojunk=len(before) > MAX_DIFF_WORDS)
        for op, a1, a2, b1, b2 in matcher.get_opcodes():
            if op != "equal":
                change = f"{' '.join(before[a1:a2])} -> {' '.join(after[b1:b2])}"
                removed.append(
                    Removed("mojibake", change if len(change) <= MAX_NOTE else change[:MAX_NOTE] + "…")
                )
    return fixed, removed


def _line_marks(text: str, starts: set[int]) -> Marked:
    """Split ``text`` into lines, each with the columns of its touched words."""
    out: Marked = []
    pending = sorted(starts, reverse=True)
    base = 0
    for line in text.split("\n"):
        end = base + len(line)
        cols: set[int] = set()
        while pending and pending[-1] < end:
            cols.add(pending.pop() - base)
        out.append((line, cols))
        base = end + 1
    return out


def _filter_lines(lines: Marked, layout: Layout) -> tuple[Marked, list[Removed]]:
    kept: Marked = []
    removed: list[Removed] = []
    block: str | None = None  # the list a heading opened: "tags" or "teaser" lines follow it
    for i, (line, marks) in enumerate(lines):
        if not line.strip() and i not in layout.drop:
            continue
        if i in layout.drop:
            removed.append(layout.drop[i])
            block = block_heading(line)
            continue
        if i in layout.replace:
            dropped = line[: len(line) - len(layout.replace[i])].strip()
            removed.append(Removed("header", dropped))
            line, marks = layout.replace[i], set()
        kind = block if block and in_block(block, line) else junk_kind(line)
        if kind != block:
            block = block_heading(line)
        if kind:
            removed.append(Removed(kind, line.strip()))
            continue
        kept.append((line, marks))
    return kept, removed


class Cleaned(NamedTuple):
    text: str
    layout: Layout  # metadata that the text's own layout printed
    removed: list[Removed]  # everything removed or changed, for audit
    lang: str


def clean_text(text: str, lang: str | None = None) -> Cleaned:
    """Clean text, the metadata its layout printed, everything removed or changed, its language."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text, removed = repair_mojibake(text)
    cut = cut_markup(text)
    layout = read_layout(cut.text.split("\n"))
    lines = _line_marks(cut.text, touched_words(cut.text, cut.marks))
    kept, dropped = _filter_lines(lines, layout)
    removed = dropped + cut.removed + removed
    body = "\n".join(line for line, _ in kept)
    if any(r.kind == "injected" for r in cut.removed):
        touched: set[int] = set()
        base = 0
        for line, marks in kept:
            touched.update(base + m for m in marks)
            base += len(line) + 1
        body, changed = restore_casing(body, touched)
        removed += changed
    lang = detect_lang(body, lang)
    english = lang == "en"
    paragraphs = []
    for line in body.split("\n"):
        fixed, changed = fix_spacing(line, english)
        removed += changed
        if fixed:
            paragraphs.append(fixed)
    return Cleaned("\n\n".join(paragraphs), layout, removed, lang)


def clean_document(doc: RawDocument) -> Article:
    """One input document as a cleaned ``Article`` with its metadata."""
    if doc.text is None and doc.html:
        from newsweave.ingest.html import extract_html

        doc = extract_html(doc)
    text, layout, removed, lang = clean_text(doc.text or "", doc.lang)
    given = doc.date if doc.date and _ISO_DATE.match(doc.date) else None
    # the page's own stamp only (input, URL, layout): a date inferred from the text stays out of
    # ``published`` (null rather than a guess); the groupers read it as weak evidence
    dated = date_evidence(doc.text or "", doc.url, given, layout.published, weak=False)
    outlet = doc.outlet or layout.outlet or doc.url
    return Article(
        id=doc.id,
        text=text,
        path=doc.path,
        url=doc.url,
        outlet=canonical_outlet(outlet) if outlet else None,
        author=doc.author or layout.author,
        published=dated.iso if dated else None,
        published_from=dated.source if dated else None,
        title=doc.title or layout.title,
        lang=lang,
        removed=removed,
    )
