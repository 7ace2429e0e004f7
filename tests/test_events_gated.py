"""Quality gates on ../shared/data: pinned minimums that only ever rise."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from newsweave.events.batch import cluster_jsonl
from newsweave.events.score import bcubed

# Measured at commit time; pinned a little below. dev (81 real pages, tuned on): event 0.913,
# story 0.971. dev2 (210 real pages, the check set): event 0.917 with the lead split (0.910
# with the lead veto alone, 0.897 before it; half A 0.897, half B 0.938), story 0.892 (the
# signature and lead vetoes' designs read dev2, see
# docs/benchmarks.md). Alone (each main event's pages
# through ``cluster`` with nothing else): the lowest share in the largest event is 1.00 on dev,
# 0.94 on dev2.
DEV_EVENT_F1 = 0.94  # aa5684e: dev batch 0.945 with the name cut (0.922 before)
DEV_STORY_F1 = 0.955
DEV2_EVENT_F1 = 0.92  # aa5684e: 0.927 with the rejoin, half A 0.917, B 0.938 (bench/dates.py)
DEV2_STORY_F1 = 0.945  # bench/stories.py: dev2 batch, incremental and store 0.948 with the
# translation step on within its default budget (0.945 without it, at 8cae1c5)
ALONE_SHARE = 0.90
# ``cluster --incremental`` ends where the batch ends (the pile regrouped as the store regroups it):
# its own end state was order luck (dev2 in the file's order 0.950, shuffled 0.809 on average, in
# time order 0.824: bench/dates.py --orders at 8882776), so its minimums are the batch's.
INC_DEV_EVENT_F1 = DEV_EVENT_F1
INC_DEV2_EVENT_F1 = DEV2_EVENT_F1


def _rows(shared_dir: Path, name: str) -> list[dict[str, str]]:
    return [json.loads(line) for line in (shared_dir / "data" / f"{name}.jsonl").open(encoding="utf-8")]


def _cluster(rows: list[dict[str, str]], tmp_path: Path, incremental: bool = False) -> list[dict[str, str]]:
    src = tmp_path / "in.jsonl"
    lines = (json.dumps({"id": r["id"], "url": r.get("url") or "", "text": r["text"]}) for r in rows)
    src.write_text("".join(line + "\n" for line in lines))
    lines, _ = cluster_jsonl(src, lambda e: None, incremental=incremental)
    return [json.loads(line) for line in lines]


def _parts(out: list[dict[str, str]], key: str) -> set[frozenset[str]]:
    groups: dict[str, set[str]] = {}
    for o in out:
        groups.setdefault(o[key], set()).add(o["id"])
    return {frozenset(g) for g in groups.values()}


@pytest.mark.gated
@pytest.mark.parametrize(
    ("name", "incremental", "event_min", "story_min"),
    [
        ("realworld_dev", False, DEV_EVENT_F1, DEV_STORY_F1),
        ("realworld_dev2", False, DEV2_EVENT_F1, DEV2_STORY_F1),
        ("realworld_dev", True, INC_DEV_EVENT_F1, DEV_STORY_F1),
        ("realworld_dev2", True, INC_DEV2_EVENT_F1, DEV2_STORY_F1),
    ],
)
def test_realworld_event_and_story_bcubed(
    shared_dir: Path, tmp_path: Path, name: str, incremental: bool, event_min: float, story_min: float
) -> None:
    rows = _rows(shared_dir, name)
    out = _cluster(rows, tmp_path, incremental)
    assert [o["id"] for o in out] == [r["id"] for r in rows]  # a line for every input id
    gold_event = {r["id"]: r["event"] for r in rows}
    gold_story = {r["id"]: r["story"] if r["story"] != "own" else "own-" + r["id"] for r in rows}
    event_f1 = bcubed({o["id"]: o["event"] for o in out}, gold_event)[2]
    story_f1 = bcubed({o["id"]: o["story"] for o in out}, gold_story)[2]
    assert event_f1 >= event_min
    assert story_f1 >= story_min


@pytest.mark.gated
@pytest.mark.slow
@pytest.mark.parametrize("name", ["realworld_dev", "realworld_dev2"])
def test_batch_groups_the_reversed_file_as_the_file(shared_dir: Path, tmp_path: Path, name: str) -> None:
    """Batch grouping does not depend on the order of the input (realworld_dev reversed: 0.900
    at 3516a94, against 0.945 in the file's order): the same events and stories either way."""
    rows = _rows(shared_dir, name)

    forward, backward = _cluster(rows, tmp_path), _cluster(rows[::-1], tmp_path)
    assert _parts(forward, "event") == _parts(backward, "event")
    assert _parts(forward, "story") == _parts(backward, "story")


@pytest.mark.gated
@pytest.mark.slow
def test_a_shuffled_feed_ends_where_the_batch_ends(shared_dir: Path, tmp_path: Path) -> None:
    """``cluster --incremental`` over dev2 in a shuffled order gives the batch's events and stories
    (the feed alone ended at event B-cubed F1 0.81 on average over shuffled orders)."""
    rows = _rows(shared_dir, "realworld_dev2")
    shuffled = random.Random(7).sample(rows, len(rows))
    batch, fed = _cluster(rows, tmp_path), _cluster(shuffled, tmp_path, incremental=True)
    for key in ("event", "story"):
        assert _parts(fed, key) == _parts(batch, key)


@pytest.mark.gated
@pytest.mark.slow
@pytest.mark.parametrize("name", ["realworld_dev", "realworld_dev2"])
def test_one_events_pages_alone_are_one_event(shared_dir: Path, tmp_path: Path, name: str) -> None:
    rows = _rows(shared_dir, name)
    for event in sorted({r["event"] for r in rows if not r["event"].startswith("distractor")}):
        mine = [r for r in rows if r["event"] == event]
        largest = max(Counter(o["event"] for o in _cluster(mine, tmp_path)).values())
        assert largest / len(mine) >= ALONE_SHARE, event


@pytest.mark.gated
def test_seed_briefing_is_one_event_of_two_independent_stories(shared_dir: Path) -> None:
    from newsweave.pipeline import Pipeline

    pipeline = Pipeline()
    articles = pipeline.read([str(shared_dir / "seeds")], lambda e: None)
    grouping = pipeline.grouper.group(articles)
    assert len(grouping.events) == 1
    assert len(grouping.events[0].stories) == 2


DUC_MIX_EVENT_F1 = 0.905  # 0.910 with the postings in content order (in any input order; 0.904-0.908
# before, 0.908 in the file order). Measured 0.908 with the lead split (0.913 with the lead veto alone,
# 0.910 before it; 515 documents of 49 clusters, mixed; 0.925 before the signature veto, which
# splits some of these weeks-long topics, as the lead split cuts one MultiLing topic)


@pytest.mark.gated
@pytest.mark.slow
def test_summarization_clusters_mixed_are_recovered(shared_dir: Path) -> None:
    from newsweave.events import make_grouper
    from newsweave.records import Article

    articles, gold = [], {}
    for name in ("duc2003_task3", "duc2003_task2_clean", "multiling2011_en"):
        for line in (shared_dir / "data" / f"{name}.jsonl").open(encoding="utf-8"):
            cluster = json.loads(line)
            for doc in cluster["docs"]:  # documents only: reference summaries are never read
                aid = f"{name}-{cluster['id']}-{doc['id']}"
                articles.append(Article(id=aid, text=doc["text"], title=doc.get("title")))
                gold[aid] = f"{name}-{cluster['id']}"
    grouping = make_grouper().group(articles)
    predicted = {aid: ev.id for ev in grouping.events for aid in ev.articles}
    assert bcubed(predicted, gold)[2] >= DUC_MIX_EVENT_F1


# The store fed realworld_dev2 in three interleaved ingests (lines k, k+3, ... for k = 0, 1, 2),
# events as ``events --format json`` lists them: measured 0.917 at d664d7f (as the batch run),
# every page stored.
STORE_DEV2_EVENT_F1 = 0.92  # aa5684e: 0.927 (bench/dates.py at 0a786fb), every page stored


@pytest.mark.gated
@pytest.mark.slow
def test_the_store_fed_in_three_ingests_groups_as_a_batch_run(shared_dir: Path, tmp_path: Path) -> None:
    from newsweave.store import Store

    rows = _rows(shared_dir, "realworld_dev2")
    with Store(tmp_path / "store.db") as store:
        for k in range(3):
            batch = [{"id": r["id"], "url": r["url"], "text": r["text"]} for r in rows[k::3]]
            store.ingest(batch, on_error=lambda e: None, engine="local")
        listed = store.events_document()
    event_of = {a: e["id"] for e in listed["events"] for a in e["article_ids"]}
    gold = {r["id"]: r["event"] for r in rows}
    assert set(event_of) >= set(gold)  # every page stored
    assert bcubed({i: event_of[i] for i in gold}, gold)[2] >= STORE_DEV2_EVENT_F1
