"""The lead veto (``events.leads``): groups whose leads say different things are two events,
however close their bodies; in the batch and the incremental grouper alike. Invented pages only."""

from __future__ import annotations

import pytest

from newsweave.events import make_grouper, make_incremental
from newsweave.events.features import lead_vector
from newsweave.events.incremental import WeaveIncremental
from newsweave.events.leads import MIN_SIZE, LeadGuard
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
