"""Pile context: a line that pages of different stories share is the site's furniture.

One page cannot tell its site's boilerplate ("About the agency ...", a standing notice, a
newsletter box) from the story when the line reads like prose. A pile can: copies of one
story share most of their lines, but a line that also stands on pages sharing nothing else
with them is furniture — on two such pages of one outlet, or on ``MIN_STORIES`` in the pile
(more for a sentence).
Used by ``brief`` (the whole pile) and ``ingest`` (its batch, with the most recent stored pages
of the batch's outlets as ``context``: a store fed day by day removes what one batch would);
``clean`` sees one page and does without.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from newsweave.clean.furniture import is_sentence
from newsweave.records import Article, OptionalSpan, Removed

MIN_STORIES = 3  # different stories of the pile that must share a line for it to be furniture ...
MIN_STORIES_SENTENCE = 6  # ... or a sentence (a statement may be quoted word for word by several)
SAME_STORY = 0.5  # share of the shorter page's lines two copies of one story have in common
MIN_CHARS = 12  # shorter lines ("Updated", a name) are left to the per-page classifier


@dataclass(frozen=True, slots=True)
class Page:
    """A page of the pile as this stage reads it: its outlet and the keys of its lines."""

    outlet: str | None
    keys: frozenset[str]


def _key(paragraph: str) -> str:
    return " ".join(paragraph.split()).casefold()


def _keys(paragraphs: Sequence[str]) -> frozenset[str]:
    return frozenset(_key(p) for p in paragraphs if len(p.strip()) >= MIN_CHARS)


def stored_page(outlet: str | None, text: str, removed: Sequence[Removed]) -> Page:
    """A stored article as context: its lines as they were before the pile stage took any
    (the kept text and the lines removed as ``pile``), so it counts as it did in its own batch."""
    return Page(outlet, _keys([*text.split("\n\n"), *(r.text for r in removed if r.kind == "pile")]))


def _stories(members: Sequence[int], keys: Sequence[frozenset[str]]) -> list[list[int]]:
    """Greedy groups of pages that share at least ``SAME_STORY`` of their lines (copies)."""
    groups: list[list[int]] = []
    for i in members:
        for g in groups:
            j = g[0]
            if len(keys[i] & keys[j]) >= SAME_STORY * min(len(keys[i]), len(keys[j])):
                g.append(i)
                break
        else:
            groups.append([i])
    return groups


def pile_furniture(articles: Sequence[Article], context: Sequence[Page] = ()) -> set[str]:
    """The keys of lines of ``articles`` that pages of different stories share, the ``context``
    pages counted as pages of the pile (stored ones: only the lines the articles have matter)."""
    pages = [Page(a.outlet, _keys(a.text.split("\n\n"))) for a in articles] + list(context)
    keys = [p.keys for p in pages]
    where: dict[str, list[int]] = defaultdict(list)
    for i, ks in enumerate(keys[: len(articles)]):
        for k in ks:
            where[k].append(i)
    for i in range(len(articles), len(pages)):
        for k in keys[i] & where.keys():
            where[k].append(i)
    out: set[str] = set()
    for k, members in where.items():
        if len(members) < 2:
            continue
        groups = _stories(members, keys)
        if len(groups) >= (MIN_STORIES_SENTENCE if is_sentence(k) else MIN_STORIES):
            out.add(k)
            continue
        outlets = [{pages[i].outlet for i in g} for g in groups]
        for outlet in {o for os in outlets for o in os if o}:
            if sum(outlet in os for os in outlets) >= 2:
                out.add(k)
                break
    return out


def drop_pile_furniture(articles: Sequence[Article], context: Sequence[Page] = ()) -> list[Article]:
    """Remove, in place, the lines that pages of different stories share (``context`` pages count
    but are never changed); the articles changed (their NER analysis and grouping features are
    dropped: they index the old text)."""
    furniture = pile_furniture(articles, context)
    changed: list[Article] = []
    if not furniture:
        return changed
    for art in articles:
        paragraphs = art.text.split("\n\n")
        drop = [_key(p) in furniture for p in paragraphs]
        if not any(drop) or all(drop):
            continue  # a page is never emptied
        starts, pos = [], 0
        for p in paragraphs:
            starts.append(pos)
            pos += len(p) + 2
        kept, spans, pos = [], [], 0
        for p, start, gone in zip(paragraphs, starts, drop, strict=True):
            if gone:
                art.removed.append(Removed("pile", p.strip()))
                continue
            for o in art.optional:
                if o.start == start:
                    spans.append(OptionalSpan(o.kind, pos, pos + (o.end - o.start)))
            kept.append(p)
            pos += len(p) + 2
        art.text = "\n\n".join(kept)
        art.optional = spans
        art.analysis = None
        art.features = None
        changed.append(art)
    return changed
