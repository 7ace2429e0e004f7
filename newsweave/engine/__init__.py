"""Engines run the per-article work (clean, analyse) over partitions: in-process, on a local
process pool, or on Dask.

Grouping and the store stay on the driver, so both engines give the same events and stories.
Partitions come back in input order, with a bounded number in flight, so memory stays bounded
whatever the input size.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from itertools import islice
from typing import Protocol, TypeVar

from newsweave.errors import UsageError

T = TypeVar("T")
R = TypeVar("R")

DEFAULT_PARTITION = 64


def partitions(items: Iterable[T], size: int = DEFAULT_PARTITION) -> Iterator[list[T]]:
    """Consecutive lists of at most ``size`` items, read lazily."""
    it = iter(items)
    while chunk := list(islice(it, size)):
        yield chunk


class Engine(Protocol):
    name: str

    def map_partitions(
        self, fn: Callable[[list[T]], list[R]], parts: Iterable[list[T]]
    ) -> Iterator[list[R]]: ...

    def close(self) -> None: ...


class LocalEngine:
    """Runs every partition in this process, one after the other."""

    name = "local"

    def map_partitions(
        self, fn: Callable[[list[T]], list[R]], parts: Iterable[list[T]]
    ) -> Iterator[list[R]]:
        for part in parts:
            yield fn(part)

    def close(self) -> None:
        return None


def make_engine(name: str = "local", scheduler: str | None = None, workers: int | None = None) -> Engine:
    """The engine called ``name``; ``scheduler`` joins an existing Dask cluster."""
    if name == "local":
        if scheduler:
            raise UsageError("--scheduler needs --engine dask")
        return LocalEngine()
    if name == "processes":
        if scheduler:
            raise UsageError("--scheduler needs --engine dask")
        from newsweave.engine.pool import ProcessEngine

        return ProcessEngine(workers=workers)
    if name == "dask":
        from newsweave.engine.dask import DaskEngine

        return DaskEngine(scheduler=scheduler, workers=workers)
    raise UsageError(f"unknown engine {name!r}; choose one of: local, processes, dask")


EngineChoice = Engine | str | None


@contextmanager
def engine_for(choice: EngineChoice, named: Callable[[str], Engine] | None = None) -> Iterator[Engine]:
    """The engine a library call was given: an ``Engine`` as it is (the caller closes it), a name
    (``local``, ``processes``, ``dask``) made here and closed after the call, ``None`` in-process.
    ``named`` makes a named engine for that call (a pool that preloads what the call needs)."""
    if choice is None:
        yield LocalEngine()
    elif isinstance(choice, str):
        made = (named or make_engine)(choice)
        try:
            yield made
        finally:
            made.close()
    else:
        yield choice
