"""Page furniture in plain text, told from a line's shape and its neighbourhood by learned weights.

Menus, teasers for other stories, share prompts and notices look alike on every site: short,
without a verb's sentence shape, few stop words, in runs of their like, before or after the
block of prose that is the story. Each line gets non-lexical features (length, terminal
punctuation, stop-word share from jusText's stop lists for the page's language, casing,
digits and symbols, interface-word share from our own ``ui_words.txt``) and the same of its
neighbours, plus where it sits relative to the page's main run of prose (found as the
maximum-sum run of line scores, as in Finn et al.'s body text extraction). A multinomial
logistic regression (``scripts/build_furniture_model.py``, scikit-learn) turns them into
the chances that a line is content, optional (headline, subheading, caption) or furniture.
No library classifies lines of text that lost their markup (jusText needs paragraphs of HTML
and its context rule keeps short furniture between prose), hence this module.

The weights ship as a small JSON file (``data/furniture-v*.json``) holding no text of the
data they were fitted on; it is loaded lazily, with a version check.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from newsweave.clean.lexicon import load_words

MODEL_VERSION = 1
MODEL_FILE = Path(__file__).parent / "data" / f"furniture-v{MODEL_VERSION}.json"
CLASSES = ("content", "optional", "furniture")
WINDOW = 3  # lines each side that make a line's neighbourhood
PROSE_WORDS = 8  # a line of prose has at least this many words ...
PROSE_STOP = 0.15  # ... this share of stop words (where the language has a stop list) ...
LONG_WORDS = 25  # ... and ends like a sentence, unless it is this long
_UI = load_words("ui_words.txt")
_TERMINAL = re.compile(r"[.!?…。！？؟][\"'”’»)\]]*$")
_QUOTE_START = re.compile(r"^[\"'“‘«„]")
_LINKISH = re.compile(r"https?://|www\.|@\w|#\w|\.(?:com|org|net|html?)\b", re.I)
_PIPES = re.compile(r"[|•·»›>/]")
_STRIP = ".,:;!?()[]{}\"'“”‘’«»*-–—|"
# ISO 639-1 codes to the names of jusText's stop lists (the languages newsweave meets most)
_JUSTEXT_NAMES = {
    "en": "English", "es": "Spanish", "fr": "French", "de": "German", "pt": "Portuguese",
    "it": "Italian", "ca": "Catalan", "nl": "Dutch", "ru": "Russian", "pl": "Polish",
    "sv": "Swedish", "da": "Danish", "no": "Norwegian_Bokmal", "fi": "Finnish", "cs": "Czech",
    "ro": "Romanian", "tr": "Turkish", "id": "Indonesian", "hu": "Hungarian", "el": "Greek",
    "uk": "Ukrainian", "ar": "Arabic", "hi": "Hindi", "sw": "Swahili", "pcm": "English",
}  # fmt: skip
FEATURES = (
    "log_words", "log_chars", "terminal", "colon_end", "stop_share",
    "no_stoplist", "title_share", "caps_share", "digit_share", "symbol_share", "comma_rate",
    "sentences", "ui_share", "rule", "lower_start", "quote_start", "pipes", "linkish", "dup",
    "prose", "short", "prev_words", "prev_terminal", "prev_stop", "prev_rule", "prev_prose",
    "next_words", "next_terminal", "next_stop", "next_rule", "next_prose", "win_prose",
    "win_rule", "win_words", "in_block", "before_block", "after_block", "dist_block",
    "next_to_block", "dist_prose", "short_run", "short_in_block", "prose_in_block",
    "prose_after_block", "prose_before_block", "first_line", "block_overlap",
)  # fmt: skip


@lru_cache(maxsize=32)
def stop_words(lang: str) -> frozenset[str]:
    """jusText's stop list for an ISO 639-1 code, read from its package (empty when none)."""
    name = _JUSTEXT_NAMES.get(lang)
    spec = find_spec("justext")
    if not name or spec is None or not spec.submodule_search_locations:
        return frozenset()
    path = Path(next(iter(spec.submodule_search_locations))) / "stoplists" / f"{name}.txt"
    try:
        return frozenset(w.strip().lower() for w in path.read_text("utf-8").splitlines() if w.strip())
    except OSError:
        return frozenset()


@dataclass(frozen=True, slots=True)
class Shape:
    """What one line looks like on its own."""

    words: int
    log_words: float
    terminal: bool
    stop: float
    rule: bool
    prose: bool
    row: tuple[float, ...]  # the line's own features, the first of FEATURES


@lru_cache(maxsize=8192)  # the classifier's reruns and a pile's repeated lines see a line again
def _shape(line: str, rule: bool, stops: frozenset[str], dup: bool) -> Shape:
    s = line.strip()
    words = s.split()
    n = len(words)
    bare = [w.strip(_STRIP).lower() for w in words]
    bare = [w for w in bare if w]
    nb = max(len(bare), 1)
    letters = sum(map(str.isalpha, s)) or 1
    chars = max(len(s), 1)
    spaces = sum(map(str.isspace, s))
    alnum = sum(map(str.isalnum, s))
    terminal = bool(_TERMINAL.search(s))
    stop = sum(w in stops for w in bare) / nb if stops else 0.0
    prose = (
        not rule and n >= PROSE_WORDS and (terminal or n >= LONG_WORDS) and (not stops or stop >= PROSE_STOP)
    )
    log_words = math.log1p(n)
    row = (
        log_words,
        math.log1p(len(s)),
        float(terminal),
        float(s.endswith(":")),
        stop,
        float(not stops),
        sum(map(str.isupper, (w[:1] for w in words))) / max(n, 1),
        sum(map(str.isupper, s)) / letters,
        sum(map(str.isdigit, s)) / chars,
        (chars - alnum - spaces) / chars if s else 0.0,
        s.count(",") / max(n, 1),
        math.log1p(len(re.findall(r"[.!?]\s+\S", s)) + terminal),
        sum(w in _UI for w in bare) / nb,
        float(rule),
        float(s[:1].islower()),
        float(bool(_QUOTE_START.match(s))),
        math.log1p(len(_PIPES.findall(s))),
        float(bool(_LINKISH.search(s))),
        float(dup),
        float(prose),
        float(n <= 3),
    )
    return Shape(n, log_words, terminal, stop, rule, prose, row)


@lru_cache(maxsize=8192)
def _content_words(line: str, stops: frozenset[str]) -> frozenset[str]:
    words = (x.strip(_STRIP).lower() for x in line.split())
    return frozenset(w for w in words if len(w) > 2 and w not in stops)


def _overlap(words: frozenset[str], seen: dict[str, int], own: bool) -> float:
    """Share of a line's content words that the story block's prose also uses (its own
    occurrences left out): the story's later paragraphs go on about its subject."""
    if not words:
        return 0.0
    return sum(seen.get(w, 0) > own for w in words) / len(words)


def _main_block(shapes: Sequence[Shape]) -> tuple[int, int]:
    """The maximum-sum run of lines, prose scoring by its length and anything else -1: the story."""
    best, best_span = 0.0, (0, -1)
    run, start = 0.0, 0
    for i, sh in enumerate(shapes):
        v = min(sh.words, 80) / PROSE_WORDS if sh.prose else -1.0
        if run <= 0:
            run, start = v, i
        else:
            run += v
        if run > best:
            best, best_span = run, (start, i)
    return best_span


def page_features(lines: Sequence[str], rule: Sequence[bool], lang: str) -> list[list[float]]:
    """One feature row per line (names in ``FEATURES``); ``rule`` marks lines the rules removed."""
    stops = stop_words(lang)
    counts: dict[str, int] = {}
    for line in lines:
        key = " ".join(line.split()).lower()
        counts[key] = counts.get(key, 0) + 1
    shapes = [
        _shape(x, r, stops, counts[" ".join(x.split()).lower()] > 1) for x, r in zip(lines, rule, strict=True)
    ]
    n = len(shapes)
    lo, hi = _main_block(shapes)
    if hi < lo:  # no line of prose: no block to be before or after
        lo, hi = 0, n - 1
    prose_at = [i for i, sh in enumerate(shapes) if sh.prose]
    cum_prose, cum_rule, cum_words = [0.0], [0.0], [0.0]  # prefix sums, for window means
    for sh in shapes:
        cum_prose.append(cum_prose[-1] + sh.prose)
        cum_rule.append(cum_rule[-1] + sh.rule)
        cum_words.append(cum_words[-1] + sh.log_words)
    words = [_content_words(x, stops) for x in lines]
    seen: dict[str, int] = {}  # content word -> how many prose lines of the block hold it
    for i in prose_at:
        if lo <= i <= hi:
            for w in words[i]:
                seen[w] = seen.get(w, 0) + 1
    short_runs = [0] * n
    i = 0
    while i < n:
        j = i
        while j < n and not shapes[j].prose:
            j += 1
        for k in range(i, j):
            short_runs[k] = j - i
        i = max(j, i + 1)
    rows = []
    nxt = 0  # index into prose_at of the first prose line at or after i
    none = Shape(0, 0.0, False, 0.0, False, False, ())
    for i, sh in enumerate(shapes):
        prev = shapes[i - 1] if i else none
        after = shapes[i + 1] if i + 1 < n else none
        a, b = max(0, i - WINDOW), min(n, i + 1 + WINDOW)
        nw = max(b - a - 1, 1)
        while nxt < len(prose_at) and prose_at[nxt] < i:
            nxt += 1
        near = [abs(prose_at[k] - i) for k in (nxt - 1, nxt) if 0 <= k < len(prose_at)]
        inside = lo <= i <= hi
        before, beyond = i < lo, i > hi
        dist = lo - i if before else i - hi if beyond else 0
        rows.append(
            [
                *sh.row,
                prev.log_words, float(prev.terminal), prev.stop, float(prev.rule), float(prev.prose),
                after.log_words, float(after.terminal), after.stop, float(after.rule), float(after.prose),
                (cum_prose[b] - cum_prose[a] - sh.prose) / nw,
                (cum_rule[b] - cum_rule[a] - sh.rule) / nw,
                (cum_words[b] - cum_words[a] - sh.log_words) / nw,
                float(inside), float(before), float(beyond),
                math.log1p(dist), float(dist == 1),
                math.log1p(min(near) if near else n),
                math.log1p(short_runs[i]),
                float(inside and sh.words <= 3),
                float(inside and sh.prose),
                float(beyond and sh.prose),
                float(before and sh.prose),
                float(i == 0),
                _overlap(words[i], seen, own=inside and sh.prose),
            ]
        )  # fmt: skip
    return rows


@dataclass(frozen=True, slots=True)
class Stage:
    """One multinomial logistic regression over standardised features, a weight row per class."""

    mean: tuple[float, ...]
    scale: tuple[float, ...]
    coef: tuple[tuple[float, ...], ...]
    intercept: tuple[float, ...]

    def probabilities(self, rows: Sequence[Sequence[float]]) -> list[tuple[float, float, float]]:
        """(content, optional, furniture) probabilities of each feature row."""
        import numpy as np

        if not rows:
            return []
        z = (np.asarray(rows, dtype=float) - np.asarray(self.mean)) / np.asarray(self.scale)
        logits = z @ np.asarray(self.coef).T + np.asarray(self.intercept)
        e = np.exp(logits - logits.max(axis=1, keepdims=True))
        p = e / e.sum(axis=1, keepdims=True)
        return [(float(a), float(b), float(c)) for a, b, c in p]

    def to_dict(self) -> dict[str, object]:
        return {"mean": self.mean, "scale": self.scale, "coef": self.coef, "intercept": self.intercept}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Stage:
        coef = tuple(tuple(float(v) for v in r) for r in data["coef"])
        return cls(tuple(data["mean"]), tuple(data["scale"]), coef, tuple(data["intercept"]))


def with_context(rows: Sequence[Sequence[float]], p_furniture: Sequence[float]) -> list[list[float]]:
    """Second-stage rows: each line's features and the first stage's furniture chances of its
    neighbours (``CONTEXT``), so a short line in a run of furniture reads as one."""
    n = len(rows)
    out = []
    for i, row in enumerate(rows):
        win = [p_furniture[j] for j in range(max(0, i - WINDOW), min(n, i + WINDOW + 1)) if j != i]
        prev = p_furniture[i - 1] if i else 1.0
        nxt = p_furniture[i + 1] if i + 1 < n else 1.0
        mean = sum(win) / len(win) if win else 1.0
        out.append([*row, p_furniture[i], prev, nxt, mean, min(prev, nxt)])
    return out


CONTEXT = ("p_self", "p_prev", "p_next", "p_window", "p_both_sides")


@dataclass(frozen=True, slots=True)
class Model:
    """Two stages: the line alone with its neighbours' shapes, then the same with the first
    stage's verdict on its neighbours. A line whose furniture probability reaches
    ``threshold`` is removed; a line shaped like a sentence needs ``sentence_threshold``, since
    dropping a sentence of the story costs more than keeping a stray line."""

    first: Stage
    second: Stage
    threshold: float
    sentence_threshold: float
    meta: dict[str, object]

    def probabilities(
        self, rows: Sequence[Sequence[float]], rule: Sequence[bool]
    ) -> list[tuple[float, float, float]]:
        """(content, optional, furniture) probabilities of each line; rule-removed lines count
        as furniture for their neighbours."""
        first = [1.0 if r else p[2] for p, r in zip(self.first.probabilities(rows), rule, strict=True)]
        return self.second.probabilities(with_context(rows, first))

    def to_json(self) -> str:
        data = {
            "version": MODEL_VERSION,
            "classes": CLASSES,
            "features": FEATURES,
            "context": CONTEXT,
            "first": self.first.to_dict(),
            "second": self.second.to_dict(),
            "threshold": self.threshold,
            "sentence_threshold": self.sentence_threshold,
            "meta": self.meta,
        }
        return json.dumps(data, indent=1)

    @classmethod
    def from_json(cls, text: str) -> Model:
        data = json.loads(text)
        if (
            data.get("version") != MODEL_VERSION
            or tuple(data.get("features", ())) != FEATURES
            or tuple(data.get("context", ())) != CONTEXT
        ):
            from newsweave.errors import NewsweaveError

            raise NewsweaveError(
                f"furniture model version {data.get('version')} does not match this newsweave "
                f"(expects version {MODEL_VERSION} with its feature list): rebuild it with "
                "scripts/build_furniture_model.py"
            )
        first, second = Stage.from_dict(data["first"]), Stage.from_dict(data["second"])
        cuts = float(data["threshold"]), float(data["sentence_threshold"])
        return cls(first, second, *cuts, dict(data.get("meta", {})))


@lru_cache(maxsize=1)
def shipped_model() -> Model | None:
    """The model in the package, or None when it has not been built."""
    if not MODEL_FILE.exists():
        return None
    return Model.from_json(MODEL_FILE.read_text("utf-8"))


_OVERRIDE: ContextVar[tuple[Model | None] | None] = ContextVar("furniture_model", default=None)


@contextmanager
def using(model: Model | None) -> Iterator[None]:
    """Clean with ``model`` (None: the rules alone) inside the block; for benches and tests."""
    token = _OVERRIDE.set((model,))
    try:
        yield
    finally:
        _OVERRIDE.reset(token)


def current_model() -> Model | None:
    override = _OVERRIDE.get()
    return override[0] if override is not None else shipped_model()


def classify(
    lines: Sequence[str], rule: Sequence[bool], lang: str
) -> list[tuple[float, float, float]] | None:
    """Class probabilities of each line, or None when no model is in use."""
    model = current_model()
    if model is None or not lines:
        return None
    return model.probabilities(page_features(lines, rule, lang), rule)


def cutoff(line: str) -> float:
    """The furniture probability from which the model in use removes ``line``."""
    model = current_model()
    if model is None:
        return 1.0
    return model.sentence_threshold if is_sentence(line) else model.threshold


def is_sentence(line: str) -> bool:
    """A line shaped like a sentence of prose: several words and a full stop."""
    return len(line.split()) >= 3 and bool(_TERMINAL.search(line.strip()))


def is_prose(line: str) -> bool:
    """A sentence long enough to be a story's paragraph."""
    return len(line.split()) >= PROSE_WORDS and is_sentence(line)


def prose_sample(lines: Iterable[str], chars: int = 600) -> str:
    """The page's longest lines, up to ``chars``: what its language is best told from (a menu
    at the top of a page says little about the story's language)."""
    out: list[str] = []
    total = 0
    for line in sorted((x.strip() for x in lines), key=len, reverse=True):
        if total >= chars or not line:
            break
        out.append(line)
        total += len(line) + 1
    return "\n".join(out)


TITLE_WORDS = 20  # a headline or subheading is a short line ...


def optional_kind(line: str, probs: tuple[float, float, float], after_prose: bool) -> str:
    """What kind of optional line a kept line is ("headline", "subheading", "caption"), or ""
    for body text: a short line that ends like no sentence titles what follows it; a line the
    model finds more likely supplemental than content is a caption, credit or date line."""
    words = len(line.split())
    if 0 < words <= TITLE_WORDS and not _TERMINAL.search(line.strip()) and not line.strip().endswith(","):
        return "subheading" if after_prose else "headline"
    return "caption" if probs[1] > probs[0] else ""
