"""Reading JSON Lines inputs of the benchmark commands, one bad line never stopping the rest."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from newsweave.errors import InputError, UsageError


def iter_objects(
    path: Path, on_error: Callable[[InputError], None]
) -> Iterator[tuple[int, dict[str, Any]]]:
    """(line number, object) for every JSON object line; other lines are reported and skipped."""
    try:
        fh = open(path, encoding="utf-8", errors="replace")  # noqa: SIM115  # closed by the with below
    except OSError as exc:
        raise UsageError(f"{path}: cannot open: {exc.strerror or exc}") from None
    with fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as exc:
                on_error(InputError(f"{path}:{n}", f"not valid JSON ({exc.msg})"))
                continue
            except ValueError as exc:  # e.g. an integer of more than 4,300 digits
                on_error(InputError(f"{path}:{n}", f"not usable JSON ({exc})"))
                continue
            except RecursionError:
                on_error(InputError(f"{path}:{n}", "JSON nested too deeply"))
                continue
            if not isinstance(obj, dict):
                on_error(InputError(f"{path}:{n}", "line is not a JSON object"))
                continue
            yield n, obj
