"""HTML pages: the article body and metadata with trafilatura, decoding by BOM, HTTP or meta."""

from __future__ import annotations

import dataclasses
import logging
import re
from collections.abc import Iterator
from typing import Any, BinaryIO
from urllib.parse import urlsplit

import lxml.etree

from newsweave.errors import InputError
from newsweave.ingest.limits import MAX_HTML_TAGS
from newsweave.ingest.text import check_text, decode, read_bounded
from newsweave.records import RawDocument, safe_id

logging.getLogger("trafilatura").addHandler(logging.NullHandler())

_META_CHARSET = re.compile(rb"""<meta[^<>]{1,512}?charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]+)""", re.I)
_SPACES = re.compile(r"[ \t\r\f\v\u00a0]+")
NO_TEXT = "no article text found in the page (only scripts, styles, navigation or boilerplate?)"


def meta_charset(data: bytes) -> str | None:
    """The charset a page declares in a ``<meta>`` tag near its top."""
    found = _META_CHARSET.search(data[:4096])
    return found.group(1).decode("ascii") if found else None


def decode_html(data: bytes, where: str, http_charset: str | None = None) -> str:
    return decode(data, where, declared=http_charset or meta_charset(data))


def _line(node: Any) -> str:
    """A block's text; its line breaks (``<br>``) kept as single newlines."""
    parts = (_SPACES.sub(" ", part).strip() for part in "".join(node.itertext()).split("\n"))
    return "\n".join(p for p in parts if p)


def _paragraphs(body: Any) -> str:
    """The body's blocks (paragraphs, headings, list items, table rows) with blank lines between."""
    for lb in body.iter("lb"):
        lb.text = "\n"
    blocks: list[str] = []
    for child in body:
        if child.tag == "list":
            blocks.extend(_line(item) for item in child.iterfind("item"))
        elif child.tag == "table":
            blocks.extend(
                " ".join(_line(cell) for cell in row.iterfind("cell")) for row in child.iter("row")
            )
        else:
            blocks.append(_line(child))
    return "\n\n".join(b for b in blocks if b)


def _date_params() -> dict[str, Any]:
    # No "extensive" search: it hands odd strings to dateparser over all its locales, which
    # took 10-30 s on one fuzzed page; metadata, JSON-LD, URLs and common formats still count.
    from trafilatura.settings import set_date_params  # lazy: ~0.4 s, needed by HTML inputs only

    return set_date_params(extensive=False)


def _extract(html: str, url: str | None, precision: bool) -> Any:
    from trafilatura import bare_extraction

    try:
        return bare_extraction(
            html,
            url=url,
            favor_precision=precision,
            favor_recall=not precision,
            with_metadata=True,
            include_comments=False,
            date_extraction_params=_date_params(),
        )
    except (lxml.etree.LxmlError, ValueError, RecursionError):
        return None


def extract_html(doc: RawDocument) -> RawDocument:
    """``doc`` with ``text`` extracted from ``doc.html`` (paragraphs as blank-line blocks) and
    missing title/author/date/outlet filled from the page; ``text`` is ``""`` if no body is found.
    """
    html = doc.html or ""
    if "<html" not in html[:2048].lower():  # a fragment (feed item, snippet): trafilatura
        html = f"<html><body>{html}</body></html>"  # may reject it as "not valid HTML"
    result = _extract(html, doc.url, precision=True)
    text = _paragraphs(result.body) if result is not None and result.body is not None else ""
    if not text:  # short pages and feed snippets: precision mode may drop them whole
        result = _extract(html, doc.url, precision=False)
        text = _paragraphs(result.body) if result is not None and result.body is not None else ""
    host = urlsplit(doc.url).hostname if doc.url else None
    return dataclasses.replace(
        doc,
        text=text,
        url=doc.url or getattr(result, "url", None),
        title=doc.title or getattr(result, "title", None),
        author=doc.author or getattr(result, "author", None),
        date=doc.date or getattr(result, "date", None),
        outlet=doc.outlet or getattr(result, "sitename", None) or host,
        lang=doc.lang or getattr(result, "language", None),
    )


def depth_problem(html: str) -> str | None:
    """Why lxml gave up on a page (e.g. nesting deeper than libxml2's 256 levels), if it did."""
    parser = lxml.etree.HTMLParser()
    try:
        lxml.etree.fromstring(html, parser)
    except (lxml.etree.LxmlError, ValueError):
        return "HTML that cannot be parsed"
    for entry in parser.error_log:
        if "Excessive depth" in entry.message:
            return "HTML nested too deeply to parse safely (over 255 levels)"
    return None


def html_document(doc: RawDocument, where: str) -> RawDocument:
    """Extract ``doc``'s text now, or raise ``InputError`` saying why there is none."""
    tags = (doc.html or "").count("<")
    if tags > MAX_HTML_TAGS:
        raise InputError(where, f"page has {tags:,} tags, over the {MAX_HTML_TAGS:,} limit for "
                         "one article page")
    done = extract_html(doc)
    if not done.text:
        raise InputError(where, depth_problem(doc.html or "") or NO_TEXT)
    check_text(done.text, where)
    return done


def read_html(fh: BinaryIO, where: str, stem: str) -> Iterator[RawDocument | InputError]:
    html = decode_html(read_bounded(fh, where), where)
    yield html_document(RawDocument(id=safe_id(stem), html=html, path=where, fmt="html"), where)
