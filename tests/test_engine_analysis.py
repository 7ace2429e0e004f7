"""The per-article analysis (NER) made in the engine's partitions gives the facts the event-level
reading gives; exact copies are read once; the process engine keeps input order; ``brief`` on a
process pool equals ``brief`` in-process."""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from pathlib import Path

import pytest

from newsweave.engine import make_engine
from newsweave.facts import analyse, extract_facts
from newsweave.facts.entities import Mention
from newsweave.pipeline import Pipeline, pool_engine
from newsweave.records import Article, Story

FIXTURES = Path(__file__).parent / "fixtures" / "facts"
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def _articles() -> list[Article]:
    return [
        Article("wire", (FIXTURES / "wire.txt").read_text("utf-8"), published="2024-03-12", outlet="Wire"),
        Article("rival", (FIXTURES / "rival.txt").read_text("utf-8"), outlet="Rival"),
    ]


def test_analysed_articles_give_the_same_facts() -> None:
    stories = [Story("s-wire", "wire", ["wire"]), Story("s-rival", "rival", ["rival"])]
    plain = extract_facts(_articles(), stories)
    analysed = _articles()
    analyse(analysed)
    assert all(a.analysis is not None and a.analysis.names for a in analysed)
    assert extract_facts(analysed, stories) == plain


class _Counting:
    def __init__(self) -> None:
        self.texts: list[str] = []

    def __call__(self, texts: Sequence[str]) -> list[list[Mention]]:
        self.texts.extend(texts)
        return [[] for _ in texts]


@pytest.mark.parametrize("copies", [1, 3])
def test_exact_copies_are_read_once(copies: int) -> None:
    wire = _articles()[0]
    arts = [wire] + [Article(f"copy{i}", wire.text, outlet=f"Agg{i}") for i in range(copies)]
    arts.append(Article("other", "Ana Ilves met the press in Kestria on Monday."))
    arts.append(Article("foreign", "Ana Ilves traf die Presse.", lang="de"))
    tagger = _Counting()
    analyse(arts, tagger)
    assert len(tagger.texts) == 2
    assert all(a.analysis is arts[0].analysis for a in arts[1 : copies + 1])
    assert arts[-1].analysis is None


def test_brief_reads_each_story_once_whatever_the_partition(monkeypatch: pytest.MonkeyPatch) -> None:
    """``read(analyse=False)`` leaves NER to ``brief``, which reads a story's original and not its
    copies, even copies with their own header (not exact copies) cleaned in other partitions."""
    import newsweave.pipeline as pl

    tagger = _Counting()
    monkeypatch.setattr(pl, "tag", tagger)
    wire = _articles()[0]
    arts = [wire] + [
        Article(f"copy{i}", f"Posted by Aggregator {i} staff.\n\n{wire.text}", outlet=f"Agg{i}")
        for i in range(4)
    ]
    briefing = Pipeline().brief(arts)
    (event,) = briefing.events
    assert len(event.stories) == 1
    first_sentence = wire.text.split(". ")[0]
    assert sum(first_sentence in t for t in tagger.texts) == 1  # the wire's words read once
    assert sum("Aggregator" in t for t in tagger.texts) == 4  # each copy's own header only
    assert all("Aggregator" not in t or len(t) < 60 for t in tagger.texts)


def _square(xs: list[int]) -> list[int]:
    return [x * x for x in xs]


def test_process_engine_keeps_order() -> None:
    engine = make_engine("processes", workers=2)
    try:
        parts = [[i, i + 1] for i in range(0, 40, 2)]
        got = [y for p in engine.map_partitions(_square, iter(parts)) for y in p]
        assert got == [i * i for i in range(40)]
    finally:
        engine.close()


def _held_until_the_rest_ran(xs: list[int]) -> list[int]:
    """Partition 0 waits (at most 20 s) until every other partition has run: it can only finish
    early if the engine ran them while it was still running."""
    folder = Path(os.environ["NW_TEST_MARKS"])
    if xs != [0]:
        (folder / str(xs[0])).touch()
        return [1]
    deadline = time.monotonic() + 20
    while len(list(folder.iterdir())) < 9 and time.monotonic() < deadline:
        time.sleep(0.01)
    return [int(len(list(folder.iterdir())) == 9)]


def test_process_engine_runs_on_while_the_head_partition_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Results come back in input order, but a slow first partition does not keep the free
    worker idle: the nine after it (more than the pool's window) run meanwhile."""
    monkeypatch.setenv("NW_TEST_MARKS", str(tmp_path))
    engine = make_engine("processes", workers=2)
    try:
        got = list(engine.map_partitions(_held_until_the_rest_ran, iter([[i] for i in range(10)])))
    finally:
        engine.close()
    assert got == [[1]] * 10


@pytest.mark.parametrize("big", [1, 10**6])
def test_brief_is_the_same_whether_ner_runs_first_or_in_the_event_task(
    big: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``brief`` tags a big event's sentences in partitions before briefing it, the others' in
    their own task: either way gives the same briefing."""
    import newsweave.pipeline as pl

    pipe = Pipeline()
    expected = pipe.brief(pipe.read([str(EXAMPLES)], print, analyse=False)).to_dict()
    monkeypatch.setattr(pl, "BIG_EVENT", big)
    assert len(expected["events"]) > 1
    assert pipe.brief(pipe.read([str(EXAMPLES)], print, analyse=False)).to_dict() == expected


@pytest.mark.slow
def test_brief_on_a_process_pool_equals_in_process() -> None:
    errors: list[object] = []
    pipe = Pipeline()
    local = pipe.brief(pipe.read([str(EXAMPLES)], errors.append)).to_dict()
    engine = pool_engine(2)
    try:
        arts = pipe.read([str(EXAMPLES)], errors.append, engine=engine, analyse=False)
        assert all(a.analysis is None for a in arts)  # NER is left to brief, once per story
        pooled = pipe.brief(arts, engine=engine).to_dict()
    finally:
        engine.close()
    assert local["events"] and pooled == local


@pytest.mark.parametrize(
    ("sentence", "read"),
    [
        ("He said the vote would be delayed.", False),
        ('"It is over," she said.', False),
        ("A man died on the road.", False),
        ("Halden said the vote would be delayed.", True),  # a name opening the sentence
        ("US officials said so.", True),  # an acronym is not a function word
        ("The vote, said Ilves, was close.", True),
        ("the Senate voted.", True),
    ],
)
def test_ner_reads_only_sentences_that_may_name_someone(sentence: str, read: bool) -> None:
    from newsweave.facts import _may_name

    assert _may_name(sentence) is read


@pytest.mark.parametrize("pack", [1, 10**6])
def test_brief_is_the_same_whatever_the_events_per_task(pack: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Small events share a briefing task and one NER batch (``PACK_STORIES``): one event per
    task or all in one task give the same briefing."""
    import newsweave.pipeline as pl

    pipe = Pipeline()
    expected = pipe.brief(pipe.read([str(EXAMPLES)], print, analyse=False)).to_dict()
    monkeypatch.setattr(pl, "PACK_STORIES", pack)
    assert len(expected["events"]) > 1
    assert pipe.brief(pipe.read([str(EXAMPLES)], print, analyse=False)).to_dict() == expected


@pytest.mark.parametrize(
    ("sizes", "stories", "parts"),
    [
        ([], 4, []),
        ([1, 1, 1], 1, [[1], [1], [1]]),
        ([3, 3], 100, [[3], [3]]),  # a quarter of what is left closes a part
        ([9, 1, 1, 1, 1, 1, 1, 1, 1], 4, [[9], [1, 1], [1, 1], [1], [1], [1], [1]]),
        ([2] * 16, 4, [[2, 2]] * 4 + [[2, 2], [2, 2], [2], [2], [2], [2]]),
    ],
)
def test_packed_keeps_order_and_fills_parts(sizes: list[int], stories: int, parts: list[list[int]]) -> None:
    from newsweave.pipeline import packed
    from newsweave.records import EventGroup

    groups = [
        EventGroup(f"e{n}", [Story(f"e{n}-s{k}", f"a{n}-{k}", [f"a{n}-{k}"]) for k in range(size)])
        for n, size in enumerate(sizes)
    ]
    got = [[len(g.stories) for g in part] for part in packed(groups, stories)]
    assert got == parts
    assert [g for part in packed(groups, stories) for g in part] == groups
    assert all(sum(len(g.stories) for g in part[:-1]) < stories for part in packed(groups, stories))
