"""The article store (SQLite, or PostgreSQL given a ``postgresql://`` URL): articles by content
hash, stories, events with stable ids, cached briefings, full-text search and editor decisions.

``Store`` is the library API the CLI and the web app call; the modules beside it each own one
part (``schema``, ``articles``, ``events``, ``regroup``, ``lifecycle``, ``search``, ``export``);
``db`` opens a backend (``sqlite``, ``postgres``) behind one ``Database`` interface.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from newsweave.errors import InputError, StoreError, raise_input_error
from newsweave.records import Article, Briefing, EventBriefing
from newsweave.store import articles, events, export, search
from newsweave.store.db import DEFAULT_DB, Database, connect, label
from newsweave.store.events import EventRow

if TYPE_CHECKING:  # the pipeline pulls in the NLP stages, which readers never need
    from newsweave.engine import EngineChoice
    from newsweave.ingest.inputs import Input
    from newsweave.pipeline import Pipeline
    from newsweave.store.ingest import IngestResult

__all__ = ["DEFAULT_DB", "EventRow", "Store"]


class Store:
    """One open store (``newsweave.Store``): ``ingest`` articles day by day, list ``events``,
    read one ``event(id)``, correct the grouping (``merge``, ``split``, ``unlink``, ``delete``,
    ``reprocess``) and ``export`` it all. A context manager; writers may pass a ``Pipeline``, and
    read-only use never builds one."""

    def __init__(
        self, target: str | Path = DEFAULT_DB, *, readonly: bool = False,
        pipeline: Pipeline | None = None,
    ) -> None:
        """``target``: a SQLite file path, or a ``postgresql://user@host:port/dbname`` URL."""
        self.target = target
        self.label = label(target)  # for messages: never shows a password
        self.conn: Database = connect(target, readonly=readonly)
        self._pipeline = pipeline

    @cached_property
    def pipeline(self) -> Pipeline:
        if self._pipeline is not None:
            return self._pipeline
        from newsweave.pipeline import Pipeline

        return Pipeline()

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # writing
    def ingest(
        self, inputs: Iterable[Input] | Input, on_error: Callable[[InputError], None] | None = None,
        on_article: Callable[[], None] | None = None, engine: EngineChoice = None,
        batch: int = 50,
    ) -> IngestResult:
        """Add articles: paths, article dicts or texts, as ``newsweave.brief`` takes them. New
        articles join or open events and the touched events are re-briefed; the same content
        again is stored once. Bad inputs go to ``on_error`` (by default the first one raises its
        ``InputError``; the batches stored before it stay). ``engine``: where cleaning runs (an
        ``Engine``, or ``"local"``, ``"processes"``, ``"dask"``); every ``batch`` articles are
        one commit."""
        from newsweave.engine import engine_for
        from newsweave.store.ingest import ingest

        with engine_for(engine) as runner:
            return ingest(
                self.conn, self.pipeline, inputs, on_error or raise_input_error, on_article=on_article,
                engine=runner, batch=batch,
            )

    def merge(self, first: str, second: str) -> str:
        """Merge two events (kept by later ingests); gives the surviving, older id."""
        from newsweave.store import lifecycle

        return lifecycle.merge(self.conn, self.pipeline, first, second)

    def split(self, event_id: str, article_ids: Sequence[str]) -> str:
        """Take articles out of an event into one of their own (kept by later ingests); gives its id."""
        from newsweave.store import lifecycle

        return lifecycle.split(self.conn, self.pipeline, event_id, article_ids)

    def unlink(self, article_id: str) -> str:
        """Mark an article as no copy: it becomes an independent story (kept by later ingests)."""
        from newsweave.store import lifecycle

        return lifecycle.unlink(self.conn, self.pipeline, article_id)

    def delete(self, article_ids: Sequence[str] = (), outlet: str | None = None) -> list[str]:
        """Remove articles, or every article of ``outlet``, with their facts; gives the ids removed."""
        from newsweave.store import lifecycle

        return lifecycle.delete(self.conn, self.pipeline, article_ids, outlet)

    def reprocess(
        self, on_error: Callable[[InputError], None], on_article: Callable[[], None] | None = None
    ) -> int:
        """Re-run cleaning, grouping and briefing over every stored article (corrections kept)."""
        from newsweave.store import lifecycle

        return lifecycle.reprocess(self.conn, self.pipeline, on_error, on_article)

    # reading
    def resolve(self, event_id: str) -> str | None:
        """The id ``event_id`` stands for now (a merged event's survivor), or None if unknown."""
        return events.resolve(self.conn, event_id)

    def events(self, limit: int = -1, offset: int = 0) -> list[EventRow]:
        """The events, newest first (``newsweave events``)."""
        return events.listing(self.conn, limit, offset)

    def events_row(self, event_id: str) -> EventRow | None:
        return events.row(self.conn, event_id)

    def event_count(self) -> int:
        return events.count(self.conn)

    def events_document(self) -> dict[str, Any]:
        return events.document(self.conn)

    def search(self, text: str, limit: int = -1, offset: int = 0) -> tuple[list[EventRow], int]:
        return search.search_events(self.conn, text, limit, offset)

    def briefing_dict(self, event_id: str) -> dict[str, Any] | None:
        """The cached briefing of one event (``event_id`` already resolved)."""
        return events.briefing(self.conn, event_id)

    def briefing(self, event_id: str) -> Briefing | None:
        from newsweave.store.codec import event_from_dict

        doc = self.briefing_dict(event_id)
        return None if doc is None else Briefing(events=[event_from_dict(doc)])

    def event(self, event_id: str) -> EventBriefing | None:
        """One event's briefing (``newsweave show``); a merged id gives the surviving event."""
        resolved = self.resolve(event_id)
        found = self.briefing(resolved) if resolved else None
        return found.events[0] if found else None

    def article(self, article_id: str) -> tuple[Article, str | None] | None:
        """A stored article and the id of its event."""
        return articles.get(self.conn, article_id)

    def cited_spans(self, article_id: str) -> list[tuple[str, int, int]]:
        return events.cited_spans(self.conn, article_id)

    def article_count(self) -> int:
        return articles.count(self.conn)

    def export_lines(self) -> Iterator[str]:
        """The ``export`` command's JSON Lines: every article, then every event's briefing."""
        return export.export_lines(self.conn)

    def export(self, out: str | os.PathLike[str]) -> int:
        """Write ``export_lines`` to the file ``out`` (atomically); gives the number of lines."""
        from newsweave.store.files import atomic_write_text

        lines = list(self.export_lines())
        try:
            atomic_write_text(Path(out), "".join(lines))
        except OSError as exc:
            raise StoreError(f"{out}: cannot write: {exc.strerror or exc}") from None
        return len(lines)

    def backup(self, dest: Path) -> None:
        export.backup(self.conn, dest)
