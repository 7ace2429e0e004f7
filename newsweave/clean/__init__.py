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
from urllib.parse import urlsplit

import ftfy

from newsweave.clean.captions import caption_prefix, caption_shape
from newsweave.clean.casing import restore_casing
from newsweave.clean.dates import date_evidence
from newsweave.clean.escapes import decode_escapes
from newsweave.clean.furniture import (
    beside_furniture,
    classify,
    cutoff,
    is_prose,
    optional_kind,
    other_titles,
    prose_sample,
)
from newsweave.clean.injected import Cut, cut_markup, touched_words
from newsweave.clean.junk import block_heading, comment_thread, in_block, junk_kind, repeated_lines
from newsweave.clean.lang import detect_lang
from newsweave.clean.metadata import Layout, read_layout
from newsweave.clean.outlets import canonical_outlet, registrable_domain
from newsweave.clean.spacing import fix_spacing
from newsweave.clean.titles import Line, choose_title, headline_shape, without_site_name
from newsweave.clean.unwrap import unwrap
from newsweave.records import Article, OptionalSpan, RawDocument, Removed

__all__ = ["Cleaned", "canonical_outlet", "clean_document", "clean_text", "furniture_view"]

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
# A story may end with one sentence after a gallery or a teaser block that the rules removed:
# that last sentence of prose goes only when the model is this sure (``_resumed_ending``)
LAST_PROSE_CUT = 0.98
FURNITURE_PASSES = 4  # layout, rules and classifier rerun on the kept lines until nothing more goes
MAX_DIFF_WORDS = 2000  # longer lines are diffed with difflib's fast heuristics
MAX_NOTE = 300  # characters of one logged repair
_ISO_DATE = re.compile(r"^\d{4}-\d\d-\d\d")
Marked = list[tuple[str, set[int]]]  # lines, each with the columns of its touched words
Ruled = list[tuple[str, set[int], Removed | None]]  # ... and what the layout or the rules removed
Probs = tuple[float, float, float]  # content, optional, furniture


def repair_mojibake(text: str) -> tuple[str, list[Removed]]:
    """String escapes decoded (``clean.escapes``), then ftfy's repair, with each changed run of
    words logged (line by line, so diffs stay small)."""
    text, escapes = decode_escapes(text)
    noted = [Removed("mojibake", f"{escapes} string escapes decoded")] if escapes else []
    if not _SUSPECT.search(text):
        return text, noted
    fixed = ftfy.fix_text(text, FTFY_CONFIG)
    if fixed == text:
        return text, noted
    old_lines, new_lines = text.split("\n"), fixed.split("\n")
    if len(old_lines) != len(new_lines):
        return fixed, [*noted, Removed("mojibake", "text re-encoded by ftfy")]
    removed = noted
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


def _rule_lines(lines: Marked, layout: Layout) -> tuple[Ruled, list[Removed]]:
    """Each non-empty line with what the layout and the junk rules removed of it (None: kept)."""
    out: Ruled = []
    headers: list[Removed] = []
    block: str | None = None  # the list a heading opened: "tags" or "teaser" lines follow it
    texts = [line for line, _ in lines]
    repeated, thread = repeated_lines(texts), comment_thread(texts)
    for i, (line, marks) in enumerate(lines):
        if not line.strip() and i not in layout.drop:
            continue
        if i in thread and i not in layout.drop and i not in layout.replace:
            out.append((line, marks, Removed("comment", line.strip())))
            continue
        if i in repeated and i not in layout.drop and i not in layout.replace:
            out.append((line, marks, Removed("repeated", line.strip())))
            continue
        if i in layout.drop:
            out.append((line, marks, layout.drop[i]))
            block = block_heading(line)
            continue
        if i in layout.replace:
            dropped = line[: len(line) - len(layout.replace[i])].strip()
            headers.append(Removed("header", dropped))
            line, marks = layout.replace[i], set()
        kind = block if block and in_block(block, line) else junk_kind(line)
        if kind != block:
            block = block_heading(line)
        out.append((line, marks, Removed(kind, line.strip()) if kind else None))
    return out, headers


def _model_pass(
    ruled: Ruled, lang: str, headings: frozenset[str] = frozenset()
) -> tuple[list[float | None], list[Probs] | None]:
    """Per line, None (kept) or the furniture probability that removes it; and the class
    probabilities, or None where the model has no say. Lines in ``headings`` (subheadings by the
    page's markup) are the rules' to remove, not the model's."""
    probs = classify([x for x, _, _ in ruled], [r is not None for _, _, r in ruled], lang)
    verdict: list[float | None] = [None] * len(ruled)
    if probs is None:
        return verdict, None
    for i, (line, _, rule) in enumerate(ruled):
        if rule is None and line.strip() and probs[i][2] >= cutoff(line):
            verdict[i] = probs[i][2]
    last = _resumed_ending(ruled)
    if last is not None and verdict[last] is not None and probs[last][2] < LAST_PROSE_CUT:
        verdict[last] = None  # the story's last sentence, alone after a gallery's furniture
    lines = [x for x, _, _ in ruled]
    gone = [rule is not None or v is not None for (_, _, rule), v in zip(ruled, verdict, strict=True)]
    for i in beside_furniture(lines, gone, probs) + other_titles(lines, gone, lang):
        verdict[i] = probs[i][1] + probs[i][2]  # its chance of being no body text
    if headings:
        verdict = [None if x.strip() in headings else v for x, v in zip(lines, verdict, strict=True)]
    if not any(rule is None and verdict[i] is None and is_prose(x) for i, (x, _, rule) in enumerate(ruled)):
        # No story left to tell furniture from (a page of short lines, or a one-sentence
        # article the model doubted): the model's verdicts are not used.
        return [None] * len(ruled), None
    return verdict, probs


def _resumed_ending(ruled: Ruled) -> int | None:
    """The page's last line of prose when only lines the rules removed (a gallery's counter and
    credits, a teaser block's heading) stand between it and the prose before it: the story
    resumed after furniture and ended there. None for any other page."""
    kept = [i for i in range(len(ruled)) if ruled[i][2] is None and is_prose(ruled[i][0])]
    if len(kept) < 2 or kept[-1] - kept[-2] < 2:
        return None
    between = range(kept[-2] + 1, kept[-1])
    return kept[-1] if all(ruled[i][2] is not None or not ruled[i][0].strip() for i in between) else None


def _filter_lines(
    lines: Marked, layout: Layout, lang: str, headings: frozenset[str] = frozenset()
) -> tuple[Marked, list[str], list[Removed], list[Line]]:
    """The kept lines, the optional kind of each ("" for body text), what was removed (the
    layout's and the junk rules' lines, then the furniture classifier's: ``clean.furniture``),
    and the lines the rules left with whether the classifier's first pass kept each (where
    ``clean.titles`` looks for the headline)."""
    ruled, removed = _rule_lines(lines, layout)
    kept: Marked = []
    optional: list[str] = []
    first: list[Line] = []
    for n_pass in range(FURNITURE_PASSES):
        verdict, probs = _model_pass(ruled, lang, headings)
        if n_pass == 0:
            first = [Line(x, v is None) for (x, _, r), v in zip(ruled, verdict, strict=True) if r is None]
        kept, optional = [], []
        after_prose = False  # a title line after the story's first paragraph is a subheading
        for i, (line, marks, rule) in enumerate(ruled):
            if rule is not None:
                removed.append(rule)
            elif verdict[i] is not None:
                removed.append(Removed("furniture", line.strip(), round(verdict[i] or 0.0, 3)))
            else:
                kept.append((line, marks))
                kind = optional_kind(line, probs[i], after_prose) if probs else ""
                optional.append(kind or ("caption" if caption_shape(line, lang) else ""))
                after_prose = after_prose or is_prose(line)
        if all(v is None for v in verdict) or n_pass == FURNITURE_PASSES - 1:
            break
        # The model removed lines: the layout and the rules again on what is left, as cleaning
        # the clean text would see it, so that cleaning stays a fixed point.
        ruled, headers = _rule_lines(kept, read_layout([line for line, _ in kept]))
        removed += headers
    if optional and all(optional):
        # Every kept line optional: the page's sentences of prose are its story (a one-sentence
        # article the model took for a caption), so nothing downstream is left without text.
        optional = [
            "" if kind == "caption" and is_prose(line) else kind
            for (line, _), kind in zip(kept, optional, strict=True)
        ]
    return kept, optional, removed, first


class Cleaned(NamedTuple):
    text: str
    layout: Layout  # metadata that the text's own layout printed
    removed: list[Removed]  # everything removed or changed, for audit
    lang: str
    optional: list[OptionalSpan] = []  # kept lines that are not body text (headline, caption)


def _prepare(text: str, lang: str | None) -> tuple[Marked, Layout, list[Removed], Cut, str]:
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text, removed = repair_mojibake(text)
    cut = cut_markup(unwrap(text))
    layout = read_layout(cut.text.split("\n"))
    lines = _line_marks(cut.text, touched_words(cut.text, cut.marks))
    return lines, layout, removed, cut, detect_lang(prose_sample(line for line, _ in lines), lang)


def furniture_view(text: str, lang: str | None = None) -> tuple[list[str], list[bool], str]:
    """The lines the furniture classifier sees, whether the rules removed each, the language:
    what ``scripts/build_furniture_model.py`` trains on."""
    lines, layout, _, _, lang = _prepare(text, lang)
    ruled, _ = _rule_lines(lines, layout)
    return [x for x, _, _ in ruled], [r is not None for _, _, r in ruled], lang


def clean_text(text: str, lang: str | None = None, headings: frozenset[str] = frozenset()) -> Cleaned:
    """Clean text, the metadata its layout printed, everything removed or changed, its language
    and the spans of its kept optional lines. ``headings``: lines that a page's markup shows to be
    subheadings (``ingest.html``), which the furniture model leaves to the rules."""
    return _clean(text, lang, headings)[0]


def _clean(text: str, lang: str | None, headings: frozenset[str] = frozenset()) -> tuple[Cleaned, str | None]:
    """``clean_text``'s result and the page's headline (``clean.titles``)."""
    lines, layout, removed, cut, lang = _prepare(text, lang)
    kept, is_optional, dropped, first = _filter_lines(lines, layout, lang, headings)
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
    english = lang == "en"
    paragraphs: list[str] = []
    spans: list[OptionalSpan] = []
    body_lines = body.split("\n")
    flags = is_optional if len(is_optional) == len(body_lines) else [""] * len(body_lines)
    was_cut = [bool(marks) for _, marks in kept] if len(kept) == len(body_lines) else [True] * len(body_lines)
    lead: tuple[str, int] | None = None  # the first prose paragraph: its line as ruled, its start
    start = 0
    for line, opt, cut_here in zip(body_lines, flags, was_cut, strict=True):
        fixed, changed = fix_spacing(line, english, cut_here)
        removed += changed
        if fixed:
            if opt:
                spans.append(OptionalSpan(opt, start, start + len(fixed)))
            elif cut_at := caption_prefix(fixed, lang):  # a caption glued to the paragraph after it
                spans.append(OptionalSpan("caption", start, start + cut_at))
            elif lead is None and is_prose(fixed):
                lead = line, start
            paragraphs.append(fixed)
            start += len(fixed) + 2
    text = "\n\n".join(paragraphs)
    title: str | None = None
    if lead is not None:
        at = next((i for i, x in enumerate(first) if x.kept and x.text == lead[0]), None)
        title = choose_title(first[:at], text[lead[1] :]) if at is not None else None
        if title:  # a kept line as the clean text prints it (spacing fixed, an injector's casing undone)
            said = " ".join(title.split()).casefold()
            fixed = fix_spacing(title, english)[0]
            above = text[: lead[1]].split("\n\n")
            title = next((p for p in above if " ".join(p.split()).casefold() == said), fixed)
    elif spans and spans[0].kind == "headline" and spans[0].start == 0 and headline_shape(paragraphs[0]):
        title = paragraphs[0]  # no prose to retell it: the first line the cleaner read as a headline
    return Cleaned(text, layout, removed, lang, spans), title


def _titled(title: str | None, outlet: str | None, url: str | None) -> str | None:
    """The title without its site's name at the end (``clean.titles.without_site_name``)."""
    if not title:
        return title
    host = urlsplit(url).hostname if url else None
    host = registrable_domain(host) if host else None
    return without_site_name(title, [outlet, canonical_outlet(outlet) if outlet else None, host])


def clean_document(doc: RawDocument) -> Article:
    """One input document as a cleaned ``Article`` with its metadata."""
    if doc.text is None and doc.html:
        from newsweave.ingest.html import extract_html

        doc = extract_html(doc)
    (text, layout, removed, lang, optional), title = _clean(doc.text or "", doc.lang, frozenset(doc.headings))
    removed = [*(Removed(kind, line, score) for kind, line, score in doc.dropped), *removed]
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
        title=_titled(doc.title or layout.title or title, outlet, doc.url),
        lang=lang,
        removed=removed,
        optional=optional,
    )
