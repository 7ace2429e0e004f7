"""`ingest --engine dask` on a LocalCluster gives the same events and stories as `--engine local`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from newsweave.events.synthetic import StreamGenerator
from newsweave.store import Store


def _corpus(folder: Path, n: int = 60) -> None:
    with (folder / "stream.jsonl").open("w", encoding="utf-8") as fh:
        for art in StreamGenerator(seed=7).articles(n):
            fh.write(json.dumps(art.to_dict()) + "\n")


def _partitions(db: Path) -> tuple[set[frozenset[str]], set[frozenset[str]]]:
    events: set[frozenset[str]] = set()
    stories: set[frozenset[str]] = set()
    with Store(db, readonly=True) as store:
        for row in store.events_document()["events"]:
            events.add(frozenset(row["article_ids"]))
            briefing = store.briefing_dict(row["id"])
            assert briefing is not None
            by_story: dict[str, set[str]] = {}
            for art in briefing["articles"]:
                by_story.setdefault(art["story"], set()).add(art["id"])
            stories.update(frozenset(s) for s in by_story.values())
    return events, stories


@pytest.mark.slow
def test_dask_ingest_equals_local(tmp_path: Path) -> None:
    _corpus(tmp_path)
    results = []
    for engine in ("local", "dask"):
        db = tmp_path / f"{engine}.db"
        proc = subprocess.run(
            [sys.executable, "-m", "newsweave", "ingest", str(tmp_path / "stream.jsonl"),
             "--db", str(db), "--engine", engine],
            capture_output=True, text=True, timeout=600,
        )
        assert proc.returncode == 0, proc.stderr
        results.append(_partitions(db))
    (local_events, local_stories), (dask_events, dask_stories) = results
    assert len(local_events) > 3
    assert dask_events == local_events
    assert dask_stories == local_stories
