"""Figures and their bounds, in several languages and number styles."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from newsweave.facts.digits import to_digits
from newsweave.facts.numbers import find_figures


def figures(text: str, lang: str = "en") -> list[tuple[float, float | None, float | None]]:
    s = to_digits(text, lang)
    return [(f.value, f.low, f.high) for f in find_figures(s, lang)]


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        ("Over 280 officers fled", "en", [(280, 280, None)]),
        ("more than 2 million people", "en", [(2e6, 2e6, None)]),
        ("More than two million people", "en", [(2e6, 2e6, None)]),
        ("at least 26 people are dead", "en", [(26, 26, None)]),
        ("the toll has passed 15,000", "en", [(15000, 15000, None)]),
        ("nearly 53,000 injured", "en", [(53000, None, 53000)]),
        ("up to 40 trucks", "en", [(40, None, 40)]),
        ("about 63,000 people", "en", [(63000, 63000, 63000)]),
        ("between 10 and 20 people", "en", [(10, 10, 20)]),
        ("nine cargo containers", "en", [(9, 9, 9)]),
        ("some 2000 people marched", "en", [(2000, 2000, 2000)]),
        ("10 million percent", "en", [(1e7, 1e7, 1e7)]),
        ("less than 0.1 percent", "en", [(0.1, None, 0.1)]),
        ("superó los 15 mil muertos", "es", [(15000, 15000, None)]),
        ("12 mil 391 personas murieron", "es", [(12391, 12391, 12391)]),
        ("rappellerait 2,5 millions d’appareils", "fr", [(2.5e6, 2.5e6, 2.5e6)]),
        ("le remplacement de 130 000 modèles", "fr", [(130000, 130000, 130000)]),
        ("Au moins une quarantaine ont explosé", "fr", [(40, 40, None)]),
        ("plus de 70 cas", "fr", [(70, 70, None)]),
        ("mehr als 1.500 Menschen", "de", [(1500, 1500, None)]),
        ("die Zahl hat 15.000 überschritten", "de", [(15000, 15000, None)]),
        ("have cross-passed the majority mark of 326 seats", "en", [(326, 326, None)]),
        ("the toll passed the 15,000 mark", "en", [(15000, 15000, None)]),
        ("a $1.2m grant", "en", [(1.2e6, 1.2e6, 1.2e6)]),
        ("watu zaidi ya 300", "sw", [(300, 300, None)]),
        ("the 5‚000 seater hall", "en", [(5000, 5000, 5000)]),  # a low comma (U+201A) groups thousands
        ("meer dan 1.200 mensen", "nl", [(1200, 1200, None)]),
        ("sedikitnya 45 orang tewas", "id", [(45, 45, None)]),
        ("vifo vikiongezeka na kufikia 12,000", "sw", [(12000, 12000, None)]),
    ],
)
def test_figures_and_bounds(
    text: str, lang: str, expected: list[tuple[float, float | None, float | None]]
) -> None:
    assert figures(text, lang) == expected


@pytest.mark.parametrize(
    "text",
    [
        "the 35-year-old lawmaker",
        "on February 26, 2019",
        "on 26 February",
        "the 26. Februar",
        "at 10:30 a.m.",
        "in a span of four days",
        "since 1958",
        "a 7.8-magnitude tremor",
        "aged 23",
        "for about 9 1/2 minutes",
        "after the 2005 bombings",
        "a 3-3 draw",
        "on Monday's earthquake",
    ],
)
def test_dates_ages_times_durations_are_not_counts(text: str) -> None:
    assert figures(text) == []


@given(st.integers(min_value=1000, max_value=10**9))
def test_grouped_thousands_read_back(n: int) -> None:
    assert figures(f"more than {n:,} people") == [(n, n, None)]
    assert figures(f"plus de {n:,}".replace(",", " ") + " personnes", "fr") == [(n, n, None)]
