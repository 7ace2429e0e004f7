"""``to_dict``/``from_dict`` that follow a dataclass's fields, for the records of ``newsweave.records``.

A field added to a record flows into its JSON and back with no serialiser to update: nested
records (a field typed as a record, or a list of them) go through their own ``to_dict`` and
``from_dict``; unknown keys are ignored when reading, so older code reads newer documents.
Hand-written: the standard library's ``asdict`` cannot skip work-state fields or call a nested
record's own ``to_dict``, and no light library does both for slotted dataclasses.
"""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import fields
from functools import cache
from typing import Any, TypeVar

_R = TypeVar("_R", bound="Record")


def serialised(f: dataclasses.Field[Any]) -> bool:
    """Fields marked ``metadata={"json": False}`` (work state such as NER spans) stay out of JSON."""
    return bool(f.metadata.get("json", True))


_LEAVES = frozenset({str, int, float, bool, type(None)})  # exact types: no ``to_dict``, no fields


def _plain(value: Any) -> Any:
    """A field's value as JSON-ready data: nested records through their own ``to_dict``."""
    if type(value) in _LEAVES:
        return value  # most values: no failing attribute look-up (the JSON is written on one core)
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value) if serialised(f)}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


@cache
def _nested(cls: type) -> dict[str, tuple[type, bool]]:
    """Fields of ``cls`` that hold a record or a list of records: name -> (record type, is list)."""
    hints = typing.get_type_hints(cls)  # each field resolved in the module that declares it
    out: dict[str, tuple[type, bool]] = {}
    for f in fields(cls):
        hint = hints.get(f.name)
        many = typing.get_origin(hint) is list
        inner = typing.get_args(hint)[0] if many else hint
        options = [t for t in (typing.get_args(inner) or (inner,)) if isinstance(t, type)]
        kinds = [t for t in options if dataclasses.is_dataclass(t)]
        if kinds and serialised(f):
            out[f.name] = (kinds[0], many)
    return out


_JSON_NAMES: dict[type, tuple[str, ...]] = {}


def _json_names(cls: type) -> tuple[str, ...]:
    """The names of ``cls``'s fields that go into its JSON, in field order (once per class)."""
    names = _JSON_NAMES.get(cls)
    if names is None:
        names = _JSON_NAMES[cls] = tuple(f.name for f in fields(cls) if serialised(f))
    return names


def _revive(kind: type, value: Any) -> Any:
    if not isinstance(value, dict):
        return value
    from_dict = getattr(kind, "from_dict", None)
    return from_dict(value) if from_dict else _from_dict(kind, value)


def _from_dict(cls: type, data: dict[str, Any]) -> Any:
    """``cls`` from a JSON object: unknown keys ignored, nested records revived by field type."""
    nested = _nested(cls)
    kwargs: dict[str, Any] = {}
    for f in fields(cls):
        if f.name not in data or not serialised(f):
            continue
        value = data[f.name]
        if f.name in nested:
            kind, many = nested[f.name]
            value = [_revive(kind, v) for v in value or []] if many else _revive(kind, value)
        kwargs[f.name] = value
    return cls(**kwargs)


class Record:
    """``to_dict``/``from_dict`` from the dataclass fields (a record's JSON is its fields)."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        """This record as the JSON object the briefing schema describes."""
        return {name: _plain(getattr(self, name)) for name in _json_names(type(self))}

    @classmethod
    def from_dict(cls: type[_R], data: dict[str, Any]) -> _R:
        """The record from its JSON object (``to_dict``'s output); unknown keys are ignored."""
        out: _R = _from_dict(cls, data)
        return out
