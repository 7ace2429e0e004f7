"""Figures as numbers: when two values are one figure told twice, of one size, or a bound the other meets."""

from __future__ import annotations

import math
from collections.abc import Sequence

from newsweave.compare.aligned import Aligned
from newsweave.records import Claim


def distinctive(value: float) -> bool:
    """A figure too particular to be met by chance in another report of the event: not a small
    count ("two", "12") and not a round one ("100", "5,000"), which many different things share."""
    return value >= 20 and trailing_zeros(value) < 2


def about(a: float, b: float) -> bool:
    """The same figure give or take an update ("148" and "150" killed): within 5%."""
    return same_figure(a, b) or abs(a - b) <= 0.05 * max(abs(a), abs(b))


def same_size(item: Aligned, group: Sequence[Aligned]) -> bool:
    """Within half as much again of the group's middle figure; an age, the same age (to a year)."""
    values = sorted(it.claim.value for it in group)
    middle = values[len(values) // 2] if values else 0
    if item.found.unit_concept == "age":
        return any(abs(item.claim.value - v) <= 1 for v in values)
    if item.found.unit_concept == "%" and abs(item.claim.value - middle) > 10:
        return False  # shares of a whole: 52% and 72% are not one figure told twice
    return middle > 0 and item.claim.value > 0 and 1 / 1.5 <= item.claim.value / middle <= 1.5


def _interval(c: Claim) -> tuple[float, float]:
    low = c.low if c.low is not None else -math.inf
    high = c.high if c.high is not None else math.inf
    return low, high


def trailing_zeros(v: float) -> int:
    """Zeros ending a whole figure; a scaled decimal's float error aside ("16.1 million" is
    16100000.000000002 as a float, a figure of five zeros)."""
    if v and math.isclose(v, round(v), rel_tol=1e-12):
        v = round(v)
    n, zeros = int(abs(v)), 0
    while n and n % 10 == 0 and float(v).is_integer():
        n //= 10
        zeros += 1
    return zeros


def same_figure(a: float, b: float) -> bool:
    """Equal within rounding: 12,391 and "12,000" agree, 2.5 million and 2,500,000 agree, 41 and 40 do not."""
    if math.isclose(a, b, rel_tol=1e-6):
        return True
    r, other = (a, b) if trailing_zeros(a) >= trailing_zeros(b) else (b, a)
    z = trailing_zeros(r)  # a round hundred, thousand... stands for the figures that round to it
    return z >= 2 and math.isclose(round(other, -z), r, rel_tol=1e-12)


def coincide(a: Claim, b: Claim) -> bool:
    if (a.low is None) != (b.low is None) or (a.high is None) != (b.high is None):
        return False
    return all(x is None or y is None or same_figure(x, y) for x, y in ((a.low, b.low), (a.high, b.high)))


def compatible(a: Claim, b: Claim) -> bool:
    (al, ah), (bl, bh) = _interval(a), _interval(b)
    return (al <= bh or same_figure(al, bh)) and (bl <= ah or same_figure(bl, ah))


def same_reading(a: Claim, b: Claim) -> bool:
    """The same figure told with or without a bound it meets: "150" and "at least 150" (the
    exact value satisfies the bound), "nearly 150" and "150 people"; not "more than 100" and
    "over 320", two bounds that can both hold but give different figures, nor a range."""
    if coincide(a, b):
        return True
    ranged = any(c.low is not None and c.high is not None and c.low != c.high for c in (a, b))
    return not ranged and same_figure(a.value, b.value) and compatible(a, b)
