"""Facts across two invented reports of one event: a dated wire story and an undated rival.

The fixtures reproduce the seed problems with invented people and places: titled names,
accented and plain spellings, a bare surname the model tags as a place, anonymous speakers,
a quote over two paragraphs, "he said X told him", part-of-a-whole figures, figures in words,
relative weekdays and an undated article.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

import pytest

from newsweave.facts import extract_facts
from newsweave.facts.entities import Mention
from newsweave.records import Article, Claim, Facts, Story

FIXTURES = Path(__file__).parent / "fixtures" / "facts"

# What an NER model would tag, mistakes included ("Halden" alone as a place).
NAMES = {
    "Viktor Halden": "PERSON", "Víktor Halden": "PERSON", "Halden": "GPE", "Anton Reyes": "PERSON",
    "Marta Ilves": "PERSON", "Ilves": "PERSON", "Pavel Dusan": "PERSON", "Pável Dusán": "PERSON",
    "Dusan": "PERSON", "Lena Okafor": "PERSON", "Kestria": "GPE", "Norvania": "GPE", "UN": "ORG",
    "Daily Courier": "ORG",
}  # fmt: skip
_NAME_RE = re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, NAMES), key=len, reverse=True)) + r")\b")


def fake_tagger(texts: Sequence[str]) -> list[list[Mention]]:
    return [
        [Mention(m.group(), NAMES[m.group()], m.start(), m.end()) for m in _NAME_RE.finditer(t)]
        for t in texts
    ]


def articles() -> tuple[list[Article], list[Story]]:
    wire = Article("wire", (FIXTURES / "wire.txt").read_text("utf-8"), published="2024-03-12", outlet="Wire")
    rival = Article("rival", (FIXTURES / "rival.txt").read_text("utf-8"), outlet="Rival")
    return [wire, rival], [Story("s-wire", "wire", ["wire"]), Story("s-rival", "rival", ["rival"])]


@pytest.fixture(scope="module")
def facts() -> Facts:
    arts, stories = articles()
    return extract_facts(arts, stories, tagger=fake_tagger)


def claim(facts: Facts, article: str, value: float) -> Claim:
    return next(c for c in facts.claims if c.article == article and c.value == value)


def group_of(facts: Facts, claim_id: str) -> tuple[str, list[str]]:
    comp = next(c for c in facts.comparisons if claim_id in c.claims)
    return comp.status, comp.claims


@pytest.mark.parametrize(
    ("a", "b", "status"),
    [((280, "wire"), (90, "rival"), "differ"), ((2e6, "wire"), (2e6, "rival"), "agree"),
     ((40, "wire"), (40, "rival"), "agree")],
)  # fmt: skip
def test_figures_about_one_quantity_are_compared(facts: Facts, a: tuple, b: tuple, status: str) -> None:
    first, second = claim(facts, a[1], a[0]), claim(facts, b[1], b[0])
    got, members = group_of(facts, first.id)
    assert second.id in members
    assert got == status


def test_bounds_qualifier_source_and_date(facts: Facts) -> None:
    c = claim(facts, "wire", 280)
    assert (c.low, c.high, c.qualifier) == (280, None, "over")
    assert c.attributed_to == "Kestrian border officials"
    assert c.as_of == "2024-03-12"  # "said Tuesday", published Tuesday 12 March
    assert c.unit and "officers" in c.unit


@pytest.mark.parametrize("value", [35, 7])
def test_part_of_a_whole_is_not_compared_with_the_total(facts: Facts, value: float) -> None:
    part = claim(facts, "wire", value)  # 35 in one shelter, 7 interviewed
    _, members = group_of(facts, part.id)
    assert members == [part.id]


def test_claim_spans_are_sentences_of_their_article(facts: Facts) -> None:
    texts = {a.id: a.text for a in articles()[0]}
    for c in facts.claims:
        sentence = texts[c.article][c.start : c.end]
        assert sentence.strip() == sentence and sentence


@pytest.mark.parametrize(
    ("article", "start", "speaker"),
    [
        ("wire", "I did not want", "Anton Reyes"),  # "," Cpl. Anton Reyes said
        ("wire", "The only way out", "Marta Ilves"),  # "," said Cpl. Marta Ilves, a mother of three
        ("wire", "We can still change", "Pável Dusán"),  # he said Dusan told him
        ("rival", "I think it was", "a 31-year-old officer"),  # anonymous stays a description
        ("rival", "The force is collapsing", "a 31-year-old officer"),  # opens a two-paragraph quote
        ("rival", "We are tired", "a 31-year-old officer"),  # "he added"
        ("rival", "time is running out", "Lena Okafor"),  # Foreign Minister Lena Okafor said ...
        ("rival", "Setting a date", "Lena Okafor"),  # Ms Okafor told reporters
    ],
)
def test_quote_speakers(facts: Facts, article: str, start: str, speaker: str) -> None:
    quote = next(q for q in facts.quotes if q.article == article and q.text.startswith(start))
    assert quote.speaker == speaker


def test_quote_spans_cite_the_text(facts: Facts) -> None:
    texts = {a.id: a.text for a in articles()[0]}
    assert facts.quotes
    for q in facts.quotes:
        assert texts[q.article][q.start : q.end] == q.text


def test_one_entity_per_person_across_spellings_and_titles(facts: Facts) -> None:
    halden = [e for e in facts.entities if any("Halden" in a for a in e.aliases)]
    assert len(halden) == 1
    assert {"President Viktor Halden", "President Víktor Halden", "Halden", "Mr Halden"} <= set(
        halden[0].aliases
    )
    assert halden[0].type == "PERSON"
    dusan = [e for e in facts.entities if any("Dus" in a for a in e.aliases)]
    assert len(dusan) == 1 and {"Pavel Dusan", "Pável Dusán"} <= set(dusan[0].aliases)
    assert set(halden[0].articles) == {"wire", "rival"}


def test_people_sharing_a_surname_stay_apart() -> None:
    art = Article("x", "Ana Ilves met Marta Ilves. Ilves said nothing.")

    def tagger(texts: Sequence[str]) -> list[list[Mention]]:
        names = re.compile(r"Ana Ilves|Marta Ilves|Ilves")
        return [[Mention(m.group(), "PERSON", m.start(), m.end()) for m in names.finditer(t)] for t in texts]

    facts = extract_facts([art], [Story("x", "x", ["x"])], tagger=tagger)
    names = sorted(e.name for e in facts.entities)
    assert names == ["Ana Ilves", "Ilves", "Marta Ilves"]


@pytest.mark.parametrize(
    ("article", "start", "date"),
    [
        ("wire", "A plan by the opposition", "2024-03-09"),  # "stalled Saturday", published Tue 12
        ("rival", "More than 90 officers", "2024-03-09"),  # undated: Saturday as in the dated report
        ("rival", "On Sunday", "2024-03-10"),
    ],
)
def test_timeline_resolves_relative_days(facts: Facts, article: str, start: str, date: str) -> None:
    entries = [t for t in facts.timeline if t.article == article and t.text.startswith(start)]
    assert [t.date for t in entries] == [date]


def test_copies_get_facts_with_their_own_spans() -> None:
    arts, _ = articles()
    wire = arts[0]
    copy = Article("copy", "AGGREGATOR HEADER\n\n" + wire.text, outlet="Aggregator")
    facts = extract_facts([wire, copy], [Story("s", "wire", ["wire", "copy"])], tagger=fake_tagger)
    copied = [c for c in facts.claims if c.article == "copy"]
    assert len(copied) == len([c for c in facts.claims if c.article == "wire"])
    for c in copied:
        assert copy.text[c.start : c.end] in wire.text
    same = next(comp for comp in facts.comparisons if any(i.startswith("copy") for i in comp.claims))
    assert same.status == "single"  # a copy does not corroborate its original
    assert any("copy" in e.articles for e in facts.entities)


@pytest.mark.slow
def test_with_the_real_model() -> None:
    arts, stories = articles()
    facts = extract_facts(arts, stories)
    speakers = {q.text[:14]: q.speaker for q in facts.quotes}
    assert speakers["We can still c"] in {"Pável Dusán", "Pavel Dusan"}
    assert speakers["Setting a date"] == "Lena Okafor"
    halden = [e for e in facts.entities if "Viktor Halden" in " ".join(e.aliases)]
    assert len(halden) == 1 and "Mr Halden" in halden[0].aliases


def test_an_updated_version_supersedes_and_does_not_corroborate() -> None:
    arts, _ = articles()
    wire, rival = arts
    old = Article(
        "wire-v1",
        wire.text.replace("Over 280", "Over 230").replace("five days", "four days"),
        published="2024-03-11",
        outlet="Wire",
    )
    stories = [Story("s-wire", "wire-v1", ["wire-v1", "wire"]), Story("s-rival", "rival", ["rival"])]
    facts = extract_facts([old, wire, rival], stories, tagger=fake_tagger)
    earlier, later = claim(facts, "wire-v1", 230), claim(facts, "wire", 280)
    assert later.supersedes == earlier.id and earlier.supersedes is None
    status, members = group_of(facts, later.id)
    assert earlier.id in members and status == "differ"


def test_the_tagger_reads_each_sentence_once() -> None:
    arts, _ = articles()
    wire = arts[0]
    copy = Article("copy", wire.text, outlet="Aggregator")
    rewrite = Article("rewrite", wire.text + "\n\nA new closing line names Mr Halden again.", outlet="Other")
    seen: list[str] = []

    def counting(texts: Sequence[str]) -> list[list[Mention]]:
        seen.extend(texts)
        return fake_tagger(texts)

    story = Story("s", "wire", ["wire", "copy", "rewrite"])
    facts = extract_facts([wire, copy, rewrite], [story], tagger=counting)
    assert len(seen) == 2 and seen[1].strip() == "A new closing line names Mr Halden again."
    halden = next(e for e in facts.entities if "Mr Halden" in e.aliases)
    assert set(halden.articles) == {"wire", "copy", "rewrite"}


def _index_of(text: str, names: list[tuple[str, str]]) -> list[list[str]]:
    from newsweave.facts.entities import EntityIndex

    found = [(n, label, m) for n, label in names for m in re.finditer(re.escape(n), text)]
    ms = [Mention(n, label, m.start(), m.end()) for n, label, m in found]
    return sorted(sorted(e.aliases) for e in EntityIndex({"a": ms}, {"a": text}).entities)


@pytest.mark.parametrize(
    ("text", "names", "groups"),
    [
        (  # an acronym of the parts of one word, also inside a longer name
            "Kraftwerke said profits fell. KW Group shares dropped; KW denied it.",
            [("Kraftwerke", "ORG"), ("KW Group", "ORG"), ("KW", "ORG")],
            [["KW", "KW Group", "Kraftwerke"]],
        ),
        (  # letters that do not follow one another in the word: no acronym of it
            "Kraftwerke said profits fell. WK shares dropped.",
            [("Kraftwerke", "ORG"), ("WK", "ORG")],
            [["Kraftwerke"], ["WK"]],
        ),
        (  # two words the acronym could stand for: it stays apart
            "Kraftwerke and Kornwall met. KW declined to comment.",
            [("Kraftwerke", "ORG"), ("Kornwall", "ORG"), ("KW", "ORG")],
            [["KW"], ["Kornwall"], ["Kraftwerke"]],
        ),
        (  # a person is no acronym's word
            "Kowalewski spoke. KW declined to comment.",
            [("Kowalewski", "PERSON"), ("KW", "ORG")],
            [["KW"], ["Kowalewski"]],
        ),
    ],
)
def test_an_acronym_from_within_one_word_joins_its_name(
    text: str, names: list[tuple[str, str]], groups: list[list[str]]
) -> None:
    assert _index_of(text, names) == groups
