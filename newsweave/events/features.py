"""Cheap per-article features for grouping: words, anchors that survive translation, a skeleton.

No NLP model here: the ``cluster`` path must run at hundreds of articles per second, so names are
approximated by capitalised tokens and everything is folded to ASCII (a Spanish "Erdoğan" and an
English "Erdogan" become the same anchor).
"""

from __future__ import annotations

import math
import re
import unicodedata
import zlib
from collections import Counter
from dataclasses import dataclass, field, replace
from datetime import date
from functools import lru_cache

import numpy as np
import py3langid

from newsweave.clean.dates import date_evidence
from newsweave.events.gazetteer import country_codes
from newsweave.events.guards import url_bounds  # events issue: a URL's month or year
from newsweave.events.nearcopy import signature
from newsweave.events.signature import rare_names  # events issue: the event signature
from newsweave.events.translation import passages_of
from newsweave.nlp.embed import lead_of
from newsweave.nlp.frequency import country_idf, number_idf, word_idf
from newsweave.records import Article

# A token: a run of letters/digits, keeping inner separators of numbers ("15,383", "2.5", "4-2"),
# with the gap of other characters before it (where a sentence may end).
_GAP_TOKEN = re.compile(r"([\W_]*)(\d+(?:[.,:]\d+)*|[^\W\d_]+(?:['’][^\W\d_]+)?)")
_SKIP, _NUMBER, _WORD, _CAPITAL, _NAME = range(5)
_SENT_END = re.compile(r"[.!?:;\"“”«»\n]\s*$")
_NO_SHINGLES = np.zeros(0, dtype=np.int64)
_QUOTES = frozenset('"“”„«»')  # double quotation marks of the Latin-script styles (“…”, „…“, «…», »…«)
_WIRE = re.compile(r"\((?:AP|AFP|Reuters|dpa|EFE|ANSA|AA|UPI|PA)\)|\b(?:Reuters|Associated Press)\b")
_DATE_PREFIX = re.compile(r"^\s*(?:date\s+)?(\d{4})-(\d{2})-(\d{2})\b")

BUCKETS = 1 << 22  # hashed feature ids per half (words / anchors): collisions stay rare
ANCHOR_WEIGHT = 2.0  # names and numbers count double: they are what survives translation
SHINGLE = 5  # words per shingle for near-copy detection (datasketch's usual 5-word shingles)
SKELETON_SHINGLE = 4  # tokens per skeleton shingle (spun copies keep names, numbers, short words)
SAMPLE_MOD = 2  # keep the shingle hashes divisible by this: half the memory, same containment
LEAD_WORDS = 40  # words of title and text read as the lead (``events.leads``)
LANG_SAMPLE = 250  # characters given to language identification: enough, and 10x faster than 600


@lru_cache(maxsize=1 << 17)
def fold(text: str) -> str:
    """Lower-case ASCII folding: accents dropped, so names match across languages."""
    if text.isascii():
        return text.lower()
    decomposed = unicodedata.normalize("NFKD", text)
    return decomposed.encode("ascii", "ignore").decode("ascii").lower()


def norm_number(tok: str) -> str:
    """One spelling per number: "15,383" / "15.383" / "15 383" -> "15383"; "2,5" -> "2.5"."""
    tok = tok.replace(":", "-")
    if "-" in tok:  # scores such as 4-2 / 4:2
        return tok
    groups = re.split(r"[.,]", tok)
    if len(groups) > 1 and all(len(g) == 3 for g in groups[1:]):
        return "".join(groups)
    if len(groups) == 2:
        return f"{groups[0]}.{groups[1]}"
    return tok


@dataclass(slots=True)
class Features:
    """What the groupers compare: bags of terms and anchors, shingle hashes, date, language."""

    id: str
    day: int | None  # proleptic ordinal of the publication date, when known
    lang: str
    keys: np.ndarray  # hashed bag: content words (length >= 4) and anchors (names, numbers,
    weights: np.ndarray  # countries: what survives translation), ascending keys, raw weights
    numbers: frozenset[int]  # keys of the number anchors
    copy_sh: np.ndarray  # sampled hashes of the 5-word shingles (near copies)
    sig: np.ndarray  # MinHash signature of ``copy_sh`` (LSH candidates for near copies)
    spin_sh: np.ndarray  # of the skeleton (names, numbers, short words): survives synonym spinning
    year: int | None  # publication year (years the text mentions proved too noisy a clock)
    wire: bool  # carries a wire credit such as "(AP)"
    length: int  # characters of clean text
    after: int | None = None  # undated: the latest day the text mentions (weak: published on or after)
    lead: str = ""  # the first words (``nlp.embed.lead_of``): what a cross-lingual link embeds
    rare: frozenset[int] = frozenset()  # keys of the rare names (``events.signature``)
    before: int | None = None  # undated: the last day of the month or year its URL gives
    # hashes of the copy and skeleton shingles holding a quoted word: independent reports quote
    # one statement word for word (a resignation speech, an oath), so stories leave them out
    quoted_sh: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    opening: dict[str, float] = field(default_factory=dict)  # ``lead_vector`` (``events.leads``)
    passages: tuple[str, ...] = ()  # leading sentences a translation is mined by (``events.translation``)


def _day(article: Article) -> tuple[int | None, int | None]:
    """(publication day, else the weak lower bound the text's dated mentions give), as ordinals:
    the date evidence cleaning gave (``published``), else ``date_evidence`` on the clean text."""
    raw = article.published
    if not raw:
        head = _DATE_PREFIX.match(article.text[:40])  # a scraper's "date 2019-04-15" stamp
        raw = "-".join(head.groups()) if head else None
    found = date_evidence(article.text, article.url, raw)
    if found is None:
        return None, None
    return (found.day.toordinal(), None) if found.strong else (None, found.day.toordinal())


def detect_lang(text: str) -> str:
    lang, _ = py3langid.classify(text[:LANG_SAMPLE])
    return str(lang)


def features_of(article: Article) -> Features:
    """``article``'s features: those its worker computed with the rest of the per-article work
    (``Article.features``), else computed here."""
    feats = article.features
    if not isinstance(feats, Features):
        return extract(article)
    return feats if feats.id == article.id else replace(feats, id=article.id)


@lru_cache(maxsize=1 << 17)
def _token(tok: str) -> tuple[str, int]:
    """(folded form, kind) of a token: ``_NUMBER`` (normalised), ``_WORD``, ``_NAME`` (a
    capitalised word or acronym: an anchor unless it starts a sentence), ``_SKIP`` (nothing left)."""
    if tok[0].isdigit():
        return norm_number(tok), _NUMBER
    low = fold(tok)
    if not low:
        return low, _SKIP
    if tok[0].isupper() and ((len(low) >= 3 and not tok.isupper()) or (tok.isupper() and 2 < len(tok) < 6)):
        return low, _NAME
    return low, _CAPITAL if tok[0].isupper() else _WORD


TITLE_REACH = 1000  # characters of the text's opening where a kept headline line is looked for


def with_title(title: str | None, text: str) -> str:
    """The title above the text, unless the text's opening holds it (a headline the cleaner kept,
    first or below a section name: read twice, its words would weigh double)."""
    return f"{title}\n{text}" if title and text.find(title, 0, TITLE_REACH) < 0 else text


def extract(article: Article) -> Features:
    text = with_title(article.title, article.text)
    words: list[str] = []
    terms: list[str] = []
    anchors: list[str] = []
    skeleton: list[str] = []
    capitals: list[str] = []  # folded capitalised tokens, "" for the others: country look-up
    turns: list[tuple[int, int]] = []  # (words, skeleton tokens) so far where a quotation opens or ends
    first, quoted = True, False
    for gap, tok in _GAP_TOKEN.findall(text):
        if gap and gap != " " and quoted_after(gap, quoted) != quoted:
            quoted = not quoted
            turns.append((len(words), len(skeleton)))
        low, kind = _token(tok)
        if kind == _NUMBER:
            words.append(low)
            capitals.append("")
            skeleton.append(low)
            if len(low) > 1 or low != "0":
                anchors.append("#" + low)
        elif kind != _SKIP:
            words.append(low)
            capitals.append(low if kind != _WORD else "")
            if len(low) >= 4:
                terms.append(low)
            # a name, unless it opens the text or a sentence (the 3 characters before it)
            if kind == _NAME and not (first and not gap) and not _SENT_END.search(gap[-3:]):
                anchors.append(low)
                skeleton.append(low)
            elif len(low) <= 3:
                skeleton.append(low)
        first = False
    anchors += ["=" + code for code in country_codes(capitals)]
    day, after = _day(article)
    year = date.fromordinal(day).year if day else None
    lang = article.lang if article.lang else detect_lang(article.text)
    keys, weights, numbers = _bag(Counter(terms), Counter(anchors), lang)
    copy_sh, quoted_copy = split_shingles(words, SHINGLE, [t[0] for t in turns])
    spin_sh, quoted_spin = split_shingles(skeleton, SKELETON_SHINGLE, [t[1] for t in turns])
    return Features(
        id=article.id,
        day=day,
        lang=lang,
        copy_sh=copy_sh,
        sig=signature(copy_sh),
        keys=keys,
        weights=weights,
        numbers=numbers,
        spin_sh=spin_sh,
        quoted_sh=np.union1d(quoted_copy, quoted_spin) if turns else _NO_SHINGLES,
        year=year,
        wire=bool(_WIRE.search(article.text[:400])),
        length=len(article.text),
        lead=lead_of(text),
        opening=lead_vector(text, lang),  # events issue: the lead veto
        passages=passages_of(text),  # events issue: translations of a story (read only where one may be)
        rare=rare_names(anchors, lang, term_key),  # events issue: the event signature
        **_url_bounds(article.url, day, after),  # events issue: a URL's month or year
    )


def _url_bounds(url: str | None, day: int | None, after: int | None) -> dict[str, int | None]:
    """``after`` / ``before`` from the month or year an undated page's URL gives (``guards``);
    a weak bound past that interval is dropped (the URL is the page's own stamp)."""
    bounds = url_bounds(url) if day is None else None
    if bounds is None:
        return {"after": after}
    lo, hi = bounds
    return {"after": max(lo, after) if after is not None and after <= hi else lo, "before": hi}


LeadVector = dict[str, float]


def lead_vector(text: str, lang: str, words: int = LEAD_WORDS) -> LeadVector:
    """L2-normalised bag of the lead's words of 4+ letters, each weighing its background idf
    (``nlp.frequency``) times its log count. No numbers: a toll or a count moves from one report
    of an event to the next (realworld_dev: a quake's reports alone were split on their tolls)."""
    counts: Counter[str] = Counter()
    for _, tok in _GAP_TOKEN.findall(" ".join(text.split(maxsplit=words)[:words])):
        low, kind = _token(tok)
        if kind not in (_SKIP, _NUMBER) and len(low) >= 4:
            counts[low] += 1
    vec = {t: (1.0 + math.log(n)) * word_idf(t, lang) for t, n in counts.items()}
    norm = math.sqrt(sum(v * v for v in vec.values())) or 1.0
    return {t: v / norm for t, v in vec.items()}


@lru_cache(maxsize=1 << 18)
def term_key(term: str, anchor: bool) -> int:
    """Hashed feature id (the hashing trick: no shared vocabulary, so workers can build bags).
    Anchors live in the upper half of the id space."""
    return (zlib.crc32(term.encode()) & (BUCKETS - 1)) | (BUCKETS if anchor else 0)


def is_anchor(key: int) -> bool:
    return key >= BUCKETS


def anchor_idf(anchor: str, lang: str) -> float:
    """Background idf of an anchor: a number by its shape, a country alike everywhere, a name
    by its frequency in the page's language (German capitalises every noun)."""
    if anchor.startswith("#"):
        return number_idf(anchor[1:])
    if anchor.startswith("="):
        return country_idf()
    return word_idf(anchor, lang)


def _bag(
    terms: Counter[str], anchors: Counter[str], lang: str
) -> tuple[np.ndarray, np.ndarray, frozenset[int]]:
    """Hashed bag: log term frequency times the background idf (``newsweave.nlp.frequency``),
    so that a weight never depends on what else the pile holds."""
    bag: dict[int, float] = {}
    for term, n in terms.items():
        key = term_key(term, False)
        bag[key] = bag.get(key, 0.0) + (1.0 + math.log(n)) * word_idf(term, lang)
    numbers = set()
    for anchor, n in anchors.items():
        key = term_key(anchor, True)
        bag[key] = bag.get(key, 0.0) + ANCHOR_WEIGHT * (1.0 + math.log(n)) * anchor_idf(anchor, lang)
        if anchor.startswith("#"):
            numbers.add(key)
    keys = sorted(bag)
    return np.array(keys, dtype=np.int64), np.array([bag[k] for k in keys]), frozenset(numbers)


@lru_cache(maxsize=1 << 17)
def _word_hash(word: str) -> int:
    return zlib.crc32(word.encode()) | 1  # odd: no word hashes to 0


def _quoted_windows(turns: list[int], tokens: int, k: int, windows: int) -> np.ndarray:
    """Mask of the ``k``-token windows holding a token inside a quotation (``turns``: the token
    counts where one opens or ends, alternately, the first an opening)."""
    inside = np.zeros(tokens + 1, dtype=np.int64)
    for start, end in zip(turns[::2], [*turns[1::2], tokens], strict=False):
        inside[start] += 1
        inside[end] -= 1
    count = np.concatenate(([0], np.cumsum(np.cumsum(inside)[:tokens] > 0)))
    ends = np.minimum(np.arange(windows) + k, tokens)
    return np.asarray(count[ends] > count[: len(ends)])


@lru_cache(maxsize=1 << 12)
def quoted_after(gap: str, quoted: bool) -> bool:
    """Whether the token after ``gap`` (the characters between two tokens) is inside a quotation,
    given whether the one before it was: every double quotation mark toggles, a line break ends."""
    for ch in gap:
        if ch == "\n":
            quoted = False
        elif ch in _QUOTES:
            quoted = not quoted
    return quoted


def shingles(seq: list[str], k: int) -> np.ndarray:
    """Sampled hashes of the ``k``-token windows of ``seq``, unique and ascending."""
    return split_shingles(seq, k)[0]


def split_shingles(seq: list[str], k: int, turns: list[int] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Sampled hashes of the ``k``-token windows of ``seq``, unique and ascending, and those of
    the windows holding a quoted token (``turns``: where quotations open and end, as token counts).

    A polynomial hash over per-word crc32 values (stable across processes, unlike ``hash``),
    computed for all windows at once with numpy's wrapping uint64 arithmetic.
    """
    if not seq:
        return _NO_SHINGLES, _NO_SHINGLES
    w = np.fromiter(map(_word_hash, seq), dtype=np.uint64, count=len(seq))
    if len(w) < k:
        w = np.concatenate([w, np.zeros(k - len(w), dtype=np.uint64)])
    n = len(w) - k + 1
    h = np.zeros(n, dtype=np.uint64)
    for i in range(k):
        h = h * np.uint64(1_000_003) + w[i : i + n]
    h = h >> np.uint64(32)  # the high 32 bits (mixed best): the width MinHash's affine32 scheme takes
    if not turns:
        return _sampled(h), _NO_SHINGLES
    return _sampled(h), _sampled(h[_quoted_windows(turns, len(seq), k, n)])


def _sampled(h: np.ndarray) -> np.ndarray:
    """The hashes divisible by ``SAMPLE_MOD``, unique and ascending, as int64."""
    h = np.sort(h[h % np.uint64(SAMPLE_MOD) == 0])
    if not len(h):
        return _NO_SHINGLES
    return h[np.concatenate(([True], h[1:] != h[:-1]))].astype(np.int64)  # np.unique, 10x faster here
