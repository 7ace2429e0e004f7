"""Sentence splitting on news text: abbreviations, quotes, headings, spans."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from newsweave.nlp.sentences import split_sentences


def texts(text: str) -> list[str]:
    return [text[s.start : s.end] for s in split_sentences(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Sgt. Ona Brill of the U.S. Coast Guard found the boat. It was empty.",
            ["Sgt. Ona Brill of the U.S. Coast Guard found the boat.", "It was empty."],
        ),
        (
            "Gov. Tam Oduya met Dr. Hale at 5 p.m. on Monday. They spoke briefly.",
            ["Gov. Tam Oduya met Dr. Hale at 5 p.m. on Monday.", "They spoke briefly."],
        ),
        (
            "Police Const. Rue Amsel and Cllr. Ida Noor closed the lane. Brig. Tomas Varn agreed.",
            ["Police Const. Rue Amsel and Cllr. Ida Noor closed the lane.", "Brig. Tomas Varn agreed."],
        ),
        (
            "Route No. 5 stayed shut. Crews reopened No. 7 later.",
            ["Route No. 5 stayed shut.", "Crews reopened No. 7 later."],
        ),
        (
            "The pumps came from Velder Pumps Inc. The company said more would follow.",
            ["The pumps came from Velder Pumps Inc.", "The company said more would follow."],
        ),
        (
            "Aid reached the U.S. Embassy first. The convoy moved to the U.S. The trip was long.",
            ["Aid reached the U.S. Embassy first.", "The convoy moved to the U.S.", "The trip was long."],
        ),
        (
            "``We will rebuild,'' said Mayor Ilse Parr. ``Every house.'' Then she left.",
            ["``We will rebuild,'' said Mayor Ilse Parr.", "``Every house.''", "Then she left."],
        ),
        (
            '"Is it safe?" asked one resident. "Not yet," said J. K. Obi.',
            ['"Is it safe?" asked one resident.', '"Not yet," said J. K. Obi.'],
        ),
        (
            "Flood Waters Recede in Marrowby\n\nThe river fell two metres overnight.",
            ["Flood Waters Recede in Marrowby", "The river fell two metres overnight."],
        ),
        (
            "Residents return home\nThe river fell two metres overnight, officials in Marrowby "
            "said on Tuesday, and the first families were allowed back into the lower town.",
            [
                "Residents return home",
                "The river fell two metres overnight, officials in Marrowby said on Tuesday, "
                "and the first families were allowed back into the lower town.",
            ],
        ),
        (
            # A quote running over two paragraphs: the paragraph break still ends the sentence.
            '"The water came at night. We had no warning.\n\n"Then the power went out," she said.',
            ['"The water came at night.', "We had no warning.", '"Then the power went out," she said.'],
        ),
        ("Prices rose 3.5 percent in May.", ["Prices rose 3.5 percent in May."]),
        ("", []),
        ("   \n\n  ", []),
    ],
)
def test_splits(text: str, expected: list[str]) -> None:
    assert texts(text) == expected


def test_hard_wrapped_lines_are_not_sentence_breaks() -> None:
    text = (
        "The river at Marrowby rose faster than any gauge had recorded since the\n"
        "records began, and the council ordered the lower town evacuated before\n"
        "midnight. Boats from Kell and Ostra helped carry the last families out."
    )
    assert len(texts(text)) == 2


_WORDS = st.sampled_from(
    ["Sgt.", "U.S.", "No.", "5", "river", "The", "said", "``Yes,''", '"No."', "Inc.", "a", "Dr."]
)
_SEPS = st.sampled_from([" ", " ", " ", ". ", "! ", "? ", "\n", "\n\n", "  ", ".\n"])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(_WORDS, _SEPS), max_size=40))
def test_spans_are_ordered_stripped_and_cover_all_words(parts: list[tuple[str, str]]) -> None:
    text = "".join(w + s for w, s in parts)
    sentences = split_sentences(text)
    last = 0
    for s in sentences:
        seg = text[s.start : s.end]
        assert seg and seg == seg.strip()
        assert s.start >= last
        last = s.end
    covered = " ".join(text[s.start : s.end] for s in sentences).split()
    assert covered == text.split()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (  # Arabic: no capitals; "." and "؟" end sentences
            "غمرت المياه قرية مرسى الورد ليلة الأحد. وقال رئيس البلدية إن 40 منزلا تضررت. هل من مساعدة؟ نعم.",
            ["غمرت المياه قرية مرسى الورد ليلة الأحد.", "وقال رئيس البلدية إن 40 منزلا تضررت.",
             "هل من مساعدة؟", "نعم."],
        ),
        (  # Hindi: the danda
            "मार्रोबी में बाढ़ से 40 घर डूब गए। अधिकारियों ने राहत शिविर खोले।",
            ["मार्रोबी में बाढ़ से 40 घर डूब गए।", "अधिकारियों ने राहत शिविर खोले।"],
        ),
        (  # Chinese and Japanese: full-width stops with no space after
            "洪水淹没了四十所房屋。官员开放了救济营！居民安全吗？",
            ["洪水淹没了四十所房屋。", "官员开放了救济营！", "居民安全吗？"],
        ),
        (  # Greek capitals open a sentence; a lower-case word after a dot does not
            "Η πλημμύρα έπληξε 40 σπίτια. Οι αρχές άνοιξαν καταφύγια κ.λπ. και σχολεία.",
            ["Η πλημμύρα έπληξε 40 σπίτια.", "Οι αρχές άνοιξαν καταφύγια κ.λπ. και σχολεία."],
        ),
        ("The U.S.Army base stayed shut. Crews left.", ["The U.S.Army base stayed shut.", "Crews left."]),
    ],
)
def test_splits_every_script(text: str, expected: list[str]) -> None:
    assert texts(text) == expected


def test_an_uncased_script_gets_summary_candidates() -> None:
    from newsweave.summarize.candidates import candidates

    text = (
        "غمرت المياه قرية مرسى الورد ليلة الأحد بعد أمطار غزيرة استمرت يومين كاملين. "
        "وقال رئيس البلدية إن أربعين منزلا تضررت وإن فرق الإنقاذ أجلت مئات السكان إلى المدارس."
    )
    assert [c.text.split()[0] for c in candidates([text])] == ["غمرت", "وقال"]


@pytest.mark.parametrize(
    ("text", "parts"),
    [
        # scraped text of a script without case that lost the space after its full stop
        ("ارتفع عدد القتلى في فالمورا.وقال المسؤولون إن 40 شخصا أصيبوا.", 2),
        ("वालमोरा में बाढ़ आई।अधिकारियों ने बताया कि 40 लोग घायल हुए।", 2),
        # a Latin-script stop glued to a letter is an abbreviation or a typo, not a boundary
        ("The U.S.A. team won 7.9 to 3.The end came late.", 1),
    ],
)
def test_a_stop_glued_between_caseless_letters_ends_a_sentence(text: str, parts: int) -> None:
    sentences = split_sentences(text)
    assert len(sentences) == parts
    assert all(text[s.start : s.end].strip() == text[s.start : s.end] for s in sentences)
