"""Coverage-guided fuzzing of the readers with atheris, for a bounded time.

Usage: .venv/bin/python bench/fuzz_readers.py [--seconds 120] [--no-write]
       .venv/bin/python bench/fuzz_readers.py --replay crash-FILE...
(needs the bench extra: pip install -e '.[bench]').

The first byte of each input picks the file name the reader sees (so extension tie-breaks are
fuzzed too); the rest is the file's content, read through ``newsweave.ingest.read_stream``.
Any exception escaping the readers, or an ``InputError`` that is not one line, is a crash:
libFuzzer writes the input to ``crash-*`` in the working folder; turn it into a regression test
in tests/test_ingest_regressions.py. Seeds are the invented samples of every format from
tests/fixtures/ingest. Also measured: reading time per document of each format.
"""

from __future__ import annotations

import argparse
import io
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))

NAMES = ["a.txt", "a.html", "a.jsonl", "a.xml", "a.warc.gz", "a", "a.json", "a.rss"]
SEED_NAMES = {"text": "a.txt", "html": "a.html", "jsonl": "a.jsonl", "feed": "a.rss",
              "warc": "a.warc.gz"}


def seeds() -> dict[str, bytes]:
    from fixtures.ingest.builders import (
        PARAGRAPHS,
        feed,
        good_warc,
        jsonl_articles,
        page,
        rss_item,
        text_article,
    )

    return {
        "text": text_article().encode(),
        "html": page("Bridge reopens", "Quay Daily", "Rui Santos", PARAGRAPHS).encode(),
        "jsonl": jsonl_articles().encode(),
        "feed": feed(rss_item(1) + rss_item(2, full=False)).encode(),
        "warc": good_warc(),
    }


def check(data: bytes) -> None:
    """Read one fuzz input; raise if a reader escapes its contract."""
    from newsweave.errors import InputError
    from newsweave.ingest import BUG, read_stream
    from newsweave.records import RawDocument

    if data:
        name = NAMES[data[0] % len(NAMES)]
        body = data[1:]
        for item in read_stream(io.BytesIO(body), name, len(body)):
            if isinstance(item, InputError):
                if "\n" in str(item) or BUG in item.problem or "cannot be read (" in item.problem:
                    raise AssertionError(f"bad error line: {item}")
            elif not isinstance(item, RawDocument) or not item.text:
                raise AssertionError(f"reader gave {item!r}")


def child(argv: list[str]) -> None:
    import atheris

    with atheris.instrument_imports(include=["newsweave", "feedparser", "warcio", "defusedxml"]):
        import newsweave.ingest  # noqa: F401

    atheris.Setup(argv, check)
    atheris.Fuzz()


def speed(reps: int = 50) -> list[tuple[str, float]]:
    from newsweave.ingest import read_paths, read_stream

    rows = []
    for fmt, data in seeds().items():
        name = SEED_NAMES[fmt]
        docs = 0
        start = time.perf_counter()
        for _ in range(reps):
            docs += sum(1 for _ in read_stream(io.BytesIO(data), name, len(data)))
        rows.append((fmt, (time.perf_counter() - start) / docs * 1000))
    with tempfile.TemporaryDirectory() as tmp:  # per-file overhead: walk, open, sniff, decode
        text = seeds()["text"]
        for i in range(1000):
            (Path(tmp) / f"a{i}.txt").write_bytes(text)
        start = time.perf_counter()
        docs = sum(1 for _ in read_paths([tmp]))
        rows.append(("text, 1,000 files from disk", (time.perf_counter() - start) / docs * 1000))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=120)
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        corpus = Path(tmp) / "corpus"
        corpus.mkdir()
        for fmt, data in seeds().items():
            first = NAMES.index(SEED_NAMES[fmt])
            (corpus / f"seed-{fmt}").write_bytes(bytes([first]) + data)
        cmd = [sys.executable, __file__, "--child", f"-max_total_time={args.seconds}",
               "-timeout=20", "-rss_limit_mb=2048", "-print_final_stats=1", "-max_len=65536",
               str(corpus)]
        done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    log = done.stdout + done.stderr
    runs = re.search(r"stat::number_of_executed_units:\s*(\d+)", log)
    crashed = done.returncode != 0
    print(log[-3000:] if crashed else log[-600:])
    from bench._report import machine, write_section
    rows = speed()
    lines = [
        "## Reader fuzzing (bench/fuzz_readers.py)",
        "",
        f"Measured {machine()}.",
        "",
        f"atheris over `read_stream`, {args.seconds} s: {runs.group(1) if runs else '?'} inputs, "
        f"{'a CRASH (see crash-* file)' if crashed else 'no crash'}.",
        "",
        "| format | ms per document (invented sample, in process) |",
        "|---|---|",
        *(f"| {fmt} | {ms:.2f} |" for fmt, ms in rows),
    ]
    print("\n".join(lines))
    if not args.no_write:
        write_section("fuzz_readers", "\n".join(lines))
    sys.exit(1 if crashed else 0)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--replay"]:  # re-run crash files: --replay crash-1 crash-2 ...
        for crash in sys.argv[2:]:
            data = Path(crash).read_bytes()
            print(crash, NAMES[data[0] % len(NAMES)], data[1:300])
            check(data)
    elif "--child" in sys.argv:
        sys.argv.remove("--child")
        child(sys.argv)
    else:
        main()
