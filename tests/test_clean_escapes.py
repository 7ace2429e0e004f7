"""String escapes a scraper saved undecoded ("mod\\u00e8les", "<\\/p>\\n") are decoded."""

from __future__ import annotations

import pytest

from newsweave.clean import clean_text
from newsweave.clean.escapes import decode_escapes

ESCAPED = (
    "Le rappel concerne un million de mod\\u00e8les aux\\u00a0\\u00c9tats-Unis apr\\u00e8s 92 "
    "incidents.<\\/p>\\nLa soci\\u00e9t\\u00e9 Lumetra a annonc\\u00e9 le remplacement de 130 000 "
    "appareils \\ud83d\\udd0b et dit \\\"regretter\\\" la situation."
)


def test_escapes_are_decoded() -> None:
    text, n = decode_escapes(ESCAPED)
    assert "modèles aux\u00a0États-Unis après 92 incidents.</p>\nLa société Lumetra a annoncé" in text
    assert "\U0001f50b" in text and 'dit "regretter"' in text
    assert n == 12


@pytest.mark.parametrize(
    "text",
    [
        "A path like C:\\users\\nina and one \\u00e9 escape stay as written.",
        "Plain text with no escapes at all.",
    ],
)
def test_text_with_few_escapes_is_left_alone(text: str) -> None:
    assert decode_escapes(text) == (text, 0)


def test_clean_decodes_and_logs_them() -> None:
    cleaned = clean_text(ESCAPED + "\n" + ESCAPED.replace("92", "93"))
    assert "\\u00e8" not in cleaned.text and "modèles" in cleaned.text
    assert any(r.kind == "mojibake" and "escapes decoded" in r.text for r in cleaned.removed)
