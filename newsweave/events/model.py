"""The compact per-article record both groupers keep, and the decisions they share.

``Doc`` holds what grouping needs once the text is gone: weighted bags as vocabulary ids,
sampled shingle hashes, the date. ``story_link`` says whether two articles of one event copy
one report; ``original_key`` orders a story's articles to pick its original.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from newsweave.events.features import BUCKETS, Features
from newsweave.events.nearcopy import signature
from newsweave.records import safe_id

WINDOW_DAYS = 7  # dated reports further apart than this are different happenings
EVENT_THRESHOLD = 0.1  # mean cosine two groups need to be one event (average link)

COPY_CONTAINMENT = 0.15  # share of the shorter text's word shingles found in the other
SPIN_CONTAINMENT = 0.25  # that share plus the share of skeleton shingles (spun: synonyms swapped)
REWRITE_COSINE = 0.75  # same language, near-identical vocabulary
TRANSLATION_ANCHORS = 0.7  # anchor cosine across languages ...
TRANSLATION_NUMBERS = 3  # ... plus at least this many shared numbers
MIN_SHARED = 2  # sampled shingles in common before containment means anything
PARAGRAPH_SHARED = 10  # sampled shingles of the reporters' own words in common (~20 five-word
PARAGRAPH_CONTAINMENT = 0.08  # windows, a paragraph) and this share of the shorter text: a
# version of one wire story with a new lead, or a copy starting at another paragraph (a short
# text's few shared shingles say less: there the share of ``COPY_CONTAINMENT`` is needed)
FEW_SHARED = 6  # below this many sampled shingles in common (~12 windows: a sentence), a share
FEW_CONTAINMENT = 0.3  # counts only from this much of the shorter text on (word shingles and
# skeleton alike): a 400-character teaser quoting one wire sentence is another story's, and a
# 200-character stub whose two skeleton shingles recur in a long report says nothing; a stub copy
# of the wire story shares most of it


@dataclass(slots=True)
class Doc:
    id: str
    index: int  # input order
    day: int | None
    year: int | None
    lang: str
    wire: bool
    length: int
    keys: np.ndarray  # vocabulary ids of the bag (int64), ascending
    weights: np.ndarray  # raw weights (term counts; anchors scaled), float64
    numbers: frozenset[int]  # vocabulary ids of number anchors
    copy_sh: np.ndarray  # sampled word-shingle hashes, unique ascending (int64)
    spin_sh: np.ndarray  # sampled skeleton-shingle hashes
    sig: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.uint32))  # of copy_sh
    after: int | None = None  # undated: the weak lower bound of its day (``Features.after``)
    rare: frozenset[int] = frozenset()  # keys of its rare names (``events.signature``)
    before: int | None = None  # undated: the last day of the month or year its URL gives
    quoted: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))  # ``Features.quoted_sh``

    def own(self, attr: str) -> np.ndarray:
        """``copy_sh`` or ``spin_sh`` without the shingles of quotations: what stories compare."""
        values: np.ndarray = getattr(self, attr)
        return values[~np.isin(values, self.quoted, assume_unique=True)] if len(self.quoted) else values

    def to_json(self) -> list[Any]:
        return [
            self.id, self.index, self.day, self.year, self.lang, self.wire, self.length,
            self.keys.tolist(), self.weights.tolist(), sorted(self.numbers),
            self.copy_sh.tolist(), self.spin_sh.tolist(), self.after, sorted(self.rare), self.before,
            self.quoted.tolist(),
        ]  # fmt: skip

    @classmethod
    def from_json(cls, row: list[Any]) -> Doc:
        return cls(
            id=row[0], index=row[1], day=row[2], year=row[3], lang=row[4], wire=row[5],
            length=row[6], keys=np.array(row[7], dtype=np.int64),
            weights=np.array(row[8], dtype=np.float64), numbers=frozenset(row[9]),
            copy_sh=np.array(row[10], dtype=np.int64), spin_sh=np.array(row[11], dtype=np.int64),
            sig=signature(np.array(row[10], dtype=np.int64)), after=row[12] if len(row) > 12 else None,
            rare=frozenset(row[13]) if len(row) > 13 else frozenset(),
            before=row[14] if len(row) > 14 else None,
            quoted=np.array(row[15] if len(row) > 15 else [], dtype=np.int64),
        )  # fmt: skip  # the signature is not stored: it follows from the shingles


class Vocabulary:
    """Document frequencies over the hashed feature ids, and the TF-IDF vectors they give."""

    def __init__(self) -> None:
        self.df = np.zeros(2 * BUCKETS, dtype=np.int32)
        self.docs = 0
        self.growing = False

    def doc(self, feats: Features, index: int) -> Doc:
        self.df[feats.keys] += 1
        self.docs += 1
        return Doc(
            id=feats.id, index=index, day=feats.day, year=feats.year, lang=feats.lang,
            wire=feats.wire, length=feats.length, keys=feats.keys, weights=feats.weights,
            numbers=feats.numbers, copy_sh=feats.copy_sh, spin_sh=feats.spin_sh, sig=feats.sig,
            after=feats.after, rare=feats.rare, before=feats.before, quoted=feats.quoted_sh,
        )  # fmt: skip

    def to_json(self) -> dict[str, Any]:
        nonzero = np.flatnonzero(self.df)
        return {"df": [nonzero.tolist(), self.df[nonzero].tolist()], "docs": self.docs}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Vocabulary:
        vocab = cls()
        keys, counts = data["df"]
        vocab.df[np.array(keys, dtype=np.int64)] = np.array(counts, dtype=np.int32)
        vocab.docs = int(data["docs"])
        return vocab

    def idf(self, keys: np.ndarray, keep_unique: bool = False) -> np.ndarray:
        """Smoothed idf. In a whole pile a term of one document links nothing, so it weighs 0,
        unless ``keep_unique`` (copy decisions: what only one text says counts against a copy)
        or the pile is ``growing`` (a later article may share it)."""
        df = self.df[keys]
        idf = np.log((self.docs + 1) / (df + 0.5))
        if keep_unique or self.growing:
            return idf
        return np.where(df > 1, idf, 0.0)

    def vector(self, doc: Doc, anchors_only: bool = False, keep_unique: bool = False) -> dict[int, float]:
        """L2-normalised TF-IDF of the whole bag, or of its names and numbers alone."""
        keys, weights = doc.keys, doc.weights
        if anchors_only:
            mask = keys >= BUCKETS
            keys, weights = keys[mask], weights[mask]
        vec = weights * self.idf(keys, keep_unique)
        norm = float(np.sqrt(vec @ vec)) or 1.0
        return {k: v / norm for k, v in zip(keys.tolist(), vec.tolist(), strict=True) if v}


def cosine(a: dict[int, float], b: dict[int, float]) -> float:
    if len(a) > len(b):
        a, b = b, a
    return sum(v * b.get(k, 0.0) for k, v in a.items())


def time_adjusted(sim: float, a: Doc, b: Doc) -> float:
    """Dated reports more than a week apart cannot be one event."""
    if a.day is not None and b.day is not None and abs(a.day - b.day) > WINDOW_DAYS:
        return -1.0
    return sim


def _containment(a: np.ndarray, b: np.ndarray) -> tuple[float, int]:
    """(containment, shingles shared) of two shingle sets."""
    shared = len(np.intersect1d(a, b, assume_unique=True))
    return float(containment(np.array(shared), np.array(len(a)), np.array(len(b)))), shared


def story_link(a: Doc, b: Doc, cos: float, anchor_cos: float) -> bool:
    """Do two articles of one event copy one report (copied, spun, translated, rewritten)?"""
    copied, shared = _containment(a.own("copy_sh"), b.own("copy_sh"))
    skeleton, _ = _containment(a.own("spin_sh"), b.own("spin_sh"))
    numbers = len(a.numbers & b.numbers)
    return bool(linked(copied, skeleton, a.lang == b.lang, cos, anchor_cos, numbers, shared))


def linked(
    copied: Any, skeleton: Any, same_lang: Any, cos: Any, anchor_cos: Any, numbers: Any, shared: Any = 0
) -> Any:
    """``story_link``'s rule over its measurements, for one pair (floats) or many (arrays):
    shingle containments, same language, cosines of the bags and of the anchors, shared numbers,
    copy shingles shared."""
    # a spun or lightly edited copy keeps some word runs and much of its skeleton: the evidence
    # adds up (on the dev pages, same-story pairs score >= 0.2, other reports of the event <= 0.18)
    return (
        (copied >= COPY_CONTAINMENT)
        | (copied + skeleton >= SPIN_CONTAINMENT)
        | ((copied >= PARAGRAPH_CONTAINMENT) & (shared >= PARAGRAPH_SHARED))
        | np.where(
            same_lang,
            cos >= REWRITE_COSINE,
            (anchor_cos >= TRANSLATION_ANCHORS) & (numbers >= TRANSLATION_NUMBERS),
        )
    )


def containment(shared: np.ndarray, size_a: np.ndarray, size_b: np.ndarray) -> np.ndarray:
    """``_containment`` for many pairs: shared counts over the smaller set's size; 0 below
    ``MIN_SHARED``, and below ``FEW_SHARED`` unless the share reaches ``FEW_CONTAINMENT``."""
    share = shared / np.maximum(np.minimum(size_a, size_b), 1)
    counts = (shared >= MIN_SHARED) & ((shared >= FEW_SHARED) | (share >= FEW_CONTAINMENT))
    return np.where(counts, share, 0.0)


def original_key(doc: Doc) -> tuple[int, int, int, int]:
    """Sort key: the original is the earliest, wire-credited, most complete report."""
    return (doc.day if doc.day is not None else 10**9, 0 if doc.wire else 1, -doc.length, doc.index)


def event_id(first: str) -> str:
    return safe_id(f"ev-{first}")


def story_id(original: str) -> str:
    return safe_id(f"st-{original}")
