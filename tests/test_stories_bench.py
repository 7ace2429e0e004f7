"""bench/stories.py's account of where story recall goes, on invented labels."""

from __future__ import annotations

import pytest

from bench.stories import KINDS, losses

ROWS = [
    {"id": "w1", "story": "wire", "kind": "copy", "lang": "en"},
    {"id": "w2", "story": "wire", "kind": "copy", "lang": "en"},
    {"id": "w3", "story": "wire", "kind": "rewrite", "lang": "en"},
    {"id": "w4", "story": "wire", "kind": "translation", "lang": "es"},
    {"id": "w5", "story": "wire", "kind": "copy", "lang": "en"},
    {"id": "o1", "story": "own", "kind": "own", "lang": "en"},
]


def _lost(pred: dict[str, str]) -> dict[str, int]:
    names = ["other event", "other language", *KINDS, "merged"]
    return dict(zip(names, losses(ROWS, pred, {r["id"] for r in ROWS}), strict=True))


@pytest.mark.parametrize(
    ("pred", "expected"),
    [
        ({"w1": "e|a", "w2": "e|a", "w3": "e|a", "w4": "e|a", "w5": "e|a", "o1": "e|o"}, {}),
        (  # a rewrite and a translation split off inside the event, a copy in another event
            {"w1": "e|a", "w2": "e|a", "w3": "e|b", "w4": "e|c", "w5": "f|a", "o1": "e|o"},
            {"other event": 1, "other language": 1, "rewrite": 1},
        ),
        (  # an independent report merged into the story; a page missing from the output
            {"w1": "e|a", "w2": "e|a", "w3": "e|a", "w4": "e|a", "o1": "e|a"},
            {"other event": 1, "merged": 1},
        ),
    ],
)
def test_losses_name_where_each_page_went(pred: dict[str, str], expected: dict[str, int]) -> None:
    counts = _lost(pred)
    assert {k: v for k, v in counts.items() if v} == expected
