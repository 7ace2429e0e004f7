"""Score page-furniture removal on the dev sets of ../shared/data and write docs/benchmarks.md.

    .venv/bin/python bench/clean.py [--sets l3s,junk,seeds,speed,html] [--no-write] [-v]

- ``l3s``: ``l3s_dev.jsonl`` (L3S-GN1, half). newsweave's rows are *folded by registered domain*:
  the furniture model is retrained on the other folds' sites (``scripts/build_furniture_model.py``)
  and scored on pages of sites it never saw. Token bags (``\\w+`` runs) against ``content``,
  ``optional`` counted neither way; precision averaged over pages with output, recall over all,
  F1 of the two means; furniture removed = furniture lines of >= 3 tokens (not inside content)
  whose token run no longer occurs in the output. Raw text and jusText (lines as ``<p>``) beside.
- ``junk``: ``realworld_dev2_junk.json`` (check set: never trained on), furniture lines removed
  and content lines kept, by the acceptance rule (whitespace collapsed, quotes and dashes folded).
- ``seeds``: token F1 of each seed's clean text against the rule-only cleaner's (exact on them).
- ``html``: invented HTML pages (``scripts/invent_html.py``, six layout families, gold body text),
  ScrapingHub's metric written from its description: 4-token shingles (``\\w+`` runs, lower
  case), precision and recall per page (an empty output scores 0 on both unless the gold is empty
  too), averaged over pages, F1 of the two means. Rules were shaped on the design families only;
  the held-out families are the figure to quote. trafilatura alone (precision, default and recall
  modes) beside newsweave without and with the page's structure (``ingest.html``).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
import zlib
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from newsweave.clean import clean_document  # noqa: E402
from newsweave.records import RawDocument  # noqa: E402

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
TOKEN = re.compile(r"\w+")
FOLDS = 5
_FOLD = str.maketrans({"‘": "'", "’": "'", "“": '"', "”": '"', "–": "-", "—": "-", "\u00a0": " "})


def norm(text: str) -> str:
    """Whitespace collapsed, curly quotes and dashes folded (the acceptance rule for real pages)."""
    return " ".join(text.translate(_FOLD).split())


def clean_plain(text: str, doc_id: str = "page") -> str:
    """What ``newsweave clean PAGE --format text`` prints for a plain-text page."""
    return clean_document(RawDocument(id=doc_id, text=text)).text


@dataclass
class TokenScore:
    precision: list[float]
    recall: list[float]
    furniture: list[int]  # removed, total

    @property
    def p(self) -> float:
        return sum(self.precision) / len(self.precision) if self.precision else 0.0

    @property
    def r(self) -> float:
        return sum(self.recall) / len(self.recall) if self.recall else 0.0

    @property
    def f1(self) -> float:
        return 2 * self.p * self.r / (self.p + self.r) if self.p + self.r else 0.0

    @property
    def removed(self) -> float:
        return self.furniture[0] / self.furniture[1] if self.furniture[1] else 0.0


def score_l3s_page(row: dict[str, Any], output: str, acc: TokenScore) -> None:
    """Add one page's token precision/recall and furniture removal to ``acc``."""
    out = TOKEN.findall(output)
    gold, opt = Counter(TOKEN.findall(row["content"])), Counter(TOKEN.findall(row["optional"]))
    bag = Counter(out)
    hit = sum(min(n, gold[t]) for t, n in bag.items())
    wrong = sum(max(0, n - gold[t] - opt[t]) for t, n in bag.items())
    if out:
        acc.precision.append(hit / (hit + wrong) if hit + wrong else 1.0)
    acc.recall.append(hit / sum(gold.values()) if gold else 1.0)
    joined = f" {' '.join(out)} "
    content = f" {' '.join(TOKEN.findall(row['content']))} "
    for line in row["furniture_lines"]:
        toks = TOKEN.findall(line)
        run = f" {' '.join(toks)} "
        if len(toks) < 3 or run in content:
            continue
        acc.furniture[1] += 1
        acc.furniture[0] += run not in joined


def l3s_rows() -> list[dict[str, Any]]:
    with (SHARED / "data" / "l3s_dev.jsonl").open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def justext_lines(text: str) -> str:
    """jusText's classification of the page's lines, each wrapped as a paragraph."""
    import html

    import justext

    page = "<html><body>" + "".join(f"<p>{html.escape(x)}</p>" for x in text.split("\n")) + "</body></html>"
    paras = justext.justext(page, justext.get_stoplist("English"))
    return "\n".join(p.text for p in paras if not p.is_boilerplate)


def score_l3s(rows: list[dict[str, Any]], cleaner: Callable[[dict[str, Any]], str]) -> TokenScore:
    acc = TokenScore([], [], [0, 0])
    for row in rows:
        score_l3s_page(row, cleaner(row), acc)
    return acc


def folded_models(rows: list[dict[str, Any]]) -> tuple[dict[str, int], dict[int, Any]]:
    """Each page's fold of registered domains, and the furniture model refitted without each fold."""
    from newsweave.clean import furniture
    from scripts.build_furniture_model import fit, fold_of, training_rows

    folds = {row["id"]: fold_of(row["url"], FOLDS) for row in rows}
    with furniture.using(None):
        data = training_rows(rows, invented=True)
    line_folds = data.folds(FOLDS)
    models = {k: fit(data.subset([i for i, f in enumerate(line_folds) if f != k])) for k in range(FOLDS)}
    return folds, models


def folded_cleaner(rows: list[dict[str, Any]]) -> Callable[[dict[str, Any]], str]:
    """newsweave's cleaner with a furniture model retrained without each page's fold of sites."""
    from newsweave.clean import furniture

    folds, models = folded_models(rows)

    def clean(row: dict[str, Any]) -> str:
        with furniture.using(models[folds[row["id"]]]):
            return clean_plain(row["text"], row["id"])

    return clean


def half_of(site: str) -> int:
    """The check set's half a page belongs to, by site: misses are read on half 0 only."""
    return zlib.crc32(site.encode()) % 2


def score_junk(
    cleaner: Callable[[str, str], str], half: int | None = None
) -> tuple[list[int], list[int], list[str]]:
    """(removed, total) furniture lines, (kept, total) content lines, and the misses."""
    pages = {
        json.loads(line)["id"]: json.loads(line) for line in (SHARED / "data" / "realworld_dev2.jsonl").open()
    }
    labels = json.loads((SHARED / "data" / "realworld_dev2_junk.json").read_text("utf-8"))
    junk, keep, misses = [0, 0], [0, 0], []
    for lab in labels:
        if half is not None and half_of(pages[lab["page"]]["site"]) != half:
            continue
        out = norm(cleaner(pages[lab["page"]]["text"], lab["page"]))
        for line in lab["junk"]:
            n = norm(line)
            if n:
                junk[1] += 1
                gone = n not in out
                junk[0] += gone
                if not gone:
                    misses.append(f"{lab['page']} kept furniture: {n[:100]}")
        for line in lab["keep"]:
            n = norm(line)
            if n:
                keep[1] += 1
                kept = n in out
                keep[0] += kept
                if not kept:
                    misses.append(f"{lab['page']} LOST content: {n[:100]}")
    return junk, keep, misses


def token_f1(reference: str, candidate: str) -> float:
    ref, cand = Counter(TOKEN.findall(reference)), Counter(TOKEN.findall(candidate))
    hit = sum((ref & cand).values())
    if not hit:
        return 0.0
    p, r = hit / sum(cand.values()), hit / sum(ref.values())
    return 2 * p * r / (p + r)


def score_seeds() -> dict[str, float]:
    from newsweave.clean import furniture

    out = {}
    for path in sorted((SHARED / "seeds").glob("*.txt")):
        text = path.read_text("utf-8")
        with furniture.using(None):
            rules = clean_plain(text, path.stem)
        out[path.stem] = token_f1(rules, clean_plain(text, path.stem))
    return out


def _best_clean(docs: list[RawDocument], rounds: int) -> tuple[dict[str, float], list[Any]]:
    """Best CPU seconds of cleaning ``docs`` in process, rules alone and with the model
    (interleaved, so that the machine's load hits both), and the last articles cleaned."""
    from newsweave.clean import furniture, lang, line_shape

    best = {"rules": 1e9, "model": 1e9}
    arts: list[Any] = []
    for _ in range(rounds):
        for name, model in (("rules", None), ("model", furniture.shipped_model())):
            line_shape._read_line.cache_clear()
            line_shape.word_count.cache_clear()
            lang._classified.cache_clear()  # py3langid once a page, as in a fresh run
            with furniture.using(model):
                t0 = time.process_time()
                arts = [clean_document(d) for d in docs]
                best[name] = min(best[name], time.process_time() - t0)
    return best, arts


def throughput_docs() -> list[RawDocument]:
    """The documents of ``bench/throughput.py``'s 1,000-article corpus, read as it writes them."""
    import tempfile

    from bench.throughput import build_corpus

    docs = []
    with tempfile.TemporaryDirectory() as tmp:
        build_corpus(Path(tmp), None, 418)
        for path in sorted(Path(tmp).iterdir()):
            if path.suffix == ".jsonl":
                rows = [json.loads(x) for x in path.read_text("utf-8").splitlines() if x.strip()]
                docs += [RawDocument(id=r["id"], text=r["text"], url=r.get("url")) for r in rows]
            else:
                docs.append(RawDocument(id=path.name, text=path.read_text("utf-8")))
    return docs


def speed(rounds: int = 5) -> list[str]:
    """In-process CPU per plain-text page of realworld_dev2 and of the throughput corpus, rules
    alone and with the model (best of ``rounds``), and per pile of realworld_dev2."""
    from newsweave.clean.pile import drop_pile_furniture

    with (SHARED / "data" / "realworld_dev2.jsonl").open(encoding="utf-8") as fh:
        docs = [RawDocument(id=r["id"], text=r["text"], url=r.get("url")) for r in map(json.loads, fh)]
    best, _ = _best_clean(docs, rounds)
    pile = 1e9
    for _ in range(rounds):
        arts = [clean_document(d) for d in docs]  # fresh: the pile stage changes them in place
        t0 = time.process_time()
        drop_pile_furniture(arts)
        pile = min(pile, time.process_time() - t0)
    corpus = throughput_docs()
    wire, _ = _best_clean(corpus, max(1, rounds // 2))
    per = {k: v / len(docs) * 1000 for k, v in best.items()}
    per_wire = {k: v / len(corpus) * 1000 for k, v in wire.items()}
    return [
        f"Speed, in-process `clean_document`, CPU, best of {rounds} (load average "
        f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; the machine is shared, so CPU time "
        "runs high):",
        "",
        f"- the {len(docs)} plain-text pages of realworld_dev2: rules alone {per['rules']:.2f} ms a page, "
        f"with the furniture model {per['model']:.2f} ms (+{per['model'] - per['rules']:.2f} ms); "
        f"pile context over them {pile * 1000:.1f} ms ({pile / len(docs) * 1e6:.0f} µs an article)",
        f"- the {len(corpus)} documents of bench/throughput.py's corpus (best of {max(1, rounds // 2)}): "
        f"rules alone {per_wire['rules']:.2f} ms a page, with the furniture model {per_wire['model']:.2f} ms "
        f"(+{per_wire['model'] - per_wire['rules']:.2f} ms, {wire['model'] - wire['rules']:.2f} CPU s "
        f"per {len(corpus)} articles)",
    ]


SHINGLE = 4


def shingles(text: str) -> Counter[tuple[str, ...]]:
    toks = [t.lower() for t in TOKEN.findall(text)]
    return Counter(tuple(toks[i : i + SHINGLE]) for i in range(max(0, len(toks) - SHINGLE + 1)))


def shingle_pr(gold: str, output: str) -> tuple[float, float]:
    """One page's shingle precision and recall."""
    want, got = shingles(gold), shingles(output)
    if not want and not got:
        return 1.0, 1.0
    hit = sum((want & got).values())
    return (hit / sum(got.values()) if got else 0.0), (hit / sum(want.values()) if want else 0.0)


def shingle_f1(pairs: list[tuple[float, float]]) -> tuple[float, float, float]:
    p = sum(x for x, _ in pairs) / len(pairs)
    r = sum(y for _, y in pairs) / len(pairs)
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def trafilatura_text(html: str, url: str, mode: str) -> str:
    """trafilatura alone: the body of ``bare_extraction`` in ``mode``, as newsweave reads it."""
    from trafilatura import bare_extraction

    from newsweave.ingest.html import _paragraphs

    res = bare_extraction(html, url=url, favor_precision=mode == "precision", favor_recall=mode == "recall",
                          include_comments=False, with_metadata=False)  # fmt: skip
    return _paragraphs(res.body) if res is not None and res.body is not None else ""


def html_cleaners() -> dict[str, Callable[[dict[str, Any]], str]]:
    from newsweave.ingest import html as ingest_html

    def newsweave(structure: bool) -> Callable[[dict[str, Any]], str]:
        def clean(row: dict[str, Any]) -> str:
            with ingest_html.using_structure(structure):
                return clean_document(RawDocument(id=row["id"], html=row["html"], url=row["url"])).text

        return clean

    return {
        "trafilatura, precision mode": lambda r: trafilatura_text(r["html"], r["url"], "precision"),
        "trafilatura, default": lambda r: trafilatura_text(r["html"], r["url"], "default"),
        "trafilatura, recall mode": lambda r: trafilatura_text(r["html"], r["url"], "recall"),
        "newsweave clean, text only (before)": newsweave(False),
        "newsweave clean, with the page's structure": newsweave(True),
    }


def score_html(verbose: bool) -> list[str]:
    from scripts.invent_html import CARD_FAMILIES, DESIGN, FAMILIES, invent_html

    rows = invent_html()
    design = [f for f in FAMILIES if f in DESIGN]
    head = (f"Invented HTML pages (`scripts/invent_html.py`, {len(rows)} pages, 18 sites in 6 layout "
            f"families; design families {', '.join(design)}; the others held out), "
            "shingle P / R / F1:")  # fmt: skip
    lines = _html_table(head, rows, verbose)
    cards = invent_html(60, 15, CARD_FAMILIES)
    head = (f"Teaser cards ({len(cards)} pages, `invent_html(60, 15, CARD_FAMILIES)`): lists of a linked "
            "headline and a standfirst; design family `cards` (after the story), held out `cardlist` "
            "(between its paragraphs, as list items or linked headings):")  # fmt: skip
    return lines + _html_table(head, cards, verbose)


def _html_table(head: str, rows: list[dict[str, Any]], verbose: bool) -> list[str]:
    from scripts.invent_html import DESIGN

    sides = {"design": [r for r in rows if r["family"] in DESIGN],
             "held out": [r for r in rows if r["family"] not in DESIGN]}  # fmt: skip
    lines = [
        head,
        "",
        "| extractor | design P | R | F1 | held-out P | R | F1 | ms a page (CPU, warm) |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for name, cleaner in html_cleaners().items():
        cells = []
        for row in rows[:5]:  # warm up: lazy imports and the furniture model load once
            cleaner(row)
        t0 = time.process_time()
        for side, part in sides.items():
            pairs = []
            for row in part:
                out = cleaner(row)
                pairs.append(shingle_pr(row["body"], out))
                if verbose and side == "design" and name.endswith("structure") and min(pairs[-1]) < 0.99:
                    print(f"--- {row['id']} P {pairs[-1][0]:.3f} R {pairs[-1][1]:.3f}\n{out}\n")
            cells += [f"{x:.3f}" for x in shingle_f1(pairs)]
        ms = (time.process_time() - t0) / len(rows) * 1000
        lines.append(f"| {name} | {' | '.join(cells)} | {ms:.1f} |")
    return [*lines, ""]


def _pct(pair: list[int]) -> str:
    return f"{pair[0]}/{pair[1]} ({pair[0] / pair[1]:.0%})" if pair[1] else "-"


def run(sets: Iterable[str], verbose: bool) -> list[str]:
    from newsweave.clean import furniture

    lines = []
    sets = set(sets)
    if "l3s" in sets:
        rows = l3s_rows()
        t0 = time.process_time()
        ours = score_l3s(rows, folded_cleaner(rows))
        cpu = time.process_time() - t0
        raw = score_l3s(rows, lambda r: str(r["text"]))
        with furniture.using(None):
            rules = score_l3s(rows, lambda r: clean_plain(r["text"], r["id"]))
        jt = score_l3s(rows, lambda r: justext_lines(r["text"]))
        lines += [
            f"L3S-GN1 dev half, {len(rows)} pages, plain text, newsweave folded by registered domain "
            f"({FOLDS} folds; model refitted per fold, {cpu:.1f} CPU s for fits + cleaning):",
            "",
            "| cleaner | token P | token R | token F1 | furniture lines removed |",
            "|---|---|---|---|---|",
        ]
        named = (("raw text", raw), ("jusText on the lines", jt), ("newsweave rules alone", rules))
        for name, s in (*named, ("newsweave clean (rules + furniture model)", ours)):
            lines.append(f"| {name} | {s.p:.3f} | {s.r:.3f} | {s.f1:.3f} | {_pct(s.furniture)} |")
        lines.append("")
    if "junk" in sets:
        lines += [
            "realworld_dev2_junk.json (check set, never trained on; split by site), "
            "`clean --format text` in process:",
            "",
        ]
        with furniture.using(None):
            junk, keep, _ = score_junk(clean_plain)
        lines.append(
            f"- rules alone, all: furniture lines removed {_pct(junk)}; content lines kept {_pct(keep)}"
        )
        for half, name in (
            (0, "half A (its misses were read)"),
            (1, "half B (never looked at)"),
            (None, "all"),
        ):
            t0 = time.process_time()
            junk, keep, misses = score_junk(clean_plain, half)
            cpu = time.process_time() - t0
            lines.append(
                f"- {name}: furniture lines removed {_pct(junk)}; content lines kept {_pct(keep)} "
                f"({cpu:.2f} CPU s)"
            )
            if verbose and half == 0:
                print("\n".join(misses))
        lines.append("")
    if "html" in sets:
        lines += score_html(verbose)
    if "speed" in sets:
        lines += [*speed(), ""]
    if "seeds" in sets:
        seeds = score_seeds()
        lines += [
            "Seeds, token F1 of the clean text against the rule-only cleaner (exact on both): "
            + ", ".join(f"{k[:3]} {v:.4f}" for k, v in seeds.items()),
            "",
        ]
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sets", default="l3s,junk,seeds,speed")
    parser.add_argument("--no-write", action="store_true", help="print only; leave docs alone")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    sets = args.sets.split(",")
    plain = [x for x in sets if x != "html"]  # the html set writes a section of its own
    for section, names, title in (
        ("clean", plain, "Furniture removal"),
        ("clean-html", [x for x in sets if x == "html"], "Furniture removal, HTML pages"),
    ):
        if not names:
            continue
        lines = run(names, args.verbose)
        print("\n".join(lines))
        if not args.no_write:
            from bench._report import machine, write_section

            cmd = f"`python bench/clean.py --sets {','.join(names)}`"
            write_section(section, "\n".join([f"## {title} ({cmd})", "", machine(), "", *lines]))


if __name__ == "__main__":
    main()
