"""Quality gate: ROUGE recall of the default summarizer on the dev sets, with pinned minimums.

References are read here for scoring only; newsweave never sees them. The minimums sit a little
below the measured scores (bench/summarize.py) and only ever rise.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from newsweave.summarize import SourceDoc, make_summarizer

# set -> (words, ROUGE-1 minimum, ROUGE-2 minimum), recall in percent.
MINIMUMS = {
    "duc2003_task2_clean": (100, 39.4, 11.45),
    "duc2003_task3": (100, 35.8, 8.95),
    "multiling2011_en": (250, 50.3, 20.0),
}


@pytest.mark.gated
@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(MINIMUMS))
def test_rouge_at_least_pinned(shared_dir: Path, name: str) -> None:
    rouge_scorer = pytest.importorskip("rouge_score.rouge_scorer")
    scorer = rouge_scorer.RougeScorer(["rouge1", "rouge2"], use_stemmer=True)
    words, min_r1, min_r2 = MINIMUMS[name]
    summarizer = make_summarizer(fill_budget=True)
    lines = (shared_dir / "data" / f"{name}.jsonl").read_text("utf-8").splitlines()
    r1 = r2 = 0.0
    for line in lines:
        cluster = json.loads(line)
        docs = [SourceDoc(str(d["id"]), d["text"], d.get("date")) for d in cluster["docs"]]
        chosen = summarizer.summarize(docs, words)
        texts = {d.id: d.text for d in docs}
        assert all(texts[s.article][s.start : s.end] == s.text for s in chosen)
        summary = " ".join(" ".join(s.text for s in chosen).split()[:words])
        refs = cluster["refs"]
        scores = [scorer.score(ref, summary) for ref in refs]
        r1 += sum(s["rouge1"].recall for s in scores) / len(refs)
        r2 += sum(s["rouge2"].recall for s in scores) / len(refs)
    r1, r2 = 100 * r1 / len(lines), 100 * r2 / len(lines)
    assert r1 >= min_r1, f"{name}: ROUGE-1 {r1:.2f} fell below the pinned {min_r1}"
    assert r2 >= min_r2, f"{name}: ROUGE-2 {r2:.2f} fell below the pinned {min_r2}"
