"""Photo captions told from body text by their grammar (issue 14's optional "caption" lines).

A news photo's caption is one sentence in the present tense about the picture, a place and
then the day or date it was taken at its end, often a credit after it: "A rescuer walks amid
the debris near <place>, <country>, on Friday." or "<Name> is greeted by <name> in <city>,
Tuesday, March 24, 2015. (AP Photo/<name>)". The story's own sentences with a day at their
end tell what happened: the past tense ("... struck the region on Friday."), a perfect or a
future ("has risen", "will meet ... on Monday") or reported speech ("said on Friday").

The furniture model's optional class learned supplemental lines from L3S-GN1 (bylines, dates,
credits) and rarely takes a full sentence for one; this rule reads the tense instead. English
only: the tense shapes it reads (3rd-person -s, is/are + participle, -ed pasts) are English
grammar. No tagger is run (spaCy's would cost more than cleaning a page), hence the
hand-written shapes: the first verb-like word must be present, and no finite past may follow.
"""

from __future__ import annotations

import re

from newsweave.clean.dates import MONTH_NAMES

_WEEKDAY = r"(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day"
_MONTH = "(?:" + "|".join(m.capitalize() for m in MONTH_NAMES) + r")\.?"
_DAY_MONTH = rf"(?:{_MONTH}\s+\d{{1,2}}(?:,?\s+\d{{4}})?|\d{{1,2}}\s+{_MONTH}(?:\s+\d{{4}})?)"
_DATE = rf"(?:{_WEEKDAY}(?:,?\s+{_DAY_MONTH})?|{_DAY_MONTH}|{_MONTH}\s+\d{{4}}|\d{{4}}-\d\d-\d\d)"
# the line's last words: ", Friday." / "on Feb. 7, 2023." / "in July 2007"
# ... or a full date before the place: "... plane Friday, July 18, 2014, near the village of <place>."
_DATE_END = re.compile(
    rf"(?:(?:,|\bon|\bin)\s+{_DATE}\s*\.?"
    rf"|\s{_WEEKDAY},?\s+{_DAY_MONTH},\s+(?:near|in|at|outside)\s+[^.;:]{{3,60}}\.)$"
)
# where a line's first sentence may end: a full stop, then a capital (the story goes on)
_SENTENCE_BREAK = re.compile(r"(?<=[.)])\s+(?=[A-Z\"“])")
# a photo credit after the caption: "(AP Photo/Name)", "| Photo: Agency/Name", "Picture: Name"
_CREDIT = re.compile(
    r"(?:\s*[(\[|]\s*[^()\[\]|]{0,80}[)\]]?|\s+(?:photo|picture|image)s?\s*[:/][^.]{0,60})$", re.I
)
_CREDIT_WORD = re.compile(r"\b(?:photos?|pictures?|image|credit|file)\b|/", re.I)
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
_WORD_OR_COMMA = re.compile(r"[A-Za-z][A-Za-z'-]*|,")
_QUOTES = ('"', "“", "”", "«", "»")
# a day, month, year or credit among the line's last characters (no caption without one)
_HINTS = (
    "day", "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    "hoto", "icture", "/", "|",
)  # fmt: skip
# words of a sentence that reports, looks ahead or back, or speaks in the first person: body text
_NOT_CAPTION = frozenset(
    [
        "was",
        "were",
        "had",
        "has",
        "have",
        "will",
        "would",
        "could",
        "should",
        "did",
        "said",
        "says",
        "told",
        "say",
        "may",
        "might",
        "must",
        "can",
        "been",
        "that",
        "i",
        "we",
        "our",
        "my",
        "you",
    ]
)
# words after which an -s word is a plural noun, not a verb ("the rescuers", "more detectives")
_NOUN_BEFORE = frozenset(
    [
        "the",
        "a",
        "an",
        "of",
        "for",
        "in",
        "on",
        "at",
        "to",
        "and",
        "or",
        "with",
        "from",
        "by",
        "its",
        "their",
        "his",
        "her",
        "these",
        "those",
        "two",
        "three",
        "four",
        "five",
        "six",
        "several",
        "many",
        "some",
        "all",
        "both",
        "more",
        "most",
        "few",
        "other",
    ]
)
_PASSIVE_AFTER = frozenset(["is", "are", "was", "were", "be", "been", "being", "a", "an", "the"])
# common irregular pasts (an -ed past is told by its ending)
_IRREGULAR_PAST = frozenset(
    [
        "gave",
        "made",
        "took",
        "overcame",
        "went",
        "came",
        "saw",
        "won",
        "lost",
        "left",
        "fell",
        "rose",
        "hit",
        "ran",
        "began",
        "got",
        "led",
        "met",
        "held",
        "put",
        "sent",
        "brought",
        "found",
        "became",
        "fled",
        "struck",
        "shook",
        "spoke",
        "stood",
        "threw",
        "wrote",
    ]
)
_FUTURE_PARTICIPLES = frozenset(("expected", "scheduled", "set", "due"))  # "is expected to ..."
MIN_WORDS, MAX_WORDS = 6, 60
CREDIT_CHARS, DATE_CHARS = 100, 110
HINT_CHARS = CREDIT_CHARS + DATE_CHARS
_DATE_LAST = frozenset(
    ".0123456789"
)  # how a line ending on a day or date ends  # a credit, and ", Wednesday, September 24, 2015." fit in these
VERB_WINDOW = 14  # the subject and the first verb of a caption come within this many words


def caption_shape(line: str, lang: str) -> bool:
    """Whether ``line`` reads as a photo caption: one sentence with a present-tense verb first,
    no past, perfect, future or quotation in it, ending on a day or date (or a credit)."""
    if lang != "en":
        return False
    s = line.strip()
    hint = s[-HINT_CHARS:]
    if not MIN_WORDS - 1 <= s.count(" ") <= 2 * MAX_WORDS or not any(h in hint for h in _HINTS):
        return False  # the cheap tests first: cleaning asks this of every line
    s = " ".join(s.split())
    if any(q in s for q in _QUOTES):
        return False
    line_body = s.lstrip("•·-–— ")
    body = line_body
    cut = max(len(body) - CREDIT_CHARS, 0)  # the searches read the line's end only
    tail = body[cut:]
    credit = _CREDIT.search(body, cut) if "|" in tail or _CREDIT_WORD.search(tail) else None
    if credit and credit.start() > 0 and _CREDIT_WORD.search(credit.group()):
        body = body[: credit.start()].rstrip()
    dated = body[-1:] in _DATE_LAST and _DATE_END.search(body, max(len(body) - DATE_CHARS, 0))
    if not (dated or (body != line_body and body.endswith("."))):
        return False
    words = _WORD.findall(body)
    if not MIN_WORDS <= len(words) <= MAX_WORDS or _NOT_CAPTION.intersection(w.lower() for w in words):
        return False
    if re.search(r"[.!?]\s+[A-Z][a-z]+\s+[a-z]", body[:-1]):  # a second sentence: prose
        return False
    tokens = _WORD_OR_COMMA.findall(body)
    return _present_first(tokens) and not _finite_past(tokens)


def caption_prefix(line: str, lang: str) -> int:
    """The length of a caption that opens ``line`` and the story's sentences follow on the same
    line (the page glued the photo's caption to the paragraph after it), or 0."""
    if lang != "en":
        return 0
    for k, m in enumerate(_SENTENCE_BREAK.finditer(line, 0, PREFIX_CHARS)):
        if k >= MAX_BREAKS:
            break
        if caption_shape(line[: m.start()], lang):
            return m.start()
    return 0


MAX_BREAKS = 3  # sentence breaks tried ("Gov. Ann Lee ..." breaks early) ...
PREFIX_CHARS = 8 * MAX_WORDS  # ... within the characters a caption of MAX_WORDS takes


def _present_first(words: list[str]) -> bool:
    """The first verb-like word is present: a 3rd-person -s verb after its subject, or is/are
    with a participle ("is evacuated", "are seen")."""
    aside = False  # inside ", the reigning champions," after the subject: no verb there
    for i, w in enumerate(words[:VERB_WINDOW]):
        if w == ",":
            aside = not aside
            continue
        if i == 0 or aside or not w.islower():
            continue
        prev = words[i - 1].lower()
        if w in ("is", "are"):
            nxt = words[i + 1].lower() if i + 1 < len(words) else ""
            return bool(re.search(r"(?:ed|en|wn)$", nxt)) and nxt not in _FUTURE_PARTICIPLES
        if w in _IRREGULAR_PAST or (w.endswith("ed") and len(w) > 4 and prev not in _NOUN_BEFORE):
            return False
        if prev in _NOUN_BEFORE or w in _NOUN_BEFORE:
            continue
        if len(w) >= 4 and w.endswith("s") and not w.endswith(("ss", "us", "is", "'s", "ics")):
            return True
    return False


def _finite_past(words: list[str]) -> bool:
    """A past-tense verb anywhere (a clause of the story: "... sacked him on Sunday"): an -ed
    word or a common irregular past that no article or auxiliary precedes and no "by" follows
    (a word alone between commas is an aside: ", left,")."""
    for i, w in enumerate(words):
        if i == 0 or not w.islower():
            continue
        prev = words[i - 1].lower()
        nxt = words[i + 1].lower() if i + 1 < len(words) else ""
        if prev in _PASSIVE_AFTER or prev in _NOUN_BEFORE or nxt == "by" or prev == nxt == ",":
            continue
        if w in _IRREGULAR_PAST or (w.endswith("ed") and len(w) > 4):
            return True
    return False
