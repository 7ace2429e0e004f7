"""Benchmark of ``newsweave cluster``: speed and peak memory on a synthetic stream, and B-cubed
quality on the dev data side by side with the peers (scikit-learn TF-IDF + average-link
agglomerative clustering for events; datasketch MinHash LSH alone for stories).

    .venv/bin/python bench/cluster.py             # 5,000 synthetic articles (quick)
    .venv/bin/python bench/cluster.py --n 100000  # the full-scale run
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bench._report import machine, write_section  # noqa: E402
from newsweave.events.score import bcubed  # noqa: E402
from newsweave.events.synthetic import StreamGenerator  # noqa: E402

DATA = REPO.parent / "shared" / "data"
DUC = ("duc2003_task3", "duc2003_task2_clean", "multiling2011_en")


def run_cluster(rows: list[dict[str, str]], tmp: Path) -> tuple[list[dict[str, str]], float, float, float]:
    """``newsweave cluster`` as a subprocess: (output rows, wall s, CPU s, peak MB of the child)."""
    src, out = tmp / "in.jsonl", tmp / "out.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in rows), "utf-8")
    cmd = [sys.executable, "-m", "newsweave", "cluster", "--input", str(src), "--output", str(out)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, check=True, cwd=REPO)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    rows_out = [json.loads(line) for line in out.open(encoding="utf-8")]
    return rows_out, elapsed, cpu, after.ru_maxrss / 1024


def peer_events(texts: list[str], threshold: float) -> list[int]:
    """scikit-learn: TF-IDF, cosine average-link agglomerative clustering cut at ``threshold``."""
    from sklearn.cluster import AgglomerativeClustering
    from sklearn.feature_extraction.text import TfidfVectorizer

    x = TfidfVectorizer(sublinear_tf=True, min_df=1).fit_transform(texts).toarray()
    model = AgglomerativeClustering(
        n_clusters=None, metric="cosine", linkage="average", distance_threshold=threshold
    )
    return [int(v) for v in model.fit_predict(x)]


def peer_stories(texts: list[str], threshold: float = 0.5) -> list[int]:
    """datasketch alone: MinHash LSH over 5-word shingles, connected components."""
    from datasketch import MinHash, MinHashLSH

    lsh = MinHashLSH(threshold=threshold, num_perm=128)
    parent = list(range(len(texts)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, text in enumerate(texts):
        words = re.findall(r"\w+", text.lower())
        mh = MinHash(num_perm=128)
        mh.update_batch([" ".join(words[k : k + 5]).encode() for k in range(max(1, len(words) - 4))])
        for j in lsh.query(mh):
            parent[find(i)] = find(int(j))
        lsh.insert(i, mh)
    return [find(i) for i in range(len(texts))]


def dev_rows() -> tuple[list[dict[str, str]], dict[str, str], dict[str, str]]:
    rows = [json.loads(line) for line in (DATA / "realworld_dev.jsonl").open(encoding="utf-8")]
    events = {r["id"]: r["event"] for r in rows}
    stories = {r["id"]: r["story"] if r["story"] != "own" else "own-" + r["id"] for r in rows}
    return [{"id": r["id"], "text": r["text"]} for r in rows], events, stories


def duc_rows() -> tuple[list[dict[str, str]], dict[str, str]]:
    rows, gold = [], {}
    for name in DUC:
        for line in (DATA / f"{name}.jsonl").open(encoding="utf-8"):
            cluster = json.loads(line)
            for doc in cluster["docs"]:  # documents only: reference summaries are never read
                aid = f"{name}-{cluster['id']}-{doc['id']}"
                rows.append({"id": aid, "text": doc["text"]})
                gold[aid] = f"{name}-{cluster['id']}"
    return rows, gold


def undated_stream(tmp: Path, n: int = 3000) -> tuple[str, str]:
    """Synthetic stream with 70% of the dates removed (as on real pages): event and story P/R/F1."""
    stream = list(StreamGenerator(seed=11).articles(n))
    rows = [a.to_dict() for a in stream]
    for r in rows:
        if zlib.crc32(r["id"].encode()) % 10 < 7:
            del r["date"]
    out, *_ = run_cluster(rows, tmp)
    ev = bcubed({r["id"]: r["event"] for r in out}, {a.id: a.event for a in stream})
    st = bcubed({r["id"]: r["story"] for r in out}, {a.id: a.story for a in stream})
    return fmt(ev), fmt(st)


def fmt(score: tuple[float, float, float]) -> str:
    return " / ".join(f"{v:.3f}" for v in score)


def quality(tmp: Path) -> str:
    if not DATA.is_dir():
        return "../shared/data is absent: quality comparison skipped.\n"
    rows, gold_event, gold_story = dev_rows()
    out, *_ = run_cluster(rows, tmp)
    ours_e = bcubed({r["id"]: r["event"] for r in out}, gold_event)
    ours_s = bcubed({r["id"]: r["story"] for r in out}, gold_story)
    texts, ids = [r["text"] for r in rows], [r["id"] for r in rows]
    peers = []
    for t in (0.7, 0.8, 0.9):
        labels = peer_events(texts, t)
        peers.append((t, bcubed({i: str(lab) for i, lab in zip(ids, labels, strict=True)}, gold_event)))
    best_t, best_e = max(peers, key=lambda p: p[1][2])
    lsh = peer_stories(texts)
    peer_s = bcubed({i: str(lab) for i, lab in zip(ids, lsh, strict=True)}, gold_story)
    undated_e, undated_s = undated_stream(tmp)
    drows, dgold = duc_rows()
    dout, *_ = run_cluster(drows, tmp)
    ours_d = bcubed({r["id"]: r["event"] for r in dout}, dgold)
    dpeer = peer_events([r["text"] for r in drows], best_t)
    peer_d = bcubed({r["id"]: str(lab) for r, lab in zip(drows, dpeer, strict=True)}, dgold)
    return (
        "B-cubed precision / recall / F1. The TF-IDF peer's cut is the best of 0.7/0.8/0.9 on dev "
        f"(here {best_t}), which flatters it.\n\n"
        "| data | grouping | newsweave cluster | peer |\n|---|---|---|---|\n"
        f"| realworld_dev ({len(rows)} pages) | event | {fmt(ours_e)} "
        f"| {fmt(best_e)} (TF-IDF + average link) |\n"
        f"| realworld_dev | story | {fmt(ours_s)} | {fmt(peer_s)} (MinHash LSH alone) |\n"
        f"| DUC 2003 + MultiLing 2011 docs mixed ({len(drows)}) | event | {fmt(ours_d)} | {fmt(peer_d)} |\n"
        f"| synthetic, 3,000 articles, 70% undated | event | {undated_e} | |\n"
        f"| synthetic, 3,000 articles, 70% undated | story | {undated_s} | |\n"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=5000, help="synthetic articles (100000 for the full run)")
    parser.add_argument("--no-quality", action="store_true", help="skip the dev-data comparison")
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        stream = list(StreamGenerator(seed=7).articles(args.n))
        out, elapsed, cpu, peak = run_cluster([a.to_dict() for a in stream], tmp)
        ev = bcubed({r["id"]: r["event"] for r in out}, {a.id: a.event for a in stream})
        st = bcubed({r["id"]: r["story"] for r in out}, {a.id: a.story for a in stream})
        del stream, out
        table = quality(tmp) if not args.no_quality else ""
    load = f"1-minute load average {load_before:.2f} before the run, {os.getloadavg()[0]:.2f} after"
    cmd = f".venv/bin/python bench/cluster.py --n {args.n}"
    md = (
        f"## cluster\n\n`{cmd}` — {machine()}; {load}\n\n"
        "Synthetic stream (`newsweave.events.synthetic`: events with copies, spins, rewrites, "
        "made-up-language translations, same-place distractors a month later), through the "
        "`newsweave cluster` command (process start, reading, cleaning and grouping included). "
        "Wall clock depends on what else the shared machine runs; CPU seconds are the command's "
        "user + system time over both cores.\n\n"
        "| articles | wall s | articles/s (wall) | CPU s | peak MB | event B3 F1 | story B3 F1 |\n"
        "|---|---|---|---|---|---|---|\n"
        f"| {args.n} | {elapsed:.1f} | {args.n / elapsed:.0f} | {cpu:.1f} | {peak:.0f} "
        f"| {ev[2]:.3f} | {st[2]:.3f} |\n\n" + table
    )
    print(md)
    write_section("cluster", md)


if __name__ == "__main__":
    main()
