"""The per-article analysis (NER) is stored with the article: it comes back from the store as it
was made, re-briefing an event reads no stored article with NER again (a new process included),
reprocess replaces it with the clean text, and a store from before the column migrates and
still briefs (the facts stage tags what has no analysis). On both backends."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from conftest import Stores, make_stores
from test_store_corpus import BRIDGE_LATE, FIRST, write_corpus

from newsweave.errors import InputError
from newsweave.facts import analyse
from newsweave.pipeline import Pipeline
from newsweave.records import Analysis, Article
from newsweave.store import Store, articles
from newsweave.store.db import Database, write
from newsweave.store.regroup import regroup


class _Reads:
    """The NER pipeline ``tag`` loads, recording every text it is given."""

    def __init__(self, nlp: Any, texts: list[str]) -> None:
        self.nlp, self.texts = nlp, texts

    def pipe(self, texts: Iterable[str], **kw: Any) -> Any:
        batch = list(texts)
        self.texts.extend(batch)
        return self.nlp.pipe(batch, **kw)


@pytest.fixture
def ner_reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text NER reads from here on, wherever it runs in this process."""
    import newsweave.nlp.models as models

    real, texts = models.load_spacy, []

    def load(components: tuple[str, ...] = ("ner",)) -> Any:
        nlp = real(components)
        return _Reads(nlp, texts) if components == ("ner",) else nlp

    monkeypatch.setattr(models, "load_spacy", load)
    return texts


@pytest.fixture(scope="module")
def base(request: pytest.FixtureRequest, backend: str, tmp_path_factory: pytest.TempPathFactory) -> str:
    """The first five articles ingested once per backend; tests work on copies."""
    folder = tmp_path_factory.mktemp("analysis")
    db = make_stores(request, backend, folder).new()
    with Store(db, pipeline=Pipeline()) as store:
        result = store.ingest([str(write_corpus(folder / "corpus")[0].parent)], _no_errors)
    assert len(result.added) == len(FIRST)
    return db


def _no_errors(error: InputError) -> None:
    raise AssertionError(error)


def _analysed_now(article_id: str, text: str) -> Analysis:
    art = Article(article_id, text)
    analyse([art])
    assert art.analysis is not None
    return art.analysis


def _stored(db: Database) -> dict[str, tuple[str, str | None]]:
    rows = db.execute("SELECT id, text, analysis FROM articles ORDER BY seq")
    return {r["id"]: (r["text"], r["analysis"]) for r in rows}


def _rebrief(store: Store, pipeline: Pipeline) -> list[str]:
    """Re-brief every event from what the store holds (as a new process would)."""
    with write(store.conn):
        ids = [r[0] for r in store.conn.execute("SELECT id FROM articles")]
        return regroup(store.conn, pipeline, ids, force=True)


def _briefings(store: Store) -> dict[str, Any]:
    return {e["id"]: store.briefing_dict(e["id"]) for e in store.events_document()["events"]}


def test_an_ingested_articles_analysis_round_trips(stores: Stores, base: str) -> None:
    with Store(stores.copy(base), readonly=True) as store:
        rows = _stored(store.conn)
        assert sorted(rows) == sorted(FIRST)
        for aid, (text, raw) in rows.items():
            found = store.article(aid)
            assert found is not None
            analysis = found[0].analysis
            assert analysis is not None and analysis.names  # every article names someone
            assert raw == analysis.to_json() and raw.startswith('[["') and ", " not in raw
            assert analysis == _analysed_now(aid, text)  # exactly what the worker made
            assert all(0 <= s < e <= len(text) for _, s, e in analysis.names)


def test_rebriefing_from_the_store_runs_no_ner(stores: Stores, base: str, ner_reads: list[str]) -> None:
    with Store(stores.copy(base), pipeline=Pipeline()) as store:  # nothing kept in memory
        before = _briefings(store)
        written = _rebrief(store, store.pipeline)
        assert sorted(written) == sorted(before) and len(written) == 2
        assert ner_reads == []
        assert _briefings(store) == before


def test_a_late_report_is_all_that_ner_reads_when_its_event_grows(
    stores: Stores, base: str, tmp_path: Path, ner_reads: list[str]
) -> None:
    with Store(stores.copy(base), pipeline=Pipeline()) as store:
        bridge = store.article("serra-bridge")
        assert bridge is not None and bridge[1] is not None
        paths = write_corpus(tmp_path / "late", ["serra-late"])
        result = store.ingest([str(p) for p in paths], _no_errors)
        assert result.added == ["serra-late"] and result.events == [bridge[1]]
        doc = store.briefing_dict(bridge[1])
        assert doc is not None and "serra-late" in {a["id"] for a in doc["articles"]}
        assert ner_reads
        for text in ner_reads:
            assert all(piece in BRIDGE_LATE for piece in text.split("\n\n"))


def test_a_store_from_before_the_column_migrates_and_still_briefs(
    stores: Stores, base: str, tmp_path: Path, ner_reads: list[str]
) -> None:
    from newsweave.store.db import connect
    from newsweave.store.schema import MIGRATIONS

    target = stores.copy(base)
    old = connect(target)
    old.begin_write()
    old.execute("ALTER TABLE articles DROP COLUMN analysis")  # the table as version 2 made it
    old.execute("ALTER TABLE articles DROP COLUMN published_from")
    old.execute("ALTER TABLE articles DROP COLUMN optional")
    old.execute("DROP INDEX articles_outlet_seq")
    old.set_version(2)
    old.commit()
    old.close()
    with Store(target, pipeline=Pipeline()) as store:
        assert store.conn.version() == len(MIGRATIONS)
        assert all(raw is None for _, raw in _stored(store.conn).values())
        bridge = store.article("serra-bridge")
        assert bridge is not None and bridge[0].analysis is None and bridge[1] is not None
        result = store.ingest([str(p) for p in write_corpus(tmp_path / "late", ["serra-late"])],
                              _no_errors)
        assert result.events == [bridge[1]]
        doc = store.briefing_dict(bridge[1])
        assert doc is not None and len(doc["articles"]) == 4 and doc["summary"]
        assert "Ilena Varsi" in {e["name"] for e in doc["entities"]}
        # The old articles had no analysis: the facts stage tagged them.
        assert any(p not in BRIDGE_LATE for t in ner_reads for p in t.split("\n\n"))
        stored = _stored(store.conn)
        assert stored["serra-late"][1] is not None  # new rows carry theirs
        assert stored["serra-bridge"][1] is None  # old rows stay unanalysed until reprocess


def test_reprocess_refreshes_the_analysis_with_the_text(stores: Stores, base: str) -> None:
    with Store(stores.copy(base), pipeline=Pipeline()) as store:
        clean = _stored(store.conn)
        # As an older cleaner might have left it: another text, and an analysis made on that one.
        with write(store.conn):
            store.conn.execute("UPDATE articles SET text = ?, analysis = ? WHERE id = 'harbour-bridge'",
                               ("Tarsano News Desk. " + clean["harbour-bridge"][0],
                                Analysis((("ORG", 0, 17),)).to_json()))
        assert store.reprocess(_no_errors) == len(FIRST)
        after = _stored(store.conn)
        assert after == clean
        found = store.article("harbour-bridge")
        assert found is not None and found[0].analysis == _analysed_now("x", clean["harbour-bridge"][0])


def test_update_clean_without_an_analysis_clears_the_stale_one(stores: Stores, base: str) -> None:
    with Store(stores.copy(base), pipeline=Pipeline()) as store:
        found = store.article("mirova-strike")
        assert found is not None and found[0].analysis is not None
        art = found[0]
        art.text, art.lang, art.analysis = "Las enfermeras de Mirova están en huelga.", "es", None
        with write(store.conn):
            articles.update_clean(store.conn, art)
        assert _stored(store.conn)["mirova-strike"] == (art.text, None)
