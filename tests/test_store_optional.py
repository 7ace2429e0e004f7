"""The store keeps ``Article.optional`` (headline, subheading, caption spans) and the classifier's
``removed[].score``: an event re-briefed from stored articles cites no optional line, ``show``
and ``export`` list the spans, and a version 4 store (before the column) migrates on open. On
both backends. Invented pages only."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clirun import run_cli
from conftest import Stores

from newsweave.store import Store
from newsweave.store.db import connect
from newsweave.store.schema import MIGRATIONS

HEADLINE = "Floods force 3,000 people from their homes in Lisk"
BODY = [
    "The council of Lisk said on Monday that 2,500 people had left the lower town after the Orvane"
    " burst its banks overnight.",
    '"We have never seen the river this high," said Ivo Brenn, the town\'s mayor, standing by the'
    " old bridge.",
    "Rescue crews reached 40 villages by Tuesday, and the army sent 12 boats to the flooded farms"
    " east of the town.",
    "Engineers said the dam upstream held, but that they would release water on Wednesday to ease"
    " the pressure.",
]
MENU, TAIL = ["Home", "World"], ["Share this article", "Related stories", "Most read"]


def _page(outlet: str, headline: str, body: list[str]) -> dict[str, str]:
    return {"id": outlet.split(".")[0], "outlet": outlet, "url": f"https://{outlet}/news/lisk-floods",
            "date": "2026-03-02", "text": "\n".join([*MENU, headline, *body, *TAIL])}


def _write(path: Path, *pages: dict[str, str]) -> str:
    path.write_text("".join(json.dumps(p) + "\n" for p in pages), "utf-8")
    return str(path)


def _ingest(capsys: pytest.CaptureFixture[str], db: str, path: str) -> None:
    ran = run_cli(capsys, "ingest", path, "--db", db)
    assert ran.code == 0, ran.err


def _cited(doc: dict[str, object]) -> list[tuple[str, str, int, int]]:
    out = []
    for key in ("summary", "quotes", "claims", "timeline"):
        items = doc.get(key, [])
        assert isinstance(items, list)
        out.extend((key, x["article"], x["start"], x["end"]) for x in items)
    return out


def test_rebriefed_from_the_store_no_span_touches_an_optional_line(
    capsys: pytest.CaptureFixture[str], stores: Stores, tmp_path: Path
) -> None:
    db = stores.new()
    _ingest(capsys, db, _write(tmp_path / "day1.jsonl", _page("lisk-courier.example", HEADLINE, BODY)))
    # A copy from another outlet, ingested later: the event is re-briefed from the stored first page.
    copy = [*BODY[:2], "Rescue crews reached 40 villages by Tuesday, the army said.", BODY[3]]
    _ingest(capsys, db, _write(tmp_path / "day2.jsonl",
                               _page("tarn-gazette.example", "Lisk floods: 3,000 leave their homes", copy)))
    with Store(db, readonly=True) as store:
        (event,) = store.events()
        first = store.article("lisk-courier")
        assert first is not None
        art = first[0]
        assert [(o.kind, art.text[o.start : o.end]) for o in art.optional] == [("headline", HEADLINE)]
        assert any(r.score is not None for r in art.removed)  # the classifier's score is kept
    ran = run_cli(capsys, "show", event.id, "--format", "json", "--db", db)
    assert ran.code == 0, ran.err
    (doc,) = json.loads(ran.out)["events"]
    arts = {a["id"]: a for a in doc["articles"]}
    assert set(arts) == {"lisk-courier", "tarn-gazette"}
    assert arts["lisk-courier"]["optional"] == [{"kind": "headline", "start": 0, "end": len(HEADLINE)}]
    assert any(r["score"] is not None for r in arts["lisk-courier"]["removed"])
    cited = _cited(doc)
    assert cited
    for key, aid, start, end in cited:
        assert not any(o["start"] < end and start < o["end"] for o in arts[aid]["optional"]), (key, aid)
    exported = [json.loads(line) for line in run_cli(capsys, "export", "--db", db).out.splitlines()]
    assert {"kind": "headline", "start": 0, "end": len(HEADLINE)} in [
        o for d in exported if d.get("type") == "article" for o in d["optional"]
    ]


def test_a_version_4_store_migrates_and_new_rows_keep_their_spans(
    capsys: pytest.CaptureFixture[str], stores: Stores, tmp_path: Path
) -> None:
    db = stores.new()
    _ingest(capsys, db, _write(tmp_path / "day1.jsonl", _page("lisk-courier.example", HEADLINE, BODY)))
    old = connect(db)
    old.begin_write()
    old.execute("ALTER TABLE articles DROP COLUMN optional")  # the table as version 4 made it
    old.execute("DROP INDEX articles_outlet_seq")
    old.set_version(4)
    old.commit()
    old.close()
    with Store(db, readonly=True) as store:
        assert store.conn.version() == len(MIGRATIONS) == 5
        first = store.article("lisk-courier")
        assert first is not None and first[0].optional == []  # old rows: none until reprocess
        assert first[0].text.startswith(HEADLINE)
    _ingest(capsys, db, _write(tmp_path / "day2.jsonl",
                               _page("tarn-gazette.example", "Lisk floods: 3,000 leave their homes", BODY)))
    with Store(db) as store:
        second = store.article("tarn-gazette")
        assert second is not None and [o.kind for o in second[0].optional] == ["headline"]
        assert store.reprocess(lambda e: None) == 2
        first = store.article("lisk-courier")
        assert first is not None and [o.kind for o in first[0].optional] == ["headline"]
