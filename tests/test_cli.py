"""The command line as a user meets it: help texts, exit codes, JSON validated against the schema."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from typer.testing import CliRunner

from newsweave.cli import app
from newsweave.report import briefing_schema

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "examples"
runner = CliRunner()


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "newsweave", *args], capture_output=True, text=True, cwd=REPO
    )


def command_names() -> list[str]:
    import typer.main

    group = typer.main.get_command(app)
    return sorted(group.commands)  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", command_names())
def test_every_command_has_help(name: str) -> None:
    import typer.main

    result = runner.invoke(app, [name, "--help"])
    assert result.exit_code == 0, result.output
    assert "Usage:" in result.output
    command = typer.main.get_command(app).commands[name]  # type: ignore[attr-defined]
    assert command.help and len(command.help) > 20, f"{name} has no help text"
    for param in command.params:
        if param.name != "help":
            assert getattr(param, "help", None) or param.param_type_name == "argument", param.name


def test_contract_commands_exist() -> None:
    assert {"brief", "clean", "summarize", "cluster"} <= set(command_names())


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output.startswith("newsweave ")


def test_brief_json_validates_and_spans_verify() -> None:
    proc = run("brief", str(EXAMPLES), "--format", "json")
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    jsonschema.validate(doc, briefing_schema())
    assert doc["events"], "no events"
    for event in doc["events"]:
        texts = {a["id"]: a["text"] for a in event["articles"]}
        spans = [*event["summary"], *event["quotes"], *event["timeline"]]
        for item in spans:
            assert texts[item["article"]][item["start"] : item["end"]] == item["text"]
        for claim in event["claims"]:
            assert 0 <= claim["start"] < claim["end"] <= len(texts[claim["article"]])
        assert sum(len(s.split()) for s in (i["text"] for i in event["summary"])) <= 120


@pytest.mark.parametrize("fmt", ["md", "html"])
def test_brief_renders(fmt: str, tmp_path: Path) -> None:
    out = tmp_path / f"brief.{fmt}"
    proc = run("brief", str(EXAMPLES), "--format", fmt, "--out", str(out))
    assert proc.returncode == 0, proc.stderr
    text = out.read_text("utf-8")
    assert "Valmora" in text or "Orsk" in text
    if fmt == "html":
        assert "<script" not in text.lower()


def test_missing_path_is_exit_2_without_traceback() -> None:
    proc = run("brief", "no/such/folder")
    assert proc.returncode == 2
    assert "no/such/folder" in proc.stderr
    assert "Traceback" not in proc.stderr + proc.stdout


def test_bad_file_beside_good_is_exit_1(tmp_path: Path) -> None:
    (tmp_path / "good.txt").write_text(
        "The mayor of Tarnow opened a new bridge on Friday. It cost 12 million euros.\n", "utf-8"
    )
    (tmp_path / "bad.txt").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00")
    proc = run("brief", str(tmp_path))
    assert proc.returncode == 1
    assert "bad.txt" in proc.stderr
    assert "Tarnow" in proc.stdout
    assert "Traceback" not in proc.stderr


def test_usage_error_is_exit_2() -> None:
    proc = run("brief", str(EXAMPLES), "--format", "pdf")
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr


def test_summarize_contract(tmp_path: Path) -> None:
    clusters = tmp_path / "c.jsonl"
    docs = [
        {"id": "a", "text": "The river rose fast. Crews built walls of sand. The town was saved."},
        {"id": "b", "text": "Crews built walls of sand as the river rose. Nobody was hurt."},
    ]
    lines = [
        {"id": "c1", "docs": docs, "refs": ["SECRET REFERENCE"]},
        {"id": "c2", "docs": docs[:1]},
    ]
    clusters.write_text("".join(json.dumps(x) + "\n" for x in lines), "utf-8")
    out = tmp_path / "out.jsonl"
    proc = run("summarize", "--input", str(clusters), "--words", "12", "--output", str(out))
    assert proc.returncode == 0, proc.stderr
    rows = [json.loads(x) for x in out.read_text("utf-8").splitlines()]
    assert [r["id"] for r in rows] == ["c1", "c2"]
    by_id = {d["id"]: d["text"] for d in docs}
    for row in rows:
        assert len(row["summary"].split()) <= 12
        assert "SECRET" not in row["summary"]
        for s in row["sentences"]:
            assert by_id[s["doc"]][s["start"] : s["end"]] == s["text"]


def test_cluster_contract(tmp_path: Path) -> None:
    src = tmp_path / "a.jsonl"
    arts = [
        {"id": "x1", "text": "Lumetra recalls 40,000 scooters over battery fires in Portevia."},
        {"id": "x2", "text": "Lumetra recalls 40,000 scooters over battery fires in Portevia."},
        {"id": "x3", "text": "The Orsk Dam in Valmora cracked after heavy rain; 1,200 fled."},
    ]
    src.write_text("".join(json.dumps(a) + "\n" for a in arts) + "not json\n", "utf-8")
    proc = run("cluster", "--input", str(src))
    assert proc.returncode == 1  # the broken line is reported
    assert ":4" in proc.stderr
    rows = [json.loads(x) for x in proc.stdout.splitlines()]
    assert [r["id"] for r in rows] == ["x1", "x2", "x3"]
    assert rows[0]["story"] == rows[1]["story"]
    assert rows[0]["event"] == rows[1]["event"]


@pytest.mark.parametrize("incremental", [False, True])
def test_cluster_writes_a_line_for_every_input_id(tmp_path: Path, incremental: bool) -> None:
    """Contract: an article the reader or cleaning rejects is named on stderr and gets an event
    and story of its own, in its place in the input order."""
    src = tmp_path / "a.jsonl"
    arts = [
        {"id": "x1", "text": "Lumetra recalls 40,000 scooters over battery fires in Portevia."},
        {"id": "empty", "text": ""},
        {"id": "no-text"},
        {"id": "x2", "text": "Lumetra recalls 40,000 scooters over battery fires in Portevia."},
    ]
    src.write_text("".join(json.dumps(a) + "\n" for a in arts), "utf-8")
    proc = run("cluster", "--input", str(src), *(["--incremental"] if incremental else []))
    assert proc.returncode == 1
    assert "empty" in proc.stderr and ":3" in proc.stderr
    rows = [json.loads(x) for x in proc.stdout.splitlines()]
    assert [r["id"] for r in rows] == ["x1", "empty", "no-text", "x2"]
    assert rows[0]["event"] == rows[3]["event"]
    assert len({r["event"] for r in rows}) == 3 and len({r["story"] for r in rows}) == 3


def test_cluster_incremental_takes_the_file_as_a_feed(tmp_path: Path) -> None:
    """``--incremental``: the same contract lines; copies still share a story and an event, and
    the other event of the pile stays apart."""
    fixture = Path(__file__).parent / "fixtures" / "events" / "harbour.jsonl"
    rows = [json.loads(x) for x in fixture.read_text("utf-8").splitlines() if x.strip()]
    rows.sort(key=lambda r: r.get("date") or "")
    src = tmp_path / "feed.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in rows), "utf-8")
    batch = run("cluster", "--input", str(src))
    feed = run("cluster", "--input", str(src), "--incremental")
    assert batch.returncode == 0 and feed.returncode == 0, feed.stderr
    got = {r["id"]: r for r in map(json.loads, feed.stdout.splitlines())}
    want = {r["id"]: r for r in map(json.loads, batch.stdout.splitlines())}
    assert list(got) == [r["id"] for r in rows]
    # the feed may split what the whole pile joins (a young vocabulary), never join more
    for key in ("event", "story"):
        groups: dict[str, set[str]] = {}
        for aid, r in got.items():
            groups.setdefault(r[key], set()).add(want[aid][key])
        assert all(len(g) == 1 for g in groups.values())
    assert len({r["event"] for r in got.values()}) >= 2
