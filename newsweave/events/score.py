"""B-cubed precision, recall and F1 of a clustering against gold labels (Bagga & Baldwin 1998)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping


def bcubed(predicted: Mapping[str, str], gold: Mapping[str, str]) -> tuple[float, float, float]:
    """(precision, recall, F1) over the items of ``gold``; each item's cluster overlap, averaged."""
    pred_members: dict[str, set[str]] = defaultdict(set)
    gold_members: dict[str, set[str]] = defaultdict(set)
    for item in gold:
        pred_members[predicted[item]].add(item)
        gold_members[gold[item]].add(item)
    if not gold:
        return 0.0, 0.0, 0.0
    p = r = 0.0
    for item in gold:
        mine, truth = pred_members[predicted[item]], gold_members[gold[item]]
        shared = len(mine & truth)
        p += shared / len(mine)
        r += shared / len(truth)
    p, r = p / len(gold), r / len(gold)
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)
