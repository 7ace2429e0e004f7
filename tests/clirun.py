"""Run the ``newsweave`` command line in-process (fast: no interpreter start-up per call).

``NEWSWEAVE_DEBUG`` is set, so ``main`` re-raises what its last-resort handler would turn into
an "internal error" line: a bug escapes as the exception itself and fails the calling test
with its traceback.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from unittest.mock import patch

import pytest


@dataclass(frozen=True)
class Ran:
    code: int
    out: str
    err: str


def run_cli(capsys: pytest.CaptureFixture[str], *args: str, debug: bool = True) -> Ran:
    from newsweave.cli import main

    capsys.readouterr()  # drop anything printed before
    env = {"NEWSWEAVE_DEBUG": "1"} if debug else {}
    with patch.object(sys, "argv", ["newsweave", *args]), patch.dict(os.environ, env):
        try:
            main()
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    captured = capsys.readouterr()
    return Ran(code, captured.out, captured.err)
