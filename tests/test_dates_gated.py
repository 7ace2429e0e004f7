"""Quality gates of the date evidence on ../shared/data: pinned minimums that only ever rise.

realworld_dev2's `published` is a label only: the inputs are `id`, `url`, `text`. realworld_dev has
no date labels: its gate is how many pages get a date at all.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from newsweave.clean import clean_document
from newsweave.events.batch import cluster_jsonl
from newsweave.events.score import bcubed
from newsweave.records import RawDocument

# Measured at commit time (bench/dates.py): dev2 97 of 98 labelled dates right, 0 wrong; dev 35 of
# 81 pages dated; dev2 event B3 F1 0.917 at d664d7f (batch, inputs id/url/text; 0.883 before the
# URL's month bounds and the signature veto, 0.897 before the lead veto, 0.910 before the lead
# split). Pinned at or a little below.
DEV2_DATES_RIGHT = 96
DEV2_DATES_WRONG_MAX = 1
DEV_DATED = 34
DEV2_EVENT_F1 = 0.91


def _rows(shared: Path, name: str) -> list[dict[str, str]]:
    return [json.loads(line) for line in (shared / "data" / f"{name}.jsonl").open(encoding="utf-8")]


def _published(row: dict[str, str]) -> str | None:
    return clean_document(RawDocument(id=row["id"], text=row["text"], url=row["url"], fmt="jsonl")).published


@pytest.mark.gated
def test_realworld_dev2_dates_right_and_wrong(shared_dir: Path) -> None:
    labelled = [r for r in _rows(shared_dir, "realworld_dev2") if r.get("published")]
    found = [(_published(r), r["published"]) for r in labelled]
    right = sum(got == want for got, want in found)
    wrong = sum(got is not None and got != want for got, want in found)
    assert right >= DEV2_DATES_RIGHT
    assert wrong <= DEV2_DATES_WRONG_MAX


@pytest.mark.gated
def test_realworld_dev_pages_dated(shared_dir: Path) -> None:
    assert sum(_published(r) is not None for r in _rows(shared_dir, "realworld_dev")) >= DEV_DATED


@pytest.mark.gated
def test_realworld_dev2_event_bcubed_with_urls(shared_dir: Path, tmp_path: Path) -> None:
    rows = _rows(shared_dir, "realworld_dev2")
    src = tmp_path / "in.jsonl"
    inputs = [{"id": r["id"], "url": r["url"], "text": r["text"]} for r in rows]  # no labels
    src.write_text("".join(json.dumps(x) + "\n" for x in inputs))
    lines, _ = cluster_jsonl(src, lambda e: None)
    out = {o["id"]: o["event"] for o in map(json.loads, lines)}
    assert bcubed(out, {r["id"]: r["event"] for r in rows})[2] >= DEV2_EVENT_F1
