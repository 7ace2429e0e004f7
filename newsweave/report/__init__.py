"""Briefing output: JSON (schema ``newsweave.briefing/1``), Markdown and one self-contained HTML page."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from newsweave.errors import UsageError
from newsweave.records import Briefing

FORMATS = ("md", "json", "html")


@cache
def briefing_schema() -> dict[str, Any]:
    """The JSON Schema of the briefing document, shipped inside the package."""
    text = resources.files("newsweave.report").joinpath("briefing.schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def render(briefing: Briefing, fmt: str) -> str:
    if fmt == "json":
        return json.dumps(briefing.to_dict(), ensure_ascii=False, indent=2) + "\n"
    if fmt == "md":
        from newsweave.report.markdown import render_markdown

        return render_markdown(briefing)
    if fmt == "html":
        from newsweave.report.html import render_html

        return render_html(briefing)
    raise UsageError(f"unknown format {fmt!r}; choose one of: {', '.join(FORMATS)}")
