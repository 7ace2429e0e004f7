"""Pile context in a store fed in batches (``ingest``) against one batch (``brief``): lines the
pile stage removes, furniture lines of the check set removed, and the CPU the stored context costs.

    .venv/bin/python bench/pile_store.py [--batch 50] [--no-write]

Pages are fed in date order (``published``, else input order), ``--batch`` at a time, into a
SQLite store (cleaned articles inserted as ``ingest`` stores them; no grouping or NER, which the
context does not touch). realworld_dev has no furniture labels: it shows only how many lines the
pile took; realworld_dev2 (check set) is scored on realworld_dev2_junk.json as bench/clean.py does.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._report import machine, write_section  # noqa: E402
from bench.clean import SHARED, score_junk  # noqa: E402
from newsweave.clean import clean_document  # noqa: E402
from newsweave.clean.pile import drop_pile_furniture  # noqa: E402
from newsweave.records import Article, RawDocument  # noqa: E402
from newsweave.store import articles  # noqa: E402
from newsweave.store.db import connect, write  # noqa: E402
from newsweave.store.ingest import CONTEXT_PAGES, CONTEXT_PER_ARTICLE, outlet_context  # noqa: E402


def _pages(name: str, dense: int = 0) -> list[tuple[Article, RawDocument]]:
    """The set's pages cleaned; ``dense``: the set ``dense`` times over, spread over 5 invented
    outlets, so every outlet of a batch has a full context (the cost of a store grown large)."""
    with (SHARED / "data" / f"{name}.jsonl").open(encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh]
    rows.sort(key=lambda r: r.get("published") or "")  # stable: input order within a day
    docs = [RawDocument(id=r["id"], text=r["text"], url=r.get("url"), date=r.get("published")) for r in rows]
    if dense:
        docs = [RawDocument(id=f"{d.id}-{k}", text=d.text, date=d.date, outlet=f"outlet{(i + k) % 5}.example")
                for k in range(dense) for i, d in enumerate(docs)]
    return [(clean_document(d), d) for d in docs]


def _pile_lines(arts: list[Article]) -> int:
    return sum(r.kind == "pile" for a in arts for r in a.removed)


def fed(
    name: str, batch: int, context: bool, dense: int = 0
) -> tuple[dict[str, str], int, float, int]:
    """Texts after feeding the pages ``batch`` at a time, lines the pile took, CPU seconds the
    pile stage spent (the stored context read included), and the stored pages it read in all."""
    pairs = _pages(name, dense)
    spent, held = 0.0, 0
    with tempfile.TemporaryDirectory() as tmp:
        db = connect(str(Path(tmp) / "pile.db"))
        for i in range(0, len(pairs), batch):
            part = pairs[i : i + batch]
            arts = [a for a, _ in part]
            t0 = time.process_time()
            pages = outlet_context(db, arts) if context else []
            drop_pile_furniture(arts, pages)
            spent += time.process_time() - t0
            held += len(pages)
            with write(db):
                for art, doc in part:
                    articles.insert(db, art, doc)
        db.close()
    arts = [a for a, _ in pairs]
    return {a.id: a.text for a in arts}, _pile_lines(arts), spent, held


DENSE = 4


def run(batch: int) -> list[str]:
    out = [f"Pages fed {batch} at a time in date order into a SQLite store; context = the last "
           f"stored pages of each outlet of a batch, {CONTEXT_PAGES} at most an outlet and "
           f"{CONTEXT_PER_ARTICLE} per article of the batch in all (load average "
           f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores):", "",
           "| set | feeding | lines the pile took | furniture lines removed | content lines kept |",
           "|---|---|---|---|---|"]
    for name in ("realworld_dev", "realworld_dev2"):
        pairs = _pages(name)
        whole = [a for a, _ in pairs]
        drop_pile_furniture(whole)
        ways = {"one batch (brief)": ({a.id: a.text for a in whole}, _pile_lines(whole))}
        for label, ctx in (("batches, no store context (before)", False), ("batches + store context", True)):
            texts, lines, _, _ = fed(name, batch, ctx)
            ways[label] = (texts, lines)
        for label, (texts, lines) in ways.items():
            scored = "- | -"
            if name == "realworld_dev2":
                junk, keep, _ = score_junk(lambda _text, pid, t=texts: t[pid])
                scored = f"{junk[0]}/{junk[1]} | {keep[0]}/{keep[1]}"
            out.append(f"| {name} | {label} | {lines} | {scored} |")
    n = len(_pages("realworld_dev2")) * DENSE
    _, _, before, _ = fed("realworld_dev2", batch, False, DENSE)
    _, _, after, held = fed("realworld_dev2", batch, True, DENSE)
    out += ["", f"Cost, a store grown large: realworld_dev2 {DENSE} times over ({n} pages) on 5 outlets, "
            f"so each batch reads a full context ({held} stored pages read in all): the pile stage took "
            f"{before * 1000:.0f} CPU ms without the stored context and {after * 1000:.0f} ms with it, "
            f"+{(after - before) / n * 1e6:.0f} µs an article (budget: 1,000 µs)."]
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--batch", type=int, default=50)  # ingest's BATCH
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    if not (SHARED / "data").is_dir():
        sys.exit("bench/pile_store.py: ../shared/data is absent")
    lines = run(args.batch)
    print("\n".join(lines))
    if not args.no_write:
        body = (f"## Pile context across ingests (`python bench/pile_store.py --batch {args.batch}`)\n\n"
                f"{machine()}\n\n" + "\n".join(lines))
        write_section("pile-store", body)


if __name__ == "__main__":
    main()
