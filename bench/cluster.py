"""Benchmark of ``newsweave cluster``: speed and peak memory on a synthetic stream, quality on dev.

.venv/bin/python bench/cluster.py            # 5,000 synthetic articles (quick)
.venv/bin/python bench/cluster.py --n 100000 # the full-scale run
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench._report import machine, write_section  # noqa: E402
from newsweave.events.score import bcubed  # noqa: E402
from newsweave.events.synthetic import StreamGenerator  # noqa: E402

REPO = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=5000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        src, out = Path(tmp) / "in.jsonl", Path(tmp) / "out.jsonl"
        gold = {}
        with src.open("w") as fh:
            for a in StreamGenerator(seed=7).articles(args.n):
                gold[a.id] = (a.event, a.story)
                fh.write(json.dumps(a.to_dict()) + "\n")
        cmd = [sys.executable, "-m", "newsweave", "cluster", "--input", str(src), "--output", str(out)]
        start = time.perf_counter()
        subprocess.run(cmd, check=True)
        elapsed = time.perf_counter() - start
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        rows = [json.loads(line) for line in out.open()]
    ev = bcubed({r["id"]: r["event"] for r in rows}, {k: v[0] for k, v in gold.items()})
    st = bcubed({r["id"]: r["story"] for r in rows}, {k: v[1] for k, v in gold.items()})
    md = (
        f"## cluster\n\n`.venv/bin/python bench/cluster.py --n {args.n}` — {machine()}\n\n"
        "| articles | seconds | articles/s | peak MB | event B3 F1 | story B3 F1 |\n"
        "|---|---|---|---|---|---|\n"
        f"| {len(rows)} | {elapsed:.1f} | {len(rows) / elapsed:.0f} | {peak:.0f} "
        f"| {ev[2]:.3f} | {st[2]:.3f} |\n"
    )
    print(md)
    write_section("cluster", md)


if __name__ == "__main__":
    main()
