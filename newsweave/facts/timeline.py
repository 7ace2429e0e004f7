"""Dates in sentences, relative ones resolved against the article's publication date.

Written by hand for the few forms news uses ("Saturday", "on Monday", "last month", "February 23")
because dateparser's search is slow and guesses without telling whether a weekday is past or
future; the tense of the sentence decides that here. An undated article borrows the dates its
weekdays have in the event's dated articles.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from functools import lru_cache

from newsweave.facts.lexicon import MONTHS, WEEKDAYS
from newsweave.facts.sentences import sentences as split_sentences
from newsweave.nlp.sentences import Sentence, leans_back, strip_dateline
from newsweave.records import Article, Story, TimelineEntry

_MONTH_NAMES = "|".join(sorted(MONTHS, key=len, reverse=True))
_WEEKDAY_NAMES = "|".join(sorted(WEEKDAYS, key=len, reverse=True))
_EXPLICIT = re.compile(
    rf"\b(?:(?P<m1>{_MONTH_NAMES})\.?\s+(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?(?:,?\s+(?P<y1>\d{{4}}))?"
    rf"|(?P<d2>\d{{1,2}})(?:st|nd|rd|th|er|º)?\.?\s+(?:de\s+)?(?P<m2>{_MONTH_NAMES})\.?(?:,?\s+(?:de\s+)?(?P<y2>\d{{4}}))?"
    rf"|(?P<iso>\d{{4}}-\d{{2}}-\d{{2}}))\b",
    re.IGNORECASE,
)
_WEEKDAY = re.compile(rf"\b(?P<mod>last|next|this|past|coming)?\s*(?P<wd>{_WEEKDAY_NAMES})\b", re.IGNORECASE)
_RELATIVE = re.compile(
    r"\b(?P<rel>yesterday|today|tonight|tomorrow|last night|last week|last month|last year|"
    r"next month|next year|hier|aujourd'hui|demain|ayer|hoy|mañana|gestern|heute|morgen)\b",
    re.IGNORECASE,
)
_FUTURE = re.compile(
    r"\b(?:will|would|'ll|shall|plans? to|planning to|is due|are due|scheduled|expected to|going to|"
    r"set to|to attend|to meet|next|tomorrow|va|vont|irá|wird|werden)\b",
    re.IGNORECASE,
)
# A plan or an expectation the day is set for ("would announce steps on Monday", "is due to vote
# on March 3", "will take effect on January 1"): the day of something not yet done, no fact's day.
_PLAN = re.compile(
    r"\b(?:will|would|'ll|shall|plan(?:s|ned|ning)? to|(?:is|are|was|were) due|due to|scheduled|"
    r"expected to|going to|set to|intends? to|va|vont|irá|wird|werden)\b",
    re.IGNORECASE,
)
# Where a clause opens: the plan must govern the day, not a clause set off before it ("Voss, who
# will chair the board, resigned on Monday": Monday is the resignation's), nor be one a clause
# after it leaves ("will not be deterred after an attack on Tuesday": the attack's day).
_CLAUSE_BREAK = re.compile(
    r"(?<!\d),|,(?!\d)|[;:()—–]|\s-\s|\b(?:after|since|because|what|who|which)\b", re.IGNORECASE
)
# The same patterns without IGNORECASE, run on lowercased text (about three times faster).
_LOWER = {p: re.compile(p.pattern) for p in (_EXPLICIT, _WEEKDAY, _RELATIVE, _FUTURE, _PLAN)}


def _finditer(pattern: re.Pattern[str], text: str, low: str) -> Iterator[re.Match[str]]:
    """``pattern``'s matches in ``text``, found in ``low`` (its lowercase) when the offsets agree."""
    return _LOWER[pattern].finditer(low) if len(low) == len(text) else pattern.finditer(text)


_VAGUE = frozenset({"last week", "last month", "last year", "next month", "next year"})
_REL_DAYS = {
    "yesterday": -1,
    "hier": -1,
    "ayer": -1,
    "gestern": -1,
    "last night": -1,
    "today": 0,
    "tonight": 0,
    "aujourd'hui": 0,
    "hoy": 0,
    "heute": 0,
    "tomorrow": 1,
    "demain": 1,
    "mañana": 1,
    "morgen": 1,
}


@dataclass(frozen=True, slots=True)
class DateMention:
    start: int  # within the sentence
    end: int
    date: str  # YYYY-MM-DD
    precise: bool = True  # False for "last month": the first day stands for the month
    names_event: bool = False  # "Monday's earthquake": the day of something else, not of a report
    planned: bool = False  # "would announce on Monday": the day of a plan, not of a fact (``_planned``)


def parse_day(value: str | None) -> date | None:
    if not value:
        return None
    try:
        return date.fromisoformat(value[:10])
    except ValueError:
        return None


def _shift_month(d: date, months: int) -> date:
    y, m = divmod(d.month - 1 + months, 12)
    return date(d.year + y, m + 1, 1)


@dataclass
class DateResolver:
    """Resolves the date expressions of one article's sentences."""

    base: date | None
    anchors: dict[int, date] = field(default_factory=dict)  # weekday -> date, for undated articles

    def weekday(self, wd: int, mod: str, future: bool) -> date | None:
        if self.base is not None:
            if mod == "last" or mod == "past":
                return self.base - timedelta(days=(self.base.weekday() - wd) % 7 or 7)
            if mod in ("next", "coming") or future:
                return self.base + timedelta(days=(wd - self.base.weekday()) % 7)
            return self.base - timedelta(days=(self.base.weekday() - wd) % 7)
        if not self.anchors:
            return None
        if wd in self.anchors:
            return self.anchors[wd]
        first = min(self.anchors.values())
        return first + timedelta(days=(wd - first.weekday()) % 7)

    def find(self, sentence: str) -> list[DateMention]:
        """The dates of ``sentence``, left to right. Remembered per sentence, publication date and
        anchors: the timeline and the claims read each sentence, and copies repeat sentences."""
        return list(_find(sentence, self.base, tuple(self.anchors.items())))

    def _find(self, sentence: str) -> list[DateMention]:
        out: list[DateMention] = []
        year = self.base.year if self.base else None
        low = sentence.lower()
        for m in _finditer(_EXPLICIT, sentence, low):
            d = self._explicit(m, year)
            if d:
                out.append(DateMention(m.start(), m.end(), d.isoformat()))
        taken = [(d.start, d.end) for d in out]
        for m in _finditer(_WEEKDAY, sentence, low):
            if any(a <= m.start("wd") < b for a, b in taken):
                continue
            wd = WEEKDAYS[m.group("wd").lower()]
            # "would decide on Wednesday" looks ahead; "announced on Monday that it would" does not
            future = _in_clause(_FUTURE, sentence, low, m.start())
            d = self.weekday(wd, (m.group("mod") or "").lower(), future)
            if d:
                owner = sentence[m.end() : m.end() + 2] in ("'s", "’s")
                out.append(DateMention(m.start(), m.end(), d.isoformat(), names_event=owner))
        if self.base is not None:
            for m in _finditer(_RELATIVE, sentence, low):
                rel = m.group("rel").lower()
                d = self._relative(rel)
                if d:
                    out.append(DateMention(m.start(), m.end(), d.isoformat(), rel not in _VAGUE))
        out.sort(key=lambda d: d.start)
        return [replace(d, planned=True) if _in_clause(_PLAN, sentence, low, d.start) else d for d in out]

    def _explicit(self, m: re.Match[str], year: int | None) -> date | None:
        if m.group("iso"):
            return parse_day(m.group("iso"))
        month = MONTHS[(m.group("m1") or m.group("m2")).lower().rstrip(".")]
        day = int(m.group("d1") or m.group("d2"))
        y = m.group("y1") or m.group("y2")
        if y:
            year = int(y)
        elif self.base is not None and (month, day) > (self.base.month, self.base.day):
            year = self.base.year - 1 if month - self.base.month > 6 else self.base.year
        if year is None:
            return None
        try:
            return date(year, month, day)
        except ValueError:
            return None

    def _relative(self, rel: str) -> date | None:
        assert self.base is not None
        if rel in _REL_DAYS:
            return self.base + timedelta(days=_REL_DAYS[rel])
        if rel == "last week":
            return self.base - timedelta(days=7)
        if rel.endswith("month"):
            return _shift_month(self.base, {"last": -1, "this": 0, "next": 1}[rel.split()[0]])
        return date(self.base.year + {"last": -1, "this": 0, "next": 1}[rel.split()[0]], 1, 1)


def _in_clause(words: re.Pattern[str], sentence: str, low: str, start: int) -> bool:
    """Whether ``words`` (a plan's: "will", "would", "is due to", "plans to") come before the day
    at ``start`` in its own clause: the day is what is planned for, not when a fact happened."""
    clause = max((m.end() for m in _CLAUSE_BREAK.finditer(sentence, 0, start)), default=0)
    return any(m.start() >= clause for m in _finditer(words, sentence[:start], low[:start]))


@lru_cache(maxsize=8192)
def _find(sentence: str, base: date | None, anchors: tuple[tuple[int, date], ...]) -> tuple[DateMention, ...]:
    return tuple(DateResolver(base, dict(anchors))._find(sentence))


def resolvers(articles: Sequence[Article], stories: Sequence[Story] = ()) -> dict[str, DateResolver]:
    """One resolver per article. An undated copy reads its dates against its story's original
    (the same words mean the same days); other undated articles are anchored on the weekdays of
    the dated ones."""
    published = {a.id: parse_day(a.published) for a in articles}
    of_original = {aid: published.get(s.original) for s in stories for aid in s.articles}
    out = {a.id: DateResolver(published[a.id] or of_original.get(a.id)) for a in articles}
    named = {a.id: list(_finditer(_WEEKDAY, a.text, a.text.lower())) for a in articles}
    votes: dict[int, Counter[date]] = {}
    for a in articles:
        r = out[a.id]
        if r.base is None:
            continue
        for m in named[a.id]:
            wd = WEEKDAYS[m.group("wd").lower()]
            d = r.weekday(wd, (m.group("mod") or "").lower(), False)
            if d is not None:
                votes.setdefault(wd, Counter())[d] += 1
    anchors = {wd: c.most_common(1)[0][0] for wd, c in votes.items()}
    for a in articles:
        r = out[a.id]
        if r.base is None:
            mentioned = {WEEKDAYS[m.group("wd").lower()] for m in named[a.id]}
            r.anchors = {wd: d for wd, d in anchors.items() if wd in mentioned}
    return out


def timeline(article: Article, resolver: DateResolver) -> list[TimelineEntry]:
    """One entry per dated sentence, on the day its fact happened (``fact_day``), citing a span
    a reader can take alone (``_readable_span``): the sentence, or with the sentences that open
    the quotation it is in, close the one it opens, or name its pronoun subject."""
    text = article.text
    sents = split_sentences(text)
    quoted = _quote_states(text, sents)
    out: list[TimelineEntry] = []
    for k, s in enumerate(sents):
        sentence = text[s.start : s.end]
        if sentence.rstrip().endswith("?"):  # a question ("What happened on Saturday?") tells nothing
            continue
        # a dateline's day ("ORLEN, May 14 (Wirex) - ...") is the filing's, not the fact's
        dateline = strip_dateline(sentence, 0, len(sentence))
        day = fact_day(resolver.find(sentence), resolver.base, dateline)
        if day is None:
            continue
        precision = "day" if day.precise else _vague_precision(sentence, day)
        body = sentence[dateline:]
        start, end = _readable_span(article, sents, quoted, k, leans_back(body) or _object_back(body))
        out.append(TimelineEntry(day.date, text[start:end], article.id, start, end, precision))
    # a sentence taken into a neighbour's span is one fact with it when it has the same date
    return [
        t
        for t in out
        if not any(u is not t and u.date == t.date and u.start <= t.start and t.end <= u.end for u in out)
    ]


# "him" / "her" as an object ("protesters threw stones at him", "police questioned her."): a
# person the sentence does not name. Possessive "her" ("her car") is followed by its noun.
_OBJECT = re.compile(
    r"\b(?:him|her)\b(?=\s*(?:[.,;:!?)\"”’]|$|(?:and|but|as|to|in|on|at|for|with|from|after|before|over|about|"
    r"again|twice|once|yesterday|today|last|on|this)\b))",
    re.IGNORECASE,
)
_CAPITAL = re.compile(r"(?<=[\w,;:] )[A-Z][\w’'\-]*")


def _object_back(sentence: str) -> bool:
    """Whether a personal pronoun object points back past the sentence: "him" or "her" with no
    capitalised word before it (but the first, a day's or a month's name) that could be whom it means."""
    m = _OBJECT.search(sentence)
    if m is None:
        return False
    words = (w.lower() for w in _CAPITAL.findall(sentence, 0, m.start()))
    return all(w in WEEKDAYS or w in MONTHS for w in words)


MAX_REACH = 2  # sentences a cited span may take in on either side of its dated sentence
# Double quotation marks ("„" opens a German quotation that "“" closes); single ones double as
# apostrophes too often to count.
_QUOTE_MARK = re.compile(r"[“”„\"«»]")


def _quote_states(text: str, sents: Sequence[Sentence]) -> list[tuple[bool, bool]]:
    """Per sentence, whether it begins inside a quotation and whether it ends inside one; a
    paragraph break closes any (a quotation that runs on reopens the next paragraph)."""
    out: list[tuple[bool, bool]] = []
    inside, last = False, 0
    for s in sents:
        if "\n\n" in text[last : s.start]:
            inside = False
        begins = inside
        for m in _QUOTE_MARK.finditer(text, s.start, s.end):
            q = m.group()
            inside = q in "„«" or (q == "“" and not inside) or (q == '"' and not inside)
        out.append((begins, inside))
        last = s.end
    return out


def _readable_span(
    article: Article, sents: Sequence[Sentence], quoted: Sequence[tuple[bool, bool]], k: int, leaning: bool
) -> tuple[int, int]:
    """The span cited for dated sentence ``k``: back to the sentence that opens the quotation it
    begins in, else back one sentence when its subject is a pronoun (``leaning``); on to the one
    that closes a quotation it leaves open; each at most ``MAX_REACH`` sentences, within the
    paragraph for quotations, never into a headline or caption, and the sentence alone when no
    such neighbour is found."""
    text = article.text

    def joined(i: int, j: int) -> bool:  # sentences i < j in one paragraph
        return "\n\n" not in text[sents[i].end : sents[j].start]

    lo = hi = k
    if quoted[k][0]:
        j = k
        while j > max(k - MAX_REACH, 0) and quoted[j][0] and joined(j - 1, j):
            j -= 1
        lo = k if quoted[j][0] else j
    elif leaning and k > 0:
        lo = k - 1
    if quoted[k][1]:
        j = k
        while j < min(k + MAX_REACH, len(sents) - 1) and quoted[j][1] and joined(j, j + 1):
            j += 1
        hi = k if quoted[j][1] else j
    start, end = sents[lo].start, sents[hi].end
    if (lo, hi) != (k, k) and article.in_optional(start, end):
        return sents[k].start, sents[k].end
    return start, end


def fact_day(mentions: Sequence[DateMention], base: date | None, dateline: int = 0) -> DateMention | None:
    """The day a sentence's fact happened, of the days it names but a plan's ("would announce
    steps on Monday", ``DateMention.planned``): a day over a month or year, one
    not after the report (a later day is a plan: "said on Sunday that he would announce steps on
    Monday"), one after the dateline (which ends at ``dateline``: its day is the filing's), then
    the first named, which in news is the main clause's ("On Sunday, X said ...", "X said on
    Sunday that ..."). One fact, one entry: a sentence naming two days is listed once."""
    mentions = [m for m in mentions if not m.planned]
    if not mentions:
        return None
    told = base.isoformat() if base is not None else None

    def rank(m: DateMention) -> tuple[bool, bool, bool, int]:
        return (not m.precise, told is not None and m.date > told, m.start < dateline, m.start)

    return min(mentions, key=rank)


def per_story(
    entries: Sequence[TimelineEntry], articles: Sequence[Article], stories: Sequence[Story]
) -> list[TimelineEntry]:
    """One entry per dated fact per story, citing the story's original (else the first article
    that reports it), with ``sources`` listing every article of the story that reports it. A copy
    reports a fact when it holds a near-duplicate sentence with the same date (``same_fact``: a
    dateline, quote marks or a small edit aside); a translation (another language than the cited
    article's) when the story has exactly one fact of that date so far."""
    lang = {a.id: a.lang for a in articles}
    by_article: dict[str, list[TimelineEntry]] = {}
    for t in entries:
        by_article.setdefault(t.article, []).append(t)
    listed = {aid for s in stories for aid in s.articles}
    groups = [[s.original, *s.articles] for s in stories] + [[a] for a in by_article if a not in listed]
    out: list[TimelineEntry] = []
    for members in groups:
        on_day: dict[str, list[tuple[TimelineEntry, frozenset[tuple[str, ...]]]]] = {}
        for aid in dict.fromkeys(members):
            for t in by_article.get(aid, []):
                shingles = _shingles(t.text)
                dated = on_day.setdefault(t.date, [])
                same = _best_match(dated, shingles)
                translated = len(dated) == 1 and lang.get(dated[0][0].article) != lang.get(aid)
                if same is None and lang.get(aid) is not None and translated:
                    same = dated[0][0]
                if same is None:
                    entry = TimelineEntry(t.date, t.text, t.article, t.start, t.end, t.precision, [aid])
                    dated.append((entry, shingles))
                    out.append(entry)
                elif aid not in same.sources:
                    same.sources.append(aid)
    return out


# Two sentences of one date report one fact when this share of the shorter's word pairs is in the
# longer: a copy's dateline, an agency credit or a reworded attribution leave most pairs in place,
# while two facts of one day share a few ("said on Monday that") at most.
SAME_FACT = 0.7
SHORTER = 0.4
_WORD = re.compile(r"[^\W_]+")


def _shingles(sentence: str) -> frozenset[tuple[str, ...]]:
    """The word pairs of a sentence once a leading dateline is cut, folded to lower case; quote
    marks and punctuation fall away with the word pattern (single words for a sentence of two)."""
    body = sentence[strip_dateline(sentence, 0, len(sentence)) :]
    words = _WORD.findall(body.lower())
    if len(words) < 3:
        return frozenset((w,) for w in words)
    return frozenset(zip(words, words[1:], strict=False))


def _containment(a: frozenset[tuple[str, ...]], b: frozenset[tuple[str, ...]]) -> float:
    """The share of the shorter's word pairs in the longer; none when the shorter is under
    ``SHORTER`` of the longer (a short sentence inside a long one may be a clause of another fact)."""
    short, long = sorted((len(a), len(b)))
    if not short or short < SHORTER * long:
        return 0.0
    return len(a & b) / short


def same_fact(a: str, b: str) -> bool:
    """Whether two sentences of one date read as one fact (``SAME_FACT`` of the word pairs)."""
    return _containment(_shingles(a), _shingles(b)) >= SAME_FACT


def _best_match(
    dated: Sequence[tuple[TimelineEntry, frozenset[tuple[str, ...]]]], shingles: frozenset[tuple[str, ...]]
) -> TimelineEntry | None:
    """The listed entry of that date the sentence repeats most, if any repeats it."""
    best, score = None, SAME_FACT
    for entry, other in dated:
        c = _containment(shingles, other)
        if c >= score:
            best, score = entry, c
    return best


def _vague_precision(sentence: str, mention: DateMention) -> str:
    """ "last month" stands for a month, "last year" for a year (the date is its first day)."""
    return "year" if sentence[mention.start : mention.end].lower().endswith("year") else "month"
