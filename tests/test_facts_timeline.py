"""The timeline: one entry per dated fact per story, citing the original, every reporter listed."""

from __future__ import annotations

import pytest

from newsweave.facts import extract_facts
from newsweave.facts.timeline import resolvers, timeline
from newsweave.records import Article, Story


def test_copies_and_translations_are_sources_of_one_entry() -> None:
    wire = Article(id="wire", published="2026-03-10", text=(
        "The Varlonne dam gave way on Monday after two days of rain. "
        "Crews closed the road on Sunday."))  # fmt: skip
    repost = Article(id="repost", text=wire.text)
    spanish = Article(id="es", lang="es", published="2026-03-10",
                      text="La presa de Varlonne cedió el lunes tras dos días de lluvia.")  # fmt: skip
    other = Article(id="local", published="2026-03-10", text="Residents left the valley on Monday night.")
    stories = [Story("wire", "wire", ["wire", "repost", "es"]), Story("local", "local", ["local"])]
    facts = extract_facts([wire, repost, spanish, other], stories)
    got = sorted((t.date, t.article, t.sources) for t in facts.timeline)
    assert got == [
        ("2026-03-08", "wire", ["wire", "repost"]),
        ("2026-03-09", "local", ["local"]),  # another story: its own entry
        ("2026-03-09", "wire", ["wire", "repost", "es"]),
    ]
    for t in facts.timeline:
        text = {"wire": wire.text, "local": other.text}[t.article]
        assert text[t.start : t.end] == t.text


def test_an_entry_cites_the_original_even_when_a_copy_comes_first() -> None:
    text = "The bridge closed on Monday."
    arts = [Article(id="copy", text=text), Article(id="orig", text=text, published="2026-03-10")]
    facts = extract_facts(arts, [Story("orig", "orig", ["copy", "orig"])])
    assert [(t.article, t.sources) for t in facts.timeline] == [("orig", ["orig", "copy"])]


def test_the_briefing_cites_every_copy_of_a_dated_fact_once() -> None:
    from newsweave.records import EventBriefing
    from newsweave.report.view import build_view

    text = "The bridge closed on Monday."
    arts = [Article(id="orig", text=text, published="2026-03-10"), Article(id="copy", text="Update. " + text)]
    stories = [Story("orig", "orig", ["orig", "copy"])]
    facts = extract_facts(arts, stories)
    assert [t.sources for t in facts.timeline] == [["orig", "copy"]]
    view = build_view(EventBriefing("e1", "t", None, None, arts, stories, facts=facts))
    [line] = view.timeline_once()
    assert [n for n, _ in line.cites] == [1, 2]


@pytest.mark.parametrize(
    ("sentence", "day"),
    [
        # the saying happened on Sunday; Monday's talks are what was said
        ("An aide said on Sunday that she would announce steps at the talks on Monday.", "2031-03-09"),
        ("On Tuesday, the Orlen dam authority said the river had crested on Monday.", "2031-03-11"),
        # a day after the report is a plan, not what happened
        ("Talks set for March 14 were called off on Monday, the Orlen council said.", "2031-03-10"),
        # a dateline's day is the filing's: the fact is the day the sentence names
        ("ORLEN, March 11 (Wirex) - The river crested on Monday, the dam authority said.", "2031-03-10"),
    ],
)
def test_a_sentence_naming_two_days_is_one_entry_on_the_day_it_happened(sentence: str, day: str) -> None:
    art = Article(id="a", text=f"Floods in Orlen. {sentence}", published="2031-03-11")
    entries = timeline(art, resolvers([art])["a"])
    assert [(t.date, t.text) for t in entries] == [(day, sentence)]


def _one_story(original: str, copy: str) -> list[tuple[str, str, list[str]]]:
    arts = [Article(id="orig", text=original, published="2031-05-14"), Article(id="copy", text=copy)]
    facts = extract_facts(arts, [Story("orig", "orig", ["orig", "copy"])])
    for t in facts.timeline:
        assert (original if t.article == "orig" else copy)[t.start : t.end] == t.text
    return [(t.date, t.text, t.sources) for t in facts.timeline]


@pytest.mark.parametrize(
    ("original", "copy"),
    [
        # a copy that adds a dateline the original lacks
        ("A ferry carrying 212 people ran aground off Kestral Point on Tuesday.",
         "PORT-VALEN, Ostria - A ferry carrying 212 people ran aground off Kestral Point on Tuesday."),
        # a copy that drops the wire's dateline and prints the statement as a quote
        ("ORLEN, May 14 (Wirex) - The captain ignored two warnings, a coastguard official said on Tuesday.",
         "\u201cThe captain ignored two warnings,\u201d a coastguard official said on Tuesday."),
        # small edits: another apostrophe, an agency credit, a spelling
        ("The harbour's master said on Tuesday the ferry's hull was checked in March.",
         "The harbor\u2019s master said on Tuesday the ferry\u2019s hull was checked in March, Wirex says."),
    ],
)  # fmt: skip
def test_a_copy_in_other_words_is_a_source_of_the_original_entry(original: str, copy: str) -> None:
    got = _one_story(original, copy)
    assert [(text, sources) for _, text, sources in got] == [(original, ["orig", "copy"])]


def test_two_facts_of_one_day_in_one_story_stay_two_entries() -> None:
    text = (
        "The port authority said on Tuesday it would close the Kestral quay to ferries. "
        "Police said on Tuesday that two crew members had been questioned about the warnings."
    )
    got = _one_story(text, "PORT-VALEN, Ostria - " + text)
    assert len(got) == 2
    assert all(sources == ["orig", "copy"] for _, _, sources in got)


def test_a_short_sentence_inside_a_longer_fact_is_not_that_fact() -> None:
    original = (
        "Divers who reached the wreck said the ferry sank on Tuesday within minutes of striking "
        "a reef that harbour pilots had marked on their charts for years."
    )
    got = _one_story(original, "The ferry sank on Tuesday.")
    assert len(got) == 2  # the copy's own sentence: its own entry, not a source of the longer one


def test_same_fact_ignores_datelines_quote_marks_and_case() -> None:
    from newsweave.facts.timeline import same_fact

    assert same_fact("KESTRAL, Ostria (Wirex) - The quay closed on Monday.", '"The quay closed on Monday."')
    assert not same_fact("The quay closed on Monday.", "The ferry company cut its timetable on Monday.")


@pytest.mark.parametrize(
    ("text", "cited"),
    [
        # a pronoun subject: the sentence before names it
        ("Mayor Ines Dorrel visited the Varlonne dam site. She said on Monday that repairs would start.",
         "Mayor Ines Dorrel visited the Varlonne dam site. She said on Monday that repairs would start."),
        # a quotation that runs over two sentences: the one that opens it and the one that closes it
        ("Ines Dorrel spoke to reporters. “The dam held until Monday. Then it gave way,” she said.",
         "“The dam held until Monday. Then it gave way,” she said."),
        ("Ines Dorrel spoke to reporters. “We knew on Monday the dam was weak. We said so,” she said.",
         "“We knew on Monday the dam was weak. We said so,” she said."),
        # a sentence that stands alone is cited alone
        ("The council met at noon. The Varlonne dam gave way on Monday after two days of rain.",
         "The Varlonne dam gave way on Monday after two days of rain."),
    ],
)  # fmt: skip
def test_an_entry_is_a_span_a_reader_can_take_alone(text: str, cited: str) -> None:
    art = Article(id="wire", published="2026-03-10", text=text)
    entries = timeline(art, resolvers([art])["wire"])
    assert [t.text for t in entries] == [cited]
    assert all(text[t.start : t.end] == t.text for t in entries)


def test_a_quotation_never_reaches_past_its_paragraph_or_into_a_headline() -> None:
    from newsweave.records import OptionalSpan

    head = "He spoke on Monday"
    text = f"{head}\n\nHe said on Monday the dam held.\n\n“It broke on Tuesday.\n\nIt was old,” he said."
    headline = [OptionalSpan("headline", 0, len(head))]
    art = Article(id="wire", published="2026-03-10", text=text, optional=headline)
    entries = [t for t in timeline(art, resolvers([art])["wire"]) if not art.in_optional(t.start, t.end)]
    assert [t.text for t in entries] == ["He said on Monday the dam held.", "“It broke on Tuesday."]
