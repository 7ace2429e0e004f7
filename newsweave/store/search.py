"""Full-text search over article titles and clean text, answered as events.

SQLite matches with FTS5 (``unicode61 remove_diacritics 2``); PostgreSQL with a ``tsvector``
column and a GIN index. PostgreSQL's own parser splits words by the server's locale and keeps
e-mails, URLs and decimals whole, so its lexemes are made here, by FTS5's own tokenizer (run on
an in-memory SQLite table), and both backends find the same articles for the same words.
"""

from __future__ import annotations

import re
import sqlite3
import threading

from newsweave.store.db import Database
from newsweave.store.events import EventRow

_WORD = re.compile(r"\w+", re.UNICODE)
TOKENIZER = "unicode61 remove_diacritics 2"  # as the SQLite schema's articles_fts table
MAX_WORDS = 20
# tsvector values must stay under 1 MB; a lexeme costs its bytes plus ~6, a position 2 more.
TSVECTOR_BUDGET = 900_000
MAX_POSITION = 16_383  # PostgreSQL clamps positions there; at most 256 are kept per lexeme
MAX_POSITIONS = 256
MAX_LEXEME = 2046  # bytes; PostgreSQL refuses longer words (FTS5 would index them)


def fts_query(text: str) -> str:
    """A user's words as an FTS5 query: every word must occur (prefix match on the last one).

    Words are quoted, so FTS5 operators and syntax in the input are never interpreted.
    """
    # a "word" the tokenizer makes no token of ("_") can match nothing, in FTS5 as in PostgreSQL
    words = [w for w in _WORD.findall(text)[:MAX_WORDS] if terms(w)]
    if not words:
        return ""
    terms_ = [f'"{w}"' for w in words]
    terms_[-1] += "*"
    return " ".join(terms_)


_local = threading.local()


def _tokenizer() -> sqlite3.Connection:
    conn: sqlite3.Connection | None = getattr(_local, "conn", None)
    if conn is None:
        conn = sqlite3.connect(":memory:", isolation_level=None)
        conn.execute(f"CREATE VIRTUAL TABLE doc USING fts5(body, tokenize='{TOKENIZER}')")
        conn.execute("CREATE VIRTUAL TABLE tokens USING fts5vocab(doc, 'instance')")
        _local.conn = conn
    return conn


def terms(text: str) -> list[str]:
    """The tokens FTS5 makes of ``text``, in order (lower case, accents removed)."""
    conn = _tokenizer()
    conn.execute("INSERT INTO doc (rowid, body) VALUES (1, ?)", (text,))
    try:
        return [r[0] for r in conn.execute("SELECT term FROM tokens ORDER BY offset")]
    finally:
        conn.execute("DELETE FROM doc")


def _quote(lexeme: str) -> str:
    return "'" + lexeme.replace("\\", "\\\\").replace("'", "''") + "'"


def tsvector(title: str, text: str) -> str:
    """An article as a tsvector literal (lexemes with positions), kept under PostgreSQL's limit.
    The text starts two positions after the title, so no phrase spans the two (as in FTS5)."""
    head = terms(title)
    tokens = [(i, t) for i, t in enumerate(head, start=1)]
    tokens += [(i, t) for i, t in enumerate(terms(text), start=len(head) + 2)]
    positions: dict[str, list[int]] = {}
    size = 0
    for i, tok in tokens:
        seen = positions.get(tok)
        if seen is None:
            nbytes = len(tok.encode("utf-8"))
            if nbytes > MAX_LEXEME:
                continue
            size += nbytes + 8
            if size > TSVECTOR_BUDGET:
                break
            positions[tok] = seen = []
        if len(seen) < MAX_POSITIONS:
            seen.append(min(i, MAX_POSITION))
    # positions rise, so only the clamped last one can repeat
    return " ".join(f"{_quote(t)}:{','.join(map(str, dict.fromkeys(p)))}" for t, p in positions.items())


def tsquery(text: str) -> str:
    """The ``fts_query`` of ``text`` as a tsquery literal: every word must occur, a word of
    several tokens is a phrase, the last token is a prefix."""
    words = [terms(w) for w in _WORD.findall(text)[:MAX_WORDS]]
    words = [w for w in words if w]
    if not words or any(len(t.encode("utf-8")) > MAX_LEXEME for w in words for t in w):
        return ""  # no word; or one too long to be indexed, so nothing can match
    parts = [" <-> ".join(_quote(t) for t in w) for w in words]
    parts[-1] += ":*"
    return " & ".join(parts)


def search_events(
    db: Database, text: str, limit: int = -1, offset: int = 0
) -> tuple[list[EventRow], int]:
    """Events holding an article that matches ``text``, best match first; and their number."""
    found = db.search_hits(text)
    if found is None:
        return [], 0
    hits, params = found
    rows = db.execute(
        f"SELECT e.id, e.title, e.first_seen, e.last_seen, e.n_articles, e.n_outlets,"
        f" e.n_independent, e.lede, count(*) OVER () FROM ({hits}) h JOIN events e ON e.id = h.eid"
        " ORDER BY h.score, coalesce(e.last_seen, '') DESC, e.created DESC LIMIT ? OFFSET ?",
        (*params, db.no_limit if limit < 0 else limit, offset),
    ).fetchall()
    if not rows and offset > 0:  # past the last page: still say how many there are
        total = db.execute(f"SELECT count(*) FROM ({hits}) h", params).fetchone()[0]
        return [], int(total)
    return [EventRow(*r[:8]) for r in rows], int(rows[0][8]) if rows else 0
