"""The two real seed articles, cleaned end to end (read from ../shared, never copied)."""

from __future__ import annotations

from pathlib import Path

import pytest

from newsweave.clean import clean_document
from newsweave.records import Article, RawDocument

pytestmark = pytest.mark.gated

FORBIDDEN = ["JJ Lin", "Content ='", "upgrade your browser", "click read more", "Source of news", "Source:"]


def _seed(shared_dir: Path, prefix: str) -> Article:
    path = next((shared_dir / "seeds").glob(f"{prefix}_*.txt"), None)
    if path is None:
        pytest.skip(f"seed {prefix} is absent")
    return clean_document(RawDocument(id=path.stem, text=path.read_text(encoding="utf-8"), path=str(path)))


def test_ap_seed(shared_dir: Path) -> None:
    art = _seed(shared_dir, "000")
    assert (art.author, art.outlet, art.published) == ("Christine Armario", "apnews.com", "2019-02-26")
    assert art.title == "Attacked and powerless, Venezuela soldiers choose desertion"
    assert art.lang == "en"
    assert not any(bad in art.text for bad in FORBIDDEN)
    assert not art.text.startswith("By")
    assert "In interviews with The Associated Press" in art.text  # no casing repair without injection
    assert "“I was tired of people seeing me" in art.text


def test_bbc_seed(shared_dir: Path) -> None:
    art = _seed(shared_dir, "004")
    assert art.outlet == "bbc.com"
    assert not any(bad in art.text for bad in FORBIDDEN)
    text = art.text
    for good in [
        "Orla Guerin, one defector aged 23",
        "loyal to the president may",
        "lash out against my family",
        "More than 100 soldiers",
        "By Orla Guerin, BBC News, in Colombia",
        "a loved one, one young officer",
        "and that he would fight",
        "US Secretary of State Mike Pompeo",
        "the Simon Bolivar International Bridge",
        "a Catholic church",
        "Puerto Rico",
        "Curaçao",
        "the nation's 2018 election",
        'to her."',
    ]:
        assert good in text, good
    for bad in [" ,", " 's", "The President", "My Family", "Bbc"]:
        assert bad not in text, bad
    assert {"injected", "casing", "spacing", "tags", "footer", "junk"} <= {r.kind for r in art.removed}
