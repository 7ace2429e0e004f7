"""Crash safety of the store, on SQLite and on PostgreSQL: ``newsweave ingest`` killed with
SIGKILL at random moments leaves a consistent store that a re-run completes with exactly the
right counts; two concurrent ingests of the same files finish without lock errors or
duplicates, with the same events as one ingest alone."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import Stores

from newsweave.store.db import Database, connect
from newsweave.store.search import tsvector

pytestmark = pytest.mark.slow
TRIALS = 20
BUDGET_S = 240  # bounded time: stop adding trials past this (the count is asserted below)
PLACES = ["Ostrava Bay", "Kelmar", "Rundel Pass", "Lissow"]
WHAT = ["ferry ran aground", "warehouse fire spread", "landslide closed the road", "dock workers struck"]


def corpus(folder: Path) -> Path:
    """Ten invented reports of four events; every fourth one a syndicated copy."""
    folder.mkdir()
    paths: list[Path] = []
    bodies: list[str] = []
    for i in range(10):
        ev = i % 4
        place, what = PLACES[ev], WHAT[ev]
        body = (
            f"{place.upper()} — Officials said on Monday that a {what} in {place}, forcing "
            f"{40 + 7 * ev} families from their homes. Crews from the {place} council worked "
            f"overnight.\n\n\"We were ready for this,\" said {place} councillor Mara Lind{ev}. "
            f"Report number {i // 4} from the {place} desk."
        )
        if i >= 8:  # copies of earlier reports, republished by another outlet
            body = bodies[i - 8] + "\n\nRepublished with permission."
        doc = {"id": f"r{i:02d}", "title": f"{place}: {what}", "date": f"2026-06-{1 + ev:02d}",
               "outlet": f"Outlet {i % 3}", "text": body}
        bodies.append(body)
        path = folder / f"r{i:02d}.jsonl"
        path.write_text(json.dumps(doc) + "\n", "utf-8")
        paths.append(path)
    return folder


# A fork server: one process pays for the imports and model loads once, then forks a child per
# ingest that runs the real CLI entry point; the test SIGKILLs the child by its pid. Each trial
# then costs the ingest itself, not Python start-up.
FORKER = r"""
import json, os, sys, tempfile
from newsweave.cli import main
from newsweave.store import Store

with tempfile.TemporaryDirectory() as tmp, Store(os.path.join(tmp, "warm.db")) as warm:
    warm.ingest([sys.argv[1]], print)  # load every model here, once, before forking
print(json.dumps({"ready": 1}), flush=True)

def run(args, out, err):
    pid = os.fork()
    if pid == 0:
        fd_out = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        fd_err = os.open(err, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        os.dup2(fd_out, 1); os.dup2(fd_err, 2)
        sys.argv = ["newsweave", *args]
        code = 0
        try:
            main()
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
        sys.stdout.flush(); sys.stderr.flush()
        os._exit(code)
    return pid

for line in sys.stdin:
    cmd = json.loads(line)
    if "wait" in cmd:
        _, status = os.waitpid(cmd["wait"], 0)
        reply = {"code": os.waitstatus_to_exitcode(status)}
    else:
        reply = {"pid": run(cmd["args"], cmd["out"], cmd["err"])}
    print(json.dumps(reply), flush=True)
"""


class Forker:
    def __init__(self, logs: Path, warm: Path) -> None:
        self.logs = logs
        self.proc = subprocess.Popen([sys.executable, "-c", FORKER, str(warm)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)
        self.n = 0
        assert self.proc.stdout and "ready" in self.proc.stdout.readline()

    def _ask(self, cmd: dict[str, object]) -> dict[str, int]:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(json.dumps(cmd) + "\n")
        self.proc.stdin.flush()
        reply: dict[str, int] = json.loads(self.proc.stdout.readline())
        return reply

    def start(self, db: str, folder: Path) -> tuple[int, Path, Path]:
        self.n += 1
        out, err = self.logs / f"{self.n}.out", self.logs / f"{self.n}.err"
        args = ["ingest", str(folder), "--db", db, "--batch", "2"]
        return self._ask({"args": args, "out": str(out), "err": str(err)})["pid"], out, err

    def wait(self, pid: int) -> int:
        return self._ask({"wait": pid})["code"]

    def run(self, db: str, folder: Path) -> tuple[int, str, str]:
        pid, out, err = self.start(db, folder)
        code = self.wait(pid)
        return code, out.read_text(), err.read_text()

    def close(self) -> None:
        assert self.proc.stdin
        self.proc.stdin.close()
        self.proc.wait(30)


@pytest.fixture
def forker(tmp_path: Path) -> Iterator[Forker]:
    logs = tmp_path / "logs"
    logs.mkdir()
    f = Forker(logs, corpus(tmp_path / "corpus"))
    yield f
    f.close()


def ingest(db: str, folder: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "newsweave", "ingest", str(folder), "--db", db, "--batch", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )


def counts(out: str) -> tuple[int, int, int]:
    m = re.search(r"(\d+) added, (\d+) duplicate, (\d+) rejected", out)
    assert m, out
    return int(m[1]), int(m[2]), int(m[3])


def as_left(db: str) -> Database:
    """The store as the killed process left it: opened without migrating anything."""
    return connect(db, migrate=False)


def texts(db: str) -> dict[str, str]:
    conn = as_left(db)
    try:
        return {r[0]: r[1] for r in conn.execute("SELECT id, text FROM articles")}
    finally:
        conn.close()


def partition(db: str) -> set[frozenset[str]]:
    conn = as_left(db)
    try:
        groups: dict[str, set[str]] = {}
        for aid, eid in conn.execute("SELECT id, event_id FROM articles"):
            groups.setdefault(eid, set()).add(aid)
    finally:
        conn.close()
    return {frozenset(g) for g in groups.values()}


def check_consistent(db: str, reference: dict[str, str]) -> int:
    """Integrity, foreign keys, every stored article intact, every event briefed, every
    article searchable; -> #articles."""
    conn = as_left(db)
    try:
        if conn.backend == "sqlite":
            assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        if conn.version() == 0:
            return 0  # killed before the schema was created: migrated on the re-run
        rows = conn.execute("SELECT id, text FROM articles").fetchall()
        for aid, text in rows:
            assert text == reference[aid], aid
        stale = conn.execute(
            "SELECT id FROM events WHERE briefing IS NULL OR n_articles !="
            " (SELECT count(*) FROM articles WHERE event_id = events.id)"
        ).fetchall()
        assert stale == []
        if conn.backend == "sqlite":
            fts = conn.execute("SELECT count(*) FROM articles_fts").fetchone()[0]
            assert fts == len(rows)
        else:  # each article's search column holds its own words
            for aid, title, text, fts in conn.execute("SELECT id, title, text, fts::text FROM articles"):
                want = conn.execute("SELECT CAST(? AS tsvector)::text", (tsvector(title, text),))
                assert fts == want.fetchone()[0], aid
        return len(rows)
    finally:
        conn.close()


def test_sigkill_at_random_moments_never_corrupts_the_store(
    tmp_path: Path, forker: Forker, stores: Stores
) -> None:
    folder = tmp_path / "corpus"
    n = len(list(folder.iterdir()))
    start = time.monotonic()
    ref_db = stores.new()
    code, out, err = forker.run(ref_db, folder)
    full = time.monotonic() - start
    assert code == 0, err
    assert counts(out) == (n, 0, 0)
    reference, groups = texts(ref_db), partition(ref_db)
    rng = random.Random(8)
    done, partial, seen = 0, 0, []
    # Every other kill is aimed between the latest moment seen to store nothing and the earliest
    # seen to finish, so some land mid-ingest however start-up and storing share the run's time.
    early, late = 0.0, 1.05 * full
    for trial in range(TRIALS):
        if time.monotonic() - start > BUDGET_S:
            break
        db = stores.new()
        pid, _, _ = forker.start(db, folder)
        at = rng.uniform(0.0, 1.05 * full) if trial % 2 == 0 or early >= late else rng.uniform(early, late)
        time.sleep(at)
        os.kill(pid, signal.SIGKILL)
        killed = forker.wait(pid) == -signal.SIGKILL
        stored = check_consistent(db, reference) if stores.backend != "sqlite" or Path(db).exists() else 0
        partial += killed and 0 < stored < n
        seen.append((killed, stored))
        if killed and stored == 0:
            early = max(early, at)
        elif not killed or stored == n:
            late = min(late, at)
        code, out, err = forker.run(db, folder)
        assert code == 0, err
        assert "locked" not in err and "Traceback" not in err
        assert counts(out) == (n - stored, stored, 0)
        assert check_consistent(db, reference) == n
        assert partition(db) == groups
        done += 1
    assert done == TRIALS, f"only {done} trials fitted in {BUDGET_S} s"
    assert partial >= 3, f"too few kills landed mid-ingest: {seen}, full run {full:.2f} s"


def test_two_concurrent_ingests_finish_without_lock_errors_or_duplicates(
    tmp_path: Path, stores: Stores
) -> None:
    folder = corpus(tmp_path / "corpus")
    n = len(list(folder.iterdir()))
    ref_db = str(tmp_path / "ref.db")  # the reference is one SQLite ingest alone
    ref = ingest(ref_db, folder)
    ref.communicate(timeout=300)
    db = stores.new()
    procs = [ingest(db, folder), ingest(db, folder)]
    results = [p.communicate(timeout=300) for p in procs]
    for proc, (_, err) in zip(procs, results, strict=True):
        assert proc.returncode == 0, err
        assert "locked" not in err and "Traceback" not in err
    added = [counts(out) for out, _ in results]
    assert sum(a for a, _, _ in added) == n and sum(d for _, d, _ in added) == n
    assert check_consistent(db, texts(ref_db)) == n
    assert partition(db) == partition(ref_db)
