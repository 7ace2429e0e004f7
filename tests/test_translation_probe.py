"""bench/translation_probe.py's anchors and counting, on invented text and scores."""

from __future__ import annotations

import pytest

from bench.translation_probe import anchor_seq, probe, weighted_lcs


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Le séisme de Katmandou a tué 8.000 personnes. Selon Reuters", ["katma", "#8000", "reute"]),
        ("Quake kills 8,000 in Kathmandu", ["#8000", "kathm"]),  # the sentence's first word is no name
        ("الزلزال قتل ٨٠٠٠ شخص", ["#8000"]),  # digits of any script
        ("", []),
    ],
)
def test_anchors_are_numbers_and_names_off_a_sentence_start(text: str, expected: list[str]) -> None:
    assert anchor_seq(text) == expected


def test_common_anchors_count_in_order_with_their_weights() -> None:
    w = {"a": 1.0, "b": 0.5, "c": 0.25}
    assert weighted_lcs(["a", "b", "c"], ["a", "b", "c"], w) == 1.75
    assert weighted_lcs(["a", "b", "c"], ["c", "b", "a"], w) == 1.0  # one in order: the heaviest
    assert weighted_lcs([], ["a"], w) == 0.0


@pytest.mark.parametrize(
    ("scores", "expected"),
    [
        ({1: [0.9, 0.1], 2: [0.2, 0.8], 3: [0.5, 0.4]}, (2, 2, True)),  # both right, above the control
        ({1: [0.9, 0.1], 2: [0.2, 0.8], 3: [0.95, 0.4]}, (2, 2, False)),  # a control scores higher
        ({1: [0.1, 0.9], 2: [0.2, 0.8], 3: [0.5, 0.4]}, (1, 2, False)),  # a miss is never separable
    ],
)
def test_hits_and_separability(scores: dict[int, list[float]], expected: tuple[int, int, bool]) -> None:
    cases = [
        (1, [[10], [11]], frozenset({0})),
        (2, [[10], [11]], frozenset({1})),
        (3, [[10], [11]], frozenset()),
    ]
    assert probe(cases, lambda t, cands: scores[t]) == expected
