"""The wheel builds, installs into a fresh venv and runs: a missing package-data entry shows here."""

from __future__ import annotations

import subprocess
import sys
import venv
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_wheel_installs_and_runs(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(dist), str(REPO)],
        check=True,
        capture_output=True,
    )
    wheel = next(dist.glob("newsweave-*.whl"))
    env_dir = tmp_path / "venv"
    # The fresh venv sees this venv's site-packages for dependencies (installing them again would
    # need the network); newsweave itself comes only from the wheel.
    venv.EnvBuilder(with_pip=True, system_site_packages=False).create(env_dir)
    py = env_dir / "bin" / "python"
    site = next(Path(p) for p in sys.path if p.endswith("site-packages"))
    pth = next((env_dir / "lib").glob("python3*/site-packages"))
    (pth / "deps.pth").write_text(str(site) + "\n")
    subprocess.run(
        [str(py), "-m", "pip", "install", "--no-deps", "--no-index", "--quiet", str(wheel)],
        check=True,
        capture_output=True,
    )
    out = subprocess.run(
        [str(env_dir / "bin" / "newsweave"), "--help"], capture_output=True, text=True, cwd=tmp_path
    )
    assert out.returncode == 0, out.stderr
    assert "brief" in out.stdout
    located = subprocess.run(
        [str(py), "-c", "import newsweave, sys; print(newsweave.__file__)"],
        capture_output=True, text=True, cwd=tmp_path, check=True,
    ).stdout
    assert str(REPO) not in located, "newsweave was imported from the source tree, not the wheel"
    schema = subprocess.run(
        [str(py), "-c", "from newsweave.report import briefing_schema; print(briefing_schema()['title'])"],
        capture_output=True, text=True, cwd=tmp_path,
    )
    assert schema.stdout.strip() == "newsweave.briefing/1", schema.stderr
