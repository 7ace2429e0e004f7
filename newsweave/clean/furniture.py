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
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from newsweave.clean.lang import SAMPLE_CHARS
from newsweave.clean.line_shape import (
    PROSE_WORDS,
    Shape,
    _read_line,
    ends_sentence,
    stop_words,
    word_count,
)

MODEL_VERSION = 3
MODEL_FILE = Path(__file__).parent / "data" / f"furniture-v{MODEL_VERSION}.json"
CLASSES = ("content", "optional", "furniture")
WINDOW = 3  # lines each side that make a line's neighbourhood
CERTAIN_WORDS = 15  # a page whose every line is a sentence this long has no furniture to find
FEATURES = (
    "log_words", "log_chars", "terminal", "colon_end", "stop_share",
    "no_stoplist", "title_share", "caps_share", "digit_share", "symbol_share", "comma_rate",
    "sentences", "ui_share", "rule", "lower_start", "quote_start", "pipes", "linkish", "dup",
    "prose", "short", "question", "tag_share", "prev_words", "prev_terminal", "prev_stop",
    "prev_rule", "prev_prose", "next_words", "next_terminal", "next_stop", "next_rule",
    "next_prose", "win_prose",
    "win_rule", "win_words", "in_block", "before_block", "after_block", "dist_block",
    "next_to_block", "dist_prose", "short_run", "short_in_block", "prose_in_block",
    "prose_after_block", "prose_before_block", "first_line", "block_overlap",
    "head_shape", "head_run", "head_window", "after_last_prose",
)  # fmt: skip
HEAD_WORDS = (4, 20)  # a line shaped like a headline: this many words, ending like no sentence


def _overlap(words: frozenset[str], seen: set[str]) -> float:
    """Share of a line's content words that the story block's prose also uses (``seen``, the
    words of prose lines of the block; for such a line, those another line of it uses too):
    the story's later paragraphs go on about its subject."""
    if not words:
        return 0.0
    return len(words & seen) / len(words)


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
    return _features(lines, rule, lang).tolist()


def _shifted(x: Any, by: int, pad: float) -> Any:
    """``x`` moved ``by`` rows down (up when negative), the rows it leaves filled with ``pad``."""
    import numpy as np

    out = np.full_like(x, pad)
    if abs(by) < len(x):
        if by > 0:
            out[by:] = x[:-by]
        else:
            out[:by] = x[-by:]
    return out


def _features(lines: Sequence[str], rule: Sequence[bool], lang: str) -> Any:
    """``page_features`` as an array (lines x features), computed column by column."""
    import numpy as np

    stops = stop_words(lang)
    read = [_read_line(x, r, stops) for x, r in zip(lines, rule, strict=True)]
    counts = Counter(r.key for r in read)
    shapes = [r.shape for r in read]
    n = len(shapes)
    if not n:
        return np.zeros((0, len(FEATURES)))
    lo, hi = _main_block(shapes)
    if hi < lo:  # no line of prose: no block to be before or after
        lo, hi = 0, n - 1
    own = np.array([sh.row for sh in shapes], dtype=float)
    own[:, 18] = [counts[r.key] > 1 for r in read]  # dup: the same line again on the page
    is_prose = own[:, 19] > 0
    at = np.arange(n)
    # the neighbours' shapes: words, terminal, stop share, rule, prose
    near_cols = own[:, [0, 2, 4, 13, 19]]
    prev, after = _shifted(near_cols, 1, 0.0), _shifted(near_cols, -1, 0.0)
    a, b = np.maximum(at - WINDOW, 0), np.minimum(at + 1 + WINDOW, n)
    nw = np.maximum(b - a - 1, 1)
    cols3 = own[:, [19, 13, 0]]  # window means of prose, rule and words
    cum = np.vstack([np.zeros((1, 3)), np.cumsum(cols3, axis=0)])
    windows = (cum[b] - cum[a] - cols3) / nw[:, None]
    inside, before, beyond = (lo <= at) & (at <= hi), at < lo, at > hi
    dist = np.where(before, lo - at, np.where(beyond, at - hi, 0))
    prose_at = np.flatnonzero(is_prose)
    nearest = np.abs(at[:, None] - prose_at[None, :]).min(axis=1) if len(prose_at) else np.full(n, n)
    run_id = np.cumsum(is_prose)  # runs of lines that are not prose, with their lengths
    run_len = np.bincount(run_id[~is_prose], minlength=int(run_id[-1]) + 1)
    short_runs = np.where(is_prose, 0, run_len[run_id])
    block = [i for i in prose_at.tolist() if lo <= i <= hi]
    seen: set[str] = set()  # content words of the block's prose lines ...
    twice: set[str] = set()  # ... and those that two or more of them use
    for i in block:
        twice |= seen & read[i].content
        seen |= read[i].content
    own_prose = inside & is_prose
    overlap = [
        _overlap(r.content, twice if o else seen) for r, o in zip(read, own_prose.tolist(), strict=True)
    ]
    words = np.array([sh.words for sh in shapes])
    head = (
        (words >= HEAD_WORDS[0]) & (words <= HEAD_WORDS[1]) & (own[:, 2] == 0) & (own[:, 3] == 0)
        & (own[:, 13] == 0)
    )  # fmt: skip
    out = np.empty((n, len(FEATURES)))
    k = own.shape[1]
    out[:, :k] = own
    for block_cols in (prev, after, windows):
        out[:, k : k + block_cols.shape[1]] = block_cols
        k += block_cols.shape[1]
    for col in (
        inside, before, beyond, np.log1p(dist), dist == 1, np.log1p(nearest), np.log1p(short_runs),
        inside & (words <= 3), own_prose, beyond & is_prose, before & is_prose, at == 0, overlap,
        *_headline_columns(head, a, b, nw), at > (prose_at[-1] if len(prose_at) else n),
    ):  # fmt: skip
        out[:, k] = col
        k += 1
    return out


def _headline_columns(head: Any, a: Any, b: Any, nw: Any) -> tuple[Any, Any, Any]:
    """head_shape, head_run and head_window of each line: teasers for other stories come as
    runs of headline-shaped lines (a subheading stands alone, prose after it)."""
    import numpy as np

    breaks = np.cumsum(~head)  # runs of headline-shaped lines share a break count
    run = np.bincount(breaks[head], minlength=int(breaks[-1]) + 1)
    cum = np.concatenate([[0], np.cumsum(head)])
    return head, np.where(head, np.log1p(run[breaks]), 0.0), (cum[b] - cum[a] - head) / nw


@dataclass(frozen=True, slots=True)
class Stage:
    """One multinomial logistic regression over standardised features, a weight row per class."""

    mean: tuple[float, ...]
    scale: tuple[float, ...]
    coef: tuple[tuple[float, ...], ...]
    intercept: tuple[float, ...]
    _arrays: Any = field(default=None, init=False, repr=False, compare=False)

    def _weights(self) -> Any:
        """(mean, scale, weights, intercept) as numpy arrays, built once."""
        if self._arrays is None:
            import numpy as np

            arrays = (self.mean, self.scale, np.asarray(self.coef).T, self.intercept)
            object.__setattr__(self, "_arrays", tuple(np.asarray(x, dtype=float) for x in arrays))
        return self._arrays

    def probabilities(self, rows: Sequence[Sequence[float]]) -> list[tuple[float, float, float]]:
        """(content, optional, furniture) probabilities of each feature row."""
        return [(a, b, c) for a, b, c in self.chances(rows).tolist()]

    def chances(self, rows: Any) -> Any:
        """``probabilities`` as an array (rows x classes)."""
        import numpy as np

        if not len(rows):
            return np.zeros((0, len(CLASSES)))
        mean, scale, coef, intercept = self._weights()
        logits = ((np.asarray(rows, dtype=float) - mean) / scale) @ coef + intercept
        e = np.exp(logits - logits.max(axis=1, keepdims=True))
        return e / e.sum(axis=1, keepdims=True)

    def to_dict(self) -> dict[str, object]:
        return {"mean": self.mean, "scale": self.scale, "coef": self.coef, "intercept": self.intercept}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Stage:
        coef = tuple(tuple(float(v) for v in r) for r in data["coef"])
        return cls(tuple(data["mean"]), tuple(data["scale"]), coef, tuple(data["intercept"]))


def with_context(rows: Sequence[Sequence[float]], p_furniture: Sequence[float]) -> list[list[float]]:
    """Second-stage rows: each line's features and the first stage's furniture chances of its
    neighbours (``CONTEXT``), so a short line in a run of furniture reads as one."""
    return _context(rows, p_furniture).tolist()


def _context(rows: Any, p_furniture: Any) -> Any:
    """``with_context`` as an array."""
    import numpy as np

    p = np.asarray(p_furniture, dtype=float)
    n = len(p)
    padded = np.concatenate([np.zeros(WINDOW), p, np.zeros(WINDOW)])
    total = np.zeros(n)
    for k in (*range(WINDOW), *range(WINDOW + 1, 2 * WINDOW + 1)):  # the window in page order
        total = total + padded[k : k + n]
    at = np.arange(n)
    count = np.minimum(at, WINDOW) + np.minimum(n - 1 - at, WINDOW)
    mean = np.where(count > 0, total / np.maximum(count, 1), 1.0)
    prev, nxt = _shifted(p, 1, 1.0), _shifted(p, -1, 1.0)
    rows = np.asarray(rows, dtype=float).reshape(len(p), -1)
    return np.hstack([rows, np.column_stack([p, prev, nxt, mean, np.minimum(prev, nxt)])])


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
        import numpy as np

        first = np.where(np.asarray(rule, dtype=bool), 1.0, self.first.chances(rows)[:, 2])
        return self.second.probabilities(_context(rows, first))

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
    """Class probabilities of each line, or None when no model is in use or the page is prose
    through and through (``all_prose``: the model is not run)."""
    model = current_model()
    if model is None or not lines or all_prose(lines, rule):
        return None
    return model.probabilities(_features(lines, rule, lang), rule)


def all_prose(lines: Sequence[str], rule: Sequence[bool]) -> bool:
    """Whether every line the rules left is a full sentence of ``CERTAIN_WORDS`` or more: a page
    with no line shaped like furniture, where the model has nothing to remove or flag (on the
    2,500 dev and throughput pages of this kind it never did) and is skipped, half the pages
    of a wire feed."""
    return all(
        r or (word_count(x) >= CERTAIN_WORDS and ends_sentence(x.strip()))
        for x, r in zip(lines, rule, strict=True)
    )


def beside_furniture(
    lines: Sequence[str], gone: Sequence[bool], probs: Sequence[tuple[float, float, float]]
) -> list[int]:
    """Lines inside the story (after its first paragraph of prose), no sentence and no longer
    than a title (``TITLE_WORDS``), that the model finds less likely content than not and that
    sit right beside a removed line: the title or caption of a photo, gallery or video whose
    counter, credit or player label went, or the first of a run of teasers. A subheading
    stands between paragraphs and stays."""
    n = len(lines)
    first = next((i for i in range(n) if not gone[i] and is_prose(lines[i])), n)
    return [
        i
        for i in range(first + 1, n)
        if not gone[i]
        and probs[i][0] < probs[i][1] + probs[i][2]
        and ((i > 0 and gone[i - 1]) or (i + 1 < n and gone[i + 1]))
        and not is_sentence(lines[i])
        and word_count(lines[i]) <= TITLE_WORDS
    ]


def other_titles(lines: Sequence[str], gone: Sequence[bool], lang: str) -> list[int]:
    """English pages whose headline (the first kept line, no sentence) is written in sentence
    case: the later kept lines written in Title Case that are no sentence. A page keeps one
    casing for its own headline and subheadings; a line cased otherwise titles another item (a
    video or gallery under the headline, a teaser, a photo of a named person)."""
    kept = [i for i, x in enumerate(lines) if not gone[i] and x.strip()]
    if lang != "en" or not kept or is_sentence(lines[kept[0]]) or not _sentence_case(lines[kept[0]], lang):
        return []
    return [
        i
        for i in kept[1:]
        if _title_case(lines[i]) and not ends_sentence(lines[i].strip())
        and word_count(lines[i]) <= TITLE_WORDS
    ]


_LONG_WORD = re.compile(r"[^\W\d_][\w'’\-]{3,}")  # four letters or more: "to", "of", "the" aside


# Two or more names listed ("Ada Voss, Lene Dahl and Ivo Tal"): the authors, not an item's title.
_NAME = r"[A-Z][\w'’.\-]*(?: [A-Z][\w'’.\-]*){1,2}"
_NAME_LIST = re.compile(rf"{_NAME}(?:, {_NAME})*,? and {_NAME}\b")


def _sentence_case(line: str, lang: str) -> bool:
    """A headline's shape written in sentence case: three to ``TITLE_WORDS`` words, two of
    them words of content (no stop words, which Title Case leaves lower case too) in lower case."""
    stops = stop_words(lang)
    words = _LONG_WORD.findall(line)[1:]
    lower = [w for w in words if w[:1].islower() and w.casefold() not in stops]
    return 3 <= word_count(line) <= TITLE_WORDS and len(lower) >= 2


def _title_case(line: str) -> bool:
    """Title Case: every word of four letters or more capitalised, three of them at least; a
    byline ("By Ada Voss, Velby Post") names people and places, not an item."""
    words = _LONG_WORD.findall(line)[1:]
    bare = line.strip(" \t-–—•·|")
    byline = bare[:3].casefold() == "by " or _NAME_LIST.match(bare) is not None
    return len(words) >= 3 and all(w[:1].isupper() for w in words) and not line.isupper() and not byline


def cutoff(line: str) -> float:
    """The furniture probability from which the model in use removes ``line``."""
    model = current_model()
    if model is None:
        return 1.0
    return model.sentence_threshold if is_sentence(line) else model.threshold


def is_sentence(line: str) -> bool:
    """A line shaped like a sentence of prose: several words and a full stop."""
    return word_count(line) >= 3 and ends_sentence(line.strip())


def is_prose(line: str) -> bool:
    """A sentence long enough to be a story's paragraph."""
    return word_count(line) >= PROSE_WORDS and is_sentence(line)


def prose_sample(lines: Iterable[str], chars: int = SAMPLE_CHARS) -> str:
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
    words = word_count(line)
    if 0 < words <= TITLE_WORDS and not ends_sentence(line.strip()) and not line.strip().endswith(","):
        return "subheading" if after_prose else "headline"
    return "caption" if probs[1] > probs[0] else ""
