"""Invented HTML article pages with their furniture in, and the gold body text of each.

    python scripts/invent_html.py [--pages 240] [--seed 14] > pages.jsonl

There is no labelled HTML dev set to tune the HTML path on (the article-extraction benchmarks
are held out), so these pages stand in: invented outlets and stories (the sentence templates of
``invent_pages.py``) laid out in six families of markup. Each site of a family keeps its class
names and its furniture from page to page, as real sites do; families differ in how the markup
says what a block is:

- ``semantic``: ``<nav>``, ``<article>``, ``<figure>``, ``<aside>``, ``<footer>``.
- ``classnamed``: ``<div>`` soup whose class names say what a block is (related, share, comments).
- ``hashed``: ``<div>`` soup with generated class names (CSS modules), so that only the shape
  of a block tells: its links, its place, its repetition on the site's other pages.
- ``inline``: the story's container also holds "Read more" link paragraphs, a share bar, a
  newsletter box and tag lists between and after its paragraphs.

Pages of the ``semantic``, ``classnamed``, ``hashed`` and ``inline`` families may carry a pull
quote: a sentence of the story printed again between its paragraphs.
- ``blog``: a post with an author box, tags and a comment thread of prose.
- ``table``: an old layout of tables, with a menu row and a link column.

Gold ``body`` is the story's paragraphs and subheadings in order (no headline, byline, caption
or furniture), one a line. Rows: ``id``, ``site``, ``family``, ``url``, ``html``, ``body``.
Design on ``DESIGN`` families, report on the others. No text here comes from any real page.
"""

from __future__ import annotations

import argparse
import html as htmllib
import json
import random
import zlib
from collections.abc import Callable
from typing import Any

if __package__ in (None, ""):
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scripts.invent_pages import (  # noqa: E402
    MENU,
    NOTICES,
    OUTLETS,
    PEOPLE,
    PLACES,
    SHARE,
    SUBHEAD,
    TEASER_HEADS,
    _caption,
    _fill,
    headline,
    paragraph,
    sentence,
)

FAMILIES = ("semantic", "classnamed", "hashed", "inline", "blog", "table")
DESIGN = ("semantic", "hashed", "blog", "cards")  # the families rules may be shaped on; the rest held out
# Teaser cards (a linked headline and a standfirst, in a list), drawn apart so that the six
# families above stay as they were: "cards" after the story (design), "cardlist" between its
# paragraphs as list items or linked headings (held out).
CARD_FAMILIES = ("cards", "cardlist")
SITES_PER_FAMILY = 3
E = htmllib.escape
Block = Callable[[random.Random], str]


def _links(rng: random.Random, items: list[str], sep: str = "") -> str:
    return sep.join(f'<a href="/{rng.randint(100, 999)}">{E(x)}</a>' for x in items)


def _li(rng: random.Random, items: list[str]) -> str:
    return "".join(f'<li><a href="/s/{rng.randint(1000, 9999)}">{E(x)}</a></li>' for x in items)


class Site:
    """One invented site: its family, its class names, its fixed furniture texts."""

    def __init__(self, rng: random.Random, family: str, k: int) -> None:
        self.family = family
        self.outlet = f"{rng.choice(OUTLETS)} {rng.choice(['', 'Online', 'Today', 'Weekly'])}".strip()
        self.name = f"{family}{k}-{self.outlet.lower().replace(' ', '-')}"
        self.menu = rng.sample(MENU, rng.randint(4, 9))
        self.footer = [rng.choice(["About us", "Contact", "Jobs"]), "Privacy policy", "Terms of use"]
        self.copyright = f"© 20{rng.randint(18, 25)} {self.outlet}. All rights reserved."
        self.newsletter = _fill(rng, rng.choice(NOTICES[3:4])) + rng.choice(
            [" Get the stories that matter in your inbox every morning.", "", " It is free."]
        )
        self.cookie = NOTICES[4]
        self.hashed = family in ("hashed", "inline", "table", "cards", "cardlist")

    def cls(self, rng: random.Random, meaning: str) -> str:
        """A class attribute: the block's meaning in words, or a generated name that hides it."""
        if self.hashed:
            code = zlib.crc32(f"{self.name}/{meaning}".encode()) % 16**5
            return f' class="{meaning[:1]}{code:x}"'
        return f' class="{meaning}"'


def _story(rng: random.Random) -> tuple[str, list[tuple[str, str]]]:
    """A headline and the body as (kind, text): "p" paragraphs and "h" subheadings."""
    body: list[tuple[str, str]] = []
    for i in range(rng.randint(3, 10)):
        if i and rng.random() < 0.15:
            body.append(("h", rng.choice(SUBHEAD)))
        body.append(("p", paragraph(rng)))
    return headline(rng), body


def _furniture(site: Site, rng: random.Random) -> dict[str, str]:
    """The blocks a page may carry, as markup, for any family."""
    c = site.cls
    teasers = [headline(rng) for _ in range(rng.randint(3, 6))]
    more = rng.choice(["Read more:", "Also read:", "See also:", "READ MORE:"])
    crumbs = _links(rng, ["Home", rng.choice(site.menu)], " &gt; ")
    return {
        "menu": f"<div{c(rng, 'menu')}>{_links(rng, site.menu, ' | ')}</div>",
        "crumbs": f"<div{c(rng, 'breadcrumb')}>{crumbs}</div>",
        "share": f"<div{c(rng, 'share')}>{_links(rng, rng.sample(SHARE, rng.randint(3, 6)))}</div>",
        "related": f"<div{c(rng, 'related')}><h3>{E(rng.choice(TEASER_HEADS))}</h3>"
        f"<ul>{_li(rng, teasers)}</ul></div>",
        "readmore": f'<p><strong>{more}</strong> <a href="/r/{rng.randint(1, 99)}">{E(headline(rng))}</a>'
        "</p>",
        "newsletter": f"<div{c(rng, 'newsletter')}><p>{E(site.newsletter)}</p>"
        f"<p><a href='/signup'>Sign up</a></p></div>",
        "cookie": f"<div{c(rng, 'consent')}><p>{E(site.cookie)}</p><a href='#'>Accept</a></div>",
        "tags": f"<div{c(rng, 'tags')}>Topics: {_links(rng, rng.sample(PLACES, 3), ', ')}</div>",
        "footer": f"<div{c(rng, 'footer')}>{_links(rng, site.footer, ' · ')}<p>{E(site.copyright)}</p></div>",
        "ad": f"<div{c(rng, 'ad-slot')}>{rng.choice(['Advertisement', 'ADVERTISEMENT', 'Sponsored'])}</div>",
        "readtime": f"<div{c(rng, 'meta')}>{rng.randint(2, 9)} min read</div>",
    }


def _byline(rng: random.Random) -> str:
    return f"By {rng.choice(PEOPLE)}, {rng.choice(['Monday', 'Tuesday', 'Friday'])} {rng.randint(1, 28)} May"


def _paras(site: Site, rng: random.Random, body: list[tuple[str, str]], inline: dict[str, str]) -> str:
    """The body's markup with furniture (``inline``: name -> markup) dropped between paragraphs."""
    out: list[str] = []
    spots = list(inline.values())
    rng.shuffle(spots)
    gaps = sorted(rng.sample(range(1, max(2, len(body))), min(len(spots), max(1, len(body) - 1))))
    for i, (kind, text) in enumerate(body):
        if gaps and i == gaps[0] and spots:
            gaps.pop(0)
            out.append(spots.pop())
        out.append(f"<h2>{E(text)}</h2>" if kind == "h" else f"<p>{E(text)}</p>")
    return "".join(out + spots)


def _comments(rng: random.Random) -> str:
    items = []
    for _ in range(rng.randint(2, 5)):
        who = rng.choice(PEOPLE).split()[0].lower() + str(rng.randint(1, 99))
        items.append(f"<div><b>{who}</b> {rng.randint(1, 9)} hours ago<p>{E(paragraph(rng))}</p>"
                     f"<a href='#'>Reply</a> <a href='#'>Report</a></div>")  # fmt: skip
    return f"<h3>Comments ({len(items)})</h3>" + "".join(items)


def _figure(site: Site, rng: random.Random, semantic: bool) -> str:
    img = f'<img src="/img/{rng.randint(1, 999)}.jpg" alt="">'
    if semantic:
        return f"<figure>{img}<figcaption>{E(_caption(rng))}</figcaption></figure>"
    return f"<div{site.cls(rng, 'media')}>{img}<div{site.cls(rng, 'caption')}>{E(_caption(rng))}</div></div>"


def _cards(rng: random.Random, shape: str, cls: str, most: int, inner: str = "") -> str:
    """2 to ``most`` teaser cards: a headline linking to another story, and a sentence of it."""
    out = []
    for _ in range(rng.randint(2, most)):
        head = E(headline(rng))
        if inner:
            head = f"<{inner}>{head}</{inner}>"
        link = f"<a href='/s/{rng.randint(1, 999)}'>{head}</a>"
        out.append(shape.format(cls=cls, link=link, text=E(sentence(rng))))
    return "".join(out)


def page_html(site: Site, rng: random.Random) -> tuple[str, list[tuple[str, str]]]:
    """One page of ``site``: its markup and its gold body."""
    title, body = _story(rng)
    f = _furniture(site, rng)
    c = site.cls
    head = f"<head><meta charset='utf-8'><title>{E(title)} | {E(site.outlet)}</title></head>"
    top = f["cookie"] if rng.random() < 0.5 else ""
    h1 = f"<h1>{E(title)}</h1><p{c(rng, 'byline')}>{E(_byline(rng))}</p>"
    fig = _figure(site, rng, site.family == "semantic") if rng.random() < 0.6 else ""
    fam = site.family
    said = rng.choice([text for kind, text in body if kind == "p"]).split(". ")[0].rstrip(".") + "."
    f["pullquote"] = (f"<blockquote>{E(said)}</blockquote>" if fam == "semantic"
                      else f"<div{c(rng, 'pullquote')}><p>{E(said)}</p></div>")  # fmt: skip
    pull = ["pullquote"] if rng.random() < 0.5 else []
    if fam == "semantic":
        inline = {k: f[k] for k in rng.sample(["ad", "readmore"], rng.randint(0, 2)) + pull}
        main = (f"<nav>{_links(rng, site.menu)}</nav><main><article>{h1}{fig}"
                f"{_paras(site, rng, body, inline)}<footer>{f['tags']}</footer></article>"
                f"<aside>{f['related']}</aside></main><footer>{f['footer']}</footer>")  # fmt: skip
    elif fam in ("classnamed", "hashed"):
        inline = {k: f[k] for k in rng.sample(["ad", "readmore", "newsletter"], rng.randint(0, 3)) + pull}
        main = (f"{f['menu']}{f['crumbs']}<div{c(rng, 'article-body')}>{h1}{f['readtime']}{fig}{f['share']}"
                f"{_paras(site, rng, body, inline)}{f['tags']}</div>{f['related']}{f['footer']}")  # fmt: skip
    elif fam == "inline":
        inline = {k: f[k] for k in ["readmore", "share", "newsletter", "ad", *pull] if rng.random() < 0.7}
        inline["readmore2"] = f["readmore"].replace("Read more:", "More:")
        main = (f"{f['menu']}<div{c(rng, 'wrap')}>{h1}{fig}{_paras(site, rng, body, inline)}{f['tags']}"
                f"{f['related']}</div>{f['footer']}")  # fmt: skip
    elif fam == "blog":
        bio = (f"<div{c(rng, 'author-box')}><p>{E(rng.choice(PEOPLE))} writes about {rng.choice(PLACES)} "
               f"and its councils. {E(_fill(rng, NOTICES[-1]))}</p></div>")  # fmt: skip
        main = (f"{f['menu']}<div{c(rng, 'post')}>{h1}{fig}{_paras(site, rng, body, {})}{f['tags']}{bio}"
                f"<div{c(rng, 'comments')}>{_comments(rng)}</div></div>{f['footer']}")  # fmt: skip
    elif fam == "cards":  # a list of teaser cards after the story, inside its container
        cards = _cards(rng, "<div{cls}><h3>{link}</h3><p>{text}</p></div>", c(rng, "card"), 5)
        promo = f"<div{c(rng, 'promo')}><h2>{E(rng.choice(TEASER_HEADS))}</h2>{cards}</div>"
        story = f"<div{c(rng, 'story')}>{h1}{fig}{_paras(site, rng, body, {})}{promo}</div>"
        main = f"{f['menu']}{story}{f['footer']}"
    elif fam == "cardlist":  # cards as list items or linked headings, between the paragraphs
        if rng.random() < 0.5:
            items = _cards(rng, "<li>{link}<span>{text}</span></li>", "", 4, "strong")
            cards = f"<ul{c(rng, 'more')}>{items}</ul>"
        else:
            items = _cards(rng, "<article>{link}<p>{text}</p></article>", "", 4, "h4")
            cards = f"<section{c(rng, 'more')}>{items}</section>"
        main = (f"{f['menu']}<div{c(rng, 'body')}>{h1}{_paras(site, rng, body, {'cards': cards})}</div>"
                f"{f['footer']}")  # fmt: skip
    else:  # table
        side = f"<ul>{_li(rng, [headline(rng) for _ in range(rng.randint(3, 6))])}</ul>"
        main = (f"<table><tr><td colspan='2'>{f['menu']}</td></tr><tr><td width='20%'>{side}</td>"
                f"<td>{h1}{fig}{_paras(site, rng, body, {'ad': f['ad']})}{f['share']}</td></tr>"
                f"<tr><td colspan='2'>{f['footer']}</td></tr></table>")  # fmt: skip
    return f"<!DOCTYPE html><html>{head}<body>{top}{main}</body></html>", body


def invent_html(
    pages: int = 240, seed: int = 14, families: tuple[str, ...] = FAMILIES
) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    sites = [Site(rng, fam, k) for fam in families for k in range(SITES_PER_FAMILY)]
    rows = []
    for n in range(pages):
        site = sites[n % len(sites)]
        markup, body = page_html(site, rng)
        rows.append({
            "id": f"{site.name}-{n}", "site": site.name, "family": site.family,
            "url": f"https://{site.name}.example/news/{n}", "html": markup,
            "body": "\n".join(text for _, text in body),
        })  # fmt: skip
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--pages", type=int, default=240)
    parser.add_argument("--seed", type=int, default=14)
    args = parser.parse_args()
    for row in invent_html(args.pages, args.seed):
        print(json.dumps(row, ensure_ascii=False))


if __name__ == "__main__":
    main()
