"""Typed records that flow between the pipeline stages.

``RawDocument`` (ingest) -> ``Article`` (clean) -> ``Grouping`` (events) ->
``Entity``/``Quote``/``Claim``/``TimelineEntry`` (facts) -> ``Comparison`` (compare)
-> ``SummarySentence`` (summarize) -> ``EventBriefing``/``Briefing`` (report).

Character offsets into ``Article.text`` are the glue: every fact cites ``text[start:end]``.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field, fields
from typing import Any, Literal, TypeVar

SCHEMA = "newsweave.briefing/1"

_R = TypeVar("_R", bound="Record")
_UNSAFE_ID = re.compile(r"[^A-Za-z0-9._-]")


def safe_id(raw: str) -> str:
    """Make an id URL-safe, as the contract asks: other characters become ``_``."""
    cleaned = _UNSAFE_ID.sub("_", raw.strip())
    return cleaned or "article"


def _from_dict(cls: type, data: dict[str, Any]) -> Any:
    names = {f.name for f in fields(cls)}
    return cls(**{k: v for k, v in data.items() if k in names})


class Record:
    """``to_dict``/``from_dict`` for the flat fact records (their JSON is their fields)."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)  # type: ignore[call-overload]  # subclasses are dataclasses

    @classmethod
    def from_dict(cls: type[_R], data: dict[str, Any]) -> _R:
        out: _R = _from_dict(cls, data)
        return out


@dataclass(slots=True)
class RawDocument:
    """One input document as a reader found it, before cleaning."""

    id: str
    text: str | None = None  # plain text body, when the input is text
    html: str | None = None  # markup, when the input is a page
    path: str | None = None
    url: str | None = None
    title: str | None = None
    date: str | None = None  # ISO 8601 as given by the input
    outlet: str | None = None
    author: str | None = None
    lang: str | None = None
    fmt: str = "text"  # which reader produced it: text, html, jsonl, feed, warc


@dataclass(frozen=True, slots=True)
class Removed:
    """A piece that cleaning took out or changed, kept for audit."""

    kind: str
    text: str

    def to_dict(self) -> dict[str, str]:
        return {"kind": self.kind, "text": self.text}


@dataclass(frozen=True, slots=True)
class Analysis:
    """Per-article NLP done before grouping (on an engine's worker): raw NER ``(label, start,
    end)`` spans into the article's text, over its distinct sentences read as if it were an
    original. Valid only for the exact text it was made on; the store keeps it beside that text
    (``to_json``), and the facts stage tags what has none."""

    names: tuple[tuple[str, int, int], ...] = ()

    def to_json(self) -> str:
        """Compact JSON: ``[["PERSON",0,12],...]``."""
        return json.dumps(self.names, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, data: str) -> Analysis:
        return cls(tuple((str(label), int(start), int(end)) for label, start, end in json.loads(data)))


@dataclass(slots=True)
class Article:
    """A cleaned article. ``text`` is what a reader would have seen; all spans index it."""

    id: str
    text: str
    path: str | None = None
    url: str | None = None
    outlet: str | None = None
    author: str | None = None
    published: str | None = None  # YYYY-MM-DD
    title: str | None = None
    lang: str = "en"
    removed: list[Removed] = field(default_factory=list)
    story: str = ""
    copy_of: str | None = None
    # where ``published`` came from: "input", "layout", "url" (``newsweave.clean.dates.SOURCES``)
    published_from: str | None = None
    analysis: Analysis | None = field(default=None, compare=False, repr=False)
    # The grouping features (``newsweave.events.features.Features``) computed on a worker with the
    # rest of the per-article work; never serialised, recomputed when absent.
    features: Any = field(default=None, compare=False, repr=False)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "path": self.path,
            "url": self.url,
            "outlet": self.outlet,
            "author": self.author,
            "published": self.published,
            "title": self.title,
            "lang": self.lang,
            "text": self.text,
            "story": self.story or self.id,
            "copy_of": self.copy_of,
            "removed": [r.to_dict() for r in self.removed],
            "published_from": self.published_from,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Article:
        art: Article = _from_dict(cls, data)
        art.removed = [Removed(**r) for r in data.get("removed", [])]
        return art


@dataclass(frozen=True, slots=True)
class Span:
    """A character span of one article's clean text."""

    article: str
    start: int
    end: int


@dataclass(slots=True)
class Story:
    """Copies of one original report. ``original`` is the id of the article they copy."""

    id: str
    original: str
    articles: list[str]


@dataclass(slots=True)
class EventGroup:
    """Articles about one real-world happening, as stories."""

    id: str
    stories: list[Story]

    @property
    def articles(self) -> list[str]:
        return [a for s in self.stories for a in s.articles]


@dataclass(slots=True)
class Grouping:
    """What the events stage decides for a pile of articles."""

    events: list[EventGroup]


@dataclass(slots=True)
class SummarySentence(Record):
    text: str
    article: str
    start: int
    end: int


@dataclass(slots=True)
class Entity(Record):
    name: str
    type: str
    aliases: list[str]
    articles: list[str]
    mentions: int


@dataclass(slots=True)
class Quote(Record):
    speaker: str | None
    text: str
    article: str
    start: int
    end: int


@dataclass(slots=True)
class Claim(Record):
    id: str
    subject: str
    value: float
    low: float | None
    high: float | None
    unit: str | None
    qualifier: str | None
    as_of: str | None
    attributed_to: str | None
    supersedes: str | None
    article: str
    start: int
    end: int

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        for key in ("value", "low", "high"):
            v = d[key]
            if isinstance(v, float) and v.is_integer():
                d[key] = int(v)
        return d


Status = Literal["agree", "differ", "conflict", "single"]


@dataclass(slots=True)
class Comparison(Record):
    subject: str
    status: Status
    claims: list[str]


@dataclass(slots=True)
class TimelineEntry(Record):
    date: str
    text: str
    article: str
    start: int
    end: int
    precision: str = "day"  # "month" or "year" for "last month"/"last year" (date = first day)


@dataclass(slots=True)
class Facts:
    """Everything the facts and compare stages found for one event."""

    entities: list[Entity] = field(default_factory=list)
    quotes: list[Quote] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)
    comparisons: list[Comparison] = field(default_factory=list)
    timeline: list[TimelineEntry] = field(default_factory=list)


@dataclass(slots=True)
class EventBriefing:
    id: str
    title: str
    first_seen: str | None
    last_seen: str | None
    articles: list[Article]
    stories: list[Story]
    summary: list[SummarySentence] = field(default_factory=list)
    facts: Facts = field(default_factory=Facts)

    @property
    def outlets(self) -> int:
        names = {a.outlet for a in self.articles if a.outlet}
        unnamed = sum(1 for a in self.articles if not a.outlet)
        return len(names) + unnamed

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "first_seen": self.first_seen,
            "last_seen": self.last_seen,
            "articles": [a.to_dict() for a in self.articles],
            "sources": {
                "articles": len(self.articles),
                "outlets": self.outlets,
                "independent": len(self.stories),
            },
            "summary": [s.to_dict() for s in self.summary],
            "entities": [e.to_dict() for e in self.facts.entities],
            "quotes": [q.to_dict() for q in self.facts.quotes],
            "claims": [c.to_dict() for c in self.facts.claims],
            "comparisons": [c.to_dict() for c in self.facts.comparisons],
            "timeline": [t.to_dict() for t in self.facts.timeline],
        }


@dataclass(slots=True)
class Briefing:
    events: list[EventBriefing]

    def to_dict(self) -> dict[str, Any]:
        return {"schema": SCHEMA, "events": [e.to_dict() for e in self.events]}
