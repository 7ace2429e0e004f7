"""The Dask engine: partitions run on workers of a LocalCluster or of an existing cluster.

Models are loaded once per worker process (module-level caches live as long as the worker).
At most ``window`` partitions are in flight; results are yielded in input order.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from newsweave.errors import NotInstalled, UsageError

T = TypeVar("T")
TRIM_THRESHOLD = 64 * 1024 * 1024
_NANNY_ENV = "distributed.nanny.pre-spawn-environ"
R = TypeVar("R")


class DaskEngine:
    name = "dask"

    def __init__(self, scheduler: str | None = None, workers: int | None = None) -> None:
        try:
            from distributed import Client, LocalCluster
        except ImportError:  # the dask extra is optional
            raise NotInstalled("dask[distributed]", "dask") from None
        self._cluster: Any = None
        try:
            if scheduler:
                self.client = Client(scheduler, timeout="20s")
            else:
                import dask

                n = workers or os.cpu_count() or 1
                # Dask's nanny gives workers a 64 KiB malloc trim threshold; spaCy frees many
                # small blocks, and trimming on each made a worker ~1.5x slower per article here
                # (bench/throughput.py). 64 MiB still hands big freed blocks back to the system.
                dask.config.set({f"{_NANNY_ENV}.MALLOC_TRIM_THRESHOLD_": TRIM_THRESHOLD})
                self._cluster = LocalCluster(
                    n_workers=n,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=None,
                    silence_logs=40,
                )
                self.client = Client(self._cluster)
        except (OSError, ValueError) as exc:  # ValueError: a malformed address
            raise UsageError(f"cannot reach the Dask scheduler {scheduler!r}: {exc}") from None
        n_workers = len(self.client.scheduler_info().get("workers", {})) or 1
        self.window = 2 * n_workers

    def map_partitions(
        self, fn: Callable[[list[T]], list[R]], parts: Iterable[list[T]]
    ) -> Iterator[list[R]]:
        pending: deque[Any] = deque()
        for part in parts:
            pending.append(self.client.submit(fn, part, pure=False))
            if len(pending) >= self.window:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()

    def close(self) -> None:
        self.client.close()
        if self._cluster is not None:
            self._cluster.close()

    def __enter__(self) -> DaskEngine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
