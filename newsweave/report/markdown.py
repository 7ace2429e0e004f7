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


def _cites(numbers: list[int]) -> str:
    return "".join(f"[{n}]" for n in numbers)


def _figures(view: EventView) -> list[str]:
    figures = view.figures_once()
    if not figures:
        return []
    out = ["## Figures across sources", ""]
    for comp, cited in figures:
        shown = "; ".join(
            f"{md_escape(claim_label(c.item, ', '.join(c.outlets)))} {_cites(c.numbers)}" for c in cited
        )
        out.append(f"- **{md_escape(comp.subject)}** — {comp.status}: {shown}")
    return [*out, ""]


def _quotes(view: EventView) -> list[str]:
    quotes = view.quotes_once()
    if not quotes:
        return []
    out = ["## Quotes", ""]
    for speaker, cited in quotes:
        out.append(f"- **{md_escape(speaker)}**")
        for c in cited:
            out.append(f"  - “{md_escape(c.item.words())}” {_cites(c.numbers)}")
    return [*out, ""]


def _timeline(view: EventView) -> list[str]:
    dated = view.timeline_once()
    if not dated:
        return []
    out = ["## Timeline", ""]
    for c in dated:
        when = nice_date(c.item.date, c.item.precision)
        out.append(f"- **{when}** — {md_escape(c.item.text)} {_cites(c.numbers)}")
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
