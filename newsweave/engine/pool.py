"""The process engine: partitions on a pool of worker processes on this machine (stdlib only).

``brief`` uses it to put both cores to work without Dask's start-up. On Linux the workers are
forked, so they start in milliseconds with every module the driver imported already loaded; a
model a worker loads (spaCy) stays loaded for the life of the pool. Results are yielded in input
order, but a slow partition at the head does not stall the others: up to ``window`` partitions
run or wait in the pool, and up to ``buffer`` finished ones may wait for the head to be yielded.
"""

from __future__ import annotations

import multiprocessing
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")

BUFFER = 8  # finished partitions kept per worker while the head one still runs


class ProcessEngine:
    name = "processes"

    def __init__(self, workers: int | None = None, preload: Callable[[], object] | None = None) -> None:
        """``preload`` runs here before the workers fork, so what it loads is shared with them."""
        self.workers = workers or os.cpu_count() or 1
        if preload is not None:
            preload()
        methods = multiprocessing.get_all_start_methods()
        ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        self._pool = ProcessPoolExecutor(
            max_workers=self.workers, mp_context=ctx, initializer=one_blas_thread
        )
        self.window = 2 * self.workers  # one running and one queued per worker
        self.buffer = self.window + BUFFER * self.workers

    def map_partitions(
        self, fn: Callable[[list[T]], list[R]], parts: Iterable[list[T]]
    ) -> Iterator[list[R]]:
        pending: deque[Future[list[R]]] = deque()  # submitted, in input order, not yet yielded
        todo = iter(parts)
        more = True
        while more or pending:
            running = [f for f in pending if not f.done()]
            while more and len(running) < self.window and len(pending) < self.buffer:
                part = next(todo, None)
                if part is None:
                    more = False
                    break
                running.append(self._pool.submit(fn, part))
                pending.append(running[-1])
            if not pending:
                return
            if pending[0].done() or not more or len(pending) >= self.buffer:
                yield pending.popleft().result()  # waits for the head when nothing else can run
            else:
                wait(running, return_when=FIRST_COMPLETED)  # a worker is free: give it the next

    def close(self) -> None:
        self._pool.shutdown(cancel_futures=True)

    def __enter__(self) -> ProcessEngine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def one_blas_thread() -> None:
    """A worker runs on a core of its own, so numpy's BLAS gets one thread there: OpenBLAS would
    otherwise start one per core in every worker, which costs more CPU than it saves (spaCy's
    layers multiply through it, ``nlp.models.load_spacy``)."""
    from threadpoolctl import threadpool_limits

    threadpool_limits(1)
