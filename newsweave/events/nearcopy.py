"""Near-copies: MinHash signatures of each article's word shingles (datasketch), and the LSH
banding of a whole pile at once.

datasketch's ``MinHashLSH`` stores every band of every article as a bytes key in a Python set,
which for 100,000 articles costs ~10 s and several hundred MB; banding all the signatures at once
with numpy sorts finds the same candidates in a fraction of a second and a few MB (hand-written
for that reason; the signatures and the band layout are datasketch's). Each candidate is then
checked, as LSH needs: the share of equal signature slots estimates the Jaccard similarity.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from datasketch import LeanMinHash, MinHash

NUM_PERM = 64  # MinHash permutations
COPY_JACCARD = 0.5  # estimated Jaccard similarity of two near-copies' shingle sets
BUCKET_WINDOW = 32  # in a huge bucket (one text posted hundreds of times) each meets the next 32
CHUNK = 1 << 18  # candidate pairs checked per step (bounds the gathered signatures in memory)
_EMPTY = np.zeros(0, dtype=np.uint32)


@cache
def template() -> MinHash:
    """An empty sketch whose copies share its permutations (drawn once, not per article); shingle
    hashes are already integers (identity hash). datasketch is imported on first use: it brings
    in scipy.integrate (~0.4 s), which only the near-copy steps need."""
    from datasketch import MinHash

    return MinHash(num_perm=NUM_PERM, seed=1, hashfunc=int)


def signature(shingles: np.ndarray) -> np.ndarray:
    """The MinHash signature (``NUM_PERM`` uint32) of shingle hashes; empty below two shingles,
    too few to call anything a copy."""
    if len(shingles) < 2:
        return _EMPTY
    mh = template().copy()
    mh.update_batch(shingles.tolist())
    return np.asarray(mh.hashvalues, dtype=np.uint32)


def lean(sig: np.ndarray) -> LeanMinHash:
    """A datasketch sketch of a signature, for a ``MinHashLSH`` index."""
    from datasketch import LeanMinHash

    return LeanMinHash(seed=1, hashvalues=sig, scheme=template().scheme)


@cache
def bands() -> tuple[int, int]:
    """(bands, rows per band): datasketch's optimum for ``COPY_JACCARD`` and ``NUM_PERM``."""
    from datasketch import MinHashLSH

    lsh = MinHashLSH(threshold=COPY_JACCARD, num_perm=NUM_PERM)
    return int(lsh.b), int(lsh.r)


def distinct(values: np.ndarray) -> np.ndarray:
    """Sorted distinct values (``np.unique``, which hashes and is several times slower here)."""
    values = np.sort(values)
    return values[np.concatenate(([True], values[1:] != values[:-1]))] if len(values) else values


def _bucket_pairs(keys: np.ndarray, rows: np.ndarray) -> list[np.ndarray]:
    """Pairs of rows with equal keys (a bucket of up to ``BUCKET_WINDOW + 1`` gives all its pairs)."""
    order = np.argsort(keys, kind="stable")
    keys, rows = keys[order], rows[order]
    found = []
    for off in range(1, BUCKET_WINDOW + 1):
        same = keys[off:] == keys[:-off]
        if not same.any():
            break
        found.append(np.stack([rows[:-off][same], rows[off:][same]], axis=1))
    return found


def near_copy_pairs(sigs: Sequence[np.ndarray]) -> np.ndarray:
    """(i, j) pairs, i < j, whose signatures agree on at least ``COPY_JACCARD`` of their slots,
    among the LSH candidates (equal in all the rows of at least one band)."""
    rows = np.array([i for i, s in enumerate(sigs) if len(s)], dtype=np.int64)
    if len(rows) < 2:
        return np.zeros((0, 2), dtype=np.int64)
    matrix = np.stack([sigs[i] for i in rows]).astype(np.uint64)
    b, r = bands()
    found = []
    for band in range(b):
        key = np.zeros(len(rows), dtype=np.uint64)
        for col in matrix[:, band * r : (band + 1) * r].T:
            key = key * np.uint64(0x100000001B3) + col  # wraps: a hash of the band's rows
        found += _bucket_pairs(key, np.arange(len(rows)))
    if not found:
        return np.zeros((0, 2), dtype=np.int64)
    pairs = np.sort(np.concatenate(found), axis=1)
    codes = distinct(pairs[:, 0] * len(rows) + pairs[:, 1])
    left, right = codes // len(rows), codes % len(rows)
    keep = np.zeros(len(codes), dtype=bool)
    for start in range(0, len(codes), CHUNK):
        a, c = left[start : start + CHUNK], right[start : start + CHUNK]
        keep[start : start + CHUNK] = (matrix[a] == matrix[c]).mean(axis=1) >= COPY_JACCARD
    return np.stack([rows[left[keep]], rows[right[keep]]], axis=1)
