"""The event signature (rare names most of a group's reports give) keeps look-alike events
apart, in the batch and the incremental grouper alike. Invented pages only."""

from __future__ import annotations

from collections import Counter

import pytest

from newsweave.events import make_grouper, make_incremental
from newsweave.events.features import extract, term_key
from newsweave.events.model import Vocabulary
from newsweave.events.signature import SignatureGuard, apart, rare_names
from newsweave.records import Article

# Two storms a year apart on one coast, undated: the same words, different towns and people.
FIRST = [
    "A powerful storm struck the port of Velmora on Tuesday, sinking 14 fishing boats and flooding "
    "the harbour market. Harbour master Ada Linnavar said rescuers from Dunmarrow searched the harbour.",
    "Rescuers from Dunmarrow searched the flooded harbour of Velmora after the storm sank 14 fishing "
    "boats, harbour master Ada Linnavar said. The storm flooded the harbour market.",
    "The storm that hit Velmora flooded the harbour market and sank fishing boats, said harbour master "
    "Ada Linnavar, as rescuers from Dunmarrow searched the harbour for fishermen.",
]
SECOND = [
    "A powerful storm struck the port of Kessarby on Tuesday, sinking 9 fishing boats and flooding "
    "the harbour market. Harbour master Oskar Thellwin said rescuers from Brannoch searched the harbour.",
    "Rescuers from Brannoch searched the flooded harbour of Kessarby after the storm sank 9 fishing "
    "boats, harbour master Oskar Thellwin said. The storm flooded the harbour market.",
]


def _pile() -> list[Article]:
    texts = [*FIRST, *SECOND]
    names = [f"{'a' if i < len(FIRST) else 'b'}{i}" for i in range(len(texts))]
    return [Article(id=name, text=t, lang="en") for name, t in zip(names, texts, strict=True)]


def test_rare_names_leave_out_numbers_countries_and_common_words() -> None:
    got = rare_names(["velmora", "#14", "=NO", "harbour", "linnavar's"], "en", term_key)
    assert got == {term_key("velmora", True), term_key("linnavar's", True)}


@pytest.mark.parametrize(
    ("signed_a", "signed_b", "vetoed"),
    [
        (["velmora", "linnavar"], ["kessarby", "thellwin"], True),  # four names their own: two events
        (["velmora"], ["kessarby", "thellwin"], False),  # three: not enough
        (["macrel"], ["heitzen"], False),  # one name each: one fact each, not a pattern
        ([], ["kessarby", "thellwin", "brannoch", "oskar"], False),  # one side signs nothing
        (["velmora", "linnavar", "ostrel"], ["kessarby", "thellwin", "ostrel"], False),  # one name signs both
        (["velmora", "linnavar", "dunmarrow"], ["kessarby", "dunmarrow_said"], True),
    ],
)
def test_two_groups_are_apart_when_each_signs_names_the_other_never_says(
    signed_a: list[str], signed_b: list[str], vetoed: bool
) -> None:
    # both groups also mention, without signing, a name the other signs ("coastguard")
    counts_a, counts_b = Counter([*signed_a * 2, "coastguard"]), Counter([*signed_b * 2, "coastguard"])
    assert apart(counts_a, signed_a, counts_b, signed_b) is vetoed


def test_the_guard_compares_names_within_one_language_only() -> None:
    vocab = Vocabulary()
    docs = [vocab.doc(extract(a), i) for i, a in enumerate(_pile())]
    guard = SignatureGuard(docs)
    for keep, drop in ((0, 1), (0, 2), (3, 4)):
        guard.merge(keep, drop)
    assert not guard.allows(0, 3)
    guard.langs[3] = Counter({"de": 2})
    assert guard.allows(0, 3)


def test_look_alike_storms_stay_two_events() -> None:
    events = make_grouper().group(_pile()).events
    assert sorted(sorted(e.articles) for e in events) == [["a0", "a1", "a2"], ["b3", "b4"]]


def test_the_incremental_grouper_keeps_signatures_per_event_and_rebuilds_them_on_resume() -> None:
    """Incremental merges pass the same veto; a single report signs nothing, so a look-alike's
    first report may still join (the batch merges the look-alike's reports first)."""
    from newsweave.events.incremental import WeaveIncremental

    feed = make_incremental()
    assert isinstance(feed, WeaveIncremental)
    for a in _pile():
        feed.add(a)
    resumed = WeaveIncremental.from_state(feed.to_state())
    roots = {feed.events.find(i) for i in range(len(feed.docs))}
    for root in roots:
        assert resumed.signs.counts[root] == feed.signs.counts[root]
        assert resumed.signs.size[root] == feed.signs.size[root] == len(feed.members[root])
