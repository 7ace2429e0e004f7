"""Extractive multi-document summaries in which every sentence is a cited span of a source."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from newsweave.errors import UsageError
from newsweave.nlp.sentences import split_sentences
from newsweave.records import Article, Story, SummarySentence


@dataclass(frozen=True, slots=True)
class SourceDoc:
    """A document to summarise: ``text`` is the exact text that spans index."""

    id: str
    text: str
    date: str | None = None
    lang: str = "en"
    optional: tuple[tuple[int, int], ...] = ()  # spans of headline/caption lines: never chosen

    def in_optional(self, start: int, end: int) -> bool:
        return any(a < end and start < b for a, b in self.optional)


def source_doc(story: Story, by_id: dict[str, Article], lang: str) -> SourceDoc:
    """The copy of ``story`` an event's summary reads: the fullest one in the reader's language
    ``lang``, else the original. A story's original is its first report, often a short early
    version (a wire story's first 90 words, its copies 300); read alone, a short
    original in the reader's language left the summary to the other languages' reports (an
    event of seven English copies of one report summarised in German)."""
    own = [by_id[i] for i in story.articles if by_id[i].lang.split("-")[0] == lang.split("-")[0]]
    fullest = max(own, key=lambda x: (len(x.text.split()), x.id == story.original)) if own else None
    a = fullest or by_id[story.original]
    return SourceDoc(a.id, a.text, a.published, a.lang, tuple((o.start, o.end) for o in a.optional))


class Summarizer(Protocol):
    def summarize(self, docs: Sequence[SourceDoc], words: int, lang: str = "en") -> list[SummarySentence]: ...


class LeadSummarizer:
    """Baseline: first sentences of each document in turn, within the word budget."""

    def summarize(self, docs: Sequence[SourceDoc], words: int, lang: str = "en") -> list[SummarySentence]:
        out: list[SummarySentence] = []
        used = 0
        seen: set[str] = set()
        for doc in docs:
            for sent in split_sentences(doc.text)[:3]:
                text = doc.text[sent.start : sent.end]
                n = len(text.split())
                if text in seen or used + n > words or doc.in_optional(sent.start, sent.end):
                    continue
                seen.add(text)
                out.append(SummarySentence(text, doc.id, sent.start, sent.end))
                used += n
        return out


def _coverage(fill_budget: bool) -> Summarizer:
    from newsweave.summarize.coverage import CoverageSummarizer  # lazy: pulls in scipy

    return CoverageSummarizer(fill=fill_budget)


# A factory takes ``fill_budget``: whether the caller cuts the summary at N words (benchmark mode),
# so that one last sentence may run past the budget to use every word.
_SUMMARIZERS: dict[str, Callable[[bool], Summarizer]] = {
    "lead": lambda fill_budget: LeadSummarizer(),
    "coverage": _coverage,
}


def register(name: str, factory: Callable[[bool], Summarizer]) -> None:
    _SUMMARIZERS[name] = factory


def make_summarizer(name: str = "default", *, fill_budget: bool = False) -> Summarizer:
    """The summarizer called ``name``; ``default`` is the concept-coverage ILP."""
    if name == "default":
        name = DEFAULT
    try:
        factory = _SUMMARIZERS[name]
    except KeyError:
        known = ", ".join(sorted(_SUMMARIZERS))
        raise UsageError(f"unknown summarizer {name!r}; choose one of: {known}") from None
    return factory(fill_budget)


DEFAULT = "coverage"
