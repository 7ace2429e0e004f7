"""Whatever the text, the fact readers return facts whose spans cite it, and never raise."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from newsweave.facts import extract_facts
from newsweave.records import Article, Story

_PIECES = st.sampled_from(
    ["“", "”", '"', "‘", "’", "'", "\n\n", " said ", " Mr ", "Halden", " 1,204 ", " more than ", "three",
     " million ", "Saturday", ". ", ", ", " he added", "(", ")", "Über 15.000", " 2,5 millions ", "é", "%"]
)  # fmt: skip


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(_PIECES, st.text(max_size=8)), max_size=40), st.sampled_from(["en", "fr", "sw"]))
def test_any_text_gives_cited_facts(pieces: list[str], lang: str) -> None:
    text = "".join(pieces)
    art = Article("a", text, lang=lang, published="2024-03-12")
    facts = extract_facts([art], [Story("a", "a", ["a"])], tagger=lambda texts: [[] for _ in texts])
    for q in facts.quotes:
        assert text[q.start : q.end] == q.text
    for c in facts.claims:
        assert 0 <= c.start < c.end <= len(text)
    for t in facts.timeline:
        assert text[t.start : t.end] == t.text
    ids = {c.id for c in facts.claims}
    assert all(i in ids for comp in facts.comparisons for i in comp.claims)
