"""The store's schema and its migrations, run on open, in order. Each step has a SQLite and a
PostgreSQL form; the version is ``PRAGMA user_version`` on SQLite and ``meta.schema_version`` on
PostgreSQL (``Database.version``)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from newsweave.store.db import Database

_V1 = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE articles (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  hash TEXT NOT NULL UNIQUE,           -- content identity: re-ingesting the same input is a no-op
  raw BLOB NOT NULL,                   -- zlib JSON of the input document, for `reprocess`
  path TEXT, url TEXT, outlet TEXT, author TEXT, published TEXT, title TEXT,
  lang TEXT NOT NULL DEFAULT 'en',
  text TEXT NOT NULL,
  removed TEXT NOT NULL DEFAULT '[]',  -- JSON list of {"kind", "text", "score"}
  event_id TEXT REFERENCES events(id) ON DELETE SET NULL,  -- NULL: stored, not yet grouped
  story TEXT, copy_of TEXT,
  added TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
CREATE INDEX articles_event ON articles(event_id);
CREATE INDEX articles_published ON articles(published);
CREATE INDEX articles_outlet ON articles(outlet);
CREATE TABLE events (
  id TEXT PRIMARY KEY,
  created INTEGER NOT NULL,            -- order of creation: the older id survives a merge
  title TEXT NOT NULL DEFAULT '',
  first_seen TEXT, last_seen TEXT,
  n_articles INTEGER NOT NULL DEFAULT 0,
  n_outlets INTEGER NOT NULL DEFAULT 0,
  n_independent INTEGER NOT NULL DEFAULT 0,
  briefing TEXT,                       -- cached briefing JSON of this one event
  updated TEXT
);
CREATE INDEX events_recent ON events(last_seen DESC, created DESC);
CREATE TABLE stories (
  id TEXT PRIMARY KEY,
  event_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  original TEXT NOT NULL
);
CREATE INDEX stories_event ON stories(event_id);
CREATE TABLE redirects (old TEXT PRIMARY KEY, new TEXT NOT NULL);
CREATE TABLE citations (
  article_id TEXT NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
  event_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  kind TEXT NOT NULL, start INTEGER NOT NULL, "end" INTEGER NOT NULL
);
CREATE INDEX citations_article ON citations(article_id);
CREATE INDEX citations_event ON citations(event_id);
CREATE TABLE decisions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL CHECK (kind IN ('merge', 'split', 'unlink')),
  payload TEXT NOT NULL,               -- JSON: article ids the decision binds
  made TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
CREATE VIRTUAL TABLE articles_fts USING fts5(
  title, text, content='articles', content_rowid='seq', tokenize='unicode61 remove_diacritics 2'
);
CREATE TRIGGER articles_ai AFTER INSERT ON articles BEGIN
  INSERT INTO articles_fts(rowid, title, text) VALUES (new.seq, coalesce(new.title, ''), new.text);
END;
CREATE TRIGGER articles_ad AFTER DELETE ON articles BEGIN
  INSERT INTO articles_fts(articles_fts, rowid, title, text)
  VALUES ('delete', old.seq, coalesce(old.title, ''), old.text);
END;
CREATE TRIGGER articles_au AFTER UPDATE OF title, text ON articles BEGIN
  INSERT INTO articles_fts(articles_fts, rowid, title, text)
  VALUES ('delete', old.seq, coalesce(old.title, ''), old.text);
  INSERT INTO articles_fts(rowid, title, text) VALUES (new.seq, coalesce(new.title, ''), new.text);
END;
INSERT INTO meta(key, value) VALUES ('next_event', '1');
"""


# PostgreSQL: the same tables; text compares byte-wise (COLLATE "C") as on SQLite, so dates and
# ids order the same whatever the server's locale; search reads a tsvector the store fills.
_PG_V1 = """
CREATE TABLE meta (key TEXT COLLATE "C" PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE events (
  id TEXT COLLATE "C" PRIMARY KEY,
  created BIGINT NOT NULL,
  title TEXT COLLATE "C" NOT NULL DEFAULT '',
  first_seen TEXT COLLATE "C", last_seen TEXT COLLATE "C",
  n_articles INTEGER NOT NULL DEFAULT 0,
  n_outlets INTEGER NOT NULL DEFAULT 0,
  n_independent INTEGER NOT NULL DEFAULT 0,
  briefing TEXT,
  updated TEXT
);
CREATE INDEX events_recent ON events(last_seen DESC, created DESC);
CREATE TABLE articles (
  seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id TEXT COLLATE "C" NOT NULL UNIQUE,
  hash TEXT COLLATE "C" NOT NULL UNIQUE,
  raw BYTEA NOT NULL,
  path TEXT, url TEXT, outlet TEXT COLLATE "C", author TEXT, published TEXT COLLATE "C", title TEXT,
  lang TEXT NOT NULL DEFAULT 'en',
  text TEXT NOT NULL,
  removed TEXT NOT NULL DEFAULT '[]',
  event_id TEXT COLLATE "C" REFERENCES events(id) ON DELETE SET NULL,
  story TEXT COLLATE "C", copy_of TEXT COLLATE "C",
  added TEXT NOT NULL DEFAULT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
  fts TSVECTOR NOT NULL DEFAULT ''
);
CREATE INDEX articles_event ON articles(event_id);
CREATE INDEX articles_published ON articles(published);
CREATE INDEX articles_outlet ON articles(outlet);
CREATE INDEX articles_fts ON articles USING gin (fts);
CREATE TABLE stories (
  id TEXT COLLATE "C" PRIMARY KEY,
  event_id TEXT COLLATE "C" NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  original TEXT COLLATE "C" NOT NULL
);
CREATE INDEX stories_event ON stories(event_id);
CREATE TABLE redirects (old TEXT COLLATE "C" PRIMARY KEY, new TEXT COLLATE "C" NOT NULL);
CREATE TABLE citations (
  article_id TEXT COLLATE "C" NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
  event_id TEXT COLLATE "C" NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  kind TEXT NOT NULL, start INTEGER NOT NULL, "end" INTEGER NOT NULL
);
CREATE INDEX citations_article ON citations(article_id);
CREATE INDEX citations_event ON citations(event_id);
CREATE TABLE decisions (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('merge', 'split', 'unlink')),
  payload TEXT NOT NULL,
  made TEXT NOT NULL DEFAULT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
);
INSERT INTO meta(key, value) VALUES ('next_event', '1');
"""


def _v1(db: Database) -> None:
    for statement in _split(_V1):
        db.execute(statement)


def _pg_v1(db: Database) -> None:
    for statement in _PG_V1.split(";"):
        if statement.strip():
            db.execute(statement.strip())


def _split(script: str) -> list[str]:
    """Statements of a script, keeping trigger bodies whole (``executescript`` would commit)."""
    out: list[str] = []
    buf = ""
    for line in script.splitlines(keepends=True):
        if line.lstrip().startswith("--") and not buf:
            continue
        buf += line
        if sqlite3.complete_statement(buf):
            out.append(buf.strip())
            buf = ""
    return [s for s in out if s]


def _v2(db: Database) -> None:
    """Events keep their summary's first sentence, so lists show it without the briefing."""
    db.execute("ALTER TABLE events ADD COLUMN lede TEXT NOT NULL DEFAULT ''")
    db.execute(
        "UPDATE events SET lede = coalesce(json_extract(briefing, '$.summary[0].text'), '')"
        " WHERE briefing IS NOT NULL"
    )


def _pg_v2(db: Database) -> None:
    db.execute("ALTER TABLE events ADD COLUMN lede TEXT NOT NULL DEFAULT ''")
    db.execute(
        "UPDATE events SET lede = coalesce(briefing::jsonb #>> '{summary,0,text}', '')"
        " WHERE briefing IS NOT NULL"
    )


def _v3(db: Database) -> None:
    """Articles keep their NER analysis (compact JSON of ``(label, start, end)`` spans into
    ``text``; NULL: not analysed, the facts stage tags it), so re-briefing an event reads no
    stored article again. The same statement on both backends; existing rows get NULL."""
    db.execute("ALTER TABLE articles ADD COLUMN analysis TEXT")


def _v4(db: Database) -> None:
    """Articles say where their ``published`` date came from (``Article.published_from``: input,
    url, layout). The same statement on both backends; existing rows get NULL until reprocessed."""
    db.execute("ALTER TABLE articles ADD COLUMN published_from TEXT")


def _v5(db: Database) -> None:
    """Articles keep their kept optional lines (``Article.optional``: headline, subheading,
    caption spans into ``text``, JSON list of {"kind", "start", "end"}), so a briefing re-made
    from the store cites none of them. The same statement on both backends; existing rows get
    '[]' until reprocessed. And an index for ``ingest``'s pile context: the last stored pages of
    an outlet, read without sorting all of its pages (``articles.recent_of_outlet``)."""
    db.execute("ALTER TABLE articles ADD COLUMN optional TEXT NOT NULL DEFAULT '[]'")
    db.execute("CREATE INDEX articles_outlet_seq ON articles(outlet, seq)")


Step = Callable[[Database], None]
# One entry per version; each names its form for every backend (``Database.backend``).
MIGRATIONS: list[dict[str, Step]] = [
    {"sqlite": _v1, "postgresql": _pg_v1},
    {"sqlite": _v2, "postgresql": _pg_v2},
    {"sqlite": _v3, "postgresql": _v3},
    {"sqlite": _v4, "postgresql": _v4},
    {"sqlite": _v5, "postgresql": _v5},
]
VERSION = len(MIGRATIONS)


def migrate(db: Database) -> None:
    """Bring the schema to ``VERSION``, atomically; safe when two processes open a new store."""
    if db.version() == VERSION:
        return
    db.begin_write()
    try:
        version = db.version()
        if version > VERSION:
            from newsweave.errors import StoreError

            raise StoreError(
                f"the store has schema version {version}, newer than this newsweave ({VERSION}); "
                "upgrade newsweave"
            )
        for step in MIGRATIONS[version:]:
            step[db.backend](db)
        db.set_version(VERSION)
    except BaseException:
        db.rollback()
        raise
    db.commit()
