"""The timeline: one entry per dated fact per story, citing the original, every reporter listed."""

from __future__ import annotations

import pytest

from newsweave.facts import extract_facts
from newsweave.facts.timeline import resolvers, timeline
from newsweave.records import Article, Story


def test_copies_and_translations_are_sources_of_one_entry() -> None:
    wire = Article(id="wire", published="2026-03-10", text=(
        "The Varlonne dam gave way on Monday after two days of rain. "
        "Crews will reopen the road on Friday."))  # fmt: skip
    repost = Article(id="repost", text=wire.text)
    spanish = Article(id="es", lang="es", published="2026-03-10",
                      text="La presa de Varlonne cedió el lunes tras dos días de lluvia.")  # fmt: skip
    other = Article(id="local", published="2026-03-10", text="Residents left the valley on Monday night.")
    stories = [Story("wire", "wire", ["wire", "repost", "es"]), Story("local", "local", ["local"])]
    facts = extract_facts([wire, repost, spanish, other], stories)
    got = sorted((t.date, t.article, t.sources) for t in facts.timeline)
    assert got == [
        ("2026-03-09", "local", ["local"]),  # another story: its own entry
        ("2026-03-09", "wire", ["wire", "repost", "es"]),
        ("2026-03-13", "wire", ["wire", "repost"]),
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
    ],
)
def test_a_sentence_naming_two_days_is_one_entry_on_the_day_it_happened(sentence: str, day: str) -> None:
    art = Article(id="a", text=f"Floods in Orlen. {sentence}", published="2031-03-11")
    entries = timeline(art, resolvers([art])["a"])
    assert [(t.date, t.text) for t in entries] == [(day, sentence)]
