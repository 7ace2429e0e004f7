"""A translation's figure takes the English key nearest in meaning (compare.translated)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest

from newsweave.compare import Aligned, align
from newsweave.compare.translated import MARGIN, THRESHOLD, Embed
from newsweave.facts import to_claim
from newsweave.facts.claims import Found, words_around
from newsweave.facts.numbers import Figure


def _item(n: int, value: float, words: str, *, story: str, unit: str | None, verb: str | None = None,
          places: tuple[str, ...] = (), english: bool = True) -> Aligned:  # fmt: skip
    fig = Figure(value, value, value, None, 0, 1)
    found = Found(fig, 0, 1, unit, unit, verb, verb, frozenset(places), None, None, None, False)
    found.words = words
    return Aligned(to_claim(found, f"a{n}", n), found, story, None, False, english)


def _embed(cosines: dict[str, float]) -> Embed:
    """A stand-in embedding: the translation's words ``"de"`` on one axis, each English text at
    the cosine ``cosines`` gives it (0 for any text not listed)."""

    def embed(texts: Sequence[str]) -> np.ndarray:
        rows = np.zeros((len(texts), 3), dtype=np.float32)
        for n, text in enumerate(texts):
            if text.startswith("de:"):
                rows[n, 0] = 1.0
            else:
                c = cosines.get(text, 0.0)
                rows[n] = (c, float(np.sqrt(max(0.0, 1 - c * c))), 0.0)
        return rows

    return embed


DEATHS, DEPARTURES = "190 deaths in Dalm province", "190 departures in Dalm province"


def _ostria() -> list[Aligned]:
    """190 killed in Ostria's Dalm province, told by two English reports with different readings
    of what is counted, and a German report whose noun and place the table does not know."""
    return [
        _item(1, 190, DEATHS, story="a", unit="people", verb="killed", places=("Dalm",)),
        _item(2, 190, DEPARTURES, story="b", unit="departure", places=("Dalm",)),
        _item(3, 190, "de: bisher 190 Tote in Dalmen gezählt", story="c", unit="tote", english=False),
    ]  # fmt: skip


def test_the_nearest_english_reading_gives_its_key() -> None:
    items = _ostria()
    embed = _embed({DEATHS: THRESHOLD + 0.05, DEPARTURES: THRESHOLD})
    assert sorted(align(items, embed=embed)) == [[0, 2], [1]]


@pytest.mark.parametrize(
    ("near", "other"),
    [
        (THRESHOLD - 0.01, 0.2),  # not near enough
        (THRESHOLD + 0.05, THRESHOLD + 0.05 - MARGIN / 2),  # the words do not decide between two readings
    ],
)
def test_the_key_is_kept_unless_one_reading_is_clearly_nearest(near: float, other: float) -> None:
    items = _ostria()
    embed = _embed({DEATHS: near, DEPARTURES: other})
    assert sorted(align(items, embed=embed)) == [[0], [1], [2]]


def test_never_a_reading_of_another_kind_event_or_fewer_places() -> None:
    embed = _embed({"for 190 days": 0.99, "190 injured": 0.99, "190 killed in Dalm": 0.99})
    items = [
        _item(1, 190, "for 190 days", story="a", unit="days"),  # a duration
        _item(2, 190, "190 injured", story="b", unit="people", verb="injured"),  # another event
        _item(3, 190, "190 killed in Dalm", story="c", unit="people", verb="killed", places=("Dalm",)),
        _item(4, 190, "de: 190 Tote in Dalm und Varn", story="d", unit="tote",
              places=("Dalm", "Varn"), english=False),  # a total over two places is no part
    ]  # fmt: skip
    assert sorted(align(items, embed=embed)) == [[0], [1], [2], [3]]


def test_the_words_around_a_figure() -> None:
    s = "So wurden bisher 190 Tote in Dalmen gezählt und 57 in Varn, hieß es."
    at = s.index("190")
    figure = Figure(190, 190, 190, None, at, at + 3)
    assert words_around(s, figure, 2, 3) == "wurden bisher 190 Tote in Dalmen"
