"""``Record.to_dict``: the fields of each record class, work-state fields left out, leaves as they are."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from typing import Any

import pytest

from newsweave.serialize import Record


@dataclass
class Leaf(Record):
    name: str
    score: float = 0.5
    flag: bool = True
    count: int = 3
    note: str | None = None
    cache: Any = field(default=None, metadata={"json": False})


@dataclass
class Branch(Record):
    id: str
    leaves: list[Leaf] = field(default_factory=list)
    pair: tuple[int, int] = (1, 2)
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass
class Twig(Leaf):  # a subclass has fields of its own: its own list of names
    colour: str = "green"


def _by_fields(value: Any) -> Any:
    """What ``to_dict`` must give: the dataclass fields marked for JSON, nested alike."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            f.name: _by_fields(getattr(value, f.name))
            for f in dataclasses.fields(value)
            if f.metadata.get("json", True)
        }
    if isinstance(value, (list, tuple)):
        return [_by_fields(v) for v in value]
    return value


@pytest.mark.parametrize(
    "record",
    [
        Leaf("a"),
        Leaf("é", score=float("nan"), flag=False, count=-1, note="x", cache=object()),
        Twig("t", colour="red", cache=[1]),
        Branch("b", [Leaf("a"), Twig("t")], extra={"k": [1, 2.5, None]}),
        Branch("empty"),
    ],
)
def test_to_dict_follows_the_fields(record: Record) -> None:
    got = record.to_dict()
    assert json.dumps(got, sort_keys=True) == json.dumps(_by_fields(record), sort_keys=True)
    assert "cache" not in json.dumps(got)


def test_classes_keep_their_own_field_lists() -> None:
    assert list(Leaf("a").to_dict()) == ["name", "score", "flag", "count", "note"]
    assert list(Twig("a").to_dict()) == ["name", "score", "flag", "count", "note", "colour"]
    assert list(Leaf("a").to_dict()) == ["name", "score", "flag", "count", "note"]
