"""Throughput of the whole pipeline on real news, and of the engines side by side.

Usage: .venv/bin/python bench/throughput.py [--limit N] [--no-write]

The corpus is built at run time from ../shared/data (DUC 2003 and MultiLing documents: whole wire
stories; realworld_dev: 2,000-character page excerpts), written as text files to a temporary
folder; nothing of it is committed. Reported:
- `newsweave brief CORPUS` end to end (a subprocess: start-up included), articles/s and peak RSS;
- time per stage inside one process (read+clean, group, facts, summarize);
- the per-article stage on the local engine and on Dask with 1 and 2 workers.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared" / "data"
sys.path.insert(0, str(REPO))

from bench._report import machine, write_section  # noqa: E402


def build_corpus(out: Path, limit: int | None) -> int:
    """Write every distinct document of the dev sets as a text file; returns the count."""
    n = 0
    seen: set[str] = set()
    for name in ("duc2003_task3.jsonl", "duc2003_task2_clean.jsonl", "multiling2011_en.jsonl"):
        for line in (SHARED / name).read_text("utf-8").splitlines():
            cluster = json.loads(line)
            for doc in cluster["docs"]:  # references are never read
                key = doc["text"][:200]
                if key in seen:
                    continue
                seen.add(key)
                (out / f"{cluster['id']}-{doc['id']}.txt").write_text(doc["text"], "utf-8")
                n += 1
    with (out / "realworld.jsonl").open("w", encoding="utf-8") as fh:
        for line in (SHARED / "realworld_dev.jsonl").read_text("utf-8").splitlines():
            row = json.loads(line)
            fh.write(json.dumps({"id": row["id"], "url": row["url"], "text": row["text"]}) + "\n")
            n += 1
    if limit:
        files = sorted(out.glob("*.txt"))
        for extra in files[limit:]:
            extra.unlink()
            n -= 1
    return n


def time_brief(corpus: Path, n: int) -> dict[str, float]:
    cmd = [
        sys.executable, "-c",
        "import resource,sys,runpy; sys.argv=['newsweave']+sys.argv[1:];"
        "\ntry: runpy.run_module('newsweave', run_name='__main__')"
        "\nfinally: print('RSS', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)",
        "brief", str(corpus), "--format", "json", "--out", str(corpus.parent / "brief.json"),
    ]
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True)
    secs = time.perf_counter() - t0
    rss = next((int(x.split()[1]) for x in proc.stderr.splitlines() if x.startswith("RSS ")), 0)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"brief failed: {proc.stderr[-2000:]}")
    return {"seconds": secs, "rate": n / secs, "rss_mb": rss / 1024}


def time_stages(corpus: Path) -> dict[str, float]:
    from newsweave.pipeline import Pipeline

    pipe = Pipeline()
    stages: dict[str, float] = {}
    t0 = time.perf_counter()
    articles = pipe.read([str(corpus)], lambda e: None)
    stages["read + clean"] = time.perf_counter() - t0
    t0 = time.perf_counter()
    grouping = pipe.grouper.group(articles)
    stages["group"] = time.perf_counter() - t0
    by_id = {a.id: a for a in articles}
    t0 = time.perf_counter()
    for group in grouping.events:
        pipe.brief_event(group, by_id)
    stages["facts + summarize"] = time.perf_counter() - t0
    stages["articles"] = len(articles)
    return stages


def time_engines(corpus: Path) -> dict[str, float]:
    from newsweave.engine import make_engine
    from newsweave.pipeline import Pipeline

    out: dict[str, float] = {}
    for label, name, workers in (("local", "local", None), ("dask, 1 worker", "dask", 1),
                                 ("dask, 2 workers", "dask", 2)):
        engine = make_engine(name, workers=workers)
        try:
            t0 = time.perf_counter()
            arts = Pipeline().read([str(corpus)], lambda e: None, engine=engine)
            out[label] = len(arts) / (time.perf_counter() - t0)
        finally:
            engine.close()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=None, help="at most this many wire-story files")
    ap.add_argument("--no-write", action="store_true", help="print, do not update docs/benchmarks.md")
    args = ap.parse_args()
    if not SHARED.is_dir():
        raise SystemExit("../shared/data is absent: nothing to measure")
    with tempfile.TemporaryDirectory() as tmp:
        corpus = Path(tmp) / "corpus"
        corpus.mkdir()
        n = build_corpus(corpus, args.limit)
        brief = time_brief(corpus, n)
        stages = time_stages(corpus)
        engines = time_engines(corpus)
    lines = [
        "## Throughput (`bench/throughput.py`)",
        "",
        f"Command: `.venv/bin/python bench/throughput.py`  ·  {machine()}",
        "",
        f"Corpus: {n} real news documents from ../shared/data (DUC 2003 + MultiLing whole wire "
        "stories, realworld_dev page excerpts), each read from its own file or JSONL line.",
        "",
        "| measure | value |",
        "|---|---|",
        f"| `newsweave brief` end to end, start-up included | {brief['seconds']:.1f} s, "
        f"**{brief['rate']:.1f} articles/s** (target ≥ 25) |",
        f"| peak RSS of `brief` | {brief['rss_mb']:.0f} MB |",
    ]
    for stage, secs in stages.items():
        if stage != "articles":
            lines.append(f"| stage: {stage} (in-process) | {secs:.2f} s |")
    for label, rate in engines.items():
        lines.append(f"| per-article stage on {label} | {rate:.1f} articles/s |")
    if "dask, 1 worker" in engines and "dask, 2 workers" in engines:
        ratio = engines["dask, 2 workers"] / engines["dask, 1 worker"]
        lines.append(f"| 2 workers / 1 worker | {ratio:.2f}× (target ≥ 1.7×) |")
    text = "\n".join(lines)
    print(text)
    if not args.no_write:
        write_section("throughput", text)


if __name__ == "__main__":
    main()
