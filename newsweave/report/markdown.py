"""The briefing as Markdown a person reads from top to bottom."""

from __future__ import annotations

import re

from newsweave.records import Briefing, EventBriefing
from newsweave.report.view import EventView, build_view, claim_label, nice_date, source_line

_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>#|])")


def md_escape(text: str) -> str:
    """Scraped text must not turn into markup (links, HTML, tables) when the Markdown is rendered."""
    return _MD_SPECIAL.sub(r"\\\1", " ".join(text.split()))


def render_markdown(briefing: Briefing) -> str:
    if not briefing.events:
        return "# newsweave briefing\n\nNo articles to brief.\n"
    parts = [_event(build_view(e)) for e in briefing.events]
    return "\n---\n\n".join(parts)


def _dates(event: EventBriefing) -> str:
    if event.first_seen and event.last_seen and event.first_seen != event.last_seen:
        return f"{nice_date(event.first_seen)} – {nice_date(event.last_seen)}"
    return nice_date(event.first_seen or event.last_seen) or "undated"


def _event(view: EventView) -> str:
    ev = view.event
    n_art, n_out, n_ind = len(ev.articles), ev.outlets, len(ev.stories)
    lines = [
        f"# {md_escape(ev.title)}",
        "",
        f"*{_dates(ev)} · {n_art} article{'s' * (n_art != 1)} from {n_out} "
        f"outlet{'s' * (n_out != 1)} · {n_ind} independent report{'s' * (n_ind != 1)}*",
        "",
        "## Summary",
        "",
    ]
    if ev.summary:
        lines.append(" ".join(f"{md_escape(s.text)} [{view.cite(s.article)}]" for s in ev.summary))
    else:
        lines.append("_No summary: the articles have no usable sentences._")
    lines += ["", *_figures(view), *_quotes(view), *_timeline(view), *_entities(view)]
    lines += ["## Sources", ""]
    for g in view.groups:
        lines.append(f"{view.cite(g.original.id)}. {md_escape(source_line(g.original))}")
        for copy in g.copies:
            lines.append(f"   - {view.cite(copy.id)}. copy: {md_escape(source_line(copy))}")
    lines.append("")
    return "\n".join(lines)


def _figures(view: EventView) -> list[str]:
    comps = view.event.facts.comparisons
    if not comps:
        return []
    outlets = {a.id: a.outlet or a.id for a in view.event.articles}
    out = ["## Figures across sources", ""]
    for comp in comps:
        claims = view.comparison_claims(comp)
        cited = "; ".join(
            f"{md_escape(claim_label(c, outlets.get(c.article, c.article)))} [{view.cite(c.article)}]"
            for c in claims
        )
        out.append(f"- **{md_escape(comp.subject)}** — {comp.status}: {cited}")
    return [*out, ""]


def _quotes(view: EventView) -> list[str]:
    if not view.event.facts.quotes:
        return []
    out = ["## Quotes", ""]
    for speaker, quotes in view.quotes_by_speaker():
        out.append(f"- **{md_escape(speaker)}**")
        for q in quotes:
            out.append(f"  - “{md_escape(q.text)}” [{view.cite(q.article)}]")
    return [*out, ""]


def _timeline(view: EventView) -> list[str]:
    if not view.event.facts.timeline:
        return []
    out = ["## Timeline", ""]
    for t in view.event.facts.timeline:
        out.append(f"- **{nice_date(t.date)}** — {md_escape(t.text)} [{view.cite(t.article)}]")
    return [*out, ""]


def _entities(view: EventView) -> list[str]:
    ents = [e for e in view.event.facts.entities if e.mentions > 1 or len(e.articles) > 1][:15]
    if not ents:
        return []
    items = []
    for e in ents:
        others = [a for a in e.aliases if a != e.name]
        label = md_escape(e.name) + (f" ({md_escape(', '.join(others))})" if others else "")
        items.append(label)
    return ["## Who and where", "", "; ".join(items), ""]
