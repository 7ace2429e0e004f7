"""Score ``Article.title`` (the page's headline as cleaning reads it) and write docs/benchmarks.md.

    .venv/bin/python bench/titles.py [--no-write] [--show l3s|realworld_dev|realworld_dev2]

- ``l3s_dev.jsonl``: ``content`` starts with the page's headline (its first line). Pages are
  folded by registered domain (``scripts/build_furniture_model.fold_of``, 5 folds) and each page
  is cleaned with a furniture model refitted without its fold's sites. Folds 0-2 are the design
  side (read, tuned on), folds 3-4 the check side (reported, never read). A title is *right* when
  it equals the headline once whitespace, case, quotes and dashes are folded, *wrong* when it is
  another line, *none* when the page gets no title.
- ``realworld_dev`` (tuning) / ``realworld_dev2`` (check): no headline labels, so hand-free
  checks only: share of pages titled; titles that end like a sentence (a full stop: a standfirst
  or a lead taken for the headline); titles that are a whole sentence of the body elsewhere (a
  headline the page repeats, or a sentence of the story taken for one); titles sharing no word
  of four letters or more with the body's first 600 characters.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from bench._report import machine, write_section  # noqa: E402
from bench.clean import FOLDS, folded_models  # noqa: E402
from newsweave.clean import clean_document  # noqa: E402
from newsweave.records import Article, RawDocument  # noqa: E402

DATA = REPO.parent / "shared" / "data"
DESIGN_FOLDS = (0, 1, 2)  # read and tuned on; folds 3-4 are reported only
REAL_SETS = ("realworld_dev", "realworld_dev2")
LEAD = 600
_FOLD = str.maketrans({"‘": "'", "’": "'", "“": '"', "”": '"', "–": "-", "—": "-", "\u00a0": " ", "`": "'"})
_WORD = re.compile(r"\w{4,}")


def norm(text: str) -> str:
    return " ".join(text.translate(_FOLD).split()).casefold()


@contextmanager
def _model(model: Any) -> Iterator[None]:
    from newsweave.clean import furniture

    with furniture.using(model):
        yield


def measure_l3s(show: bool = False) -> dict[str, Any]:
    rows = [json.loads(line) for line in (DATA / "l3s_dev.jsonl").open(encoding="utf-8")]
    folds, models = folded_models(rows)
    counts = {side: {"pages": 0, "right": 0, "wrong": 0, "none": 0} for side in ("design", "check")}
    spent = 0.0
    clean_module = sys.modules["newsweave.clean"]
    choose = clean_module.choose_title
    chose = [0.0]

    def timed(*args: Any) -> Any:
        begun = time.process_time()
        try:
            return choose(*args)
        finally:
            chose[0] += time.process_time() - begun

    clean_module.choose_title = timed
    for row in rows:
        side = "design" if folds[row["id"]] in DESIGN_FOLDS else "check"
        gold = row["content"].split("\n", 1)[0].strip()
        with _model(models[folds[row["id"]]]):
            start = time.process_time()
            title = clean_document(RawDocument(id=row["id"], text=row["text"], url=row["url"])).title
            spent += time.process_time() - start
        verdict = "none" if title is None else "right" if norm(title) == norm(gold) else "wrong"
        counts[side]["pages"] += 1
        counts[side][verdict] += 1
        if show and side == "design" and verdict != "right":
            print(f"{verdict.upper():5} {row['id']} gold: {gold[:90]!r} got: {(title or '')[:90]!r}")
    clean_module.choose_title = choose
    return {"sides": counts, "ms_page": 1000 * spent / len(rows), "choose_ms": 1000 * chose[0] / len(rows)}


def _lead_words(article: Article) -> set[str]:
    body = article.text
    if article.title and body.startswith(article.title):
        body = body[len(article.title) :]
    return set(_WORD.findall(body[:LEAD].casefold()))


def measure_real(name: str, show: bool = False) -> dict[str, Any]:
    from newsweave.facts.sentences import sentences

    rows = [json.loads(line) for line in (DATA / f"{name}.jsonl").open(encoding="utf-8")]
    out = {"pages": len(rows), "titled": 0, "full_stop": 0, "body_sentence": 0, "no_lead_word": 0}
    for row in rows:
        article = clean_document(RawDocument(id=row["id"], text=row["text"], url=row.get("url")))
        title = article.title
        if not title:
            continue
        out["titled"] += 1
        flags = []
        if title.rstrip().endswith("."):
            out["full_stop"] += 1
            flags.append("full stop")
        text = article.text
        at = text.find(title)  # the title's own line, when it is kept, is not a sentence of the body
        rest = text[:at] + text[at + len(title) :] if at >= 0 else text
        if any(norm(rest[s.start : s.end]) == norm(title) for s in sentences(rest)):
            out["body_sentence"] += 1
            flags.append("body sentence")
        words = set(_WORD.findall(title.casefold()))
        if words and not words & _lead_words(article):
            out["no_lead_word"] += 1
            flags.append("no lead word")
        if show:
            print(f"{row['id']} [{', '.join(flags) or 'ok'}] {title[:100]!r}")
    return out


def report(l3s: dict[str, Any], real: dict[str, dict[str, Any]]) -> str:
    def share(a: int, b: int) -> str:
        return f"{a}/{b} ({100 * a / b:.0f}%)" if b else "0/0"

    lines = [
        "L3S-GN1 dev half: `Article.title` against the headline (`content`'s first line), whitespace,",
        f"case, quotes and dashes folded; pages folded by registered domain ({FOLDS} folds), each cleaned",
        "with a furniture model refitted without its fold's sites; folds 0-2 designed on, 3-4 only reported.",
        "",
        "| side | pages | right | wrong | none |",
        "|---|---|---|---|---|",
    ]
    for side, c in l3s["sides"].items():
        lines.append(
            f"| {side} (folds {'0-2' if side == 'design' else '3-4'}) | {c['pages']} | "
            + " | ".join(share(c[k], c["pages"]) for k in ("right", "wrong", "none"))
            + " |"
        )
    lines += [
        "",
        f"Cleaning: {l3s['ms_page']:.2f} CPU ms an L3S page, of which the title choice "
        f"(`clean.titles.choose_title`) {l3s['choose_ms']:.3f} ms.",
        "",
        "Real scraped pages (no headline labels; hand-free checks): titled pages; titles ending with a full",
        "stop (a standfirst or lead taken for a headline); titles that are a whole sentence of the body",
        "elsewhere than their own line (a headline the page repeats, or a sentence of the story taken for",
        f"one); titles sharing no word of 4+ letters with the body's first {LEAD} characters.",
        "",
        "| set | side | pages | titled | full stop | body sentence | no lead word |",
        "|---|---|---|---|---|---|---|",
    ]
    for name, r in real.items():
        side = "tuning" if name == "realworld_dev" else "check"
        lines.append(
            f"| {name} | {side} | {r['pages']} | {share(r['titled'], r['pages'])} | {r['full_stop']} "
            f"| {r['body_sentence']} | {r['no_lead_word']} |"
        )
    lines += ["", f"Measured {machine()}."]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--no-write", action="store_true", help="print without updating docs/benchmarks.md")
    parser.add_argument(
        "--show", choices=("l3s", *REAL_SETS), help="print one set's titles (l3s: design misses)"
    )
    args = parser.parse_args()
    if not DATA.is_dir():
        raise SystemExit(f"{DATA} is absent: nothing to measure")
    l3s = measure_l3s(show=args.show == "l3s")
    real = {name: measure_real(name, show=args.show == name) for name in REAL_SETS}
    body = "## Titles (`bench/titles.py`)\n\n" + report(l3s, real)
    print(body)
    if not args.no_write:
        write_section("titles", body)


if __name__ == "__main__":
    main()
