"""The batch grouper's shortcuts for large piles give the answers of the plain definitions."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

from newsweave.events.features import extract
from newsweave.events.grouper import candidate_pairs, within_components
from newsweave.events.linkage import UnionFind, average_link
from newsweave.events.model import Vocabulary, cosine, story_link
from newsweave.events.nearcopy import near_copy_pairs, signature
from newsweave.events.stories import story_labels
from newsweave.events.synthetic import StreamGenerator
from newsweave.events.vectors import event_matrix, row_dots, set_matrix, story_matrix
from newsweave.records import Article

FIXTURE = Path(__file__).parent / "fixtures" / "events" / "harbour.jsonl"


def _docs(n: int, seed: int = 5) -> list:
    vocab = Vocabulary()
    arts = [
        Article(id=a.id, text=a.text, title=a.title, published=a.date)
        for a in StreamGenerator(seed=seed).articles(n)
    ]
    return [vocab.doc(extract(a), i) for i, a in enumerate(arts)], vocab


def test_near_copies_are_found_and_checked() -> None:
    base = np.arange(0, 400, 2, dtype=np.int64) * 7919  # shingle hashes are 32-bit
    edited = np.concatenate([base[:180], np.arange(1, 40, 2, dtype=np.int64) * 104729])  # 90% kept
    overlapping = np.concatenate([base[:60], np.arange(3, 281, 2, dtype=np.int64) * 15485])  # 20%
    sigs = [signature(base), signature(edited), signature(overlapping), signature(base[:1])]
    assert near_copy_pairs(sigs).tolist() == [[0, 1]]


@pytest.mark.parametrize("seed", range(6))
def test_average_link_inside_components_is_exact(seed: int) -> None:
    """Blocks of six with dense edges around the threshold (weak ones shift the means), and weak
    edges between blocks, which can never matter and are pruned."""
    rng = random.Random(seed)
    n = 60
    edges = [
        (i, j, rng.random() * (0.25 if i // 6 == j // 6 else 0.09))
        for i in range(n)
        for j in range(i + 1, n)
        if rng.random() < (0.6 if i // 6 == j // 6 else 0.03)
    ]
    pairs = np.array([(i, j) for i, j, _ in edges], dtype=np.int64)
    sims = np.array([s for *_, s in edges])
    keep = within_components(n, pairs, sims, 0.1)
    assert not keep.all()  # something was pruned, so the comparison means something
    pruned = [e for e, k in zip(edges, keep.tolist(), strict=True) if k]
    assert average_link(n, pruned, 0.1) == average_link(n, edges, 0.1)


def test_candidates_leave_out_dated_pairs_too_far_apart() -> None:
    docs, vocab = _docs(400)
    pairs = candidate_pairs(docs, event_matrix(docs))
    assert len(pairs)
    days = np.array([d.day for d in docs])
    assert (np.abs(days[pairs[:, 0]] - days[pairs[:, 1]]) <= 7).all()
    assert (pairs[:, 0] < pairs[:, 1]).all()


def _pairwise_stories(docs: list, events: np.ndarray, vocab: Vocabulary) -> list[int]:
    sets = UnionFind(len(docs))
    vecs = [vocab.vector(d, keep_unique=True) for d in docs]
    anchors = [vocab.vector(d, anchors_only=True, keep_unique=True) for d in docs]
    for i in range(len(docs)):
        for j in range(i + 1, len(docs)):
            if events[i] == events[j] and story_link(
                docs[i], docs[j], cosine(vecs[i], vecs[j]), cosine(anchors[i], anchors[j])
            ):
                sets.union(i, j)
    return [sets.find(i) for i in range(len(docs))]


def _partition(labels: list[int]) -> set[frozenset[int]]:
    return {frozenset(i for i, x in enumerate(labels) if x == g) for g in set(labels)}


def test_stories_at_once_match_story_link_pair_by_pair() -> None:
    docs, vocab = _docs(300, seed=9)
    events = np.array([int(d.id.split("s")[0][1:]) for d in docs])  # the generator's own events
    got = story_labels(docs, events, vocab).tolist()
    expected = _pairwise_stories(docs, events, vocab)
    assert len(set(expected)) > len(set(events.tolist()))
    assert _partition(got) == _partition(expected)


@pytest.mark.parametrize("anchors_only", [False, True])
def test_story_vectors_at_once_are_the_vocabulary_s(anchors_only: bool) -> None:
    docs, vocab = _docs(120, seed=4)
    pairs = np.array([(i, j) for i in range(60) for j in range(i + 1, 60)], dtype=np.int64)
    at_once = row_dots(story_matrix(docs, vocab, anchors_only=anchors_only), pairs)
    vecs = [vocab.vector(d, anchors_only=anchors_only, keep_unique=True) for d in docs]
    assert at_once == pytest.approx([cosine(vecs[i], vecs[j]) for i, j in pairs.tolist()], abs=1e-9)
    shared = row_dots(set_matrix([d.copy_sh for d in docs]), pairs).tolist()
    assert shared == [len(np.intersect1d(docs[i].copy_sh, docs[j].copy_sh)) for i, j in pairs.tolist()]


def test_stories_at_once_match_pair_by_pair_across_languages() -> None:
    """The invented harbour pile, uncleaned, as one event: a wire story, reposts (one with
    injected markup), a spun copy, a French translation, an own report, a follow-up, another
    event and its copy."""
    vocab = Vocabulary()
    rows = [json.loads(line) for line in FIXTURE.read_text("utf-8").splitlines() if line.strip()]
    arts = [Article(id=r["id"], text=r["text"], title=r.get("title"), lang=r.get("lang", "en")) for r in rows]
    docs = [vocab.doc(extract(a), i) for i, a in enumerate(arts)]
    events = np.zeros(len(docs), dtype=np.int64)
    got = story_labels(docs, events, vocab).tolist()
    expected = _pairwise_stories(docs, events, vocab)
    assert _partition(got) == _partition(expected)
