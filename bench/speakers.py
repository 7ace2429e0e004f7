"""Score quote speakers and entity merging on realworld_dev (tuning side), realworld_dev2 (check
side) and PolNeAR, with the same-sentence baseline beside them; writes its section of
docs/benchmarks.md.

    .venv/bin/python bench/speakers.py [-v] [--no-write] [--polnear-train] [--throughput]

``--throughput`` also times the facts stage and its quote parser on bench/throughput.py's corpus
(1,000 real documents, copies included), the corpus the speed floor of ``brief`` is measured on.

Rules (issue 15): a labelled quote is found when a quote of its article holds it or lies inside
it (case, accents and punctuation folded); a named speaker is right when the given speaker shares
a name word with the canonical name or with the name as written; an unnamed one (null or a
description) is right when no capitalised name is given. Entity merged: one entity holds every
name form of the labelled entity (titles stripped; a form is held when its words are a subset or
superset of one of the entity's names) and no form of another labelled entity of the same page.
PolNeAR: named sources only, every labelled direct quote counted (found when a quote covers at
least half its characters); right when the source's last name is a word of the given speaker.
The baseline is the nearest capitalised name in the quote's sentence, given the gold quote.
"""

from __future__ import annotations

import json
import re
import sys
import time
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.facts import load  # noqa: E402
from newsweave.facts import extract_facts  # noqa: E402
from newsweave.facts.entities import strip_titles  # noqa: E402
from newsweave.facts.lexicon import TITLES, fold  # noqa: E402
from newsweave.facts.sentences import sentences  # noqa: E402
from newsweave.records import Article, Facts, Quote, Story  # noqa: E402

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
_DETERMINERS = frozenset(
    [
        "the",
        "a",
        "an",
        "his",
        "her",
        "its",
        "their",
        "our",
        "my",
        "this",
        "that",
        "these",
        "those",
        "one",
        "another",
    ]
)
_PRONOUNS = frozenset(["he", "she", "they", "i", "we", "it", "you", "him", "her", "them"])
_NAME_STOP = frozenset(["of", "the", "and", "de", "la", "le", "del", "al", "van", "von", "da"])


@dataclass
class Measure:
    """One measure's right/total counts, the baseline's beside it, and what went wrong."""

    right: int = 0
    total: int = 0
    found: int = 0
    baseline: int = 0
    misses: list[str] = field(default_factory=list)

    @property
    def score(self) -> float:
        return self.right / self.total if self.total else 0.0


@dataclass
class Scores:
    measures: dict[str, Measure] = field(default_factory=lambda: defaultdict(Measure))
    articles: int = 0
    cpu_seconds: float = 0.0
    quotes: int = 0
    parsed: int = 0  # quote sentences the parser read
    parse_seconds: float = 0.0  # CPU
    corpus: dict[str, float] = field(default_factory=dict)  # the throughput corpus's figures

    def as_dict(self) -> dict[str, float]:
        return {k: m.score for k, m in self.measures.items()}


def _fold(text: str) -> str:
    """Case, accents and punctuation folded, spaces collapsed."""
    return " ".join(re.sub(r"[^\w\s]", " ", fold(text)).split())


def _name_words(name: str | None) -> set[str]:
    if not name:
        return set()
    return {w for w in _fold(strip_titles(name)).split() if w not in _NAME_STOP and w not in TITLES}


def is_named(speaker: str | None) -> bool:
    """A capitalised name, not a description ('the minister') or nothing."""
    if not speaker or not speaker[:1].isupper():
        return False
    words = speaker.split()
    if fold(words[0]) in _DETERMINERS | _PRONOUNS:
        return False
    return any(w[:1].isupper() and fold(w.rstrip(".")) not in TITLES for w in words)


def speaker_right(given: str | None, gold: str | None, written: str | None) -> bool:
    if not is_named(gold):
        return not is_named(given)
    words = _name_words(given)
    return bool(words & (_name_words(gold) | _name_words(written)))


def _holds(quote: str, want: str) -> bool:
    got = _fold(quote)
    return bool(want) and bool(got) and (want in got or got in want)


def baseline_speaker(text: str, start: int, end: int) -> str | None:
    """The nearest capitalised name outside the quote in the sentences the quote touches."""
    spans = [(s.start, s.end) for s in sentences(text) if s.start < end and start < s.end]
    lo, hi = (spans[0][0], spans[-1][1]) if spans else (start, end)
    best: tuple[int, str] | None = None
    for m in re.finditer(r"[A-Z][\w’'\-]+(?:\s+[A-Z][\w’'\-]+)*", text[lo:hi]):
        a, b = lo + m.start(), lo + m.end()
        if start <= a < end or (a == lo and fold(m.group().split()[0]) in _DETERMINERS | _PRONOUNS):
            continue
        dist = start - b if b <= start else a - end
        if best is None or dist < best[0]:
            best = (dist, m.group())
    return best[1] if best else None


def _brief(
    events: dict[str, list[Article]], stories: dict[str, list[Story]], out: Scores
) -> dict[str, Facts]:
    import newsweave.facts as stage
    from newsweave.facts import attribution, quotes

    parse = quotes.parse  # the stage calls it from both modules (one batch per briefing task)

    def timed(readings: Any) -> list[str | None]:  # the parser's share of the stage
        fresh = {r for r in readings if r not in attribution._CACHE}
        start = time.process_time()
        got = parse(readings)
        out.parse_seconds += time.process_time() - start
        out.parsed += len(fresh)  # what the parser read: distinct sentences not parsed before
        return got

    facts: dict[str, Facts] = {}
    cpu = time.process_time()
    quotes.parse = stage.parse = timed  # type: ignore[assignment]
    try:
        for event, arts in events.items():
            facts[event] = extract_facts(arts, stories[event])
            out.articles += len(arts)
            out.quotes += len(facts[event].quotes)
    finally:
        quotes.parse = stage.parse = parse  # type: ignore[assignment]
    out.cpu_seconds += time.process_time() - cpu
    return facts


def score_realworld(name: str, out: Scores, shared: Path = SHARED) -> None:
    """Speakers and entities of one realworld set (``realworld_dev`` or ``realworld_dev2``)."""
    data = shared / "data"
    events, stories, event_of = load(shared, name)  # bench.facts' loader: one reading of the labels
    labels = json.loads((data / f"{name}_quotes.json").read_text("utf-8"))
    pages = {lab["page"] for lab in labels["quotes"]} | {lab["page"] for lab in labels["entities"]}
    wanted = {event_of[p] for p in pages}
    facts = _brief({e: a for e, a in events.items() if e in wanted}, stories, out)
    texts = {a.id: a.text for arts in events.values() for a in arts}
    quotes: dict[str, list[Quote]] = defaultdict(list)
    for f in facts.values():
        for q in f.quotes:
            quotes[q.article].append(q)
    m = out.measures[f"{name} speakers"]
    for lab in labels["quotes"]:
        want = _fold(lab["quote"])
        got = [q for q in quotes[lab["page"]] if _holds(q.text, want)]
        m.total += 1
        m.found += bool(got)
        ok = bool(got) and speaker_right(got[0].speaker, lab["speaker"], lab["speaker_mention"])
        m.right += ok
        at = _locate(texts[lab["page"]], lab["quote"])
        guess = baseline_speaker(texts[lab["page"]], *at) if at else None
        m.baseline += speaker_right(guess, lab["speaker"], lab["speaker_mention"])
        if not ok:
            said = got[0].speaker if got else "(quote not found)"
            m.misses.append(f"{name} {lab['page']} {said!r} != {lab['speaker']!r}: {lab['quote'][:60]}")
    _score_entities(out.measures[f"{name} entities"], name, labels["entities"], facts, event_of)


def _locate(text: str, quote: str) -> tuple[int, int] | None:
    words = [re.escape(w) for w in quote.split()]
    m = re.search(r"\s+".join(words), text) if words else None
    return (m.start(), m.end()) if m else None


def _is_description(form: str) -> bool:
    words = form.split()
    if not words or fold(words[0]) in _PRONOUNS:
        return True
    rest = words[1:] if fold(words[0]) in _DETERMINERS else words
    return all(not w[:1].isupper() or fold(w.rstrip(".")) in TITLES for w in rest)


def _words(form: str) -> frozenset[str]:
    return frozenset(_fold(strip_titles(form)).split())


def _score_entities(
    m: Measure, name: str, labels: list[dict[str, Any]], facts: dict[str, Facts], event_of: dict[str, str]
) -> None:
    by_page: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for lab in labels:
        by_page[lab["page"]].append(lab)
    for lab in labels:
        forms = [_words(f) for f in lab["forms"] if not _is_description(f)]
        others = [
            _words(f)
            for o in by_page[lab["page"]]
            if o["entity"] != lab["entity"]
            for f in o["forms"]
            if not _is_description(f)
        ]
        m.total += 1
        ok = any(
            _holds_forms(e.aliases + [e.name], forms, others) for e in facts[event_of[lab["page"]]].entities
        )
        m.right += ok
        if not ok:
            m.misses.append(f"{name} entity {lab['page']} {lab['entity']}: {lab['forms']}")


def _holds_forms(names: Iterable[str], forms: list[frozenset[str]], others: list[frozenset[str]]) -> bool:
    held = [w for w in map(_words, names) if w]

    def has(form: frozenset[str]) -> bool:
        return any(form <= n or n <= form for n in held)

    return all(has(f) for f in forms if f) and not any(has(o) for o in others if o)


def score_polnear(split: str, out: Scores, shared: Path = SHARED) -> None:
    """Named sources of PolNeAR's direct quotes, each article briefed alone."""
    data = shared / "data"
    arts = [json.loads(line) for line in (data / f"polnear_{split}.jsonl").read_text("utf-8").splitlines()]
    labels = json.loads((data / f"polnear_{split}_labels.json").read_text("utf-8"))["labels"]
    events = {r["id"]: [Article(id=r["id"], text=r["text"], lang="en")] for r in arts}
    stories = {r["id"]: [Story(r["id"], r["id"], [r["id"]])] for r in arts}
    facts = _brief(events, stories, out)
    texts = {r["id"]: r["text"] for r in arts}
    named = out.measures[f"polnear_{split} named sources"]
    by_pronoun = out.measures[f"polnear_{split} sources named by a pronoun (resolved)"]
    for lab in labels:
        # a pronoun's source counts when PolNeAR resolved it to a name (its antecedent's last word)
        if lab["speaker_kind"] == "pronoun" and lab.get("speaker_resolved_heuristic"):
            m, source = by_pronoun, lab["speaker_resolved_heuristic"]
        elif lab["speaker_kind"] == "name" and lab["speaker_last_name"]:
            m, source = named, lab["speaker_last_name"]
        else:
            continue
        chars = {i for a, b in lab["fragments"] for i in range(a, b)}
        best = max(
            facts[lab["article"]].quotes,
            key=lambda q: len(chars.intersection(range(q.start, q.end))),
            default=None,
        )
        found = best is not None and len(chars.intersection(range(best.start, best.end))) * 2 >= len(chars)
        last = _fold(source).split()
        m.total += 1
        m.found += found
        ok = found and best is not None and _last_in(last, best.speaker)
        m.right += ok
        m.baseline += _last_in(last, baseline_speaker(texts[lab["article"]], lab["start"], lab["end"]))
        if not ok:
            said = best.speaker if found and best else "(quote not found)"
            m.misses.append(
                f"polnear {lab['article'][:40]} {said!r} != {lab['speaker']!r}: {lab['quote'][:60]}"
            )


def _last_in(last: list[str], speaker: str | None) -> bool:
    return bool(last) and bool(speaker) and last[-1] in _fold(speaker or "").split()


def score_throughput(out: Scores, excerpts: int = 418) -> None:
    """The facts stage and its parser's CPU on bench/throughput.py's corpus (built in a temporary
    folder, never committed): read, clean, grouping and NER first, untimed."""
    import tempfile

    import newsweave.pipeline as pl
    from bench.throughput import build_corpus
    from newsweave.facts import attribution

    attribution._CACHE.clear()  # the corpus holds realworld_dev: its sentences must be parsed again

    with tempfile.TemporaryDirectory() as tmp:
        n = build_corpus(Path(tmp), None, excerpts)
        pipe = pl.Pipeline()
        articles = pipe.read([tmp], lambda e: None, analyse=False)
    grouping = pipe.grouper.group(articles)
    by_id = {a.id: a for a in articles}
    pl.analyse_stories(grouping, by_id, pl.LocalEngine())
    events = {g.id: [by_id[aid] for s in g.stories for aid in s.articles] for g in grouping.events}
    stories = {g.id: list(g.stories) for g in grouping.events}
    run = Scores()
    _brief(events, stories, run)
    out.corpus = {"articles": n, "cpu": run.cpu_seconds, "parse": run.parse_seconds, "parsed": run.parsed}


def score(shared: Path = SHARED, polnear: Iterable[str] = ("dev",)) -> Scores:
    from newsweave.nlp.models import load_spacy

    load_spacy(("ner",))  # model loading is start-up, not per-article work
    from newsweave.facts.attribution import parser

    parser()  # so is the quote parser's
    out = Scores()
    score_realworld("realworld_dev", out, shared)
    score_realworld("realworld_dev2", out, shared)
    for split in polnear:
        score_polnear(split, out, shared)
    return out


def report(s: Scores) -> str:
    rows = []
    for name, m in s.measures.items():
        found = f"{m.found}/{m.total}" if m.found else ""
        base = f"{m.baseline / m.total:.3f}" if m.total and "entities" not in name else ""
        rows.append(f"| {name} | {m.score:.3f} | {m.right}/{m.total} | {found} | {base} |")
    return "\n".join(
        [
            "## Facts: quote speakers and entities "
            "(tuning side realworld_dev, check side realworld_dev2, PolNeAR)",
            "",
            f"`{_command()}` (issue 15's rules; events and stories from the labels, "
            "each PolNeAR article alone; baseline: nearest capitalised name in the quote's sentence, "
            "given the gold quote).",
            "",
            "| measure | score | right | quotes found | baseline |",
            "|---|---|---|---|---|",
            *rows,
            f"| facts stage, CPU | {s.articles / s.cpu_seconds:.1f} articles/s | "
            f"{s.articles} articles, {s.cpu_seconds:.1f} s CPU | | |",
            f"| of which the parser (quote sentences only) | {1000 * s.parse_seconds / s.articles:.2f} s "
            f"CPU per 1,000 articles | {s.parsed} sentences of {s.quotes} quotes, "
            f"{s.parse_seconds:.1f} s CPU | | |",
            *_corpus_rows(s),
            "",
        ]
    )


def _command() -> str:
    """The command line this run was given (its flags say what the table holds)."""
    flags = [a for a in sys.argv[1:] if a.startswith("--") and a != "--no-write"]
    return " ".join(["python bench/speakers.py", *flags])


def _corpus_rows(s: Scores) -> list[str]:
    if not s.corpus:
        return []
    c, per = s.corpus, 1000 / s.corpus["articles"]
    return [
        f"| facts stage on bench/throughput.py's corpus, CPU | {per * c['cpu']:.2f} s per 1,000 articles "
        f"| {c['articles']:.0f} articles, {c['cpu']:.1f} s CPU | | |",
        f"| of which the quote parser | {per * c['parse']:.2f} s CPU per 1,000 articles | "
        f"{c['parsed']:.0f} distinct sentences parsed, {c['parse']:.2f} s CPU | | |",
    ]


def _load() -> str:
    import os

    one, five, _ = os.getloadavg()
    return f"{one:.2f} / {five:.2f} (1 / 5 min)"


def main() -> None:
    from bench._report import machine, write_section

    if not (SHARED / "data").is_dir():
        sys.exit("../shared/data is absent")
    s = score(polnear=("dev", "train") if "--polnear-train" in sys.argv else ("dev",))
    if "--throughput" in sys.argv:
        score_throughput(s)
    md = report(s) + f"\n_{machine()}, load {_load()}_\n"
    print(md)
    if "-v" in sys.argv:
        print("\n".join(x for m in s.measures.values() for x in m.misses))
    if "--no-write" not in sys.argv:
        write_section("facts-speakers", md)


if __name__ == "__main__":
    main()
