"""The briefing as one self-contained HTML page (no scripts, no external resources).

Jinja2 autoescaping is on for every template: scraped text is hostile and never becomes markup.
"""

from __future__ import annotations

from functools import cache

import jinja2

from newsweave.records import Briefing
from newsweave.report.view import build_view, claim_label, nice_date, source_line


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
    return env


def render_html(briefing: Briefing) -> str:
    views = [build_view(e) for e in briefing.events]
    return environment().get_template("briefing.html").render(views=views)
