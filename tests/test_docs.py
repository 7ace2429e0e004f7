"""Docs that cannot rot: every command in the README's `sh` blocks runs and succeeds."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"
LONG_RUNNING = {"serve", "watch"}


def readme_commands() -> list[str]:
    blocks = re.findall(r"```sh\n(.*?)```", README.read_text("utf-8"), re.S)
    lines = [line.split("#")[0].strip() for block in blocks for line in block.splitlines()]
    return [line for line in lines if line.startswith("newsweave ")]


def test_quick_start_is_two_make_commands() -> None:
    text = README.read_text("utf-8")
    quick = text.split("## Quick start", 1)[1].split("##", 1)[0]
    block = re.search(r"```sh\n(.*?)```", quick, re.S)
    assert block is not None
    commands = [line.split("#")[0].strip() for line in block.group(1).splitlines() if line.strip()]
    assert commands == ["make demo", "make test"]
    ci = (REPO / ".ci" / "run").read_text("utf-8")
    assert "make test" in ci


def test_readme_has_commands() -> None:
    assert len(readme_commands()) >= 6


@pytest.mark.slow
def test_readme_commands_run(tmp_path: Path) -> None:
    (tmp_path / "examples").symlink_to(REPO / "examples")
    for line in readme_commands():
        args = shlex.split(line)
        if args[1] in LONG_RUNNING:
            continue
        proc = subprocess.run(
            [sys.executable, "-m", "newsweave", *args[1:]], cwd=tmp_path, capture_output=True, text=True,
            timeout=300,
        )
        assert proc.returncode == 0, f"{line}\n{proc.stderr[-2000:]}"
        assert "Traceback" not in proc.stderr


PYTHON_DOCS = REPO / "docs" / "python.md"


def python_blocks() -> list[str]:
    """The ``python`` blocks of docs/python.md, but those that say they are not run."""
    blocks = re.findall(r"```python\n(.*?)```", PYTHON_DOCS.read_text("utf-8"), re.S)
    return [b for b in blocks if not b.startswith("# not run")]


def test_python_docs_name_every_public_name() -> None:
    import newsweave

    text = PYTHON_DOCS.read_text("utf-8")
    missing = [name for name in newsweave.__all__ if f"`{name}" not in text]
    assert not missing, f"docs/python.md does not mention: {missing}"
    assert len(python_blocks()) >= 8


@pytest.mark.slow
def test_python_docs_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every ``python`` block, in order and in one namespace, as a reader would paste them."""
    (tmp_path / "examples").symlink_to(REPO / "examples")
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {"__name__": "docs_python"}
    for n, block in enumerate(python_blocks(), 1):
        try:
            exec(compile(block, f"docs/python.md block {n}", "exec"), namespace)  # noqa: S102
        except Exception as exc:  # noqa: BLE001 - name the block that failed
            pytest.fail(f"docs/python.md block {n} failed: {type(exc).__name__}: {exc}\n{block}")
