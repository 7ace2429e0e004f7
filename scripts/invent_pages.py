"""Invented news pages with their furniture in, for training the furniture classifier.

    python scripts/invent_pages.py [--pages 300] [--seed 14] > pages.jsonl

Scrapers hand newsweave stories with furniture sprinkled through them, not only menus around
them: teasers for other stories between paragraphs (alone or in runs), embedded social posts
with their hashtags and footers, captions and credits, counters, a block after the story's last
sentence (an agency credit, an archive notice, tags, an author's note). L3S-GN1 shows whole
pages; these pages, composed from invented outlets, places and people by templates with a fixed
seed, show the sprinkled layout. Each page is a row in the layout ``build_furniture_model.py``
reads (``text``, ``content``, ``optional``, ``furniture_lines``). No text here comes from any
dev or test page.
"""

from __future__ import annotations

import argparse
import json
import random
from typing import Any

if __package__ in (None, ""):
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scripts import invent_kinds as kinds  # noqa: E402

FOREIGN_SHARE = 0.2  # pages in Spanish, French or German (``invent_kinds.FOREIGN``)

PLACES = ["Lisk", "Orvane", "Brosk", "Tamsel", "Vürth", "Kellmar", "Dunra", "Pellow", "Sarn", "Ilvey"]
PEOPLE = [
    "Mara Velt", "Jon Arkady", "Ines Toller", "Piet Haskin", "Odile Marsh", "Ravi Okonde",
    "Lena Brisk", "Tomas Ferro", "Aiko Rendel", "Samir Vaud", "Greta Holm", "Kofi Amsel",
]  # fmt: skip
ROLES = [
    "the regional governor", "the council's spokeswoman", "a police spokesman", "the chief engineer",
    "the health minister", "a union leader", "the company's chief executive", "the mayor",
    "a local resident", "the fire chief", "an analyst at a Tamsel bank", "the prosecutor",
]  # fmt: skip
EVENTS = [
    ("the dam on the {p} river", "held through the heaviest rain in forty years", "flood"),
    ("the fire at the {p} paper mill", "was put out after two days", "fire"),
    ("the strike at the {p} ferry port", "ended after talks that ran through the night", "strike"),
    ("the bridge over the {p} canal", "will stay closed until the spring", "bridge"),
    ("the vote on the {p} budget", "was delayed by a week", "vote"),
    ("the trial of the former {p} treasurer", "opened with a plea of not guilty", "trial"),
    ("the outbreak at the {p} care home", "has infected 41 residents and staff", "outbreak"),
    ("the merger of two {p} banks", "was approved by the regulator", "merger"),
]
VERBS = ["said", "told reporters", "confirmed", "added", "warned", "wrote in a statement"]
DAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]
DAYS = ["on Monday", "on Tuesday", "on Wednesday", "late on Thursday", "on Friday", "at the weekend"]
CLAUSES = [
    "about {n} people spent the night in schools and sports halls",
    "roads to the east of {p} remain closed and trains will not run before {d}",
    "the cost of the damage could reach {n} million crowns",
    "investigators are still working out what went wrong",
    "the council had been warned about the risk {n} years ago",
    "nobody was hurt, although {n} families were told to leave their homes",
    "talks with the unions would resume {d}",
    "the figures would be published in full by the end of the month",
    "the decision was the right one, even if it came late",
    "residents of {p} had been asking for answers for weeks",
    "a second inquiry would look at how the money was spent",
    "the first results of the tests were expected {d}",
]
HEADLINE = [
    "{P} {e} {r}", "{E} in {p}: what we know so far", "{n} hurt as {e} in {p}", "Why {p} is angry",
    "{Person} to step down after {e}", "{p} council backs plan for new {k} rules",
    "Live: {e} in {p}", "Police name {n} suspects after {k} in {p}", "{Person}: 'We were not told'",
    "How the {k} in {p} unfolded", "{p} braces for more {k} news",
]  # fmt: skip
SUBHEAD = [
    "What happens next", "Warnings ignored", "A long night", "The cost", "Questions remain",
    "Why did the wall fail?", "What did the council know?", "Who pays for the repairs?",
    "How the night unfolded in the lower town", "What the engineers were told in March",
    "Pictures sent in by readers", "A video filmed by residents",
]  # fmt: skip
MENU = [
    "Home", "News", "World", "Business", "Sport", "Opinion", "Culture", "Weather", "Video",
    "Sign in", "Subscribe", "Menu", "Search", "Local", "Politics", "Science",
]  # fmt: skip
TEASER_HEADS = ["Related", "More on this story", "Most read", "Read more", "Recommended", "Top stories"]
SHARE = ["Share", "Facebook", "Twitter", "Email", "WhatsApp", "Copy link", "Print", "Comments"]
NOTICES = [
    "This article is more than {n} years old",
    "From our archive: first published {n} years ago, so some details may have changed.",
    "All rights reserved. This material may not be published, broadcast or redistributed.",
    "Sign up for our daily newsletter",
    "We use cookies to improve your experience. By continuing you agree to our policy.",
    "{n} min read",
    "Save article",
    "Advertisement",
    "Story continues below",
    "Comments ({n})",
    "Reporting by {person}; editing by {person2}",
    "({O} with agencies)",
    "{person} is a reporter at the {O}. Contact them at the news desk.",
]
OUTLETS = ["Lisk Courier", "Orvane Post", "Tamsel Herald", "Brosk Daily", "Dunra Times", "Sarn Ledger"]


def _fill(rng: random.Random, template: str) -> str:
    place, person, person2 = rng.choice(PLACES), rng.choice(PEOPLE), rng.choice(PEOPLE)
    event = rng.choice(EVENTS)
    return template.format(
        p=place, P=place, n=rng.choice([2, 3, 5, 12, 41, 300, 3000]), d=rng.choice(DAY_NAMES),
        person=person, person2=person2, Person=person, O=rng.choice(OUTLETS),
        e=event[0].format(p=place).removeprefix("the "), E=event[0].format(p=place)[4:].capitalize(),
        r=event[1], k=event[2],
    )  # fmt: skip


def sentence(rng: random.Random) -> str:
    """One invented sentence of a story, a plain report or a quote."""
    who = f"{rng.choice(PEOPLE)}, {rng.choice(ROLES)},"
    event = rng.choice(EVENTS)
    clause = _fill(rng, rng.choice(CLAUSES))
    kind = rng.random()
    if kind < 0.3:
        return f'"{clause[0].upper()}{clause[1:]}," said {rng.choice(PEOPLE)}.'
    if kind < 0.6:
        text = f"{who} {rng.choice(VERBS)} {rng.choice(DAYS)} that {clause}."
        return text[0].upper() + text[1:]
    subject = event[0].format(p=rng.choice(PLACES))
    extra = f", and {_fill(rng, rng.choice(CLAUSES))}" if rng.random() < 0.5 else ""
    return f"{subject[0].upper()}{subject[1:]} {event[1]}, {who} {rng.choice(VERBS)}{extra}."


def paragraph(rng: random.Random) -> str:
    return " ".join(sentence(rng) for _ in range(rng.choice([1, 1, 2, 2, 3])))


def headline(rng: random.Random) -> str:
    text = _fill(rng, rng.choice(HEADLINE))
    return text[0].upper() + text[1:]


def _social(rng: random.Random) -> list[str]:
    """An embedded post: its text with tags, then the footer its embed code prints."""
    place, person = rng.choice(PLACES), rng.choice(PEOPLE)
    handle = "@" + person.split()[0].lower() + rng.choice(["_news", "", "99", "_live"])
    post = f"Scenes from {place} this morning #{place}{rng.choice(['Flood', 'Fire', 'Strike'])} #breaking"
    month = rng.choice(["March", "June", "October"])
    day = rng.randint(1, 28)
    footer = f"— {person} ({handle}) {month} {day}, 20{rng.randint(10, 24)}"
    return [post, footer] if rng.random() < 0.7 else [f"#{place} #{rng.choice(['news', 'live'])}", footer]


def _caption(rng: random.Random) -> str:
    place = rng.choice(PLACES)
    day, credit = rng.choice(DAY_NAMES), rng.choice(PEOPLE)
    return f"Residents look at the damage in {place} on {day} ({credit}/{rng.choice(OUTLETS)})"


def invent_page(rng: random.Random, n: int) -> dict[str, Any]:
    """One page: optional menu, headline, paragraphs with furniture between and after them."""
    outlet = rng.choice(OUTLETS)
    content: list[str] = []
    optional: list[str] = []
    furniture: list[str] = []
    lines: list[str] = []

    def add(line: str, kind: str) -> None:
        lines.append(line)
        {"content": content, "optional": optional, "furniture": furniture}[kind].append(line)

    site = outlet.lower().replace(" ", "-")
    lang = rng.choice(["es", "fr", "de"]) if rng.random() < FOREIGN_SHARE else "en"
    if lang != "en":
        kinds.foreign_page(rng, lang, add, _fill)
        return _row(n, site, lang, lines, content, optional, furniture)
    if rng.random() < 0.4:
        for m in rng.sample(MENU, rng.randint(2, 8)):
            add(m, "furniture")
    title = headline(rng)
    add(title, "optional" if rng.random() < 0.5 else "content")
    if rng.random() < 0.3:
        add(_fill(rng, rng.choice(NOTICES[5:9])), "furniture")
    paragraphs = rng.randint(1, 9)
    for i in range(paragraphs):
        add(paragraph(rng), "content")
        if i == paragraphs - 1:
            break
        roll = rng.random()
        if roll < 0.12:  # a run of teasers, with or without a heading
            if rng.random() < 0.5:
                add(rng.choice(TEASER_HEADS), "furniture")
            for _ in range(rng.randint(1, 4)):
                add(headline(rng), "furniture")
        elif roll < 0.2:  # one teaser alone
            add(rng.choice(["", "", ">> ", ":: ", "• "]) + headline(rng), "furniture")
        elif roll < 0.3:  # a subheading, shaped like a headline or a question
            add(rng.choice(SUBHEAD), "optional")
        elif roll < 0.35:
            for line in _social(rng):
                add(line, "furniture")
        elif roll < 0.41:
            add(_caption(rng), "optional")
            if rng.random() < 0.4:
                add(f"{rng.randint(1, 9)}/{rng.randint(10, 20)}", "furniture")
        elif roll < 0.46:
            add(_fill(rng, rng.choice(NOTICES[5:10])), "furniture")
        elif roll < 0.52:
            kinds.gallery(rng, add, _fill)
        elif roll < 0.57:
            kinds.video(rng, add, headline)
        elif roll < 0.61:
            kinds.stamped_teasers(rng, add, headline)
        elif roll < 0.64:
            kinds.notice(rng, add, _fill)
    tail = rng.random()
    if tail < 0.3:
        add(_fill(rng, rng.choice(NOTICES[10:])), "furniture")
    if tail < 0.5 or tail > 0.8:
        for s in rng.sample(SHARE, rng.randint(0, 4)):
            add(s, "furniture")
    if rng.random() < 0.4:
        add(rng.choice(TEASER_HEADS), "furniture")
        for _ in range(rng.randint(1, 5)):
            add(headline(rng), "furniture")
    if rng.random() < 0.15:
        kinds.newsletter(rng, add, _fill)
    if rng.random() < 0.2:
        kinds.most_read(rng, add, headline)
    if rng.random() < 0.2:
        add(_fill(rng, rng.choice(NOTICES[:4])), "furniture")
    if rng.random() < 0.25:  # tags, in lower case as many sites print them, and a comment count
        place, event = rng.choice(PLACES).lower(), rng.choice(EVENTS)[2]
        for tag in rng.sample([place, event, f"{place} {event}", "news", "europe"], rng.randint(1, 3)):
            add(tag, "furniture")
        if rng.random() < 0.5:
            add(str(rng.choice([0, 1, 4, 12, 37])), "furniture")
    if rng.random() < 0.1:
        add(outlet.upper(), "furniture")
    return _row(n, site, lang, lines, content, optional, furniture)


def _row(
    n: int, site: str, lang: str, lines: list[str], content: list[str], optional: list[str], furn: list[str]
) -> dict[str, Any]:
    return {
        "id": f"invented-{site}-{n}",
        "url": f"https://{site}.example/story/{n}",
        "lang": lang,
        "text": "\n".join(lines),
        "content": "\n".join(content),
        "optional": "\n".join(optional),
        "furniture_lines": furn,
    }


def invent_pages(pages: int, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    return [invent_page(rng, n) for n in range(pages)]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--pages", type=int, default=300)
    parser.add_argument("--seed", type=int, default=14)
    args = parser.parse_args()
    for row in invent_pages(args.pages, args.seed):
        print(json.dumps(row, ensure_ascii=False))


if __name__ == "__main__":
    main()
