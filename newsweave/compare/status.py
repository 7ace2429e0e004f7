"""A group's status (agree / differ / conflict / single, counted by story) and which claim a later
version of a story supersedes."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from newsweave.compare.aligned import Aligned
from newsweave.compare.figures import coincide, compatible, same_reading
from newsweave.records import Status


def _when(item: Aligned) -> str | None:
    return item.claim.as_of or item.published


def status(items: Sequence[Aligned]) -> Status:
    """agree / differ / conflict / single over the group's current claims, counted by story."""
    superseded = {it.claim.supersedes for it in items}
    current = [it for it in items if it.claim.id not in superseded]
    if len({it.story for it in current}) < 2:
        return "single"
    distinct = list({(it.story, it.claim.low, it.claim.high, _when(it)): it for it in current}.values())
    pairs = [(a, b) for n, a in enumerate(distinct) for b in distinct[n + 1 :] if a.story != b.story]
    if all(same_reading(a.claim, b.claim) for a, b in pairs):
        return "agree"
    for a, b in pairs:  # figures that cannot both be true on the same known day
        if not compatible(a.claim, b.claim) and _when(a) is not None and _when(a) == _when(b):
            return "conflict"
    return "differ"


def _later_version(later: Aligned, earlier: Aligned) -> bool:
    """Dated later; or, undated alike, an English copy of its story's original (a translation
    repeats a version, it does not update it)."""
    if later.published and earlier.published and later.published != earlier.published:
        return later.published > earlier.published
    return later.is_copy and not earlier.is_copy and later.english and earlier.english


def link_supersedes(items: Sequence[Aligned]) -> None:
    """Within one story, a later version's changed figure supersedes the earlier version's."""
    by_story: dict[str, list[Aligned]] = defaultdict(list)
    for it in items:
        by_story[it.story].append(it)
    for versions in by_story.values():
        for later in versions:
            earlier = [e for e in versions if e.claim.article != later.claim.article]
            earlier = [e for e in earlier if _later_version(later, e)]
            earlier.sort(key=lambda e: e.published or "")
            if earlier and not any(coincide(e.claim, later.claim) for e in earlier):
                later.claim.supersedes = earlier[-1].claim.id
