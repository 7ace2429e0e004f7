"""The command line: a thin layer over the library (``newsweave.pipeline`` and friends).

Exit codes: 0 success; 1 some inputs rejected (each named on stderr); 2 usage error or nothing
could be processed. Bad input never prints a traceback.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from enum import Enum
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from newsweave import __version__
from newsweave.errors import InputError, NewsweaveError

app = typer.Typer(
    name="newsweave",
    help="Understand a news event from many messy reports: clean, group, cite, compare.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
err = Console(stderr=True, highlight=False, soft_wrap=True)


class Reporter:
    """Counts rejected inputs and names each on stderr in one line."""

    def __init__(self) -> None:
        self.rejected = 0

    def __call__(self, error: InputError) -> None:
        self.rejected += 1
        err.print(f"newsweave: skipped {error}", markup=False)

    def exit_code(self, processed: int) -> int:
        if processed == 0:
            return 2
        return 1 if self.rejected else 0


@contextmanager
def progress(label: str, total: int | None = None) -> Iterator[Callable[[], None]]:
    """A progress bar on stderr, shown only when stderr is a terminal; yields ``advance()``."""
    with Progress(
        SpinnerColumn(),
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        TextColumn("{task.completed} done"),
        TimeElapsedColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    ) as bar:
        task = bar.add_task(label, total=total)
        yield lambda: bar.advance(task)


def _write(text: str, out: Path | None) -> None:
    if out is None:
        sys.stdout.write(text)
        return
    from newsweave.store.files import atomic_write_text

    try:
        atomic_write_text(out, text)
    except OSError as exc:
        raise fail(f"{out}: cannot write: {exc.strerror or exc}") from None


def _batch_exit(reporter: Reporter, done: int, path: Path, what: str) -> typer.Exit:
    """The exit of a benchmark-mode command; says so when the file held nothing usable."""
    if done == 0:
        return fail(f"{path}: no {what} could be read from the file")
    return typer.Exit(reporter.exit_code(done))


def fail(message: str, code: int = 2) -> typer.Exit:
    err.print(f"newsweave: {message}", markup=False)
    return typer.Exit(code)


class BriefFormat(str, Enum):
    md = "md"
    json = "json"
    html = "html"


class CleanFormat(str, Enum):
    json = "json"
    text = "text"


def _version(value: bool) -> None:
    if value:
        typer.echo(f"newsweave {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version.")
    ] = False,
) -> None:
    """Understand a news event from many messy reports: clean, group, cite, compare."""


@app.command()
def brief(
    paths: Annotated[list[str], typer.Argument(help="Files or folders of articles (read recursively).")],
    fmt: Annotated[BriefFormat, typer.Option("--format", help="Output format.")] = BriefFormat.md,
    words: Annotated[int, typer.Option(min=1, help="Summary length in words.")] = 120,
    lang: Annotated[str, typer.Option(help="Language the summary is written in.")] = "en",
    out: Annotated[Path | None, typer.Option("--out", help="Write to this file, not stdout.")] = None,
) -> None:
    """Read every article under PATHS, group them into events and print one briefing per event."""
    from newsweave.pipeline import Pipeline, pool_engine
    from newsweave.report import render

    reporter = Reporter()
    engine = pool_engine()  # both cores: per-article work, then one event per task
    try:
        pipeline = Pipeline(words=words, lang=lang)
        with progress("reading articles") as advance:
            articles = pipeline.read(paths, reporter, on_article=advance, engine=engine, analyse=False)
        if not articles:
            raise fail("no article could be read from the given paths")
        with progress("briefing"):
            briefing = pipeline.brief(articles, engine=engine)
        _write(render(briefing, fmt.value), out)
    except NewsweaveError as exc:
        raise fail(str(exc)) from None
    finally:
        engine.close()
    raise typer.Exit(reporter.exit_code(len(articles)))


@app.command()
def clean(
    path: Annotated[str, typer.Argument(help="One article file.")],
    fmt: Annotated[CleanFormat, typer.Option("--format", help="json or text.")] = CleanFormat.json,
) -> None:
    """Print one article, cleaned: metadata plus clean text (json), or the clean text alone."""
    from newsweave.clean.batch import clean_paths  # not the pipeline: no grouping imports

    reporter = Reporter()
    articles = clean_paths([path], reporter)
    if not articles:
        raise typer.Exit(2)
    art = articles[0]
    if fmt is CleanFormat.text:
        sys.stdout.write(art.text + "\n")
    else:
        doc = art.to_dict()
        doc.pop("story")
        doc.pop("copy_of")
        sys.stdout.write(json.dumps(doc, ensure_ascii=False, indent=2) + "\n")
    raise typer.Exit(reporter.exit_code(len(articles)))


@app.command()
def summarize(
    input: Annotated[Path, typer.Option("--input", help="Clusters as JSON Lines.")],
    words: Annotated[int, typer.Option(min=1, help="Summary length in words.")] = 100,
    output: Annotated[Path | None, typer.Option("--output", help="Write JSONL here.")] = None,
    lang: Annotated[str, typer.Option(help="Language of the summary.")] = "en",
) -> None:
    """Benchmark mode: summarise each cluster of an input JSONL file (references are never read)."""
    from newsweave.summarize.batch import summarize_jsonl

    reporter = Reporter()
    try:
        with progress("summarizing clusters"):
            lines, done = summarize_jsonl(input, words, lang, reporter)
    except NewsweaveError as exc:
        raise fail(str(exc)) from None
    _write("".join(lines), output)
    raise _batch_exit(reporter, done, input, "cluster")


@app.command()
def cluster(
    input: Annotated[Path, typer.Option("--input", help="Articles as JSON Lines.")],
    output: Annotated[Path | None, typer.Option("--output", help="Write JSONL here.")] = None,
    incremental: Annotated[
        bool, typer.Option("--incremental", help="Take the articles one by one in input order, as a feed.")
    ] = False,
) -> None:
    """Benchmark mode: the event and story of each article of an input JSONL file."""
    from newsweave.events.batch import cluster_jsonl

    reporter = Reporter()
    try:
        with progress("clustering articles"):
            lines, done = cluster_jsonl(input, reporter, incremental=incremental)
    except NewsweaveError as exc:
        raise fail(str(exc)) from None
    _write("".join(lines), output)
    raise _batch_exit(reporter, done, input, "article")


def main() -> None:
    try:
        app()
    except NewsweaveError as exc:  # UsageError, and any other that a command did not name
        err.print(f"newsweave: {exc}", markup=False)
        sys.exit(2)
    except KeyboardInterrupt:
        err.print("newsweave: interrupted")
        sys.exit(130)
    except BrokenPipeError:  # output piped into `head` and the like: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
    except Exception as exc:  # a bug, not bad input: one line; the traceback only on request
        if os.environ.get("NEWSWEAVE_DEBUG"):
            raise
        err.print(f"newsweave: internal error ({type(exc).__name__}: {str(exc)[:300]}); please report "
                  "it; NEWSWEAVE_DEBUG=1 shows the traceback", markup=False)
        sys.exit(2)


# Command groups beyond the core batch commands register themselves on `app` when imported.
import newsweave.commands.fetch  # noqa: E402,F401
import newsweave.commands.store  # noqa: E402,F401
