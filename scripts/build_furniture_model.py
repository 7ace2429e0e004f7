"""Build newsweave/clean/data/furniture-v1.json, the plain-text furniture line classifier.

    python scripts/build_furniture_model.py [--l3s ../shared/data/l3s_dev.jsonl] [--no-l3s]

Trains a multinomial logistic regression (scikit-learn, fixed seed) on the lines of
L3S-GN1's dev half (Kohlschütter et al. 2010; research use: the shipped file holds only
weights over non-lexical features, no text of it) and on our invented pages
(``tests/fixtures/clean/furniture_pages.jsonl``). The removal threshold is chosen on
predictions for sites held out by registered domain (5 folds), and the held-out scores are
recorded in the model file. ``clean/furniture.py`` lists the features.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from newsweave.clean import furniture_view, repair_mojibake  # noqa: E402
from newsweave.clean.furniture import CLASSES, FEATURES, MODEL_FILE, Model, page_features  # noqa: E402

SEED = 14
FOLDS = 5
C = 1.0
CROP = 3  # lines of furniture kept each side of the content in a cropped variant
SPARSE = 0.2  # share of furniture lines kept in a sparse variant
MIN_RECALL = 0.985  # content tokens kept on held-out sites, at the chosen threshold
INVENTED = ROOT / "tests" / "fixtures" / "clean" / "furniture_pages.jsonl"
L3S = ROOT.parent / "shared" / "data" / "l3s_dev.jsonl"


@dataclass
class Lines:
    """Feature rows of labelled lines: class index, token count and the page's fold group."""

    x: list[list[float]]
    y: list[int]
    tokens: list[int]
    group: list[str]

    def subset(self, keep: Sequence[int]) -> Lines:
        return Lines(*([col[i] for i in keep] for col in (self.x, self.y, self.tokens, self.group)))

    def folds(self, folds: int = FOLDS) -> list[int]:
        return [zlib.crc32(g.encode()) % folds for g in self.group]


def fold_of(url: str, folds: int = FOLDS) -> int:
    """A site's fold: by registered domain, so no site is split between train and test."""
    return zlib.crc32(registered_domain(url).encode()) % folds  # the same as Lines.folds


def registered_domain(url: str) -> str:
    from courlan import extract_domain

    return extract_domain(url) or url


def _label_sets(row: dict[str, Any]) -> tuple[set[str], set[str], set[str]]:
    def lines(text: str) -> set[str]:
        out = {" ".join(x.split()) for x in text.split("\n") if x.strip()}
        return out | {" ".join(repair_mojibake(x)[0].split()) for x in out}

    furn = lines("\n".join(row.get("furniture_lines", [])))
    return lines(row["content"]), lines(row.get("optional", "")), furn


def variants(row: dict[str, Any], rng: random.Random) -> list[str]:
    """The page as given, cropped to a few lines around its content, and with most furniture
    lines dropped: scrapers hand newsweave pages anywhere between whole and nearly clean, and
    a page-level feature must not learn that content is rare."""
    lines = row["text"].split("\n")
    content, optional, _ = _label_sets(row)
    body = [i for i, x in enumerate(lines) if " ".join(x.split()) in content]
    if not body:
        return [row["text"]]
    lo, hi = max(0, body[0] - CROP), body[-1] + CROP + 1
    cropped = "\n".join(lines[lo:hi])
    keep = [x for x in lines if " ".join(x.split()) in content | optional or rng.random() < SPARSE]
    return [row["text"], cropped, "\n".join(keep)]


def training_rows(rows: Iterable[dict[str, Any]], invented: bool = True) -> Lines:
    """Labelled feature rows of pages given as ``text`` with ``content``, ``optional`` and
    ``furniture_lines`` (the L3S layout); lines matching none of them only serve as context."""
    out = Lines([], [], [], [])
    pages = list(rows)
    if invented and INVENTED.exists():
        pages += [json.loads(x) for x in INVENTED.read_text("utf-8").splitlines() if x.strip()]
    rng = random.Random(SEED)
    for row, text in ((row, text) for row in pages for text in variants(row, rng)):
        content, optional, furn = _label_sets(row)
        lines, rule, lang = furniture_view(text, row.get("lang"))
        feats = page_features(lines, rule, lang)
        group = registered_domain(row.get("url") or row.get("site") or row["id"])
        for line, is_rule, f in zip(lines, rule, feats, strict=True):
            key = " ".join(line.split())
            label = 0 if key in content else 1 if key in optional else 2 if key in furn else -1
            if label < 0 or is_rule:
                continue  # rule-removed lines are the rules' business; they only give context
            out.x.append(f)
            out.y.append(label)
            out.tokens.append(len(key.split()))
            out.group.append(group)
    return out


def _fit_lr(data: Lines, idx: Sequence[int]) -> Any:
    import numpy as np
    from sklearn.linear_model import LogisticRegression
    from sklearn.preprocessing import StandardScaler
    from threadpoolctl import threadpool_limits

    with threadpool_limits(1):  # BLAS threads only spin on a shared 2-core machine
        return _fit_lr_in(data, idx, np, LogisticRegression, StandardScaler)


def _fit_lr_in(data: Lines, idx: Sequence[int], np: Any, LogisticRegression: Any, StandardScaler: Any) -> Any:

    x = np.asarray([data.x[i] for i in idx])
    y = np.asarray([data.y[i] for i in idx])
    w = np.asarray([1.0 + np.log1p(data.tokens[i]) for i in idx])
    scaler = StandardScaler().fit(x)
    lr = LogisticRegression(C=C, max_iter=2000, random_state=SEED)
    lr.fit(scaler.transform(x), y, sample_weight=w)
    return scaler, lr


def _choose_threshold(p_furn: Sequence[float], data: Lines) -> tuple[float, dict[str, float]]:
    """The lowest furniture probability cut-off keeping ``MIN_RECALL`` of content tokens,
    and the token scores it reaches there."""
    best = (1.0, {})
    total = sum(n for n, y in zip(data.tokens, data.y, strict=True) if y == 0) or 1
    for step in range(50, 100):
        t = step / 100
        kept = [p < t for p in p_furn]
        hit = sum(n for n, y, k in zip(data.tokens, data.y, kept, strict=True) if k and y == 0)
        bad = sum(n for n, y, k in zip(data.tokens, data.y, kept, strict=True) if k and y == 2)
        furn = [k for y, k in zip(data.y, kept, strict=True) if y == 2]
        recall = hit / total
        if recall >= MIN_RECALL:
            precision = hit / (hit + bad) if hit + bad else 1.0
            removed = 1 - sum(furn) / len(furn) if furn else 0.0
            return t, {"content_token_recall": round(recall, 4), "token_precision": round(precision, 4),
                       "furniture_lines_removed": round(removed, 4)}  # fmt: skip
    return best


def held_out(data: Lines) -> list[float]:
    """Furniture probabilities of every line from a model fitted without its site's fold."""
    folds = data.folds()
    p = [0.0] * len(data.y)
    for k in range(FOLDS):
        train = [i for i, f in enumerate(folds) if f != k]
        test = [i for i, f in enumerate(folds) if f == k]
        if not test or len(set(data.y[i] for i in train)) < len(CLASSES):
            continue
        scaler, lr = _fit_lr(data, train)
        probs = lr.predict_proba(scaler.transform([data.x[i] for i in test]))
        for i, row in zip(test, probs, strict=True):
            p[i] = float(row[list(lr.classes_).index(2)])
    return p


def fit(data: Lines, sources: Sequence[str] = ()) -> Model:
    """The model fitted on all of ``data``, its threshold chosen on held-out sites."""
    threshold, scores = _choose_threshold(held_out(data), data)
    scaler, lr = _fit_lr(data, range(len(data.y)))
    order = [list(lr.classes_).index(c) for c in range(len(CLASSES))]
    return Model(
        features=FEATURES,
        mean=tuple(round(float(v), 6) for v in scaler.mean_),
        scale=tuple(round(float(v), 6) if v > 0 else 1.0 for v in scaler.scale_),
        coef=tuple(tuple(round(float(v), 6) for v in lr.coef_[k]) for k in order),
        intercept=tuple(round(float(lr.intercept_[k]), 6) for k in order),
        threshold=threshold,
        meta={
            "trained_on": list(sources),
            "lines": len(data.y),
            "seed": SEED,
            "C": C,
            "held_out_by_registered_domain": scores,
        },
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--l3s", type=Path, default=L3S)
    parser.add_argument("--no-l3s", action="store_true", help="invented pages only")
    parser.add_argument("--output", type=Path, default=MODEL_FILE)
    args = parser.parse_args()
    rows: list[dict[str, Any]] = []
    sources = ["newsweave invented pages (tests/fixtures/clean/furniture_pages.jsonl)"]
    if not args.no_l3s:
        rows = [json.loads(x) for x in args.l3s.read_text("utf-8").splitlines() if x.strip()]
        sources.insert(0, "L3S-GN1 dev half (Kohlschuetter et al. 2010), research use; no text of it is stored")
    from newsweave.clean import furniture

    with furniture.using(None):
        model = fit(training_rows(rows), sources)
    args.output.write_text(model.to_json() + "\n", "utf-8")
    print(json.dumps(model.meta, indent=1))


if __name__ == "__main__":
    main()
