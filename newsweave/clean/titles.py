"""The page's headline: chosen among the lines above the story's first paragraph.

A page prints its headline just above the story (a standfirst, byline or date line may sit
between), and the story's lead retells it: most of the headline's words recur in the first
paragraphs. Menus, teasers of other stories and section names above the story share few of
them. So the title is the candidate line above the first paragraph of prose, kept or removed as
furniture (the classifier often drops a short headline with the menu above it), that is shaped
like a headline (a short line that ends like no sentence: a standfirst ends with a full stop)
and whose words recur in the lead most, the nearest to the lead on a tie. Word recurrence is
counted by the page's own lead, not by any list of words, so it carries to any site or language
that writes words with letters.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from newsweave.clean.furniture import TITLE_WORDS
from newsweave.clean.line_shape import ends_sentence
from newsweave.clean.outlets import is_known_outlet

__all__ = ["Line", "choose_title", "without_site_name"]

MIN_TITLE_WORDS = 3
WINDOW = 12  # non-empty lines above the first paragraph that may hold the headline
LEAD_CHARS = 800  # the lead the headline's words are looked for in
STEM = 5  # words are compared by their first letters ("evacuations" retells "evacuate")
MIN_RECUR = 0.2  # share of the headline's words (4+ letters) that recur in the lead
KEPT = 0.1  # added to the share of a line the furniture classifier kept
# a list item (an opening quote aside), a byline, a time stamp, a teaser cut short
_NOT_TITLE = re.compile(r"^[^\w\"'‘“«„`]|^by\s|\d{1,2}:\d\d|\.\.\.$|…$", re.I)
_GLUED = re.compile(r"[a-z]{2}[A-Z][a-z]")
_SEPARATORS = re.compile(r"\s[|>»›/•·]\s")
_WORD = re.compile(r"[^\W\d_]{4,}")
# A dateline printed as a line of its own: a city in capitals, a region, a credit in brackets and
# a dash, with at most an agency's name after it ("VELBY, Norland (Wirex) -", "VELBY – Wirex News")
_DATELINE = re.compile(
    r"[A-Z][A-Z.'’\-]+(?:\s+[A-Z][A-Z.'’\-]+)*"
    r"(?:,\s*[A-Z][\w.'’\-]*(?:\s+[A-Z][\w.'’\-]*){0,2})?"
    r"(?P<credit>\s*\([^()\n]{1,30}\))?"
    r"\s*(?P<dash>--|_|—|–|-|:)?\s*"
    r"(?:[A-Z][\w.&'’\-]*(?:\s+[A-Z][\w.&'’\-]*){0,2}\s*(?:--|_|—|–|-|:)?)?"
)


def dateline_line(line: str) -> bool:
    """Whether ``line`` is a dateline alone: a place in capitals set off by a dash or a bracketed
    credit, and nothing after it but an agency's name."""
    m = _DATELINE.fullmatch(line.strip())
    return m is not None and (m.group("credit") is not None or m.group("dash") is not None)


class Line(NamedTuple):
    text: str
    kept: bool  # in the clean text (else removed as furniture by the classifier)


def headline_shape(line: str) -> bool:
    """A short line of words that ends like no sentence: not a list item, byline, time stamp,
    date line, breadcrumb or run of menu items."""
    s = line.strip()
    words = s.split()
    if not MIN_TITLE_WORDS <= len(words) <= TITLE_WORDS or _NOT_TITLE.search(s) or dateline_line(s):
        return False
    if ends_sentence(s) and not s.rstrip("\"'”’»)]").endswith(("?", "!")) or s.endswith((",", ":")):
        return False
    digits = sum(c.isdigit() for c in s)
    if digits * 5 > len(s) - s.count(" ") or len(_GLUED.findall(s)) >= 2:
        return False  # a date line; menu items printed without spaces ("NewsSportWeather")
    return len(_SEPARATORS.findall(s)) < 2  # "Home > News > ...", "A | B | C"


def stems(text: str) -> set[str]:
    """The text's words of four letters or more, casefolded, cut to their first ``STEM`` letters."""
    return {w[:STEM] for w in _WORD.findall(text.casefold())}


def recurrence(line: str, lead: set[str]) -> float:
    """Share of the line's words (``stems``) that recur in the lead's."""
    words = stems(line)
    return len(words & lead) / len(words) if words else 0.0


def choose_title(above: Sequence[Line], lead: str) -> str | None:
    """The headline among ``above`` (the page's lines above its first paragraph, in order), or
    None when no line is shaped like one and retold by ``lead``: the line the lead retells most
    (a kept line before a removed one, the nearer on a tie); then, as a deck (a second, longer
    headline) follows its headline, the shorter retold headline-shaped line right above it."""
    lead_words = stems(lead[:LEAD_CHARS])
    if not lead_words:
        return None
    lines = [x for x in above if x.text.strip()][-WINDOW:]
    retold = [recurrence(x.text, lead_words) if headline_shape(x.text) else -1.0 for x in lines]
    scored = [(share + KEPT * x.kept, i) for i, (x, share) in enumerate(zip(lines, retold, strict=True))]
    best = max((s for s in scored if retold[s[1]] >= MIN_RECUR), default=None)
    if best is None:
        return None
    at = best[1]
    if lines[at].kept:  # a deck follows its headline: the kept headline-shaped lines right above
        above_kept = [i for i in range(at) if lines[i].kept]
        while above_kept and retold[above_kept[-1]] >= MIN_RECUR:
            up = above_kept.pop()
            if len(lines[up].text.split()) > len(lines[at].text.split()):
                break
            at = up
    return lines[at].text.strip()


# "<headline> - <Site Name>": the page's <title> or headline line ends on its own site's name
_SITE_TAIL = re.compile(r"\s+[-–—|:·•]+\s+([^-–—|:·•]{2,40})$")
MAX_SITE_WORDS = 4
MIN_SITE_KEY = 3  # letters of a site's name or domain label compared ("bbc", "apnews")
_NON_LETTERS = re.compile(r"[\W_]+")


def _site_key(value: str) -> str:
    value = value.casefold().strip()
    if " " not in value and "." in value:  # a domain: its first label ("kesselwire.example")
        value = value.split(".")[0]
    return _NON_LETTERS.sub("", value).removeprefix("the")


def without_site_name(title: str, names: Sequence[str | None]) -> str:
    """``title`` without a trailing " - <site>" when <site> is one of ``names`` (the outlet, the
    page's domain) as written or as its domain's label ("… – Kessel Wire" on kesselwire.example),
    or an outlet of ``clean.outlets``' table (a copy keeps the title of the site it copied);
    a title of fewer than three words once cut stays whole."""
    m = _SITE_TAIL.search(title)
    if not m or len(m.group(1).split()) > MAX_SITE_WORDS:
        return title
    tail = _site_key(m.group(1))
    keys = {_site_key(n) for n in names if n}
    own = len(tail) >= MIN_SITE_KEY and any(len(k) >= MIN_SITE_KEY and tail.startswith(k) for k in keys)
    if not own and not is_known_outlet(m.group(1)):  # a copy keeps its source's name: "– <Wire>"
        return title
    head = title[: m.start()].rstrip()
    return head if len(head.split()) >= MIN_TITLE_WORDS else title

