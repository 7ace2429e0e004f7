"""The exhaustive solver of small summary programs answers exactly as HiGHS, or stands aside."""

from __future__ import annotations

import random

import pytest

from newsweave.summarize import ilp


def _program(seed: int) -> tuple[list[list[int]], list[int], list[float], int]:
    rng = random.Random(seed)
    n, m = rng.randint(1, ilp.EXHAUSTIVE_MAX), rng.randint(1, 30)
    concepts = [rng.sample(range(m), rng.randint(1, min(m, 6))) for _ in range(n)]
    lengths = [rng.randint(8, 45) for _ in range(n)]
    weights = [float(rng.choice([1, 2, 3, 4.5, 7])) for _ in range(m)]
    return concepts, lengths, weights, rng.choice([20, 60, 120])


@pytest.mark.parametrize("seed", range(120))
def test_exhaustive_equals_highs(seed: int) -> None:
    concepts, lengths, weights, budget = _program(seed)
    found = ilp._exhaustive(concepts, lengths, weights, budget)
    if found is not None:
        assert found == ilp._solve(concepts, lengths, weights, budget, 60.0)


def test_ties_go_to_highs() -> None:
    # two sentences of equal length holding concepts of equal weight: no unique best
    assert ilp._exhaustive([[0], [1]], [10, 10], [1.0, 1.0], 15) is None


def test_unique_best_is_taken() -> None:
    assert ilp._exhaustive([[0], [1], [0, 1]], [10, 10, 12], [1.0, 1.0], 15) == [2]


def test_large_programs_go_to_highs() -> None:
    n = ilp.EXHAUSTIVE_MAX + 1
    assert ilp._exhaustive([[j] for j in range(n)], [1] * n, [1.0] * n, 100) is None
