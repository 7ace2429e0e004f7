"""Briefing audit: the whole briefing of realworld_dev and realworld_dev2 read as a user would.

    .venv/bin/python bench/briefing.py [--sets dev,dev2] [--no-write] [-v]

Briefs each event family (a main event's pages with their same-topic distractors) as one pile,
then the whole file, then each language's pages but English alone, through ``newsweave.brief``
(what ``newsweave brief`` runs),
and counts on the ``--format json`` document, per set: events without a title, events without
a summary, summary sentences whose span does not verify (``text[start:end]`` of the cited
article is not the sentence, or the article is not in the event), summary sentences and timeline
entries cited from an optional line (headline, caption), figures whose subject has no word of
four letters or more (by the claim article's language), figures without a unit, entities
with an alias shaped like a photo credit ("Name/Agency"), quotes whose speaker is not a name or a
description (a function word, pronoun, day or month name, or no letter at all), and claim,
quote and timeline spans that do not verify. Issue 15's "any language" acceptance asks for
zero of each. Writes the ``briefing`` section of docs/benchmarks.md; ``-v`` prints every fault.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from bench._report import machine, write_section  # noqa: E402
from bench.dates import FAMILIES  # noqa: E402  (dev2's event families)
from newsweave.facts.lexicon import WEEKDAYS, fold  # noqa: E402
from newsweave.facts.subject import TOKEN, stop_words  # noqa: E402

DATA = REPO.parent / "shared" / "data"
SETS = {"dev": "realworld_dev", "dev2": "realworld_dev2"}
# dev's look-alikes named by their own place ("nantes") belong to the family of the main event
DEV_FAMILIES = {"nantes": "notre"}
Row = dict[str, Any]
Doc = dict[str, Any]


def family(event: str) -> str:
    head = event.removeprefix("distractor-").split("-")[0]
    return FAMILIES.get(head) or DEV_FAMILIES.get(head, head)


def piles(rows: list[Row]) -> list[tuple[str, list[Row]]]:
    """(name, rows): each family's pages together, the whole file, then each language's pages
    but English alone (an event that no English report carries: its title and summary are in
    its own language, from its own sentence splitting)."""
    by: dict[str, list[Row]] = {}
    langs: dict[str, list[Row]] = {}
    for r in rows:
        by.setdefault(family(r["event"]), []).append(r)
        if r.get("lang", "en") != "en":
            langs.setdefault(f"{r['lang']} alone", []).append(r)
    return [*sorted(by.items()), ("whole file", rows), *sorted(langs.items())]


def _inputs(rows: Iterable[Row]) -> list[dict[str, str]]:
    return [{k: r[k] for k in ("id", "text", "url") if r.get(k)} for r in rows]


def bad_speaker(speaker: str, lang: str, text: str) -> bool:
    """Not a name nor a description: every word a function word, pronoun or day name, or no word
    at all ("and", "Thursday", "they", "However", "—"). A function word the article writes with a
    capital inside a sentence is a name there ("Theresa May", "Mrs May said")."""
    empty = stop_words("en") | stop_words(lang)
    for w in TOKEN.findall(speaker):
        if fold(w) in WEEKDAYS:
            continue
        if w.lower() not in empty or re.search(rf"[a-z,;] {re.escape(w)}\b", text):
            return False
    return True


def _verifies(texts: dict[str, str], item: Doc) -> bool:
    text = texts.get(item["article"])
    if text is None or not 0 <= item["start"] < item["end"] <= len(text):
        return False
    return "text" not in item or text[item["start"] : item["end"]] == item["text"]  # a claim cites no text


def _cited(texts: dict[str, str], item: Doc) -> str:
    return texts.get(item["article"], "")[item["start"] : item["end"]][:100]


def _in_optional(optional: dict[str, list[tuple[int, int]]], item: Doc) -> bool:
    return any(s < item["end"] and item["start"] < e for s, e in optional.get(item["article"], ()))


@dataclass
class Audit:
    events: int = 0
    articles: int = 0
    cpu: float = 0.0
    counts: Counter[str] = field(default_factory=Counter)
    totals: Counter[str] = field(default_factory=Counter)
    faults: list[str] = field(default_factory=list)

    def fault(self, kind: str, where: str) -> None:
        self.counts[kind] += 1
        self.faults.append(f"{kind}: {where}")


KINDS = (
    "no title",
    "no summary",
    "summary not English",
    "summary span",
    "summary optional",
    "claim span",
    "quote span",
    "timeline span",
    "timeline optional",
    "bad speaker",
    "unit-less figure",
    "credit entity",
)
# a photo or wire credit read as a name: "Jo Lee/AP", "AP Photo/Jo Lee", "Photo/Agencies", "Jo Lee/"
CREDIT = re.compile(r"\w\s*/\s*\w|\w/\s*$")


def audit(doc: Doc, out: Audit, pile: str) -> None:
    """Count the faults of one briefing document (``Briefing.to_dict()``)."""
    for ev in doc["events"]:
        out.events += 1
        out.articles += len(ev["articles"])
        where = f"{pile} / {ev['id']} ({len(ev['articles'])} articles)"
        texts = {a["id"]: a["text"] for a in ev["articles"]}
        lang = {a["id"]: a["lang"] for a in ev["articles"]}
        optional = {a["id"]: [(o["start"], o["end"]) for o in a.get("optional", [])] for a in ev["articles"]}
        if not (ev.get("title") or "").strip():
            out.fault("no title", where)
        if not ev["summary"]:
            out.fault("no summary", where + " langs " + ",".join(sorted(set(lang.values()))))
        foreign = [s for s in ev["summary"] if lang.get(s["article"]) != "en"]
        if "en" in lang.values() and foreign:  # a reader of English, and English reports to read
            out.fault("summary not English", f"{where}: {len(foreign)} of {len(ev['summary'])} sentences")
        for kind, items in (("summary", ev["summary"]), ("claim", ev["claims"]), ("quote", ev["quotes"]),
                            ("timeline", ev["timeline"])):  # fmt: skip
            for item in items:
                out.totals[kind] += 1
                if not _verifies(texts, item):
                    out.fault(f"{kind} span", f"{where} {item['article']} {item['start']}:{item['end']}")
                elif kind in ("summary", "timeline") and _in_optional(optional, item):
                    out.fault(f"{kind} optional", f"{where} {item['article']}: {item['text'][:80]!r}")
        for c in ev["claims"]:
            lg = lang.get(c["article"], "?")
            out.totals[f"subjects {lg}"] += 1
            if not any(len(w) >= 4 for w in TOKEN.findall(c["subject"])):
                said = f"{c['subject']!r} in {_cited(texts, c)!r}"
                out.fault(f"subject {lg}", f"{where} {c['article']}: {said}")
        for c in ev["claims"]:
            out.totals["unit-less"] += 1
            if c["unit"] is None:  # shown as a bare "figure": what does it count?
                said = f"{c['subject']!r} in {_cited(texts, c)!r}"
                out.fault("unit-less figure", f"{where} {c['article']}: {said}")
        for e in ev["entities"]:
            out.totals["credit"] += 1
            if any(CREDIT.search(a) for a in e["aliases"]):
                out.fault("credit entity", f"{where}: {e['type']} {e['name']!r} aliases {e['aliases'][:4]}")
        for q in ev["quotes"]:
            out.totals["bad"] += q["speaker"] is not None  # quotes with a speaker
            said_by = q["speaker"]
            art = q["article"]
            if said_by is not None and bad_speaker(said_by, lang.get(art, "en"), texts[art]):
                out.fault("bad speaker", f"{where} {q['article']}: {q['speaker']!r} for {q['text'][:70]!r}")


def run(name: str, data: Path = DATA) -> tuple[Audit, list[tuple[str, Doc]]]:
    """Brief ``data/<name>.jsonl`` pile by pile (``piles``) and audit every briefing."""
    import newsweave

    rows = [json.loads(line) for line in (data / f"{name}.jsonl").open(encoding="utf-8")]
    out = Audit()
    docs = []
    for pile, members in piles(rows):
        cpu = time.process_time()
        doc = newsweave.brief(_inputs(members)).to_dict()
        out.cpu += time.process_time() - cpu
        audit(doc, out, pile)
        docs.append((pile, doc))
    return out, docs


def table(results: dict[str, Audit]) -> str:
    names = list(results)
    langs = {k.split()[1] for a in results.values() for k in a.totals if k.startswith("subjects ")}
    kinds = list(KINDS) + [f"subject {lg}" for lg in sorted(langs, key=lambda x: (x != "en", x))]
    lines = ["| fault | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]
    for kind in kinds:
        cells = []
        for a in results.values():
            base = kind.split()[0]
            total = a.events if kind in ("no title", "no summary", "summary not English") else a.totals.get(
                "subjects " + kind.split()[1] if kind.startswith("subject ") else base, 0
            )
            cells.append(f"{a.counts.get(kind, 0)} / {total}")
        lines.append(f"| {kind} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", default="dev,dev2", help="comma-separated: dev, dev2")
    parser.add_argument("--no-write", action="store_true", help="print without updating docs/benchmarks.md")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every fault")
    parser.add_argument("--dump", type=Path, help="write each pile's briefing JSON into this folder")
    args = parser.parse_args()
    if not DATA.is_dir():
        raise SystemExit(f"{DATA} is absent: nothing to measure")
    results: dict[str, Audit] = {}
    for key in args.sets.split(","):
        audit_, docs = run(SETS[key])
        results[SETS[key]] = audit_
        if args.dump:
            args.dump.mkdir(parents=True, exist_ok=True)
            for pile, doc in docs:
                dump = json.dumps(doc, ensure_ascii=False, indent=1)
                (args.dump / f"{key}-{pile.replace(' ', '_')}.json").write_text(dump, "utf-8")
        if args.verbose:
            for f in audit_.faults:
                print(f"{key}: {f}")
    cpu = ", ".join(f"{n} {a.articles} articles briefed in {a.cpu:.1f} CPU s" for n, a in results.items())
    body = (
        "## Briefing audit (bench/briefing.py)\n\n"
        f"Measured {machine()}. Each event family's pages (a main event with its look-alikes) briefed as one "
        "pile, then the whole file as one pile, then each language's pages but English alone; faults over "
        "all events of all runs (count / out of). "
        "Spans verify when `text[start:end]` of the cited article (in the event) is the cited text; "
        "a subject fault is a figure whose subject has no word of four letters or more, by the language "
        "of the claim's article; a bad speaker is a function word, pronoun or day name (a word the "
        "article capitalises inside a sentence is a name); a summary is not English when an event with "
        "English reports cites another language's; a unit-less figure has no `unit` (shown as a bare "
        "figure); a credit entity has an alias shaped like a photo or wire credit (a slash beside a word: "
        "'Name/Agency', 'Photo/Agencies'). "
        f"{cpu}.\n\n" + table(results)
    )
    print(body)
    if not args.no_write:
        write_section("briefing", body)


if __name__ == "__main__":
    main()
