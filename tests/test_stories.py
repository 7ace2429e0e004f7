"""Stories on invented reports: quoted statements are not copied text; translations by aligned
sentences (``events.translation``) with the deterministic hashing embedder and hand-made vectors."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

from newsweave.events import make_incremental
from newsweave.events.features import extract, quoted_after, shingles, split_shingles
from newsweave.events.grouper import WeaveGrouper
from newsweave.events.model import (
    COPY_CONTAINMENT,
    FEW_CONTAINMENT,
    FEW_SHARED,
    Doc,
    Vocabulary,
    containment,
    story_link,
)
from newsweave.events.translation import (
    ALIGNED,
    ALONE,
    CANDIDATES,
    LINK,
    SENTENCE_WORDS,
    VOTERS,
    aligned,
    decide,
    decide_votes,
    link_translations,
    mined_votes,
    monotone,
    passages_of,
)
from newsweave.events.translation import (
    SENTENCES as PASSAGES,
)
from newsweave.nlp.embed import Hashing
from newsweave.records import Article

# One invented statement that every report quotes in full; the reporters' own words differ.
STATEMENT = (
    '"I have decided to step down as chair of the Orvella Canal Authority with immediate effect, '
    "because the inquiry into the Brannock lock collapse needs a clean start, and I will not stand "
    'in its way while the families of the eleven workers are still waiting for answers,"'
)
REPORTS = {
    "wire": (
        "The head of the Orvella Canal Authority resigned on Thursday, three weeks after a lock "
        "gate at Brannock gave way and killed eleven maintenance workers. " + STATEMENT + " Mira "
        "Tollen said in a written statement. Deputy chair Ossian Pell will run the authority until "
        "the regional council names a successor, officials in the port town of Kessary said."
    ),
    "repost": (
        "The head of the Orvella Canal Authority resigned on Thursday, three weeks after a lock "
        "gate at Brannock gave way and killed eleven maintenance workers. " + STATEMENT + " Mira "
        "Tollen said in a written statement. Deputy chair Ossian Pell will run the authority until "
        "the regional council names a successor."
    ),
    "other-desk": (
        "Mira Tollen quit her post at the top of the canal agency late on Thursday, bowing to weeks "
        "of pressure from unions who blamed lax inspections for the Brannock disaster. " + STATEMENT
        + " she wrote to staff. Union leader Faro Dimmet welcomed the move but demanded criminal "
        "charges, and lawmakers in Kessary scheduled a hearing for next month."
    ),
}  # fmt: skip


def _articles() -> list[Article]:
    return [Article(id=k, text=v, published="2031-05-08") for k, v in REPORTS.items()]


@pytest.mark.parametrize(
    ("gap", "before", "after"),
    [(" ", False, False), (' "', False, True), ('," ', True, False), (", „", False, True),
     ("“", True, False), ("\n\n", True, False), (' " "', False, False)],
)  # fmt: skip
def test_quotation_marks_toggle_and_a_line_break_ends_one(gap: str, before: bool, after: bool) -> None:
    assert quoted_after(gap, before) is after


def test_quoted_windows_are_the_windows_holding_a_quoted_token() -> None:
    words = [f"w{k}" for k in range(40)]
    every = shingles(words, 3)
    assert len(split_shingles(words, 3, [])[1]) == 0
    whole, quoted = split_shingles(words, 3, [0])  # a quotation opens before the first word
    assert np.array_equal(whole, every) and np.array_equal(quoted, every)
    _, tail = split_shingles(words, 3, [39])  # ... before the last word: one window holds it
    _, middle = split_shingles(words, 3, [10, 20])  # words 10-19: windows 8-19
    assert len(tail) <= 1 and set(tail.tolist()) <= set(every.tolist())
    assert set(middle.tolist()) <= set(every.tolist()) and 0 < len(middle) < len(every)
    assert set(middle.tolist()) == set(split_shingles(words[8:22], 3)[0].tolist())


def test_shared_statement_is_left_out_of_the_story_containment() -> None:
    feats = {a.id: extract(a) for a in _articles()}
    assert all(len(f.quoted_sh) for f in feats.values())
    vocab = Vocabulary()
    docs = {k: vocab.doc(f, i) for i, (k, f) in enumerate(feats.items())}
    assert len(docs["wire"].own("copy_sh")) < len(docs["wire"].copy_sh)
    assert story_link(docs["wire"], docs["repost"], 0.0, 0.0)
    assert not story_link(docs["wire"], docs["other-desk"], 0.0, 0.0)


@pytest.mark.parametrize("incremental", [False, True])
def test_reports_quoting_one_statement_are_different_stories(incremental: bool) -> None:
    if incremental:
        inc = make_incremental()
        for a in _articles():
            inc.add(a)
        grouping = inc.grouping()
    else:
        grouping = WeaveGrouper().group(_articles())
    story = {aid: st.id for ev in grouping.events for st in ev.stories for aid in st.articles}
    event = {aid: ev.id for ev in grouping.events for st in ev.stories for aid in st.articles}
    assert event["other-desk"] == event["wire"]
    assert story["repost"] == story["wire"]
    assert story["other-desk"] != story["wire"]


def test_doc_state_keeps_the_quoted_shingles() -> None:
    vocab = Vocabulary()
    doc = vocab.doc(extract(_articles()[0]), 0)
    back = Doc.from_json(doc.to_json())
    assert np.array_equal(back.quoted, doc.quoted)
    assert np.array_equal(back.own("copy_sh"), doc.own("copy_sh"))


def test_passages_are_the_leading_sentences_cut_and_capped() -> None:
    text = "Short.\n" + " ".join(f"Sentence number {k} has several words in it." for k in range(10))
    got = passages_of("A headline of six words here\n" + text + " " + "word " * 80)
    assert got[0] == "A headline of six words here"
    assert "Short." not in got  # under five words: not a sentence to mine
    assert len(got) == PASSAGES and all(len(p.split()) <= SENTENCE_WORDS for p in got)


def _unit(rows: list[list[float]]) -> np.ndarray:
    m = np.array(rows, dtype=np.float32)
    return m / np.linalg.norm(m, axis=1, keepdims=True)


@pytest.mark.parametrize(
    ("gain", "score"),
    [
        ([[1, 0, 0], [0, 1, 0], [0, 0, 1]], 1.0),  # the diagonal, every row once
        ([[0, 0, 1], [0, 1, 0], [1, 0, 0]], 1 / 3),  # the anti-diagonal: only one pair keeps order
        ([[1, 1, 1], [0, 0, 0], [0, 0, 0]], 1 / 3),  # one row matches all: counted once
        ([[0, 1, 0, 0, 0], [0, 0, 0, 1, 0], [0, 0, 0, 0, 1]], 1.0),  # columns skipped freely
        ([[1], [1]], 1 / 3),  # per sentence of the shorter side, at least 3
    ],
)
def test_monotone_sums_pairs_in_order_each_row_and_column_once(gain: list[list[float]], score: float) -> None:
    assert monotone(np.array(gain, dtype=float)) == pytest.approx(score)


def test_alignment_rewards_one_close_counterpart_per_sentence_in_order() -> None:
    base = np.eye(4, dtype=np.float32) + 0.5
    original = _unit(base.tolist())
    translation = _unit((base + 0.05 * np.eye(4)).tolist())
    same_topic = _unit(np.full((4, 4), 1.0).tolist()) + 0.0
    reordered = translation[::-1]
    assert aligned(translation, original) > LINK
    assert aligned(same_topic, original) < aligned(translation, original)
    assert aligned(reordered, original) < aligned(translation, original)  # monotone: order counts
    assert aligned(np.zeros((0, 4)), original) == 0.0


@pytest.mark.parametrize(
    ("scores", "home"),
    [({}, None), ({3: 0.09}, 3), ({3: 0.2, 4: 0.05}, 3), ({3: 0.09, 4: 0.08}, None),
     ({3: LINK - 0.01, 4: 0.0}, None), ({3: ALONE - 0.01}, None)],
)  # fmt: skip
def test_decide_needs_a_strong_alignment_clearly_ahead(scores: dict[int, float], home: int | None) -> None:
    assert decide(scores) == home


SENTENCES = [
    "The Velmora harbour board closed the north quay after a crane toppled onto two fishing boats.",
    "Nobody was hurt, but the quay will stay shut until engineers inspect the rails, the board said.",
    "Fishermen said the crane had been swaying in strong winds for most of the afternoon.",
]
OTHER = [
    "Ferry crossings to the islands resumed on Sunday after two days of storms.",
    "Passengers crowded the terminal as the first boat left shortly after dawn.",
    "Operators added three extra sailings to clear the backlog by the evening.",
]


def _pile() -> tuple[list[Any], np.ndarray, np.ndarray, list[tuple[str, ...]]]:
    # 0, 1: one story in English; 2: another English story; 3: the "translation" of 0 (the hashing
    # stand-in sees only spelling, so the translation keeps it), labelled another language
    docs = [SimpleNamespace(lang=lang) for lang in ("en", "en", "en", "xx")]
    passages = [tuple(SENTENCES), tuple(SENTENCES), tuple(OTHER), tuple(s.upper() for s in SENTENCES)]
    return docs, np.zeros(4, dtype=np.int64), np.array([0, 0, 2, 3]), passages


def test_translation_joins_the_story_its_sentences_follow() -> None:
    docs, events, stories, passages = _pile()
    calls: list[int] = []

    def embedder() -> Hashing:
        calls.append(1)
        return Hashing()

    got = link_translations(docs, events, stories, passages, lambda p: np.ones(len(p)), embedder, 100)
    assert got.tolist() == [0, 0, 2, 0]
    assert calls  # the embedder was needed
    assert stories.tolist() == [0, 0, 2, 3]  # the input is left as it was


def test_each_candidate_story_is_read_through_one_article() -> None:
    # English: CANDIDATES copies of one story, another story, then the story translated (all
    # sharing the anchors alike); read by article, the copies alone would fill the candidates
    docs = [SimpleNamespace(lang="en") for _ in range(CANDIDATES + 2)] + [SimpleNamespace(lang="xx")]
    stories = np.array([0] * CANDIDATES + [CANDIDATES, CANDIDATES + 1, CANDIDATES + 2], dtype=np.int64)
    passages = [tuple(OTHER)] * (CANDIDATES + 1) + [tuple(SENTENCES), tuple(s.upper() for s in SENTENCES)]
    events = np.zeros(len(docs), dtype=np.int64)
    got = link_translations(docs, events, stories, passages, lambda p: np.ones(len(p)), Hashing, 100)
    assert got[-1] == CANDIDATES + 1


def test_a_minority_story_with_copies_in_its_own_language_is_not_tried() -> None:
    docs, events, stories, passages = _pile()
    docs.append(SimpleNamespace(lang="xx"))  # a copy of the "translation" in its own language
    passages.append(passages[3])

    def refuse() -> Hashing:
        raise AssertionError("no embedding expected")

    got = link_translations(
        docs,
        np.zeros(5, dtype=np.int64),
        np.array([0, 0, 2, 3, 3]),
        passages,
        lambda p: np.ones(len(p)),
        refuse,
        100,
    )
    assert got.tolist() == [0, 0, 2, 3, 3]


def test_no_budget_or_one_language_embeds_nothing() -> None:
    docs, events, stories, passages = _pile()

    def refuse() -> Hashing:
        raise AssertionError("no embedding expected")

    ones = lambda p: np.ones(len(p))  # noqa: E731
    assert link_translations(docs, events, stories, passages, ones, refuse, 0).tolist() == [0, 0, 2, 3]
    same = [SimpleNamespace(lang="en") for _ in docs]
    assert link_translations(same, events, stories, passages, ones, refuse, 100).tolist() == [0, 0, 2, 3]


SYLLABLES = ["ka", "lo", "mer", "ti", "van", "sor", "pel", "du", "rin", "ost", "bal", "ne", "quor", "fi"]


def _sentences(seed: int, count: int) -> list[str]:
    """Invented sentences of 15 invented words: no two seeds share a five-word run."""
    rng = np.random.default_rng(seed)
    words = ["".join(rng.choice(SYLLABLES, size=3)) for _ in range(15 * count)]
    return [" ".join(words[k : k + 15]).capitalize() + "." for k in range(0, len(words), 15)]


def _doc(text: str, index: int, vocab: Vocabulary) -> Doc:
    return vocab.doc(extract(Article(id=f"a{index}", text=text, published="2031-05-08")), index)


@pytest.mark.parametrize(("kept", "linked_"), [(3, True), (1, False)])
def test_a_version_with_a_new_lead_keeps_a_paragraph_of_its_story(kept: int, linked_: bool) -> None:
    # the wire story (30 sentences) and a later version: 20 new sentences around `kept` of the
    # story's own sentences; a paragraph (three) links them, one sentence in common does not
    story = _sentences(1, 30)
    version = _sentences(2, 14) + story[10 : 10 + kept] + _sentences(3, 6)
    vocab = Vocabulary()
    a, b = _doc(" ".join(story), 0, vocab), _doc(" ".join(version), 1, vocab)
    shared = len(np.intersect1d(a.own("copy_sh"), b.own("copy_sh")))
    share = shared / min(len(a.copy_sh), len(b.copy_sh))
    assert share < 0.15  # below the plain copy rule: only the paragraph rule can link them
    assert story_link(a, b, 0.0, 0.0) is linked_


def _few(a: Doc, b: Doc) -> tuple[int, float]:
    shared = len(np.intersect1d(a.own("copy_sh"), b.own("copy_sh")))
    return shared, shared / min(len(a.copy_sh), len(b.copy_sh))


@pytest.mark.parametrize(("seed", "teaser"), [(5, True), (6, True), (7, False)])
def test_a_short_teaser_quoting_one_wire_sentence_is_not_a_copy(seed: int, teaser: bool) -> None:
    # a wire story, and a short page around part of one of its sentences (a teaser of another
    # report), or its first paragraph whole (a stub copy): few shared shingles link only when they
    # are most of the short text
    story = _sentences(1, 20)
    part = " ".join(" ".join(story).split()[30:39])  # nine words of the story's third sentence
    short = " ".join(_sentences(seed, 2)) + " " + part if teaser else " ".join(story[:2])
    vocab = Vocabulary()
    a, b = _doc(" ".join(story), 0, vocab), _doc(short, 1, vocab)
    shared, share = _few(a, b)
    if teaser:
        assert 0 < shared < FEW_SHARED and COPY_CONTAINMENT <= share < FEW_CONTAINMENT  # the case at issue
    else:
        assert share >= FEW_CONTAINMENT
    assert story_link(a, b, 0.0, 0.0) is not teaser


@pytest.mark.parametrize(
    ("shared", "sizes", "share"),
    [(1, (2, 2), 0.0), (2, (5, 400), 0.4), (3, (20, 400), 0.0), (FEW_SHARED, (40, 400), FEW_SHARED / 40)],
)
def test_a_share_of_few_shingles_counts_only_when_it_is_most_of_the_shorter_text(
    shared: int, sizes: tuple[int, int], share: float
) -> None:
    # word shingles and skeleton alike: two skeleton shingles of a 200-character stub found in a
    # long report of the event are not a spun copy
    got = containment(np.array([shared]), np.array([sizes[0]]), np.array([sizes[1]]))
    assert got.tolist() == pytest.approx([share])


def test_the_leads_align_on_few_sentences_and_all_of_the_pages_vote(monkeypatch: pytest.MonkeyPatch) -> None:
    # each article carries SENTENCES passages; the alignment reads ALIGNED a side, the votes the
    # page's first VOTERS against every sentence of the candidates
    from newsweave.events import translation

    text = "\n".join(f"Sentence number {k} of the invented Velmora harbour report." for k in range(12))
    assert len(passages_of(text)) == PASSAGES
    seen: list[tuple[int, int]] = []
    real = translation.aligned
    monkeypatch.setattr(translation, "aligned", lambda a, b: seen.append((len(a), len(b))) or real(a, b))
    monkeypatch.setattr(translation, "decide", lambda scores: None)  # the leads never tell here
    mined: list[tuple[int, int]] = []
    real_votes = translation.mined_votes
    monkeypatch.setattr(
        translation,
        "mined_votes",
        lambda own, pool, lang: mined.append((len(own), len(pool))) or real_votes(own, pool, lang),
    )
    docs, events, stories, _ = _pile()
    passages = [passages_of(text)] * 3 + [passages_of(text.upper())]
    got = link_translations(docs, events, stories, passages, lambda p: np.ones(len(p)), Hashing, 100)
    assert seen and all(pair == (ALIGNED, ALIGNED) for pair in seen)
    assert mined == [(VOTERS, 2 * PASSAGES)]  # one article of each of the two English stories
    assert got[3] == 3  # both candidates read alike: their votes tie and the page stays alone


def test_a_translation_the_leads_miss_joins_by_its_mined_sentences(monkeypatch: pytest.MonkeyPatch) -> None:
    from newsweave.events import translation

    monkeypatch.setattr(translation, "decide", lambda scores: None)
    docs, events, stories, passages = _pile()
    got = link_translations(docs, events, stories, passages, lambda p: np.ones(len(p)), Hashing, 100)
    assert got.tolist() == [0, 0, 2, 0]


def test_a_mined_pair_stands_out_from_both_sentences_neighbours() -> None:
    # pool: sentences on one topic (axis 0), each in words of its own (axes 1-6), three of a
    # candidate in "en" and three of another in "fr"; the page's first sentence translates pool
    # row 1 (nearly its vector), its second states the topic in words of its own (axis 7): as
    # close to every row as they are to each other
    axes = np.eye(16)
    pool = _unit([(axes[0] + 0.8 * axes[k]).tolist() for k in range(1, 7)])
    page = _unit([(axes[0] + 0.8 * axes[2] + 0.05 * axes[8]).tolist(), (axes[0] + 0.8 * axes[7]).tolist()])
    got = mined_votes(page, pool, np.array(["en"] * 3 + ["fr"] * 3))
    assert got.tolist() == [1, -1]
    assert mined_votes(page[:0], pool, np.array(["en"] * 6)).tolist() == []
    assert mined_votes(page, pool[:0], np.array([], dtype=str)).tolist() == [-1, -1]


@pytest.mark.parametrize(
    ("votes", "home"),
    [({}, None), ({3: 1}, 3), ({3: 2, 4: 1}, 3), ({3: 1, 4: 1}, None)],
)
def test_the_most_voted_story_wins_only_when_strictly_ahead(votes: dict[int, int], home: int | None) -> None:
    from collections import Counter

    assert decide_votes(Counter(votes)) == home
