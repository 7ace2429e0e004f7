"""String escapes a scraper left in the text: a page's script held the story as a JavaScript or
JSON string ("mod\\u00e8les aux\\u00a0USA", "<\\/p>\\n") and was saved without decoding it.

ftfy repairs text decoded with the wrong codec, not escapes, and ``json.loads`` or the
``unicode_escape`` codec would fail on, or garble, the raw text around them (quotes, non-ASCII
letters), so the escapes are decoded here one by one, and only in a text that shows several.
"""

from __future__ import annotations

import re

__all__ = ["decode_escapes"]

MIN_ESCAPES = 3  # \uXXXX escapes a text must hold before any escape in it is decoded
_UNICODE = re.compile(r"\\u([0-9a-fA-F]{4})")
_ESCAPE = re.compile(
    r"\\u([dD][89abAB][0-9a-fA-F]{2})\\u([dD][c-fC-F][0-9a-fA-F]{2})"  # a surrogate pair
    r"|\\u([0-9a-fA-F]{4})|\\([nrt/\"'\\])"
)
_SIMPLE = {"n": "\n", "r": "\n", "t": "\t", "/": "/", '"': '"', "'": "'", "\\": "\\"}


def _decode(m: re.Match[str]) -> str:
    if m.group(1):  # a surrogate pair: one character outside the Basic Multilingual Plane
        high, low = int(m.group(1), 16), int(m.group(2), 16)
        return chr(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
    if m.group(3):
        code = int(m.group(3), 16)
        return "\ufffd" if 0xD800 <= code <= 0xDFFF else chr(code)  # a lone surrogate: unknown
    return _SIMPLE[m.group(4)]


def decode_escapes(text: str) -> tuple[str, int]:
    """``text`` with its string escapes decoded, and how many were, when it holds at least
    ``MIN_ESCAPES`` \\uXXXX escapes; else ``text`` unchanged and 0."""
    if "\\u" not in text or len(_UNICODE.findall(text)) < MIN_ESCAPES:
        return text, 0
    count = 0

    def one(m: re.Match[str]) -> str:
        nonlocal count
        count += 1
        return _decode(m)

    return _ESCAPE.sub(one, text), count
