"""What the Markdown and HTML briefings show, computed once: numbered sources grouped by story,
citation numbers, and readable labels for facts. Both renderers read this, so they agree."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from datetime import date
from typing import Any
from urllib.parse import urlsplit

from newsweave.facts.lexicon import COLLECTIVES
from newsweave.records import Article, Claim, Comparison, EventBriefing, Quote, TimelineEntry

Link = Callable[[Any], str]  # where a cited fact (anything with article/start/end) links to


def _same_text(text: str) -> str:
    """Equal for the same sentence in two copies: spacing and casing aside (a copy's injected
    Title-Case repaired differently is still the same sentence)."""
    return " ".join(text.casefold().split())


@dataclass(slots=True)
class Cited:
    """One fact as shown once, with a citation for every article that states it."""

    item: Any
    cites: list[tuple[int, str]] = field(default_factory=list)  # (citation number, link)
    outlets: list[str] = field(default_factory=list)

    @property
    def numbers(self) -> list[int]:
        return [n for n, _ in self.cites]


def cited_once(
    items: Iterable[Any], key: Callable[[Any], Hashable], cite: Callable[[str], int],
    outlet: Callable[[str], str], link: Link,
) -> list[Cited]:
    """Facts repeated by copies and by other sources, folded into one line each, in first-seen
    order, worded as the earliest-cited source words it (an original before its copies); each
    keeps a link to the exact span in every article that states it."""
    out: dict[Hashable, Cited] = {}
    for it in items:
        entry = out.setdefault(key(it), Cited(it))
        if cite(it.article) < cite(entry.item.article):
            entry.item = it
        if all(n != cite(it.article) for n, _ in entry.cites):
            entry.cites.append((cite(it.article), link(it)))
        if outlet(it.article) not in entry.outlets:
            entry.outlets.append(outlet(it.article))
    for entry in out.values():
        entry.cites.sort()
    return list(out.values())


@dataclass(slots=True)
class SourceGroup:
    """One story: the original first, its copies folded under it."""

    original: Article
    copies: list[Article]


@dataclass(slots=True)
class EventView:
    event: EventBriefing
    groups: list[SourceGroup]
    number: dict[str, int] = field(default_factory=dict)  # article id -> citation number
    claims: dict[str, Claim] = field(default_factory=dict)
    outlets: dict[str, str] = field(default_factory=dict)  # article id -> outlet (or id)

    def cite(self, article_id: str) -> int:
        return self.number.get(article_id, 0)

    def quotes_by_speaker(self) -> list[tuple[str, list[Quote]]]:
        groups: dict[str, list[Quote]] = {}
        for q in self.event.facts.quotes:
            groups.setdefault(q.speaker or "Unattributed", []).append(q)
        return sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0]))

    def comparison_claims(self, comp: Comparison) -> list[Claim]:
        return [self.claims[c] for c in comp.claims if c in self.claims]

    def outlet(self, article_id: str) -> str:
        return self.outlets.get(article_id, article_id)

    def source_link(self, item: Any) -> str:
        """In a one-page briefing, a fact links to its numbered source."""
        return f"#src-{self.event.id}-{self.cite(item.article)}"

    def _once(self, items: Iterable[Any], key: Callable[[Any], Hashable], link: Link | None) -> list[Cited]:
        return cited_once(items, key, self.cite, self.outlet, link or self.source_link)

    def quotes_once(self, link: Link | None = None) -> list[tuple[str, list[Cited]]]:
        """Quotes by speaker, each quote once with every article that carries it."""
        return [(speaker, self._once(qs, lambda q: _same_text(q.text), link))
                for speaker, qs in self.quotes_by_speaker()]

    def figures_once(self, link: Link | None = None) -> list[tuple[Comparison, list[Cited]]]:
        """Each comparison with its figures, a figure stated alike by several articles once."""
        return [(comp, self._once(self.comparison_claims(comp), lambda c: claim_label(c, ""), link))
                for comp in self.event.facts.comparisons]

    def timeline_once(self, link: Link | None = None) -> list[Cited]:
        """Each dated fact once, cited by every source of its entry that holds the same sentence
        (a copy; a translation is listed in the JSON ``sources`` but has no such span)."""
        texts = {a.id: a.text for a in self.event.articles}
        spans = []
        for t in self.event.facts.timeline:
            spans.append(t)
            for aid in t.sources:
                at = texts.get(aid, "").find(t.text) if aid != t.article else -1
                if at >= 0:
                    spans.append(TimelineEntry(t.date, t.text, aid, at, at + len(t.text), t.precision, [aid]))
        return self._once(spans, lambda t: (t.date, _same_text(t.text)), link)


def build_view(event: EventBriefing) -> EventView:
    by_id = {a.id: a for a in event.articles}
    groups: list[SourceGroup] = []
    for story in event.stories:
        if story.original not in by_id:
            continue
        copies = [by_id[a] for a in story.articles if a != story.original and a in by_id]
        groups.append(SourceGroup(by_id[story.original], copies))
    groups.sort(key=lambda g: (g.original.published or "9999", g.original.id))
    view = EventView(
        event, groups, claims={c.id: c for c in event.facts.claims},
        outlets={a.id: a.outlet or a.id for a in event.articles},
    )
    n = 0
    for g in groups:
        for art in [g.original, *g.copies]:
            n += 1
            view.number[art.id] = n
    return view


def safe_url(url: str | None) -> str | None:
    """The URL if it is a plain web link; scraped ``javascript:`` and other schemes are not links."""
    if not url:
        return None
    try:
        parts = urlsplit(url.strip())
    except ValueError:
        return None
    return url.strip() if parts.scheme in ("http", "https") and parts.netloc else None


def nice_date(iso: str | None, precision: str = "day") -> str:
    """'2019-02-26' -> 'Feb 26, 2019' ('Feb 2019', '2019' at month or year precision)."""
    if not iso:
        return ""
    try:
        d = date.fromisoformat(iso[:10])
    except ValueError:
        return iso
    if precision == "year":
        return str(d.year)
    if precision == "month":
        return f"{d:%b} {d.year}"
    return f"{d:%b} {d.day}, {d.year}"


def source_line(art: Article) -> str:
    """'apnews.com · Christine Armario · Feb 26, 2019 — Title'."""
    parts = [art.outlet or art.id]
    if art.author:
        parts.append(art.author)
    if art.published:
        parts.append(nice_date(art.published))
    line = " · ".join(parts)
    if art.title:
        line += f" — {art.title}"
    return line


def format_number(value: float | None) -> str:
    if value is None:
        return ""
    if float(value).is_integer():
        return f"{int(value):,}"
    return f"{value:,.2f}".rstrip("0").rstrip(".")


def claim_label(claim: Claim, outlet: str) -> str:
    """'over 320 (apnews.com, Feb 26, 2019, citing Colombian immigration officials)'."""
    figure = format_number(claim.value)
    if claim.low is not None and claim.high is not None and claim.low != claim.high:
        figure = f"{format_number(claim.low)}–{format_number(claim.high)}"  # a range: both ends
    elif claim.qualifier and claim.qualifier.split()[-1].lower() in COLLECTIVES:
        figure = f"{claim.qualifier} ({figure})"  # "une dizaine (10) heures": the words are the figure
    elif claim.qualifier:
        figure = f"{claim.qualifier} {figure}"
    if claim.unit == "age":  # an age counts no thing: "aged 35", not "35 age"
        figure = f"aged {figure}"
    elif claim.unit:
        figure = f"{figure} {claim.unit}"
    context = [outlet]
    if claim.as_of:
        context.append(nice_date(claim.as_of))
    if claim.attributed_to:
        context.append(f"citing {claim.attributed_to}")
    return f"{figure} ({', '.join(context)})"
