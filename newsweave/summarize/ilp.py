"""Concept coverage under a length budget, solved exactly as an integer linear program.

Gillick & Favre (2009): choose sentences s_j and concepts c_i to maximise sum_i w_i c_i subject
to sum_j l_j s_j <= L, where a concept counts only if some chosen sentence holds it
(c_i <= sum_j s_j). HiGHS through ``scipy.optimize.milp``; a program of a few sentences is
solved by trying every selection instead, when that proves which one HiGHS would return.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp
from scipy.sparse import coo_array

REL_GAP = 1e-3  # HiGHS stops within this share of the optimum (``mip_rel_gap``)
EXHAUSTIVE_MAX = 12  # sentences up to which trying all 2**n selections is faster than HiGHS
# The exhaustive answer stands only when every other selection weighs this share less than the
# best: then the best is the one selection HiGHS may return within its gap, and outputs are the
# same as HiGHS's to the byte; closer runners-up (ties) are left to HiGHS.
UNIQUE_MARGIN = 10 * REL_GAP


def select(
    concepts: Sequence[Sequence[int]],
    lengths: Sequence[int],
    weights: Sequence[float],
    budget: int,
    time_limit: float = 60.0,
) -> list[int]:
    """Indices of the sentences whose concepts weigh most within ``budget`` words.

    ``concepts[j]`` lists the concept ids of sentence j, ``weights[i]`` the weight of concept i.
    ``time_limit`` (seconds) is only a safety net for pathological inputs (HiGHS then returns the
    best selection found so far): a tight limit would make the result depend on machine load,
    while news clusters are solved to optimality in a fraction of a second.
    """
    keep = _undominated(concepts, lengths, weights)
    picked = _exhaustive([concepts[j] for j in keep], [lengths[j] for j in keep], weights, budget)
    if picked is None:
        picked = _solve([concepts[j] for j in keep], [lengths[j] for j in keep], weights, budget, time_limit)
    return [keep[j] for j in picked]


def _undominated(
    concepts: Sequence[Sequence[int]], lengths: Sequence[int], weights: Sequence[float]
) -> list[int]:
    """Sentences worth offering: some concept weight, and no shorter sentence covers the same."""
    sets = [frozenset(i for i in cs if weights[i] > 0) for cs in concepts]
    order = sorted((j for j in range(len(sets)) if sets[j]), key=lambda j: (lengths[j], j))
    kept: list[int] = []
    for j in order:
        if not any(sets[k] >= sets[j] for k in kept):
            kept.append(j)
    return sorted(kept)


def _exhaustive(
    concepts: Sequence[Sequence[int]], lengths: Sequence[int], weights: Sequence[float], budget: int
) -> list[int] | None:
    """The best selection found by weighing every selection (numpy, at once) when there are at
    most ``EXHAUSTIVE_MAX`` sentences and the best is unique by ``UNIQUE_MARGIN``; else None.

    HiGHS spends ~10 ms on a program of a handful of sentences (presolve, branch and bound);
    this takes well under one. Hand-written because no library answers "is the optimum unique"."""
    n = len(lengths)
    if n == 0 or n > EXHAUSTIVE_MAX:
        return None
    by_holders: dict[int, float] = defaultdict(float)  # concepts with the same holders weigh as one
    holders = [0] * len(weights)
    for j, cs in enumerate(concepts):
        for i in set(cs):
            holders[i] |= 1 << j
    for i, mask in enumerate(holders):
        if mask:
            by_holders[mask] += weights[i]
    subsets = np.arange(1 << n, dtype=np.int64)
    bits = (subsets[:, None] >> np.arange(n, dtype=np.int64)) & 1
    masks = np.fromiter(by_holders, dtype=np.int64, count=len(by_holders))
    value = ((subsets[:, None] & masks[None, :]) != 0) @ np.fromiter(by_holders.values(), float)
    value[bits @ np.asarray(lengths, dtype=np.int64) > budget] = -np.inf
    best = int(np.argmax(value))
    top = float(value[best])
    value[best] = -np.inf
    if not top > 0 or float(value.max()) >= top * (1 - UNIQUE_MARGIN):
        return None
    return [j for j in range(n) if best >> j & 1]


def _solve(
    concepts: Sequence[Sequence[int]],
    lengths: Sequence[int],
    weights: Sequence[float],
    budget: int,
    time_limit: float,
) -> list[int]:
    n_s, n_c = len(lengths), len(weights)
    if n_s == 0:
        return []
    rows: list[int] = []
    cols: list[int] = []
    vals: list[float] = []
    # c_i - sum_{j holds i} s_j <= 0. The converse (s_j <= c_i) is implied at the optimum because
    # weights are positive, so concepts can stay continuous: a much smaller, faster program.
    holders: list[list[int]] = [[] for _ in range(n_c)]
    for j, cs in enumerate(concepts):
        for i in cs:
            holders[i].append(j)
    for i, hs in enumerate(holders):
        rows.append(i)
        cols.append(n_s + i)
        vals.append(1.0)
        for j in hs:
            rows.append(i)
            cols.append(j)
            vals.append(-1.0)
    row = n_c
    # The length budget.
    for j, length in enumerate(lengths):
        rows.append(row)
        cols.append(j)
        vals.append(float(length))
    n_rows = row + 1
    matrix = coo_array((vals, (rows, cols)), shape=(n_rows, n_s + n_c)).tocsr()
    upper = np.zeros(n_rows)
    upper[-1] = budget
    objective = np.concatenate([np.zeros(n_s), np.asarray(weights, float)])
    result = milp(
        -objective,
        constraints=LinearConstraint(matrix, -np.inf, upper),
        integrality=np.concatenate([np.ones(n_s), np.zeros(n_c)]),
        bounds=Bounds(0, 1),
        options={"time_limit": time_limit, "mip_rel_gap": 1e-3},
    )
    if result.x is None:
        return []
    return [j for j in range(n_s) if result.x[j] > 0.5]
