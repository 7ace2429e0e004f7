"""The default summarizer: maximum coverage of the event's important concepts within the budget.

Concepts are stemmed word bigrams (Gillick & Favre's ICSISumm). A concept's weight is the number of
documents that mention it, plus a bonus for each document that mentions it in its opening
sentences, where news puts the facts that matter. Concepts that too few documents share are
dropped: they are one outlet's detail, not the event. The best set of sentences is then found
exactly by an integer linear program, which also removes redundancy (a concept counts once).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from newsweave.nlp.sentences import split_sentences
from newsweave.records import SummarySentence
from newsweave.summarize import SourceDoc
from newsweave.summarize.candidates import Candidate, candidates
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
    anaphoric: bool = False  # whether sentences opening with a pronoun or connective may be chosen
    lang_share: float = 3.0  # reader-language text needed, in multiples of the budget


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

    def summarize(
        self, docs: Sequence[SourceDoc], words: int, lang: str = "en"
    ) -> list[SummarySentence]:
        cfg = self.settings
        keep = choose_language(docs, lang, words, cfg.lang_share)
        chosen_docs = [docs[i] for i in keep]
        texts = [d.text for d in chosen_docs]
        weights = self._concept_weights(chosen_docs)
        cands = candidates(texts, cfg.min_words, cfg.max_words, cfg.anaphoric)
        cand_concepts = [self._concepts(c.text, chosen_docs[c.doc].lang) for c in cands]
        ids: dict[str, int] = {}
        rows: list[list[int]] = []
        for cs in cand_concepts:
            rows.append([ids.setdefault(c, len(ids)) for c in cs if c in weights])
        w = [0.0] * len(ids)
        for c, i in ids.items():
            w[i] = weights[c]
        lengths = [c.words for c in cands]
        bonus = [1e-3 / (1 + c.position) for c in cands]
        picked = select(rows, lengths, w, words, bonus)
        ordered = reading_order([cands[j] for j in picked], chosen_docs)
        if self.fill:
            extra = self._filler(cands, picked, rows, w, words - sum(lengths[j] for j in picked))
            ordered += [extra] if extra else []
        return [
            SummarySentence(c.text, chosen_docs[c.doc].id, c.start, c.end) for c in ordered
        ]

    def _concepts(self, text: str, lang: str) -> set[str]:
        words = tokens(text)
        stop = stopwords_en() if lang.startswith("en") else frozenset()
        return bigram_concepts(words, stems(words, lang), stop)

    def _concept_weights(self, docs: Sequence[SourceDoc]) -> dict[str, float]:
        cfg = self.settings
        df: dict[str, int] = defaultdict(int)
        lead: dict[str, int] = defaultdict(int)
        for doc in docs:
            seen: set[str] = set()
            opening: set[str] = set()
            for k, sent in enumerate(split_sentences(doc.text)):
                cs = self._concepts(doc.text[sent.start : sent.end], doc.lang)
                seen |= cs
                if k < cfg.lead_sentences:
                    opening |= cs
            for c in seen:
                df[c] += 1
            for c in opening:
                lead[c] += 1
        floor = max(2, math.ceil(cfg.min_share * len(docs))) if len(docs) > 1 else 1
        return {c: n + cfg.lead_bonus * lead[c] for c, n in df.items() if n >= floor}

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
