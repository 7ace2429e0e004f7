"""Articles in the store: content-hash identity, the raw input kept for ``reprocess``."""

from __future__ import annotations

import hashlib
import json
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import asdict
from typing import Any

from newsweave.records import Analysis, Article, OptionalSpan, RawDocument, Removed
from newsweave.store.db import Database

_IDENTITY = ("text", "html", "url", "title", "date", "outlet", "author", "lang")
COLUMNS = (
    "id, path, url, outlet, author, published, published_from, title, lang, text, removed, optional,"
    " story, copy_of, analysis"
)


def content_hash(doc: RawDocument) -> str:
    """Identity of an input: its content and metadata, not where it was read from."""
    data = json.dumps([getattr(doc, k) for k in _IDENTITY], ensure_ascii=False)
    return hashlib.sha256(data.encode("utf-8")).hexdigest()


def pack_raw(doc: RawDocument) -> bytes:
    return zlib.compress(json.dumps(asdict(doc), ensure_ascii=False).encode("utf-8"))


def unpack_raw(blob: bytes) -> RawDocument:
    return RawDocument(**json.loads(zlib.decompress(blob).decode("utf-8")))


def insert(db: Database, article: Article, doc: RawDocument) -> Article | None:
    """Store one cleaned article; None if the same content is already stored.

    The id is made unique against the store with a numeric suffix, as the contract asks.
    Call inside a write transaction.
    """
    digest = content_hash(doc)
    if db.execute("SELECT 1 FROM articles WHERE hash = ?", (digest,)).fetchone():
        return None
    base, n = article.id, 1
    while db.execute("SELECT 1 FROM articles WHERE id = ?", (article.id,)).fetchone():
        n += 1
        article.id = f"{base}-{n}"
    extra = db.search_columns(article.title, article.text)  # PostgreSQL: the tsvector
    cols = ", ".join(["id, hash, raw, path, url, outlet, author, published, published_from, title, lang,"
                      " text, removed, optional, analysis", *extra])
    marks = ", ".join(["?"] * 15 + [sql for sql, _ in extra.values()])
    db.execute(
        f"INSERT INTO articles ({cols}) VALUES ({marks})",
        (
            article.id, digest, pack_raw(doc), article.path, article.url, article.outlet,
            article.author, article.published, article.published_from, article.title, article.lang,
            article.text, _removed(article), _optional(article), _analysis(article),
            *(value for _, value in extra.values()),
        ),
    )
    return article


def update_clean(db: Database, article: Article) -> None:
    """Replace the cleaned fields of a stored article (``reprocess``), its analysis with them:
    an analysis is only valid for the text it was made on."""
    extra = db.search_columns(article.title, article.text)
    sets = "".join(f", {col} = {sql}" for col, (sql, _) in extra.items())
    db.execute(
        "UPDATE articles SET url = ?, outlet = ?, author = ?, published = ?, published_from = ?,"
        f" title = ?, lang = ?, text = ?, removed = ?, optional = ?, analysis = ?{sets} WHERE id = ?",
        (
            article.url, article.outlet, article.author, article.published, article.published_from,
            article.title, article.lang, article.text, _removed(article), _optional(article),
            _analysis(article), *(value for _, value in extra.values()), article.id,
        ),
    )


def from_row(row: Any) -> Article:
    return Article(
        id=row["id"], text=row["text"], path=row["path"], url=row["url"], outlet=row["outlet"],
        author=row["author"], published=row["published"], published_from=row["published_from"],
        title=row["title"], lang=row["lang"],
        removed=[Removed(**r) for r in json.loads(row["removed"])],
        optional=[OptionalSpan(**o) for o in json.loads(row["optional"])],
        story=row["story"] or "", copy_of=row["copy_of"],
        analysis=None if row["analysis"] is None else Analysis.from_json(row["analysis"]),
    )


def _removed(article: Article) -> str:
    return json.dumps([r.to_dict() for r in article.removed], ensure_ascii=False)


def _optional(article: Article) -> str:
    return json.dumps([o.to_dict() for o in article.optional], ensure_ascii=False)


def _analysis(article: Article) -> str | None:
    return None if article.analysis is None else article.analysis.to_json()


def load(db: Database, ids: Iterable[str]) -> dict[str, Article]:
    """Articles by id, in ingest order (across chunks too: grouping depends on that order)."""
    wanted = list(dict.fromkeys(ids))
    found: list[tuple[int, Article]] = []
    for chunk in _chunks(wanted, 500):
        marks = ",".join("?" * len(chunk))
        rows = db.execute(f"SELECT seq, {COLUMNS} FROM articles WHERE id IN ({marks})", chunk)
        found.extend((r["seq"], from_row(r)) for r in rows)
    found.sort(key=lambda pair: pair[0])
    return {art.id: art for _, art in found}


def get(db: Database, article_id: str) -> tuple[Article, str | None] | None:
    """One article and the event it belongs to."""
    row = db.execute(
        f"SELECT {COLUMNS}, event_id FROM articles WHERE id = ?", (article_id,)
    ).fetchone()
    return None if row is None else (from_row(row), row["event_id"])


def count(db: Database) -> int:
    n: int = db.execute("SELECT count(*) FROM articles").fetchone()[0]
    return n


def ids_of_outlet(db: Database, outlet: str) -> list[str]:
    rows = db.execute("SELECT id FROM articles WHERE outlet = ? ORDER BY seq", (outlet,))
    return [r[0] for r in rows]


def recent_of_outlet(db: Database, outlet: str, n: int) -> list[tuple[str, list[Removed]]]:
    """The text and removed pieces of the ``n`` articles of ``outlet`` stored last."""
    rows = db.execute(
        "SELECT text, removed FROM articles WHERE outlet = ? ORDER BY seq DESC LIMIT ?", (outlet, n)
    )
    return [(r[0], [Removed(**x) for x in json.loads(r[1])]) for r in rows]


def pending(db: Database) -> list[str]:
    """Stored articles not grouped yet (a batch interrupted between its two commits)."""
    return [r[0] for r in db.execute("SELECT id FROM articles WHERE event_id IS NULL ORDER BY seq")]


def raw_documents(db: Database) -> list[tuple[str, RawDocument]]:
    return [(r[0], unpack_raw(r[1])) for r in db.execute("SELECT id, raw FROM articles ORDER BY seq")]


def _chunks(items: Sequence[Any], size: int) -> Iterable[Sequence[Any]]:
    for i in range(0, len(items), size):
        yield items[i : i + size]
