"""Store commands: ingest over time, list and show events, serve the web pages, and the
editor's corrections and lifecycle (merge, split, unlink, reprocess, delete, export, backup)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from enum import Enum
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from newsweave.cli import BriefFormat, Reporter, app, err, fail, progress
from newsweave.errors import NewsweaveError
from newsweave.store import DEFAULT_DB, Store

DbOption = Annotated[str, typer.Option(
    "--db", help="The store: a SQLite file, or a postgresql://user@host:port/dbname URL.")]


class EventsFormat(str, Enum):
    table = "table"
    json = "json"


class Engine(str, Enum):
    local = "local"
    dask = "dask"


@contextmanager
def _open(db: str, *, readonly: bool = False) -> Iterator[Store]:
    """The store, with every newsweave error turned into one line and exit code 2."""
    try:
        with Store(db, readonly=readonly) as store:
            yield store
    except NewsweaveError as exc:
        raise fail(str(exc)) from None


@app.command()
def ingest(
    paths: Annotated[list[str], typer.Argument(help="Files or folders of articles (read recursively).")],
    db: DbOption = DEFAULT_DB,
    engine: Annotated[Engine, typer.Option(help="Where cleaning runs: here, or on Dask.")] = Engine.local,
    scheduler: Annotated[
        str | None, typer.Option(help="Address of a running Dask scheduler (with --engine dask).")
    ] = None,
    batch: Annotated[
        int,
        typer.Option(min=1, max=10_000, help="Articles stored per commit (a kill loses at most one)."),
    ] = 50,
) -> None:
    """Add articles to the store; new articles join or open events and touched events are
    re-briefed. Ingesting the same content again is a no-op. Prints what was added, skipped as
    duplicate and rejected."""
    from newsweave.engine import make_engine
    from newsweave.ingest.inputs import GivenPath

    reporter = Reporter()
    with _open(db) as store, _errors():
        runner = make_engine(engine.value, scheduler)
        try:
            with progress("ingesting articles") as advance:
                result = store.ingest([GivenPath(p) for p in paths], reporter, on_article=advance,
                                      engine=runner, batch=batch)
        finally:
            runner.close()
    typer.echo(f"{store.label}: {result.summary()}")
    if not (result.added or result.duplicate):
        raise fail("no article could be read from the given paths")
    if result.rejected:
        raise typer.Exit(1)


@app.command()
def events(
    db: DbOption = DEFAULT_DB,
    fmt: Annotated[EventsFormat, typer.Option("--format", help="table or json.")] = EventsFormat.table,
) -> None:
    """List the events in the store, newest first."""
    import json

    with _open(db, readonly=True) as store:
        if fmt is EventsFormat.json:
            doc = store.events_document()
            sys.stdout.write(json.dumps(doc, ensure_ascii=False, indent=2) + "\n")
            return
        table = Table("id", "title", "dates", "articles", "outlets", "independent")
        for ev in store.events():
            dates = " – ".join(dict.fromkeys(d for d in (ev.first_seen, ev.last_seen) if d))
            # Text(), not str: scraped titles may hold "[...]" that Rich would read as markup
            table.add_row(Text(ev.id), Text(ev.title), dates, str(ev.articles), str(ev.outlets),
                          str(ev.independent))
    from rich.console import Console

    Console(highlight=False).print(table)


@app.command()
def show(
    event_id: Annotated[str, typer.Argument(help="An event id (see newsweave events).")],
    db: DbOption = DEFAULT_DB,
    fmt: Annotated[BriefFormat, typer.Option("--format", help="Output format.")] = BriefFormat.md,
) -> None:
    """Print one event's briefing (an id merged into another event shows the surviving one)."""
    from newsweave.report import render

    with _open(db, readonly=True) as store:
        eid = store.resolve(event_id)
        briefing = store.briefing(eid) if eid else None
    if briefing is None:
        where = store.label
        raise fail(f"no event {event_id!r} in {where}; list them with: newsweave events --db {where}")
    sys.stdout.write(render(briefing, fmt.value))


@app.command()
def serve(
    db: DbOption = DEFAULT_DB,
    host: Annotated[str, typer.Option(help="Address to bind; keep the loopback default.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
) -> None:
    """Serve the event pages and the JSON API (/api/events, /openapi.json) over the store."""
    try:
        from newsweave.web import serve as run
    except NewsweaveError as exc:
        raise fail(str(exc)) from None
    with _open(db):  # create or migrate the store before the read-only server opens it
        pass
    _can_listen(host, port)
    run(db, host, port)


def _can_listen(host: str, port: int) -> None:
    """Fail in one line if ``host:port`` cannot be bound (uvicorn would log and exit 3)."""
    import socket

    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
            probe.bind(address)
    except OSError as exc:
        raise fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None


@app.command()
def merge(
    first: Annotated[str, typer.Argument(help="An event id.")],
    second: Annotated[str, typer.Argument(help="Another event id.")],
    db: DbOption = DEFAULT_DB,
) -> None:
    """Merge two events (an editor's correction, kept by later ingests). The older id
    survives; the other redirects to it."""
    with _open(db) as store, _errors():
        typer.echo(store.merge(first, second))


@app.command()
def split(
    event_id: Annotated[str, typer.Argument(help="The event to split.")],
    articles: Annotated[list[str], typer.Argument(help="Ids of the articles to take out.")],
    db: DbOption = DEFAULT_DB,
) -> None:
    """Take articles out of an event into an event of their own (kept by later ingests); prints
    its id. Event ids follow the larger part: split out more than half and they keep the id."""
    with _open(db) as store, _errors():
        typer.echo(store.split(event_id, articles))


@app.command()
def unlink(
    article_id: Annotated[str, typer.Argument(help="An article marked as a copy.")],
    db: DbOption = DEFAULT_DB,
) -> None:
    """Mark an article as not a copy: it becomes an independent story (kept by later ingests)."""
    with _open(db) as store, _errors():
        typer.echo(store.unlink(article_id))


@app.command()
def reprocess(db: DbOption = DEFAULT_DB) -> None:
    """Re-run cleaning, grouping and briefing over every stored article (after an upgrade);
    editor corrections are kept."""
    reporter = Reporter()
    with _open(db) as store, _errors(), progress("reprocessing") as advance:
        n = store.reprocess(reporter, on_article=advance)
    typer.echo(f"{store.label}: {n} articles reprocessed, {reporter.rejected} kept as they were")


@app.command()
def delete(
    articles: Annotated[list[str] | None, typer.Argument(help="Ids of articles to remove.")] = None,
    outlet: Annotated[str | None, typer.Option(help="Remove every article of this outlet.")] = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Remove articles, or every article of an outlet (takedown), with their facts; the events
    they were in are re-briefed and events left empty are removed."""
    with _open(db) as store, _errors():
        gone = store.delete(articles or [], outlet)
    typer.echo(f"{store.label}: {len(gone)} articles deleted")


@app.command()
def export(
    db: DbOption = DEFAULT_DB,
    out: Annotated[Path | None, typer.Option("--out", help="Write JSONL here, not stdout.")] = None,
    backup: Annotated[
        Path | None,
        typer.Option("--backup", help="Instead, copy the whole store to this new file (safe while in use)."),
    ] = None,
) -> None:
    """Write every article and every event's briefing as JSON Lines ({"type": "article"|"event"}),
    or with --backup copy a SQLite store with SQLite's online backup API while it is in use
    (PostgreSQL stores: pg_dump)."""
    with _open(db) as store, _errors():
        if backup is not None:
            store.backup(backup)
            typer.echo(f"{store.label}: backed up to {backup}")
            return
        if out is None:
            for line in store.export_lines():
                sys.stdout.write(line)
            return
        from newsweave.store.files import atomic_write_text

        try:
            atomic_write_text(out, "".join(store.export_lines()))
        except OSError as exc:
            raise fail(f"{out}: cannot write: {exc.strerror or exc}") from None


@contextmanager
def _errors() -> Iterator[None]:
    try:
        yield
    except NewsweaveError as exc:
        raise fail(str(exc)) from None


__all__ = ["err"]
