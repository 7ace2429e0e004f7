"""The wheel builds, installs into a fresh venv and runs: a missing package-data entry shows here.
The installed wheel also passes the public API's acceptance (issue 16): ``brief`` on paths and
dicts, ``to_frames``, ``clean``, ``cluster``, and a notebook card with no live markup."""

from __future__ import annotations

import os
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SEEDS = REPO.parent / "shared" / "seeds"
# The installed wheel must be what imports: no source tree on the path (a developer's
# PYTHONPATH pointing at a worktree would hide a missing package-data entry).
CLEAN_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    """(the wheel, the fresh venv's python, a working folder outside the source tree)."""
    tmp_path = tmp_path_factory.mktemp("wheel")
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(dist), str(REPO)],
        check=True,
        capture_output=True,
    )
    wheel = next(dist.glob("newsweave-*.whl"))
    env_dir = tmp_path / "venv"
    # The fresh venv sees this venv's site-packages for dependencies (installing them again would
    # need the network; this venv has every extra of [all]); newsweave comes only from the wheel.
    venv.EnvBuilder(with_pip=True, system_site_packages=False).create(env_dir)
    py = env_dir / "bin" / "python"
    site = next(Path(p) for p in sys.path if p.endswith("site-packages"))
    pth = next((env_dir / "lib").glob("python3*/site-packages"))
    (pth / "deps.pth").write_text(str(site) + "\n")
    subprocess.run(
        [str(py), "-m", "pip", "install", "--no-deps", "--no-index", "--ignore-installed", "--quiet",
         str(wheel)],  # --ignore-installed: the dependencies' venv may hold newsweave (editable)
        check=True,
        capture_output=True,
    )
    work = tmp_path / "work"
    work.mkdir()
    return wheel, py, work


@pytest.mark.slow
def test_wheel_installs_and_runs(installed: tuple[Path, Path, Path]) -> None:
    _, py, tmp_path = installed
    out = subprocess.run(
        [str(py.parent / "newsweave"), "--help"], capture_output=True, text=True, cwd=tmp_path, env=CLEAN_ENV
    )
    assert out.returncode == 0, out.stderr
    assert "brief" in out.stdout
    located = subprocess.run(
        [str(py), "-c", "import newsweave, sys; print(newsweave.__file__)"],
        capture_output=True, text=True, cwd=tmp_path, check=True, env=CLEAN_ENV,
    ).stdout
    assert str(REPO) not in located, "newsweave was imported from the source tree, not the wheel"
    schema = subprocess.run(
        [str(py), "-c", "from newsweave.report import briefing_schema; print(briefing_schema()['title'])"],
        capture_output=True, text=True, cwd=tmp_path, env=CLEAN_ENV,
    )
    assert schema.stdout.strip() == "newsweave.briefing/1", schema.stderr


def test_frames_extra_is_in_all() -> None:
    text = (REPO / "pyproject.toml").read_text("utf-8")
    assert 'frames = ["pandas>=2"]' in text
    all_line = next(line for line in text.splitlines() if line.startswith("all = "))
    assert "frames" in all_line


ACCEPTANCE = REPO / "scripts" / "wheel_acceptance.py"  # also run by scripts/check-wheel.sh


@pytest.mark.slow
def test_wheel_passes_the_api_acceptance(installed: tuple[Path, Path, Path]) -> None:
    wheel, py, work = installed
    with zipfile.ZipFile(wheel) as whl:
        meta = next(n for n in whl.namelist() if n.endswith(".dist-info/METADATA"))
        metadata = whl.read(meta).decode("utf-8")
    assert "Provides-Extra: frames" in metadata and "pandas>=2; extra == \"frames\"" in metadata
    article = REPO / "examples" / "dailyledger-valmora.txt"  # an aggregator page: header, footer
    args = [str(SEEDS) if SEEDS.is_dir() else "", str(article)]
    script = work / ACCEPTANCE.name  # a copy, so its folder on sys.path is not the source tree
    script.write_text(ACCEPTANCE.read_text("utf-8"), "utf-8")
    out = subprocess.run([str(py), str(script), *args, "--web"], capture_output=True, text=True,
                         cwd=work, timeout=600, env=CLEAN_ENV)
    assert out.returncode == 0, out.stderr[-3000:]
    assert "acceptance ok" in out.stdout
