"""SQLite and PostgreSQL give the same answers: the bundled examples ingested into both print
the same events, briefings (md, json, html), export and search results through the CLI and the
web API. And the PostgreSQL backend's own edges: one clear line when the server cannot be
reached, the URL is wrong or psycopg is missing; an empty database becomes a store; a store
newer than this newsweave is refused; a password never shows in messages."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from unittest.mock import patch

import pytest
from clirun import run_cli
from pgcluster import Server

from newsweave.errors import NotInstalled, StoreError
from newsweave.store import Store
from newsweave.store.db import connect, label

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "examples"
QUERIES = ["Valmora", "valm", "dam", "reservoir evacuation", "minister said", "zzznothing", "a", ""]


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory, pg_server: Server) -> dict[str, str]:
    """The examples ingested through the CLI into a SQLite file and a PostgreSQL database."""
    from typer.testing import CliRunner

    from newsweave.cli import app

    stores = {"sqlite": str(tmp_path_factory.mktemp("pair") / "ex.db"),
              "postgresql": pg_server.database()}
    for db in stores.values():
        ran = CliRunner().invoke(app, ["ingest", str(EXAMPLES), "--db", db])
        assert ran.exit_code == 0, ran.output
        assert "6 added, 0 duplicate, 0 rejected" in ran.output
    return stores


def _both(capsys: pytest.CaptureFixture[str], pair: dict[str, str], *args: str) -> list[str]:
    outs = []
    for db in pair.values():
        ran = run_cli(capsys, *args, "--db", db)
        assert ran.code == 0, ran.err
        outs.append(ran.out.replace(db, "DB"))
    return outs


def test_events_show_and_export_are_identical(
    capsys: pytest.CaptureFixture[str], pair: dict[str, str]
) -> None:
    sqlite, postgres = _both(capsys, pair, "events", "--format", "json")
    assert sqlite == postgres
    listed = json.loads(sqlite)["events"]
    assert len(listed) >= 2 and sum(len(e["article_ids"]) for e in listed) == 6
    for event in listed:
        for fmt in ("md", "json", "html"):
            sqlite, postgres = _both(capsys, pair, "show", event["id"], "--format", fmt)
            assert sqlite == postgres, (event["id"], fmt)
    sqlite, postgres = _both(capsys, pair, "export")
    assert sqlite == postgres and sqlite.count('"type": "article"') == 6
    sqlite, postgres = _both(capsys, pair, "events")
    assert sqlite == postgres


def test_reingest_is_a_no_op_on_both(capsys: pytest.CaptureFixture[str], pair: dict[str, str]) -> None:
    outs = _both(capsys, pair, "ingest", str(EXAMPLES))
    assert outs[0] == outs[1] and "0 added, 6 duplicate, 0 rejected; 0 events updated" in outs[0]


@pytest.mark.parametrize("query", QUERIES)
def test_search_finds_the_same_events(pair: dict[str, str], query: str) -> None:
    """The same events and totals (the order within equal matches follows each backend's
    relevance: bm25 on SQLite, ts_rank on PostgreSQL)."""
    found = []
    for db in pair.values():
        with Store(db, readonly=True) as store:
            rows, total = store.search(query)
            assert total == len(rows)
            found.append(sorted(r.id for r in rows))
            page, total_paged = store.search(query, limit=1, offset=5)
            assert page == [] and total_paged == total
    assert found[0] == found[1]
    if query in ("Valmora", "valm"):
        assert found[0], "the examples are about Valmora"


def test_web_api_answers_the_same(pair: dict[str, str]) -> None:
    from fastapi.testclient import TestClient

    from newsweave.web import create_app

    answers = []
    for db in pair.values():
        client = TestClient(create_app(db))
        events = client.get("/api/events").json()
        first = events["events"][0]["id"]
        answers.append((events, client.get(f"/api/events/{first}").json(),
                        client.get("/", params={"q": "Valmora"}).status_code))
    assert answers[0] == answers[1]


def test_a_server_that_cannot_be_reached_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    url = "postgresql://nobody:s3cret@127.0.0.1:9/none"  # port 9 (discard): nothing listens
    for args in (["events"], ["ingest", str(EXAMPLES)], ["show", "e1"], ["export"]):
        ran = run_cli(capsys, *args, "--db", url, debug=False)
        assert ran.code == 2, ran
        [line] = ran.err.strip().splitlines()
        assert line.startswith("newsweave: postgresql://nobody:***@127.0.0.1:9/none: cannot connect")
        assert "s3cret" not in ran.err + ran.out and "Traceback" not in ran.err


@pytest.mark.parametrize(
    ("url", "says"),
    [("postgresql://u@127.0.0.1:notaport/x", "cannot connect"),
     ("postgresql://u@127.0.0.1:5432/x?nonsense=1", "cannot connect"),
     ("mysql://u@127.0.0.1/x", "unknown store URL scheme 'mysql'")],
)
def test_a_wrong_url_is_one_line(capsys: pytest.CaptureFixture[str], url: str, says: str) -> None:
    ran = run_cli(capsys, "events", "--db", url, debug=False)
    assert ran.code == 2 and says in ran.err, ran
    assert len(ran.err.strip().splitlines()) == 1


def test_a_missing_database_on_a_running_server_is_one_line(
    capsys: pytest.CaptureFixture[str], pg_server: Server
) -> None:
    url = pg_server.base + "/no_such_database"
    ran = run_cli(capsys, "events", "--db", url, debug=False)
    assert ran.code == 2 and 'database "no_such_database" does not exist' in ran.err, ran
    assert len(ran.err.strip().splitlines()) == 1


def test_without_psycopg_the_error_names_the_extra(capsys: pytest.CaptureFixture[str]) -> None:
    with patch.dict(sys.modules, {"psycopg": None}):
        with pytest.raises(NotInstalled, match=r"pip install 'newsweave\[postgres\]'"):
            connect("postgresql://u@127.0.0.1:9/x")
        ran = run_cli(capsys, "events", "--db", "postgresql://u@127.0.0.1:9/x", debug=False)
    assert ran.code == 2 and "newsweave[postgres]" in ran.err and "Traceback" not in ran.err


def test_an_empty_database_reads_as_an_empty_store(
    capsys: pytest.CaptureFixture[str], pg_server: Server
) -> None:
    url = pg_server.database()
    ran = run_cli(capsys, "events", "--db", url, "--format", "json")
    assert ran.code == 0 and json.loads(ran.out) == {"events": []}


def test_a_newer_store_is_refused(pg_server: Server) -> None:
    url = pg_server.database()
    db = connect(url)
    db.set_version(999)
    db.close()
    with pytest.raises(StoreError, match="newer"):
        connect(url)
    with pytest.raises(StoreError, match="schema version 999"):
        connect(url, readonly=True)


def test_a_schema_made_while_waiting_for_the_write_lock_is_seen(pg_server: Server) -> None:
    """Two processes opening a new store: the one that found no schema and then waited for the
    lock sees the schema the other made meanwhile, and does not make it again."""
    from newsweave.store.postgres import PostgresDatabase
    from newsweave.store.schema import MIGRATIONS

    url = pg_server.database()
    waiting = PostgresDatabase(url)
    assert waiting.version() == 0
    waiting.execute("BEGIN ISOLATION LEVEL READ COMMITTED")  # as begin_write, before its lock
    connect(url).close()  # the other process migrates and commits
    try:
        assert waiting.version() == len(MIGRATIONS)
    finally:
        waiting.rollback()
        waiting.close()


def test_a_version_1_store_migrates_and_keeps_its_events(pg_server: Server) -> None:
    from newsweave.store.postgres import PostgresDatabase
    from newsweave.store.schema import MIGRATIONS

    url = pg_server.database()
    old = PostgresDatabase(url)
    old.begin_write()
    MIGRATIONS[0]["postgresql"](old)
    brief = {"id": "e1", "summary": [{"text": "Lede sentence.", "article": "a", "start": 0, "end": 14}]}
    old.execute("INSERT INTO events (id, created, title, briefing) VALUES ('e1', 1, 'T', ?)",
                (json.dumps(brief),))
    old.set_version(1)
    old.commit()
    old.close()
    with Store(url, readonly=True) as store:
        assert store.conn.version() == len(MIGRATIONS)
        row = store.events_row("e1")
        assert row is not None and row.lede == "Lede sentence." and row.title == "T"


def test_labels_hide_passwords() -> None:
    assert label("postgresql://ann:pw@db.example:5432/news") == "postgresql://ann:***@db.example:5432/news"
    assert label("postgresql://ann@db.example/news") == "postgresql://ann@db.example/news"
    assert label("news.db") == "news.db"


def test_hostile_articles_store_on_postgresql(tmp_path: Path, pg_server: Server) -> None:
    """NUL characters (PostgreSQL text cannot hold them: U+FFFD, same offsets) and an article of
    300,000 distinct words (a tsvector must stay under 1 MB) are stored and searchable."""
    from newsweave.records import Article, RawDocument
    from newsweave.store import articles
    from newsweave.store.db import write

    huge = " ".join(f"w{i}x" for i in range(300_000))
    with Store(pg_server.database()) as store, write(store.conn):
        for art in (Article(id="nul", text="Dam\x00 burst in Kelmar.", title="T\x00"),
                    Article(id="huge", text=huge, title="Word list")):
            assert articles.insert(store.conn, art, RawDocument(id=art.id, text=art.text)) is not None
        found = store.conn.execute("SELECT id FROM articles WHERE fts @@ CAST(? AS tsquery)",
                                   ("'kelmar'",)).fetchall()
        assert [r["id"] for r in found] == ["nul"]
        early = store.conn.execute("SELECT count(*) FROM articles WHERE fts @@ CAST(? AS tsquery)",
                                   ("'w5x' & 'list'",)).fetchone()[0]
        assert early == 1
        got = articles.get(store.conn, "nul")
        assert got is not None and got[0].text == "Dam\ufffd burst in Kelmar."
