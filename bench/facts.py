"""Score the facts stage on the labelled dev pages of ../shared/data and write docs/benchmarks.md.

    .venv/bin/python bench/facts.py [-v] [--no-write] [--no-speakers] [--polnear-train --throughput]

Figure recall (value and bounds found on the labelled sentence), grouping of figures by labelled
subject (B-cubed F1 over each event's comparisons), quote speaker accuracy and entity merging.
Events and stories come from the labels, so only the facts stage is measured. Speakers, entities
and PolNeAR by issue 15's rules, with the same-sentence baseline, are bench/speakers.py (run
after this one, in their own section).
"""

from __future__ import annotations

import json
import math
import re
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.quantities import match_values  # noqa: E402  (issue 15's one-to-one value match)
from newsweave.compare import same_figure  # noqa: E402
from newsweave.facts import extract_facts  # noqa: E402
from newsweave.facts.entities import strip_titles  # noqa: E402
from newsweave.facts.lexicon import fold, word_set  # noqa: E402
from newsweave.facts.subject import TOKEN, stop_words  # noqa: E402  (words with their combining marks)
from newsweave.facts.units import GLUED  # noqa: E402
from newsweave.records import Article, Facts, Story  # noqa: E402

SHARED = Path(__file__).resolve().parents[1].parent / "shared"


@dataclass
class Scores:
    figures: dict[str, list[int]] = field(default_factory=lambda: {"en": [0, 0], "all": [0, 0]})
    bcubed_p: float = 0.0
    bcubed_r: float = 0.0
    speakers: list[int] = field(default_factory=lambda: [0, 0])
    entities: list[int] = field(default_factory=lambda: [0, 0])
    subjects: list[int] = field(default_factory=lambda: [0, 0])  # non-English claims, subject readable
    articles: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    misses: list[str] = field(default_factory=list)
    halves: dict[str, Scores] = field(default_factory=dict)  # the check set's two halves, by event
    # comparisons a reader can trust: [wrong, of] each
    consistent_not_agree: list[int] = field(default_factory=lambda: [0, 0])
    inconsistent_agree: list[int] = field(default_factory=lambda: [0, 0])
    bad_subjects: list[int] = field(default_factory=lambda: [0, 0])
    bad_citing: list[int] = field(default_factory=lambda: [0, 0])

    def ratio(self, pair: list[int]) -> float:
        return pair[0] / pair[1] if pair[1] else 0.0

    @property
    def bcubed_f1(self) -> float:
        p, r = self.bcubed_p, self.bcubed_r
        return 2 * p * r / (p + r) if p + r else 0.0

    def as_dict(self) -> dict[str, float]:
        return {
            "figure_recall_en": self.ratio(self.figures["en"]),
            "figure_recall_all": self.ratio(self.figures["all"]),
            "grouping_bcubed_f1": self.bcubed_f1,
            "speaker_accuracy": self.ratio(self.speakers),
            "entity_merge_rate": self.ratio(self.entities),
        }


def _norm(text: str) -> str:
    return " ".join(fold(text).replace("“", '"').replace("”", '"').split())


def _locate(text: str, quote: str) -> tuple[int, int] | None:
    at = text.find(quote)
    if at >= 0:
        return at, at + len(quote)
    words = re.escape(quote.strip()).split(r"\ ")
    m = re.search(r"\s+".join(words), text)
    return (m.start(), m.end()) if m else None


def load(
    shared: Path, name: str = "realworld_dev"
) -> tuple[dict[str, list[Article]], dict[str, list[Story]], dict[str, str]]:
    """Articles and stories per labelled event of ``data/<name>.jsonl``; page -> event."""
    events: dict[str, list[Article]] = defaultdict(list)
    members: dict[tuple[str, str], list[str]] = defaultdict(list)
    event_of: dict[str, str] = {}
    for line in (shared / "data" / f"{name}.jsonl").read_text("utf-8").splitlines():
        row = json.loads(line)
        art = Article(
            id=row["id"], text=row["text"], lang=row.get("lang") or "en", url=row.get("url"),
            published=row.get("published"),
        )  # fmt: skip
        events[row["event"]].append(art)
        story = row["id"] if row["story"] == "own" else row["story"]
        members[(row["event"], story)].append(row["id"])
        event_of[row["id"]] = row["event"]
    stories: dict[str, list[Story]] = defaultdict(list)
    for (event, story), ids in members.items():
        stories[event].append(Story(story, ids[0], ids))
    return events, stories, event_of


def _speaker_right(predicted: str | None, gold: str | None) -> bool:
    if gold is None:
        return predicted is None
    if predicted is None:
        return False
    if gold[:1].islower():  # a description: right only as a description, never as a name
        return predicted[:1].islower() or fold(predicted.split()[-1]) == fold(gold.split()[-1])
    p = fold(strip_titles(predicted)).replace("-", " ").split()
    g = fold(strip_titles(gold)).replace("-", " ").split()
    return bool(p and g) and (p[-1] == g[-1] or p == g)


def _load_embedder() -> None:
    """The embedding model compare.translated reads translations with loads once per process (in
    ``brief`` the event grouper has loaded it already): start-up, not per-article work."""
    from newsweave.compare.translated import EMBEDDER
    from newsweave.nlp.embed import shared_embedder

    shared_embedder(EMBEDDER).embed(["warm up"])


def score(shared: Path = SHARED) -> Scores:
    events, stories, event_of = load(shared)
    claims_labels = json.loads((shared / "data" / "realworld_dev_claims.json").read_text("utf-8"))
    quote_labels = json.loads((shared / "data" / "realworld_dev_quotes.json").read_text("utf-8"))
    out = Scores()
    facts: dict[str, Facts] = {}
    texts: dict[str, Article] = {}
    from newsweave.nlp.models import load_spacy

    load_spacy(("ner",))  # model loading is start-up, not per-article work
    from newsweave.facts.attribution import parser

    parser()  # so is the quote parser's
    _load_embedder()
    start, cpu = time.perf_counter(), time.process_time()
    for event, arts in events.items():
        facts[event] = extract_facts(arts, stories[event])
        texts.update({a.id: a for a in arts})
        out.articles += len(arts)
    out.seconds = time.perf_counter() - start
    out.cpu_seconds = time.process_time() - cpu
    _score_figures(out, claims_labels, facts, texts, event_of)
    _score_quotes(out, quote_labels, facts, texts, event_of)
    return out


def _score_figures(
    out: Scores,
    labels: list[dict[str, Any]],
    facts: dict[str, Facts],
    texts: dict[str, Article],
    event_of: dict[str, str],
    key: str = "subject",
) -> None:
    group_of = {cid: n for f in facts.values() for n, c in enumerate(f.comparisons) for cid in c.claims}
    items: list[tuple[str, str]] = []  # (gold cluster, predicted cluster)
    labelled: dict[str, dict[str, Any]] = {}  # found claim id -> its label
    for n, lab in enumerate(labels):
        page, event = lab["page"], event_of[lab["page"]]
        art = texts[page]
        span = _locate(art.text, lab["quote"])
        found = None
        for c in facts[event].claims:
            if c.article != page or not _bound_eq(c.low, lab["low"]) or not _bound_eq(c.high, lab["high"]):
                continue
            if (span is not None and c.start < span[1] and span[0] < c.end) or _holds(
                art.text[c.start : c.end], lab["quote"]
            ):
                found = c
                break
        for side in ("all", "en") if art.lang == "en" else ("all",):
            out.figures[side][1] += 1
            out.figures[side][0] += found is not None
        if found is None:
            out.misses.append(f"figure {page} {lab['low']}..{lab['high']}: {lab['quote'][:70]}")
        if found is not None:
            labelled[found.id] = lab
        pred = f"{event}/{group_of[found.id]}" if found and found.id in group_of else f"single-{n}"
        items.append((f"{event}/{lab[key]}", pred))
    gold: dict[str, set[int]] = defaultdict(set)
    pred: dict[str, set[int]] = defaultdict(set)
    for i, (g, p) in enumerate(items):
        gold[g].add(i)
        pred[p].add(i)
    _score_trust(out, labelled, facts, texts, key)
    if key == "subject":  # the design side's grouping faults, read one by one (-v); never the check side's
        out.misses += _grouping_faults(items, labels, gold, pred)
    if items:
        out.bcubed_p = sum(len(gold[g] & pred[p]) / len(pred[p]) for g, p in items) / len(items)
        out.bcubed_r = sum(len(gold[g] & pred[p]) / len(gold[g]) for g, p in items) / len(items)


def _grouping_faults(
    items: list[tuple[str, str]],
    labels: list[dict[str, Any]],
    gold: dict[str, set[int]],
    pred: dict[str, set[int]],
) -> list[str]:
    """A labelled quantity split over comparisons, and a comparison holding several quantities,
    each with the labelled sentences of its figures."""

    def told(ids: set[int]) -> str:
        return "; ".join(f"{items[i][1]}: {labels[i]['quote'][:50]!r}" for i in sorted(ids))

    out = [
        f"grouping split {g}: {told(ids)}" for g, ids in gold.items() if len({items[i][1] for i in ids}) > 1
    ]
    out += [
        f"grouping merged {p}: {sorted({items[i][0] for i in ids})}"
        for p, ids in pred.items()
        if len({items[i][0] for i in ids}) > 1
    ]
    return out


def _label_reading(lab: dict[str, Any]) -> tuple[float, float, float]:
    """A label's figure and its interval (an open end infinite)."""
    low = lab["low"] if lab["low"] is not None else -math.inf
    high = lab["high"] if lab["high"] is not None else math.inf
    return (lab["low"] if lab["low"] is not None else lab["high"]), low, high


def _readings_agree(labs: list[dict[str, Any]]) -> bool:
    """The labelled readings give one figure (within rounding) with bounds it meets: "150" and
    "at least 150" agree, "more than 100" and "over 320" do not (the contract's statuses)."""
    readings = [_label_reading(lab) for lab in labs]
    for n, (v, lo, hi) in enumerate(readings):
        for w, lo2, hi2 in readings[n + 1 :]:
            if not same_figure(v, w):
                return False
            if (lo > hi2 and not same_figure(lo, hi2)) or (lo2 > hi and not same_figure(lo2, hi)):
                return False
    return True


_UNIT_SYMBOLS = frozenset(GLUED)
_DETERMINERS = word_set("the a an his her its their our this these those several many some one two three")


def _score_trust(
    out: Scores,
    labelled: dict[str, dict[str, Any]],
    facts: dict[str, Facts],
    texts: dict[str, Article],
    key: str,
) -> None:
    """Comparisons a reader can trust. Verdicts: of the comparisons of two or more stories whose
    found claims (two or more) are labelled as one quantity, those whose labelled readings agree
    but are not called "agree", and the reverse. Subjects of every comparison with a word twice
    (an inflection aside), no word of four letters or a bare unit symbol. ``attributed_to`` of
    every claim that begins with a function word of English (a determiner aside) or is only such
    words ("he", "but French officials")."""
    stop = stop_words("en")
    for f in facts.values():
        for comp in f.comparisons:
            labs = [labelled[c] for c in comp.claims if c in labelled]
            if comp.status != "single" and len(labs) >= 2 and len({lab[key] for lab in labs}) == 1:
                if _readings_agree(labs):
                    out.consistent_not_agree[1] += 1
                    out.consistent_not_agree[0] += comp.status != "agree"
                    if comp.status != "agree":
                        out.misses.append(f"verdict {comp.status} for agreeing {comp.subject!r}")
                else:
                    out.inconsistent_agree[1] += 1
                    out.inconsistent_agree[0] += comp.status == "agree"
                    if comp.status == "agree":
                        out.misses.append(f"verdict agree for differing {comp.subject!r}")
            words = [w.lower() for w in TOKEN.findall(comp.subject)]
            twice = any(
                a.startswith(b) and len(a) - len(b) <= 2
                for n, a in enumerate(words)
                for m, b in enumerate(words)
                if n != m and len(b) >= 3
            )
            bare = comp.subject.strip() in _UNIT_SYMBOLS
            no_content = not any(len(w) >= 4 for w in words)
            out.bad_subjects[1] += 1
            if twice or bare or no_content:
                out.bad_subjects[0] += 1
                out.misses.append(f"subject {comp.subject!r}")
        for c in f.claims:
            if c.attributed_to is None:
                continue
            said = c.attributed_to.split()
            first = said[0].lower() if said else ""
            bad = not said or all(w.lower() in stop for w in said)
            bad = bad or (first in stop and first not in _DETERMINERS)
            out.bad_citing[1] += 1
            if bad:
                out.bad_citing[0] += 1
                out.misses.append(f"citing {c.attributed_to!r} in {c.article}")


def _holds(sentence: str, quote: str, share: float = 0.6) -> bool:
    """Whether ``sentence`` holds ``share`` of the labelled quote's words (case and accents folded)."""
    words = re.findall(r"\w+", fold(quote))
    have = set(re.findall(r"\w+", fold(sentence)))
    return bool(words) and sum(w in have for w in words) >= share * len(words)


def score_check(shared: Path = SHARED, name: str = "realworld_dev2") -> Scores:
    """Figures found and grouped on the check set: each labelled event's pages briefed as one
    pile, grouping scored against the labels' canonical ``quantity`` keys (a part of a whole has
    its own key). Also counts non-English claims whose subject has a word of four letters (vowel
    signs and other combining marks counted with their letter: "लोगों" is a word)."""
    events, stories, event_of = load(shared, name)
    labels = json.loads((shared / "data" / f"{name}_claims.json").read_text("utf-8"))
    out = Scores()
    facts: dict[str, Facts] = {}
    texts: dict[str, Article] = {}
    from newsweave.nlp.models import load_spacy

    load_spacy(("ner",))
    _load_embedder()
    start, cpu = time.perf_counter(), time.process_time()
    for event in dict.fromkeys(event_of[lab["page"]] for lab in labels):
        facts[event] = extract_facts(events[event], stories[event])
        texts.update({a.id: a for a in events[event]})
        out.articles += len(events[event])
    out.seconds = time.perf_counter() - start
    out.cpu_seconds = time.process_time() - cpu
    _score_figures(out, labels, facts, texts, event_of, key="quantity")
    if name == "realworld_dev2":  # the halves by event family (bench/dates.py's): A was read, B not
        from bench.dates import half

        for side in ("A", "B"):
            part = Scores()
            _score_figures(
                part,
                [x for x in labels if half(event_of[x["page"]]) == side],
                facts,
                texts,
                event_of,
                "quantity",
            )
            out.halves[side] = part
    for f in facts.values():
        for c in f.claims:
            if texts[c.article].lang != "en":
                out.subjects[1] += 1
                out.subjects[0] += any(len(w) >= 4 for w in TOKEN.findall(c.subject))
    return out


def report_check(s: Scores, name: str = "realworld_dev2") -> str:
    rows = [
        ("figures found with correct bounds, English pages", s.ratio(s.figures["en"]), s.figures["en"]),
        ("figures found with correct bounds, all pages", s.ratio(s.figures["all"]), s.figures["all"]),
        ("non-English claims whose subject has a word of 4+ letters", s.ratio(s.subjects), s.subjects),
    ]
    return "\n".join(
        [
            f"### Figures on the check set (`{name}`, not tuned on)",
            "",
            "`python bench/facts.py`: each labelled event's pages as one pile; grouping against the "
            "labels' `quantity` keys (a part of a whole is its own quantity).",
            "",
            "| measure | score | counts |",
            "|---|---|---|",
            *[f"| {label} | {v:.3f} | {c[0]}/{c[1]} |" for label, v, c in rows],
            f"| grouping of figures by quantity, B-cubed F1 | {s.bcubed_f1:.3f} | "
            f"P {s.bcubed_p:.3f}, R {s.bcubed_r:.3f} |",
            *[
                f"| grouping B-cubed F1, half {side} ({what}) | {h.bcubed_f1:.3f} | "
                f"P {h.bcubed_p:.3f}, R {h.bcubed_r:.3f} |"
                for side, what in (
                    ("A", "Nepal and Italy quakes, Brexit, Mugabe: its wrong groupings were read"),
                    ("B", "MH17, Germanwings, VW, Grenfell: its misses never read"),
                )
                if (h := s.halves.get(side)) is not None
            ],
            *_trust_rows(s),
            f"| facts stage speed, per CPU second | {s.articles / s.cpu_seconds:.1f} articles/s | "
            f"{s.articles} articles, {s.cpu_seconds:.1f} s CPU |",
            "",
        ]
    )


QUANTITIES = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "facts" / "quantities.jsonl"


@dataclass
class Coverage:
    """Value precision and recall of the claims read from one-sentence articles."""

    claims: int = 0
    gold: int = 0
    matched: int = 0
    misses: list[str] = field(default_factory=list)

    @property
    def f1(self) -> float:
        p = self.matched / self.claims if self.claims else 0.0
        r = self.matched / self.gold if self.gold else 0.0
        return 2 * p * r / (p + r) if p + r else 0.0


def score_quantities(path: Path = QUANTITIES) -> Coverage:
    """Figures of news sentences of every kind (invented: counts, money, percentages, magnitudes,
    ranges, fractions, ages, durations), each sentence an article: every claim's bounds (or value)
    matched one-to-one to a gold value by number only; a gold range needs both ends."""
    out = Coverage()
    for n, line in enumerate(path.read_text("utf-8").splitlines()):
        row = json.loads(line)
        art = Article(id=f"q{n}", text=row["text"])
        claims = extract_facts([art], [Story(art.id, art.id, [art.id])]).claims
        out.claims += len(claims)
        out.gold += len(row["values"])
        missed, extra = match_values([(c.low, c.high, c.value) for c in claims], row["values"])
        out.matched += len(row["values"]) - len(missed)
        out.misses += [f"quantity {gold} not read in: {row['text']}" for gold in missed]
        out.misses += [f"quantity {claims[i].value} read but not labelled in: {row['text']}" for i in extra]
    return out


def _bound_eq(a: float | None, b: float | None) -> bool:
    return (a is None) == (b is None) and (a is None or b is None or abs(a - b) <= 1e-6 * max(1, abs(b)))


def _score_quotes(
    out: Scores,
    labels: dict[str, Any],
    facts: dict[str, Facts],
    texts: dict[str, Article],
    event_of: dict[str, str],
) -> None:
    for lab in labels["quotes"]:
        page = lab["page"]
        want = _norm(lab["quote"]).strip(" ,.\"'")
        got = [
            q
            for q in facts[event_of[page]].quotes
            if q.article == page and (want[:40] in _norm(q.text) or _norm(q.text).strip(" ,.") in want)
        ]
        out.speakers[1] += 1
        right = bool(got) and _speaker_right(got[0].speaker, lab["speaker"])
        out.speakers[0] += right
        if not right:
            said = got[0].speaker if got else "(quote not found)"
            out.misses.append(f"speaker {page} {said!r} != {lab['speaker']!r}: {lab['quote'][:50]}")
    for lab in labels["entities"]:
        forms = {_norm(strip_titles(f)) for f in lab["forms"]}
        ents = facts[event_of[lab["page"]]].entities
        ok = any(forms <= {_norm(strip_titles(a)) for a in e.aliases} for e in ents)
        out.entities[1] += 1
        out.entities[0] += ok
        if not ok:
            out.misses.append(f"entity {lab['page']} {lab['entity']}: {lab['forms']}")


def _trust_rows(s: Scores) -> list[str]:
    """The table rows of comparisons a reader can trust (fewer is better)."""
    rows = [
        ("comparisons whose labelled readings agree, not called agree", s.consistent_not_agree),
        ("comparisons whose labelled readings differ, called agree", s.inconsistent_agree),
        ("comparison subjects with a word twice, no 4-letter word or a bare unit", s.bad_subjects),
        ("claim sources (`citing`) that are a pronoun or begin with a function word", s.bad_citing),
    ]
    return [f"| {label} (fewer is better) | {s.ratio(c):.3f} | {c[0]}/{c[1]} |" for label, c in rows]


def report(s: Scores) -> str:
    d = s.as_dict()
    rows = [
        ("figures found with correct bounds, English pages", d["figure_recall_en"], s.figures["en"]),
        ("figures found with correct bounds, all pages", d["figure_recall_all"], s.figures["all"]),
        ("quote speakers right", d["speaker_accuracy"], s.speakers),
        ("labelled entities with all forms merged", d["entity_merge_rate"], s.entities),
    ]
    lines = [
        "## Facts (dev pages)",
        "",
        "`python bench/facts.py` on `../shared/data/realworld_dev*.json*` "
        "(events and stories from the labels).",
        "",
        "| measure | score | counts |",
        "|---|---|---|",
        *[f"| {name} | {v:.3f} | {c[0]}/{c[1]} |" for name, v, c in rows],
        f"| grouping of figures by subject, B-cubed F1 | {d['grouping_bcubed_f1']:.3f} | "
        f"P {s.bcubed_p:.3f}, R {s.bcubed_r:.3f} |",
        *_trust_rows(s),
        f"| facts stage speed, per CPU second | {s.articles / s.cpu_seconds:.1f} articles/s | "
        f"{s.articles} articles, {s.cpu_seconds:.1f} s CPU ({s.seconds:.1f} s wall on a shared machine) |",
        "",
    ]
    return "\n".join(lines)


def main() -> None:
    from bench._report import machine, write_section

    if not (SHARED / "data").is_dir():
        sys.exit("../shared/data is absent")
    s = score()
    check = score_check()
    cov = score_quantities()
    p, r = cov.matched / max(1, cov.claims), cov.matched / max(1, cov.gold)
    quantities = (
        f"Quantities in {cov.gold} values of 30 invented news sentences of every kind "
        f"(`tests/fixtures/facts/quantities.jsonl`, each sentence an article): value precision {p:.3f}, "
        f"recall {r:.3f}, F1 {cov.f1:.3f} ({cov.matched} matched, {cov.claims} claims). The reference "
        "extractor `cqe` 2.0.3 cannot run here: it requires torch and spacy-transformers and its "
        "`spacy_download` fetches a spaCy model when it loads.\n"
    )
    md = report(s) + "\n" + report_check(check) + "\n" + quantities + f"\n_{machine()}_\n"
    print(md)
    if "-v" in sys.argv:
        print("\n".join(s.misses))
        print("\n".join(f"check {m}" for m in check.misses))
        print("\n".join(cov.misses))
    if "--no-write" not in sys.argv:
        write_section("facts", md)
    if "--no-speakers" not in sys.argv:  # figures alone: the speakers' section is left as it is
        speakers()


def speakers() -> None:
    """Issue 15's speaker, entity and PolNeAR measures, with the baseline: their own section."""
    from bench import speakers as bench_speakers

    bench_speakers.main()


if __name__ == "__main__":
    main()
