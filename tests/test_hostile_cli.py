"""``newsweave brief`` on a folder of good and bad files: exit 1, one line per bad file, no traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from fixtures.ingest.builders import write_good, write_hostile

BAD = ["empty.txt", "image.txt", "scripts.html", "cut.warc.gz", "xxe.rss", "pipe.txt",
       "folder.html", "random.txt", "deep.html", "bomb.warc", "data.json"]


@pytest.mark.slow
def test_brief_mixed_folder(tmp_path: Path) -> None:
    write_good(tmp_path / "news")
    write_hostile(tmp_path / "news", BAD)
    (tmp_path / "news" / "broken.jsonl").write_text('{"text": "x"\n[]\n')
    missing = tmp_path / "nowhere.txt"
    done = subprocess.run(
        [sys.executable, "-m", "newsweave", "brief", str(tmp_path / "news"), str(missing)],
        capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr + done.stdout
    lines = done.stderr.strip().splitlines()
    named = BAD + ["broken.jsonl:1", "broken.jsonl:2", "nowhere.txt"]
    assert len(lines) == len(named), lines
    for name in named:
        assert sum(name in line for line in lines) == 1, (name, lines)
    assert "Brackenford" in done.stdout and "Harbour Post" in done.stdout


def test_brief_nothing_readable_exits_2(tmp_path: Path) -> None:
    write_hostile(tmp_path, ["empty.txt", "image.txt"])
    done = subprocess.run([sys.executable, "-m", "newsweave", "brief", str(tmp_path)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "empty.txt: empty file" in done.stderr and "image.txt: binary file" in done.stderr
