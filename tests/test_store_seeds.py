"""Acceptance on the real seeds: ingesting ../shared/seeds twice stores two articles, and a third
report of the same event (written for this test, invented outlet) joins their event."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from newsweave.cli import app

runner = CliRunner()

# Our own words about the seeds' event; no sentence of the seeds is reused.
THIRD = {
    "id": "andes-ledger-defectors",
    "outlet": "Andes Ledger",
    "date": "2019-02-27",
    "title": "More Venezuelan soldiers cross into Colombia after aid standoff",
    "text": (
        "CUCUTA, Colombia — More members of Venezuela's National Guard crossed the border into "
        "Colombia this week, Colombian migration officials said, after the weekend standoff over "
        "humanitarian aid trucks at the Tachira River bridges.\n\n"
        "The defectors, most of them young and low-ranking, said they feared reprisals against "
        "relatives who stayed in Venezuela under President Nicolas Maduro. Several were staying "
        "in a church shelter near the border while they asked for asylum.\n\n"
        "Opposition leader Juan Guaido has urged the armed forces to let the aid in and has "
        "promised amnesty to soldiers who switch sides."
    ),
}


@pytest.mark.gated
def test_seeds_twice_then_a_third_report_joins_their_event(shared_dir: Path, tmp_path: Path) -> None:
    seeds = shared_dir / "seeds"
    db = str(tmp_path / "seeds.db")
    first = runner.invoke(app, ["ingest", str(seeds), "--db", db])
    assert first.exit_code == 0, first.output
    assert "2 added, 0 duplicate, 0 rejected" in first.output
    again = runner.invoke(app, ["ingest", str(seeds), "--db", db])
    assert again.exit_code == 0 and "0 added, 2 duplicate" in again.output
    events = json.loads(runner.invoke(app, ["events", "--db", db, "--format", "json"]).output)
    [event] = [e for e in events["events"] if "000_e59bb3f4e6d6b609" in e["article_ids"]]
    if len(event["article_ids"]) != 2:
        pytest.fail(f"the two seeds were not grouped into one event: {events}")
    third = tmp_path / "andes-ledger-defectors.jsonl"
    third.write_text(json.dumps(THIRD) + "\n", "utf-8")
    added = runner.invoke(app, ["ingest", str(third), "--db", db])
    assert "1 added" in added.output, added.output
    shown = runner.invoke(app, ["show", event["id"], "--db", db, "--format", "json"])
    assert shown.exit_code == 0, shown.output
    [briefing] = json.loads(shown.output)["events"]
    assert briefing["id"] == event["id"]
    assert {a["id"] for a in briefing["articles"]} == {*event["article_ids"], THIRD["id"]}
    md = runner.invoke(app, ["show", event["id"], "--db", db])
    assert "Andes Ledger" in md.output
