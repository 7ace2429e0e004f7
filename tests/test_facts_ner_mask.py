"""NER does not read sentences that can name no one (``entities.masked``): no capital letter but
the first word's, and that word a function word. Offsets are kept, so the tagger's spans still
index the article. Invented sentences."""

from __future__ import annotations

import pytest

from newsweave.facts.entities import masked, tag

TEXT = (
    "The ferry left Velmora at dawn. it was late and the sea was rough.\n"
    "But Ada Linn, the harbour master, said all 40 passengers were safe!\n"
    "they waited for hours\nShare this story"
)


def test_nameless_sentences_are_blanked_and_offsets_kept() -> None:
    out = masked(TEXT)
    assert len(out) == len(TEXT)
    assert "it was late" not in out and "they waited" not in out
    for kept in ("The ferry left Velmora at dawn.", "But Ada Linn, the harbour master,", "Share this story"):
        assert out.index(kept) == TEXT.index(kept)
    assert out.count("\n") == TEXT.count("\n")


@pytest.mark.parametrize(
    "sentence",
    [
        "Police said the road was closed.",  # the first word is no function word: it may be a name
        "The road to Kestria was closed.",  # a capital after the first word
        "the Velmora ferry sank.",
    ],
)
def test_a_sentence_that_may_name_someone_is_read(sentence: str) -> None:
    assert masked(sentence) == sentence


def test_names_after_a_blanked_sentence_are_tagged_where_the_text_has_them() -> None:
    found = tag([TEXT])[0]
    assert all(TEXT[m.start : m.end] == m.text for m in found)
    assert ("Ada Linn", "PERSON") in {(m.text, m.label) for m in found}
