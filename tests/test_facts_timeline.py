"""The timeline: one entry per dated fact per story, citing the original, every reporter listed."""

from __future__ import annotations

from newsweave.facts import extract_facts
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
