"""Typed records that flow between the pipeline stages.

``RawDocument`` (ingest) -> ``Article`` (clean) -> ``Grouping`` (events) ->
``Entity``/``Quote``/``Claim``/``TimelineEntry`` (facts) -> ``Comparison`` (compare)
-> ``SummarySentence`` (summarize) -> ``Event``/``Briefing`` (report).

Character offsets into ``Article.text`` are the glue: every fact cites ``text[start:end]``.
``to_dict``/``from_dict`` follow the fields (``newsweave.serialize``: a field added to a record
flows into its JSON and back), and match ``newsweave/report/briefing.schema.json``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from newsweave.serialize import Record

if TYPE_CHECKING:
    import pandas as pd

SCHEMA = "newsweave.briefing/1"

_UNSAFE_ID = re.compile(r"[^A-Za-z0-9._-]")


def safe_id(raw: str) -> str:
    """Make an id URL-safe, as the contract asks: other characters become ``_``."""
    cleaned = _UNSAFE_ID.sub("_", raw.strip())
    return cleaned or "article"


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
    # blocks the page's markup showed to be no body text (``ingest.html``), as (kind, text, score)
    # triples, plain JSON so that a stored raw document keeps them; ``Article.removed`` lists them
    dropped: tuple[tuple[str, str, float | None], ...] = ()
    headings: tuple[str, ...] = ()  # its blocks that the page's markup shows to be subheadings


@dataclass(frozen=True, slots=True)
class Removed(Record):
    """A piece that cleaning took out or changed, kept for audit."""

    kind: str
    text: str
    score: float | None = None  # the furniture classifier's probability, for lines it removed


@dataclass(frozen=True, slots=True)
class OptionalSpan(Record):
    """A kept line of an article's text that is not body text (headline, subheading, caption):
    shown to a reader, never cited as a fact or a summary sentence."""

    kind: str
    start: int
    end: int


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


# The order of the article object in the briefing JSON; fields not named here follow, in field order.
ARTICLE_KEYS = ("id", "path", "url", "outlet", "author", "published", "title", "lang", "text",
                "story", "copy_of", "removed", "optional", "published_from")


@dataclass(slots=True)
class Article(Record):
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
    optional: list[OptionalSpan] = field(default_factory=list)
    story: str = ""
    copy_of: str | None = None
    # where ``published`` came from: "input", "layout", "url" (``newsweave.clean.dates.SOURCES``)
    published_from: str | None = None
    analysis: Analysis | None = field(default=None, compare=False, repr=False, metadata={"json": False})
    # The grouping features (``newsweave.events.features.Features``) computed on a worker with the
    # rest of the per-article work; never serialised, recomputed when absent.
    features: Any = field(default=None, compare=False, repr=False, metadata={"json": False})

    def in_optional(self, start: int, end: int) -> bool:
        """Whether a span of the text touches a kept optional line (never cited: issue 14)."""
        return any(o.start < end and start < o.end for o in self.optional)

    def to_dict(self) -> dict[str, Any]:
        """The article object of the briefing JSON (``story`` is the article's own id when unset)."""
        d = Record.to_dict(self)
        d["story"] = self.story or self.id
        return {k: d[k] for k in sorted(d, key=_article_key)}

    def _repr_html_(self) -> str:
        from newsweave.report.html import render_article

        return render_article(self)


def _article_key(name: str) -> int:
    return ARTICLE_KEYS.index(name) if name in ARTICLE_KEYS else len(ARTICLE_KEYS)


@dataclass(frozen=True, slots=True)
class Span:
    """A character span of one article's clean text."""

    article: str
    start: int
    end: int


@dataclass(slots=True)
class Story(Record):
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
    """One summary sentence: an exact span ``text == article.text[start:end]`` of a source."""

    text: str
    article: str
    start: int
    end: int


@dataclass(slots=True)
class Entity(Record):
    """A person, place or organisation, merged across spellings (``aliases``: every form seen)."""

    name: str
    type: str
    aliases: list[str]
    articles: list[str]
    mentions: int


@dataclass(slots=True)
class Quote(Record):
    """A quotation and its ``speaker`` (None when unattributed), cited by its span. ``parts``
    are the spans of the quoted words themselves: one, or several when the attribution breaks
    the quote ('"A," X said. "B"' cites the whole; its parts are "A," and "B")."""

    speaker: str | None
    text: str
    article: str
    start: int
    end: int
    parts: list[list[int]] = field(default_factory=list)

    def words(self) -> str:
        """The quoted words without the attribution between the parts ("A, … B")."""
        if len(self.parts) < 2:
            return self.text
        return " … ".join(self.text[a - self.start : b - self.start] for a, b in self.parts)


@dataclass(slots=True)
class Claim(Record):
    """One figure as one article states it: ``value`` at full magnitude, its bounds (``low``/
    ``high``, None when open), ``unit``, date and source, cited by its span."""

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
        """The claim object; a whole-number figure is written as an integer (``320``, not ``320.0``)."""
        d = Record.to_dict(self)
        for key in ("value", "low", "high"):
            v = d[key]
            if isinstance(v, float) and v.is_integer():
                d[key] = int(v)
        return d


Status = Literal["agree", "differ", "conflict", "single"]


@dataclass(slots=True)
class Comparison(Record):
    """The figures (``claims``, by id) that independent stories give for one ``subject`` and
    whether they ``agree``, ``differ`` (both can be true), ``conflict`` or come from a ``single`` story."""

    subject: str
    status: Status
    claims: list[str]


@dataclass(slots=True)
class TimelineEntry(Record):
    """A dated fact (``date``: the first day at month or year ``precision``), cited by its span."""

    date: str
    text: str
    article: str
    start: int
    end: int
    precision: str = "day"  # "month" or "year" for "last month"/"last year" (date = first day)
    # Every article of the story that reports this dated fact (the cited one first): copies
    # and translations of one report are one entry, not one each.
    sources: list[str] = field(default_factory=list)


FACT_KEYS = ("entities", "quotes", "claims", "comparisons", "timeline")


@dataclass(slots=True)
class Facts(Record):
    """Everything the facts and compare stages found for one event."""

    entities: list[Entity] = field(default_factory=list)
    quotes: list[Quote] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)
    comparisons: list[Comparison] = field(default_factory=list)
    timeline: list[TimelineEntry] = field(default_factory=list)


@dataclass(slots=True)
class Event:
    """One event's briefing: its articles grouped into stories, the cited summary and the facts.

    In a notebook it shows as the web page's event card (``_repr_html_``) or as the Markdown
    briefing (``_repr_markdown_``); every field that comes from the input is escaped."""

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
        """Distinct outlets (an article without one counts on its own)."""
        names = {a.outlet for a in self.articles if a.outlet}
        unnamed = sum(1 for a in self.articles if not a.outlet)
        return len(names) + unnamed

    @property
    def entities(self) -> list[Entity]:
        return self.facts.entities

    @property
    def quotes(self) -> list[Quote]:
        return self.facts.quotes

    @property
    def claims(self) -> list[Claim]:
        return self.facts.claims

    @property
    def comparisons(self) -> list[Comparison]:
        return self.facts.comparisons

    @property
    def timeline(self) -> list[TimelineEntry]:
        return self.facts.timeline

    def to_dict(self) -> dict[str, Any]:
        """The event object of the briefing JSON."""
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
            **{name: [r.to_dict() for r in getattr(self.facts, name)] for name in FACT_KEYS},
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Event:
        """The event from its JSON object; stories are rebuilt from the articles' ``story`` and
        ``copy_of`` fields."""
        articles = [Article.from_dict(a) for a in data.get("articles", [])]
        stories: dict[str, Story] = {}
        for art in articles:
            sid = art.story or art.id
            story = stories.setdefault(sid, Story(id=sid, original=art.copy_of or art.id, articles=[]))
            story.articles.append(art.id)
            if art.copy_of is None:
                story.original = art.id
        return cls(
            id=data["id"], title=data.get("title", ""), first_seen=data.get("first_seen"),
            last_seen=data.get("last_seen"), articles=articles, stories=list(stories.values()),
            summary=[SummarySentence.from_dict(s) for s in data.get("summary", [])],
            facts=Facts.from_dict(data),
        )

    def to_frames(self) -> dict[str, pd.DataFrame]:
        """This event's tables (see ``Briefing.to_frames``)."""
        return Briefing(events=[self]).to_frames()

    def _repr_html_(self) -> str:
        from newsweave.report.html import render_card

        return render_card(self)

    def _repr_markdown_(self) -> str:
        from newsweave.report.markdown import render_markdown

        return render_markdown(Briefing(events=[self]))


EventBriefing = Event  # the former name


@dataclass(slots=True)
class Briefing:
    """Every event of a pile, newest first: the ``--format json`` document as records."""

    events: list[Event]

    def to_dict(self) -> dict[str, Any]:
        """The briefing document (schema ``newsweave.briefing/1``), as ``brief --format json``."""
        return {"schema": SCHEMA, "events": [e.to_dict() for e in self.events]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Briefing:
        """The briefing from a ``newsweave.briefing/1`` document."""
        if not isinstance(data, dict) or data.get("schema") != SCHEMA:
            from newsweave.errors import UsageError

            found = data.get("schema") if isinstance(data, dict) else type(data).__name__
            raise UsageError(f"not a briefing document: schema is {found!r}, expected {SCHEMA!r}")
        return cls(events=[Event.from_dict(e) for e in data.get("events", [])])

    def to_frames(self) -> dict[str, pd.DataFrame]:
        """One pandas DataFrame per kind of item (``articles``, ``stories``, ``claims``,
        ``comparisons``, ``quotes``, ``entities``, ``timeline``), one row per item, each with its
        ``event``; ids join them (``claims.article`` to ``articles.id``, ``claims.comparison`` to
        ``comparisons.id``). Needs the ``frames`` extra (pandas)."""
        from newsweave.report.frames import to_frames

        return to_frames(self)

    def _repr_html_(self) -> str:
        from newsweave.report.html import render_cards

        return render_cards(self)

    def _repr_markdown_(self) -> str:
        from newsweave.report.markdown import render_markdown

        return render_markdown(self)
