"""Quality gate of the HTML path on invented pages (``scripts/invent_html.py``, no ../shared).

Shingle F1 (bench/clean.py's ScrapingHub-style metric) of ``clean_document`` on the pages of the
held-out layout families, which no rule was shaped on, and of the design families. Pinned
minimums only rise; ``bench/clean.py --sets html`` prints the full table."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.clean import shingle_f1, shingle_pr  # noqa: E402
from newsweave.clean import clean_document  # noqa: E402
from newsweave.records import RawDocument  # noqa: E402
from scripts.invent_html import CARD_FAMILIES, DESIGN, invent_html  # noqa: E402

MIN_HELD_OUT_F1 = 0.965  # 0.968 (text only, before the page's structure was read: 0.949)
MIN_DESIGN_F1 = 0.988  # 0.991 (before: 0.962)
MIN_HELD_OUT_RECALL = 0.978  # 0.981: reading the structure must not cost the story's text
MIN_CARDS_HELD_OUT_F1 = 0.98  # teaser cards, family cardlist: 0.982 (text only: 0.895)
MIN_CARDS_DESIGN_F1 = 0.98  # family cards: 0.983 (text only: 0.907)


def _f1(rows: list[dict[str, str]]) -> tuple[float, float]:
    pairs = [
        shingle_pr(r["body"], clean_document(RawDocument(id=r["id"], html=r["html"], url=r["url"])).text)
        for r in rows
    ]
    _, recall, f1 = shingle_f1(pairs)
    return recall, f1


@pytest.mark.parametrize(("held_out", "minimum"), [(True, MIN_HELD_OUT_F1), (False, MIN_DESIGN_F1)])
def test_shingle_f1_on_invented_pages(held_out: bool, minimum: float) -> None:
    recall, f1 = _f1([r for r in invent_html() if (r["family"] not in DESIGN) == held_out])
    assert f1 >= minimum
    if held_out:
        assert recall >= MIN_HELD_OUT_RECALL


@pytest.mark.parametrize(
    ("held_out", "minimum"), [(True, MIN_CARDS_HELD_OUT_F1), (False, MIN_CARDS_DESIGN_F1)]
)
def test_teaser_cards_on_invented_pages(held_out: bool, minimum: float) -> None:
    _, f1 = _f1([r for r in invent_html(60, 15, CARD_FAMILIES) if (r["family"] not in DESIGN) == held_out])
    assert f1 >= minimum
