"""Python API benchmark: ``newsweave.brief`` against ``newsweave brief`` on real piles.

    .venv/bin/python bench/api.py [--sets realworld_dev realworld_dev2] [--no-write]

For each JSONL file of ../shared/data (tuning side ``realworld_dev``, check side
``realworld_dev2``):

1. ``newsweave.brief([file])`` in-process (the default engine), its CPU seconds;
2. the CLI ``python -m newsweave brief FILE --format json``: whether its stdout is byte-identical
   to ``render(newsweave.brief([file]), "json")`` (one code path), and its CPU seconds;
3. the same lines as a list of dicts (what a crawler hands over): whether the briefing equals the
   file's, article ``path`` aside;
4. ``to_frames()``: rows per table.

And ``import newsweave`` CPU time (names load on first use). Writes the ``api`` section of
docs/benchmarks.md unless ``--no-write``.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from bench._report import machine, write_section  # noqa: E402

DATA = REPO.parent / "shared" / "data"


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _without_paths(doc: dict[str, Any]) -> dict[str, Any]:
    for event in doc["events"]:
        for art in event["articles"]:
            art["path"] = None
    return doc


def measure(path: Path) -> dict[str, Any]:
    import newsweave
    from newsweave.report import render

    start = time.process_time()
    briefing = newsweave.brief([path])
    api_cpu = time.process_time() - start
    before = _children_cpu()
    cli = subprocess.run([sys.executable, "-m", "newsweave", "brief", str(path), "--format", "json"],
                         capture_output=True, text=True, cwd=REPO, check=False)
    cli_cpu = _children_cpu() - before
    rows = [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]
    dicts = rows  # every line as the dict a crawler would hand over (the reader takes its fields)
    from_dicts = newsweave.brief(dicts).to_dict()
    frames = briefing.to_frames()
    return {
        "set": path.stem, "articles": len(rows), "events": len(briefing.events),
        "api_cpu": api_cpu, "cli_cpu": cli_cpu, "cli_code": cli.returncode,
        "same_as_cli": cli.stdout == render(briefing, "json"),
        "dicts_same": _without_paths(from_dicts) == _without_paths(briefing.to_dict()),
        "rows": {name: len(frame) for name, frame in frames.items()},
    }


def import_cpu() -> float:
    code = ("import resource, newsweave; u = resource.getrusage(resource.RUSAGE_SELF); "
            "print(u.ru_utime + u.ru_stime)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(out.stdout)


def report(results: list[dict[str, Any]], imported: float, command: str) -> str:
    lines = [
        "## Python API (`bench/api.py`)", "",
        f"`{command}` — {machine()}.", "",
        "| set | articles | events | `newsweave.brief` CPU s | CLI `brief` CPU s | CLI stdout = API | "
        "dicts = file | claims rows | articles rows |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in results:
        lines.append(
            f"| {r['set']} | {r['articles']} | {r['events']} | {r['api_cpu']:.1f} | {r['cli_cpu']:.1f} | "
            f"{'yes' if r['same_as_cli'] else 'NO'} | {'yes' if r['dicts_same'] else 'NO'} | "
            f"{r['rows']['claims']} | {r['rows']['articles']} |"
        )
    lines += [
        "", f"`import newsweave`: {imported:.2f} CPU s (interpreter start-up included; the API's "
        "names load on first use). CPU time, not wall: the machine is shared. The CLI runs on a "
        "pool over every core (its CPU s include start-up and the workers); the library call runs "
        "in-process by default. `realworld_dev` is the tuning side, `realworld_dev2` the check side; "
        "nothing here is tuned, the rows show the same code path on both.",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sets", nargs="+", default=["realworld_dev", "realworld_dev2"])
    parser.add_argument("--no-write", action="store_true", help="Print only; leave docs/benchmarks.md.")
    args = parser.parse_args()
    missing = [s for s in args.sets if not (DATA / f"{s}.jsonl").is_file()]
    if missing:
        sys.exit(f"bench/api.py: {', '.join(missing)} not in {DATA}")
    results = [measure(DATA / f"{s}.jsonl") for s in args.sets]
    body = report(results, import_cpu(), " ".join(["python bench/api.py", *sys.argv[1:]]))
    print(body)
    if not args.no_write:
        write_section("api", body)


if __name__ == "__main__":
    main()
