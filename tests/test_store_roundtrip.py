"""Hypothesis: any article goes into the store and comes back unchanged, and is found by FTS."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from newsweave.records import Article, RawDocument, Removed
from newsweave.store import articles
from newsweave.store.db import connect, write
from newsweave.store.search import fts_query

TEXT = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=400)
OPTIONAL = st.none() | st.text(st.characters(blacklist_categories=("Cs",)), max_size=60)
ARTICLE = st.builds(
    Article,
    id=st.from_regex(r"[A-Za-z0-9._-]{1,30}", fullmatch=True),
    text=TEXT,
    url=OPTIONAL, outlet=OPTIONAL, author=OPTIONAL, title=OPTIONAL,
    published=st.none() | st.dates().map(lambda d: d.isoformat()),
    lang=st.sampled_from(["en", "es", "fr"]),
    removed=st.lists(st.builds(Removed, kind=st.sampled_from(["markup", "boilerplate"]), text=TEXT),
                     max_size=3),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(arts=st.lists(ARTICLE, min_size=1, max_size=4))
def test_articles_round_trip_through_the_store(arts: list[Article]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        conn = connect(Path(tmp) / "rt.db")
        stored: list[Article] = []
        with write(conn):
            for art in arts:
                doc = RawDocument(id=art.id, text=art.text, title=art.title, outlet=art.outlet,
                                  url=art.url, author=art.author, date=art.published)
                kept = articles.insert(conn, Article.from_dict(art.to_dict()), doc)
                if kept is not None:
                    stored.append(kept)
        again = articles.load(conn, [a.id for a in stored])
        assert list(again) == [a.id for a in stored]  # ids made unique, ingest order kept
        for art in stored:
            back = again[art.id]
            assert (back.text, back.title, back.outlet, back.url, back.author, back.published,
                    back.lang, back.removed) == (art.text, art.title, art.outlet, art.url,
                                                 art.author, art.published, art.lang, art.removed)
            assert articles.unpack_raw(
                conn.execute("SELECT raw FROM articles WHERE id = ?", (art.id,)).fetchone()[0]
            ).text == art.text
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        conn.close()


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_any_search_text_is_a_valid_fts_query(text: str) -> None:
    conn = connect(Path(tempfile.gettempdir()) / "nw-fts-probe.db")
    query = fts_query(text)
    if query:
        conn.execute("SELECT count(*) FROM articles_fts WHERE articles_fts MATCH ?", (query,))
    conn.close()
