"""Timeline benchmark: one entry per dated fact per story, on real piles briefed as a user would.

    .venv/bin/python bench/timeline.py              # writes the 'timeline' section of docs/benchmarks.md
    .venv/bin/python bench/timeline.py --no-write   # prints it only
    .venv/bin/python bench/timeline.py --show realworld_dev   # prints the duplicate pairs, to read

Each set (tuning side ``realworld_dev``, check side ``realworld_dev2``) goes through
``newsweave.brief`` with ``id``/``url``/``text`` only. Per set: timeline entries; duplicate
entries, pairs of one event's entries whose cited pages belong to one labelled ``story``, with
the same date and a near-duplicate sentence by a stricter rule than the timeline's own (the
sentences, dateline and quote marks stripped, within 10% edit distance of each other, or one
inside the other); entries citing a page that is not its output story's original; CPU seconds
of ``per_story`` (the step that merges a story's entries) per 1,000 articles.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from rapidfuzz import fuzz  # noqa: E402

from bench._report import machine, write_section  # noqa: E402

DATA = REPO.parent / "shared" / "data"
SETS = ("realworld_dev", "realworld_dev2")
_DATELINE = re.compile(r"^[^a-z]{0,60}?(?:\([^()]{1,30}\))?\s*(?:--|_|—|–|-|:)\s+")
_MARKS = re.compile(r"[\"“”‘’'`«»]|[^\w\s]")


_QUOTE_MARK = re.compile(r'[“”"«»]')


def quote_depth(text: str, start: int, end: int) -> tuple[bool, bool]:
    """Whether ``text[start:end]`` begins inside a quotation its paragraph opened before it, and
    whether it leaves one open (curly, guillemet and straight double quotes; single quotes are
    apostrophes too often to count)."""
    para = text.rfind("\n\n", 0, start) + 1

    def depth(a: int, b: int, open_: bool) -> bool:
        for m in _QUOTE_MARK.finditer(text, a, b):
            q = m.group()
            open_ = True if q in "“«" else False if q in "”»" else not open_
        return open_

    inside = depth(para, start, False)
    return inside, depth(start, end, inside)


def leans_on_before(text: str) -> bool:
    """An entry that opens with a pronoun or connective (``opens_unresolved``; an opening quote
    mark is the quote columns' to count)."""
    from newsweave.summarize.candidates import opens_unresolved

    return opens_unresolved(text.lstrip().lstrip("\"“‘'«`„"))


def _core(text: str) -> str:
    """The sentence without a leading dateline, quote marks and punctuation, lowercased."""
    return " ".join(_MARKS.sub(" ", _DATELINE.sub("", text.strip(), count=1)).lower().split())


def strict_duplicate(a: str, b: str) -> bool:
    """The bench's own rule for 'the same sentence' (stricter than the timeline's)."""
    x, y = _core(a), _core(b)
    if not x or not y:
        return False
    return x in y or y in x or fuzz.ratio(x, y) >= 90


def measure(name: str, show: bool = False) -> dict[str, Any]:
    import newsweave
    import newsweave.facts as facts_module

    rows = [json.loads(line) for line in (DATA / f"{name}.jsonl").open(encoding="utf-8")]
    story_label = {r["id"]: r["id"] if r["story"] == "own" else r["story"] for r in rows}
    spent = [0.0]
    per_story = facts_module.per_story

    def timed(*args: Any, **kwargs: Any) -> Any:
        start = time.process_time()
        try:
            return per_story(*args, **kwargs)
        finally:
            spent[0] += time.process_time() - start

    facts_module.per_story = timed  # type: ignore[assignment]
    try:
        start = time.process_time()
        briefing = newsweave.brief([{k: r[k] for k in ("id", "url", "text")} for r in rows])
        cpu = time.process_time() - start
    finally:
        facts_module.per_story = per_story  # type: ignore[assignment]
    from newsweave.facts.sentences import sentences

    entries = sourced = split = not_original = unresolved = mid_quote = open_quote = 0
    duplicates = 0
    for event in briefing.events:
        story_of = {aid: s for s in event.stories for aid in s.articles}
        text_of = {a.id: a.text for a in event.articles}
        timeline = event.facts.timeline
        entries += len(timeline)
        sourced += sum(len(t.sources) for t in timeline)
        unresolved += sum(1 for t in timeline if leans_on_before(t.text))
        for t in timeline:
            inside, left_open = quote_depth(text_of.get(t.article, ""), t.start, t.end)
            mid_quote += inside
            open_quote += left_open
            if show and (inside or left_open or leans_on_before(t.text)):
                print(f"UNREADABLE {t.date} [{t.article}] {t.text!r}")
        for t in timeline:
            story = story_of.get(t.article)
            if story is None or story.original == t.article:
                continue
            body = text_of.get(story.original, "")
            if any(strict_duplicate(t.text, body[x.start : x.end]) for x in sentences(body)):
                not_original += 1
                if show:
                    print(f"NOT ORIGINAL {event.id} {t.date} [{t.article} of {story.original}] {t.text!r}")
        for i, t in enumerate(timeline):
            for u in timeline[i + 1 :]:
                same_story = story_label.get(t.article) == story_label.get(u.article)
                if same_story and t.date == u.date and strict_duplicate(t.text, u.text):
                    duplicates += 1
                    apart = story_of.get(t.article) is not story_of.get(u.article)
                    split += apart
                    if show:
                        where = "other output stories" if apart else "one output story"
                        print(f"DUP ({where}) {event.id} {t.date} [{t.article}] {t.text!r}")
                        print(f"    [{u.article}] {u.text!r}")
    return {
        "articles": len(rows),
        "entries": entries,
        "sources": sourced,
        "duplicates": duplicates,
        "split": split,
        "not_original": not_original,
        "unresolved": unresolved,
        "mid_quote": mid_quote,
        "open_quote": open_quote,
        "per_story_ms_1000": 1000 * 1000 * spent[0] / len(rows),
        "brief_cpu": cpu,
    }


def report(results: dict[str, dict[str, Any]]) -> str:
    lines = [
        "`newsweave.brief` of each set (id, url, text only). Duplicates: pairs of one event's entries",
        "citing pages of one labelled story, same date, sentences within 10% edit distance once dateline",
        "and quote marks are stripped (or one inside the other); those whose pages the pipeline put in",
        "different stories of the event in brackets (the stories step's to join). Citing a copy: entries",
        "citing a page other than its output story's original although the original holds the sentence",
        "(by the same rule). Opening unresolved: entries that open with a pronoun or connective",
        "(`summarize.candidates.opens_unresolved`, an opening quote mark aside). Inside a quote:",
        "entries that begin inside a quotation their paragraph opened before them; quote left open:",
        "entries whose span ends inside one (double and angle quotes).",
        "",
        "| set | side | articles | entries | sources listed "
        "| duplicate pairs (of them across output stories) "
        "| citing a copy of an original that holds it | opening unresolved | inside a quote "
        "| quote left open "
        "| per_story CPU ms / 1000 articles | brief CPU s |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for name, r in results.items():
        side = "tuning" if name == "realworld_dev" else "check"
        lines.append(
            f"| {name} | {side} | {r['articles']} | {r['entries']} | {r['sources']} "
            f"| {r['duplicates']} ({r['split']}) | {r['not_original']} | {r['unresolved']} "
            f"| {r['mid_quote']} | {r['open_quote']} "
            f"| {r['per_story_ms_1000']:.0f} | {r['brief_cpu']:.1f} |"
        )
    lines += ["", f"Measured {machine()}."]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-write", action="store_true", help="print without updating docs/benchmarks.md")
    parser.add_argument("--show", choices=SETS, help="print the duplicate pairs of this set, to read")
    parser.add_argument("--sets", nargs="+", choices=SETS, default=list(SETS))
    args = parser.parse_args()
    if not DATA.is_dir():
        raise SystemExit(f"{DATA} is absent: nothing to measure")
    results = {name: measure(name, show=args.show == name) for name in args.sets}
    body = "## Timeline (`bench/timeline.py`)\n\n" + report(results)
    print(body)
    if not args.no_write and args.sets == list(SETS):
        write_section("timeline", body)


if __name__ == "__main__":
    main()
