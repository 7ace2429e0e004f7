"""Quantities of every kind news sentences hold, and numbers that are none (invented sentences)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from newsweave.facts.claims import find_claims
from newsweave.facts.timeline import DateResolver

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

Read = list[tuple[float | None, float | None]]


def read(text: str) -> Read:
    return [(c.figure.low, c.figure.high) for c in find_claims(text, "en", None, DateResolver(None))]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Temperatures reached 41C in the town of Ossel.", [(41, 41)]),
        ("Heavy rain dumped 250mm of water on Brill.", [(250, 250)]),
        ("Hackers took 40GB of files from the Varn registry.", [(40, 40)]),
        ("The queue stretched for 3-5 km at the Tull crossing.", [(3, 5)]),
        ("Around 15,000-20,000 people attended the rally.", [(15000, 20000)]),
        ("The crews worked in temperatures of minus 20 degrees.", [(-20, -20)]),
        ("It was -5C on the summit of Mount Orl.", [(-5, -5)]),
        ("The state pays 5 lakh rupees to each family.", [(500000, 500000)]),
        ("Farmers will get 2 crore rupees in relief.", [(2e7, 2e7)]),
        ("Two dozen boats were damaged in the harbour.", [(24, 24)]),
        ("Tens of thousands of people marched in Ulm.", [(10000, None)]),
        ("The bank raised its rate by half a percentage point.", [(0.5, 0.5)]),
        ("The museum received 1.8m visitors last year.", [(1.8e6, 1.8e6)]),
        ("The town of Vell has 28m people.", [(2.8e7, 2.8e7)]),
        ("Ticket prices range from €15 to €45.", [(15, 45)]),
        ("Rooms cost between €80 and €200 a night.", [(80, 200)]),
        ("Fares will rise from 10 to 20 crowns.", [(10, 10), (20, 20)]),
        ("One firefighter was treated for smoke inhalation.", [(1, 1)]),
        ("Only one in 4 schools has a nurse.", [(1, 1), (4, 4)]),
        ("The talks lasted 14 hours before a deal was reached.", [(14, 14)]),
        ("The line cuts the journey to 90 minutes.", [(90, 90)]),
        ("Tickets cost Rs 200 each at the fair.", [(200, 200)]),
        ("Penalties of up to USD 4 million were set.", [(None, 4e6)]),
        ("Rents rose by between 10% and 15% in Orvale.", [(10, 15)]),
        ("The deal is worth $1.5-2bn, analysts said.", [(1.5e9, 2e9)]),
        ("The project will cost 3 to 4 million euros.", [(3e6, 4e6)]),
        ("Two-fifths of households own a car.", [(40, 40)]),
        ("The S&P 500 rose 0.8% to a record.", [(0.8, 0.8)]),
    ],
)
def test_quantities_are_read(text: str, expected: Read) -> None:
    assert read(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Ardel City beat Morrow Rovers 3-1 in the final.",  # a score
        "The bill passed 52-48 in the senate of Kask.",  # a vote
        "The Boeing 737 was diverted to Tull.",  # a model number
        "The new iPhone 15 was shown in Varn.",
        "Flight 302 landed safely after a bird strike.",  # identifiers
        "Section 230 of the act protects platforms.",
        "The judge cited page 12 of the ruling.",
        "The embassy moved to 14 Kessel Avenue.",  # an address
        "The site was updated 32m ago.",  # when a page was posted
        "Traffic was heavy in 1990-2000 on the coast road.",  # a span of years
        "Call 555-0142 for advice.",  # a phone number
        "One of the ministers resigned on Friday.",  # "one" that counts nothing named
    ],
)
def test_numbers_that_are_no_quantity(text: str) -> None:
    assert read(text) == []


def test_counted_nouns_joined_by_a_hyphen_lend_no_unit() -> None:
    """'the 24-storey tower': the storeys describe the tower; the next figure counts bodies."""
    claims = find_claims(
        "Six bodies were recovered from the 24-storey tower, while 11 have been located inside.",
        "en",
        None,
        DateResolver(None),
    )
    assert [(c.figure.value, c.unit_concept) for c in claims] == [(6, "bodies"), (11, "bodies")]


def test_invented_news_items_through_brief() -> None:
    """bench/quantities.py: both halves of the invented items as one-sentence articles through
    ``newsweave brief``; none is dropped, and the pinned minimums hold (half 1 was designed on,
    half 2 measured at the end)."""
    from bench.quantities import measure

    covs = measure(["1", "2"])
    for cov in covs.values():
        assert not cov.dropped
    one, two = covs["1"], covs["2"]
    assert one.precision >= 0.99 and one.recall >= 0.97 and one.f1 >= 0.98, one.misses
    # half 2, the check side, as measured once at the end (P 0.977, R 0.941, F1 0.958)
    assert two.precision >= 0.97 and two.recall >= 0.94 and two.f1 >= 0.955, two.misses
