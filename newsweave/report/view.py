"""What the Markdown and HTML briefings show, computed once: numbered sources grouped by story,
citation numbers, and readable labels for facts. Both renderers read this, so they agree."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from newsweave.records import Article, Claim, Comparison, EventBriefing, Quote


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

    def cite(self, article_id: str) -> int:
        return self.number.get(article_id, 0)

    def quotes_by_speaker(self) -> list[tuple[str, list[Quote]]]:
        groups: dict[str, list[Quote]] = {}
        for q in self.event.facts.quotes:
            groups.setdefault(q.speaker or "Unattributed", []).append(q)
        return sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0]))

    def comparison_claims(self, comp: Comparison) -> list[Claim]:
        return [self.claims[c] for c in comp.claims if c in self.claims]


def build_view(event: EventBriefing) -> EventView:
    by_id = {a.id: a for a in event.articles}
    groups: list[SourceGroup] = []
    for story in event.stories:
        if story.original not in by_id:
            continue
        copies = [by_id[a] for a in story.articles if a != story.original and a in by_id]
        groups.append(SourceGroup(by_id[story.original], copies))
    groups.sort(key=lambda g: (g.original.published or "9999", g.original.id))
    view = EventView(event, groups, claims={c.id: c for c in event.facts.claims})
    n = 0
    for g in groups:
        for art in [g.original, *g.copies]:
            n += 1
            view.number[art.id] = n
    return view


def nice_date(iso: str | None) -> str:
    """'2019-02-26' -> 'Feb 26, 2019'; passes anything else through."""
    if not iso:
        return ""
    try:
        d = date.fromisoformat(iso[:10])
    except ValueError:
        return iso
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
    if claim.qualifier:
        figure = f"{claim.qualifier} {figure}"
    if claim.unit:
        figure = f"{figure} {claim.unit}"
    context = [outlet]
    if claim.as_of:
        context.append(nice_date(claim.as_of))
    if claim.attributed_to:
        context.append(f"citing {claim.attributed_to}")
    return f"{figure} ({', '.join(context)})"
