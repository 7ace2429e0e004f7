"""Events and stories on invented fixtures: copies, spins, markup, a translation, a follow-up."""

from __future__ import annotations

import json
import random
import re
import zlib
from pathlib import Path

import numpy as np
import pytest

from newsweave.errors import UsageError
from newsweave.events import make_grouper, make_incremental
from newsweave.events.guards import TimeSpan
from newsweave.events.incremental import StateError, WeaveIncremental
from newsweave.events.linkage import average_link
from newsweave.events.model import Doc, story_link
from newsweave.events.score import bcubed
from newsweave.events.synthetic import StreamGenerator
from newsweave.records import Article, Grouping

FIXTURE = Path(__file__).parent / "fixtures" / "events" / "harbour.jsonl"
SAFE = re.compile(r"^[A-Za-z0-9._-]+$")


def load() -> list[Article]:
    rows = [json.loads(line) for line in FIXTURE.read_text("utf-8").splitlines() if line.strip()]
    return [Article(id=r["id"], text=r["text"], title=r.get("title"), published=r.get("date")) for r in rows]


def labels(grouping: Grouping) -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    event, story, original = {}, {}, {}
    for ev in grouping.events:
        for st in ev.stories:
            for aid in st.articles:
                event[aid], story[aid], original[aid] = ev.id, st.id, st.original
    return event, story, original


@pytest.fixture(scope="module")
def grouped() -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    return labels(make_grouper().group(load()))


@pytest.mark.parametrize("copy", ["repost-plain", "repost-markup", "repost-spun"])
def test_reposts_are_copies_of_the_wire_story(grouped, copy: str) -> None:
    event, story, original = grouped
    assert story[copy] == story["wire"]
    assert original[copy] == "wire"  # earliest, wire-credited, most complete


@pytest.mark.parametrize("other", ["traduction", "own-report"])
def test_translation_and_own_report_join_the_event(grouped, other: str) -> None:
    event, _, _ = grouped
    assert event[other] == event["wire"]


def test_independent_report_is_its_own_story(grouped) -> None:
    _, story, _ = grouped
    assert story["own-report"] != story["wire"]


@pytest.mark.parametrize("apart", ["follow-up", "other-event"])
def test_follow_up_a_month_later_and_other_events_stay_apart(grouped, apart: str) -> None:
    event, _, _ = grouped
    assert event[apart] != event["wire"]


def test_ids_are_url_safe_and_deterministic() -> None:
    first, second = labels(make_grouper().group(load())), labels(make_grouper().group(load()))
    assert first == second
    for mapping in first[:2]:
        assert all(SAFE.match(v) for v in mapping.values())


def test_unknown_grouper_is_rejected() -> None:
    with pytest.raises(UsageError, match="unknown grouper"):
        make_grouper("nope")


def partition(assign: dict[str, str]) -> set[frozenset[str]]:
    groups: dict[str, set[str]] = {}
    for item, label in assign.items():
        groups.setdefault(label, set()).add(item)
    return {frozenset(g) for g in groups.values()}


def stream() -> list[Article]:
    arts = list(StreamGenerator(seed=3, copies=2).articles(60, distractors=0.0))
    return [Article(id=a.id, text=a.text, title=a.title, published=a.date) for a in arts]


def test_incremental_matches_batch_on_a_simple_stream() -> None:
    arts = sorted(load(), key=lambda a: a.published or "")
    batch_event, batch_story, _ = labels(make_grouper().group(arts))
    inc = make_incremental()
    got = [inc.add(a) for a in arts]
    # incremental may split what batch joins (a young vocabulary), never join more
    for inc, batch in ((a.event for a in got), batch_event), ((a.story for a in got), batch_story):
        for group in partition(dict(zip([a.article for a in got], inc, strict=True))):
            assert len({batch[aid] for aid in group}) == 1


def test_incremental_mostly_agrees_with_batch_on_a_synthetic_stream() -> None:
    arts = stream()
    batch_event, _, _ = labels(make_grouper().group(arts))
    inc = make_incremental()
    inc_event = {a.id: inc.add(a).event for a in arts}
    # 0.801 measured (0.845 before average link, which does better on the other seeds): the first
    # articles see a young vocabulary, where template words look rare
    assert bcubed(inc_event, batch_event)[2] >= 0.8


def test_state_round_trip_resumes_identically() -> None:
    arts = stream()
    whole = WeaveIncremental()
    expected = [whole.add(a) for a in arts]
    first = WeaveIncremental()
    got = [first.add(a) for a in arts[:30]]
    resumed = WeaveIncremental.from_state(first.to_state())
    got += [resumed.add(a) for a in arts[30:]]
    assert got == expected


def test_bridging_article_merges_events_and_the_older_id_survives() -> None:
    arts = {a.id: a for a in load()}
    inc = WeaveIncremental()
    other = (
        "Brannick Rovers beat Saltmere Athletic 3-1 in the Pellandian cup final, with striker Jorin "
        "Maddox scoring twice before a crowd of 18,400 at the Kelder Stadium."
    )  # another happening: shares nothing telling with the fire
    wire = arts["wire"].text
    a = inc.add(Article(id="a", text=wire, published="2025-03-04"))
    b = inc.add(Article(id="b", text=other, published="2025-03-04"))
    c = inc.add(Article(id="c", text=f"{wire}\n{other}", published="2025-03-04"))  # bridges them
    assert a.event != b.event
    assert c.event == a.event
    assert c.merged == (b.event,)


def test_incremental_keeps_dated_reports_of_one_event_within_the_window() -> None:
    """An undated page between a report and its same-place follow-up a month later must not chain
    them into one event (the batch grouper's time-span rule)."""
    wire = next(a for a in load() if a.id == "wire")
    later = Article(id="later", text=wire.text, title=wire.title, published="2025-04-20")
    undated = Article(id="undated", text=wire.text.replace("Tuesday", "Friday"), published=None)
    inc = WeaveIncremental()
    first, bridge, follow = inc.add(wire), inc.add(undated), inc.add(later)
    assert bridge.event == first.event
    assert follow.event != first.event
    events = {aid: ev.id for ev in inc.grouping().events for aid in ev.articles}
    assert events["later"] != events["wire"] == events["undated"]


def test_incremental_grouping_covers_every_article_and_finds_the_events() -> None:
    scores = []
    for seed in (3, 4, 5, 6):
        raw = list(StreamGenerator(seed=seed, copies=2).articles(60, distractors=0.0))
        inc = WeaveIncremental()
        for a in raw:
            inc.add(Article(id=a.id, text=a.text, title=a.title, published=a.date))
        grouping = inc.grouping()
        assert sorted(aid for ev in grouping.events for aid in ev.articles) == sorted(a.id for a in raw)
        predicted = {aid: ev.id for ev in grouping.events for aid in ev.articles}
        scores.append(bcubed(predicted, {a.id: a.event for a in raw})[2])
    assert sum(scores) / len(scores) >= 0.9  # 0.917 measured (0.890 before average link)


def test_bad_state_is_a_clear_error() -> None:
    with pytest.raises(StateError, match="cannot read"):
        WeaveIncremental.from_state(b"not a state")


@pytest.mark.parametrize(
    ("edges", "threshold", "expected"),
    [
        ([(0, 1, 0.9), (1, 2, 0.9), (0, 2, 0.9)], 0.5, [0, 0, 0]),
        ([(0, 1, 0.9), (1, 2, 0.9), (0, 2, -1.0)], 0.5, [0, 0, 2]),  # cannot-link keeps 2 out
        ([(0, 1, 0.2)], 0.5, [0, 1]),
    ],
)
def test_average_link(edges, threshold: float, expected: list[int]) -> None:
    assert average_link(len(expected), edges, threshold) == expected


@pytest.mark.parametrize(
    ("days", "expected"),
    [
        ([0, None, 30], [0, 0, 2]),  # an undated bridge cannot chain day 0 to day 30
        ([0, None, 5], [0, 0, 0]),  # within the window it may
        ([None, None, None], [0, 0, 0]),
    ],
)
def test_average_link_keeps_dated_span_within_the_window(days, expected: list[int]) -> None:
    edges = [(0, 1, 0.9), (1, 2, 0.8), (0, 2, 0.5)]  # no cannot-link: only the span rule can split
    assert average_link(3, edges, 0.3, [TimeSpan(days, window=7)]) == expected


@pytest.mark.parametrize(
    ("weights", "expected"), [(None, [0, 0, 0, 0, 0, 5]), ([0.25] * 4 + [1, 1], [0] * 6)]
)
def test_average_link_weights_copies_as_one_report(weights, expected: list[int]) -> None:
    copies = [(a, b, 1.0) for a in range(4) for b in range(a + 1, 4)]  # four reposts of one story
    edges = copies + [(k, 4, 0.6) for k in range(4)] + [(4, 5, 0.5)]  # 5 is close to 4 alone
    assert average_link(6, edges, 0.2, weights=weights) == expected


@pytest.mark.parametrize(
    ("pred", "gold", "f1"),
    [
        ({"a": "x", "b": "x", "c": "y"}, {"a": "1", "b": "1", "c": "2"}, 1.0),
        ({"a": "x", "b": "x"}, {"a": "1", "b": "2"}, 2 * 0.5 * 1 / 1.5),
    ],
)
def test_bcubed(pred, gold, f1: float) -> None:
    assert bcubed(pred, gold)[2] == pytest.approx(f1)


@pytest.mark.parametrize(
    "texts",
    [
        [""],
        ["Hello."],
        ["One lone article about Paris.", ""],
        ["a b", "a b", "c"],
        ["Ünïcödé — Ωμέγα 東京 2,5 4:2"],
    ],
)
def test_tiny_and_odd_piles_group_without_error(texts: list[str]) -> None:
    arts = [Article(id=f"a{i}", text=t) for i, t in enumerate(texts)]
    for grouper in (make_grouper(),):
        event, story, _ = labels(grouper.group(arts))
        assert set(event) == {a.id for a in arts}
    inc = make_incremental()
    assert [inc.add(a).article for a in arts] == [a.id for a in arts]


_ENGLISH = [  # two events, each with English reports naming its town, its people and figures
    "Kelmbach council voted to replace the old river bridge with a new {w} crossing costing "
    "14.2 million euros, mayor Ilse Varnholt told reporters on Tuesday.",
    "Dorsten goalkeeper Timo Brakel saved three penalties in a {w} cup night as Dorsten beat "
    "Hamm 2-1, coach Ulf Rennick said after the match.",
]
_GERMAN = [  # one German report of each: besides the names, only German function words in common
    "Nach einer langen Sitzung wurde in Kelmbach beschlossen, dass die Brücke nicht mehr "
    "repariert wird. Bürgermeisterin Ilse Varnholt sagte, der Neubau solle 14,2 Millionen Euro "
    "kosten. Auch die Opposition sei sich einig, dass diese Lösung werden wohl besser sei.",
    "Nach einer spannenden Partie wurde Timo Brakel aus Dorsten zum Spieler des Abends gewählt, "
    "weil er nicht weniger als drei Elfmeter hielt. Auch Trainer Ulf Rennick sei sich einig, "
    "dass diese Leistung werden wohl lange in Erinnerung bleiben wird.",
]


def test_function_words_of_a_minority_language_do_not_join_unrelated_pages() -> None:
    words = ["new", "modern", "wide", "steel", "cold", "wet", "long", "loud"]
    arts = [
        Article(id=f"en{i}-{k}", text=_ENGLISH[i].format(w=w)) for i in range(2) for k, w in enumerate(words)
    ]
    arts += [Article(id=f"de{i}", text=t, lang="de") for i, t in enumerate(_GERMAN)]
    event, _, _ = labels(make_grouper().group(arts))
    assert event["de0"] != event["de1"]
    assert event["de0"] == event["en0-0"]
    assert event["de1"] == event["en1-0"]


def _doc(index: int, copy: range, spin: range) -> Doc:
    empty = np.zeros(0, dtype=np.int64)
    return Doc(
        id=f"x{index}", index=index, day=None, year=None, lang="en", wire=False, length=1000,
        keys=empty, weights=np.zeros(0), numbers=frozenset(),
        copy_sh=np.arange(copy.start, copy.stop, dtype=np.int64),
        spin_sh=np.arange(spin.start, spin.stop, dtype=np.int64),
    )  # fmt: skip


@pytest.mark.parametrize(
    ("copy_shared", "spin_shared", "linked"),
    [
        (20, 0, True),  # 20% of the word runs copied: a copy with new furniture
        (12, 15, True),  # an edited copy: some runs kept, much of the skeleton kept
        (0, 26, True),  # spun: synonyms swapped everywhere, names and numbers in place
        (5, 12, False),  # two reports of one event sharing a quote and a few names
    ],
)
def test_story_link_adds_up_copied_runs_and_kept_skeleton(
    copy_shared: int, spin_shared: int, linked: bool
) -> None:
    a = _doc(0, range(0, 100), range(0, 100))
    b = _doc(1, range(100 - copy_shared, 200 - copy_shared), range(100 - spin_shared, 200 - spin_shared))
    assert story_link(a, b, cos=0.3, anchor_cos=0.3) is linked


def test_mostly_undated_stream_keeps_follow_ups_apart() -> None:
    """70% of the pages undated: the dated 30% must still keep an event from absorbing the
    same-place follow-up a month later (0.941 measured; 0.919 when only dated pairs count)."""
    stream = list(StreamGenerator(seed=11).articles(1000))
    undated = {a.id for a in stream if zlib.crc32(a.id.encode()) % 10 < 7}
    arts = [
        Article(id=a.id, text=a.text, title=a.title, published=None if a.id in undated else a.date)
        for a in stream
    ]
    grouping = make_grouper().group(arts)
    predicted = {aid: ev.id for ev in grouping.events for aid in ev.articles}
    assert bcubed(predicted, {a.id: a.event for a in stream})[2] >= 0.93


def _partition(grouping: Grouping) -> set[frozenset[str]]:
    return {frozenset(ev.articles) for ev in grouping.events}


def test_batch_grouping_does_not_depend_on_the_order_of_the_pile() -> None:
    """Undated reports of many events sharing their topics' words: a posting's window (the pairs
    compared) follows the reports' content, not the order they came in, so a shuffled pile and
    a reversed one group exactly as the generated order."""
    arts = [
        Article(id=a.id, text=a.text, title=a.title)
        for a in StreamGenerator(seed=5, copies=1).articles(300, distractors=0.3)
    ]
    first = _partition(make_grouper().group(arts))
    mixed = list(arts)
    random.Random(1).shuffle(mixed)
    assert _partition(make_grouper().group(mixed)) == first
    assert _partition(make_grouper().group(arts[::-1])) == first
