"""The whole pipeline as one library call: read -> clean -> group -> facts -> summarize -> brief.

The CLI, the store and the engines all go through ``Pipeline``; its parts are passed in.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from newsweave.api import DEFAULT_WORDS
from newsweave.clean.batch import clean_documents as _cleaned
from newsweave.clean.pile import drop_pile_furniture
from newsweave.engine import Engine, LocalEngine, partitions
from newsweave.errors import InputError
from newsweave.events import Grouper, make_grouper
from newsweave.events.features import extract as extract_features
from newsweave.facts import (
    Prepared,
    analyse,
    event_readings,
    extract_facts,
    keep_analyses,
    parse_prepared,
    prepare_facts,
)
from newsweave.facts.entities import tag
from newsweave.ingest import read_paths
from newsweave.records import (
    Article,
    Briefing,
    EventBriefing,
    EventGroup,
    Grouping,
    RawDocument,
    Story,
)
from newsweave.summarize import Summarizer, make_summarizer, source_doc

READ_PARTITION = 16  # articles per task: small enough to keep every worker busy to the end
TAG_PARTITION = 8  # texts per NER task (each up to a whole article)
BIG_EVENT = 8  # an event with more than 1/8 of the pile's text has its NER partitioned
# Small events share a briefing task until it holds this many stories, so their NER runs as one
# batch: spaCy's parser-style NER costs a fixed step per token of a batch's longest text, whatever
# the batch's size (bench/throughput.py's corpus, 142 events, 868 texts, one core at load 3.5:
# 27.4-28.0 s CPU with one batch per event, 19.6-22.3 s packed into 20 parts).
PACK_STORIES = 64


def unique_ids(articles: list[Article]) -> None:
    """Make article ids unique with a numeric suffix, in input order (contract rule)."""
    seen: set[str] = set()
    for art in articles:
        base, n = art.id, 1
        while art.id in seen:
            n += 1
            art.id = f"{base}-{n}"
        seen.add(art.id)


@dataclass
class Pipeline:
    grouper: Grouper = field(default_factory=make_grouper)
    summarizer: Summarizer = field(default_factory=make_summarizer)
    words: int = DEFAULT_WORDS
    lang: str = "en"

    def read(
        self,
        paths: Iterable[str],
        on_error: Callable[[InputError], None],
        on_article: Callable[[], None] | None = None,
        engine: Engine | None = None,
        analyse: bool = True,
    ) -> list[Article]:
        """Read and clean every article under ``paths``; bad inputs go to ``on_error``.

        Reading is lazy; cleaning runs in partitions on ``engine`` (in-process by default).
        ``analyse=False`` leaves NER to ``brief``, which runs it once per story, not per copy.
        """
        return self.read_documents(read_paths(paths), on_error, on_article, engine, analyse)

    def read_documents(
        self,
        items: Iterable[RawDocument | InputError],
        on_error: Callable[[InputError], None],
        on_article: Callable[[], None] | None = None,
        engine: Engine | None = None,
        analyse: bool = True,
    ) -> list[Article]:
        """``read`` over documents a reader made (``newsweave.ingest.inputs.read_inputs``)."""
        articles: list[Article] = []
        docs = _reported(items, on_error)
        parts = partitions(docs, READ_PARTITION)
        work = prepare_partition if analyse else clean_partition
        for part in (engine or LocalEngine()).map_partitions(work, parts):
            for item in part:
                if isinstance(item, InputError):
                    on_error(item)
                    continue
                articles.append(item)
                if on_article:
                    on_article()
        unique_ids(articles)
        return articles

    def brief(self, articles: Sequence[Article], engine: Engine | None = None) -> Briefing:
        """Group ``articles`` into events (here) and brief each event (on ``engine``)."""
        drop_pile_furniture(articles)  # lines that pages of different stories share (issue 14)
        grouping = self.grouper.group(articles)
        by_id = {a.id: a for a in articles}
        engine = engine or LocalEngine()
        # NER of a big event runs in partitions first; of the others, in the event's own task
        # (no wait for every event's NER, and each article's sentences are split once, there).
        analyse_stories(grouping, by_id, engine, only=_big(grouping, by_id))
        # Biggest events first, so no worker is left with a big one at the end; then input order.
        order = sorted(range(len(grouping.events)), key=lambda i: -_size(grouping.events[i]))
        jobs = (
            [(self, g, {i: by_id[i] for s in g.stories for i in s.articles}) for g in part]
            for part in packed([grouping.events[i] for i in order], PACK_STORIES)
        )
        parts = engine.map_partitions(_brief_partition, jobs)
        done = dict(zip(order, (e for part in parts for e in part), strict=True))
        events = [done[i] for i in range(len(order))]
        events.sort(key=lambda e: (e.last_seen or "", len(e.articles)), reverse=True)
        return Briefing(events=events)

    def brief_event(
        self,
        group: EventGroup,
        by_id: dict[str, Article],
        prepared: Prepared | None = None,
        articles: list[Article] | None = None,
    ) -> EventBriefing:
        """One event's briefing; ``articles``: its ``event_articles`` if already listed,
        ``prepared``: ``prepare_facts`` of them."""
        if articles is None:
            articles = event_articles(group, by_id)
        dates = sorted(a.published for a in articles if a.published)
        facts = extract_facts(articles, group.stories, prepared=prepared)
        originals = [by_id[s.original] for s in group.stories]
        docs = [source_doc(s, by_id, self.lang) for s in group.stories]
        summary = self.summarizer.summarize(docs, self.words, self.lang)
        return EventBriefing(
            id=group.id,
            title=event_title(originals, summary_text=summary[0].text if summary else ""),
            first_seen=dates[0] if dates else None,
            last_seen=dates[-1] if dates else None,
            articles=articles,
            stories=group.stories,
            summary=summary,
            facts=facts,
        )


def event_articles(group: EventGroup, by_id: dict[str, Article]) -> list[Article]:
    """The event's articles, story by story, each told its story and the original it copies."""
    articles: list[Article] = []
    for story in group.stories:
        for aid in story.articles:
            art = by_id[aid]
            art.story = story.id
            art.copy_of = None if aid == story.original else story.original
            articles.append(art)
    return articles


def _reported(
    items: Iterable[RawDocument | InputError], on_error: Callable[[InputError], None]
) -> Iterable[RawDocument]:
    for item in items:
        if isinstance(item, InputError):
            on_error(item)
        else:
            yield item


def _size(group: EventGroup) -> int:
    return sum(len(s.articles) for s in group.stories)


def _big(grouping: Grouping, by_id: dict[str, Article]) -> list[EventGroup]:
    """The events whose originals hold more than ``1 / BIG_EVENT`` of the pile's text: one task
    could not tag them while the other workers brief the rest, so their NER is partitioned."""
    chars = [sum(len(by_id[s.original].text) for s in g.stories) for g in grouping.events]
    total = sum(chars)
    return [g for g, n in zip(grouping.events, chars, strict=True) if n * BIG_EVENT > total]


def packed(groups: Sequence[EventGroup], stories: int, share: int = 4) -> Iterator[list[EventGroup]]:
    """``groups`` in order, consecutive ones together until a part holds ``stories`` stories, or
    ``1 / share`` of the stories not yet handed out, if fewer: the last parts get small, so no
    worker is left briefing a big part alone at the end (guided self-scheduling)."""
    left = sum(len(g.stories) for g in groups)
    part: list[EventGroup] = []
    held = 0
    for g in groups:
        part.append(g)
        held += len(g.stories)
        if held >= min(stories, -(-left // share)):
            yield part
            left -= held
            part, held = [], 0
    if part:
        yield part


def _brief_partition(jobs: list[tuple[Pipeline, EventGroup, dict[str, Article]]]) -> list[EventBriefing]:
    """Brief each event of the task, after one NER pass over all their stories (see PACK_STORIES)
    and one quote parser pass over all their quote sentences the patterns leave open."""
    readings = [
        r
        for _, group, by_id in jobs
        for r in event_readings([by_id[i] for s in group.stories for i in s.articles], group.stories)
    ]
    if readings:
        keep_analyses(readings, tag([r.text for r in readings]))
    listed = [event_articles(group, by_id) for _, group, by_id in jobs]
    prepared = [prepare_facts(arts, group.stories) for (_, group, _), arts in zip(jobs, listed, strict=True)]
    parse_prepared(prepared)
    return [
        pipe.brief_event(group, by_id, p, arts)
        for (pipe, group, by_id), p, arts in zip(jobs, prepared, listed, strict=True)
    ]


def pool_engine(workers: int | None = None) -> Engine:
    """Every core of this machine for ``brief``: a process pool forked after what cleaning loads
    on first use is loaded, so the workers share it; what the briefing tasks load (``warm_up``)
    loads here while they read and clean, and the pool forks again after it for the briefing."""
    from newsweave.engine.pool import ProcessEngine
    from newsweave.events.batch import warm_up as warm_cleaning

    return ProcessEngine(workers, preload=warm_cleaning, then=warm_up)


def warm_up() -> None:
    """Load what ``brief``'s tasks load on first use (the NER and parser models, the English
    word frequencies, the cleaning and grouping models and tables, the facts lexicons) by
    briefing an invented article."""
    from newsweave.events.batch import WARM_UP
    from newsweave.events.batch import warm_up as warm_cleaning
    from newsweave.facts.attribution import parser
    from newsweave.nlp.frequency import table
    from newsweave.nlp.models import load_spacy

    load_spacy(("ner",))
    parser()  # speakers the patterns leave open
    table("en")
    warm_cleaning()
    text = f'{WARM_UP} "We will rebuild every boat before the summer," the mayor told reporters.'
    art = next(a for a in _cleaned([RawDocument(id="warm-up", text=text)]) if isinstance(a, Article))
    extract_facts([art], [Story(art.id, art.id, [art.id])])


def analyse_stories(
    grouping: Grouping, by_id: dict[str, Article], engine: Engine, only: Sequence[EventGroup] | None = None
) -> None:
    """NER for the articles ``read(analyse=False)`` left unanalysed, once per story: what each
    event's originals say, and only the new sentences of a rewrite (a copy costs nothing), in
    partitions on ``engine`` whatever the events' sizes; of the events ``only`` when given (the
    facts stage tags what is left, exactly as here)."""
    readings = [
        r
        for g in (grouping.events if only is None else only)
        for r in event_readings([by_id[i] for s in g.stories for i in s.articles], g.stories)
    ]
    parts = partitions((r.text for r in readings), TAG_PARTITION)
    keep_analyses(readings, (found for part in engine.map_partitions(tag, parts) for found in part))


def prepare_partition(docs: list[RawDocument]) -> list[Article | InputError]:
    """The per-article work of one partition (runs on an engine's worker): clean, then the facts
    stage's per-article analysis (NER), so grouping and cross-article work on the driver are all
    that is left."""
    out = _cleaned(docs)
    analyse([a for a in out if isinstance(a, Article)])
    return out


def clean_partition(docs: list[RawDocument]) -> list[Article | InputError]:
    """Clean each document and compute its grouping features (runs on an engine's worker), for
    grouping in the same run (a store reloads articles, so ``ingest`` does not ask for them)."""
    out = _cleaned(docs)
    for item in out:  # the driver's grouping is then only comparisons
        if isinstance(item, Article):
            item.features = extract_features(item)
    return out


_TITLE_WORD = re.compile(r"\w{4,}")
TITLE_CONTEXT = 1000  # characters of a report's opening its title is matched against


def event_title(originals: Sequence[Article], summary_text: str) -> str:
    """The title that speaks for the event's reports best, else the summary's first sentence:
    the one whose words (of four letters or more) the reports' openings share most, on average
    (a stray menu line taken for a headline names little the others tell); ties go to the most
    complete report."""
    titled = [a for a in originals if a.title]
    if titled:
        openings = {a.id: set(_TITLE_WORD.findall(a.text[:TITLE_CONTEXT].casefold())) for a in originals}

        def shared(a: Article) -> float:
            words = set(_TITLE_WORD.findall((a.title or "").casefold()))
            others = sum(len(words & o) for i, o in openings.items() if i != a.id)
            return others / max(len(words), 1)

        return max(titled, key=lambda a: (round(shared(a), 6), len(a.text))).title or ""
    words = summary_text.split()
    return " ".join(words[:14]) + ("…" if len(words) > 14 else "")
