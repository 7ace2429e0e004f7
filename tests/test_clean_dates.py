"""A page's own time stamp written in its text, used as its date when nothing else gives one."""

from __future__ import annotations

import pytest

from newsweave.clean.dates import stamped_date
from newsweave.clean.metadata import read_layout


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("UPDATE (6/25/21 3:00 PM): The harbour board has approved the plan.", "2021-06-25"),
        ("Harbour works resume By Ada Linn Posted Sep 2, 2016 1:00 AM CDT Copied", "2016-09-02"),
        ("Last updated on Tuesday, 3 March 2024 10:00 GMT", "2024-03-03"),
        ("Published: 2024-03-03T08:00", "2024-03-03"),
        ("updated 13/02/2024", "2024-02-13"),
        ("UPDATED 12/31/98 - the ferry strike", "1998-12-31"),
        # a date the report is about, not one the page was stamped with
        ("Residents remember how on May 25, 2020 the old pier collapsed.", None),
        ("She posted 3 photos on 1 May 2020 from the quay.", None),
        ("Updated figures show 1,200 boats in the harbour.", None),
        ("UPDATE (13/45/21): a garbled stamp", None),
    ],
)
def test_stamped_date(text: str, expected: str | None) -> None:
    assert stamped_date(text) == expected


def test_stamp_dates_a_page_without_a_date_line_only() -> None:
    stamped = ["Ferry strike ends", "By Ada Linn Posted Sep 2, 2016 1:00 AM", "The strike ended on Friday."]
    assert read_layout(stamped).published == "2016-09-02"
    dated = ["Ferry strike ends", "March 4, 2024", "Posted Sep 2, 2016 in an old thread, the rumour spread."]
    assert read_layout(dated).published == "2024-03-04"
