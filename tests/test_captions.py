"""Photo captions told from body text by their grammar (clean.captions), on invented lines."""

from __future__ import annotations

import pytest

from newsweave.clean import clean_text
from newsweave.clean.captions import caption_prefix, caption_shape

CAPTIONS = [
    "A rescuer walks amid the debris near the village of Varnok, Eldravia, on Friday.",
    "A helicopter takes off at Pellmont, Upper Ostrava, Tuesday, March 24, 2015.",
    "Mayor Tilda Brennock, left, is greeted by firefighters in Casterby on Monday, Jan. 11, 2021. "
    "(Photo/Jon Ash)",
    "A survivor is evacuated from a destroyed building in Korvath, Eldravia, on Feb. 7, 2023. "
    "| Photo: Dailywire/Ann Lo",
    "Posters of the new film are seen at a bookstore in Casterby in July 2019.",
]
BODY = [
    "The quake struck the region of Varnok on Friday.",
    "The death toll has risen to 212, officials said on Friday.",
    "The council will meet again in Casterby on Monday.",
    "The inquiry comes a week after the board sacked its chair on Sunday.",
    "Rovers, the reigning champions, are top of the table and play at Casterby on Sunday.",
    "A rescuer walks amid the debris near the village of Varnok, Eldravia.",  # no date: not read
    '"We are searching every house," a rescuer says on Friday.',
    "Un sauveteur marche dans les décombres de Varnok, vendredi 3 mars.",
]


@pytest.mark.parametrize("line", CAPTIONS)
def test_caption_lines(line: str) -> None:
    assert caption_shape(line, "en")


@pytest.mark.parametrize("line", BODY)
def test_body_lines(line: str) -> None:
    assert not caption_shape(line, "en")


def test_english_only() -> None:
    assert not caption_shape(CAPTIONS[0], "de")


def test_clean_marks_caption_optional() -> None:
    story = (
        "VARNOK, Eldravia (Wirewatch) — A strong earthquake struck the mountain region of Eldravia on "
        "Thursday, killing at least 40 people and leaving hundreds without shelter, officials said.\n\n"
        f"{CAPTIONS[0]}\n\n"
        "Rescue teams from three neighbouring countries reached the worst-hit villages overnight, "
        "the interior ministry said in a statement on Friday morning."
    )
    cleaned = clean_text(story, "en")
    kinds = {cleaned.text[s.start : s.end]: s.kind for s in cleaned.optional}
    assert kinds.get(CAPTIONS[0]) == "caption"
    assert CAPTIONS[0] in cleaned.text  # kept for a reader, never cited


def test_lone_caption_shaped_sentence_is_kept_as_body() -> None:
    line = "A rescuer walks amid the debris of what was once the market hall of Varnok, Eldravia, on Friday."
    cleaned = clean_text(line, "en")
    assert cleaned.text == line
    assert not cleaned.optional


def test_caption_glued_to_the_next_paragraph() -> None:
    caption = "A helicopter takes off at Pellmont, Upper Ostrava, Tuesday, March 24, 2015."
    lead = "A passenger jet carrying 150 people crashed on Tuesday in a remote valley of Upper Ostrava."
    assert caption_prefix(f"{caption} {lead}", "en") == len(caption)
    assert caption_prefix(f"{lead} {caption}", "en") == 0
    cleaned = clean_text(f"{caption} {lead}\n\n{lead.replace('150', '151')}", "en")
    assert [cleaned.text[s.start : s.end] for s in cleaned.optional if s.kind == "caption"] == [caption]


def test_date_before_the_place() -> None:
    line = (
        "A woman walks at the site of the crash Friday, July 18, 2014, near the village of Varnok, Eldravia."
    )
    assert caption_shape(line, "en")
