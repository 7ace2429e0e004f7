"""Batch grouping: candidates first (near-copy LSH, postings of each article's rarest terms and
names), then average-link clustering over the candidate graph, then stories inside each event."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

import numpy as np
from scipy import sparse
from scipy.sparse.csgraph import connected_components

from newsweave.events.crosslingual import link_across_languages
from newsweave.events.features import features_of
from newsweave.events.guards import TimeSpan
from newsweave.events.leads import LeadGuard, edge_affinity, split_events
from newsweave.events.linkage import Guard, average_link
from newsweave.events.model import EVENT_THRESHOLD, WINDOW_DAYS, Doc, Vocabulary
from newsweave.events.nearcopy import distinct, near_copy_pairs
from newsweave.events.rejoin import edge_neighbours, rejoin_parts, split_by_names
from newsweave.events.signature import SignatureGuard
from newsweave.events.stories import make_events, story_labels
from newsweave.events.translation import passage_budget
from newsweave.events.vectors import event_matrix, event_sims, evidence_matrix
from newsweave.nlp.embed import Embedder, shared_embedder
from newsweave.records import Article, Grouping

TOP_TERMS = 30  # each article is indexed under its highest-weighted terms and names
POSTING_WINDOW = 10  # in one posting list (ordered by date, then input), an article meets the next 30
NEIGHBOURS = 25  # edges kept per article, the most similar first
BOILERPLATE_EVENTS = 3  # a shingle in this many events is page furniture, not reporting
PARALLEL_MIN = 2000  # below this many articles, worker processes cost more than they save
PARALLEL_CHUNK = 256


T = TypeVar("T")
R = TypeVar("R")


def top_terms(m: sparse.csr_matrix, k: int) -> tuple[np.ndarray, np.ndarray]:
    """(row, column) of each row's ``k`` highest weights (ties: the lower column first)."""
    rows = np.repeat(np.arange(m.shape[0]), np.diff(m.indptr))
    order = np.argsort(2.0 * rows + (1.0 - m.data), kind="stable")  # by row, weight descending
    rank = np.arange(len(order)) - m.indptr[rows[order]]
    keep = order[rank < k]
    return rows[keep], m.indices[keep]


def candidate_pairs(docs: Sequence[Doc], m: sparse.csr_matrix) -> np.ndarray:
    """(i, j) pairs with i < j sharing a top term, each posting walked in a sliding window;
    dated pairs further apart than the window are left out (they cannot be one event)."""
    n = len(docs)
    day = np.array([d.day if d.day is not None else -1 for d in docs], dtype=np.int64)
    position = np.empty(n, dtype=np.int64)  # postings are in date-then-content order
    position[np.lexsort((np.arange(n), content_order(docs), np.maximum(day, 0)))] = np.arange(n)
    row, col = top_terms(m, TOP_TERMS)
    by_term = np.argsort(col.astype(np.int64) * n + position[row])
    col, row = col[by_term], row[by_term]
    codes = []  # pair i < j as i * n + j, distinct within each step (a pair sharing several top
    for off in range(1, POSTING_WINDOW + 1):  # terms turns up several times: half the memory)
        same = np.flatnonzero(col[off:] == col[:-off])
        if not len(same):
            break
        left, right = row[same], row[same + off]
        near = time_ok(day[left], day[right])
        codes.append(distinct(np.minimum(left, right)[near] * n + np.maximum(left, right)[near]))
    if not codes:
        return np.zeros((0, 2), dtype=np.int64)
    found = distinct(np.concatenate(codes))
    return np.stack([found // n, found % n], axis=1)


def content_order(docs: Sequence[Doc]) -> np.ndarray:
    """A key per article that follows from its text alone (the first value of its MinHash
    signature; near-copies mostly share it), so that the postings' windows, and so the pairs
    compared, do not depend on the order the pile came in. In input order, a file listing each
    event's pages together (realworld_dev, the DUC 2003 / MultiLing mix) gave each window the
    pages of one event, which a feed in another order does not."""
    return np.array([int(d.sig[0]) if len(d.sig) else 0 for d in docs], dtype=np.int64)


def scored_edges(docs: Sequence[Doc], m: sparse.csr_matrix) -> tuple[np.ndarray, np.ndarray]:
    """Candidate pairs and their cosines, the best ``NEIGHBOURS`` per article, plus near-copies
    by LSH at similarity 1.0. Pairs dated too far apart carry no edge: the ``TimeSpan`` guard
    keeps them apart whatever their similarity."""
    pairs = candidate_pairs(docs, m)
    lang = np.array([d.lang for d in docs])
    sims = event_sims(m, evidence_matrix(docs), pairs, lang[pairs[:, 0]] != lang[pairs[:, 1]])
    keep = _top_per_node(len(docs), pairs, sims)
    pairs, sims = pairs[keep], sims[keep]
    copies = near_copy_pairs([d.sig for d in docs])
    day = np.array([d.day if d.day is not None else -1 for d in docs], dtype=np.int64)
    copies = copies[time_ok(day[copies[:, 0]], day[copies[:, 1]])]
    pairs = np.concatenate([copies, pairs])
    sims = np.concatenate([np.ones(len(copies)), sims])
    _, first = np.unique(pairs[:, 0] * len(docs) + pairs[:, 1], return_index=True)  # copies win
    return pairs[first], sims[first]


def time_ok(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Per pair of days (-1 for undated): could the two be one event?"""
    return (a < 0) | (b < 0) | (np.abs(a - b) <= WINDOW_DAYS)


def within_components(n: int, pairs: np.ndarray, sims: np.ndarray, threshold: float) -> np.ndarray:
    """Mask of the edges that can matter to average link at ``threshold``: a merge needs a mean
    of at least ``threshold``, hence one cross edge that high, so clusters only ever form inside
    the connected components of those edges; edges between components are dropped (exact)."""
    strong = sims >= threshold
    graph = sparse.coo_matrix((np.ones(int(strong.sum())), (pairs[strong, 0], pairs[strong, 1])), (n, n))
    _, comp = connected_components(graph, directed=False)
    return comp[pairs[:, 0]] == comp[pairs[:, 1]]


def copy_components(n: int, pairs: np.ndarray, sims: np.ndarray) -> np.ndarray:
    """Component label per article over the near-copy edges (LSH, similarity 1.0)."""
    copies = pairs[sims >= 1.0]  # near-copies by LSH (cosine never exceeds 1 otherwise)
    graph = sparse.coo_matrix((np.ones(len(copies)), (copies[:, 0], copies[:, 1])), (n, n))
    return np.asarray(connected_components(graph, directed=False)[1])


def copy_weights(comp: np.ndarray) -> list[float]:
    """1 / (number of near-copies) per article (``comp``: ``copy_components``): in the
    average-link means, fifty reposts of one wire story weigh as one report, so they do not
    outvote the independent ones."""
    return (1.0 / np.bincount(comp)[comp]).tolist()


def first_copies(comp: np.ndarray) -> np.ndarray:
    """Mask of the first article of each near-copy component."""
    first = np.zeros(len(comp), dtype=bool)
    first[np.unique(comp, return_index=True)[1]] = True
    return first


def _top_per_node(n: int, pairs: np.ndarray, sims: np.ndarray) -> np.ndarray:
    """Mask of pairs among the ``NEIGHBOURS`` most similar of either endpoint (sims in [0, 1])."""
    keep = np.zeros(len(pairs), dtype=bool)
    for col in (0, 1):
        nodes = pairs[:, col]
        order = np.argsort(3.0 * nodes + (1.0 - sims), kind="stable")  # by node, most similar first
        starts = np.searchsorted(nodes[order], nodes[order], side="left")
        keep[order[np.arange(len(order)) - starts < NEIGHBOURS]] = True
    return keep


def parallel_map(func: Callable[[T], R], items: Sequence[T], workers: int | None = None) -> list[R]:
    """``map`` over up to two processes for big piles (the per-article work is pure Python)."""
    workers = workers or min(2, os.cpu_count() or 1)
    if workers <= 1 or len(items) < PARALLEL_MIN:
        return [func(x) for x in items]
    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(func, items, chunksize=PARALLEL_CHUNK))


def _spread(flat: np.ndarray, owner: np.ndarray) -> np.ndarray:
    """Values of ``flat`` found under at least ``BOILERPLATE_EVENTS`` different owners."""
    order = np.lexsort((owner, flat))
    flat, owner = flat[order], owner[order]
    new = np.ones(len(flat), dtype=bool)  # first of each distinct (value, owner)
    new[1:] = (flat[1:] != flat[:-1]) | (owner[1:] != owner[:-1])
    values, counts = np.unique(flat[new], return_counts=True)
    return values[counts >= BOILERPLATE_EVENTS]


def drop_boilerplate(docs: Sequence[Doc], labels: Sequence[int]) -> None:
    """Remove from every article the shingles that several events share: an aggregator's header
    and footer around unrelated reports, which would otherwise look like copied text."""
    owner = np.asarray(labels, dtype=np.int64)
    for attr in ("copy_sh", "spin_sh"):
        arrays = [getattr(d, attr) for d in docs]
        sizes = np.array([len(a) for a in arrays])
        if not sizes.sum():
            continue
        flat = np.concatenate(arrays)
        common = _spread(flat, np.repeat(owner, sizes))
        if not len(common):
            continue
        kept = ~np.isin(flat, common)
        bounds = np.cumsum(sizes)[:-1]
        for d, values, mask in zip(docs, np.split(flat, bounds), np.split(kept, bounds), strict=True):
            if not mask.all():
                setattr(d, attr, values[mask])


class WeaveGrouper:
    """The default grouper: content, names, numbers and time; near-linear in the pile size."""

    def __init__(
        self,
        threshold: float = EVENT_THRESHOLD,
        workers: int | None = None,
        embedder: str = "default",
        translation_passages: int | None = None,
    ) -> None:
        self.threshold = threshold
        self.workers = workers
        self.embedder = embedder  # backend name (``nlp.embed``): loaded only if a link needs it
        # sentences embedded for translations (stories): None = ``translation.passage_budget`` of
        # the pile, 0 = none
        self.translation_passages = translation_passages

    def _embedder(self) -> Embedder:
        return shared_embedder(self.embedder)

    def group(self, articles: Sequence[Article]) -> Grouping:
        vocab = Vocabulary()
        feats = (
            [features_of(a) for a in articles]
            if all(a.features is not None for a in articles)
            else parallel_map(features_of, articles, self.workers)
        )
        docs = [vocab.doc(f, i) for i, f in enumerate(feats)]
        if not docs:
            return Grouping(events=[])
        m = event_matrix(docs)
        pairs, sims = scored_edges(docs, m)
        comp = copy_components(len(docs), pairs, sims)
        weights = copy_weights(comp)
        first = first_copies(comp).tolist()  # a near-copy's lead is its original's: counted once
        openings = [f.opening if one else {} for f, one in zip(feats, first, strict=True)]
        guards: tuple[Guard, ...] = (
            TimeSpan([d.day for d in docs], WINDOW_DAYS, [d.after for d in docs], [d.before for d in docs]),
            SignatureGuard(docs),
            LeadGuard(openings, [d.lang for d in docs]),
        )
        keep = within_components(len(docs), pairs, sims, self.threshold)
        edges = zip(pairs[keep, 0].tolist(), pairs[keep, 1].tolist(), sims[keep].tolist(), strict=True)
        labels = average_link(len(docs), edges, self.threshold, guards, weights)
        affinity = edge_affinity(pairs, sims)
        cut = split_events(split_by_names(labels, docs, openings), openings, [d.lang for d in docs], affinity)
        labels = rejoin_parts(
            labels, cut, docs, openings, affinity, edge_neighbours(pairs), self.threshold, WINDOW_DAYS
        )
        leads = [f.lead for f in feats]
        labels = link_across_languages(docs, leads, labels, pairs, sims, self._embedder)
        drop_boilerplate(docs, labels)
        events = np.asarray(labels, dtype=np.int64)
        budget = self.translation_passages
        budget = passage_budget(len(docs)) if budget is None else budget
        passages = [f.passages for f in feats] if budget else None
        stories = story_labels(docs, events, vocab, passages, self._embedder, budget)
        return Grouping(events=make_events(docs, events, stories))
