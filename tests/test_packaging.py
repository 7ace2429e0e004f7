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


ACCEPTANCE = r'''
import html.parser, json, sys
import newsweave

seeds = sys.argv[1] if len(sys.argv) > 1 else None
if seeds:
    b = newsweave.brief([seeds])
    assert len(b.events) == 1 and len(b.events[0].articles) == 2, [len(e.articles) for e in b.events]
    ev = b.events[0]
    by_id = {c.id: c for c in ev.claims}
    pairs = [(sorted(by_id[c].value for c in comp.claims), comp.status) for comp in ev.comparisons]
    assert any(values == [100, 320] and status != "agree" for values, status in pairs), pairs

text = "Ferry crews in Port Arden walked out on Thursday, halting all 14 crossings, officials said."
dicts = [{"id": "a", "text": text, "outlet": "Kessel Wire"},
         {"id": "b", "text": "All 14 ferry crossings from Port Arden were cancelled on Thursday as "
                             "crews went on strike, and more than 3,500 passengers were stranded."}]
b = newsweave.brief(dicts)
assert {a.id for e in b.events for a in e.articles} == {"a", "b"}
claims = b.to_frames()["claims"]
assert len(claims) == sum(len(e.claims) for e in b.events) > 0
missing = {"id", "article", "subject", "value", "low", "high", "unit", "comparison", "status"} - set(claims)
assert not missing, missing
art = newsweave.clean(sys.argv[2])
assert art.text and art.removed
rows = newsweave.cluster(dicts)
assert [r.id for r in rows] == ["a", "b"] and rows[0].event == rows[1].event

bad = "<script>alert(1)</script><img src=x onerror=alert(2)>"
hostile = newsweave.brief([{"id": "h", "title": bad, "outlet": bad, "author": bad,
                            "url": "javascript:alert(3)", "text": text}]).events[0]
page = hostile._repr_html_()
class Tags(html.parser.HTMLParser):
    found = []
    def handle_starttag(self, tag, attrs):
        self.found.append((tag, dict(attrs)))
Tags().feed(page)
assert not [t for t, _ in Tags.found if t in ("script", "img")], Tags.found
assert all(not k.startswith("on") for _, attrs in Tags.found for k in attrs)
assert all(attrs["href"].startswith("#") for t, attrs in Tags.found if "href" in attrs)
print("acceptance ok")
'''


@pytest.mark.slow
def test_wheel_passes_the_api_acceptance(installed: tuple[Path, Path, Path]) -> None:
    wheel, py, work = installed
    with zipfile.ZipFile(wheel) as whl:
        meta = next(n for n in whl.namelist() if n.endswith(".dist-info/METADATA"))
        metadata = whl.read(meta).decode("utf-8")
    assert "Provides-Extra: frames" in metadata and "pandas>=2; extra == \"frames\"" in metadata
    article = REPO / "examples" / "dailyledger-valmora.txt"  # an aggregator page: header, footer
    args = [str(SEEDS) if SEEDS.is_dir() else "", str(article)]
    out = subprocess.run([str(py), "-c", ACCEPTANCE, *args], capture_output=True, text=True, cwd=work,
                         timeout=600, env=CLEAN_ENV)
    assert out.returncode == 0, out.stderr[-3000:]
    assert "acceptance ok" in out.stdout
