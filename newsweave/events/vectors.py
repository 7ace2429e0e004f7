"""Sparse matrices over a pile, one row per article: TF-IDF bags, and sets (shingles, numbers)
as 0/1 rows; and the dot products of chosen pairs of rows, which is how both grouping steps
compare articles without ever forming the n x n matrix."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from scipy import sparse

from newsweave.events.features import BUCKETS
from newsweave.events.model import Doc, Vocabulary

CHUNK = 20_000  # pairs per product (bounds the gathered rows in memory)


def _matrix(rows: np.ndarray, keys: np.ndarray, data: np.ndarray, n: int, norm: bool) -> sparse.csr_matrix:
    """CSR over the keys in use (compact columns make the products several times faster than
    the hashed space); ``rows`` ascending, keys ascending within a row."""
    used, column = np.unique(keys, return_inverse=True)  # monotone: rows stay sorted
    if norm:
        norms = np.sqrt(np.bincount(rows, weights=data * data, minlength=n))
        norms[norms == 0] = 1.0
        data = data / norms[rows]
    indptr = np.concatenate(([0], np.cumsum(np.bincount(rows, minlength=n))))
    m = sparse.csr_matrix((data, column.ravel(), indptr), shape=(n, len(used)))
    m.has_sorted_indices = True
    return m


def _flat(docs: Sequence[Doc]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rows = np.repeat(np.arange(len(docs)), [len(d.keys) for d in docs])
    keys = np.concatenate([d.keys for d in docs]) if docs else np.zeros(0, np.int64)
    data = np.concatenate([d.weights for d in docs]) if docs else np.zeros(0)
    return rows, keys, data


def tfidf_matrix(docs: Sequence[Doc], vocab: Vocabulary) -> sparse.csr_matrix:
    """Row-normalised TF-IDF with the language-aware idf (event similarity)."""
    rows, keys, data = _flat(docs)
    return _matrix(rows, keys, data * language_idf(docs, vocab, keys, rows), len(docs), True)


def story_matrix(docs: Sequence[Doc], vocab: Vocabulary, anchors_only: bool = False) -> sparse.csr_matrix:
    """Row-normalised TF-IDF of the whole bags, or of their names and numbers alone, where what
    only one text says counts (``Vocabulary.vector`` with ``keep_unique``, for all rows at once)."""
    rows, keys, data = _flat(docs)
    if anchors_only:
        mask = keys >= BUCKETS
        rows, keys, data = rows[mask], keys[mask], data[mask]
    return _matrix(rows, keys, data * vocab.idf(keys, keep_unique=True), len(docs), True)


def set_matrix(sets: Sequence[np.ndarray]) -> sparse.csr_matrix:
    """0/1 rows: the dot product of two rows is the size of the two sets' intersection."""
    rows = np.repeat(np.arange(len(sets)), [len(s) for s in sets])
    values = np.concatenate(sets).astype(np.int64) if sets else np.zeros(0, np.int64)
    return _matrix(rows, values, np.ones(len(values)), len(sets), False)


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
    return lowered_for_language(idf, keys, counts[inverse], per_lang[lang], len(docs))


def lowered_for_language(
    idf: np.ndarray, keys: np.ndarray, lang_df: np.ndarray, lang_docs: np.ndarray, docs: int
) -> np.ndarray:
    """``idf`` of each key, lowered for a word to the idf it has among the pages of its language
    (``lang_df`` of ``lang_docs``), that document frequency scaled to the ``docs`` of the pile."""
    scaled_df = lang_df * (docs / np.maximum(lang_docs, 1))
    within = np.maximum(np.log((docs + 1) / (scaled_df + 0.5)), 0.0)
    return np.where(keys >= BUCKETS, idf, np.minimum(idf, within))


def row_dots(m: sparse.csr_matrix, pairs: np.ndarray) -> np.ndarray:
    """``m[i] . m[j]`` for each pair (i, j): cosines of normalised rows, or shared set sizes."""
    out = np.zeros(len(pairs))
    for start in range(0, len(pairs), CHUNK):
        p = pairs[start : start + CHUNK]
        left, right = m[p[:, 0]], m[p[:, 1]]
        left.has_canonical_format = right.has_canonical_format = True  # rows of a canonical matrix
        out[start : start + CHUNK] = np.asarray(left.multiply(right).sum(axis=1)).ravel()
    return out
