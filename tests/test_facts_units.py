"""Smaller pieces of the facts stage: entity merging rules, quote marks, dates, subjects."""

from __future__ import annotations

from datetime import date

import pytest

from newsweave.facts.claims import find_claims
from newsweave.facts.entities import EntityIndex, Mention, strip_titles, title_start
from newsweave.facts.quotes import find_quotes
from newsweave.facts.timeline import DateResolver


def index(mentions: dict[str, list[tuple[str, str]]], texts: dict[str, str] | None = None) -> EntityIndex:
    """An index from (surface, label) pairs; offsets are found in ``texts`` when given."""
    out: dict[str, list[Mention]] = {}
    for aid, pairs in mentions.items():
        text = (texts or {}).get(aid, "")
        ms, pos = [], 0
        for surface, label in pairs:
            at = text.find(surface, pos) if text else pos
            ms.append(Mention(surface, label, at, at + len(surface)))
            pos = at + len(surface)
        out[aid] = ms
    return EntityIndex(out, texts or {})


def merged(idx: EntityIndex) -> list[set[str]]:
    return sorted((set(e.aliases) for e in idx.entities), key=lambda s: sorted(s))


@pytest.mark.parametrize(
    ("pairs", "together"),
    [
        ([("Liberal Democrats", "NORP"), ("Lib Dems", "PERSON"), ("Lib Dem", "PERSON")], 3),
        ([("United Nations", "ORG"), ("UN", "ORG")], 2),
        ([("Scottish National Party", "ORG"), ("SNP", "ORG")], 2),
        ([("Orvane Electronics", "ORG"), ("Orvane Galaxy Phone", "ORG"), ("Orvane", "ORG")], 2),
        ([("Santa Lucía International Bridge", "FAC"), ("Santa Lucia bridge", "FAC")], 2),
        ([("President Nilo Garza", "PERSON"), ("Mr Garza", "PERSON"), ("Garza", "ORG")], 3),
        ([("Carmen Ruiz", "PERSON"), ("Tomas Ruiz", "PERSON"), ("Ruiz", "PERSON")], 1),
        # spellings of one name merge; two people never do
        ([("Volodar Zelensky", "PERSON"), ("Volodar Zelenskyy", "PERSON")], 2),
        ([("Mohammed Farouk", "PERSON"), ("Muhammad Farouk", "PERSON")], 2),
        ([("Ostrakhara Tower", "FAC"), ("Ostrkhara Tower", "FAC")], 2),
        ([("Kestrovan", "GPE"), ("Kestrowan", "GPE")], 2),
        ([("Daniel Okafor", "PERSON"), ("Danielle Okafor", "PERSON")], 1),
        ([("Pavel Brunner", "PERSON"), ("Pavel Bruner", "PERSON"), ("Petra Brunner", "PERSON")], 2),
        ([("Marta Lind", "PERSON"), ("Mirta Lind", "PERSON")], 1),
        ([("Kestrovan", "GPE"), ("Kestrowan", "PERSON")], 1),
        # an agency's two capitals are not a plain word that holds them
        ([("NW", "ORG"), ("Nowakia", "ORG")], 1),
        ([("KV", "ORG"), ("Kraftverk", "ORG")], 2),
    ],
)
def test_merging_rules(pairs: list[tuple[str, str]], together: int) -> None:
    idx = index({"a": pairs})
    assert max(len(s) for s in merged(idx)) == together


def test_parenthetical_names_one_body() -> None:
    text = "The agency KDMA (Kestrian Disaster Management Authority) said."
    idx = index({"a": [("KDMA", "ORG"), ("Kestrian Disaster Management Authority", "ORG")]}, {"a": text})
    assert len(idx.entities) == 1


def test_a_dateline_agency_is_not_the_place_before_it() -> None:
    text = "VELDA, Norland (NW) - Rescuers said."
    idx = index({"a": [("Norland", "GPE"), ("NW", "ORG")]}, {"a": text})
    assert len(idx.entities) == 2


def test_shared_surname_follows_the_person_named_in_the_article() -> None:
    texts = {"a": "Carmen Ruiz spoke. Ruiz left.", "b": "Tomas Ruiz spoke. Ruiz stayed."}
    idx = index(
        {
            "a": [("Carmen Ruiz", "PERSON"), ("Ruiz", "PERSON")],
            "b": [("Tomas Ruiz", "PERSON"), ("Ruiz", "PERSON")],
        },
        texts,
    )
    assert {"Carmen Ruiz", "Ruiz"} in merged(idx) and {"Tomas Ruiz", "Ruiz"} in merged(idx)


@pytest.mark.parametrize(
    ("written", "name"),
    [
        ("US Secretary of State Lena Okafor", "Lena Okafor"),
        ("Sgt. Anton Reyes", "Anton Reyes"),
        ("Prime Minister Ola Berg", "Ola Berg"),
        ("Mr Berg's", "Berg"),
        ("Tidewater Vice President Ines Vale", "Ines Vale"),  # the title's owner goes too
        ("Norland's Chancellor Ola Berg", "Ola Berg"),
        ("Minister of the Interior Ola Berg", "Ola Berg"),
        ("Minister of the Interior", "Minister of the Interior"),  # no name after the titles
        ("John Major", "John Major"),
    ],
)
def test_titles_are_not_names(written: str, name: str) -> None:
    assert strip_titles(written) == name


@pytest.mark.parametrize(
    ("text", "quote", "speaker"),
    [
        ("‘We will rebuild,’ Mayor Ida Holm said.", "We will rebuild,", "Ida Holm"),
        ("\"It was chaos,'' the head of the port unit Ida Holm told reporters.", "It was chaos,", "Ida Holm"),
        ("“Enough,“ Ida Holm said as she left.", "Enough,", "Ida Holm"),
        ('"We won," said one of the strikers, Pau Vidal.', "We won,", "Pau Vidal"),
        (
            "Officials said the harbour was “closed until further notice”.",
            "closed until further notice",
            "officials",
        ),
        (
            "Sunday’s search sought to “trace the boat”, harbour chief Ida Holm said.",
            "trace the boat",
            "Ida Holm",
        ),
    ],
)
def test_quote_marks_and_speakers(text: str, quote: str, speaker: str) -> None:
    quotes = find_quotes(text, "a", None)
    assert [(q.text, q.speaker) for q in quotes] == [(quote, speaker)]


def test_british_quote_over_two_paragraphs() -> None:
    text = "Ida Holm said after the vote: ‘We lost the seat.\n\n‘But we will be back.’\n\nNext story"
    quotes = find_quotes(text, "a", None)
    assert [q.speaker for q in quotes] == ["Ida Holm", "Ida Holm"]
    assert [text[q.start : q.end] for q in quotes] == [q.text for q in quotes]


def test_a_headline_in_quotes_is_not_the_last_speaker_talking() -> None:
    text = (
        "“The port is shut,” Ida Holm said.\n\nHolm said the ferries stopped.\n\n‘Dark days’\n\nMore later."
    )
    quotes = find_quotes(text, "a", None)
    assert quotes[-1].text == "Dark days" and quotes[-1].speaker is None


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("The convoy stalled Saturday.", "2024-03-09"),
        ("He will travel on Monday.", "2024-03-18"),
        ("Officials said Tuesday the toll rose.", "2024-03-12"),
        ("It happened on March 3.", "2024-03-03"),
        ("It happened last Tuesday.", "2024-03-05"),
        ("The vote was held yesterday.", "2024-03-11"),
    ],
)
def test_relative_dates_against_publication(sentence: str, expected: str) -> None:
    resolver = DateResolver(date(2024, 3, 12))  # a Tuesday
    assert [m.date for m in resolver.find(sentence)][:1] == [expected]


@pytest.mark.parametrize(
    ("text", "lang", "value", "unit", "part"),
    [
        ("The death toll in Kestria has risen to 1,204.", "en", 1204, "people", None),
        ("The number of people who died has passed 900.", "en", 900, "people", None),
        ("Rescuers found 40 survivors in one basement.", "en", 40, "survivor", "in one basement"),
        ("The toll is 300, including 45 in the capital.", "en", 45, "people", "including"),
        ("It won 48 of the 59 seats.", "en", 48, "seats", None),
        ("The party has a majority of 80 seats.", "en", 80, "seats", "margin"),
        ("Plus de 2 000 personnes ont fui.", "fr", 2000, "people", None),
        ("Crews race to save dam as 1,200 flee town", "en", 1200, "people", None),
        ("Engineers will open two of the dam's floodgates.", "en", 2, "floodgate", None),
        ("Protecció Civil ha elevat a 17 el nombre de víctimes mortals.", "ca", 17, "people", None),
        ("La policía elevó a 23 el número de víctimas.", "es", 23, "people", None),
        ("Rescuers searched a remote valley in a snowy region for 40 climbers.", "en", 40, "climber", None),
    ],
)
def test_what_a_figure_counts(text: str, lang: str, value: float, unit: str, part: str | None) -> None:
    found = [c for c in find_claims(text, lang, None, DateResolver(None)) if c.figure.value == value]
    assert found and found[0].unit_concept == unit and found[0].part == part


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("The valley was hit by a fresh tremor measuring 4.2 on the Richter scale on Monday.", "en"),
        ("La secousse, d’une magnitude d’au moins 5.9, a réveillé la vallée.", "fr"),
        ("Das Beben der Stärke von mehr als 5 hat die Täler erschüttert.", "de"),
    ],
)
def test_a_scale_word_a_few_function_words_away_makes_a_magnitude(text: str, lang: str) -> None:
    found = find_claims(text, lang, None, DateResolver(None))
    assert [c.unit_concept for c in found] == ["magnitude"]


def test_a_scale_word_that_ends_the_window_belongs_to_the_next_figure() -> None:
    found = find_claims("The storm killed 12 in a magnitude 6 quake zone.", "en", None, DateResolver(None))
    assert found[0].unit_concept == "people"


@pytest.mark.parametrize(
    "text",
    [
        "The quake, which measured 6.4 according to the Kestria seismic institute, toppled homes.",
        "The council said 12,000 spent the night in schools.",
    ],
)
def test_no_word_after_a_figure_that_cannot_name_what_it_counts(text: str) -> None:
    units = {c.unit_concept for c in find_claims(text, "en", None, DateResolver(None))}
    assert not units & {"according", "spent"}


@pytest.mark.parametrize(
    ("text", "name", "written"),
    [
        (
            "On Sunday, US Secretary of State Lena Okafor said.",
            "State Lena Okafor",
            "US Secretary of State Lena Okafor",
        ),
        ("The leader of the Liberal Democrats spoke.", "Liberal Democrats", "Liberal Democrats"),
        ("Sgt. Anton Reyes said.", "Anton Reyes", "Sgt. Anton Reyes"),
    ],
)
def test_written_titles_join_the_mention(text: str, name: str, written: str) -> None:
    at = text.find(name)
    assert text[title_start(text, at) : at + len(name)] == written


def test_as_of_is_the_reporting_day_not_an_event_named_by_its_day() -> None:
    text = "The death toll from Monday's quake rose to 1,204, officials said Wednesday."
    (claim,) = find_claims(text, "en", None, DateResolver(date(2024, 3, 14)))
    assert claim.as_of == "2024-03-13"
    (only_event,) = find_claims(
        "The toll from Monday's quake is 1,204.", "en", None, DateResolver(date(2024, 3, 14))
    )
    assert only_event.as_of is None


def test_a_role_before_a_pronoun_is_the_speaker() -> None:
    text = "After the Prime Minister had held onto his seat, he said: “We lost tonight.”"
    assert [q.speaker for q in find_quotes(text, "a", None)] == ["the Prime Minister"]


def test_a_nested_opening_mark_does_not_shift_the_pairs() -> None:
    text = "Holm said she was sad “to see “a part of us burn.” She sent “thoughts to all the crews.”"
    assert [q.text for q in find_quotes(text, "a", None)] == [
        "to see “a part of us burn.",
        "thoughts to all the crews.",
    ]


def test_labels_that_are_not_names_are_ignored() -> None:
    idx = index({"a": [("Monday", "DATE"), ("Kestria", "GPE")]})
    assert [e.name for e in idx.entities] == ["Kestria"]


@pytest.mark.parametrize(
    ("text", "names", "places"),
    [
        (
            "It was the worst night for the Labour Party, as they won 203 seats.",
            [("Labour Party", "ORG")],
            {"Labour Party"},
        ),
        ("In Kestria, 2,530 deaths have been confirmed.", [("Kestria", "GPE")], {"Kestria"}),
        (
            "Kestria's agency, KDMA, said 1,204 people were killed.",
            [("Kestria", "GPE"), ("KDMA", "ORG")],
            {"Kestria"},
        ),
        ("Orla was recognised as Kestria's leader by over 40 nations.", [("Kestria", "GPE")], set()),
    ],
)
def test_where_a_figure_counts(text: str, names: list[tuple[str, str]], places: set[str]) -> None:
    idx = index({"a": names}, {"a": text})
    (claim,) = find_claims(text, "en", idx, DateResolver(None))
    assert set(claim.places) == places


def test_undated_copy_reads_its_dates_against_its_original() -> None:
    from newsweave.facts import extract_facts
    from newsweave.records import Article, Story

    text = "The council said on Wednesday that it would open the floodgates."
    original = Article(id="wire", text=text, published="2026-03-10")
    copy = Article(id="repost", text=text)
    other = Article(id="local", text="The mayor spoke to residents on Wednesday evening.",
                    published="2026-03-11")
    stories = [Story("wire", "wire", ["wire", "repost"]), Story("local", "local", ["local"])]
    facts = extract_facts([original, copy, other], stories)
    # one entry per dated fact per story: the copy is a source of its original's entry
    got = sorted((t.article, t.sources) for t in facts.timeline)
    assert got == [("local", ["local"]), ("wire", ["wire", "repost"])]


def test_weekday_looks_ahead_only_after_a_future_cue() -> None:
    from newsweave.facts.timeline import DateResolver, timeline
    from newsweave.records import Article

    art = Article(id="a", published="2026-03-10", text=(
        "The maker announced on Monday that it would recall 40,000 scooters. "
        "Regulators will decide on Friday. Scooters sold last year are affected."))
    entries = timeline(art, DateResolver(date(2026, 3, 10)))
    got = [(t.date, t.precision) for t in entries]
    assert ("2026-03-09", "day") in got  # announced on Monday: the past Monday
    # will decide on Friday: the coming Friday, a plan's day, so no entry of the timeline
    (friday,) = DateResolver(date(2026, 3, 10)).find("Regulators will decide on Friday.")
    assert (friday.date, friday.planned) == ("2026-03-13", True)
    assert not any(t.text.startswith("Regulators") for t in entries)
    assert ("2025-01-01", "year") in got  # last year: a year, not New Year's Day


def test_the_counted_noun_is_not_also_the_verb() -> None:
    (found,) = find_claims("Lumetra has received 31 reports of overheating batteries.", "en", None,
                           DateResolver(None))
    assert found.subject == "reports"


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("It has 31 reports about its Glide 3 scooter.", [31]),
        ("It was a Category 4 storm that hit 120 homes.", [120]),
        ("The Conservatives have 365 seats, while Labour have 203.", [365, 203]),
        ("Officials counted 12 boats.", [12]),
        ("Lumetra recalls its Orbit Tab 7, after 35 reports of fires.", [35]),
        ("Lumetra recalls Tab 7", []),
        ("Results: Verdant 4, Azure 2.", [4, 2]),  # a tally of names and figures
    ],
)
def test_a_number_in_a_name_is_not_a_count(text: str, values: list[float]) -> None:
    found = find_claims(text, "en", None, DateResolver(None))
    assert [f.figure.value for f in found] == values


def test_a_surname_speaker_finds_the_person_the_tagger_called_an_org() -> None:
    text = 'Chief engineer Marta Ilves spoke first. "It will hold," Ilves said.'
    idx = index({"a": [("Marta Ilves", "ORG")]}, {"a": text})
    assert [q.speaker for q in find_quotes(text, "a", idx)] == ["Marta Ilves"]


def test_marks_around_a_name_are_no_quote() -> None:
    text = 'Armed groups known as "colectivos" fired shots. "We ran," said Ana Ilves.'
    assert [q.text for q in find_quotes(text, "a", None)] == ["We ran,"]


def test_a_question_is_no_timeline_entry() -> None:
    from newsweave.facts.timeline import timeline
    from newsweave.records import Article

    art = Article("a", "What happened at the border on Saturday? Troops closed it on Saturday.",
                  published="2019-02-26")
    entries = timeline(art, DateResolver(date(2019, 2, 26)))
    assert [e.text for e in entries] == ["Troops closed it on Saturday."]
