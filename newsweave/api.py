"""The public library API, re-exported by ``newsweave`` (``__all__`` there is the contract).

Each call is what one CLI command does: ``brief`` (``newsweave brief``), ``clean``
(``newsweave clean``), ``cluster`` (``newsweave cluster``) and ``Store`` (``ingest``, ``events``,
``show``, the corrections, ``export``). ``inputs`` mix paths, article dicts and article texts
(``newsweave.ingest.inputs``). A bad input raises its ``InputError`` (the CLI's one-line message)
unless ``on_error`` is given, which then receives every rejected input while the batch goes on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from newsweave.engine import Engine, EngineChoice, engine_for
from newsweave.errors import InputError, NoArticles, raise_input_error
from newsweave.ingest.inputs import Input, read_inputs
from newsweave.records import Article, Briefing

if TYPE_CHECKING:  # grouping and facts load when first used: ``clean`` stays light
    from newsweave.events.batch import ClusterRow

DEFAULT_WORDS = 120  # summary length in words, for the API, the CLI and ``Pipeline``

OnError = Callable[[InputError], None]


def _brief_engine(name: str) -> Engine:
    """A named engine for ``brief``; its process pool loads the NER model before forking."""
    if name == "processes":
        from newsweave.pipeline import pool_engine

        return pool_engine()
    from newsweave.engine import make_engine

    return make_engine(name)


def _cluster_engine(name: str) -> Engine:
    if name == "processes":
        from newsweave.events.batch import cluster_engine

        return cluster_engine()
    from newsweave.engine import make_engine

    return make_engine(name)


def brief(
    inputs: Iterable[Input] | Input,
    *,
    words: int = DEFAULT_WORDS,
    engine: EngineChoice = None,
    on_error: OnError | None = None,
    lang: str = "en",
    on_article: Callable[[], None] | None = None,
) -> Briefing:
    """Read, clean and group ``inputs`` into events and brief each one, in memory (no store).

    ``inputs``: one input, or an iterable of paths (an ``os.PathLike``, or a ``str`` naming an existing file
    or folder, read recursively as ``newsweave brief`` reads them), article dicts (the JSON
    Lines fields: ``text`` or ``html``, optional ``id``, ``url``, ``title``, ``date``,
    ``outlet``, ``author``, ``lang``) or article texts (any other ``str``). ``words``: summary
    length. ``engine``: where the per-article and per-event work runs: in this process (None), an
    ``Engine``, or ``"processes"`` (every core) or ``"dask"`` (a local Dask cluster).
    ``on_error``: called with each rejected input instead of raising it. ``on_article``: called
    after each article is cleaned (a progress bar). Raises ``NoArticles`` when nothing could be
    read. ``Briefing.to_dict()`` is the ``--format json`` document."""
    from newsweave.pipeline import Pipeline

    pipeline = Pipeline(words=words, lang=lang)
    with engine_for(engine, _brief_engine) as runner:
        articles = pipeline.read_documents(
            read_inputs(inputs), on_error or raise_input_error, on_article=on_article, engine=runner,
            analyse=False,  # NER runs in brief, once per story
        )
        if not articles:
            raise NoArticles("no article could be read from the given inputs")
        return pipeline.brief(articles, engine=runner)


def clean(text_or_path: Input, *, on_error: OnError | None = None) -> Article:
    """One article, cleaned: metadata, the clean ``text`` and what was ``removed`` (the
    ``newsweave clean`` command). ``text_or_path`` is one input as ``brief`` takes them; of a file
    holding several articles (JSON Lines, a feed), the first. Raises the input's ``InputError``
    (or gives it to ``on_error`` and raises ``NoArticles``) when it cannot be read."""
    from newsweave.clean.batch import clean_read  # not the pipeline: no grouping imports

    articles = clean_read(read_inputs([text_or_path]), on_error or raise_input_error)
    if not articles:
        raise NoArticles("no article could be read from the given input")
    return articles[0]


def cluster(
    inputs: Iterable[Input] | Input,
    *,
    incremental: bool = False,
    engine: EngineChoice = None,
    on_error: OnError | None = None,
) -> list[ClusterRow]:
    """The event and story of every article of ``inputs`` (as ``brief`` takes them), in input
    order: the ``newsweave cluster`` command's lines as ``ClusterRow(id, event, story)``.
    ``story`` groups copies of one report; every story lies inside one event. ``incremental``
    takes the articles one by one as a feed. ``engine`` and ``on_error`` as in ``brief``."""
    from newsweave.events.batch import cluster_documents

    with engine_for(engine, _cluster_engine) as runner:
        return cluster_documents(read_inputs(inputs), on_error or raise_input_error, runner, incremental)
