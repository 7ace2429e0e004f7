"""What fetching remembers between runs, in the store beside the articles (SQLite or PostgreSQL):
validators per URL (so a re-poll of an unchanged resource costs a 304), feed items already
handled, the article each canonical URL or text became (and when it was fetched), and when
each feed was last polled.

The tables are ours (``fetch_*``), created with ``IF NOT EXISTS`` so they never collide with
the store's own migrations.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from newsweave.store.db import connect, write

MAX_ATTEMPTS = 5  # a feed item that keeps failing (timeouts, 5xx) is given up after this many polls

_SCHEMA = """
CREATE TABLE IF NOT EXISTS fetch_resources (
  url TEXT PRIMARY KEY, etag TEXT, last_modified TEXT, fetched_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS fetch_items (
  feed TEXT NOT NULL, item TEXT NOT NULL, link TEXT,
  state TEXT NOT NULL CHECK (state IN ('done', 'rejected', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 1, updated TEXT NOT NULL,
  PRIMARY KEY (feed, item)
);
CREATE TABLE IF NOT EXISTS fetch_keys (key TEXT PRIMARY KEY, article_id TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS fetch_articles (
  article_id TEXT PRIMARY KEY, url TEXT, fetched_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS fetch_feeds (
  feed TEXT PRIMARY KEY, polls INTEGER NOT NULL DEFAULT 0, last_poll TEXT, last_outcome TEXT
);
"""


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


@dataclass(frozen=True, slots=True)
class Validators:
    etag: str | None
    last_modified: str | None


class FetchState:
    """A small connection of our own to the store (short autocommit writes)."""

    def __init__(self, path: str | Path) -> None:
        self.conn = connect(path)  # a StoreError names what is wrong with ``path``
        try:
            with self._write():
                for statement in _SCHEMA.split(";"):
                    if statement.strip():
                        self.conn.execute(statement)
        except BaseException:
            self.conn.close()
            raise

    def close(self) -> None:
        self.conn.close()

    @contextmanager
    def _write(self) -> Iterator[None]:
        with write(self.conn):
            yield

    def validators(self, url: str) -> Validators:
        row = self.conn.execute(
            "SELECT etag, last_modified FROM fetch_resources WHERE url = ?", (url,)
        ).fetchone()
        return Validators(*row) if row else Validators(None, None)

    def remember(self, url: str, etag: str | None, last_modified: str | None) -> None:
        with self._write():
            self.conn.execute(
                "INSERT INTO fetch_resources (url, etag, last_modified, fetched_at)"
                " VALUES (?, ?, ?, ?) ON CONFLICT(url) DO UPDATE SET etag = excluded.etag,"
                " last_modified = excluded.last_modified, fetched_at = excluded.fetched_at",
                (url, etag, last_modified, now()),
            )

    def forget(self, url: str) -> None:
        """Drop a URL's validators (its content could not be stored, so fetch it whole again)."""
        with self._write():
            self.conn.execute("DELETE FROM fetch_resources WHERE url = ?", (url,))

    def item_pending(self, feed: str, item: str) -> bool:
        """True unless the item was handled, rejected for good, or failed too often."""
        row = self.conn.execute(
            "SELECT state, attempts FROM fetch_items WHERE feed = ? AND item = ?", (feed, item)
        ).fetchone()
        return row is None or (row[0] == "failed" and row[1] < MAX_ATTEMPTS)

    def mark_item(self, feed: str, item: str, state: str, link: str | None = None) -> None:
        with self._write():
            self.conn.execute(
                "INSERT INTO fetch_items (feed, item, link, state, updated) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT(feed, item) DO UPDATE SET state = excluded.state,"
                " link = excluded.link, attempts = fetch_items.attempts + 1,"
                " updated = excluded.updated",
                (feed, item, link, state, now()),
            )

    def failed_items(self, feed: str) -> list[tuple[str, str]]:
        """Items of ``feed`` that failed for a reason that may pass, as (item id, link)."""
        rows = self.conn.execute(
            "SELECT item, link FROM fetch_items WHERE feed = ? AND state = 'failed'"
            " AND attempts < ? AND link IS NOT NULL", (feed, MAX_ATTEMPTS),
        )
        return [(r[0], r[1]) for r in rows]

    def article_for(self, *keys: str) -> str | None:
        """The stored article any of these keys (canonical URL, text hash) already became."""
        for key in keys:
            row = self.conn.execute(
                "SELECT article_id FROM fetch_keys WHERE key = ?", (key,)
            ).fetchone()
            if row:
                return str(row[0])
        return None

    def bind(self, article_id: str, *keys: str) -> None:
        """Point these keys at ``article_id`` (a URL's newest version wins)."""
        with self._write():
            self.conn.executemany(
                "INSERT INTO fetch_keys (key, article_id) VALUES (?, ?)"
                " ON CONFLICT (key) DO UPDATE SET article_id = excluded.article_id",
                [(k, article_id) for k in keys],
            )

    def provenance(self, article_id: str, url: str | None, fetched_at: str) -> None:
        """Where and when a stored article was fetched."""
        with self._write():
            self.conn.execute(
                "INSERT INTO fetch_articles (article_id, url, fetched_at) VALUES (?, ?, ?)"
                " ON CONFLICT (article_id) DO UPDATE SET url = excluded.url,"
                " fetched_at = excluded.fetched_at", (article_id, url, fetched_at),
            )

    def fetched_at(self, article_id: str) -> str | None:
        row = self.conn.execute(
            "SELECT fetched_at FROM fetch_articles WHERE article_id = ?", (article_id,)
        ).fetchone()
        return None if row is None else str(row[0])

    def polled(self, feed: str, outcome: str) -> int:
        """Record one poll of ``feed``; returns how many polls it has had in all."""
        with self._write():
            self.conn.execute(
                "INSERT INTO fetch_feeds (feed, polls, last_poll, last_outcome) VALUES (?, 1, ?, ?)"
                " ON CONFLICT(feed) DO UPDATE SET polls = fetch_feeds.polls + 1,"
                " last_poll = excluded.last_poll, last_outcome = excluded.last_outcome",
                (feed, now(), outcome),
            )
        row = self.conn.execute("SELECT polls FROM fetch_feeds WHERE feed = ?", (feed,)).fetchone()
        return int(row[0])
