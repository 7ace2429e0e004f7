"""Average-link agglomerative clustering over a sparse similarity graph.

scikit-learn's and scipy's agglomerative clustering need the dense n x n distance matrix, which is
quadratic; here only candidate pairs carry a similarity and every other pair counts as 0, so the
cost follows the number of candidate edges (hand-written for that reason).
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Sequence
from typing import Protocol


class UnionFind:
    """Disjoint sets over 0..n-1; the smallest index names its set (deterministic)."""

    def __init__(self, n: int) -> None:
        self.parent = list(range(n))

    def find(self, x: int) -> int:
        root = x
        while self.parent[root] != root:
            root = self.parent[root]
        while self.parent[x] != root:
            self.parent[x], x = root, self.parent[x]
        return root

    def union(self, a: int, b: int) -> int:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return ra
        keep, drop = min(ra, rb), max(ra, rb)
        self.parent[drop] = keep
        return keep


class Guard(Protocol):
    """A veto on merges, with per-cluster state: ``allows`` before a merge, ``merge`` after."""

    def allows(self, a: int, b: int) -> bool: ...

    def merge(self, keep: int, drop: int) -> None: ...


def average_link(
    n: int,
    edges: Iterable[tuple[int, int, float]],
    threshold: float,
    guards: Sequence[Guard] = (),
    weights: Sequence[float] | None = None,
) -> list[int]:
    """Cluster label (the smallest member index) per node.

    Two clusters merge while the mean similarity over all their cross pairs (absent pairs = 0,
    negative similarities allowed as "cannot be the same") is at least ``threshold`` and every
    guard allows it (a vetoed pair is retried only if a later merge changes its mean). With
    ``weights``, the mean is weighted (each node counts ``weights[i]`` times).
    """
    size = list(weights) if weights is not None else [1.0] * n
    total: dict[int, dict[int, float]] = {}
    for i, j, s in edges:
        if i == j:
            continue
        total.setdefault(i, {})[j] = total.setdefault(i, {}).get(j, 0.0) + s * size[i] * size[j]
        total.setdefault(j, {})[i] = total[i][j]
    alive = [True] * n
    sets = UnionFind(n)
    heap = [
        (-s / (size[i] * size[j]), i, j)
        for i, nb in total.items()
        for j, s in nb.items()
        if i < j and s >= threshold * size[i] * size[j]
    ]
    heapq.heapify(heap)
    while heap:
        neg, a, b = heapq.heappop(heap)
        if not (alive[a] and alive[b]):
            continue
        current = total[a].get(b, 0.0) / (size[a] * size[b])
        if abs(current + neg) > 1e-12 or current < threshold:  # stale: the mean changed since
            continue
        if not all(g.allows(a, b) for g in guards):
            continue
        keep = sets.union(a, b)
        drop = b if keep == a else a
        for g in guards:
            g.merge(keep, drop)
        alive[drop] = False
        size[keep] += size[drop]
        nb_drop = total.pop(drop, {})
        nb_keep = total.setdefault(keep, {})
        nb_keep.pop(drop, None)
        for c, s in nb_drop.items():
            if c == keep:
                continue
            nb_keep[c] = nb_keep.get(c, 0.0) + s
            other = total[c]
            other.pop(drop, None)
            other[keep] = nb_keep[c]
        for c, s in nb_keep.items():
            mean = s / (size[keep] * size[c])
            if mean >= threshold:
                heapq.heappush(heap, (-mean, min(keep, c), max(keep, c)))
    return [sets.find(i) for i in range(n)]
