"""Store benchmark: SQLite and PostgreSQL side by side.

    .venv/bin/python bench/store.py [--articles 200] [--writes 5000] [--postgres URL]

1. ``newsweave ingest`` (the whole command: read, clean, NER, group, brief, store) of a generated
   corpus of invented reports, once into a new SQLite file and once into a new PostgreSQL
   database: wall time, articles/s, CPU seconds of the command and of the PostgreSQL server.
2. The store alone: ``bench/web.py``'s builder writes synthetic articles (no NLP), ten per
   transaction with their event and briefing, through the store modules: articles/s written.
3. Search on that store: milliseconds per ``Store.search`` (mean of a fixed query list).

Without ``--postgres`` a throwaway server is started (``tests/pgcluster.py``: initdb in a
temporary folder, fsync off, as the ``postgres`` user when run as root), so server CPU time can
be read too. Writes the ``store`` section of docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
for extra in (REPO, REPO / "tests"):
    if str(extra) not in sys.path:
        sys.path.insert(0, str(extra))

from bench._report import machine, write_section  # noqa: E402
from bench.web import PLACES, build  # noqa: E402
from newsweave.store import Store  # noqa: E402

WHAT = ["a ferry ran aground", "a warehouse fire spread", "a landslide closed the coast road",
        "dock workers walked out", "the river burst its banks", "a bridge was shut after cracks"]
OUTLETS = ["Harbour Post", "Valley Courier", "Eastline News", "Serra Daily", "Quay Gazette"]
QUERIES = ["council", "river bridge", "mayor said", "Tarsano", "storm water police", "zzz", "fam"]


def corpus(folder: Path, n: int, seed: int = 11) -> None:
    """``n`` invented reports (JSONL, one per file) of n/4 events; every fifth one a copy."""
    rng = random.Random(seed)
    folder.mkdir(parents=True)
    bodies: list[str] = []
    for i in range(n):
        ev = i // 4
        place, what = PLACES[ev % len(PLACES)], WHAT[ev % len(WHAT)]
        day = f"2026-{1 + ev // 28 % 12:02d}-{1 + ev % 28:02d}"
        hurt, homes = 3 + (ev * 7) % 40, 20 + (ev * 13) % 300
        body = (
            f"{place.upper()} — Officials in {place} said on Monday that {what}, injuring "
            f"{hurt + rng.randint(0, 2)} people and forcing {homes} families from their homes.\n\n"
            f"\"We were ready for this,\" said councillor Mara Lind{ev}, who visited the site. "
            f"Crews from the {place} council worked overnight and the regional agency sent "
            f"{rng.randint(2, 9)} engineers.\n\n"
            f"Residents said the damage was the worst since {1990 + ev % 30}. The mayor promised "
            f"an inquiry and funds for repairs within {rng.randint(2, 12)} weeks. Report {i} of "
            f"the {place} desk."
        )
        if i % 5 == 4:
            body = bodies[-1] + "\n\nRepublished with permission."
        bodies.append(body)
        doc = {"id": f"r{i:05d}", "title": f"{place}: {what}", "date": day,
               "outlet": OUTLETS[i % len(OUTLETS)], "text": body}
        (folder / f"r{i:05d}.jsonl").write_text(json.dumps(doc) + "\n", "utf-8")


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def server_cpu(data: Path | None) -> float | None:
    """CPU seconds of the PostgreSQL server: the postmaster and its reaped backends."""
    if data is None:
        return None
    pid = int((data / "postmaster.pid").read_text().split()[0])
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = sum(int(f) for f in fields[11:15])  # utime, stime, cutime, cstime
    return ticks / os.sysconf("SC_CLK_TCK")


def ingest(db: str, folder: Path, n: int, data: Path | None) -> dict[str, float | None]:
    cpu, srv, t = _children_cpu(), server_cpu(data), time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "newsweave", "ingest", str(folder), "--db", db],
                          capture_output=True, text=True)
    wall = time.perf_counter() - t
    if proc.returncode != 0 or f"{n} added, 0 duplicate, 0 rejected" not in proc.stdout:
        raise SystemExit(f"ingest into {db} failed: {proc.stdout[-400:]} {proc.stderr[-800:]}")
    time.sleep(0.5)  # let the server reap the command's backend
    after = server_cpu(data)
    return {"wall": wall, "cpu": _children_cpu() - cpu,
            "server": None if srv is None or after is None else after - srv}


def store_only(db: str, n: int) -> tuple[float, float]:
    t, c = time.perf_counter(), time.process_time()
    build(db, n)  # connect() takes a path or a URL
    return time.perf_counter() - t, time.process_time() - c


def search_ms(db: str) -> float:
    with Store(db, readonly=True) as store:
        for q in QUERIES:  # warm caches once
            store.search(q, 20)
        t = time.perf_counter()
        for _ in range(5):
            for q in QUERIES:
                store.search(q, 20)
        return (time.perf_counter() - t) * 1000 / (5 * len(QUERIES))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--articles", type=int, default=200, help="reports in the ingested corpus")
    ap.add_argument("--writes", type=int, default=5000, help="articles the store-only run writes")
    ap.add_argument("--postgres", help="URL of a server to use (databases are created on it)")
    args = ap.parse_args()
    from pgcluster import Server

    if args.postgres:
        os.environ["NEWSWEAVE_TEST_POSTGRES"] = args.postgres
    server = Server().start()
    data = None if server.folder is None else server.folder / "data"
    try:
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp) / "corpus"
            corpus(folder, args.articles)
            rows = {}
            for name, new in (("SQLite", lambda: str(Path(tmp) / f"s{time.time_ns()}.db")),
                              ("PostgreSQL", server.database)):
                load = os.getloadavg()
                run = ingest(new(), folder, args.articles, data if name == "PostgreSQL" else None)
                target = new()
                wall, cpu = store_only(target, args.writes)
                rows[name] = (run, wall, cpu, search_ms(target), load)
                print(name, rows[name], flush=True)
    finally:
        server.stop()
    lines = [
        "## Store: SQLite and PostgreSQL (`bench/store.py`)", "",
        f"{machine()}. Command: `.venv/bin/python bench/store.py --articles {args.articles} "
        f"--writes {args.writes}` (a throwaway PostgreSQL {_pg_version()} on the same machine, "
        "loopback TCP, fsync off; SQLite in WAL mode, synchronous=NORMAL).", "",
        f"`newsweave ingest` of {args.articles} invented reports (whole command: start-up, cleaning, "
        "NER, grouping, briefing, storing; batches of 50):", "",
        "| backend | wall s | articles/s | CPU s (command) | CPU s (server) | load 1/5 min |",
        "|---|---|---|---|---|---|",
    ]
    for name, (run, _, _, _, load) in rows.items():
        srv = "—" if run["server"] is None else f"{run['server']:.1f}"
        lines.append(f"| {name} | {run['wall']:.1f} | {args.articles / run['wall']:.1f} | "
                     f"{run['cpu']:.1f} | {srv} | {load[0]:.2f} / {load[1]:.2f} |")
    lines += [
        "", f"The store alone (no NLP): {args.writes} synthetic articles written ten per "
        "transaction with their event's briefing (`bench/web.py`'s builder), then `search` on "
        "that store (mean of 7 queries, 20 events a page):", "",
        "| backend | wall s | articles/s written | CPU s (client) | search ms/query |",
        "|---|---|---|---|---|",
    ]
    for name, (_, wall, cpu, ms, _) in rows.items():
        lines.append(f"| {name} | {wall:.1f} | {args.writes / wall:.0f} | {cpu:.1f} | {ms:.1f} |")
    write_section("store", "\n".join(lines))


def _pg_version() -> str:
    from pgcluster import binaries

    found = binaries()
    if found is None:
        return "server"
    out = subprocess.run([str(found / "postgres"), "--version"], capture_output=True, text=True)
    version = re.search(r"\d+\.\d+", out.stdout)
    return version[0] if version else "server"


if __name__ == "__main__":
    main()
