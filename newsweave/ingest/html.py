"""HTML pages: the article body and metadata with trafilatura, decoding by BOM, HTTP or meta."""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import logging
import re
from collections.abc import Callable, Iterator
from typing import Any, BinaryIO, NamedTuple
from urllib.parse import urlsplit

import lxml.etree

from newsweave.errors import InputError
from newsweave.ingest.limits import MAX_HTML_TAGS
from newsweave.ingest.text import check_text, decode, read_bounded
from newsweave.records import RawDocument, safe_id

logging.getLogger("trafilatura").addHandler(logging.NullHandler())

_META_CHARSET = re.compile(rb"""<meta[^<>]{1,512}?charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]+)""", re.I)
_WORD = re.compile(r"\w+")
_NON_WORD = re.compile(r"\W+")
_SPACES = re.compile(r"[ \t\r\f\v\u00a0]+")
NO_TEXT = "no article text found in the page (only scripts, styles, navigation or boilerplate?)"


_STRUCTURE = [True]  # use the page's markup to drop furniture blocks (``using_structure``)


@contextlib.contextmanager
def using_structure(on: bool) -> Iterator[None]:
    """Within the block, extraction reads (or, off, ignores) the page's structure: what the
    benchmark compares."""
    before = _STRUCTURE[0]
    _STRUCTURE[0] = on
    try:
        yield
    finally:
        _STRUCTURE[0] = before


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


class Block(NamedTuple):
    text: str
    links: float  # the share of its letters inside links (trafilatura's ``ref``, with include_links)
    tag: str  # trafilatura's element: p, head (rend h1..h6 as "h1".."h6"), item, row, quote...


def _link_share(node: Any, text: str) -> float:
    letters = _letters(text)
    linked = sum(_letters("".join(ref.itertext())) for ref in node.iter("ref"))
    return min(1.0, linked / letters) if letters else 0.0


def _blocks(body: Any) -> list[Block]:
    """The body's blocks (paragraphs, headings, list items, table rows) in order."""
    for lb in body.iter("lb"):
        lb.text = "\n"
    return _children(body)


def _children(body: Any) -> list[Block]:
    blocks: list[Block] = []
    for child in body:
        if child.tag == "div":  # recall mode's fallback extractors nest the page's containers
            blocks.extend(_children(child))
            continue
        if child.tag == "list":
            parts = [(item, _line(item), "item") for item in child.iterfind("item")]
        elif child.tag == "table":
            rows = child.iter("row")
            parts = [(row, " ".join(_line(cell) for cell in row.iterfind("cell")), "row") for row in rows]
        else:
            tag = child.get("rend", "h") if child.tag == "head" else child.tag
            parts = [(child, _line(child), tag)]
        blocks.extend(Block(text, _link_share(node, text), tag) for node, text, tag in parts if text)
    return blocks


def _paragraphs(body: Any) -> str:
    """The body's blocks with blank lines between."""
    return "\n\n".join(b.text for b in _blocks(body))


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
            include_links=_STRUCTURE[0],
            date_extraction_params=_date_params(),
        )
    except (lxml.etree.LxmlError, ValueError, RecursionError):
        return None


# A block this much link text is a menu, a teaser ("Read more: <a>..."), a tag list or a share
# bar: a paragraph of a story may link a name or a source, not most of its words.
LINK_SHARE = 0.6
_SUBHEADS = {"h2", "h3", "h4", "h5", "h6", "h"}
_HEADINGS = _SUBHEADS | {"h1"}
REPEAT_WORDS = 6  # a shorter block (a name, a place, "Read more") may well recur by chance
MAX_REPEAT_BLOCKS = 400  # beyond, the pairwise search for a block inside another costs too much
HEADLINE_WITHIN = 3  # blocks from the body's top where its headline may stand
CARD_REST_LETTERS = 12  # a card's headline: a few words at least
CARD_REPEATS = 2  # cards come in lists; one block beside a link is no card list
Dropped = tuple[tuple[str, str, float | None], ...]


def _fold(text: str) -> str:
    return " ".join(text.casefold().split())


def _headline_at(blocks: list[Block], title: str | None) -> int | None:
    """Where the page's headline heads its body: a first block marked ``<h1>``, or a heading
    among the first few blocks (after a kicker or a byline) that the title begins with."""
    if not blocks or not title:
        return None
    if blocks[0].tag == "h1":
        return 0
    folded = _fold(title)
    for i, block in enumerate(blocks[:HEADLINE_WITHIN]):
        text = _fold(block.text)
        if text == folded or (block.tag in _HEADINGS and text and folded.startswith(text)):
            return i
    return None


def _structure(blocks: list[Block], title: str | None) -> tuple[list[Block], Dropped]:
    """The blocks that are body text by the page's markup, and those that are not: the headline
    heading the body (it is the article's title, read from the page's metadata) and blocks of
    links. The page keeps its link blocks when nothing else would be left."""
    dropped: list[tuple[str, str, float | None]] = []
    at = _headline_at(blocks, title)
    if at is not None and len(blocks) > 1:
        dropped.append(("title", blocks[at].text, None))
        blocks = blocks[:at] + blocks[at + 1 :]
    kept = [b for b in blocks if b.links < LINK_SHARE]
    if not kept:
        return blocks, tuple(dropped)
    dropped += [("links", b.text, round(b.links, 3)) for b in blocks if b.links >= LINK_SHARE]
    again = _repeats(kept)
    dropped += [("repeat", kept[i].text, None) for i in sorted(again)]
    return [b for i, b in enumerate(kept) if i not in again], tuple(dropped)


def _repeats(blocks: list[Block]) -> set[int]:
    """Blocks printed a second time on the page, a pull quote or a teaser repeating a sentence
    of the story: each block of ``REPEAT_WORDS`` or more whose text another block holds (of two
    equal blocks, the later one)."""
    folded = [f" {' '.join(_WORD.findall(b.text.casefold()))} " for b in blocks]  # punctuation aside
    out: set[int] = set()
    if len(blocks) > MAX_REPEAT_BLOCKS:  # a list of thousands of rows: equal blocks only (linear)
        first: dict[str, int] = {}
        for i, text in enumerate(folded):
            if len(text.split()) >= REPEAT_WORDS and first.setdefault(text, i) != i:
                out.add(i)
        return out
    for i, text in enumerate(folded):
        if len(text.split()) < REPEAT_WORDS:
            continue
        for j, other in enumerate(folded):
            if j != i and j not in out and text in other and (len(other) > len(text) or j < i):
                out.add(i)
                break
    return out


def _subheadings(blocks: list[Block]) -> tuple[str, ...]:
    """Headings of the markup (h2 to h6) that a paragraph of prose follows: the story's own
    subheadings, not the title of a list of links."""
    from newsweave.clean.furniture import is_prose

    return tuple(
        b.text.strip()
        for b, nxt in zip(blocks, blocks[1:], strict=False)
        if b.tag in _SUBHEADS and "\n" not in b.text and nxt.tag not in _SUBHEADS and is_prose(nxt.text)
    )


def _letters(text: str | None) -> int:
    return len(_NON_WORD.sub("", text)) if text else 0


def _same_site(href: str, host: str | None) -> bool:
    """A link to another page of the site (a story), not a share button or an outside source."""
    href = href.strip()
    if href[:1] == "/" and href[1:2] not in ("/", ""):
        return True  # a path on this site: most links, so no urlsplit for them
    parts = urlsplit(href)
    if parts.scheme not in ("", "http", "https") or not (parts.path.strip("/") or parts.query):
        return False  # javascript:, mailto:, "#" and the home page
    return not parts.netloc or (host is not None and parts.hostname == host)


# A block without links beside a link in a box of two or more blocks: what may be a card's
# standfirst (found by libxml2's XPath, so that the page's other elements cost no Python)
_CARD_CANDIDATES = lxml.etree.XPath(
    "//*[self::div or self::li or self::article or self::section][*[2]][.//a]"
    "/*[self::p or self::span or self::div or self::li or self::h2 or self::h3 or self::h4 or self::h5"
    " or self::h6][not(.//a)][normalize-space()]"
)


def _card_texts(html: str, url: str | None) -> set[str]:
    """Texts of the standfirsts of teaser cards in the page's own markup: a block whose container
    holds, besides it, little but a link to another page of the site (a story's headline), in a
    container that repeats the pattern at least twice. trafilatura drops the linked headlines by
    their link density and keeps the standfirsts, which read like the story's own paragraphs."""
    try:  # lxml.etree's parser: lxml.html's element classes cost a lookup per element
        root = lxml.etree.fromstring(html, lxml.etree.HTMLParser())
    except (lxml.etree.LxmlError, ValueError):
        return set()
    if root is None:
        return set()
    host = urlsplit(url).hostname if url else None
    boxes: dict[Any, tuple[int, int] | None] = {}  # a box's letters and linked letters; None: a card
    cards: dict[Any, list[str]] = {}  # a card list (the container of cards): its standfirsts
    for child in _CARD_CANDIDATES(root):
        box = child.getparent()
        if box not in boxes:
            hrefs = (a for a in box.iter("a") if _same_site(a.get("href", ""), host))
            linked = sum(_letters("".join(a.itertext())) for a in hrefs)
            boxes[box] = (_letters("".join(box.itertext())), linked)
        counts = boxes[box]
        if counts is None or not counts[1]:
            continue  # a box is one card, with one standfirst; or it links nowhere on the site
        own = "".join(child.itertext())
        rest = counts[0] - _letters(own)
        if rest >= CARD_REST_LETTERS and counts[1] >= LINK_SHARE * rest:
            cards.setdefault(box.getparent(), []).append(_fold(own))
            boxes[box] = None
    return {text for texts in cards.values() if len(texts) >= CARD_REPEATS for text in texts}


def _body(
    result: Any, doc: RawDocument, cards: Callable[[], set[str]]
) -> tuple[str, Dropped, tuple[str, ...]]:
    """The body text, what the structure dropped, the markup's subheadings; ``cards``: the page's
    teaser standfirsts (``_card_texts``), read only when the body has blocks."""
    if result is None or result.body is None:
        return "", (), ()
    blocks = _blocks(result.body)
    dropped: Dropped = ()
    headings: tuple[str, ...] = ()
    if _STRUCTURE[0]:
        blocks, dropped = _structure(blocks, doc.title or getattr(result, "title", None))
        teaser_texts = cards() if blocks else set()
        teasers = [b for b in blocks if _fold(b.text) in teaser_texts]
        # cards stand beside a story, never hold most of its text: a list of linked headings
        # with paragraphs under them that outweighs the rest is the story (a guide, a listicle)
        if teasers and 2 * sum(len(b.text) for b in teasers) < sum(len(b.text) for b in blocks):
            blocks = [b for b in blocks if _fold(b.text) not in teaser_texts]
            dropped += tuple(("teaser", b.text, None) for b in teasers)
        headings = _subheadings(blocks)
    return "\n\n".join(b.text for b in blocks), dropped, headings


def extract_html(doc: RawDocument) -> RawDocument:
    """``doc`` with ``text`` extracted from ``doc.html`` (paragraphs as blank-line blocks) and
    missing title/author/date/outlet filled from the page; ``text`` is ``""`` if no body is found.
    Blocks that the page's structure shows to be no body text are in ``dropped``.
    """
    html = doc.html or ""
    if "<html" not in html[:2048].lower():  # a fragment (feed item, snippet): trafilatura
        html = f"<html><body>{html}</body></html>"  # may reject it as "not valid HTML"
    cards = functools.cache(lambda: _card_texts(html, doc.url))  # read once if both modes need it
    result = _extract(html, doc.url, precision=True)
    text, dropped, headings = _body(result, doc, cards)
    if not text:  # short pages and feed snippets: precision mode may drop them whole
        result = _extract(html, doc.url, precision=False)
        text, dropped, headings = _body(result, doc, cards)
    host = urlsplit(doc.url).hostname if doc.url else None
    return dataclasses.replace(
        doc,
        text=text,
        dropped=dropped,
        headings=headings,
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
