"""HTML pages: the page's structure (headline, link blocks, subheadings) read beside trafilatura.

Fixtures are invented: the Orvane Ledger and its stories do not exist.
"""

from __future__ import annotations

import pytest

from newsweave.clean import clean_document
from newsweave.ingest.html import LINK_SHARE, _card_texts, extract_html, using_structure
from newsweave.records import RawDocument
from newsweave.store.articles import pack_raw, unpack_raw

STORY = [
    "The ferry between Orvane and Lisk will not sail before Thursday, the harbour master said on Monday.",
    "Engineers found a crack in the loading ramp during a routine check, and repairs will take three days.",
    "About 300 passengers a day use the crossing, most of them workers at the Lisk paper mill.",
    "The council said it would pay for buses around the bay until the ramp is mended.",
]
SUBHEAD = "What happens next"


def _page(*, readmore: bool = True, subhead: bool = True, tags: bool = True) -> str:
    paras = [f"<p>{STORY[0]}</p>", f"<p>{STORY[1]}</p>"]
    if readmore:
        paras.append('<p><b>Read more:</b> <a href="/n/7">Orvane ferry fares to rise in May</a></p>')
    if subhead:
        paras.append(f"<h2>{SUBHEAD}</h2>")
    paras += [f"<p>{STORY[2]}</p>", f"<p>{STORY[3]}</p>"]
    if tags:
        links = ", ".join(f'<a href="/t/{i}">{w}</a>' for i, w in enumerate(["Orvane", "Ferries", "Lisk"]))
        paras.append(f"<p>Topics: {links}</p>")
    return (
        "<html><head><title>Orvane ferry halted by cracked ramp | Orvane Ledger</title></head><body>"
        '<div class="x9f2"><a href="/">Home</a> <a href="/news">News</a></div>'
        '<article><h1>Orvane ferry halted by cracked ramp</h1>' + "".join(paras) + "</article></body></html>"
    )


def _clean(html: str) -> tuple[str, list[tuple[str, str, float | None]]]:
    art = clean_document(RawDocument(id="orvane-ferry", html=html, url="https://orvane-ledger.example/n/1"))
    return art.text, [(r.kind, r.text, r.score) for r in art.removed]


def test_headline_and_link_blocks_leave_the_body() -> None:
    text, removed = _clean(_page())
    for line in STORY:
        assert line in text
    assert "Orvane ferry halted" not in text  # the headline is the title, not body text
    assert "Read more" not in text and "Topics:" not in text
    kinds = {kind for kind, _, _ in removed}
    assert {"title", "links"} <= kinds
    scores = [score for kind, _, score in removed if kind == "links"]
    assert scores and all(s is not None and s >= LINK_SHARE for s in scores)


def test_title_still_read_from_the_page() -> None:
    art = clean_document(RawDocument(id="a", html=_page(), url="https://orvane-ledger.example/n/1"))
    assert art.title == "Orvane ferry halted by cracked ramp"


def test_markup_subheading_kept_as_optional() -> None:
    art = clean_document(RawDocument(id="a", html=_page(), url="https://orvane-ledger.example/n/1"))
    assert SUBHEAD in art.text
    spans = [art.text[o.start : o.end] for o in art.optional]
    assert SUBHEAD in spans


def test_structure_off_is_the_text_only_path() -> None:
    with using_structure(False):
        doc = extract_html(RawDocument(id="a", html=_page(), url="https://orvane-ledger.example/n/1"))
    assert doc.dropped == () and doc.headings == ()
    assert "Read more" in (doc.text or "")


def test_a_page_of_links_is_not_emptied() -> None:
    html = (
        "<html><body><article><p>"
        + " ".join(f'<a href="/{i}">{w}</a>' for i, w in enumerate(STORY[0].split()))
        + "</p></article></body></html>"
    )
    doc = extract_html(RawDocument(id="a", html=html, url="https://orvane-ledger.example/n/2"))
    assert "harbour master" in (doc.text or "")


@pytest.mark.parametrize("structure", [True, False])
def test_stored_raw_document_keeps_what_the_markup_dropped(structure: bool) -> None:
    with using_structure(structure):
        doc = extract_html(RawDocument(id="a", html=_page(), url="https://orvane-ledger.example/n/1"))
    again = unpack_raw(pack_raw(doc))
    first, second = clean_document(doc), clean_document(again)
    assert first.text == second.text
    assert first.removed == second.removed


def test_pull_quote_printed_twice_goes_once() -> None:
    pull = "Engineers found a crack in the loading ramp during a routine check."
    html = _page(readmore=False)
    html = html.replace(f"<p>{STORY[2]}</p>", f"<blockquote>{pull}</blockquote><p>{STORY[2]}</p>")
    text, removed = _clean(html)
    assert STORY[1] in text
    assert text.count("crack in the loading ramp") == 1
    assert ("repeat", pull, None) in removed


def test_headline_after_a_kicker_is_the_title() -> None:
    kicker = "<p>Transport</p><h2>Orvane ferry halted</h2>"
    html = _page().replace("<h1>Orvane ferry halted by cracked ramp</h1>", kicker)
    doc = extract_html(RawDocument(id="a", html=html, url="https://orvane-ledger.example/n/1"))
    assert ("title", "Orvane ferry halted", None) in doc.dropped
    assert "Orvane ferry halted" not in (doc.text or "")


def test_a_page_of_only_its_headline_keeps_it() -> None:
    html = "<html><body><article><h1>Orvane ferry halted by cracked ramp</h1></article></body></html>"
    url = "https://orvane-ledger.example/n/3"
    doc = extract_html(RawDocument(id="a", html=html, url=url, title="Orvane ferry"))
    assert doc.dropped == ()
    assert doc.text == "Orvane ferry halted by cracked ramp"


CARDS = [
    ("Lisk mill fire: what we know", "The fire at the Lisk paper mill was put out after two days by crews."),
    ("Dunra backs flood rules", "Councillors voted on Tuesday for stricter rules on building by the river."),
    ("Why Tamsel is angry", "Residents say they were never told the bridge would stay closed all winter."),
]
URL = "https://orvane-ledger.example/n/1"


def _with(after_story: str) -> str:
    return _page(readmore=False, tags=False).replace("</article>", after_story + "</article>")


def _cards(n: int, href: str = "/n/{i}") -> str:
    return "".join(
        f'<div class="q1"><h3><a href="{href.format(i=i)}">{head}</a></h3><p>{stand}</p></div>'
        for i, (head, stand) in enumerate(CARDS[:n])
    )


def test_teaser_cards_standfirsts_leave_the_body() -> None:
    html = _with(f'<div class="z7">{_cards(3)}</div>')
    assert _card_texts(html, URL) == {" ".join(stand.casefold().split()) for _, stand in CARDS}
    text, _ = _clean(html)
    for line in STORY:
        assert line in text
    for _, stand in CARDS:
        assert stand not in text  # trafilatura's precision mode drops some; the cards rule the rest


def test_links_off_the_site_and_a_lone_box_are_no_cards() -> None:
    away = _cards(3, "https://social.example/share?u={i}")
    assert _card_texts(_with(f'<div class="z7">{away}</div>'), URL) == set()
    assert _card_texts(_with(f'<div class="z7">{_cards(1)}</div>'), URL) == set()  # one box is no list


def test_share_links_after_each_paragraph_are_no_cards() -> None:
    share = '<a href="https://social.example/share?u=1">Share this on Social</a>'
    html = _page(readmore=False, tags=False)
    for line in STORY:
        html = html.replace(f"<p>{line}</p>", f"<div><p>{line}</p>{share}</div>")
    assert _card_texts(html, URL) == set()


def test_a_guide_of_linked_headings_is_the_story() -> None:
    """Linked headings with paragraphs under them that outweigh the rest of the page: a guide."""
    items = "".join(
        f'<div class="g"><h3><a href="/place/{i}">{head}</a></h3><p>{stand} {STORY[i]}</p></div>'
        for i, (head, stand) in enumerate(CARDS)
    )
    html = (
        "<html><head><title>Three towns to see by ferry</title></head><body><article>"
        f"<h1>Three towns to see by ferry</h1><p>{STORY[3]}</p><div>{items}</div></article></body></html>"
    )
    assert _card_texts(html, URL)  # shaped like cards ...
    text, removed = _clean(html)
    assert not any(kind == "teaser" for kind, _, _ in removed)  # ... but they are the story
    assert STORY[0] in text
