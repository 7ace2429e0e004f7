"""One event card for every place an event is shown: the web server's event page, the HTML
briefing file and a notebook (``Event._repr_html_``). One view model (``event_card``) feeds one
template (templates/_card.html, autoescaped); only where the links lead differs (``Links``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from newsweave.records import Article, Comparison, Event
from newsweave.report.chart import Timeline, timeline
from newsweave.report.view import Cited, build_view, safe_url


def anchor(start: int, end: int) -> str:
    """The id of a cited span on its article page: ``#s-START-END`` links land on it."""
    return f"s-{start}-{end}"


@dataclass(frozen=True, slots=True)
class Links:
    """Where a card's links lead. ``pages``: the web server's article pages (a fact to its exact
    span, a source to its page). Otherwise a fact links to its numbered source in the card, and a
    source to its own ``url`` when ``outside`` and the url is plain http(s) (``safe_url``)."""

    pages: bool = False
    outside: bool = False


WEB, NOTEBOOK, FILE = Links(pages=True), Links(outside=True), Links()


@dataclass(frozen=True, slots=True)
class Sentence:
    text: str
    number: int
    href: str
    outlet: str


@dataclass(frozen=True, slots=True)
class Source:
    article: Article
    number: int
    id: str  # the element id citations point to
    href: str | None


@dataclass(frozen=True, slots=True)
class SourceRow:
    original: Source
    copies: list[Source]


@dataclass(slots=True)
class Card:
    """Everything the card shows, in the order it shows it."""

    event: Event
    summary: list[Sentence]
    chart: Timeline | None
    timeline: list[Cited]
    figures: list[tuple[Comparison, list[Cited]]]
    quotes: list[tuple[str, list[Cited]]]
    sources: list[SourceRow]


def event_card(event: Event, links: Links) -> Card:
    view = build_view(event)

    def source_id(article_id: str) -> str:
        return f"src-{event.id}-{view.cite(article_id)}"

    def fact(item: Any) -> str:
        if links.pages:
            return f"/articles/{item.article}#{anchor(item.start, item.end)}"
        return "#" + source_id(item.article)

    def page(art: Article) -> str | None:
        if links.pages:
            return f"/articles/{art.id}"
        return safe_url(art.url) if links.outside else None

    def source(art: Article) -> Source:
        return Source(art, view.cite(art.id), source_id(art.id), page(art))

    return Card(
        event=event,
        summary=[Sentence(s.text, view.cite(s.article), fact(s), view.outlet(s.article))
                 for s in event.summary],
        chart=timeline(event, fact, lambda a: f"/articles/{a.id}" if links.pages else "#" + source_id(a.id)),
        timeline=view.timeline_once(fact),
        figures=view.figures_once(fact),
        quotes=view.quotes_once(fact),
        sources=[SourceRow(source(g.original), [source(c) for c in g.copies]) for g in view.groups],
    )

