"""The default summarizer: maximum coverage of the event's important concepts within the budget.

Concepts are stemmed word bigrams (Gillick & Favre's ICSISumm). A concept's weight is the number of
documents that mention it, plus a bonus for each document that mentions it in its opening
sentences, where news puts the facts that matter; each document's lede also counts as a concept.
Concepts that too few documents share are dropped: they are one outlet's detail, not the event.
The best set of sentences is then found exactly by an integer linear program, which also removes
redundancy (a concept counts once).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from newsweave.records import SummarySentence
from newsweave.summarize import SourceDoc
from newsweave.summarize.candidates import Candidate, readable, spans
from newsweave.summarize.ilp import select
from newsweave.summarize.order import reading_order
from newsweave.summarize.terms import bigram_concepts, stems, stopwords_en, tokens


@dataclass(frozen=True, slots=True)
class CoverageSettings:
    lead_sentences: int = 3  # a document's opening: where its concepts earn the position bonus
    lead_bonus: float = 1.0  # extra weight per document that mentions a concept in its opening
    min_share: float = 0.25  # a concept must appear in this share of the documents (at least 2)
    min_words: int = 8
    max_words: int = 55
    lede_weight: float = 1.0  # a document's first sentence, in multiples of the document count
    fill_share: float = 0.85  # below this share of the budget, relax the document floor
    anaphoric: bool = False  # whether sentences opening with a pronoun or connective may be chosen
    # Reader-language text needed, in multiples of the budget: enough to fill the summary. At 3.0 an
    # event of seven English copies (340 words) and three German and French reports was summarised
    # in German; a shorter choice in the reader's language reads better than a foreign one.
    lang_share: float = 1.0


def choose_language(docs: Sequence[SourceDoc], lang: str, words: int, need: float) -> list[int]:
    """Documents in the reader's language when they hold enough text, otherwise all of them."""
    own = [i for i, d in enumerate(docs) if d.lang.split("-")[0] == lang.split("-")[0]]
    if own and sum(len(docs[i].text.split()) for i in own) >= need * words:
        return own
    return list(range(len(docs)))


class CoverageSummarizer:
    """Concept-coverage ILP summarizer (the default)."""

    def __init__(self, settings: CoverageSettings | None = None, fill: bool = False) -> None:
        self.settings = settings or CoverageSettings()
        # ``fill``: add one last sentence that may run past the budget, for callers that cut the
        # summary at N words (benchmark mode) rather than show whole sentences.
        self.fill = fill

    def summarize(self, docs: Sequence[SourceDoc], words: int, lang: str = "en") -> list[SummarySentence]:
        cfg = self.settings
        chosen_docs = [docs[i] for i in choose_language(docs, lang, words, cfg.lang_share)]
        doc_spans = [spans(d.text) for d in chosen_docs]
        concepts = [
            [self._concepts(d.text[a:b], d.lang) for a, b in ss]
            for d, ss in zip(chosen_docs, doc_spans, strict=True)
        ]
        cands = [
            c
            for i, d in enumerate(chosen_docs)
            for c in readable(i, d.text, doc_spans[i], cfg.min_words, cfg.max_words, cfg.anaphoric)
            if not d.in_optional(c.start, c.end)
        ]
        support, lead = self._support(concepts)
        n = len(chosen_docs)
        floor = max(2, math.ceil(cfg.min_share * n)) if n > 1 else 2
        while True:
            weights = {c: k + cfg.lead_bonus * lead[c] for c, k in support.items() if k >= floor}
            rows, w = self._index(cands, concepts, weights)
            # Each document's lede is a concept of its own, worth as much as a concept that every
            # document shares: the reporter's own choice of what matters most.
            for j, cand in enumerate(cands):
                if cand.position == 0:
                    rows[j].append(len(w))
                    w.append(cfg.lede_weight * n)
            picked = select(rows, [c.words for c in cands], w, words)
            used = sum(cands[j].words for j in picked)
            # Too few shared concepts to fill the budget (few or very different documents):
            # let concepts shared by fewer documents count too.
            if used >= cfg.fill_share * words or floor <= 1:
                break
            floor -= 1
        ordered = reading_order([cands[j] for j in picked], chosen_docs)
        if self.fill:
            extra = self._filler(cands, picked, rows, w, words - used)
            ordered += [extra] if extra else []
        return [SummarySentence(c.text, chosen_docs[c.doc].id, c.start, c.end) for c in ordered]

    @staticmethod
    def _concepts(text: str, lang: str) -> set[str]:
        words = tokens(text)
        stop = stopwords_en() if lang.startswith("en") else frozenset()
        return bigram_concepts(words, stems(words, lang), stop)

    def _support(self, concepts: list[list[set[str]]]) -> tuple[dict[str, int], dict[str, int]]:
        """How many documents hold each concept, and how many hold it in their opening.

        ``concepts[doc][sentence]``. A single document counts its sentences instead.
        """
        units = concepts if len(concepts) > 1 else [[s] for s in concepts[0]] if concepts else []
        support: dict[str, int] = defaultdict(int)
        lead: dict[str, int] = defaultdict(int)
        for per_sentence in units:
            for c in set().union(*per_sentence):
                support[c] += 1
        for per_sentence in concepts:
            for c in set().union(*per_sentence[: self.settings.lead_sentences]):
                lead[c] += 1
        return support, lead

    @staticmethod
    def _index(
        cands: Sequence[Candidate], concepts: list[list[set[str]]], weights: dict[str, float]
    ) -> tuple[list[list[int]], list[float]]:
        """Concept ids held by each candidate, and the weight of each id."""
        ids: dict[str, int] = {}
        rows = [
            # Sorted: set order varies between runs (hash seeds) and ties must break the same way.
            [ids.setdefault(k, len(ids)) for k in sorted(concepts[c.doc][c.position]) if k in weights]
            for c in cands
        ]
        w = [0.0] * len(ids)
        for k, i in ids.items():
            w[i] = weights[k]
        return rows, w

    @staticmethod
    def _filler(
        cands: list[Candidate], picked: list[int], rows: list[list[int]], w: list[float], room: int
    ) -> Candidate | None:
        """The unchosen sentence that adds most new concept weight (ties: the shorter)."""
        if room <= 0:
            return None
        covered = {i for j in picked for i in rows[j]}
        best: tuple[float, int] | None = None
        chosen: Candidate | None = None
        taken = set(picked)
        for j, cand in enumerate(cands):
            if j in taken:
                continue
            gain = sum(w[i] for i in set(rows[j]) - covered) * min(1.0, room / cand.words)
            key = (gain, -cand.words)
            if gain > 0 and (best is None or key > best):
                best, chosen = key, cand
        return chosen
