"""Canonical outlets: one name per organisation, whatever spelling a page uses."""

from __future__ import annotations

import pytest

from newsweave.clean.outlets import canonical_outlet, registrable_domain


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("bbc.co.uk", "bbc.com"),
        ("www.bbc.com", "bbc.com"),
        ("https://www.bbc.co.uk/news/world-47365424", "bbc.com"),
        ("BBC News", "bbc.com"),
        ("Bbc News", "bbc.com"),
        ("the Associated Press", "apnews.com"),
        ("apnews.com", "apnews.com"),
        ("https://amp.theguardian.com/world/2024/x", "theguardian.com"),
        ("m.wirenews24.com", "wirenews24.com"),
        ("news.valleycourier.co.uk", "valleycourier.co.uk"),
        ("abcnews.go.com", "abcnews.go.com"),
        ("Radio NewsHub", "Radio NewsHub"),
        ("  Valley   Courier ", "Valley Courier"),
        ("", None),
        (" – ", None),
    ],
)
def test_canonical_outlet(value: str, expected: str | None) -> None:
    assert canonical_outlet(value) == expected


@pytest.mark.parametrize(
    ("host", "expected"),
    [
        ("www.bbc.co.uk", "bbc.co.uk"),
        ("edition.cnn.com", "cnn.com"),
        ("foo.blogspot.com", "foo.blogspot.com"),
    ],
)
def test_registrable_domain(host: str, expected: str) -> None:
    assert registrable_domain(host) == expected


def test_abbreviation_with_dots_is_not_a_host() -> None:
    assert canonical_outlet("U.S.") == "U.S."
