"""Each benchmark owns one section of docs/benchmarks.md, delimited by HTML comment markers."""

from __future__ import annotations

import argparse
import os
import platform
import re
import subprocess
import tempfile
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path

DOC = Path(__file__).resolve().parents[1] / "docs" / "benchmarks.md"
HEADER = "# Benchmarks\n\nEach section is written by the script it names; rerun the command to refresh it.\n"


def machine() -> str:
    """One line describing where the figures were measured."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        rev = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
        ).stdout.strip()
    except OSError:
        rev = "?"
    stamp = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    return f"{stamp}, commit {rev or '?'}, {os.cpu_count()} cores ({cpu}), Python {platform.python_version()}"


def write_section(name: str, body: str) -> None:
    """Replace (or append) the section ``name`` of docs/benchmarks.md with ``body``."""
    DOC.parent.mkdir(parents=True, exist_ok=True)
    text = DOC.read_text("utf-8") if DOC.exists() else HEADER
    block = f"<!-- {name}:start -->\n{body.rstrip()}\n<!-- {name}:end -->"
    pattern = re.compile(rf"<!-- {re.escape(name)}:start -->.*?<!-- {re.escape(name)}:end -->", re.S)
    text = pattern.sub(lambda _: block, text) if pattern.search(text) else f"{text.rstrip()}\n\n{block}\n"
    DOC.write_text(text if text.endswith("\n") else text + "\n", "utf-8")


def bench_main(doc: str, section: str, title: str, data: Path, report: Callable[[Path], str]) -> None:
    """The command line of a bench that reads ``data``: ``report`` (given a scratch folder) under
    ``title``, printed, and written as ``section`` of docs/benchmarks.md unless ``--no-write``."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--no-write", action="store_true", help="print without updating docs/benchmarks.md")
    args = parser.parse_args()
    if not data.is_dir():
        raise SystemExit(f"{data} is absent: nothing to measure")
    with tempfile.TemporaryDirectory() as name:
        body = f"## {title}\n\n" + report(Path(name))
    print(body)
    if not args.no_write:
        write_section(section, body)
