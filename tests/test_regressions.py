"""Regressions reported by other parts of the project, each pinned by the smallest repro."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from clirun import run_cli

from newsweave.events.features import shingles

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from bench.web import sentence  # noqa: E402


@pytest.mark.parametrize("tokens", [[], ["one"], ["two", "words"], ["a"] * 4])
def test_shingles_of_short_or_empty_input_are_empty_not_an_error(tokens: list[str]) -> None:
    hashes = shingles(tokens, 5)
    assert hashes.ndim == 1
    assert list(hashes) == sorted(set(hashes.tolist()))


@pytest.mark.parametrize("joiner", [" ", "\n", "\n\n"])
def test_ingest_of_one_sentence_repeated_does_not_crash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], joiner: str
) -> None:
    # Reported by the store work: shingles() raised IndexError and ingest printed a traceback.
    text = joiner.join([sentence(random.Random(2), "Valmora")] * 12)
    (tmp_path / "repeat.txt").write_text(text, "utf-8")
    ran = run_cli(capsys, "ingest", str(tmp_path / "repeat.txt"), "--db", str(tmp_path / "s.db"))
    assert ran.code == 0, ran.err
    assert "1 added" in ran.out
    assert "Traceback" not in ran.out + ran.err
