"""The process engine: partitions on a pool of worker processes on this machine (stdlib only).

``brief`` uses it to put both cores to work without Dask's start-up. On Linux the workers are
forked, so they start in milliseconds with every module the driver imported already loaded; a
model a worker loads (spaCy) stays loaded for the life of the pool. At most ``window`` partitions
are in flight; results are yielded in input order.
"""

from __future__ import annotations

import multiprocessing
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")


class ProcessEngine:
    name = "processes"

    def __init__(self, workers: int | None = None, preload: Callable[[], object] | None = None) -> None:
        """``preload`` runs here before the workers fork, so what it loads is shared with them."""
        self.workers = workers or os.cpu_count() or 1
        if preload is not None:
            preload()
        methods = multiprocessing.get_all_start_methods()
        ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        self._pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=ctx)
        self.window = 2 * self.workers

    def map_partitions(
        self, fn: Callable[[list[T]], list[R]], parts: Iterable[list[T]]
    ) -> Iterator[list[R]]:
        pending: deque[Future[list[R]]] = deque()
        for part in parts:
            pending.append(self._pool.submit(fn, part))
            if len(pending) >= self.window:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()

    def close(self) -> None:
        self._pool.shutdown(cancel_futures=True)

    def __enter__(self) -> ProcessEngine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
