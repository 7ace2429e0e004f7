"""``newsweave summarize``: the contract's benchmark mode over a clusters JSONL file."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from newsweave.errors import InputError
from newsweave.jsonl import iter_objects
from newsweave.summarize import SourceDoc, make_summarizer


def summarize_jsonl(
    path: Path, words: int, lang: str, on_error: Callable[[InputError], None]
) -> tuple[list[str], int]:
    """One output line per valid input cluster, in input order. Any ``refs`` key is never read."""
    summarizer = make_summarizer(fill_budget=True)
    lines: list[str] = []
    for n, obj in iter_objects(path, on_error):
        docs_in = obj.get("docs")
        if not isinstance(docs_in, list):
            on_error(InputError(f"{path}:{n}", "cluster has no 'docs' list"))
            continue
        docs = [
            SourceDoc(str(d.get("id", i)), d["text"], d.get("date"), d.get("lang") or lang)
            for i, d in enumerate(docs_in)
            if isinstance(d, dict) and isinstance(d.get("text"), str)
        ]
        if len(docs) < len(docs_in) or not docs_in:  # still one (shorter) line: input order kept
            on_error(InputError(f"{path}:{n}", f"{len(docs_in) - len(docs)} of {len(docs_in)} docs "
                                "have no 'text' string; summarized without them"))
        chosen = summarizer.summarize(docs, words, lang)
        summary = " ".join(" ".join(s.text for s in chosen).split()[:words])
        sentences = [{"text": s.text, "doc": s.article, "start": s.start, "end": s.end} for s in chosen]
        record = {"id": str(obj.get("id", n)), "summary": summary, "sentences": sentences}
        lines.append(json.dumps(record, ensure_ascii=False) + "\n")
    return lines, len(lines)
