"""Page and aggregator junk, recognised line by line by what it is, not by its wording.

Kinds of junk: interface words (share buttons, "Advertisement", "Skip to main content"),
calls to act (subscribe, sign up, upgrade your browser, cookies, "click read more"),
teasers for other stories ("Read more: …", "32m ago…"), photo credits and credited
captions, breadcrumbs ("News > World"), bare dates and times, lines of tags.
trafilatura does this for HTML from the markup; for text that lost its markup no library
does, so the rules are hand-written. They are conservative: a line is junk only when its
form says so, since dropping a sentence of the story costs more than keeping a stray line.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from functools import lru_cache

from newsweave.clean import interface
from newsweave.clean.dates import strip_times
from newsweave.clean.line_shape import ends_sentence
from newsweave.clean.metadata import date_line, is_name, tag_line
from newsweave.clean.outlets import is_known_outlet

UI_WORDS = interface.ALL_WORDS
UI_PHRASES = frozenset(
    [
        "from our partner",
        "written by",
        "post with no comments",
        "no comments",
        "leave a comment",
        "contact details and archive",
        "skip to main content",
        "skip to content",
        "back to top",
        "show more",
        "view comments",
        "most read",
        "most viewed",
        "sign in",
        "log in",
        "breaking news",
        "live reporting",
        "more on this story",
        "you might also like",
        "you may also like",
        "sponsored content",
        "trending now",
        "read next",
        "previous article",
        "next article",
        "previous post",
        "next post",
        "text size",
        "a a a",
        "related internet links",
        "related topics",
        "related posts",
        "about the author",
        "leave a reply cancel reply",
        "cancel reply",
        "report an issue",
        "see more",
        "send feedback",
        "give feedback",
        "show comments",
        # interface phrases of any news site (our own list, not taken from a dev page)
        "manage preferences",
        "cookie preferences",
        "privacy settings",
        "editor's picks",
        "editors' picks",
        "don't miss",
        "recommended for you",
        "view all",
        "see all",
        "view all news",
        "report an error",
        "report a correction",
        "suggest a correction",
        "support our journalism",
        "support us",
        "donate",
        "open in app",
        "get the app",
        "in other news",
        "must read",
        "more news",
        "top stories",
        "latest news",
        "latest videos",
        "more videos",
        "next story",
        "previous story",
        "save for later",
        "save article",
        "gift this article",
        "share this article",
        "send us a tip",
        "change edition",
        "choose your edition",
        "select edition",
        "now playing",
        "enlarge this image",
        "enlarge image",
        "contact us",
        "about us",
        "corrections policy",
        "my account",
    ]
) | interface.PHRASES
_GLUE = re.compile(r"(?<=[a-z])(?=[A-Z])")
_BULLETS = re.compile(r"^[\s•·▪►▶*\-–—>|]+|[\s|:•·]+$")
_PREFIX = re.compile(
    r"^(?:read (?:more|also|next)|also read|read|related(?: \w+)?|see also|more on this(?: story)?|"
    r"more from \w+|recommended|watch|listen|you may also like|don'?t miss|trending|in this story|"
    r"\d+ recent items|recent items|more stories|top stories|editor'?s picks?|advertisement|edition|"
    rf"topics?|sections?|categor(?:y|ies)|{interface.PREFIX})"
    r"\s*[:|>»–-]",
    re.I,
)
_CALL = re.compile(
    r"^(?:click (?:here|to)|tap (?:here|to)|please (?:subscribe|enable|upgrade|update|disable|allow|"
    r"turn|log|sign|click|share|follow|like|rate|support us|consider|note: this)|subscribe (?:to|now|"
    r"for|here|today)|sign up (?:for|to|here|now|today)|follow us|like us on|join us on|join our "
    r"(?:newsletter|mailing|community|channel|whatsapp|telegram)|download (?:our|the) app|"
    r"get (?:the|our) (?:app|newsletter)|to (?:see|read|view) the (?:remainder|rest|full)|"
    r"to continue reading|continue reading|this (?:content|video|embed|feature|element|page) (?:is not "
    r"available|is unavailable|is no longer available|cannot be (?:displayed|played|shown)|requires|"
    r"may not be available)|javascript is (?:disabled|required|not enabled|turned off)|your browser "
    r"(?:does not|doesn'?t|is out of date|is not supported)|we use cookies|by (?:using|continuing to "
    r"use) (?:this|our) (?:site|website|service)|accept (?:all )?cookies|we and our partners|"
    r"copyright\s*(?:©|\(c\)|\d{4})|©|all rights reserved|skip to (?:main |the )?(?:content|navigation"
    r"|main)|all times (?:are|stated)|live reporting|live updates$|breaking news$|share (?:this|on|"
    r"via)\b|story continues below|continue reading the main story|scroll (?:down )?to continue|"
    r"listen to this (?:article|story)|loading\W*$|comments are closed|leave a (?:reply|comment)|"
    r"your email address will not be published|required fields are marked|join the conversation$|"
    r"click to (?:share|print|email)|like this\W*$|print this (?:page|article)|media playback is|"
    r"(?:additional )?(?:reporting|writing|editing|compiled|produced) by\b[^.!?]{0,150}$|"
    r"\(reporting by\b|our standards:|\d+ min(?:ute)?s? read$|(?:posted|filed) (?:in|under)\b"
    r"[^.!?]{0,80}$|image (?:source|copyright)\b|video caption|getty images$|read (?:the )?(?:full|original|"
    r"rest of the|entire) (?:article|story|report)\b|(?:sponsored|presented|powered) by\b|paid (?:content|"
    r"post|partnership)\b|advertorial\b|this is an archived (?:article|story|page|post)\b|"
    r"this (?:article|story|post|page) (?:is from|is more than \w+ years? old|may be outdated)\b|"
    r"[\w.\-]+['’]s (?:picture|avatar|profile (?:picture|photo|image))$|"
    r"(?:a )?post (?:shared )?by (?:[^\s.!?]+ ){0,4}[^\s.!?]+\.?$|"
    r"(?:image|photo|picture|slide|foto|imagen|bild)s? \d+ ?(?:of|/|de|von|sur|di) ?\d+\W*$|"
    rf"{interface.CALL})",  # the same calls in the other languages
    re.I,
)
# phrases that only page furniture uses, in a line of any length up to ANY_MAX words
_ANYWHERE = re.compile(
    r"upgrade your browser|enable javascript|browser (?:does not|doesn'?t) support|remainder of this "
    r"article|click read more|read more at\b|(?:this|the) (?:material|article|content) may not be "
    r"(?:published|reproduced|copied|redistributed)|not responsible for the content of external|"
    r"for the next time i comment|"
    r"by signing up (?:\w+ ){0,8}newsletter|(?:sign up|subscribe) (?:for|to) our (?:\w+ ){0,4}newsletter",
    re.I,
)
# promotion and legal furniture, but only as a short line without a full stop: a story may
# well say that a clinic treated people "for free" or that a firm changed its "privacy policy"
_SHORT_PROMO = re.compile(
    r"for free\b|newsletter|all rights reserved|©|cookie (?:policy|settings|preferences)|"
    rf"terms of (?:use|service)|privacy policy|{interface.RESERVED}",
    re.I,
)
ANY_MAX = 30
REPEAT_MIN, REPEAT_MAX = 3, 16  # words in a repeated title or credit line
PROSE_MIN = 12  # words in a line of the story's prose
PROMO_MAX = 12
_CREDIT_END = re.compile(
    r"(?:\b(?:credit|photo|picture|image|photograph|video|source|illustration)s?\s*:\s*[^.:!?]{1,60}"
    r"|\((?:[A-Z]+ )?(?:photo|image|picture|file photo)s?\b[^()]{0,60}\)|\((?:photo|picture|image) "
    r"by [^()]{1,60}\)|\[(?:photo|picture|image)s?:[^\]]{1,60}\]|(?-i:\b(?:REUTERS|Reuters|AFP|AP|EPA|AAP|PA|"
    r"Xinhua|Getty Images))(?:/[\w.'-]+(?: [\w.'-]+){0,2}){1,3}|\b(?:via Getty Images|Getty Images|"
    r"Shutterstock|iStock(?:photo)?))[)\]]?\s*$",
    re.I,
)
_PROMPT = re.compile(r"^(?:watch|listen|see)\b[^.!?]{0,60}\b(?:below|here|live|above)\s*:?$", re.I)
_CAMERA = re.compile(r"^(?:camera icon|image caption|media caption|photo caption)", re.I)
_CRUMBS = re.compile(r"^[\w&' .-]{1,30}(?:\s+[>»›/]\s+[\w&' .-]{1,30}){1,6}$")
_AGO = re.compile(r"^\d+\s*(?:s|sec|secs|m|min|mins|h|hr|hrs|hours?|d|days?)\s+ago", re.I)
_STAMP = re.compile(
    rf"^(?:updated|published|posted|last updated|first published|created|modified|{interface.STAMP})\b"
    # "14.03.2026", "14. März": a date's dots end no sentence (a day's, of one or two digits)
    r"(?:[^.!?]|(?<=\d)\.(?=\d)|(?<=(?<!\d)\d)\.(?=\s)|(?<=(?<!\d)\d\d)\.(?=\s)){0,60}$",
    re.I,
)
STAMP_WORDS = 10  # words of an "updated" stamp line, or up to STAMP_DATED when it gives a year:
STAMP_DATED = 18  # "Publié le 14 mars 2026 à 08h12 - Mis à jour le 14 mars 2026 à 11h40"


def _stamp_line(bare: str, n_words: int) -> bool:
    """An "updated" / "published" stamp line (``_STAMP``, times stripped or not) of a stamp's length."""
    if n_words > STAMP_WORDS and (n_words > STAMP_DATED or _YEAR.search(bare) is None):
        return False
    return bool(_STAMP.match(bare) or _STAMP.match(strip_times(bare)))


_PIPES = re.compile(r"\s\|\s")
# the footer line of an embedded social post as the networks' embed codes print it, a name, the
# account's handle and the date ("— Ana Lind (@analind) 3 May 2021", "A post shared by Ana
# Lind (@analind) on ..."): the date's wording differs by language, its year does not
_SOCIAL = re.compile(
    r"^(?:a post shared by\s+)?[^()@]{0,60}\(@\w{1,30}\)(?:\s+on)?\s+[^()]{0,40}\b\d{4}\b[^()]{0,24}$", re.I
)
SOCIAL_MAX = 20  # words in such a footer
_NO_LETTERS = re.compile(r"^[\W\d_]*$")
_FORM_FIELD = re.compile(r"^[\w ]{1,30}\s\*$")  # "Name *": a required field of a comment form
# "By Ana Lind", "by teleSUR/MS": a credit line, not a "By the numbers" subheading
_SHORT_BYLINE = re.compile(r"^[Bb]y\s+(?:[A-Z][\w'’.-]*|\w+/\w+)(?:\s+[A-Z][\w'’.-]*){0,3}$")


_PROMO_HINTS = (
    "free", "newsletter", "reserv", "réserv", "riserv", "cookie", "terms of", "privacy", "©", "vorbehalten"
)  # fmt: skip
_ANYWHERE_HINTS = (
    "browser",
    "javascript",
    "remainder",
    "read more",
    "newsletter",
    "may not be",
    "external",
    "next time",
)
_CREDIT_HINTS = (
    "credit",
    "photo",
    "picture",
    "image",
    "video",
    "source",
    "illustration",
    "/",
    "getty",
    "shutterstock",
    "istock",
)


def _has(hints: tuple[str, ...], rx: re.Pattern[str], text: str) -> bool:
    """``rx`` searched only in lines holding one of its words: unanchored regexes are slow."""
    low = text.lower()
    return any(h in low for h in hints) and rx.search(text) is not None


def _ui_only(text: str) -> bool:
    """A short line made only of interface words ("Share Tweet Email", "Hide AdAdvertisement")."""
    low = text.lower().replace("/", " ")
    words = [w.strip(".,:;!?()*") for w in low.split()]
    if " ".join(w for w in words if w) in UI_PHRASES:
        return True
    if 0 < len(words) <= 6 and all(w in UI_WORDS for w in words):
        return True
    glued = [w.strip(".,:;!?()*") for w in _GLUE.sub(" ", text).lower().split()]  # "Hide AdAdvertisement"
    return 0 < len(glued) <= 6 and all(w in UI_WORDS for w in glued)


# A line a link arrow opens (">> ...", "» ...", "► ..."): a teaser pointing to another page.
_ARROWED = re.compile(r"^(?:>>+|»|►|▶|→)\s*\S")


def story_start(lines: Sequence[str]) -> int:
    """The index of the story's first line of prose (a sentence of ``PROSE_MIN`` words or more),
    or ``len(lines)`` when there is none."""
    for i, line in enumerate(lines):
        key = " ".join(line.split())
        if ends_sentence(key) and len(key.split()) >= PROSE_MIN:
            return i
    return len(lines)


def repeated_lines(lines: Sequence[str]) -> set[int]:
    """Lines of three words or more that are no sentence and come twice or more on one page (a
    photo's or video's title and its player's repeat, a credit under two images): every copy but
    a first one above the story's first sentence, where the page's headline is printed twice
    (as the page's title and above the story). Body text never repeats itself on a page."""
    seen: dict[str, list[int]] = defaultdict(list)
    story = story_start(lines)
    for i, line in enumerate(lines):
        key = " ".join(line.split()).casefold()
        if key and not ends_sentence(key) and REPEAT_MIN <= len(key.split()) <= REPEAT_MAX:
            seen[key].append(i)
    return {i for at in seen.values() if len(at) > 1 for i in at if not (i == at[0] < story)}


# A comment's header: who posted it and when, the day with its year and the time ("Posted by: X |
# January 14, 2008 06:24 PM", "Dec 30, 2007 7:06 PM | Link to this"). A live blog's entries carry
# the time alone, so a year is required.
_CLOCK = re.compile(r"(?<![\d:])\d{1,2}:\d{2}(?![\d:])")
_YEAR = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")
_SHAPE = re.compile(r"\d+")
THREAD_MIN = 3  # headers of one shape that make a comment thread
HEADER_MAX = 16  # words in a comment's header


# What may follow a header's time: an am/pm mark, a zone, the day ("11:08pm January 08, 2008",
# "7:50 p.m. CST", "12:10pm on 16th Jan, 2008"), then at most a "| Link to this" trailer.
_STAMP_TOKEN = re.compile(
    r"^(?:(?i:[ap]\.?m\.?)|\d+(?:st|nd|rd|th)?[,.]?|\d+/\d+(?:/\d+)?,?|[A-Z]{2,5},?|[A-Z][a-z]{2,8}[,.]?|[a-z]{1,3})$"
)
TRAILER_MAX = 3  # words after the stamp's "|"


def _ends_with_stamp(rest: str) -> bool:
    head, _, trailer = rest.partition("|")
    words = head.split()
    return len(trailer.split()) <= TRAILER_MAX and len(words) <= 5 and all(map(_STAMP_TOKEN.match, words))


def _header_shape(line: str) -> str | None:
    """A comment header's template (its first word, digits as 0), or None for any other line.
    The header ends with its stamp: a live blog's entries, whose stamp a headline follows, are
    the story."""
    words = line.split()
    clocks = list(_CLOCK.finditer(line)) if 2 <= len(words) <= HEADER_MAX else []
    if not clocks or not _YEAR.search(line) or not _ends_with_stamp(line[clocks[-1].end() :]):
        return None
    return _SHAPE.sub("0", words[0].casefold())


def comment_thread(lines: Sequence[str]) -> set[int]:
    """The lines of a comment thread: between two headers of one shape (``_header_shape``, at
    least ``THREAD_MIN`` of them on the page) that both come after the story's first sentence,
    each header but the first, and never the story's first sentence itself. A page's own dated
    byline above the story (a header before its first sentence) opens no gap; readers' comments
    sit between their headers, under the story, whichever side of its body a header prints."""
    shapes: dict[str, list[int]] = defaultdict(list)
    for i, line in enumerate(lines):
        shape = _header_shape(" ".join(line.split()))
        if shape is not None:
            shapes[shape].append(i)
    story = story_start(lines)
    heads = [i for i in max(shapes.values(), key=len, default=[]) if i > story]
    if len(heads) < THREAD_MIN:
        return set()
    return {i for a, b in zip(heads, heads[1:], strict=False) for i in range(a + 1, b + 1)}


@lru_cache(maxsize=8192)  # cleaning's reruns after the furniture model see the same lines
def junk_kind(line: str) -> str | None:
    """Why a line is junk ("junk", "caption", "social", "date", "tags"), or None for a line to keep."""
    s = line.strip()
    if not s:
        return None
    if _NO_LETTERS.match(s) or _FORM_FIELD.match(s) or re.fullmatch(r"(?:https?://|www\.)\S+", s):
        return "junk"
    n_words = s.count(" ") + 1
    if n_words > ANY_MAX:  # story paragraphs: only a long credited caption can be junk
        return "caption" if n_words <= 80 and _has(_CREDIT_HINTS, _CREDIT_END, s) else None
    bare = _BULLETS.sub("", s)
    if any(rx.match(bare) for rx in (_PREFIX, _CALL, _AGO, _PROMPT)) or _ui_only(bare):
        return "junk"
    if _has(_ANYWHERE_HINTS, _ANYWHERE, s) or (
        n_words <= PROMO_MAX and not s.endswith(".") and _has(_PROMO_HINTS, _SHORT_PROMO, s)
    ):
        return "junk"
    if _CAMERA.match(bare) or _has(_CREDIT_HINTS, _CREDIT_END, s):
        return "caption"
    if _ARROWED.match(s) and n_words <= TEASER_MAX and not ends_sentence(s):
        return "junk"
    if _CRUMBS.match(bare) and not s.endswith("."):
        return "junk"
    if "(@" in bare and n_words <= SOCIAL_MAX and _SOCIAL.match(bare):
        return "social"
    if date_line(s) or _stamp_line(bare, n_words):
        return "date"
    if len(_PIPES.findall(s)) >= 2 and n_words <= 25 and not s.endswith("."):
        return "junk"
    if n_words <= 4 and not s.endswith(".") and (is_known_outlet(bare) or _SHORT_BYLINE.match(bare)):
        return "junk"
    if tag_line(s):
        return "tags"
    return None


_BLOCK_HEADING = re.compile(
    rf"^(?:(?P<tags>tags?|topics?|keywords|filed under|{interface.TAG_HEADING})|related(?: \w+)?|"
    r"more (?:from|on|stories|news)\b[^.!?]{0,40}|you (?:may|might) also like|recommended(?: for you|"
    rf" stories)?|read (?:more|next)|about the author|author bio|{interface.TEASER_HEADING})\s*:?\s*$",
    re.I,
)
TEASER_MAX = 16  # words in a teaser headline of a "Related" block


def block_heading(line: str) -> str | None:
    """The kind of list a heading starts: "tags" (keywords) or "teaser" (other stories).
    "Latest" or "Trending" open no list: the story's own headline may come next."""
    m = _BLOCK_HEADING.match(_BULLETS.sub("", line.strip()))
    if not m:
        return None
    return "tags" if m.group("tags") else "teaser"


def in_block(kind: str, line: str) -> bool:
    """Whether a line continues the list its heading started."""
    s = _BULLETS.sub("", line.strip())
    if not s or re.search(r"[.!]['\"”’]?$", s):
        return False
    words = s.split()
    if kind == "tags":
        return len(words) <= 12 and (all(w[:1].isupper() or w[:1].isdigit() for w in words) or is_name(s))
    return len(words) <= TEASER_MAX
