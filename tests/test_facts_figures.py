"""Figures in every language: what a figure counts names a content word, never a function word."""

from __future__ import annotations

from datetime import date

import pytest

from newsweave.compare import Aligned
from newsweave.facts.claims import Found, find_claims, name_measures
from newsweave.facts.numbers import Figure
from newsweave.facts.subject import stop_words
from newsweave.facts.timeline import DateResolver


def subjects(text: str, lang: str) -> dict[float, str]:
    found = find_claims(text, lang, None, DateResolver(None))
    name_measures(found)
    return {c.figure.value: c.subject for c in found}


@pytest.mark.parametrize(
    ("text", "lang", "value", "subject"),
    [
        # a function word after the figure is not what it counts; the scale before it is
        ("Le séisme de magnitude 6,4 qui a frappé Varlonne a fait 212 morts.", "fr", 6.4, "magnitude"),
        ("Le séisme de magnitude 6,4 qui a frappé Varlonne a fait 212 morts.", "fr", 212, "morts"),
        ("Ein Beben der Stärke 5,1 auf der Skala traf Orvelheim.", "de", 5.1, "stärke"),
        # German "die" is an article, not the English verb
        ("Bisher stand die Zahl bei 159.", "de", 159, "figure"),
        ("Sono 88 i terremoti registrati a Varlonne.", "it", 88, "figure"),
        # Devanagari vowel signs belong to their word
        ("वारलोन में 904 लोगों की मौत हुई।", "hi", 904, "लोगों"),
        ("वारलोन में 1,718 इमारतें तबाह हो गईं।", "hi", 1718, "इमारतें"),
        # a sign is written out
        ("Las acciones de Orvane cayeron un 30% el lunes.", "es", 30, "percent"),
        # a bare percentage names what it measures (English: from the sentence's parse)
        ("Shares of Orvane fell 19% on Monday.", "en", 19, "shares, percent"),
        ("The lira fell more than 12 percent against the dollar.", "en", 12, "lira, percent"),
        ("Farmers fear inflation expected to reach 70 percent this year.", "en", 70, "inflation, percent"),
        ("Voter turnout in Orlen was 64 percent.", "en", 64, "voter turnout, percent"),
        ("Some 68 percent of Orlen adults favored the plan.", "en", 68, "percent of Orlen adults"),
        ("Labour won 32% of the vote in Orlen.", "en", 32, "percent won"),
        # a written gerund gives way to its event ("killing 41 people": people killed)
        ("A storm hit Orlen on Monday, killing at least 41 people.", "en", 41, "people killed"),
        # a three-letter counted noun keeps the noun it is "of"; "first" is no counted thing
        ("On dénombrait plus de 70 cas d'incendies liés au Velta X2.", "fr", 70, "cas d'incendies"),
        ("Au moins 40 cas de noyade ont été signalés à Varlonne.", "fr", 40, "cas de noyade"),
        ("Pendant les 24 premières heures, les secours ont évacué Varlonne.", "fr", 24, "heures"),
        # a plural name right after the figure is what it counts
        ("All 12 Orlen Owls and their coach are safe.", "en", 12, "Orlen Owls"),
        ("Divers reached the 4 Frogs.", "en", 4, "Frogs"),
    ],
)
def test_a_subject_names_what_is_counted(text: str, lang: str, value: float, subject: str) -> None:
    assert subjects(text, lang)[value] == subject


def test_a_models_number_before_an_elided_word_is_no_count() -> None:
    assert 7 not in subjects("Les clients du Velta Tab 7 qu'il a rappelé sont remboursés.", "fr")


@pytest.mark.parametrize(
    ("text", "lang", "value", "kept"),
    [
        ("Le Velta Tab 7 a également pris feu à Varlonne.", "fr", 7, False),
        ("Orlen Metro News 24 reported the fire first.", "en", 24, False),
        ("Two days later the Velta Tab 7 was recalled.", "en", 7, False),
        # a tally of names and figures: figures
        ("Orlen Greens 4, Velta Union 3, the rest 1.", "en", 4, True),
    ],
)
def test_a_number_that_ends_a_name_is_no_count(text: str, lang: str, value: float, kept: bool) -> None:
    assert (value in subjects(text, lang)) is kept


@pytest.mark.parametrize("lang", ["fr", "de", "es", "it", "pt", "nl", "ar", "hi", "ca"])
def test_stop_lists_load_without_the_language_class(lang: str) -> None:
    assert len(stop_words(lang)) > 100


def test_no_stop_list_is_an_empty_one() -> None:
    assert stop_words("pcm") == frozenset() and stop_words("../x") == frozenset()


Bounds = list[tuple[float | None, float | None]]


def bounds(text: str, lang: str) -> Bounds:
    return [(c.figure.low, c.figure.high) for c in find_claims(text, lang, None, DateResolver(None))]


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        ("Fines could reach more than $18 billion.", "en", [(18e9, None)]),
        ("Penalties of up to USD 4 million were set.", "en", [(None, 4e6)]),
        ("The toll could reach 10,000 in Varlonne.", "en", [(None, 10000)]),
        ("It was higher than the 8,500 killed in the earlier flood.", "en", [(8500, 8500)]),
        ("Le séisme a fait d'au moins 4718 blessés.", "fr", [(4718, None)]),
        ("Il y avait les 142 à 150 passagers à bord.", "fr", [(142, 150)]),
        ("Le prix est passé de 100 à 200 euros.", "fr", [(100, 100), (200, 200)]),
        ("Vivien entre 400 i 600 persones a la torre.", "ca", [(400, 600)]),
        ("Hi havia el gairebé centenar de ferits.", "ca", [(None, 100)]),
        ("Un terremoto mató a mil 180 personas.", "es", [(1180, 1180)]),
        ("Viajaban personas de una docena de nacionalidades.", "es", [(12, 12)]),
    ],
)
def test_bounds_in_every_language(text: str, lang: str, expected: Bounds) -> None:
    assert bounds(text, lang) == expected


@pytest.mark.parametrize(
    ("text", "lang", "value", "unit"),
    [
        ("Alle 280 Passagiere und 15 Besatzungsmitglieder seien tot.", "de", 280, "passengers"),
        ("Alle 280 Passagiere und 15 Besatzungsmitglieder seien tot.", "de", 15, "crew"),
        ("Les 142 passagers et 6 membres d'équipage.", "fr", 142, "passengers"),
        ("A bordo viajaban 16 niños de Varlonne.", "es", 16, "children"),
    ],
)
def test_the_same_counted_thing_in_every_language(text: str, lang: str, value: float, unit: str) -> None:
    found = [c for c in find_claims(text, lang, None, DateResolver(None)) if c.figure.value == value]
    assert found and found[0].unit_concept == unit


def test_nationalities_and_elliptic_lists_are_counts() -> None:
    from newsweave.facts.entities import EntityIndex, Mention

    text = (
        "Aboard were 154 Varlish passengers, 45 Ostrans, four Belgians and one Canadian. "
        "Another 20 were killed in Kestria, six in Morvan and one in Ulla."
    )
    names = ["Varlish", "Ostrans", "Belgians", "Canadian"]
    mentions = [Mention(n, "NORP", text.find(n), text.find(n) + len(n)) for n in names]
    idx = EntityIndex({"a": mentions}, {"a": text})
    claims = find_claims(text, "en", idx, DateResolver(None))
    got = {(c.figure.value, c.unit_concept, c.verb_concept) for c in claims}
    assert {(45, "people", None), (4, "people", None), (1, "people", None)} <= got
    assert {(20, "people", "killed"), (6, "people", "killed"), (1, "people", "killed")} <= got
    one_in = [c for c in claims if c.figure.value == 1]
    assert len(one_in) == 2 and len({c.places for c in one_in}) == 2  # the Canadian is a nationality apart


@pytest.mark.parametrize(
    ("text", "lang", "values"),
    [
        ("Le 17 juin, 40 morts ont été recensés.", "fr", [40]),
        ("Il 24 agosto sono morte 250 persone.", "it", [250]),
        ("24 августа погибли 250 человек.", "ru", [250]),
        ("On 24 Aug, 250 people died; may 3 people help?", "en", [250, 3]),  # English "may" is a verb
        # an older year after a date's preposition is no count, even after a counted figure
        ("About 90 firefighters saved the abbey, built in 1211.", "en", [90]),
        ("L'abbaye, construite depuis 1211, a brûlé; 90 pompiers sont intervenus.", "fr", [90]),
        ("Crews reached 1500 homes in Orlen.", "en", [1500]),
        # an ordinal written with a dot (a match's minute) and a phone number are no counts
        ("Tore: Velt (38.), Orlan (59., 65.) vor 40 000 Zuschauern.", "de", [40000]),
        ("Families of the 40 missing can call 0800 0961 233.", "en", [40]),
        ("Il y a eu 1 200 morts et 0,5 % de blessés.", "fr", [1200, 0.5]),
    ],
)
def test_a_day_of_a_month_is_no_count(text: str, lang: str, values: list[float]) -> None:
    assert [c.figure.value for c in find_claims(text, lang, None, DateResolver(None))] == values


@pytest.mark.parametrize(
    ("text", "lang", "unit"),
    [
        ("Il y avait six membres d'équipage.", "fr", "crew"),
        ("Viajaban 15 miembros de la tripulación.", "es", "crew"),
        ("On a retrouvé 40 corps.", "fr", "bodies"),  # a body count, not the toll
    ],
)
def test_a_noun_of_a_noun_counts_the_second(text: str, lang: str, unit: str) -> None:
    assert [c.unit_concept for c in find_claims(text, lang, None, DateResolver(None))] == [unit]


def test_dates_in_more_languages_reach_the_timeline() -> None:
    from datetime import date

    resolver = DateResolver(date(2016, 8, 26))
    found = resolver.find("Il terremoto del 24 agosto ha colpito Varlonne.")
    assert [d.date for d in found] == ["2016-08-24"]


def test_a_name_that_modifies_another_noun_does_not_scope_the_figure() -> None:
    from newsweave.facts.entities import EntityIndex, Mention

    text = (
        "A Varlon Air jet carrying 150 people from Ostra to Kellby crashed. "
        "Varlon Air said 300 died in Morvan."
    )
    names = [("Varlon Air", "ORG"), ("Ostra", "GPE"), ("Kellby", "GPE"), ("Morvan", "GPE")]
    mentions = [Mention(n, label, text.find(n), text.find(n) + len(n)) for n, label in names]
    idx = EntityIndex({"a": mentions}, {"a": text})
    places = {c.figure.value: c.places for c in find_claims(text, "en", idx, DateResolver(None))}
    assert places[150] == frozenset()  # neither the airline nor the route's ends
    assert places[300] == {"Morvan"}  # where they died, not who said it


def test_a_list_of_places_after_a_comma_scopes_the_figure() -> None:
    from newsweave.facts.entities import EntityIndex, Mention

    text = "Toll rises to 1,204 in Kestria, Ostra earthquake. Toll hits 900 in Kestria, officials said."
    names = [("Kestria", "GPE"), ("Ostra", "GPE")]
    mentions = [Mention(n, label, text.find(n), text.find(n) + len(n)) for n, label in names]
    idx = EntityIndex({"a": mentions}, {"a": text})
    places = {c.figure.value: c.places for c in find_claims(text, "en", idx, DateResolver(None))}
    assert places[1204] == {"Kestria", "Ostra"}
    assert places[900] == {"Kestria"}  # what follows the comma names no place


@pytest.mark.parametrize(
    ("text", "value", "part"),
    [
        ("Five of those 79 people have been identified.", 5, "of them"),
        ("Five of those 79 people have been identified.", 79, None),
        ("It won 48 of the 59 seats.", 48, None),
        ("Rescuers found 40 survivors in one basement.", 40, "in one basement"),
        # a sample is those asked, not a name's word nor the interview a figure was told in
        ("In interviews with the Ledger, nine drivers described the crash.", 9, "sample"),
        ("Twelve residents interviewed by the Ledger said they stayed.", 12, "sample"),
        ("The Kestrian Geological Survey said the quake measured 6.2.", 6.2, None),
        ("Mayor Ilse Varo said in an interview that 140 homes burned.", 140, None),
        ("In an interview, Mayor Ilse Varo said 140 homes burned.", 140, None),
        # a list within the whole goes on: "including 26 ... and 55 ..."
        ("There are 92 cases, including 26 with burns and 55 with damage.", 55, "including"),
        ("There are 92 cases, including 26 with burns and 55 with damage.", 92, None),
    ],
)
def test_a_part_of_a_whole_says_so(text: str, value: float, part: str | None) -> None:
    found = {c.figure.value: c.part for c in find_claims(text, "en", None, DateResolver(None))}
    assert found[value] == part


@pytest.mark.parametrize(
    ("text", "lang", "value"),
    [
        ("On compte 92 cas, parmi lesquels 26 cas de brûlures et 55 de dégâts.", "fr", 26),
        ("On compte 92 cas, parmi lesquels 26 cas de brûlures et 55 de dégâts.", "fr", 55),
        ("Hay 92 casos, entre ellos 26 con quemaduras.", "es", 26),
        ("Es gibt 92 Fälle, unter ihnen 26 mit Verbrennungen.", "de", 26),
        ("Ci sono 92 casi, tra cui 26 con ustioni.", "it", 26),
        ("Er zijn 92 gevallen, waaronder 26 met brandwonden.", "nl", 26),
    ],
)
def test_a_part_of_a_whole_says_so_in_other_languages(text: str, lang: str, value: float) -> None:
    found = {c.figure.value: c.part for c in find_claims(text, lang, None, DateResolver(None))}
    assert found[value] == "including"
    assert found[92] is None


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Nearly half a million cars were sold.", 500000),
        ("A fine of 18bn euros was set.", 18e9),
        ("Shares fell after £3bn was lost.", 3e9),
    ],
)
def test_magnitudes_at_full_value(text: str, value: float) -> None:
    assert [c.figure.value for c in find_claims(text, "en", None, DateResolver(None))] == [value]


def test_quantities_of_every_kind_are_read() -> None:
    """The invented sentences of bench/facts.py: what is read is labelled, and the values are read
    (fractions, ages and durations included)."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from bench.facts import score_quantities

    cov = score_quantities()
    assert cov.matched == cov.claims, cov.misses
    assert cov.f1 >= 0.99, cov.misses


def _aligned(story: str, unit: str, places: set[str]) -> Aligned:
    from newsweave.facts.claims import Found
    from newsweave.facts.numbers import Figure
    from newsweave.records import Claim

    claim = Claim(f"{story}-{unit}", unit, 5, 5, 5, unit, None, None, None, None, story, 0, 1)
    figure = Figure(5, 5, 5, None, 0, 1)
    found = Found(figure, 0, 1, unit, unit, None, None, frozenset(places), None, None, None, False)
    return Aligned(claim, found, story, None, False, True)


def test_the_body_an_event_is_about_does_not_narrow_its_figures() -> None:
    from newsweave.facts import event_subjects
    from newsweave.facts.entities import EntityIndex, Mention

    text = "Orvane Motors Labour Tories"
    idx = EntityIndex({"a": [Mention("Orvane Motors", "ORG", 0, 13), Mention("Labour", "ORG", 14, 20),
                             Mention("Tories", "NORP", 21, 27)]}, {"a": text})  # fmt: skip
    scandal = [_aligned("s1", "cars", {"Orvane Motors"}), _aligned("s2", "%", {"Orvane Motors"}),
               _aligned("s3", "cars", set())]  # fmt: skip
    assert event_subjects(scandal, idx) == {"Orvane Motors"}
    election = [_aligned("s1", "seats", {"Labour"}), _aligned("s2", "seats", {"Labour"}),
                _aligned("s3", "seats", {"Tories"})]  # fmt: skip
    assert event_subjects(election, idx) == frozenset()


def test_a_range_reads_as_its_two_ends() -> None:
    from newsweave.records import Claim
    from newsweave.report.view import claim_label

    claim = Claim("c", "passengers", 142, 142, 150, "passagers", "between", None, None, None, "a", 0, 1)
    assert claim_label(claim, "turess.example") == "142–150 passagers (turess.example)"


def test_an_age_reads_as_aged_not_as_a_counted_thing() -> None:
    from newsweave.records import Claim
    from newsweave.report.view import claim_label

    claim = Claim("c", "age in years", 35, 35, 35, "age", None, None, None, None, "a", 0, 1)
    assert claim_label(claim, "velmo.example") == "aged 35 (velmo.example)"


def test_a_collective_number_reads_as_its_words_then_its_value() -> None:
    from newsweave.records import Claim
    from newsweave.report.view import claim_label

    claim = Claim("c", "heures", 10, 10, 10, "heures", "une dizaine", None, None, None, "a", 0, 1)
    assert claim_label(claim, "velmo.example") == "une dizaine (10) heures (velmo.example)"


def test_one_is_spelled_even_beside_a_digit_one() -> None:
    from newsweave.facts.entities import EntityIndex, Mention

    text = "Pupils from one German town were among the 150 aboard."
    idx = EntityIndex({"a": [Mention("German", "NORP", 17, 23)]}, {"a": text})
    assert [c.figure.value for c in find_claims(text, "en", idx, DateResolver(None))] == [150]


@pytest.mark.parametrize(
    ("text", "verb"),
    [
        ("The quake leaves at least 1,500 people dead.", "killed"),
        ("The blast left 300 people injured.", "injured"),
        ("Some 2,000 people fled the town.", "left"),
    ],
)
def test_a_state_after_the_counted_noun_is_the_event(text: str, verb: str) -> None:
    assert [c.verb_concept for c in find_claims(text, "en", None, DateResolver(None))] == [verb]


def test_claims_read_through_the_event_memo_equal_a_fresh_reading() -> None:
    """A copy repeating its original's sentences gets the same claims from the memo, at its own
    spans and with its own dates, and changing one copy's claim leaves the other's alone."""
    original = "Rescuers said 412 people died on Tuesday. The storm destroyed 1,300 homes in Veltra."
    copy_text = "LATEST: The storm destroyed 1,300 homes in Veltra. Rescuers said 412 people died on Tuesday."
    memo: dict = {}
    first = find_claims(original, "en", None, DateResolver(date(2031, 3, 5)), memo)
    second = find_claims(copy_text, "en", None, DateResolver(date(2031, 4, 9)), memo)
    assert len(memo) == 3  # the repeated sentence is read once; "LATEST: The storm..." is new
    fresh = find_claims(copy_text, "en", None, DateResolver(date(2031, 4, 9)))
    assert second == fresh
    assert {c.figure.value for c in first} == {c.figure.value for c in second} == {412, 1300}
    assert {copy_text[c.start : c.end].split()[0] for c in second} == {"LATEST:", "Rescuers"}
    second[0].as_of = "changed"
    assert all(c.as_of != "changed" for c in first)


@pytest.mark.parametrize(
    ("text", "value", "year", "series"),
    [
        ("That is more than the 900 killed in a massive 1952 quake.", 900, "1952", False),
        ("The toll rose to 120, up from 80 on Monday.", 80, None, True),
        ("The toll rose to 120, up from 80 on Monday.", 120, None, False),
        ("The toll rose to 120, raising a previous count of 80.", 80, None, True),
        ("Voters backed it by 54 percent to 46 percent.", 46, None, False),
    ],
)
def test_a_figure_knows_its_year_and_whether_it_is_an_earlier_value(
    text: str, value: float, year: str | None, series: bool
) -> None:
    found = {c.figure.value: c for c in find_claims(text, "en", None, DateResolver(None))}
    assert (found[value].year, found[value].series) == (year, series)


@pytest.mark.parametrize(
    ("text", "value", "subject"),
    [
        # the speaker of a share is not what it measures; another share is not either
        ("Mayor Ilse Varenko said 38 percent would be ready by June.", 38, "percent"),
        ("Some 58 percent backed the plan in Orlen and 41 percent in Velmar.", 41, "percent"),
        ("The treaty would cut emissions by 25 percent by 2040.", 25, "emissions, percent"),
    ],
)
def test_a_share_names_only_what_it_measures(text: str, value: float, subject: str) -> None:
    assert subjects(text, "en")[value] == subject


@pytest.mark.parametrize(
    "text",
    [
        "The ferry sank within 12 minutes, but Varlonne officials said no distress call was made.",
        "The descent lasted 12 minutes, he told reporters in Orlen.",
    ],
)
def test_a_source_is_no_pronoun_and_no_next_clause(text: str) -> None:
    found = find_claims(text, "en", None, DateResolver(None))
    assert [c.attributed_to for c in found] == [None]


def test_a_source_that_names_someone_is_kept() -> None:
    text = "The ferry sank within 12 minutes, the Varlonne coast guard said."
    found = find_claims(text, "en", None, DateResolver(None))
    assert [c.attributed_to for c in found] == ["Varlonne coast guard"]


def test_a_subject_says_a_counted_group_once_and_names_a_unit() -> None:
    fig = Figure(41, 41, 41, None, 0, 2)
    group = frozenset({"Norwegians"})
    found = Found(fig, 0, 1, "norwegians", None, None, None, group, None, None, None, False)
    found.place_types = {"Norwegians": "NORP"}
    assert found.subject == "Norwegians"
    found = Found(fig, 0, 1, "ft", None, None, None, frozenset(), None, None, None, False)
    assert found.subject == "feet"


def test_a_modifier_and_a_noun_before_the_counted_plural_are_its_name() -> None:
    got = subjects("The Orlen ferry carried 12 high school students to Varlonne.", "en")[12]
    assert got.startswith("high school students"), got


def test_a_name_counted_in_its_own_plural_is_said_once() -> None:
    from newsweave.facts.entities import EntityIndex, Mention

    text = "Orlen said it recalled 482,000 Orlen Vans in Velta."
    marks = [("Orlen", "ORG", 0), ("Orlen", "ORG", 32), ("Velta", "GPE", 46)]
    index = EntityIndex({"a": [Mention(n, lab, at, at + len(n)) for n, lab, at in marks]}, {"a": text})
    found = find_claims(text, "en", index, DateResolver(None))
    assert [c.subject for c in found] == ["Orlen Vans recalled in Velta"]
