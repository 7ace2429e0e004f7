"""Both engines give the same articles, in the same order."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from newsweave.engine import make_engine, partitions
from newsweave.engine.dask import TRIM_THRESHOLD
from newsweave.errors import InputError, UsageError
from newsweave.pipeline import Pipeline

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def test_partitions_are_lazy_and_complete() -> None:
    consumed: list[int] = []

    def gen():  # type: ignore[no-untyped-def]
        for i in range(10):
            consumed.append(i)
            yield i

    parts = partitions(gen(), size=4)
    assert next(parts) == [0, 1, 2, 3]
    assert len(consumed) <= 5
    assert list(parts) == [[4, 5, 6, 7], [8, 9]]


def test_unknown_engine_is_usage_error() -> None:
    with pytest.raises(UsageError):
        make_engine("spark")
    with pytest.raises(UsageError):
        make_engine("local", scheduler="tcp://127.0.0.1:1")


@pytest.mark.slow
def test_dask_engine_matches_local() -> None:
    errors: list[InputError] = []
    local = Pipeline().read([str(EXAMPLES)], errors.append)
    engine = make_engine("dask", workers=2)
    try:
        distributed = Pipeline().read([str(EXAMPLES)], errors.append, engine=engine)
        # workers keep freed memory for reuse instead of trimming on every free (speed)
        trims = engine.client.run(os.environ.get, "MALLOC_TRIM_THRESHOLD_")
        assert set(trims.values()) == {str(TRIM_THRESHOLD)}
    finally:
        engine.close()
    assert not errors
    assert [a.to_dict() for a in distributed] == [a.to_dict() for a in local]
