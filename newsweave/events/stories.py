"""Stories inside one event: which articles copy one report, and which of them is the original."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Sequence

import numpy as np

from newsweave.events.linkage import UnionFind
from newsweave.events.model import Doc, Vocabulary, cosine, event_id, original_key, story_id, story_link
from newsweave.records import EventGroup, Story

PAIRWISE_MAX = 300  # events up to this size compare every pair; larger ones use shingle postings
POSTING_WINDOW = 20  # in a shingle's posting list, each article meets the next this many


def _pairs(docs: Sequence[Doc]) -> Iterator[tuple[int, int]]:
    n = len(docs)
    if n <= PAIRWISE_MAX:
        for i in range(n):
            for j in range(i + 1, n):
                yield i, j
        return
    # Large event: only articles sharing a shingle are compared (linear in the posting sizes).
    postings: dict[int, list[int]] = defaultdict(list)
    for i, d in enumerate(docs):
        for h in set(d.copy_sh.tolist()) | set(d.spin_sh.tolist()):
            postings[h].append(i)
    seen: set[tuple[int, int]] = set()
    for members in postings.values():
        for pos, i in enumerate(members):
            for j in members[pos + 1 : pos + 1 + POSTING_WINDOW]:
                if (i, j) not in seen:
                    seen.add((i, j))
                    yield i, j


def split_stories(docs: Sequence[Doc], vocab: Vocabulary) -> list[list[Doc]]:
    """Partition one event's articles into stories (single link over ``story_link``)."""
    vecs = [vocab.vector(d, keep_unique=True) for d in docs]
    anchors = [vocab.vector(d, anchors_only=True, keep_unique=True) for d in docs]
    sets = UnionFind(len(docs))
    for i, j in _pairs(docs):
        if sets.find(i) == sets.find(j):
            continue
        a, b = docs[i], docs[j]
        if story_link(a, b, cosine(vecs[i], vecs[j]), cosine(anchors[i], anchors[j])):
            sets.union(i, j)
    groups: dict[int, list[Doc]] = defaultdict(list)
    for i, d in enumerate(docs):
        groups[sets.find(i)].append(d)
    return list(groups.values())


def _shared(members: Sequence[Doc]) -> dict[int, float]:
    """Share of each article's shingles found in another copy: added headers/footers lower it."""
    if len(members) < 2:
        return {d.index: 0.0 for d in members}
    values, counts = np.unique(np.concatenate([d.copy_sh for d in members]), return_counts=True)
    common = values[counts > 1]
    return {
        d.index: round(len(np.intersect1d(d.copy_sh, common, assume_unique=True)) / len(d.copy_sh), 2)
        if len(d.copy_sh)
        else 0.0
        for d in members
    }


def make_story(members: Sequence[Doc]) -> Story:
    # earliest, wire-credited, then the text most shared with its copies, then the longest
    shared = _shared(members)
    original = min(members, key=lambda d: (original_key(d)[:2], -shared[d.index], original_key(d)))
    ordered = sorted(members, key=lambda d: d.index)
    return Story(id=story_id(original.id), original=original.id, articles=[d.id for d in ordered])


def make_event(stories: Sequence[Sequence[Doc]]) -> EventGroup:
    """An event with a deterministic id: that of its first-published (else first-given) article."""
    first = min((d for s in stories for d in s), key=lambda d: (original_key(d)[0], d.index))
    built = [make_story(s) for s in stories]
    order = {s.id: min(original_key(d) for d in members) for s, members in zip(built, stories, strict=True)}
    built.sort(key=lambda s: order[s.id])
    return EventGroup(id=event_id(first.id), stories=built)
