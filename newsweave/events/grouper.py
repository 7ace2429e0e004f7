"""Batch grouping: candidates first (near-copy LSH, postings of each article's rarest terms and
names), then average-link clustering over the candidate graph, then stories inside each event."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import cache
from typing import TypeVar

import numpy as np
from datasketch import MinHash, MinHashLSH
from scipy import sparse

from newsweave.events.features import BUCKETS, features_of
from newsweave.events.guards import TimeSpan
from newsweave.events.linkage import UnionFind, average_link
from newsweave.events.model import EVENT_THRESHOLD, WINDOW_DAYS, Doc, Vocabulary
from newsweave.events.stories import make_event, split_stories
from newsweave.records import Article, Grouping

TOP_TERMS = 30  # each article is indexed under its highest-weighted terms and names
POSTING_WINDOW = 10  # in one posting list (ordered by date, then input), an article meets the next 30
NEIGHBOURS = 25  # edges kept per article, the most similar first
NUM_PERM = 64  # MinHash permutations for the near-copy index
COPY_JACCARD = 0.5  # near-copies by LSH are joined to one event whatever else they say
BOILERPLATE_EVENTS = 3  # a shingle in this many events is page furniture, not reporting
PARALLEL_MIN = 2000  # below this many articles, worker processes cost more than they save
PARALLEL_CHUNK = 256
CHUNK = 20_000  # candidate pairs scored per sparse product (bounds the gathered rows in memory)


T = TypeVar("T")
R = TypeVar("R")


def tfidf_matrix(docs: Sequence[Doc], vocab: Vocabulary) -> sparse.csr_matrix:
    """Row-normalised TF-IDF (bags were weighted at extraction), over the feature ids in use:
    compact columns make the pairwise products several times faster than the hashed space."""
    indptr = np.cumsum([0] + [len(d.keys) for d in docs])
    keys = np.concatenate([d.keys for d in docs]) if docs else np.zeros(0, np.int64)
    data = np.concatenate([d.weights for d in docs]) if docs else np.zeros(0)
    rows = np.repeat(np.arange(len(docs)), np.diff(indptr))
    data = data * language_idf(docs, vocab, keys, rows)
    used, column = np.unique(keys, return_inverse=True)  # monotone: rows stay sorted
    norms = np.sqrt(np.bincount(rows, weights=data * data, minlength=len(docs)))
    norms[norms == 0] = 1.0
    m = sparse.csr_matrix((data / norms[rows], column, indptr), shape=(len(docs), len(used)))
    m.has_sorted_indices = True
    return m


def language_idf(docs: Sequence[Doc], vocab: Vocabulary, keys: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """The pile's idf, lowered for words common within their own language.

    In a mostly English pile, the function words of the few German pages ("nach", "wurde") are
    rare overall and would tie every German page to every other. A word's document frequency is
    therefore also measured among the pages of its language, scaled to the pile; names and
    numbers (anchors) keep the pile's idf: they are what links across languages."""
    idf = vocab.idf(keys)
    if not len(keys):
        return idf
    codes: dict[str, int] = {}
    doc_lang = np.array([codes.setdefault(d.lang, len(codes)) for d in docs], dtype=np.int64)
    per_lang, lang = np.bincount(doc_lang), doc_lang[rows]
    _, inverse, counts = np.unique(lang * (2 * BUCKETS) + keys, return_inverse=True, return_counts=True)
    scaled_df = counts[inverse] * (len(docs) / per_lang[lang])
    within = np.maximum(np.log((len(docs) + 1) / (scaled_df + 0.5)), 0.0)
    return np.where(keys >= BUCKETS, idf, np.minimum(idf, within))


def candidate_pairs(docs: Sequence[Doc], m: sparse.csr_matrix) -> np.ndarray:
    """(i, j) pairs with i < j sharing a top term, each posting walked in a sliding window."""
    order = sorted(range(len(docs)), key=lambda i: (docs[i].day or 0, i))
    cols, rows = [], []
    for i in order:
        lo, hi = m.indptr[i], m.indptr[i + 1]
        top = m.indices[lo:hi][np.argsort(-m.data[lo:hi], kind="stable")[:TOP_TERMS]]
        cols.append(top)
        rows.append(np.full(len(top), i, dtype=np.int64))
    if not cols:
        return np.zeros((0, 2), dtype=np.int64)
    col, row = np.concatenate(cols), np.concatenate(rows)
    # postings: articles grouped by term, each group in date-then-input order (stable sort)
    by_term = np.argsort(col, kind="stable")
    col, row = col[by_term], row[by_term]
    chunks = []
    for off in range(1, POSTING_WINDOW + 1):
        same = col[off:] == col[:-off]
        if not same.any():
            break
        chunks.append(np.stack([row[:-off][same], row[off:][same]], axis=1))
    if not chunks:
        return np.zeros((0, 2), dtype=np.int64)
    pairs = np.sort(np.concatenate(chunks), axis=1)
    codes = np.sort(pairs[:, 0] * len(docs) + pairs[:, 1])
    codes = codes[np.concatenate(([True], codes[1:] != codes[:-1]))]  # np.unique: hashing is slower
    return np.stack([codes // len(docs), codes % len(docs)], axis=1)


@cache
def _template() -> MinHash:
    return MinHash(num_perm=NUM_PERM, seed=1)  # permutations drawn once, not per article


def minhash(doc: Doc) -> MinHash:
    """MinHash of the article's sampled word shingles (already integers: identity hash)."""
    t = _template()
    mh = MinHash(num_perm=NUM_PERM, seed=1, hashfunc=int, permutations=t.permutations, scheme=t.scheme)
    mh.update_batch(doc.copy_sh.tolist())
    return mh


def near_copy_pairs(docs: Sequence[Doc]) -> list[tuple[int, int]]:
    """Near-duplicate pairs by MinHash LSH over word shingles (datasketch)."""
    lsh = MinHashLSH(threshold=COPY_JACCARD, num_perm=NUM_PERM)
    found: list[tuple[int, int]] = []
    for i, d in enumerate(docs):
        if len(d.copy_sh) < 2:
            continue
        mh = minhash(d)
        found.extend((int(j), i) for j in lsh.query(mh))
        lsh.insert(i, mh)
    return found


def scored_edges(docs: Sequence[Doc], m: sparse.csr_matrix) -> list[tuple[int, int, float]]:
    """Cosine of every candidate pair, adjusted for time, the best ``NEIGHBOURS`` per article."""
    pairs = candidate_pairs(docs, m)
    sims = np.zeros(len(pairs))
    for start in range(0, len(pairs), CHUNK):
        p = pairs[start : start + CHUNK]
        left, right = m[p[:, 0]], m[p[:, 1]]
        left.has_canonical_format = right.has_canonical_format = True  # rows of a canonical matrix
        sims[start : start + CHUNK] = np.asarray(left.multiply(right).sum(axis=1)).ravel()
    day = np.array([d.day if d.day is not None else -1 for d in docs])
    i, j = pairs[:, 0], pairs[:, 1]
    dated = (day[i] >= 0) & (day[j] >= 0)
    apart = dated & (np.abs(day[i] - day[j]) > WINDOW_DAYS)
    strong = sims >= EVENT_THRESHOLD
    sims = np.where(apart, -1.0, sims)
    # "cannot be one event" edges stay wherever content alone would have joined the pair
    keep = _top_per_node(len(docs), pairs, sims) | (apart & strong)
    edges = {(int(a), int(b)): float(s) for (a, b), s in zip(pairs[keep], sims[keep], strict=True)}
    for a, b in near_copy_pairs(docs):
        if time_ok(docs[a], docs[b]):
            edges[min(a, b), max(a, b)] = 1.0
    return [(a, b, s) for (a, b), s in edges.items()]


def copy_weights(n: int, edges: Sequence[tuple[int, int, float]]) -> list[float]:
    """1 / (number of near-copies) per article: in the average-link means, fifty reposts of one
    wire story weigh as one report, so they do not outvote the independent ones."""
    groups = UnionFind(n)
    for a, b, s in edges:
        if s >= 1.0:  # near-copies by LSH (cosine never exceeds 1 otherwise)
            groups.union(a, b)
    roots = [groups.find(i) for i in range(n)]
    count = Counter(roots)
    return [1.0 / count[r] for r in roots]


def time_ok(a: Doc, b: Doc) -> bool:
    return a.day is None or b.day is None or abs(a.day - b.day) <= WINDOW_DAYS


def _top_per_node(n: int, pairs: np.ndarray, sims: np.ndarray) -> np.ndarray:
    """Mask of pairs among the ``NEIGHBOURS`` most similar of either endpoint."""
    if len(pairs) == 0:
        return np.zeros(0, dtype=bool)
    keep = np.zeros(len(pairs), dtype=bool)
    strength = -sims
    for col in (0, 1):
        order = np.lexsort((strength, pairs[:, col]))
        nodes = pairs[order, col]
        starts = np.searchsorted(nodes, nodes, side="left")
        keep[order[np.arange(len(order)) - starts < NEIGHBOURS]] = True
    return keep


def parallel_map(func: Callable[[T], R], items: Sequence[T], workers: int | None = None) -> list[R]:
    """``map`` over up to two processes for big piles (the per-article work is pure Python)."""
    workers = workers or min(2, os.cpu_count() or 1)
    if workers <= 1 or len(items) < PARALLEL_MIN:
        return [func(x) for x in items]
    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(func, items, chunksize=PARALLEL_CHUNK))


def _spread(hashes: list[np.ndarray], labels: np.ndarray) -> np.ndarray:
    """Hashes found in at least ``BOILERPLATE_EVENTS`` different events."""
    sizes = [len(h) for h in hashes]
    if not sum(sizes):
        return np.zeros(0, dtype=np.int64)
    flat = np.concatenate(hashes)
    owner = np.repeat(labels, sizes)
    both = np.unique(np.stack([flat, owner], axis=1), axis=0)
    values, counts = np.unique(both[:, 0], return_counts=True)
    return values[counts >= BOILERPLATE_EVENTS]


def drop_boilerplate(docs: Sequence[Doc], labels: Sequence[int]) -> None:
    """Remove from every article the shingles that several events share: an aggregator's header
    and footer around unrelated reports, which would otherwise look like copied text."""
    owner = np.asarray(labels, dtype=np.int64)
    for attr in ("copy_sh", "spin_sh"):
        common = _spread([getattr(d, attr) for d in docs], owner)
        if len(common):
            for d in docs:
                setattr(d, attr, np.setdiff1d(getattr(d, attr), common, assume_unique=True))


class WeaveGrouper:
    """The default grouper: content, names, numbers and time; near-linear in the pile size."""

    def __init__(self, threshold: float = EVENT_THRESHOLD, workers: int | None = None) -> None:
        self.threshold = threshold
        self.workers = workers

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
        m = tfidf_matrix(docs, vocab)
        guards = (TimeSpan([d.day for d in docs], WINDOW_DAYS),)
        edges = scored_edges(docs, m)
        weights = copy_weights(len(docs), edges)
        labels = average_link(len(docs), edges, self.threshold, guards, weights)
        drop_boilerplate(docs, labels)
        members: dict[int, list[Doc]] = {}
        for d, label in zip(docs, labels, strict=True):
            members.setdefault(label, []).append(d)
        events = [make_event(split_stories(group, vocab)) for group in members.values()]
        return Grouping(events=events)
