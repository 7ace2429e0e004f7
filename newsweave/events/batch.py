"""``newsweave cluster``: the contract's benchmark mode over an articles JSONL file.

The input is read lazily; each partition is cleaned and turned into grouping features on a
worker process (no NER: grouping does not use it), and only the ids and features come back, so
the driver holds a few KB per article whatever the texts' length. Grouping runs on the driver.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from newsweave.engine import Engine, partitions
from newsweave.errors import InputError
from newsweave.events import make_grouper, make_incremental
from newsweave.events.model import event_id, story_id
from newsweave.events.nearcopy import bands
from newsweave.jsonl import iter_objects
from newsweave.pipeline import _reported, clean_partition, unique_ids
from newsweave.records import Article, RawDocument, Record, safe_id

PARTITION = 64  # articles per task: small enough to keep both workers busy to the end
WARM_UP = (
    "Harbour officials in Velmora said on Tuesday that 12 boats were damaged when a storm hit "
    "the coast of Norway, and the mayor, Ada Linn, promised help."
)  # an invented article whose cleaning loads every model and table the common path uses


@dataclass(frozen=True, slots=True)
class ClusterRow(Record):
    """Where one article stands: its ``event`` and its ``story`` (copies of one report); a line
    of the ``cluster`` command."""

    id: str
    event: str
    story: str


def cluster_jsonl(
    path: Path,
    on_error: Callable[[InputError], None],
    engine: Engine | None = None,
    incremental: bool = False,
) -> tuple[list[str], int]:
    """One ``{"id", "event", "story"}`` line per input id, in input order (and the number of
    articles grouped): an article the reader or cleaning rejects (named through ``on_error``) is
    an event and story of its own.

    The per-article work runs on ``engine``; by default on a process pool over every core."""
    inputs: list[str] = []  # every input id, rejected ones included
    raw_ids, rows = _clustered(_documents(path, on_error, inputs), on_error, engine, incremental)
    lines, kept = [], 0
    for rid in inputs:  # the rows are the inputs that passed, in input order
        if kept < len(rows) and raw_ids[kept] == rid:
            row = rows[kept]
            kept += 1
        else:
            row = ClusterRow(rid, event_id(rid), story_id(rid))
        lines.append(json.dumps(row.to_dict()) + "\n")
    return lines, kept


def cluster_documents(
    docs: Iterable[RawDocument | InputError],
    on_error: Callable[[InputError], None],
    engine: Engine | None = None,
    incremental: bool = False,
) -> list[ClusterRow]:
    """The event and story of every valid document, in input order; bad ones go to ``on_error``.

    The per-article work runs on ``engine``; by default on a process pool over every core.
    ``incremental``: the articles arrive one by one in input order (a feed), each joining an event
    or opening one, events merging when a bridging article comes; the rows give where each
    article stands at the end, once the pile is regrouped as the store regroups it (so the same
    as without ``incremental``, in any order)."""
    return _clustered(docs, on_error, engine, incremental)[1]


def _clustered(
    docs: Iterable[RawDocument | InputError],
    on_error: Callable[[InputError], None],
    engine: Engine | None,
    incremental: bool,
) -> tuple[list[str], list[ClusterRow]]:
    """``cluster_documents``, with each row's id as the input gave it (before ``unique_ids``)."""
    own = engine is None
    engine = engine or cluster_engine()
    articles: list[Article] = []
    parts = partitions(_reported(docs, on_error), PARTITION)
    try:
        for part in engine.map_partitions(cluster_partition, parts):
            for item in part:
                if isinstance(item, InputError):
                    on_error(item)
                else:
                    articles.append(item)
    finally:
        if own:
            engine.close()
    raw_ids = [a.id for a in articles]
    unique_ids(articles)
    if incremental:
        feed = make_incremental()
        for art in articles:
            feed.add(art)
    # Where the articles stand at the end is the batch grouper's answer over all of them, as the
    # store regroups what it holds after each ingest: a feed's own end state depends on its order
    # (realworld_dev2 shuffled: event B-cubed F1 0.81 on average, against 0.93 in any order here).
    grouping = make_grouper().group(articles)
    where: dict[str, tuple[str, str]] = {}
    for ev in grouping.events:
        for st in ev.stories:
            for aid in st.articles:
                where[aid] = (ev.id, st.id)
    return raw_ids, [ClusterRow(a.id, *where[a.id]) for a in articles]


def _documents(
    path: Path, on_error: Callable[[InputError], None], inputs: list[str]
) -> Iterator[RawDocument]:
    for n, obj in iter_objects(path, on_error):
        inputs.append(safe_id(str(obj.get("id", n))))
        text, html = obj.get("text"), obj.get("html")
        if not isinstance(text, str) and not isinstance(html, str):
            on_error(InputError(f"{path}:{n}", "article has neither 'text' nor 'html'"))
            continue
        yield RawDocument(
            id=inputs[-1],
            text=text if isinstance(text, str) else None,
            html=html if isinstance(html, str) else None,
            url=obj.get("url"),
            title=obj.get("title"),
            date=obj.get("date"),
            lang=obj.get("lang"),
            fmt="jsonl",
        )


def cluster_partition(docs: list[RawDocument]) -> list[Article | InputError]:
    """Clean a partition and compute its grouping features (on a worker). Of each article only
    the id and the features go back: grouping reads nothing else."""
    return [
        item if isinstance(item, InputError) else Article(id=item.id, text="", features=item.features)
        for item in clean_partition(docs)
    ]


def warm_up() -> None:
    """Load what the per-article work needs (language model, gazetteer, datasketch's MinHash)
    once, before the workers fork, so that they share it instead of each loading its own."""
    clean_partition([RawDocument(id="warm-up", text=WARM_UP)])
    bands()  # the LSH layout, for the driver


def cluster_engine(workers: int | None = None) -> Engine:
    from newsweave.engine.pool import ProcessEngine

    return ProcessEngine(workers, preload=warm_up)
