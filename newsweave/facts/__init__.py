"""Facts across sources: entities, quotes, numeric claims and a timeline for one event.

spaCy runs once per story, on its English version (the original, else an English copy): that
gives the event's entity names. Everything else is cheap pattern work run on every article, copies
included, so each fact's span indexes its own article's text; copies find the story's names by
string search instead of a second NER pass. Quotes are English-only for now; figures and dates
are read in every language.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from newsweave.compare import Aligned, compare
from newsweave.facts.claims import Found, find_claims
from newsweave.facts.entities import EntityIndex, Mention, refine, tag
from newsweave.facts.quotes import find_quotes
from newsweave.facts.timeline import resolvers, timeline
from newsweave.nlp.sentences import split_sentences
from newsweave.records import Article, Claim, Facts, Story

REWRITE_SHARE = 0.6  # a copy sharing fewer of its sentences with what NER read is read too
Tagger = Callable[[Sequence[str]], list[list[Mention]]]


def _sentences(text: str) -> set[str]:
    return {" ".join(text[s.start : s.end].split()) for s in split_sentences(text)}


def _analysed(articles: Sequence[Article], stories: Sequence[Story]) -> list[Article]:
    """The articles NER reads: each story's English original (else an English copy), and English
    rewrites that share few sentences with it; true copies only reuse what those found."""
    by_id = {a.id: a for a in articles}
    chosen: dict[str, Article] = {}
    for story in stories:
        members = [by_id[i] for i in dict.fromkeys([story.original, *story.articles]) if i in by_id]
        english = [a for a in members if a.lang == "en"]
        if not english:
            continue
        lead = english[0]
        chosen[lead.id] = lead
        known = _sentences(lead.text)
        for copy in english[1:]:
            own = _sentences(copy.text)
            if own and len(own & known) < REWRITE_SHARE * len(own):
                chosen[copy.id] = copy
                known |= own
    return list(chosen.values())


def entity_index(articles: Sequence[Article], stories: Sequence[Story], tagger: Tagger = tag) -> EntityIndex:
    analysed = _analysed(articles, stories)
    tagged = tagger([a.text for a in analysed])
    mentions = {a.id: refine(a.text, raw) for a, raw in zip(analysed, tagged, strict=True)}
    index = EntityIndex(mentions, {a.id: a.text for a in analysed})
    for a in articles:
        if a.id not in mentions:
            index.add_copy_mentions(a.id, index.find(a.text))
    return index


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


def extract_facts(articles: Sequence[Article], stories: Sequence[Story], tagger: Tagger = tag) -> Facts:
    """Entities, quotes, claims (compared across independent stories) and timeline."""
    if not articles:
        return Facts()
    if not stories:
        stories = [Story(a.id, a.id, [a.id]) for a in articles]
    index = entity_index(articles, stories, tagger)
    story_of = {aid: s for s in stories for aid in s.articles}
    dates = resolvers(articles)
    facts = Facts(entities=sorted(index.entities, key=lambda e: -e.mentions))
    aligned: list[Aligned] = []
    for art in articles:
        story = story_of.get(art.id)
        if art.lang == "en":
            facts.quotes.extend(find_quotes(art.text, art.id, index))
        facts.timeline.extend(timeline(art, dates[art.id]))
        for n, found in enumerate(find_claims(art.text, art.lang, index, dates[art.id]), 1):
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
    facts.comparisons = compare(aligned)
    facts.timeline.sort(key=lambda t: (t.date, t.article, t.start))
    return facts
