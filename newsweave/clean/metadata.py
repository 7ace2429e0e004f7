"""Metadata printed in the text itself: bylines, date lines, source footers and tag lines.

Aggregators wrap a copied story in their own layout — ``By: NAME – outlet – Month D, YYYY``
on top, ``Source: TITLE``, ``Source of news: host`` and a line of keywords below. Those
lines are read into fields and dropped from the text; a byline inside the body (a boxed
"By NAME, OUTLET, in PLACE") is read but kept, since a reader saw it there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from newsweave.clean import interface
from newsweave.clean.dates import find_date, stamped_date, strip_times
from newsweave.clean.lexicon import load_words
from newsweave.clean.outlets import canonical_outlet, is_known_outlet
from newsweave.records import Removed

HEAD_LINES = 4  # how many non-empty lines at the top may hold a header
FOOT_LINES = 6  # ... and at the bottom a footer
STAMP_CHARS = 600  # a time stamp in the text ("Posted Sep 2, 2016") is looked for this far
DATE_LINE_MAX = 160  # characters: "Last updated on: 13th of September 2019 at 10:32 am EDT" and
# the like are far shorter; a longer line is prose, not worth the date patterns' time

_BYLINE = re.compile(
    r"^(?:by|written by|posted by|story by|words by|author|reporting by)\s*:?\s+(?P<rest>.+)$", re.I
)
_DATED_BYLINE = re.compile(
    r"^(?:posted|published|updated|written)(?:\s+on)?\s+(?P<date>[^.!?]{6,40}?)\s+by\s+(?P<rest>.+)$", re.I
)
# bylines that name no person
GENERIC_AUTHORS = frozenset(
    {
        "admin",
        "administrator",
        "staff",
        "staff writer",
        "staff reporter",
        "editor",
        "editors",
        "desk",
        "web desk",
        "news desk",
        "newsroom",
        "team",
        "editorial team",
        "guest",
        "anonymous",
        "user",
    }
)
# byline parts and, captured, the separator before each (a comma or a dash means different things)
_PARTS = re.compile(r"(\s+[–—|]\s+|\s+-\s+|\s*[|•·]\s*|,\s+(?!\d{4}))")
_DATE_WORDS = re.compile(
    r"\b(?:published|updated|posted|last|first|modified|date|created|on|at|am|pm|gmt|utc|"
    r"edt|est|bst|cet|ist|et|local|time|(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?)\b\.?|"
    r"[|@:,–—•·()-]",
    re.I,
)
_DATE_PREFIX = re.compile(r"^\s*date:?\s+(?P<d>\d{4}-\d\d(?:-\d\d)?)\b\s*(?P<rest>.*)$", re.I)
_TITLE = re.compile(r"^(?:title|headline)\s*:\s*(?P<title>\S.{2,250})$", re.I)
_RULE = re.compile(r"^\s*([-*_=~#•])(\s*\1){2,}\s*$")
_FOOTER = re.compile(
    r"^(?P<key>source of news|news source|sources?|via|originally published (?:at|on|by|in)|"
    r"first published (?:at|on|by|in)|read more at|read (?:the )?(?:full|original) "
    r"(?:article|story) (?:at|on)|this (?:article|story) (?:was )?(?:originally |first )?"
    r"(?:appeared|published) (?:on|in|at))\s*:?\s+(?P<value>.+?)\s*\.?$",
    re.I,
)
_POST_APPEARED = re.compile(r"^the post (?P<title>.+) appeared first on (?P<outlet>.+?)\.?$", re.I)
_TAG_KEY = re.compile(
    rf"^(?:tags?|topics?|keywords|filed under|related topics|{interface.TAG_HEADING})\b\s*:?\s*(?P<rest>.*)$",
    re.I,
)
_NAME_WORD = re.compile(r"^(?:[A-ZÀ-ÖØ-Þ][\w'’.-]*|and|de|da|del|van|von|der|la|le|bin|al|&)$")
_ON_DATE = re.compile(r"\s*(?:\bon|\bat|,|\||[–—-])\s*$", re.I)
_OUTLET_WORD = re.compile(
    r"\b(?:news|press|times|post|herald|agency|tv|radio|journal|tribune|courier|gazette|daily|"
    r"weekly|chronicle|observer|telegraph|standard|express|mail|media|network|wire|reuters)\b",
    re.I,
)
_SECTION_WORDS = load_words("section_words.txt")
_SENTENCE_END = re.compile(r"[.!?…\"”]$")


@dataclass
class Layout:
    title: str | None = None
    author: str | None = None
    outlet: str | None = None
    published: str | None = None
    drop: dict[int, Removed] = field(default_factory=dict)
    replace: dict[int, str] = field(default_factory=dict)

    def merge(self, other: Layout) -> None:
        for name in ("title", "author", "outlet", "published"):
            if getattr(self, name) is None:
                setattr(self, name, getattr(other, name))


def is_name(part: str) -> bool:
    words = part.split()
    return 1 <= len(words) <= 8 and all(_NAME_WORD.match(w) for w in words) and part[:1].isupper()


def _name(part: str) -> str:
    words = part.strip(" ,.;").split()
    return " ".join(w.capitalize() if w.isupper() and len(w) > 2 else w for w in words)


def parse_byline(rest: str) -> Layout:
    """``Christine Armario – apnews.com – February 26, 2019`` into author, outlet, date."""
    out = Layout()
    authors: list[str] = []
    dated = find_date(rest)
    if dated:  # "NAME on 12 January 2023": the date, then the rest without it
        out.published = dated[0]
        before, after = _ON_DATE.sub("", rest[: dated[1].start()]), rest[dated[1].end() :]
        rest = f"{before} - {after}" if after.strip(" ,;–—-|") else before
    pieces = _PARTS.split(rest.strip())
    for k in range(0, len(pieces), 2):
        part = pieces[k].strip(" ,;–—-|")
        dashed = k > 0 and not pieces[k - 1].strip().startswith(",")  # "NAME – Outlet – DATE"
        if not part:
            continue
        found = find_date(part)
        if found and out.published is None:
            out.published = found[0]
        elif is_known_outlet(part):
            out.outlet = out.outlet or canonical_outlet(part)
        elif is_name(part):
            brand = _trailing_brand(part)
            if brand:
                out.outlet = out.outlet or canonical_outlet(brand)
                part = part[: -len(brand)].strip()
            elif authors and (_OUTLET_WORD.search(part) or dashed):
                # "NAME, Harbour Times" or "NAME – Estravia Today": the second is no person
                out.outlet = out.outlet or canonical_outlet(part)
                continue
            if part and part.lower() not in GENERIC_AUTHORS:
                authors.append(_name(part))
    if authors:
        out.author = ", ".join(authors)
    return out


def _trailing_brand(part: str) -> str | None:
    """``AMY FORLITI Associated Press`` ends with an outlet's name."""
    words = part.split()
    for n in range(min(4, len(words) - 1), 0, -1):
        tail = " ".join(words[-n:])
        if is_known_outlet(tail) and "." not in tail:
            return tail
    return None


def date_line(line: str) -> str | None:
    """The date of a line that holds nothing but a date (and time, and words like Published)."""
    if len(line) > DATE_LINE_MAX:
        return None
    found = find_date(line)
    if not found:
        return None
    date, m = found
    rest = _DATE_WORDS.sub(" ", strip_times(line[: m.start()] + " " + line[m.end() :]))
    return date if not rest.split() else None


def tag_line(line: str) -> bool:
    """A line of comma-separated keywords: ``maduro, venezuela crisis, venezuela``."""
    m = _TAG_KEY.match(line)
    body = m.group("rest") if m else line
    if m and not body:
        return True
    if body.count(",") + body.count(";") + body.count("|") < 2 or _BYLINE.match(line.strip()):
        return False
    if len(body) > 300 or _SENTENCE_END.search(body.strip()):  # prose, before the costlier split
        return False
    items = [i.strip() for i in re.split(r"\s*[,;|]\s*", body.strip())]
    if len(items) < 3:
        return False
    return all(i and len(i.split()) <= 4 and len(i) <= 40 for i in items)


def _footer(line: str, out: Layout) -> bool:
    m = _POST_APPEARED.match(line)
    if m:
        out.title = out.title or m.group("title").strip()
        out.outlet = out.outlet or canonical_outlet(m.group("outlet"))
        return True
    m = _FOOTER.match(line)
    if not m or len(line) > 250:
        return False
    value, key = m.group("value").strip(), m.group("key").lower()
    if is_known_outlet(value) or (key != "source" and key != "sources"):
        out.outlet = out.outlet or canonical_outlet(value)
    elif not _SENTENCE_END.search(value):
        out.title = out.title or value
    else:
        return False
    return True


def _header(line: str, i: int, out: Layout) -> bool:
    m = _TITLE.match(line)
    if m:
        out.title = out.title or m.group("title").strip()
        return True
    m = _DATE_PREFIX.match(line)
    if m:
        out.published = out.published or (m.group("d") if len(m.group("d")) == 10 else None)
        out.replace[i] = m.group("rest")
        return False
    m = _BYLINE.match(line.strip()) or _DATED_BYLINE.match(line.strip())
    if m and len(line) <= 200 and not _SENTENCE_END.search(line.strip()):
        found = parse_byline(" – ".join(v for k, v in m.groupdict().items() if v and k in ("date", "rest")))
        if found.author or found.outlet or found.published:
            out.merge(found)
            return True
    d = date_line(line)
    if d:
        out.published = out.published or d
        return True
    if _masthead(line):
        out.outlet = out.outlet or canonical_outlet(line)
        return True
    return False


def _masthead(line: str) -> bool:
    """An outlet's name alone on a line: "Kestria Daily", not a section label like "Breaking News"."""
    words = line.split()
    if not 2 <= len(words) <= 4 or not all(w[:1].isupper() for w in words) or not _OUTLET_WORD.search(line):
        return False
    return any(not _OUTLET_WORD.fullmatch(w) and w.lower() not in _SECTION_WORDS for w in words)


def read_layout(lines: list[str]) -> Layout:
    """Metadata from the header and footer lines, and which lines they were."""
    out = Layout()
    filled = [i for i, line in enumerate(lines) if line.strip()]
    head, foot = filled[:HEAD_LINES], filled[-FOOT_LINES:]
    for i in head:
        line = lines[i].strip()
        if _RULE.match(line):
            out.drop[i] = Removed("junk", line)
            above = [j for j in head if j < i and j not in out.drop]
            if all(len(lines[j].split()) <= 5 for j in above):
                out.drop.update({j: Removed("header", lines[j].strip()) for j in above})
        elif _header(line, i, out) or (i not in foot and _footer(line, out)):
            out.drop[i] = Removed("header", line)
    for i in reversed(foot):
        line = lines[i].strip()
        if i in out.drop:
            continue
        if _footer(line, out):
            out.drop[i] = Removed("footer", line)
        elif tag_line(line) and i != filled[0]:
            out.drop[i] = Removed("tags", line)
    for i in filled:
        m = _BYLINE.match(lines[i].strip())
        body_line = lines[i].strip()
        if m and i not in out.drop and len(body_line) <= 200 and not _SENTENCE_END.search(body_line):
            out.merge(parse_byline(m.group("rest")))
    if out.published is None:  # no date line: a stamp inside the text's opening, if any
        out.published = stamped_date("\n".join(lines[i] for i in filled)[:STAMP_CHARS])
    return out
