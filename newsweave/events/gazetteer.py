"""Country names in many languages, from the Unicode CLDR data that Babel ships (offline).

"Turquía", "Türkei", "Uturuki" and "Turkey" all become the anchor ``@TR``, so reports of one
happening in different languages share the places they name.
"""

from __future__ import annotations

import unicodedata
from functools import cache

LOCALES = (
    "en", "fr", "de", "es", "it", "pt", "nl", "sw", "tr", "pl", "sv", "da", "nb", "fi", "ro",
    "cs", "hu", "id", "ca", "hr",
)  # fmt: skip  # Latin-script languages: folded names match the folded text


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()


@cache
def countries() -> dict[tuple[str, ...], str]:
    """Folded name tokens -> ISO 3166 code, for every locale in ``LOCALES``."""
    try:
        from babel import Locale
    except ImportError:  # babel comes with trafilatura; without it there is simply no gazetteer
        return {}
    names: dict[tuple[str, ...], str] = {}
    for loc in LOCALES:
        for code, name in Locale.parse(loc).territories.items():
            if not code.isalpha() or len(code) != 2:
                continue  # regions such as "419" (Latin America)
            tokens = tuple(_fold(name).replace("-", " ").split())
            if tokens and len(tokens) <= 3 and len(tokens[0]) >= 4:
                names.setdefault(tokens, code)
    return names


@cache
def first_tokens() -> frozenset[str]:
    return frozenset(t[0] for t in countries())


def country_codes(words: list[str]) -> list[str]:
    """ISO codes of the country names found in a folded token sequence (longest match first)."""
    table, heads = countries(), first_tokens()
    found: list[str] = []
    for i, w in enumerate(words):
        if w not in heads:
            continue
        for n in (3, 2, 1):
            code = table.get(tuple(words[i : i + n]))
            if code:
                found.append(code)
                break
    return found
