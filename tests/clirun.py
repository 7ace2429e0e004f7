"""Run the ``newsweave`` command line in-process (fast: no interpreter start-up per call).

Exceptions other than ``SystemExit`` are not caught: an escaped exception is exactly the
traceback a user would see, so the calling test fails with it.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from unittest.mock import patch

import pytest


@dataclass(frozen=True)
class Ran:
    code: int
    out: str
    err: str


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> Ran:
    from newsweave.cli import main

    capsys.readouterr()  # drop anything printed before
    with patch.object(sys, "argv", ["newsweave", *args]):
        try:
            main()
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    captured = capsys.readouterr()
    return Ran(code, captured.out, captured.err)
