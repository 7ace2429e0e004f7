"""What grouping costs per article on real pages, one process, one core: brief's share of time.

    .venv/bin/python bench/grouping_cost.py [--no-write]

Pages: realworld_dev + realworld_dev2 (scraped, ten languages) + the DUC 2003 / MultiLing
documents, read from ../shared/data at run time. Measured in CPU seconds (the machine is shared):
cleaning and grouping features per article, the batch grouper (events, stories, cross-lingual
links), and inside it the multilingual embeddings (leads embedded, their CPU seconds) and the
word-frequency tables loaded (one per language met, per process).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DATA = REPO.parent / "shared" / "data"
sys.path.insert(0, str(REPO))

from bench._report import machine, write_section  # noqa: E402
from bench.cluster import Counting  # noqa: E402

DUC = ("duc2003_task3", "duc2003_task2_clean", "multiling2011_en")


def pages() -> list[tuple[str, str, str]]:
    """(id, url, text) of every page."""
    out = []
    for name in ("realworld_dev", "realworld_dev2"):
        for line in (DATA / f"{name}.jsonl").open(encoding="utf-8"):
            r = json.loads(line)
            out.append((r["id"], r.get("url") or "", r["text"]))
    for name in DUC:
        for line in (DATA / f"{name}.jsonl").open(encoding="utf-8"):
            cluster = json.loads(line)
            for doc in cluster["docs"]:  # documents only: reference summaries are never read
                out.append((f"{name}-{cluster['id']}-{doc['id']}", "", doc["text"]))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-write", action="store_true", help="print, do not update docs/benchmarks.md")
    args = parser.parse_args()
    from newsweave.clean import clean_document
    from newsweave.events.features import features_of
    from newsweave.events.grouper import WeaveGrouper
    from newsweave.nlp import frequency
    from newsweave.nlp.embed import register
    from newsweave.records import Article, RawDocument

    register("counting", Counting)
    rows = pages()
    load = os.getloadavg()[0]
    start = time.process_time()
    cleaned = [clean_document(RawDocument(id=i, text=t, url=u or None, fmt="jsonl")) for i, u, t in rows]
    clean_s = time.process_time() - start
    start = time.process_time()
    feats = [features_of(a) for a in cleaned]
    feat_s = time.process_time() - start
    tables = frequency._load.cache_info().currsize
    articles = [Article(id=a.id, text="", features=f) for a, f in zip(cleaned, feats, strict=True)]
    start = time.process_time()
    grouping = WeaveGrouper(embedder="counting", workers=1).group(articles)
    group_s = time.process_time() - start
    n = len(rows)

    def per_k(seconds: float) -> str:
        return f"{seconds:.2f} s ({1000 * seconds / n:.2f} s per 1,000)"

    md = (
        f"## Grouping cost (`bench/grouping_cost.py`)\n\n`.venv/bin/python bench/grouping_cost.py` — "
        f"{machine()}; load average {load:.1f} at the start\n\n"
        f"{n} real pages (realworld_dev + realworld_dev2 + DUC/MultiLing documents), one process, "
        "CPU seconds.\n\n| stage | CPU |\n|---|---|\n"
        f"| cleaning (for reference) | {per_k(clean_s)} |\n"
        f"| grouping features (words, anchors with background idf, shingles, lead) | {per_k(feat_s)} |\n"
        f"| of which word-frequency tables loaded: {tables} languages | |\n"
        f"| batch grouping: events, stories, cross-lingual links | {per_k(group_s)} |\n"
        f"| of which multilingual embeddings: {Counting.texts} leads | {per_k(Counting.seconds)} |\n"
        f"| events found | {len(grouping.events)} |\n"
    )
    print(md)
    if not args.no_write:
        write_section("grouping_cost", md)


if __name__ == "__main__":
    main()
