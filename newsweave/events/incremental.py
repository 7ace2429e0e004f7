"""Incremental grouping: articles arrive in time order; each joins an event or opens one.

The same decisions as the batch grouper, taken one article at a time: candidates from the
postings of the article's top terms, average similarity to each candidate event, events merged
when one article bridges them (the older id survives), stories by ``story_link``.
"""

from __future__ import annotations

import json
import zlib
from collections import defaultdict
from typing import Any

import numpy as np
from datasketch import MinHashLSH

from newsweave.errors import NewsweaveError
from newsweave.events import Assignment
from newsweave.events.features import extract
from newsweave.events.grouper import POSTING_WINDOW, TOP_TERMS
from newsweave.events.linkage import UnionFind
from newsweave.events.model import (
    EVENT_THRESHOLD,
    Doc,
    Vocabulary,
    cosine,
    event_id,
    original_key,
    story_id,
    story_link,
    time_adjusted,
)
from newsweave.events.nearcopy import COPY_JACCARD, NUM_PERM, lean
from newsweave.events.stories import PAIRWISE_MAX
from newsweave.records import Article

STATE_VERSION = 1


class StateError(NewsweaveError):
    """A saved grouping state cannot be read (corrupt, or written by another version)."""


def _jaccard(a: np.ndarray, b: np.ndarray) -> float:
    union = len(np.union1d(a, b))
    return len(np.intersect1d(a, b, assume_unique=True)) / union if union else 0.0


class WeaveIncremental:
    """Incremental twin of ``WeaveGrouper``; ``to_state``/``from_state`` persist it as bytes."""

    def __init__(self, threshold: float = EVENT_THRESHOLD) -> None:
        self.threshold = threshold
        self.vocab = Vocabulary()
        self.vocab.growing = True
        self.docs: list[Doc] = []
        self.postings: dict[int, list[int]] = defaultdict(list)
        self.events = _GrowingSets()
        self.stories = _GrowingSets()
        self.event_size: dict[int, int] = {}
        self.story_best: dict[int, int] = {}  # story root -> index of its original
        self.lsh: MinHashLSH | None = None
        self.members: dict[int, list[int]] = {}  # event root -> its articles (as batch compares them)

    def add(self, article: Article) -> Assignment:
        n = len(self.docs)
        doc = self.vocab.doc(extract(article), n)
        self.docs.append(doc)
        self.events.grow()
        self.stories.grow()
        vec = self.vocab.vector(doc)
        top = sorted(vec, key=lambda k: (-vec[k], k))[:TOP_TERMS]
        copies = set(self._lsh_query(doc))
        candidates = sorted(copies | {c for k in top for c in self.postings.get(k, [])[-POSTING_WINDOW:]})
        for k in top:
            self.postings[k].append(n)
        sims: dict[int, float] = {}
        for c in candidates:
            other = self.docs[c]
            sim = time_adjusted(cosine(vec, self.vocab.vector(other)), doc, other)
            if sim > -1.0 and _jaccard(doc.copy_sh, other.copy_sh) >= COPY_JACCARD:
                sim = 1.0
            sims[c] = sim
        by_event: dict[int, float] = defaultdict(float)
        for c, s in sims.items():
            by_event[self.events.find(c)] += s
        joined = sorted(e for e, total in by_event.items() if total / self.event_size[e] >= self.threshold)
        self.event_size[n] = 1
        self.members[n] = [n]
        root = n
        merged: list[str] = []
        for e in joined:  # oldest first: its id survives
            size = self.event_size.pop(root) + self.event_size.pop(e)
            if root != n:
                merged.append(event_id(self.docs[max(root, e)].id))
            joined_members = self.members.pop(root) + self.members.pop(e)
            root = self.events.union(root, e)
            self.event_size[root] = size
            self.members[root] = joined_members
        same = self.members[root]
        same = same if len(same) <= PAIRWISE_MAX else [c for c in candidates if self.events.find(c) == root]
        self._place_story(doc, vec, [c for c in same if c != n])
        original = self.docs[self.story_best[self.stories.find(n)]]
        return Assignment(
            article=doc.id,
            story=story_id(original.id),
            original=original.id,
            event=event_id(self.docs[root].id),
            merged=tuple(merged),
        )

    def _lsh_query(self, doc: Doc) -> list[int]:
        """Near-copies already seen (datasketch LSH, as in batch); rebuilt lazily after a resume."""
        if self.lsh is None:
            self.lsh = MinHashLSH(threshold=COPY_JACCARD, num_perm=NUM_PERM)
            for d in self.docs[:-1]:
                self._lsh_insert(d)
        found = [int(k) for k in self.lsh.query(lean(doc.sig))] if len(doc.sig) else []
        self._lsh_insert(doc)
        return found

    def _lsh_insert(self, doc: Doc) -> None:
        if self.lsh is not None and len(doc.sig):
            self.lsh.insert(doc.index, lean(doc.sig))

    def _place_story(self, doc: Doc, vec: dict[int, float], same_event: list[int]) -> None:
        self.story_best[doc.index] = doc.index
        anchors = self.vocab.vector(doc, anchors_only=True)
        for c in same_event:
            other = self.docs[c]
            if self.stories.find(c) == self.stories.find(doc.index):
                continue
            cos = cosine(vec, self.vocab.vector(other))
            anchor_cos = cosine(anchors, self.vocab.vector(other, anchors_only=True))
            if story_link(doc, other, cos, anchor_cos):
                a, b = self.stories.find(c), self.stories.find(doc.index)
                best = min(
                    self.story_best.pop(a), self.story_best.pop(b), key=lambda i: original_key(self.docs[i])
                )
                self.story_best[self.stories.union(a, b)] = best

    def to_state(self) -> bytes:
        state: dict[str, Any] = {
            "version": STATE_VERSION,
            "threshold": self.threshold,
            "vocab": self.vocab.to_json(),
            "docs": [d.to_json() for d in self.docs],
            "postings": [[k, v] for k, v in self.postings.items()],
            "events": self.events.parent,
            "stories": self.stories.parent,
            "sizes": [[k, v] for k, v in self.event_size.items()],
            "best": [[k, v] for k, v in self.story_best.items()],
            "members": [[k, v] for k, v in self.members.items()],
        }
        return zlib.compress(json.dumps(state, separators=(",", ":")).encode())

    @classmethod
    def from_state(cls, data: bytes) -> WeaveIncremental:
        try:
            state = json.loads(zlib.decompress(data))
            if state.get("version") != STATE_VERSION:
                raise StateError(f"grouping state version {state.get('version')!r} is not {STATE_VERSION}")
            self = cls(threshold=float(state["threshold"]))
            self.vocab = Vocabulary.from_json(state["vocab"])
            self.vocab.growing = True
            self.docs = [Doc.from_json(row) for row in state["docs"]]
            self.postings = defaultdict(list, {int(k): list(v) for k, v in state["postings"]})
            self.events.parent = [int(p) for p in state["events"]]
            self.stories.parent = [int(p) for p in state["stories"]]
            self.event_size = {int(k): int(v) for k, v in state["sizes"]}
            self.story_best = {int(k): int(v) for k, v in state["best"]}
            self.members = {int(k): [int(i) for i in v] for k, v in state["members"]}
        except (zlib.error, ValueError, KeyError, TypeError) as exc:
            raise StateError(
                f"cannot read the grouping state ({exc}); rebuild it by re-adding the articles"
            ) from None
        return self


class _GrowingSets(UnionFind):
    """A union-find that grows by one element per article, and lists a set's members."""

    def __init__(self) -> None:
        super().__init__(0)

    def grow(self) -> None:
        self.parent.append(len(self.parent))
