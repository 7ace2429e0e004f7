"""The lead veto (``events.leads``): groups whose leads say different things are two events,
however close their bodies; in the batch and the incremental grouper alike. Invented pages only."""

from __future__ import annotations

import pytest

from newsweave.events import make_grouper, make_incremental
from newsweave.events.features import lead_vector
from newsweave.events.incremental import WeaveIncremental
from newsweave.events.leads import MIN_SIZE, MIN_WITHIN, LeadGuard, split_event, split_events
from newsweave.records import Article

# One minister, one scandal, two happenings a few days apart, undated: the bodies tell the
# scandal's story, each in its own words; the leads say what happened (the resignation; the charge).
BODIES = [
    "Auditors found that port harbour contracts went to friendly firms without tender.",
    "The port harbour contracts, auditors said, were never put out to tender.",
    "Auditors had shown that harbour contracts of the port skipped the tender rules.",
    "The affair began when auditors said port harbour contracts bypassed tender.",
    "Port auditors reported harbour contracts awarded with no tender at all.",
    "Harbour contracts of the port were handed out without tender, auditors found.",
]
RESIGNED = [
    "The minister resigned on Monday. Her resignation letter said she would step down to clear "
    "her name; the resignation takes effect at once.",
    "The minister resigned on Monday, handing her resignation letter to the premier and "
    "saying she would step down to clear her name.",
    "The minister has resigned: she said in her resignation letter on Monday that she would "
    "step down at once to clear her name.",
]
CHARGED = [
    "Prosecutors charged the minister with fraud and bribery on Friday. The indictment says the former "
    "minister took bribes; prosecutors will seek a trial.",
    "The minister was charged with fraud and bribery by prosecutors on Friday, the indictment accusing "
    "the former minister of taking bribes before a trial.",
    "Fraud and bribery charges: prosecutors on Friday filed an indictment against the minister, saying "
    "the former minister took bribes, and asked for a trial.",
]


def _pile() -> list[Article]:
    texts = [*RESIGNED, *CHARGED]
    return [
        Article(id=f"{'r' if i < len(RESIGNED) else 'c'}{i}", text=f"{lead}\n\n{body}", lang="en")
        for i, (lead, body) in enumerate(zip(texts, BODIES, strict=True))
    ]


def _groups(events: list[list[str]]) -> list[list[str]]:
    return sorted(sorted(e) for e in events)


def test_lead_vectors_are_normalised_and_weigh_rare_words_more() -> None:
    vec = lead_vector("The minister resigned over the contracts of Velmora", "en")
    assert sum(v * v for v in vec.values()) == pytest.approx(1.0)
    assert vec["velmora"] > vec["minister"]
    assert "the" not in vec  # words under four letters are left out
    assert lead_vector("", "en") == {}
    # numbers are left out: a toll moves from one report of an event to the next
    assert lead_vector("Toll rises to 15,383 in Velmora", "en").keys() == {"toll", "rises", "velmora"}


def test_the_guard_vetoes_only_groups_of_enough_reports_in_one_language() -> None:
    apart = [lead_vector(t, "en") for t in [*RESIGNED, *CHARGED]]
    guard = LeadGuard(apart, ["en"] * len(apart))
    assert guard.allows(0, 3)  # single reports: a pair's one cosine says too little
    for keep, drop in ((0, 1), (0, 2), (3, 4), (3, 5)):
        guard.merge(keep, drop)
    assert MIN_SIZE == 3
    assert not guard.allows(0, 3)
    alike = [lead_vector(RESIGNED[i % 3], "en") for i in range(6)]
    same = LeadGuard(alike, ["en"] * 6)
    for keep, drop in ((0, 1), (0, 2), (3, 4), (3, 5)):
        same.merge(keep, drop)
    assert same.allows(0, 3)
    other = LeadGuard(apart, ["en", "en", "en", "de", "de", "de"])  # compared within one language
    for keep, drop in ((0, 1), (0, 2), (3, 4), (3, 5)):
        other.merge(keep, drop)
    assert other.allows(0, 3)


def test_look_alike_happenings_stay_two_events() -> None:
    want = [["c3", "c4", "c5"], ["r0", "r1", "r2"]]
    assert _groups([e.articles for e in make_grouper().group(_pile()).events]) == want


def test_the_incremental_grouper_keeps_the_lead_sums_per_event_and_rebuilds_them_on_resume() -> None:
    """Its event merges pass the same veto (a single new article is never vetoed: it has no
    pairs of its own), and a resumed state rebuilds the sums from the saved leads."""
    feed = make_incremental()
    for art in _pile():
        feed.add(art)
    assert isinstance(feed, WeaveIncremental)
    resumed = WeaveIncremental.from_state(feed.to_state())
    assert resumed.openings.counts == feed.openings.counts
    for mine, theirs in zip(resumed.openings.sums, feed.openings.sums, strict=True):
        assert mine.keys() == theirs.keys()
        for lang in mine:
            assert mine[lang] == pytest.approx(theirs[lang])


def test_near_copies_count_once_so_two_copied_reports_of_one_event_stay_together() -> None:
    """Three reposts of each of two reports that open differently: were each repost counted,
    each group's leads would look alike within (copies) and apart across, and be vetoed."""
    first = f"{RESIGNED[0]}\n\n{BODIES[0]} {BODIES[1]}"
    second = f"{CHARGED[0]}\n\n{BODIES[2]} {BODIES[3]}"
    pile = [
        Article(id=f"{name}{k}", text=f"Home | News\n{text}\nRead more", lang="en")
        for name, text in (("x", first), ("y", second))
        for k in range(3)
    ]
    events = make_grouper().group(pile).events
    assert _groups([e.articles for e in events]) == [["x0", "x1", "x2", "y0", "y1", "y2"]]
    guard = LeadGuard([lead_vector(first, "en"), {}, {}, lead_vector(second, "en"), {}, {}], ["en"] * 6)
    for keep, drop in ((0, 1), (0, 2), (3, 4), (3, 5)):
        guard.merge(keep, drop)
    assert guard.allows(0, 3)


def _no_affinity(i: int, part: list[int]) -> float:
    return 0.0


def test_an_event_whose_leads_fall_in_two_parts_is_cut_in_two() -> None:
    """The guard sees only the merges as they come: reports joining one by one are never a
    group of three. ``split_event`` asks the same test of the event once it stands."""
    vecs = [lead_vector(t, "en") for t in [*RESIGNED, *CHARGED]]
    parts = split_event(list(range(6)), vecs, ["en"] * 6, _no_affinity)
    assert parts is not None
    assert sorted(sorted(p) for p in parts) == [[0, 1, 2], [3, 4, 5]]
    labels = split_events([0] * 6, vecs, ["en"] * 6, _no_affinity)
    assert labels == [0, 0, 0, 3, 3, 3]  # the part holding the label keeps it


@pytest.mark.parametrize(
    ("texts", "langs", "why"),
    [
        ([*RESIGNED, *RESIGNED], ["en"] * 6, "leads alike"),
        ([*RESIGNED, *CHARGED[:2]], ["en"] * 5, "fewer than two groups of MIN_SIZE"),
        ([*RESIGNED, *CHARGED], ["en"] * 3 + ["de"] * 3, "the main language has too few leads"),
    ],
)
def test_an_event_is_left_whole(texts: list[str], langs: list[str], why: str) -> None:
    vecs = [lead_vector(t, lang) for t, lang in zip(texts, langs, strict=True)]
    assert split_event(list(range(len(texts))), vecs, langs, _no_affinity) is None, why


def test_leads_that_say_nothing_within_either_part_cut_nothing() -> None:
    """Boilerplate leads (alike in nothing, even within a part) are no evidence of two events."""
    rare = ["velmora", "kestrin", "ardwyn", "tolvane", "quessby", "marrowind", "zellack", "brunhaw",
            "oskerey", "pelliton", "vantrosk", "wimbrel", "corsany", "dathmoor", "eskeline", "fornwick",
            "glenturo", "hazzock"]  # fmt: skip
    common = ["people", "people", "people", "water", "water", "water"]  # one shared common word a part
    texts = [" ".join([*rare[3 * i : 3 * i + 3], common[i]]) for i in range(6)]
    vecs = [lead_vector(t, "en") for t in texts]
    within = sum(vecs[0].get(k, 0.0) * v for k, v in vecs[1].items())
    assert 0 < within < MIN_WITHIN
    assert split_event(list(range(6)), vecs, ["en"] * 6, _no_affinity) is None


def test_the_other_members_follow_the_part_they_are_closer_to() -> None:
    vecs = [lead_vector(t, "en") for t in [*RESIGNED, *CHARGED]] + [{}, {}]
    langs = ["en"] * 6 + ["en", "fr"]  # a near-copy (no lead of its own) and a translation
    close = {6: {3, 4}, 7: {0}}

    def affinity(i: int, part: list[int]) -> float:
        return len(close[i] & set(part)) / len(part)

    labels = split_events([0] * 8, vecs, langs, affinity)
    assert labels == [0, 0, 0, 3, 3, 3, 3, 0]


def test_both_groupers_cut_an_event_grown_one_report_at_a_time() -> None:
    """The look-alike's reports arrive one by one, each bridging to the event, none a group of
    three of its own: the event is cut once it stands, alike in the batch and the feed."""
    pile = _pile()
    want = [["c3", "c4", "c5"], ["r0", "r1", "r2"]]
    feed = make_incremental()
    for art in pile:
        feed.add(art)
    assert _groups([e.articles for e in feed.grouping().events]) == want
    assert _groups([e.articles for e in make_grouper().group(pile).events]) == want
