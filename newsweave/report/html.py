"""The briefing as one self-contained HTML page (no scripts, no external resources).

Jinja2 autoescaping is on for every template: scraped text is hostile and never becomes markup.
"""

from __future__ import annotations

from functools import cache

import jinja2

from newsweave.records import Article, Briefing, Event
from newsweave.report.view import build_view, claim_label, nice_date, safe_url, source_line

MAX_CARDS = 20  # events a whole briefing shows in a notebook
# Scoped to the card's own class: a notebook page holds other outputs.
CARD_STYLE = """<style>
.newsweave-card { font: 15px/1.5 Georgia, serif; max-width: 46rem; color: inherit; }
.newsweave-card h1 { font-size: 1.4rem; margin: .2rem 0; }
.newsweave-card h2 { font-size: 1.1rem; margin-top: 1.2rem; }
.newsweave-card .meta { opacity: .75; font-style: italic; } .newsweave-card sup a { text-decoration: none; }
.newsweave-card .status { font: 600 .8rem sans-serif; padding: .05rem .4rem; border-radius: .3rem;
  color: #222; }
.newsweave-card .agree { background: #d9f2dd; } .newsweave-card .differ { background: #fff1c2; }
.newsweave-card .conflict { background: #f8d0d0; } .newsweave-card .single { background: #e6e6e6; }
.newsweave-card td { vertical-align: top; padding: .15rem .5rem; text-align: left; }
</style>"""


@cache
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("newsweave.report", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
    )
    env.filters["nice_date"] = nice_date
    env.globals["source_line"] = source_line
    env.globals["claim_label"] = claim_label
    env.globals["safe_url"] = safe_url
    return env


def render_html(briefing: Briefing) -> str:
    views = [build_view(e) for e in briefing.events]
    return environment().get_template("briefing.html").render(views=views)


def render_card(event: Event) -> str:
    """One event as an HTML fragment for a notebook: the briefing page's card (summary with
    citations, figures, quotes, timeline, sources), escaped the same way; a source links to its
    ``url`` only when that is a plain http(s) address."""
    return render_cards(Briefing(events=[event]))


def render_cards(briefing: Briefing, limit: int = MAX_CARDS) -> str:
    """The first ``limit`` events of ``briefing`` as cards (see ``render_card``), and how many
    more there are: a notebook output of thousands of events would stall the page."""
    card = environment().get_template("_card.html").module.card  # type: ignore[attr-defined]
    shown = briefing.events[:limit]
    cards = "<hr>".join(f'<div class="newsweave-card">{card(build_view(e), True)}</div>' for e in shown)
    more = len(briefing.events) - len(shown)
    if more:
        cards += (f'<hr><div class="newsweave-card"><p class="meta">{more} more event'
                  f'{"s" * (more != 1)}: show one with <code>briefing.events[i]</code>.</p></div>')
    return CARD_STYLE + (cards or '<div class="newsweave-card"><p>No articles to brief.</p></div>')


def render_article(article: Article) -> str:
    """One cleaned article as an HTML fragment for a notebook: title, source (linked only to a
    plain http(s) ``url``), the clean text and what cleaning removed, all escaped."""
    card = environment().get_template("_article.html").module.article_card  # type: ignore[attr-defined]
    return CARD_STYLE + str(card(article))
