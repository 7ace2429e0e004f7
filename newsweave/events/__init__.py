"""Events and stories: which articles copy one report, and which report one happening.

A ``Grouper`` turns a pile of cleaned articles into a ``Grouping``. Implementations are picked
by name through ``make_grouper``, which rejects unknown names.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from newsweave.errors import UsageError
from newsweave.records import Article, EventGroup, Grouping, Story


class Grouper(Protocol):
    def group(self, articles: Sequence[Article]) -> Grouping: ...


class SingleEvent:
    """Do-nothing stand-in: one event, every article its own story."""

    def group(self, articles: Sequence[Article]) -> Grouping:
        if not articles:
            return Grouping(events=[])
        stories = [Story(id=a.id, original=a.id, articles=[a.id]) for a in articles]
        return Grouping(events=[EventGroup(id=articles[0].id, stories=stories)])


def _weave() -> Grouper:
    from newsweave.events.grouper import WeaveGrouper  # the package must import without numpy work

    return WeaveGrouper()


_GROUPERS: dict[str, Callable[[], Grouper]] = {"single": SingleEvent, "weave": _weave}


def register(name: str, factory: Callable[[], Grouper]) -> None:
    _GROUPERS[name] = factory


def make_grouper(name: str = "default") -> Grouper:
    if name == "default":
        name = DEFAULT
    try:
        return _GROUPERS[name]()
    except KeyError:
        known = ", ".join(sorted(_GROUPERS))
        raise UsageError(f"unknown grouper {name!r}; choose one of: {known}") from None


DEFAULT = "weave"


@dataclass(frozen=True, slots=True)
class Assignment:
    """Where the incremental grouper put one new article."""

    article: str
    story: str
    original: str  # id of the story's original article (may change as better originals arrive)
    event: str
    merged: tuple[str, ...] = ()  # event ids folded into ``event`` by this article (older id survives)


class IncrementalGrouper(Protocol):
    """Articles arrive one by one (in time order); each joins a story/event or opens new ones.

    Implementations also offer a ``from_state(bytes)`` classmethod that resumes a saved state.
    """

    def add(self, article: Article) -> Assignment: ...

    def grouping(self) -> Grouping: ...  # the events and stories as they stand

    def to_state(self) -> bytes: ...


def make_incremental(name: str = "default") -> IncrementalGrouper:
    """The incremental twin of ``make_grouper(name)``."""
    if name in ("default", "weave"):
        from newsweave.events.incremental import WeaveIncremental

        return WeaveIncremental()
    raise UsageError(f"unknown incremental grouper {name!r}; choose one of: weave")
