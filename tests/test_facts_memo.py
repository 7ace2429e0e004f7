"""The speed-ups of the facts stage (memos, cheap pre-checks) keep every answer (invented text)."""

from __future__ import annotations

from datetime import date

import pytest

from newsweave.facts.digits import scaled_to_digits
from newsweave.facts.durations import find_times
from newsweave.facts.numbers import find_fractions
from newsweave.facts.timeline import DateResolver


@pytest.mark.parametrize(
    ("base", "expected"),
    [(date(2031, 3, 6), "2031-03-03"), (date(2031, 3, 13), "2031-03-10"), (None, None)],
)
def test_date_memo_is_keyed_by_the_publication_date(base: date | None, expected: str | None) -> None:
    sentence = "The ferry Marlow sank on Monday near Vessing."
    first = DateResolver(base).find(sentence)
    again = DateResolver(base).find(sentence)  # answered from the memo
    assert first == again
    assert [m.date for m in again] == ([expected] if expected else [])


def test_date_memo_is_keyed_by_the_anchors() -> None:
    sentence = "Rescuers reached Vessing on Tuesday."
    assert DateResolver(None).find(sentence) == []
    anchored = DateResolver(None, {1: date(2031, 3, 4)}).find(sentence)
    assert [m.date for m in anchored] == ["2031-03-04"]
    anchored.clear()  # a caller's list is its own: the memo keeps its answer
    assert len(DateResolver(None, {1: date(2031, 3, 4)}).find(sentence)) == 1


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Half a million people fled Vessing.", "500000 people fled Vessing."),
        ("No figure at all in this one.", "No figure at all in this one."),
        ("The port lost 3 million tonnes.", "The port lost 3000000 tonnes."),
    ],
)
def test_scaled_to_digits_without_digits(sentence: str, expected: str) -> None:
    assert scaled_to_digits(sentence) == expected
    assert scaled_to_digits(sentence) == expected  # from the memo


@pytest.mark.parametrize(
    ("sentence", "value"),
    [
        ("Two-thirds of voters in Vessing stayed home.", 66.7),
        ("Nearly HALF of the crew left.", 50.0),
        ("A quarter of the fleet sank.", 25.0),
        ("Voters stayed home.", None),
    ],
)
def test_fractions_pre_check(sentence: str, value: float | None) -> None:
    found = find_fractions(sentence, "en")
    assert [f.value for f in found] == ([value] if value is not None else [])


def test_times_need_a_digit() -> None:
    assert find_times("The harbour master, aged sixty, retired.", "en") == []
    assert [t.figure.value for t in find_times("The harbour master, aged 60, retired.", "en")] == [60.0]


def test_an_exact_copy_is_read_once_and_cited_in_each_article() -> None:
    from newsweave.facts.quotes import find_all_quotes, find_quotes

    text = (
        '"We will rebuild the harbour," said Mayor Ilse Varenko.\n\n'
        "The ferry Marlow sank on Monday near Vessing.\n\n"
        'Varenko added: "Nobody will be forgotten."'
    )
    other = 'The pilot spoke briefly. "It was fast," said Tomas Brel.'
    first, copy, alone = find_all_quotes([(text, "a1"), (text, "a2"), (other, "a3")], None)
    assert [q.article for q in first] == ["a1"] * len(first) and len(first) == 2
    assert [(q.speaker, q.text, q.start) for q in copy] == [(q.speaker, q.text, q.start) for q in first]
    assert {q.article for q in copy} == {"a2"}
    assert copy == find_quotes(text, "a2", None)
    assert [(q.speaker, q.article) for q in alone] == [("Tomas Brel", "a3")]


def test_title_start_search_window_finds_the_same_match() -> None:
    import random
    import re

    from newsweave.facts import entities

    words = re.compile(r"((?:[\w.\-’']+[ \t]+){1,6})$")
    rng = random.Random(7)
    alphabet = ["Sgt.", "of", "US", "Mr", "Jorge", "é", "_", "-", "’", "'", " ", "\t", "\n", ",", "("]
    alphabet += ["7", "a"]
    for _ in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 90)))
        start = rng.randint(0, len(text))
        low = max(0, start - 60)
        whole = words.search(text, low, start)
        narrowed = words.search(text, entities._run_start(text, low, start), start)
        assert (whole and whole.span(1)) == (narrowed and narrowed.span(1)), (text, start)


@pytest.mark.parametrize(
    ("sentence", "value"),
    [
        ("Une dizaine de maisons ont brûlé.", 10.0),
        ("UNA DOCENA de heridos.", 12.0),
        ("Uma dúzia de feridos.", 12.0),
        ("A DOZEN boats sank.", 12.0),
        ("Un centinaio di persone.", 100.0),
        ("Ein Dutzend Boote.", 12.0),
    ],
)
def test_collectives_pass_the_pre_check(sentence: str, value: float) -> None:
    from newsweave.facts.numbers import find_figures

    lang = {"Une": "fr", "UNA": "es", "Uma": "pt", "A": "en", "Un": "it", "Ein": "de"}[sentence.split()[0]]
    assert [f.value for f in find_figures(sentence, lang)] == [value]


def test_fraction_ordinal_pre_check() -> None:
    assert [f.value for f in find_fractions("Prices fell by a 5th of their value.", "en")] == [20.0]


def test_outside_keeps_the_mentions_no_span_overlaps() -> None:
    import random

    from newsweave.facts import outside
    from newsweave.facts.entities import Mention

    rng = random.Random(11)
    for _ in range(2000):
        spans = [(a, a + rng.randint(1, 9)) for a in (rng.randint(0, 60) for _ in range(rng.randint(0, 6)))]
        found = [
            Mention("x", "GPE", a, a + rng.randint(1, 9)) for a in (rng.randint(0, 60) for _ in range(5))
        ]
        slow = [m for m in found if not any(s < m.end and m.start < e for s, e in spans)]
        assert outside(found, spans) == slow
