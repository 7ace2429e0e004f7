"""Stories inside one event: which articles copy one report, and which of them is the original."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
from scipy import sparse
from scipy.sparse.csgraph import connected_components

from newsweave.events.model import Doc, Vocabulary, containment, event_id, linked, original_key, story_id
from newsweave.events.nearcopy import distinct
from newsweave.events.translation import link_translations
from newsweave.events.vectors import row_dots, set_matrix, story_matrix
from newsweave.nlp.embed import Embedder
from newsweave.records import EventGroup, Story

PAIRWISE_MAX = 300  # events up to this size compare every pair; larger ones use shingle postings
POSTING_WINDOW = 20  # in a shingle's posting list, each article meets the next this many


def event_pairs(docs: Sequence[Doc], events: np.ndarray) -> np.ndarray:
    """(i, j) pairs, i < j, of articles of one event: every pair of a small event; in a large
    one, the articles sharing a shingle (linear in the posting sizes)."""
    n = len(docs)
    order = np.lexsort((np.arange(n), events))
    label = events[order]
    _, inverse, counts = np.unique(label, return_inverse=True, return_counts=True)
    size = counts[inverse.ravel()]
    small = size <= PAIRWISE_MAX
    found = [np.zeros((0, 2), dtype=np.int64)]
    for off in range(1, int(size[small].max(initial=1))):
        same = np.flatnonzero((label[off:] == label[:-off]) & small[off:])
        found.append(np.stack([order[same], order[same + off]], axis=1))
    big = order[~small]
    if len(big):
        found.append(_posting_pairs(docs, big, events))
    pairs = np.sort(np.concatenate(found), axis=1)
    codes = distinct(pairs[:, 0] * n + pairs[:, 1])
    return np.stack([codes // n, codes % n], axis=1)


def _posting_pairs(docs: Sequence[Doc], members: np.ndarray, events: np.ndarray) -> np.ndarray:
    hashes = [np.union1d(docs[i].copy_sh, docs[i].spin_sh) for i in members]
    owner = np.repeat(members, [len(h) for h in hashes])
    value = np.concatenate(hashes)
    order = np.lexsort((owner, value, events[owner]))  # postings: by event, shingle, then input
    owner, key = owner[order], events[owner[order]] * (1 << 33) + value[order]
    found = []
    for off in range(1, POSTING_WINDOW + 1):
        same = np.flatnonzero(key[off:] == key[:-off])
        found.append(np.stack([owner[same], owner[same + off]], axis=1))
    return np.concatenate(found)


def story_labels(
    docs: Sequence[Doc],
    events: np.ndarray,
    vocab: Vocabulary,
    passages: Sequence[Sequence[str]] | None = None,
    embedder: Callable[[], Embedder] | None = None,
    translation_passages: int = 0,
) -> np.ndarray:
    """A story label per article: single link over ``story_link`` inside each event, every
    pair measured at once (shingles shared, cosines, shared numbers as sparse row products);
    then, given the articles' leading sentences, an embedder and a budget of passages to embed,
    translations joined to their originals (``translation.link_translations``)."""
    pairs = event_pairs(docs, events)
    i, j = pairs[:, 0], pairs[:, 1]
    measures, common = [], []
    for attr in ("copy_sh", "spin_sh"):
        sets = [d.own(attr) for d in docs]
        size = np.array([len(s) for s in sets])
        common.append(row_dots(set_matrix(sets), pairs))
        measures.append(containment(common[-1], size[i], size[j]))
    lang = np.unique([d.lang for d in docs], return_inverse=True)[1].ravel()
    numbers = set_matrix([np.fromiter(d.numbers, dtype=np.int64, count=len(d.numbers)) for d in docs])
    copied, skeleton = measures
    anchor_m = story_matrix(docs, vocab, anchors_only=True)
    link = linked(
        copied,
        skeleton,
        lang[i] == lang[j],
        row_dots(story_matrix(docs, vocab), pairs),
        row_dots(anchor_m, pairs),
        row_dots(numbers, pairs),
        common[0],
    )
    graph = sparse.coo_matrix((np.ones(int(link.sum())), (i[link], j[link])), shape=(len(docs), len(docs)))
    labels = np.asarray(connected_components(graph, directed=False)[1])
    if passages is None or embedder is None or translation_passages <= 0:
        return labels
    anchors = lambda p: row_dots(anchor_m, p)  # noqa: E731
    return link_translations(docs, events, labels, passages, anchors, embedder, translation_passages)


def make_events(docs: Sequence[Doc], events: np.ndarray, stories: np.ndarray) -> list[EventGroup]:
    """Events in the order of their first article, each with its stories."""
    members: dict[int, dict[int, list[Doc]]] = {}
    for d, event, story in zip(docs, events.tolist(), stories.tolist(), strict=True):
        members.setdefault(event, {}).setdefault(story, []).append(d)
    return [make_event(list(groups.values())) for groups in members.values()]


def _shared(members: Sequence[Doc]) -> dict[int, float]:
    """Share of each article's shingles found in another copy: added headers/footers lower it."""
    if len(members) < 2:
        return {d.index: 0.0 for d in members}
    values, counts = np.unique(np.concatenate([d.copy_sh for d in members]), return_counts=True)
    common = values[counts > 1]
    return {
        d.index: round(len(np.intersect1d(d.copy_sh, common, assume_unique=True)) / len(d.copy_sh), 2)
        if len(d.copy_sh)
        else 0.0
        for d in members
    }


def make_story(members: Sequence[Doc]) -> Story:
    # earliest, wire-credited, then the text most shared with its copies, then the longest
    shared = _shared(members)
    original = min(members, key=lambda d: (original_key(d)[:2], -shared[d.index], original_key(d)))
    ordered = sorted(members, key=lambda d: d.index)
    return Story(id=story_id(original.id), original=original.id, articles=[d.id for d in ordered])


def make_event(stories: Sequence[Sequence[Doc]]) -> EventGroup:
    """An event with a deterministic id: that of its first-published (else first-given) article."""
    first = min((d for s in stories for d in s), key=lambda d: (original_key(d)[0], d.index))
    built = [make_story(s) for s in stories]
    order = {s.id: min(original_key(d) for d in members) for s, members in zip(built, stories, strict=True)}
    built.sort(key=lambda s: order[s.id])
    return EventGroup(id=event_id(first.id), stories=built)
