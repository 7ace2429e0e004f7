"""``report.json_text``: the briefing's JSON is ``json.dumps(..., ensure_ascii=False, indent=2)``
byte for byte, whichever encoder writes it."""

from __future__ import annotations

import enum
import json
import math
from typing import Any

import pytest

from newsweave.report import _plain_floats, json_text


class Kind(str, enum.Enum):
    COPY = "copy"


CASES: list[Any] = [
    {},
    [],
    {"a": [], "b": {}, "c": [1, {"x": None, "y": True, "z": False}], "d": "x"},
    {"text": "Le maire a dit « non » — 😀\u2028\u2029 \x7f", "ctl": "".join(map(chr, range(32)))},
    {"quote": 'He said "yes" \\ then left', "tab": "a\tb\r\nc"},
    {"floats": [0.0, -0.0, 1.0, 0.5, 100.0, 1 / 3, 0.1 + 0.2, 1e-4, 9.999e15, 12345.678]},
    {"small": 1e-5},  # orjson writes 0.00001: the standard encoder must write it
    {"big": 1e16},
    {"big": [2.5e22, -3e-7]},
    {"nan": math.nan},
    {"inf": [math.inf, -math.inf]},
    {"huge int": 2**70, "neg": -(2**63)},
    {"tuple": (1, 2, "x")},
    {"enum": Kind.COPY, "nested": [[[{"deep": [1.5]}]]]},
    {1: "int key"},
    {"surrogate": "\ud800"},
    {"ints": [0, -1, 2**63 - 1, 2**64 - 1, True]},
]


@pytest.mark.parametrize("doc", CASES)
def test_same_bytes_as_the_standard_encoder(doc: Any) -> None:
    assert json_text(doc) == json.dumps(doc, ensure_ascii=False, indent=2) + "\n"


@pytest.mark.parametrize(
    ("doc", "plain"),
    [
        ({"x": [1.0, 0.0, -0.0, 1e-4, -9.9e15]}, True),
        ({"x": [1.0, {"y": 9e-5}]}, False),
        ({"x": (1e16,)}, False),
        ({"x": math.nan}, False),
        ({"x": "1e-9", "n": 10**30}, True),  # only floats matter here; big ints fail in orjson
    ],
)
def test_plain_floats(doc: Any, plain: bool) -> None:
    assert _plain_floats(doc) is plain
