"""Incremental grouping: articles arrive in time order; each joins an event or opens one.

Average link, one article at a time, with the batch grouper's rules: bags weighted by background idf;
near-copies (datasketch LSH, checked) count as one report, so a copy joins its original's event
and adds no weight; candidates from the postings of the article's top terms; the article joins
the event it is closest to on average, then that event merges with any neighbour whose mean
similarity (kept as running sums) reaches the threshold, the older id surviving; no event
holds dated reports more than ``WINDOW_DAYS`` apart (the time rule of ``guards``, weak evidence
included). As in the batch, a small event whose language differs from a candidate event's joins
the one their leads match (``crosslingual``: same embedder, cut, margin and time rule; leads
embedded once each, at most ``8 + n / 200`` in a pile of n). Stories by ``story_link``.
"""

from __future__ import annotations

import json
import zlib
from collections import Counter, defaultdict
from typing import Any

import numpy as np
from datasketch import MinHashLSH

from newsweave.errors import NewsweaveError
from newsweave.events import Assignment
from newsweave.events.crosslingual import BUDGET_BASE, BUDGET_PER, SMALL, closest_lead
from newsweave.events.crosslingual import NEIGHBOURS as LINGUAL_NEIGHBOURS
from newsweave.events.features import BUCKETS, features_of, lead_vector
from newsweave.events.grouper import POSTING_WINDOW, TOP_TERMS
from newsweave.events.guards import EMPTY, Span, doc_span, fits, joined
from newsweave.events.leads import LeadGuard, split_events
from newsweave.events.linkage import UnionFind
from newsweave.events.model import (
    EVENT_THRESHOLD,
    WINDOW_DAYS,
    Doc,
    Vocabulary,
    event_id,
    original_key,
    story_id,
    story_link,
)
from newsweave.events.nearcopy import COPY_JACCARD, NUM_PERM, lean
from newsweave.events.rejoin import rejoin_parts, split_by_names
from newsweave.events.signature import SignatureGuard
from newsweave.events.stories import PAIRWISE_MAX
from newsweave.nlp.embed import shared_embedder
from newsweave.records import Article, EventGroup, Grouping, Story

LANGUAGE_SAMPLE = 25  # members read for an event's language
STATE_VERSION = 3  # 3: bags weighted by background idf (no per-language document counts)


class StateError(NewsweaveError):
    """A saved grouping state cannot be read (corrupt, or written by another version)."""


def _jaccard(a: np.ndarray, b: np.ndarray) -> float:
    union = len(np.union1d(a, b))
    return len(np.intersect1d(a, b, assume_unique=True)) / union if union else 0.0


def _joined(a: Span, b: Span) -> Span:
    return joined(a, b)


def _fits(span: Span) -> bool:
    return fits(span, WINDOW_DAYS)


def _span(row: list[int] | None) -> Span:
    """A saved span; states written before the weak bound hold (first, last) or null."""
    if not row:
        return EMPTY
    return (int(row[0]), int(row[1]), int(row[2]) if len(row) > 2 else EMPTY[2])


class WeaveIncremental:
    """Incremental twin of ``WeaveGrouper``; ``to_state``/``from_state`` persist it as bytes."""

    def __init__(self, threshold: float = EVENT_THRESHOLD, embedder: str = "default") -> None:
        self.threshold = threshold
        self.embedder = embedder  # backend name (``nlp.embed``): loaded only if a link needs it
        self.leads: list[str] = []  # per article: what a cross-lingual link embeds
        self.embedded: dict[int, np.ndarray] = {}  # article -> its lead's row (not saved)
        self.languages: dict[int, str] = {}  # event root -> its language, till it merges (not saved)
        self.vocab = Vocabulary()
        self.vocab.growing = True
        self.docs: list[Doc] = []
        self.postings: dict[int, list[int]] = defaultdict(list)  # independent reports by top term
        self.events = _GrowingSets()
        self.stories = _GrowingSets()
        self.story_best: dict[int, int] = {}  # story root -> index of its original
        self.members: dict[int, list[int]] = {}  # event root -> its articles
        self.size: dict[int, int] = {}  # event root -> its independent reports (copies count once)
        self.span: dict[int, Span] = {}  # event root -> first and last day of its dated reports
        self.links: dict[int, dict[int, float]] = {}  # event root -> neighbour -> sum of similarities
        self.group: dict[int, int] = {}  # article -> the first of its near-copies (itself if none)
        self.group_size: dict[int, int] = {}  # that first article -> size of its copy group
        self.group_sums: dict[int, dict[int, float]] = {}  # ... -> event -> its members' similarities
        self.lsh: MinHashLSH | None = None
        self.signs = SignatureGuard()  # the batch's signature veto, per event root (not saved)
        self.openings = LeadGuard()  # the batch's lead veto, per event root (not saved)

    def add(self, article: Article) -> Assignment:
        n = len(self.docs)
        feats = features_of(article)
        doc = self.vocab.doc(feats, n)
        self.docs.append(doc)
        self.signs.add(doc)
        self.leads.append(feats.lead)
        self.events.grow()
        self.stories.grow()
        self.members[n], self.links[n] = [n], {}
        self.span[n] = doc_span(doc)
        copies = [c for c in self._lsh_query(doc) if self._copy(doc, self.docs[c])]
        self.openings.add({}, doc.lang)  # a near-copy's lead is its original's: counted once
        merged: list[str] = []
        self.size[n] = 0
        for root in sorted({self.events.find(c) for c in copies}):
            # a near-copy adds no independent report: it goes where its original is
            self._merge(self.events.find(n), root, merged)
        independent = self.members[self.events.find(n)] == [n]  # no copy, or none its date fits
        candidates = self._candidates(doc, index=independent)
        sums, nearest = self._sums(doc, candidates)
        if independent:
            self.openings.place(n, feats.opening, doc.lang)
            self.size[n] = 1
            self.group[n], self.group_size[n], self.group_sums[n] = n, 1, dict(sums)
            self._attach(n, sums)
        else:
            self._share(n, copies[0], sums)
        root = self.events.find(n)
        while (neighbour := self._closest(root)) is not None:
            root = self._merge(root, neighbour, merged)
        if independent:
            self._across_languages(n, nearest, merged)
        root = self.events.find(n)
        same = self.members[root]
        if len(same) > PAIRWISE_MAX:
            same = [c for c in candidates + copies if self.events.find(c) == root]
        self._place_story(doc, [c for c in same if c != n])
        original = self.docs[self.story_best[self.stories.find(n)]]
        return Assignment(
            article=doc.id,
            story=story_id(original.id),
            original=original.id,
            event=event_id(self.docs[root].id),
            merged=tuple(merged),
        )

    def _copy(self, doc: Doc, other: Doc) -> bool:
        close = doc.day is None or other.day is None or abs(doc.day - other.day) <= WINDOW_DAYS
        return close and _jaccard(doc.copy_sh, other.copy_sh) >= COPY_JACCARD

    def _cosines(self, doc: Doc, others: list[Doc], language: bool, anchors_only: bool = False) -> np.ndarray:
        """Cosine of ``doc`` with each of ``others``, all at once: for events the bags as they are
        (background idf), for stories also weighted by the pile's idf, as ``story_matrix``."""
        group = [doc, *others]
        rows = np.repeat(np.arange(len(group)), [len(d.keys) for d in group])
        keys = np.concatenate([d.keys for d in group])
        weights = np.concatenate([d.weights for d in group])
        if anchors_only:
            mask = keys >= BUCKETS
            rows, keys, weights = rows[mask], keys[mask], weights[mask]
        # Not the batch's rule that leaves a term no other article has out of the norm: counted
        # so far, early in a feed nearly every term is such, and two unrelated reports sharing
        # "Tuesday", "said" and a "4" came out at cosine 0.998 (0.077 with the whole bags).
        if not language:
            weights = weights * self.vocab.idf(keys)
        norms = np.sqrt(np.bincount(rows, weights=weights * weights, minlength=len(group)))
        norms[norms == 0] = 1.0
        weights = weights / norms[rows]
        mine, rest = rows == 0, rows > 0
        own_keys, own = keys[mine], weights[mine]  # ascending
        if not len(own_keys):
            return np.zeros(len(others))
        pos = np.minimum(np.searchsorted(own_keys, keys[rest]), len(own_keys) - 1)
        shared = np.where(own_keys[pos] == keys[rest], own[pos] * weights[rest], 0.0)
        return np.bincount(rows[rest] - 1, weights=shared, minlength=len(others))

    def _candidates(self, doc: Doc, index: bool) -> list[int]:
        """Independent reports sharing one of the article's top terms (the latest of each
        posting); with ``index``, the article is filed under its top terms for those to come."""
        top = doc.keys[np.argsort(-doc.weights, kind="stable")[:TOP_TERMS]].tolist()
        found = sorted({c for k in top for c in self.postings.get(k, [])[-POSTING_WINDOW:]})
        if index:
            for k in top:
                self.postings[k].append(doc.index)
        return found

    def _sums(self, doc: Doc, candidates: list[int]) -> tuple[dict[int, float], list[tuple[float, int]]]:
        """Similarities of ``doc`` to the candidates its date fits, summed per event; and those
        candidates with their similarities."""
        near = [c for c in candidates if self._fits_day(doc, self.docs[c])]
        sums: dict[int, float] = defaultdict(float)
        nearest: list[tuple[float, int]] = []
        if near:
            sims = self._cosines(doc, [self.docs[c] for c in near], language=True)
            for c, sim in zip(near, sims.tolist(), strict=True):
                sums[self.events.find(c)] += sim
            nearest = list(zip(sims.tolist(), near, strict=True))
        return sums, nearest

    def _across_languages(self, n: int, nearest: list[tuple[float, int]], merged: list[str]) -> None:
        """Article ``n``'s event joins the candidate event of another language its lead matches,
        one of the two being small (``crosslingual``'s rule, for one article); compared through
        its most similar member in another language than ``n``'s."""
        lang = self.docs[n].lang
        foreign = [(-sim, c) for sim, c in nearest if self.docs[c].lang != lang]
        if not foreign:  # words already compared it with every candidate in its language
            return
        root = self.events.find(n)
        lang = self._language(root)  # the event's, which may differ from the article's
        options: dict[int, int] = {}  # candidate event -> its member most similar to ``n``
        for _, c in sorted(foreign):  # the most similar first
            other = self.events.find(c)
            if other == root or other in options or self._language(other) == lang:
                continue
            if min(self.size[root], self.size[other]) <= SMALL:
                options[other] = c
            if len(options) >= LINGUAL_NEIGHBOURS:
                break
        budget = BUDGET_BASE + len(self.docs) // BUDGET_PER
        wanted = [i for i in [n, *options.values()] if i not in self.embedded and self.leads[i]]
        if not options or len(self.embedded) + len(wanted) > budget or not self.leads[n]:
            return
        if wanted:
            rows = shared_embedder(self.embedder).embed([self.leads[i] for i in wanted])
            self.embedded.update(zip(wanted, rows, strict=True))
        closeness = {
            other: float(self.embedded[n] @ self.embedded[c])
            for other, c in options.items()
            if c in self.embedded
        }
        target = closest_lead(closeness)
        if target is not None:
            self._merge(root, target, merged)  # refused if the time rule forbids it

    def _language(self, root: int) -> str:
        """The commonest language of an event's first members (a large event's is settled)."""
        if root not in self.languages:
            sample = self.members[root][:LANGUAGE_SAMPLE]
            self.languages[root] = Counter(self.docs[i].lang for i in sample).most_common(1)[0][0]
        return self.languages[root]

    def _share(self, n: int, copied: int, sums: dict[int, float]) -> None:
        """Copy ``n`` joins the copy group of ``copied``. A group weighs in the event links as
        the mean of its members' similarities (batch: each copy weighs 1 / group size), so a copy
        can bridge its event to another, and fifty reposts still count as one report."""
        rep = self.group[copied]
        own = self.events.find(n)
        before = self._resolved(rep)
        k = self.group_size[rep]
        after = dict(before)
        for root, total in sums.items():
            after[root] = after.get(root, 0.0) + total
        self.group[n], self.group_size[rep], self.group_sums[rep] = rep, k + 1, after
        for root in after:
            delta = after[root] / (k + 1) - before.get(root, 0.0) / k
            if root != own and delta:
                self._link(own, root, delta)

    def _resolved(self, rep: int) -> dict[int, float]:
        """A copy group's similarity sums keyed by the events' current roots."""
        out: dict[int, float] = defaultdict(float)
        for root, total in self.group_sums[rep].items():
            out[self.events.find(root)] += total
        return dict(out)

    def _link(self, a: int, b: int, total: float) -> None:
        self.links[a][b] = self.links[a].get(b, 0.0) + total
        self.links[b][a] = self.links[a][b]

    def _attach(self, n: int, sums: dict[int, float]) -> None:
        """Article ``n`` joins the event of highest mean similarity at or above the threshold
        that its date fits, if any."""
        for root, total in sums.items():
            self._link(n, root, total)
        fitting = [
            r
            for r in sums
            if sums[r] / self.size[r] >= self.threshold
            and _fits(_joined(self.span[r], self.span[n]))
            and self.signs.allows(r, n)
            and self.openings.allows(r, n)
        ]
        if fitting:
            self._merge(max(fitting, key=lambda r: (sums[r] / self.size[r], -r)), n, [])

    @staticmethod
    def _fits_day(a: Doc, b: Doc) -> bool:
        return a.day is None or b.day is None or abs(a.day - b.day) <= WINDOW_DAYS

    def _closest(self, root: int) -> int | None:
        """The neighbour event ``root`` should merge with next (average link), if any."""
        best, best_mean = None, self.threshold
        for other, total in self.links[root].items():
            mean = total / max(self.size[root] * self.size[other], 1)
            if mean >= best_mean and self._allows(root, other):
                best, best_mean = other, mean
        return best

    def _merge(self, a: int, b: int, merged: list[str]) -> int:
        """One event of ``a`` and ``b`` (the older id survives) if their dated span allows."""
        if a == b or not self._allows(a, b):
            return a
        keep = self.events.union(a, b)
        drop = b if keep == a else a
        self.signs.merge(keep, drop)
        self.openings.merge(keep, drop)
        self.languages.pop(a, None), self.languages.pop(b, None)
        if self.members[drop] != [len(self.docs) - 1]:  # an event before this article: folded in
            merged.append(event_id(self.docs[drop].id))
        self.members[keep] = self.members.pop(keep) + self.members.pop(drop)
        self.size[keep] += self.size.pop(drop)
        self.span[keep] = _joined(self.span[keep], self.span.pop(drop))
        links = self.links.pop(drop)
        links.pop(keep, None)
        self.links[keep].pop(drop, None)
        for other, total in links.items():
            self.links[keep][other] = self.links[keep].get(other, 0.0) + total
            self.links[other].pop(drop, None)
            self.links[other][keep] = self.links[keep][other]
        return keep

    def _allows(self, a: int, b: int) -> bool:
        """The batch's guards: the time rule, the signature veto (``events.signature``) and the
        lead veto (``events.leads``)."""
        time_ok = _fits(_joined(self.span[a], self.span[b]))
        return time_ok and self.signs.allows(a, b) and self.openings.allows(a, b)

    def _lsh_query(self, doc: Doc) -> list[int]:
        """Near-copy candidates already seen (datasketch LSH); rebuilt lazily after a resume."""
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

    def _place_story(self, doc: Doc, same_event: list[int]) -> None:
        self.story_best[doc.index] = doc.index
        others = [c for c in same_event if self.stories.find(c) != self.stories.find(doc.index)]
        if not others:
            return
        group = [self.docs[c] for c in others]
        cos = self._cosines(doc, group, language=False).tolist()
        anchor_cos = self._cosines(doc, group, language=False, anchors_only=True).tolist()
        for k, c in enumerate(others):
            a, b = self.stories.find(c), self.stories.find(doc.index)
            if a != b and story_link(doc, self.docs[c], cos[k], anchor_cos[k]):
                best = min(
                    self.story_best.pop(a), self.story_best.pop(b), key=lambda i: original_key(self.docs[i])
                )
                self.story_best[self.stories.union(a, b)] = best

    def grouping(self) -> Grouping:
        """The events and stories as they stand now (ids as the latest assignments give them)."""
        stories: dict[int, dict[int, list[str]]] = {}
        for d, event in zip(self.docs, self._split_events(), strict=True):
            stories.setdefault(event, {}).setdefault(self.stories.find(d.index), []).append(d.id)
        events = []
        for root, groups in stories.items():
            built = []
            for story, ids in groups.items():
                original = self.docs[self.story_best[story]].id
                built.append(Story(id=story_id(original), original=original, articles=ids))
            events.append(EventGroup(id=event_id(self.docs[root].id), stories=built))
        return Grouping(events=events)

    def _split_events(self) -> list[int]:
        """Each article's event root, with the events the batch cuts in two cut so here
        (``rejoin.split_by_names``, then ``leads.split_events``: the same tests on the same
        names and leads; a near-copy's lead counts once; the other members follow the part whose
        reports their words are closer to), and the parts rejoined as the batch rejoins them
        (``rejoin.rejoin_parts``)."""
        labels = [self.events.find(d.index) for d in self.docs]
        langs = [d.lang for d in self.docs]
        openings = [
            lead_vector(text, d.lang) if self.group.get(d.index, d.index) == d.index else {}
            for text, d in zip(self.leads, self.docs, strict=True)
        ]

        def affinity(i: int, part: list[int]) -> float:
            return float(self._cosines(self.docs[i], [self.docs[j] for j in part], language=True).mean())

        def near(part: list[int]) -> set[int]:  # the reports the feed compared them with
            return {c for i in part for c in self._candidates(self.docs[i], index=False)}

        cut = split_events(split_by_names(labels, self.docs, openings), openings, langs, affinity)
        return rejoin_parts(labels, cut, self.docs, openings, affinity, near, self.threshold, WINDOW_DAYS)

    def to_state(self) -> bytes:
        state: dict[str, Any] = {
            "version": STATE_VERSION,
            "threshold": self.threshold,
            "vocab": self.vocab.to_json(),
            "docs": [d.to_json() for d in self.docs],
            "leads": self.leads,
            "postings": [[k, v] for k, v in self.postings.items()],
            "events": self.events.parent,
            "stories": self.stories.parent,
            "best": [[k, v] for k, v in self.story_best.items()],
            "members": [[k, v] for k, v in self.members.items()],
            "size": [[k, v] for k, v in self.size.items()],
            "span": [[k, v] for k, v in self.span.items()],
            "links": [[k, list(v.items())] for k, v in self.links.items()],
            "group": [[k, v] for k, v in self.group.items()],
            "group_size": [[k, v] for k, v in self.group_size.items()],
            "group_sums": [[k, list(v.items())] for k, v in self.group_sums.items()],
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
            self.leads = [str(t) for t in state.get("leads", [""] * len(self.docs))]
            self.postings = defaultdict(list, {int(k): list(v) for k, v in state["postings"]})
            self.events.parent = [int(p) for p in state["events"]]
            self.stories.parent = [int(p) for p in state["stories"]]
            self.story_best = {int(k): int(v) for k, v in state["best"]}
            self.members = {int(k): [int(i) for i in v] for k, v in state["members"]}
            self.size = {int(k): int(v) for k, v in state["size"]}
            self.span = {int(k): _span(v) for k, v in state["span"]}
            self.links = {int(k): {int(o): float(s) for o, s in v} for k, v in state["links"]}
            self.group = {int(k): int(v) for k, v in state["group"]}
            self.group_size = {int(k): int(v) for k, v in state["group_size"]}
            self.group_sums = {int(k): {int(o): float(s) for o, s in v} for k, v in state["group_sums"]}
            self.signs = SignatureGuard(self.docs)
            self.openings = LeadGuard(
                [lead_vector(t, d.lang) for t, d in zip(self.leads, self.docs, strict=True)],
                [d.lang for d in self.docs],
            )
            for root, members in self.members.items():
                for i in members:
                    if i != root:
                        self.signs.merge(root, i)
                        self.openings.merge(root, i)
        except (zlib.error, ValueError, KeyError, TypeError, IndexError) as exc:
            raise StateError(
                f"cannot read the grouping state ({exc}); rebuild it by re-adding the articles"
            ) from None
        return self


class _GrowingSets(UnionFind):
    """A union-find that grows by one element per article."""

    def __init__(self) -> None:
        super().__init__(0)

    def grow(self) -> None:
        self.parent.append(len(self.parent))
