"""Aligning figures across stories and labelling agree / differ / conflict / single."""

from __future__ import annotations

import dataclasses

import pytest

from newsweave.compare import Aligned, align, compare, same_figure, status
from newsweave.facts import to_claim
from newsweave.facts.claims import Found
from newsweave.facts.numbers import Figure


def item(
    n: int,
    value: float,
    kind: str = "exact",
    *,
    story: str,
    unit: str | None = "soldiers",
    verb: str | None = "left",
    places: tuple[str, ...] = (),
    part: str | None = None,
    published: str | None = None,
    as_of: str | None = None,
    copy: bool = False,
    english: bool = True,
) -> Aligned:
    low, high = {"low": (value, None), "high": (None, value)}.get(kind, (value, value))
    fig = Figure(value, low, high, None if kind == "exact" else kind, 0, 1)
    found = Found(fig, 0, 1, unit, unit, verb, verb, frozenset(places), part, None, as_of, False)
    return Aligned(to_claim(found, f"a{n}", n), found, story, published, copy, english)


def test_lower_bounds_that_coincide_agree() -> None:
    items = [item(1, 3e6, "low", story="ap"), item(2, 3e6, "low", story="bbc")]
    assert status(items) == "agree"


def test_compatible_lower_bounds_differ() -> None:
    items = [item(1, 320, "low", story="ap"), item(2, 100, "low", story="bbc")]
    assert status(items) == "differ"


def test_disjoint_exact_figures_conflict_unless_dated_apart() -> None:
    same_day = [item(1, 40, story="x", as_of="2024-03-09"), item(2, 55, story="y", as_of="2024-03-09")]
    assert status(same_day) == "conflict"
    apart = [item(1, 40, story="x", as_of="2024-03-09"), item(2, 55, story="y", as_of="2024-03-11")]
    assert status(apart) == "differ"


def test_copies_of_one_story_never_corroborate() -> None:
    items = [item(1, 40, story="wire"), item(2, 40, story="wire", copy=True)]
    assert status(items) == "single"


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        (12391, 12000, True),
        (2.5e6, 2_500_000, True),
        (15383, 15000, True),
        (320, 100, False),
        (41, 40, False),
    ],
)
def test_same_figure_within_rounding(a: float, b: float, same: bool) -> None:
    assert same_figure(a, b) is same


def test_part_of_a_whole_stays_apart_from_the_total() -> None:
    items = [
        item(1, 320, "low", story="ap"),
        item(2, 40, story="ap", part="in one shelter"),
        item(3, 100, "low", story="bbc"),
    ]
    groups = align(items)
    assert [0, 2] in groups and [1] in groups


def test_unplaced_figure_joins_the_total_not_a_part() -> None:
    items = [
        item(1, 15000, "low", story="a", unit="people", verb="killed", places=("Syria", "Turkey")),
        item(2, 12391, story="a", unit="people", verb="killed", places=("Turkey",)),
        item(3, 2992, story="b", unit="people", verb="killed", places=("Syria",)),
        item(4, 15383, "low", story="c", unit="people", verb="killed"),
    ]
    items[2].claim.article = items[1].claim.article  # one report sets Turkey's toll against Syria's
    groups = align(items)
    assert [0, 3] in groups and [1] in groups and [2] in groups


def test_a_place_no_report_sets_against_another_is_the_setting() -> None:
    """'150 killed in the Alps', '150 dead in France', 'all 150 on board': one toll, told three
    ways; the Alps and France are where it happened, not parts of it."""
    items = [
        item(1, 150, story="a", unit="people", verb="killed", places=("Alps",)),
        item(2, 150, story="b", unit="people", verb="killed", places=("France",)),
        item(3, 150, story="c", unit="people", verb="killed"),
        item(4, 16, story="c", unit="people", verb="killed", part="including"),
    ]
    items[1].claim.article = items[2].claim.article = "a9"
    assert sorted(align(items)) == [[0, 1, 2], [3]]


def test_owners_that_do_not_cover_each_other_keep_unplaced_apart() -> None:
    items = [
        item(1, 365, story="a", unit="seats", verb="won", places=("Conservatives",)),
        item(2, 203, story="b", unit="seats", verb="won", places=("Labour",)),
        item(3, 364, story="c", unit="seats", verb="won"),
    ]
    items[1].claim.article = items[0].claim.article  # one report sets the parties' seats side by side
    assert sorted(align(items)) == [[0], [1], [2]]


def test_unplaced_figure_joins_the_one_placed_group_of_its_kind() -> None:
    items = [
        item(1, 40000, "low", story="a", unit="units", verb="recalled", places=("Portevia",)),
        item(2, 40000, "low", story="b", unit="units", verb="recalled"),
    ]
    assert align(items) == [[0, 1]]


def test_later_version_supersedes_and_is_not_a_second_source() -> None:
    items = [
        item(1, 270, "low", story="wire", published="2024-03-11"),
        item(2, 320, "low", story="wire", published="2024-03-12", copy=True),
    ]
    (comp,) = compare(items)
    assert items[1].claim.supersedes == items[0].claim.id
    assert items[0].claim.supersedes is None
    assert comp.status == "single"


def test_translation_takes_the_subject_of_its_original() -> None:
    items = [
        item(1, 12391, story="afp", unit="people", verb="killed", places=("Turkey",)),
        item(2, 12391, story="afp", unit="people", verb=None, copy=True, english=False),
        item(3, 12391, story="dpa", unit="people", verb="killed", places=("Turkey",)),
    ]
    assert align(items) == [[0, 1, 2]]


def test_a_figure_without_verb_joins_a_group_of_its_size_only() -> None:
    items = [
        item(1, 320, "low", story="a"),
        item(2, 100, "low", story="b"),
        item(3, 200_000, "low", story="a", verb=None),  # the whole army, not the deserters
        item(4, 290, story="c", verb=None),
    ]
    assert sorted(align(items)) == [[0, 1, 3], [2]]


def _placed(n: int, value: float, story: str, article: str, *places: str) -> Aligned:
    it = item(n, value, story=story, unit="people", verb="killed", places=places)
    it.found.place_types = dict.fromkeys(places, "GPE")
    it.claim.article = article
    return it


def test_the_widest_place_of_a_breakdown_is_the_whole() -> None:
    """'247 dead in Ostria ... 35 in Velmo, 57 in Corva' (no larger total): Ostria is the whole."""
    items = [
        _placed(1, 247, "a", "r1", "Ostria"),
        _placed(2, 35, "a", "r1", "Velmo"),
        _placed(3, 57, "a", "r1", "Corva"),
        _placed(4, 250, "b", "r2"),
        _placed(5, 40, "c", "r3", "Velmo"),
    ]
    assert sorted(align(items)) == [[0, 3], [1, 4], [2]]


def test_a_place_shown_under_a_larger_total_stays_a_part() -> None:
    """'12,391 in Kestria and 2,992 in Dovan', and elsewhere 'the total rose to 15,383'."""
    items = [
        _placed(1, 12391, "a", "r1", "Kestria"),
        _placed(2, 2992, "a", "r1", "Dovan"),
        _placed(3, 12391, "b", "r2", "Kestria"),
        _placed(4, 15383, "b", "r2"),
    ]
    assert sorted(align(items)) == [[0, 2], [1], [3]]


def _in_sentence(it: Aligned, article: str, sentence: int, at: int) -> Aligned:
    it.claim.article, it.claim.start = article, sentence
    it.found.figure = dataclasses.replace(it.found.figure, start=at, end=at + 2)
    return it


def test_two_figures_one_sentence_sets_side_by_side_are_two_quantities() -> None:
    """'Yes won 54 percent to 46 percent' in one report; others give 53.8 and 46.2 on their own."""
    items = [
        _in_sentence(item(1, 54, story="a", unit="%", verb=None), "r1", 0, 8),
        _in_sentence(item(2, 46, story="a", unit="%", verb=None), "r1", 0, 20),
        item(3, 53.8, story="b", unit="%", verb=None),
        item(4, 46.2, story="c", unit="%", verb=None),
    ]
    assert sorted(align(items)) == [[0, 2], [1, 3]]


def test_a_change_told_in_one_sentence_stays_one_quantity() -> None:
    """'The toll rose to 120, up from 80': the earlier value of the same count."""
    earlier = _in_sentence(item(2, 80, story="a", unit="people", verb="killed"), "r1", 0, 30)
    earlier.found.series = True
    items = [_in_sentence(item(1, 120, story="a", unit="people", verb="killed"), "r1", 0, 10), earlier]
    assert align(items) == [[0, 1]]


def test_a_figure_of_another_year_is_another_quantity() -> None:
    """'the 900 killed in a 1952 quake', in reports of this year's quake: not its toll."""
    items = [
        item(1, 300, story="a", unit="people", verb="killed", published="2031-05-02"),
        item(2, 310, story="b", unit="people", verb="killed", published="2031-05-03"),
        item(3, 900, story="b", unit="people", verb="killed", published="2031-05-03"),
    ]
    items[2].found.year = "1952"
    assert sorted(align(items)) == [[0, 1], [2]]


def test_a_place_narrows_only_where_its_report_sets_it_apart() -> None:
    """'1,900 killed in Kestria' in a report of Kestria alone is the toll; '700 in Kestria' beside
    '760 across three countries' and '20 in Dovan' is a part."""
    items = [
        _placed(1, 760, "a", "r1"),
        _placed(2, 700, "a", "r1", "Kestria"),
        _placed(3, 20, "a", "r1", "Dovan"),
        _placed(4, 1900, "b", "r2", "Kestria"),
        _placed(5, 2000, "c", "r3"),
    ]
    assert sorted(align(items)) == [[0, 3, 4], [1], [2]]


def test_a_translation_takes_the_subject_of_an_english_report_with_its_figure() -> None:
    items = [
        item(1, 1487, story="a", unit="people", verb="killed"),
        item(2, 1487, story="b", unit="insassen", verb=None, english=False),
        item(3, 12, story="c", unit="insassen", verb=None, english=False),  # too small to tell
    ]
    assert sorted(align(items)) == [[0, 1], [2]]


def test_the_side_further_from_the_group_goes_apart() -> None:
    """A breakdown '190 in Velmo, 57 in Corva' (places unknown to the index) among a toll told as
    73, then 247 to 290: the 57 goes apart, the early 73 stays with the toll."""
    values = (73, 247, 250, 290)
    toll = [item(n, v, story=f"s{n}", unit="people", verb="killed") for n, v in enumerate(values)]
    pair = [
        _in_sentence(item(8, 190, story="s8", unit="people", verb="killed"), "r9", 0, 5),
        _in_sentence(item(9, 57, story="s8", unit="people", verb="killed"), "r9", 0, 30),
    ]
    assert sorted(align(toll + pair)) == [[0, 1, 2, 3, 4], [5]]


def test_a_figure_an_order_of_magnitude_below_the_toll_is_no_toll() -> None:
    """'18 died there' and '17 were killed when an avalanche hit' among tolls of 1,500 to 4,300."""
    values = (1500, 1805, 4349, 18, 17)
    items = [item(n, v, story=f"s{n}", unit="people", verb="killed") for n, v in enumerate(values)]
    assert sorted(align(items)) == [[0, 1, 2], [3, 4]]


def test_an_early_report_a_third_of_the_later_stays_with_the_toll() -> None:
    items = [item(n, v, story=f"s{n}", unit="people", verb="killed") for n, v in enumerate((100, 320, 290))]
    assert align(items) == [[0, 1, 2]]


@pytest.mark.parametrize("english", [True, False])
def test_a_figure_whose_counted_thing_went_unread_takes_the_reports_key(english: bool) -> None:
    # "the figure is 93": the English reports of 93 count ages (of the holder, or unplaced)
    items = [
        item(1, 93, story="a", unit="age", verb=None, places=("Abara",)),
        item(2, 93, story="b", unit="age", verb=None, places=("Abara",)),
        item(3, 93, story="c", unit="age", verb=None),
        item(4, 93, story="d", unit=None, verb=None, english=english),
    ]
    assert [sorted(g) for g in align(items)] == [[0, 1, 2, 3]]


def test_a_distinctive_figure_of_two_counted_things_names_neither() -> None:
    items = [
        item(1, 93, story="a", unit="age", verb=None),
        item(2, 93, story="b", unit="seats", verb="won"),
        item(3, 93, story="c", unit=None, verb=None),
    ]
    groups = align(items)
    assert not any(2 in g and len(g) > 1 for g in groups)


def test_a_place_given_its_reports_total_is_the_whole() -> None:
    """'1,500 dead in Ostria' beside '1,500 fatalities' in one report; '688 in Ostria, 20 in
    Velmo' of '718 in all' in another: Ostria's toll is the toll, Velmo's a part."""
    items = [
        _placed(1, 1500, "a", "r1", "Ostria"),
        _placed(2, 1500, "a", "r1"),
        _placed(3, 688, "b", "r2", "Ostria"),
        _placed(4, 20, "b", "r2", "Velmo"),
        _placed(5, 718, "b", "r2"),
        _placed(6, 1800, "c", "r3"),
    ]
    assert sorted(align(items)) == [[0, 1, 2, 4, 5], [3]]


def test_a_translation_counting_the_same_thing_takes_the_english_key_of_its_figure() -> None:
    # "203 députés" in a French report of its own; "Verdant's 203 seats" against "Azure's 365"
    # in the English ones
    items = [
        item(1, 203, story="a", unit="seats", verb="won", places=("Verdant",)),
        item(2, 365, story="a", unit="seats", verb="won", places=("Azure",)),
        item(3, 203, story="b", unit="seats", verb="won", places=("Verdant",)),
        item(4, 203, story="c", unit="seats", verb=None, english=False),
        item(5, 203, story="d", unit="people", verb=None, english=False),  # another thing counted
        item(6, 12, story="e", unit="seats", verb=None, english=False),  # too small to tell
    ]
    items[1].claim.article = items[0].claim.article
    assert sorted(align(items)) == [[0, 2, 3], [1], [4], [5]]


def test_a_round_figure_counting_nothing_read_takes_the_one_reading_of_that_figure() -> None:
    items = [
        item(1, 130000, story="a", unit="units", verb="recalled"),
        item(2, 130000, story="b", unit=None, verb=None, english=False),  # "130 000 en remplacement"
        item(3, 40, story="c", unit=None, verb=None),  # no reading of 40: nothing to join
        item(4, 500, story="d", unit="cases", verb=None),
        item(5, 500, story="e", unit="people", verb="evacuated"),
        item(6, 500, story="f", unit=None, verb=None),  # two readings of 500: neither
    ]
    groups = sorted(align(items))
    assert [0, 1] in groups
    assert not any(i in g for g in groups for i in (2, 5))


def test_a_distinctive_figure_takes_the_key_most_reports_give_it_but_never_a_narrower_one() -> None:
    # "1,487 killed" in two reports; a third: "1,487 in Ostria, 300 in Velmo, 200 in Corva,
    # 1,800 in all"
    items = [
        _placed(1, 1487, "a", "r1"),
        _placed(2, 1487, "b", "r2"),
        _placed(3, 1487, "c", "r3", "Ostria"),
        _placed(4, 300, "c", "r3", "Velmo"),
        _placed(5, 200, "c", "r3", "Corva"),
        _placed(6, 1800, "c", "r3"),
        _placed(7, 1487, "e", "r5"),
    ]
    items[-1].found.verb_concept = "injured"  # another event, whatever the figure
    assert sorted(align(items)) == [[0, 1, 2, 5], [3], [4], [6]]


def test_a_translation_of_another_event_keeps_its_key() -> None:
    # "Verdant's 203 seats won" in English; "203 sièges perdus" (seats lost) in French
    items = [
        item(1, 203, story="a", unit="seats", verb="won", places=("Verdant",)),
        item(2, 365, story="a", unit="seats", verb="won", places=("Azure",)),
        item(3, 203, story="c", unit="seats", verb="lost", english=False),
    ]
    items[1].claim.article = items[0].claim.article
    assert sorted(align(items)) == [[0], [1], [2]]


def _incidental(n: int, value: float, unit: str, *, story: str, spelled: bool = False) -> Aligned:
    it = item(n, value, story=story, unit=unit, verb=None)
    it.found.spelled = spelled
    return it


@pytest.mark.parametrize(
    ("items", "rows"),
    [
        ([_incidental(1, 1, "defector", story="bbc", spelled=True)], 0),  # "one defector aged 23 says"
        ([_incidental(1, 15, "minutes", story="ap")], 0),  # "died within 15 minutes"
        # copies of one story repeat it: still one story's context
        ([_incidental(1, 15, "minutes", story="ap"), _incidental(2, 15, "minutes", story="ap")], 0),
        # two stories give the same duration: it is part of what happened
        ([_incidental(1, 15, "minutes", story="ap"), _incidental(2, 15, "minutes", story="bbc")], 1),
        ([item(1, 37, story="bbc", unit="years", verb="in power")], 1),  # "37 years in power"
        ([item(1, 1, story="bbc", unit="firefighter", verb="killed")], 1),  # a "1" in digits counts
    ],
)
def test_context_figures_of_one_story_get_no_row(items: list[Aligned], rows: int) -> None:
    assert len(compare(items)) == rows


def _read(sentence: str, lang: str) -> list[Found]:
    """The claims the reader finds in one sentence, without an entity index."""
    from newsweave.facts.claims import _sentence_claims
    from newsweave.facts.digits import scaled_to_digits, to_digits

    return _sentence_claims(to_digits(sentence, lang), scaled_to_digits(sentence), lang, None)


@pytest.mark.parametrize(
    ("sentence", "incidental"),
    [
        ("Speaking to the Ledger's Ana Ruiz, one defector aged 23 says he fears for his family.", True),
        ("One firefighter was killed when the roof of the depot fell in.", False),
        ("His daughter died within 15 minutes because the clinic had no oxygen.", True),
        ("The strike at the Varlo port lasted 36 hours, the union said.", False),
        ("Mr Osei left office after 22 years in power.", False),
        ("Police said 12 people were arrested.", False),
    ],
)
def test_which_figures_are_context(sentence: str, incidental: bool) -> None:
    found = _read(sentence, "en")
    assert [f.incidental for f in found if f.unit_concept != "age"] == [incidental]


@pytest.mark.parametrize(
    ("sentence", "lang", "series"),
    [
        ("Early in the week 70 cases were known; there are now 92 cases.", "en", [True, False]),
        ("En début de semaine on comptait 70 cas, ils sont désormais 92 cas.", "fr", [True, False]),
        ("Police said 12 people were arrested and 40 people were injured.", "en", [False, False]),
    ],
)
def test_a_value_the_sentence_updates_is_no_contrast(sentence: str, lang: str, series: list[bool]) -> None:
    found = _read(sentence, lang)
    assert [f.series for f in found] == series


def test_a_distinctive_figure_joins_its_readings_whatever_else_reads_it() -> None:
    """ "1,487 killed in Ostria" (beside "20 killed in Velmar") joins "1,487 people killed" told by
    two stories, though a spun copy counts that figure as "departures"; "1,487 homes" stays apart."""
    items = [
        item(1, 1487, story="a", unit="people", verb="killed", places=("Ostria",)),
        item(2, 1487, story="b", unit="people", verb="killed"),
        item(3, 1487, story="c", unit="people", verb="killed"),
        item(4, 1487, story="d", unit="departures", verb=None),
        item(5, 1487, story="e", unit="homes", verb="destroyed"),
        item(6, 20, story="a", unit="people", verb="killed", places=("Velmar",)),  # Ostria set apart
    ]
    items[5].claim.article = items[0].claim.article
    groups = align(items)
    assert [0, 1, 2] in groups
    assert not any(4 in g and 0 in g for g in groups)


def test_a_distinctive_figure_told_with_a_qualifier_is_that_figure() -> None:
    """ "at least 1,487 killed in Ostria" (beside "20 killed in Velmar") is the 1,487 two reports
    give as the toll: a qualifier does not make another figure; "at least 1,487 injured" stays apart."""
    items = [
        item(1, 1487, story="a", unit="people", verb="killed"),
        item(2, 1487, story="b", unit="people", verb="killed"),
        item(3, 1487, "low", story="c", unit="people", verb="killed", places=("Ostria",)),
        item(4, 20, story="c", unit="people", verb="killed", places=("Velmar",)),
        item(5, 1487, "low", story="d", unit="people", verb="injured"),
    ]
    items[3].claim.article = items[2].claim.article
    assert sorted(align(items)) == [[0, 1, 2], [3], [4]]


def test_an_exact_figure_and_a_bound_it_meets_agree() -> None:
    # "150 people" and "at least 150 people": one figure; "over 320" and "more than 100" still differ
    items = [item(1, 150, story="x"), item(2, 150, "low", story="y"), item(3, 150, story="z")]
    assert status(items) == "agree"
    assert status([item(1, 150, story="x"), item(2, 100, "low", story="y")]) == "differ"
    assert status([item(1, 320, "low", story="x"), item(2, 100, "low", story="y")]) == "differ"


def test_a_scaled_decimal_rounds_like_its_figure() -> None:
    # "16.1 million" parses to 16100000.000000002: still the round figure 16,141,241 rounds to
    assert same_figure(16.1 * 1e6, 16141241)
