"""The briefing as one self-contained HTML page (no scripts, no external resources).

Jinja2 autoescaping is on for every template: scraped text is hostile and never becomes markup.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from pathlib import Path

import jinja2

from newsweave.records import Article, Briefing, Event
from newsweave.report.card import FILE, NOTEBOOK, Links, event_card
from newsweave.report.view import claim_label, nice_date, safe_url, source_line

MAX_CARDS = 20  # events a whole briefing shows in a notebook


@cache
def card_css() -> str:
    """The card's stylesheet (templates/card.css): inlined in a notebook and the briefing file,
    served as /static/card.css by the web server (whose CSP allows no inline style)."""
    return (files("newsweave.report") / "templates" / "card.css").read_text("utf-8")


def make_environment(*folders: Path) -> jinja2.Environment:
    """Templates from ``folders`` (the web pages') and then the report's own, where the one
    event card lives, with the report's filters; autoescaped."""
    own = jinja2.PackageLoader("newsweave.report", "templates")
    env = jinja2.Environment(
        loader=jinja2.ChoiceLoader([jinja2.FileSystemLoader(list(folders)), own]) if folders else own,
        autoescape=True,
        undefined=jinja2.StrictUndefined,
    )
    env.filters["nice_date"] = nice_date
    env.globals["source_line"] = source_line
    env.globals["claim_label"] = claim_label
    env.globals["safe_url"] = safe_url
    return env


@cache
def environment() -> jinja2.Environment:
    return make_environment()


def render_html(briefing: Briefing) -> str:
    cards = [event_card(e, FILE) for e in briefing.events]
    return environment().get_template("briefing.html").render(cards=cards, style=card_css())


def card_html(event: Event, links: Links) -> str:
    """The event's card (templates/_card.html) with ``links`` leading where they should."""
    card = environment().get_template("_card.html").module.card  # type: ignore[attr-defined]
    return str(card(event_card(event, links)))


def render_card(event: Event) -> str:
    """One event as an HTML fragment for a notebook: the web event page's card (summary with
    citations, timeline chart, figures, quotes, entities, sources), escaped the same way, with
    its style inline and no script; a citation links to its numbered source in the card, a
    source to its ``url`` only when that is a plain http(s) address."""
    return render_cards(Briefing(events=[event]))


def render_cards(briefing: Briefing, limit: int = MAX_CARDS) -> str:
    """The first ``limit`` events of ``briefing`` as cards (see ``render_card``), and how many
    more there are: a notebook output of thousands of events would stall the page."""
    shown = briefing.events[:limit]
    cards = "<hr>".join(card_html(e, NOTEBOOK) for e in shown)
    more = len(briefing.events) - len(shown)
    if more:
        cards += (f'<hr><div class="newsweave-card"><p class="meta">{more} more event'
                  f'{"s" * (more != 1)}: show one with <code>briefing.events[i]</code>.</p></div>')
    return style() + (cards or '<div class="newsweave-card"><p>No articles to brief.</p></div>')


def style() -> str:
    return f"<style>\n{card_css()}</style>"


def render_article(article: Article) -> str:
    """One cleaned article as an HTML fragment for a notebook: title, source (linked only to a
    plain http(s) ``url``), the clean text and what cleaning removed, all escaped."""
    card = environment().get_template("_article.html").module.article_card  # type: ignore[attr-defined]
    return style() + str(card(article))
