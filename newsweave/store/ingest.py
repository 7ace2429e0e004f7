"""``ingest``: read, clean and store articles in batches, then group what is pending.

Each batch is two commits: the articles (content-hash identity), then their grouping and the
briefings of the events they touch. A kill between them leaves stored, ungrouped articles that
the next ingest groups first; a kill inside either leaves the store as it was before it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from newsweave.clean.pile import Page, drop_pile_furniture, stored_page
from newsweave.engine import Engine, LocalEngine, partitions
from newsweave.errors import InputError
from newsweave.facts import analyse
from newsweave.ingest.inputs import Input, read_inputs
from newsweave.pipeline import Pipeline, _reported, prepare_partition
from newsweave.records import Article, RawDocument
from newsweave.store import articles
from newsweave.store.db import Database, write
from newsweave.store.regroup import regroup

BATCH = 50
# Stored pages of each outlet of a batch that its pile stage reads as context: the site's
# furniture shows on any few of its pages. At most CONTEXT_PAGES an outlet, and CONTEXT_PER_ARTICLE
# stored pages read per article of the batch in all (~0.1 ms a page here: bench/pile_store.py), so
# the cost stays bounded however large the store and however many outlets a batch has.
CONTEXT_PAGES = 40
CONTEXT_PER_ARTICLE = 4  # a batch has no more outlets than articles: 4 pages an outlet at least


@dataclass(slots=True)
class IngestResult:
    """What one ``Store.ingest`` did: ids of the articles ``added``, how many were ``duplicate``
    (content already stored) or ``rejected``, and the ids of the ``events`` it updated."""

    added: list[str] = field(default_factory=list)
    duplicate: int = 0
    rejected: int = 0
    events: list[str] = field(default_factory=list)

    def summary(self) -> str:
        return (
            f"{len(self.added)} added, {self.duplicate} duplicate, {self.rejected} rejected; "
            f"{len(self.events)} events updated"
        )


def ingest(
    db: Database,
    pipeline: Pipeline,
    inputs: Iterable[Input] | Input,
    on_error: Callable[[InputError], None],
    *,
    batch: int = BATCH,
    engine: Engine | None = None,
    on_article: Callable[[], None] | None = None,
) -> IngestResult:
    """Add every article of ``inputs`` (paths, article dicts or texts: ``read_inputs``); bad
    inputs go to ``on_error`` and the rest goes on.

    Cleaning runs on ``engine`` (in-process by default); storing and grouping stay here.
    """
    result = IngestResult()

    def reject(error: InputError) -> None:
        result.rejected += 1
        on_error(error)

    sent: deque[list[RawDocument]] = deque()

    def parts() -> Iterator[list[RawDocument]]:
        for part in partitions(_reported(read_inputs(inputs), reject), batch):
            sent.append(part)
            yield part

    for cleaned in (engine or LocalEngine()).map_partitions(prepare_partition, parts()):
        docs = sent.popleft()  # partitions come back in input order, one result per document
        todo: list[tuple[Article, RawDocument]] = []
        for item, doc in zip(cleaned, docs, strict=True):
            if isinstance(item, InputError):
                reject(item)
            else:
                todo.append((item, doc))  # with its analysis (NER, made on the worker)
                if on_article:
                    on_article()
        store_batch(db, pipeline, todo, result)
    if articles.pending(db):  # left over by an interrupted run, or nothing new was read
        store_batch(db, pipeline, [], result)
    return result


def outlet_context(db: Database, batch: list[Article], n: int = CONTEXT_PAGES) -> list[Page]:
    """The last stored pages of each outlet of ``batch`` (``n`` at most, fewer when the batch
    has many outlets: ``CONTEXT_PER_ARTICLE``), as the pile stage reads them."""
    outlets = sorted({art.outlet for art in batch if art.outlet})
    if outlets:
        n = min(n, CONTEXT_PER_ARTICLE * len(batch) // len(outlets))
    return [stored_page(outlet, text, removed) for outlet in outlets
            for text, removed in articles.recent_of_outlet(db, outlet, n)]


def store_batch(
    db: Database,
    pipeline: Pipeline,
    todo: list[tuple[Article, RawDocument]],
    result: IngestResult,
) -> None:
    """Store cleaned (article, input) pairs in one transaction, then group what is pending and
    re-brief the touched events in a second one. The public entry point for callers that clean
    articles themselves (fetching); ``result`` collects what was added or found duplicate.

    An article without its analysis (cleaned by the caller) is analysed here, before the write
    lock: the store keeps it, so no later briefing of its event runs NER on it again. Lines that
    pages of different stories share are removed first (``clean.pile``): pages of the batch, and
    the last stored pages of each of its outlets (``outlet_context``: read, never changed)."""
    drop_pile_furniture([art for art, _ in todo], outlet_context(db, [art for art, _ in todo]))
    analyse([art for art, _ in todo if art.analysis is None])
    if todo:
        with write(db):
            for art, doc in todo:
                stored = articles.insert(db, art, doc)
                if stored is None:
                    result.duplicate += 1
                else:
                    result.added.append(stored.id)
    with write(db):
        pending = articles.pending(db)
        if pending:
            touched = regroup(db, pipeline, pending)
            result.events.extend(e for e in touched if e not in result.events)
