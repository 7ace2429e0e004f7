"""Language identification: the memo of py3langid's guesses is keyed by the sample itself."""

from __future__ import annotations

import importlib

import py3langid
import pytest

from newsweave.clean.lang import SAMPLE_CHARS, detect_lang

TEXTS = [
    "Harbour officials in Velmora said on Tuesday that twelve boats were damaged by the storm.",
    "Las autoridades del puerto de Velmora dijeron el martes que doce barcos resultaron dañados.",
    "Les autorités du port de Velmora ont déclaré mardi que douze bateaux avaient été endommagés.",
    "Die Hafenbehörden von Velmora teilten am Dienstag mit, dass zwölf Boote beschädigt wurden.",
]


@pytest.mark.parametrize("text", TEXTS)
def test_same_guess_as_py3langid_and_again_when_memoised(text: str) -> None:
    expected = str(py3langid.classify(text[:SAMPLE_CHARS])[0])
    assert detect_lang(text) == expected
    assert detect_lang(text) == expected


def test_alternating_texts_keep_their_own_language() -> None:
    first = [detect_lang(t) for t in TEXTS]
    assert [detect_lang(t) for t in reversed(TEXTS)] == first[::-1]
    assert len(set(first)) == len(TEXTS)


def test_text_past_the_sample_does_not_matter_and_labels_win() -> None:
    assert detect_lang(TEXTS[0] * 20) == detect_lang(TEXTS[0] * 20 + " Fin del artículo.")
    assert detect_lang(TEXTS[1], given="PT-br") == "pt"
    assert detect_lang("two words") == "en"


def test_plain_english_is_told_without_py3langid(monkeypatch: pytest.MonkeyPatch) -> None:
    english = (
        "The harbour was closed on Tuesday after the storm, and it will not open again until the "
        "boats that were damaged in it have been moved out of the way, the officials said."
    )
    spanish = " ".join(TEXTS[1] for _ in range(4))
    asked: list[str] = []
    lang_module = importlib.import_module("newsweave.clean.lang")
    monkeypatch.setattr(lang_module, "_classified", lambda s: asked.append(s) or "es")
    assert detect_lang(english) == "en"
    assert not asked
    assert detect_lang(spanish) == "es"
    assert asked
