"""A dateline printed as a line of its own is no headline (``clean.titles``; invented outlets)."""

from __future__ import annotations

import pytest

from newsweave.clean import clean_document
from newsweave.clean.titles import dateline_line, headline_shape
from newsweave.records import RawDocument

LEAD = (
    "Firefighters in Varrow spent the night pumping water out of the flooded Orlen mill after the "
    "river burst its banks on Tuesday, the town council said. No one was hurt, but the mill's owners "
    "said repairs would take months and that about 40 workers would be sent home on full pay."
)


@pytest.mark.parametrize(
    ("line", "dateline"),
    [
        ("VARROW, Ostria (Wirex) -", True),
        ("VARROW – Wirex News", True),
        ("NEW VARROW (Wirex) —", True),
        ("VARROW, Ostria – Agence Kessel", True),
        ("ORLEN MILL FLOODED AS VARROW RIVER BURSTS", False),  # a headline in capitals
        ("VARROW: Orlen mill flooded as the river bursts its banks", False),  # a kicker, then the headline
        ("Orlen mill flooded – Wirex", False),
        ("UPDATE – Orlen mill flooded as river bursts its banks", False),
    ],
)
def test_a_dateline_line_is_not_shaped_like_a_headline(line: str, dateline: bool) -> None:
    assert dateline_line(line) is dateline
    assert headline_shape(line) is not dateline


def test_the_headline_above_a_dateline_line_is_the_title() -> None:
    headline = "Orlen mill flooded as Varrow river bursts its banks"
    page = "\n".join([headline, "VARROW, Ostria (Wirex) -", LEAD])
    assert clean_document(RawDocument(id="varrow", text=page)).title == headline


def test_a_dateline_line_alone_gives_no_title() -> None:
    page = "\n".join(["VARROW – Wirex News", LEAD])
    assert clean_document(RawDocument(id="varrow", text=page)).title != "VARROW – Wirex News"
