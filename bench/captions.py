"""Photo captions told apart from body text: optional lines of L3S-GN1, held out by site.

    python bench/captions.py [--no-write]

For each page of ``../shared/data/l3s_dev.jsonl`` (tuning side), cleaned with a furniture
model refitted without the page's fold of registered domains (``bench/clean.py``'s folds),
every kept line is read as optional (any kind: headline, subheading, caption) or body text and
compared with L3S's labels: precision and recall of optional lines (L3S ``optional``: captions,
bylines, datelines, credits; a labelled optional line the cleaner removed counts as missed),
how many lines marked "caption" are L3S content, with and without the caption rule
(``clean.captions``). Then the CPU cost of cleaning ``realworld_dev2`` page by page, rule off
and on interleaved. Writes the "captions" section of docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.clean import FOLDS, SHARED, folded_models, l3s_rows  # noqa: E402
from newsweave.clean import clean_text  # noqa: E402

clean_mod = importlib.import_module("newsweave.clean")  # the package ``newsweave.clean`` names a function


@contextmanager
def caption_rule(on: bool) -> Iterator[None]:
    """Clean with the caption rule on or off (off: the furniture model's kinds alone)."""
    saved = clean_mod.caption_shape, clean_mod.caption_prefix
    if not on:
        clean_mod.caption_shape = lambda line, lang: False
        clean_mod.caption_prefix = lambda line, lang: 0
    try:
        yield
    finally:
        clean_mod.caption_shape, clean_mod.caption_prefix = saved


def _key(text: str) -> str:
    return " ".join(text.split())


def page_kinds(text: str) -> dict[str, str]:
    """Each kept line of the clean text (whitespace collapsed) and its optional kind ("": body)."""
    cleaned = clean_text(text)
    kinds = {_key(line): "" for line in cleaned.text.split("\n\n")}
    for span in cleaned.optional:
        kinds[_key(cleaned.text[span.start : span.end])] = span.kind
    return kinds


def score(rows: list[dict[str, Any]], models: dict[int, Any], folds: dict[str, int]) -> Counter[str]:
    from newsweave.clean import furniture

    c: Counter[str] = Counter()
    for row in rows:
        content = {_key(x) for x in row["content"].split("\n") if x.strip()}
        optional = {_key(x) for x in row["optional"].split("\n") if x.strip()} - content
        with furniture.using(models[folds[row["id"]]]):
            kinds = page_kinds(row["text"])
        c["gold"] += len(optional)
        for line, kind in kinds.items():
            if not kind:
                continue
            c["marked"] += 1
            c["tp"] += line in optional
            c["content_marked"] += line in content
            if kind == "caption":
                c["caption"] += 1
                c["caption_optional"] += line in optional
                c["caption_content"] += line in content
    return c


def clean_cpu(texts: list[str], rounds: int = 3) -> dict[bool, float]:
    """Best CPU ms a page of cleaning ``texts``, caption rule off and on, interleaved."""
    best = {False: float("inf"), True: float("inf")}
    for _ in range(rounds):
        for on in (False, True):
            with caption_rule(on):
                t0 = time.process_time()
                for t in texts:
                    clean_text(t)
                best[on] = min(best[on], (time.process_time() - t0) * 1000 / len(texts))
    return best


def _line(name: str, c: Counter[str]) -> str:
    p = c["tp"] / c["marked"] if c["marked"] else 0.0
    r = c["tp"] / c["gold"] if c["gold"] else 0.0
    return (
        f"| {name} | {c['marked']} | {p:.3f} | {r:.3f} | {c['content_marked']} | "
        f"{c['caption']} ({c['caption_optional']} optional, {c['caption_content']} content) |"
    )


def run(report: Callable[[str], None] = print) -> list[str]:
    rows = l3s_rows()
    folds, models = folded_models(rows)
    scores = {}
    for on in (False, True):
        with caption_rule(on):
            scores[on] = score(rows, models, folds)
    dev2 = SHARED / "data" / "realworld_dev2.jsonl"
    texts = [json.loads(x)["text"] for x in dev2.read_text("utf-8").splitlines() if x.strip()]
    clean_cpu(texts[:20], 1)  # warm: stop lists, the model, regexes
    ms = clean_cpu(texts)
    lines = [
        f"L3S-GN1 dev half, {len(rows)} pages, {scores[True]['gold']} labelled optional lines (not also "
        f"content), furniture model refitted without each page's fold of registered domains ({FOLDS} "
        "folds); a line counts as optional when the cleaner keeps it with a kind:",
        "",
        "| cleaner | lines marked optional | precision | recall | of them L3S content | marked caption |",
        "|---|---|---|---|---|---|",
        _line("furniture model's kinds", scores[False]),
        _line("+ caption rule (clean/captions.py)", scores[True]),
        "",
        f"Clean CPU a page on realworld_dev2 ({len(texts)} pages, best of 3, interleaved): "
        f"rule off {ms[False]:.3f} ms, on {ms[True]:.3f} ms ({ms[True] - ms[False]:+.3f} ms).",
        "",
    ]
    for x in lines:
        report(x)
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--no-write", action="store_true", help="print only; leave docs alone")
    args = parser.parse_args()
    lines = run(lambda x: None)
    print("\n".join(lines))
    if not args.no_write:
        from bench._report import machine, write_section

        body = "\n".join(["## Photo captions (`python bench/captions.py`)", "", machine(), "", *lines])
        write_section("captions", body)


if __name__ == "__main__":
    main()
