"""The store over time: idempotent ingest, events that grow, corrections that stick,
lifecycle commands (reprocess, delete, export, backup), migrations and search.

Tests taking the ``stores`` fixture run on both backends (SQLite and PostgreSQL)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import jsonschema
import pytest
from conftest import Stores, make_stores
from test_store_corpus import ARTICLES, FIRST, write_corpus
from typer.testing import CliRunner

from newsweave.cli import app
from newsweave.errors import InputError, StoreError, UsageError
from newsweave.pipeline import Pipeline
from newsweave.report import briefing_schema
from newsweave.store import Store
from newsweave.store.db import connect

runner = CliRunner()


@pytest.fixture(scope="module")
def pipeline() -> Pipeline:
    return Pipeline()


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    folder = tmp_path / "corpus"
    write_corpus(folder)
    write_corpus(tmp_path / "late", ["serra-late"])
    return folder


@pytest.fixture(scope="module")
def base_db(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, pipeline: Pipeline,
    backend: str,
) -> str:
    """The corpus ingested once per backend; tests that start from it get a copy (NLP runs once)."""
    folder = tmp_path_factory.mktemp("base")
    db = make_stores(request, backend, folder).new()
    with Store(db, pipeline=pipeline) as store:
        store.ingest([str(write_corpus(folder / "corpus")[0].parent)], print)
    return db  # closing the last connection checkpointed a SQLite WAL into the one file


def open_store(stores: Stores, pipeline: Pipeline, base: str | None = None) -> Store:
    """A new store: empty, or a copy of ``base``."""
    return Store(stores.copy(base) if base else stores.new(), pipeline=pipeline)


def ingest(store: Store, *paths: Path) -> tuple[int, int, int]:
    errors: list[InputError] = []
    result = store.ingest([str(p) for p in paths], errors.append)
    assert result.rejected == len(errors)
    return len(result.added), result.duplicate, result.rejected


def event_of(store: Store, article_id: str) -> str:
    found = store.article(article_id)
    assert found is not None and found[1] is not None
    return found[1]


def test_ingesting_twice_stores_once(stores: Stores, corpus: Path, pipeline: Pipeline) -> None:
    with open_store(stores, pipeline) as store:
        assert ingest(store, corpus) == (5, 0, 0)
        before = store.events_document()
        assert ingest(store, corpus) == (0, 5, 0)
        assert store.article_count() == 5
        assert store.events_document() == before


def test_events_group_copies_and_count_independent_sources(
    stores: Stores, corpus: Path, pipeline: Pipeline, base_db: str
) -> None:
    with open_store(stores, pipeline, base_db) as store:
        bridge = event_of(store, "serra-bridge")
        assert event_of(store, "harbour-bridge") == bridge
        assert event_of(store, "mirova-strike") != bridge
        pair = [store.article(a) for a in ("valley-copy", "serra-bridge")]
        assert pair[0] is not None and pair[1] is not None
        assert pair[0][0].story == pair[1][0].story  # a syndicated copy: one story
        assert sorted(x[0].copy_of or "" for x in pair) in (["", "serra-bridge"], ["", "valley-copy"])
        row = store.events_row(bridge)
        assert row is not None and (row.articles, row.outlets, row.independent) == (3, 3, 2)


def test_late_report_joins_its_event_and_show_prints_the_update(
    stores: Stores, tmp_path: Path, corpus: Path, pipeline: Pipeline, base_db: str
) -> None:
    with open_store(stores, pipeline, base_db) as store:
        db = store.target
        bridge = event_of(store, "serra-bridge")
        ids_before = {e["id"] for e in store.events_document()["events"]}
        assert ingest(store, tmp_path / "late") == (1, 0, 0)
        assert event_of(store, "serra-late") == bridge
        assert {e["id"] for e in store.events_document()["events"]} == ids_before
    shown = runner.invoke(app, ["show", bridge, "--db", db, "--format", "json"])
    assert shown.exit_code == 0, shown.output
    doc = json.loads(shown.output)
    jsonschema.validate(doc, briefing_schema())
    [event] = doc["events"]
    assert "serra-late" in {a["id"] for a in event["articles"]}
    assert event["sources"]["articles"] == 4 and event["last_seen"] == "2026-04-15"


def test_merge_keeps_the_older_id_redirects_the_other_and_survives_ingest(
    stores: Stores, tmp_path: Path, corpus: Path, pipeline: Pipeline, base_db: str
) -> None:
    with open_store(stores, pipeline, base_db) as store:
        bridge, strike = event_of(store, "serra-bridge"), event_of(store, "mirova-strike")
        older, newer = sorted([bridge, strike], key=lambda e: int(e[1:]))
        assert store.merge(newer, older) == older
        assert store.resolve(newer) == older
        assert event_of(store, "picket-strike") == event_of(store, "serra-bridge") == older
        ingest(store, tmp_path / "late")
        assert event_of(store, "mirova-strike") == event_of(store, "serra-late") == older
        assert store.event(older) is not None
        with pytest.raises(UsageError):
            store.merge(older, newer)  # already one event


def test_split_makes_a_new_event_that_survives_ingest(
    stores: Stores, tmp_path: Path, corpus: Path, pipeline: Pipeline, base_db: str
) -> None:
    with open_store(stores, pipeline, base_db) as store:
        bridge = event_of(store, "serra-bridge")
        new = store.split(bridge, ["harbour-bridge"])
        assert new != bridge and event_of(store, "harbour-bridge") == new
        assert event_of(store, "serra-bridge") == bridge
        ingest(store, tmp_path / "late")
        assert event_of(store, "harbour-bridge") == new
        assert event_of(store, "serra-bridge") == bridge
        with pytest.raises(UsageError):
            store.split(bridge, ["mirova-strike"])


def test_unlink_makes_a_copy_independent_and_survives_ingest(
    stores: Stores, tmp_path: Path, corpus: Path, pipeline: Pipeline, base_db: str
) -> None:
    with open_store(stores, pipeline, base_db) as store:
        bridge = event_of(store, "serra-bridge")
        copy, original = _copy_pair(store)
        store.unlink(copy)
        found = store.article(copy)
        assert found is not None and found[0].copy_of is None
        row = store.events_row(bridge)
        assert row is not None and row.independent == 3
        ingest(store, tmp_path / "late")
        found = store.article(copy)
        assert found is not None and found[0].copy_of is None
        with pytest.raises(UsageError):
            store.unlink(original)  # an original is not a copy


def _copy_pair(store: Store) -> tuple[str, str]:
    """(copy, original) of the syndicated bridge report, whichever the grouper took first."""
    found = store.article("valley-copy")
    assert found is not None
    if found[0].copy_of:
        return "valley-copy", found[0].copy_of
    return "serra-bridge", "valley-copy"


def test_delete_an_article_and_an_outlet(
    stores: Stores, tmp_path: Path, corpus: Path, pipeline: Pipeline
) -> None:
    with open_store(stores, pipeline) as store:
        ingest(store, corpus, tmp_path / "late")
        bridge = event_of(store, "serra-bridge")
        assert store.delete(["harbour-bridge"]) == ["harbour-bridge"]
        assert store.article("harbour-bridge") is None
        assert all(a["article"] != "harbour-bridge" for a in _cited(store, bridge))
        assert store.delete(outlet="Serra Daily") == ["serra-bridge", "serra-late"]
        doc = store.events_document()
        ids = {a for e in doc["events"] for a in e["article_ids"]}
        assert ids == {"valley-copy", "mirova-strike", "picket-strike"}
        for ev in doc["events"]:  # every event re-briefed from what is left
            assert ev["articles"] == len(ev["article_ids"])
            cited = {c["article"] for c in _cited(store, ev["id"])}
            assert cited <= set(ev["article_ids"])
        assert store.search("Varsi dark")[1] == 1  # the copy still says it
        with pytest.raises(UsageError):
            store.delete(["no-such-article"])
        store.delete(["valley-copy", "mirova-strike", "picket-strike"])
        assert store.events_document() == {"events": []}  # emptied events are gone
        assert store.resolve(bridge) is None and store.search("Korvel") == ([], 0)


def _cited(store: Store, event_id: str) -> list[dict[str, object]]:
    doc = store.briefing_dict(event_id)
    assert doc is not None
    return [*doc["summary"], *doc["quotes"], *doc["claims"], *doc["timeline"]]


def test_reprocess_keeps_ids_and_corrections(
    stores: Stores, corpus: Path, pipeline: Pipeline, base_db: str
) -> None:
    with open_store(stores, pipeline, base_db) as store:
        bridge = event_of(store, "serra-bridge")
        new = store.split(bridge, ["harbour-bridge"])
        before = store.events_document()
        assert store.reprocess(lambda e: None) == 5
        assert store.events_document() == before
        assert event_of(store, "harbour-bridge") == new


def test_export_writes_articles_and_valid_briefings(
    stores: Stores, tmp_path: Path, corpus: Path, pipeline: Pipeline, base_db: str
) -> None:
    db = stores.copy(base_db)
    out = tmp_path / "export.jsonl"
    result = runner.invoke(app, ["export", "--db", db, "--out", str(out)])
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in out.read_text("utf-8").splitlines()]
    arts = [x for x in lines if x["type"] == "article"]
    evs = [x for x in lines if x["type"] == "event"]
    assert sorted(a["id"] for a in arts) == sorted(FIRST)
    assert all(a["text"] == ARTICLES[a["id"]]["text"] for a in arts)
    assert len(evs) == 2
    for ev in evs:
        jsonschema.validate({"schema": ev["schema"], "events": [ev["event"]]}, briefing_schema())


def test_backup_while_a_reader_holds_a_snapshot(
    stores: Stores, tmp_path: Path, corpus: Path, pipeline: Pipeline, base_db: str
) -> None:
    if stores.backend != "sqlite":
        result = runner.invoke(app, ["export", "--db", base_db, "--backup", str(tmp_path / "b")])
        assert result.exit_code == 2 and "pg_dump" in result.output
        return
    db = stores.copy(base_db)
    reader = sqlite3.connect(db)
    reader.execute("BEGIN")
    reader.execute("SELECT count(*) FROM articles").fetchone()
    copy = tmp_path / "copy.db"
    result = runner.invoke(app, ["export", "--db", db, "--backup", str(copy)])
    reader.rollback()
    assert result.exit_code == 0, result.output
    with Store(copy, readonly=True) as backup:
        assert backup.article_count() == 5
        assert backup.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    again = runner.invoke(app, ["export", "--db", db, "--backup", str(copy)])
    assert again.exit_code == 2 and "already exists" in again.output


@pytest.mark.parametrize(
    ("query", "expected"),
    [("nurses", {"mirova-strike"}), ("Korvel", {"serra-bridge"}), ("korv", {"serra-bridge"}),
     ('"Korvel" ( AND *', {"serra-bridge"}), ('NEAR("x"', set()), ("zzzunknown", set()), ("", set())],
)
def test_search_finds_events_by_their_words(
    stores: Stores, corpus: Path, pipeline: Pipeline, base_db: str, query: str, expected: set[str]
) -> None:
    with open_store(stores, pipeline, base_db) as store:
        rows, total = store.search(query)
        assert total == len(rows) == len(expected)
        assert {r.id for r in rows} == {event_of(store, a) for a in expected}


def test_schema_migrates_on_open_and_refuses_a_newer_store(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    sqlite3.connect(db).close()  # an empty version-0 file
    conn = connect(db)
    assert conn.execute("PRAGMA user_version").fetchone()[0] >= 1
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    conn.execute("PRAGMA user_version = 999")
    conn.close()
    with pytest.raises(StoreError, match="newer"):
        connect(db)


def test_a_version_1_store_migrates_and_keeps_its_events(tmp_path: Path) -> None:
    from newsweave.store.schema import MIGRATIONS
    from newsweave.store.sqlite import SqliteDatabase

    db = tmp_path / "v1.db"
    old = SqliteDatabase(db)
    old.begin_write()
    MIGRATIONS[0]["sqlite"](old)
    conn = old.conn
    brief = {"id": "e1", "summary": [{"text": "Lede sentence.", "article": "a", "start": 0, "end": 14}]}
    conn.execute("INSERT INTO events (id, created, title, briefing) VALUES ('e1', 1, 'T', ?)",
                 (json.dumps(brief),))
    conn.execute("PRAGMA user_version = 1")
    conn.execute("COMMIT")
    conn.close()
    with Store(db) as store:
        assert store.conn.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
        row = store.events_row("e1")
        assert row is not None and row.lede == "Lede sentence." and row.title == "T"


@pytest.mark.parametrize("content", [b"not a database at all, just some text" * 100, b""])
def test_a_file_that_is_not_a_store_is_a_clear_error(tmp_path: Path, content: bytes) -> None:
    db = tmp_path / "x.db"
    db.write_bytes(content)
    result = runner.invoke(app, ["events", "--db", db])
    if content:
        assert result.exit_code == 2 and "cannot open the store" in result.output
    else:  # an empty file is an empty SQLite database: it becomes an empty store
        assert result.exit_code == 0, result.output


def test_cli_ingest_reports_counts_and_rejects(stores: Stores, tmp_path: Path, corpus: Path) -> None:
    db = stores.new()
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not json\n", "utf-8")
    result = runner.invoke(app, ["ingest", str(corpus), str(bad), "--db", db])
    assert result.exit_code == 1, result.output
    assert "5 added, 0 duplicate, 1 rejected" in result.output
    listed = runner.invoke(app, ["events", "--db", db, "--format", "json"])
    doc = json.loads(listed.output)
    assert [len(e["article_ids"]) for e in doc["events"]] in ([3, 2], [2, 3])
    missing = runner.invoke(app, ["show", "e999", "--db", db])
    assert missing.exit_code == 2 and "no event 'e999'" in missing.output
    nothing = runner.invoke(app, ["ingest", str(tmp_path / "nope"), "--db", db])
    assert nothing.exit_code == 2


@pytest.mark.parametrize(
    "args",
    [["merge", "e1", "e404"], ["split", "e404", "x"], ["unlink", "nope"], ["delete"],
     ["delete", "--outlet", "Nobody"]],
)
def test_correction_commands_fail_clearly(stores: Stores, corpus: Path, args: list[str]) -> None:
    db = stores.new()
    runner.invoke(app, ["ingest", str(corpus), "--db", db])
    result = runner.invoke(app, [*args, "--db", db])
    assert result.exit_code == 2
    assert "Traceback" not in result.output and result.output.startswith("newsweave: ")


def test_correction_and_lifecycle_commands_through_the_cli(stores: Stores, corpus: Path) -> None:
    db = stores.new()

    def cli(*args: str) -> str:
        result = runner.invoke(app, [*args, "--db", db])
        assert result.exit_code == 0, result.output
        return result.output.strip()

    cli("ingest", str(corpus))
    listed = json.loads(cli("events", "--format", "json"))["events"]
    bridge = next(e["id"] for e in listed if "serra-bridge" in e["article_ids"])
    new = cli("split", bridge, "harbour-bridge")
    assert new != bridge
    assert cli("merge", bridge, new) == min(bridge, new, key=lambda e: int(e[1:]))
    assert cli("reprocess").endswith("5 articles reprocessed, 0 kept as they were")
    assert cli("delete", "picket-strike").endswith("1 articles deleted")
    shown = json.loads(cli("show", new, "--format", "json"))  # a merged id still shows
    assert "harbour-bridge" in {a["id"] for a in shown["events"][0]["articles"]}
    table = cli("events")
    assert "Korvel" in table and "independent" in table


def test_event_table_prints_titles_as_text_not_markup(stores: Stores, tmp_path: Path) -> None:
    db = stores.new()
    doc = {"id": "m", "title": "[/][b]Dam[/b]", "text": "The dam burst on Monday."}
    path = tmp_path / "m.jsonl"
    path.write_text(json.dumps(doc) + "\n", "utf-8")
    assert runner.invoke(app, ["ingest", str(path), "--db", db]).exit_code == 0
    result = runner.invoke(app, ["events", "--db", db])
    assert result.exit_code == 0, result.output
    assert "[/][b]Dam[/b]" in result.output


def test_opening_waits_out_a_store_another_process_is_creating(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """SQLite can answer "database is locked" without its busy handler while another process
    creates or recovers a WAL store: opening tries again instead of failing the ingest."""
    import sqlite3

    from newsweave.store import db as dbmod

    real, calls = dbmod._connect_once, []

    def flaky(*args):  # type: ignore[no-untyped-def]
        calls.append(1)
        if len(calls) < 3:
            raise sqlite3.OperationalError("database is locked")
        return real(*args)

    monkeypatch.setattr(dbmod, "_connect_once", flaky)
    store = dbmod.connect(tmp_path / "s.db")
    store.close()
    assert len(calls) == 3
    monkeypatch.setattr(dbmod, "LOCK_RETRY_S", 0.0)
    calls.clear()
    monkeypatch.setattr(dbmod, "_connect_once", lambda *a: (_ for _ in ()).throw(
        sqlite3.OperationalError("database is locked")))
    import pytest

    from newsweave.errors import StoreError

    with pytest.raises(StoreError, match="cannot open the store"):
        dbmod.connect(tmp_path / "t.db")
