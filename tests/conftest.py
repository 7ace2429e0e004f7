"""Shared test helpers: where ../shared is, and a skip when it is absent."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"


@pytest.fixture
def shared_dir() -> Path:
    """../shared (dev data and seeds); gated tests skip cleanly when it is absent."""
    if not (SHARED / "data").is_dir():
        pytest.skip("../shared is absent: quality gates skipped")
    return SHARED
