"""Facts across sources: entities, quotes, numeric claims and a timeline for one event.

spaCy NER reads each English sentence of the event once (originals first; a copy costs nothing,
a rewrite only its new sentences): that gives the event's entity names. Everything else is cheap
pattern work run on every article, copies included, so each fact's span indexes its own article's
text; sentences NER did not read find the names by string search. NER may run before this stage
and be stored as ``Article.analysis``: ``event_readings`` lists exactly what it would read, so
``brief`` tags those on its workers after grouping; ``analyse`` reads one article at a time (the
store's ingest, before grouping), and ``extract_facts`` keeps the names that fall in the
sentences it reads. Quotes are English-only for now (an article's ``lang`` says so); figures and
dates are read in every language.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate

from newsweave.compare import Aligned, compare
from newsweave.facts.attribution import parse
from newsweave.facts.claims import Found, find_claims, name_measures
from newsweave.facts.entities import EntityIndex, Mention, refine, tag
from newsweave.facts.quotes import QuoteDrafts, draft_quotes, finish_quotes
from newsweave.facts.sentences import sentences as split_sentences
from newsweave.facts.timeline import per_story, resolvers, timeline
from newsweave.records import Analysis, Article, Claim, Facts, Story

Tagger = Callable[[Sequence[str]], list[list[Mention]]]
_JOIN = "\n\n"  # pieces read as paragraphs, as the model was trained on
_BODIES = frozenset({"ORG", "FAC", "PRODUCT", "NORP"})  # a group ("Conservatives") competes, never is it


@dataclass(slots=True)
class _Reading:
    """What NER reads of one article: its sentences no article read before it had."""

    article: Article
    pieces: list[tuple[int, int]]  # (start, end) in the article's text
    text: str = ""  # the pieces joined as paragraphs, as the tagger sees them

    def to_article(self, raw: Sequence[Mention]) -> list[Mention]:
        """Mentions found in ``text`` with offsets into the article's text."""
        out, pos = [], 0
        starts = []
        for start, end in self.pieces:
            starts.append((pos, start))
            pos += end - start + len(_JOIN)
        for m in raw:
            base = next((b for b in reversed(starts) if b[0] <= m.start), None)
            if base is not None and "\n" not in self.text[m.start : m.end]:
                shift = base[1] - base[0]
                out.append(Mention(m.text, m.label, m.start + shift, m.end + shift))
        return out


@lru_cache(maxsize=1)
def _stop_words() -> frozenset[str]:
    from spacy.lang.en.stop_words import STOP_WORDS

    return frozenset(STOP_WORDS)


def _may_name(sentence: str) -> bool:
    """Whether NER could find a name here: the kept labels are proper names, written capitalised,
    so a sentence whose only capital is a function word opening it ("He said ...") has none."""
    words = sentence.split()
    if not words or any(w[:1].isupper() for w in words[1:]):
        return True
    first = words[0].strip("\"'“‘(")
    return not (first[1:].islower() or len(first) == 1) or first.lower() not in _stop_words()


def _reading(art: Article, known: set[str]) -> _Reading | None:
    """``art``'s sentences not in ``known`` (which gains them) that may name someone, as NER
    reads them (about a fifth of news sentences name no one: NER is most of this stage's time)."""
    pieces = []
    for sent in split_sentences(art.text):
        norm = " ".join(art.text[sent.start : sent.end].split())
        if norm not in known:
            known.add(norm)
            if _may_name(norm):
                pieces.append((sent.start, sent.end))
    if not pieces:
        return None
    return _Reading(art, pieces, _JOIN.join(art.text[a:b] for a, b in pieces))


def _readings(articles: Sequence[Article], stories: Sequence[Story]) -> list[_Reading]:
    """English articles, originals first, each with only the sentences not read already: a copy
    costs nothing, a rewrite only its new sentences (NER is most of this stage's time)."""
    by_id = {a.id: a for a in articles}
    order = [s.original for s in stories] + [i for s in stories for i in s.articles]
    known: set[str] = set()
    out: list[_Reading] = []
    for aid in dict.fromkeys(i for i in order if i in by_id):
        if by_id[aid].lang == "en" and (reading := _reading(by_id[aid], known)):
            out.append(reading)
    return out


def analyse(articles: Sequence[Article], tagger: Tagger = tag) -> None:
    """The per-article part of this stage, which needs no other article, so it runs in the
    engine's partitions (on workers, before grouping): NER over each English article's distinct
    sentences, read as if it were an original. Sets ``article.analysis``; an exact copy of an
    article of the same partition (syndication) shares its analysis instead of being read again."""
    first: dict[str, Article] = {}
    for a in articles:
        if a.lang == "en":
            first.setdefault(a.text, a)
    readings = [r for a in first.values() if (r := _reading(a, set()))]
    if readings:
        keep_analyses(readings, tagger([r.text for r in readings]))
    for a in articles:
        if a.lang == "en" and a.analysis is None:
            a.analysis = first[a.text].analysis


def event_readings(articles: Sequence[Article], stories: Sequence[Story]) -> list[_Reading]:
    """What NER must read of one event's articles that have no analysis yet: originals first, a
    copy nothing, a rewrite only its new sentences (exactly what ``extract_facts`` will read)."""
    return [r for r in _readings(articles, stories) if r.article.analysis is None]


def keep_analyses(readings: Sequence[_Reading], tagged: Iterable[Sequence[Mention]]) -> None:
    """Set each reading's article's analysis from the tagger's output for ``reading.text``."""
    for r, raw in zip(readings, tagged, strict=True):
        r.article.analysis = Analysis(tuple((m.label, m.start, m.end) for m in r.to_article(raw)))


def _analysed(reading: _Reading, analysis: Analysis) -> list[Mention]:
    """The analysis's names inside the sentences ``reading`` covers (a rewrite: its new ones)."""
    text = reading.article.text
    return [
        Mention(text[s:e], label, s, e)
        for label, s, e in analysis.names
        if any(a <= s and e <= b for a, b in reading.pieces)
    ]


def entity_index(articles: Sequence[Article], stories: Sequence[Story], tagger: Tagger = tag) -> EntityIndex:
    readings = _readings(articles, stories)
    # An analysis made by ``analyse`` with the default tagger is reused; the rest is tagged here.
    todo = [r for r in readings if r.article.analysis is None or tagger is not tag]
    tagged = dict(zip(map(id, todo), tagger([r.text for r in todo]) if todo else [], strict=True))
    mentions = {}
    for r in readings:
        analysis = r.article.analysis
        raw = r.to_article(tagged[id(r)]) if analysis is None or id(r) in tagged else _analysed(r, analysis)
        mentions[r.article.id] = refine(r.article.text, raw)
    index = EntityIndex(mentions, {r.article.id: r.article.text for r in readings})
    for a in articles:  # what NER did not read (copies, repeated sentences) is found by name
        seen = [(m.start, m.end) for m in mentions.get(a.id, [])]
        index.add_copy_mentions(a.id, outside(index.find(a.text), seen))
    return index


def outside(found: Sequence[Mention], spans: Sequence[tuple[int, int]]) -> list[Mention]:
    """The mentions of ``found`` that overlap none of ``spans`` (start, end): by bisection over
    the spans sorted by start, with the furthest end reached so far (not every pair)."""
    ordered = sorted(spans)
    starts = [a for a, _ in ordered]
    reach = list(accumulate((b for _, b in ordered), max))
    out = []
    for m in found:
        i = bisect_left(starts, m.end)  # ordered[:i] start before the mention ends
        if i == 0 or reach[i - 1] <= m.start:
            out.append(m)
    return out


def to_claim(found: Found, article: str, n: int) -> Claim:
    f = found.figure
    return Claim(
        id=f"{article}-c{n}",
        subject=found.subject,
        value=f.value,
        low=f.low,
        high=f.high,
        unit=found.unit,
        qualifier=f.qualifier,
        as_of=found.as_of,
        attributed_to=found.attributed_to,
        supersedes=None,
        article=article,
        start=found.start,
        end=found.end,
    )


def event_subjects(aligned: Sequence[Aligned], index: EntityIndex) -> frozenset[str]:
    """The organisation or site named with the figures of most independent stories, more than any
    other: what the event is about (the carmaker of an emissions scandal, the tower that burned),
    so naming it does not narrow a figure to a part. Not when another body is named about as often
    with figures of the same kind (the parties of an election, each with its seats); places are never it
    ("Turkey" may be a part of "Turkey and Syria")."""
    stories = {it.story for it in aligned}
    named: dict[str, set[str]] = {}
    units: dict[str, set[str | None]] = {}
    for it in aligned:
        for name in it.found.places:
            named.setdefault(name, set()).add(it.story)
            units.setdefault(name, set()).add(it.found.unit_concept)
    types = {name: e.type for name in named if (e := index.lookup(name)) is not None}
    bodies = [name for name in named if types.get(name) in _BODIES]
    if not bodies:
        return frozenset()
    top = max(bodies, key=lambda name: len(named[name]))
    shared = {b: units[b] & units[top] - {None} for b in bodies if b != top}
    rivals = [b for b, kinds in shared.items() if kinds and 2 * len(named[b]) >= len(named[top])]
    if types[top] == "NORP" or 2 * len(named[top]) <= len(stories) or rivals:
        return frozenset()
    return frozenset({top})


@dataclass(slots=True)
class Prepared:
    """The first part of ``extract_facts`` for one event: its entity index and its quotes as the
    patterns attribute them, with the sentences the quote parser must read (``quotes.readings``),
    so a briefing task parses all its events' sentences in one batch (``parse_prepared``)."""

    index: EntityIndex
    quotes: QuoteDrafts
    phrases: list[str | None] | None = None  # the parse of ``quotes.readings``, once read


def prepare_facts(articles: Sequence[Article], stories: Sequence[Story], tagger: Tagger = tag) -> Prepared:
    index = entity_index(articles, stories, tagger)
    return Prepared(index, draft_quotes([a.text for a in articles if a.lang == "en"], index))


def parse_prepared(prepared: Sequence[Prepared]) -> None:
    """Parse the quote sentences of several events in one parser batch. Measured on the
    throughput corpus (1,439 readings, one brief through the pool, load 1.2-1.9, interleaved):
    142 calls 4.01 / 3.85 CPU s, 21 calls (one per task) 3.84 / 3.60 s; output byte-identical."""
    phrases = iter(parse([r for p in prepared for r in p.quotes.readings]))
    for p in prepared:
        p.phrases = [next(phrases) for _ in p.quotes.readings]


def extract_facts(
    articles: Sequence[Article],
    stories: Sequence[Story],
    tagger: Tagger = tag,
    prepared: Prepared | None = None,
) -> Facts:
    """Entities, quotes, claims (compared across independent stories) and timeline; ``prepared``
    is ``prepare_facts``'s result for the same articles and stories, when a caller made it."""
    if not articles:
        return Facts()
    if not stories:
        stories = [Story(a.id, a.id, [a.id]) for a in articles]
    prepared = prepared or prepare_facts(articles, stories, tagger)
    index = prepared.index
    story_of = {aid: s for s in stories for aid in s.articles}
    dates = resolvers(articles, stories)
    facts = Facts(entities=sorted(index.entities, key=lambda e: -e.mentions))
    aligned: list[Aligned] = []
    english = [a for a in articles if a.lang == "en"]
    drafts = prepared.quotes  # one parser batch for the event's quotes, unless the caller's batch read them
    phrases = prepared.phrases if prepared.phrases is not None else parse(drafts.readings)
    quoted = finish_quotes([(a.text, a.id) for a in english], drafts, phrases)
    for art, found_quotes in zip(english, quoted, strict=True):
        # nothing is cited from a kept optional line (headline, caption: issue 14)
        facts.quotes.extend(q for q in found_quotes if not art.in_optional(q.start, q.end))
    memo: dict[tuple[str, str], tuple[str, list[Found]]] = {}  # claims per distinct sentence
    per_article: list[list[Found]] = []
    for art in articles:
        facts.timeline.extend(t for t in timeline(art, dates[art.id]) if not art.in_optional(t.start, t.end))
        per_article.append(
            [
                f
                for f in find_claims(art.text, art.lang, index, dates[art.id], memo)
                if not art.in_optional(f.start, f.end)
            ]
        )
    name_measures([f for found_claims in per_article for f in found_claims])  # one parser batch
    for art, found_claims in zip(articles, per_article, strict=True):
        story = story_of.get(art.id)
        for n, found in enumerate(found_claims, 1):
            claim = to_claim(found, art.id, n)
            facts.claims.append(claim)
            aligned.append(
                Aligned(
                    claim,
                    found,
                    story.id if story else art.id,
                    art.published,
                    is_copy=bool(story and story.original != art.id),
                    english=art.lang == "en",
                )
            )
    facts.comparisons = compare(aligned, event_subjects(aligned, index))
    facts.timeline = per_story(facts.timeline, articles, stories)
    facts.timeline.sort(key=lambda t: (t.date, t.article, t.start))
    return facts
