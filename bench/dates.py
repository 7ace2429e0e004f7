"""Benchmark of the date evidence (``newsweave.clean.dates.date_evidence``) and of the time rule it
feeds: publication dates right / wrong / null against the `published` labels of realworld_dev2 (a
label only: the inputs are `id`, `url`, `text`), where each date came from, and event / story
B-cubed of `newsweave cluster` (batch and `--incremental`) on realworld_dev and realworld_dev2,
with each main event of dev2 grouped alone.

    .venv/bin/python bench/dates.py              # writes the 'dates' section of docs/benchmarks.md
    .venv/bin/python bench/dates.py --no-write   # prints it only
    .venv/bin/python bench/dates.py --merges     # the wrong merges of dev and dev2 (batch), to read
    .venv/bin/python bench/dates.py --orders     # batch and --incremental over other input orders
                                                 # (writes the 'grouping-orders' section)
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from datetime import date
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bench._report import machine, write_section  # noqa: E402
from newsweave.clean import clean_document, clean_text  # noqa: E402
from newsweave.clean.dates import date_evidence, text_date, url_date  # noqa: E402
from newsweave.events.score import bcubed  # noqa: E402
from newsweave.records import RawDocument  # noqa: E402

DATA = REPO.parent / "shared" / "data"
# dev2's event families (a main event and its look-alikes): the two halves are reported apart
FAMILIES = {
    "nepal": "quakes", "sikkim": "quakes", "italy": "quakes", "laquila": "quakes",
    "mh17": "air", "mh370": "air", "germanwings": "air", "egyptair": "air", "metrojet": "air",
    "brexit": "politics", "article50": "politics", "may": "politics", "scottish": "politics",
    "mugabe": "politics", "zimbabwe": "politics", "mnangagwa": "politics",
    "vw": "business-fire", "winterkorn": "business-fire", "grenfell": "business-fire",
    "lakanal": "business-fire", "dagenham": "business-fire",
}  # fmt: skip
HALVES = {"quakes": "A", "politics": "A", "air": "B", "business-fire": "B"}
Row = dict[str, str]


def load(name: str) -> list[Row]:
    return [json.loads(line) for line in (DATA / f"{name}.jsonl").open(encoding="utf-8")]


def half(event: str) -> str:
    head = event.removeprefix("distractor-").split("-")[0]
    return HALVES[FAMILIES[head]]


def date_table(rows: list[Row]) -> tuple[Counter[str], Counter[str]]:
    """(right / wrong / null over the labelled pages, the source of each date given)."""
    score: Counter[str] = Counter()
    source: Counter[str] = Counter()
    for r in rows:
        art = clean_document(RawDocument(id=r["id"], text=r["text"], url=r["url"], fmt="jsonl"))
        source[art.published_from or "none"] += 1
        label = r.get("published")
        if not label:
            score["unlabelled, dated" if art.published else "unlabelled, null"] += 1
        elif art.published is None:
            score["null"] += 1
        else:
            score["right" if art.published == label else "wrong"] += 1
    return score, source


def layout_vs_url(rows: list[Row]) -> Counter[str]:
    """Pages whose URL gives the day: the layout evidence alone (the URL withheld) against it."""
    out: Counter[str] = Counter()
    for r in rows:
        truth, _ = url_date(r["url"])
        if truth is None:
            continue
        ev = date_evidence(r["text"], None, None, clean_text(r["text"]).layout.published, weak=False)
        if ev is None:
            out["null"] += 1
        else:
            off = abs((ev.day - truth).days)
            out["right" if not off else "1 day off" if off == 1 else "wrong"] += 1
    return out


def polnear_check() -> tuple[Counter[str], Counter[str]]:
    """polnear_train (no URLs; the day in each id, ``outlet_2016-02-12_slug``, is the truth):
    the dates cleaning gives (layout) and the weak bounds of the others."""
    given: Counter[str] = Counter()
    weak: Counter[str] = Counter()
    for r in load("polnear_train"):
        found = re.search(r"\d{4}-\d\d-\d\d", r["id"])
        if not found:
            continue
        truth = date.fromisoformat(found.group())
        art = clean_document(RawDocument(id=r["id"], text=r["text"], fmt="jsonl"))
        if art.published:
            off = abs((date.fromisoformat(art.published) - truth).days)
            given["right" if not off else "1 day off" if off == 1 else "wrong"] += 1
        else:
            given["null"] += 1
            bound = text_date(art.text)
            if bound:
                weak["above the day" if bound > truth else "on or below"] += 1
    return given, weak


def weak_bounds(rows: list[Row]) -> Counter[str]:
    """The text's weak bound (``text_date`` on the clean text, no URL) against the URL's day: a
    bound above the day breaks the rule "published on or after"."""
    out: Counter[str] = Counter()
    for r in rows:
        truth, _ = url_date(r["url"])
        if truth is None:
            continue
        bound = text_date(clean_document(RawDocument(id=r["id"], text=r["text"], fmt="jsonl")).text)
        if bound is None:
            out["none"] += 1
        else:
            out["above the day" if bound > truth else "on or below"] += 1
    return out


ORDER_SEEDS = 5  # shuffled orders (and time orders) per set in ``--orders``


def run_cluster(rows: list[Row], tmp: Path, incremental: bool = False) -> tuple[dict[str, Row], float]:
    """``newsweave cluster`` on `id`, `url`, `text` only: (output by id, CPU s of the run)."""
    src, out = tmp / "in.jsonl", tmp / "out.jsonl"
    with src.open("w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps({"id": r["id"], "url": r["url"], "text": r["text"]}) + "\n")
    cmd = [sys.executable, "-m", "newsweave", "cluster", "--input", str(src), "--output", str(out)]
    proc = subprocess.Popen([*cmd, "--incremental"] if incremental else cmd, cwd=REPO)
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status):
        raise SystemExit(f"cluster failed on {len(rows)} rows")
    lines = [json.loads(line) for line in out.open(encoding="utf-8")]
    return {x["id"]: x for x in lines}, usage.ru_utime + usage.ru_stime


def grouping_scores(rows: list[Row], tmp: Path, incremental: bool = False) -> tuple[str, str, float, str]:
    """(event B3, story B3, CPU s, and for dev2 the event B3 F1 of each half of the same run)."""
    out, cpu = run_cluster(rows, tmp, incremental)
    events = {r["id"]: r["event"] for r in rows}
    stories = {r["id"]: r["story"] if r["story"] != "own" else "own-" + r["id"] for r in rows}
    predicted = {i: out[i]["event"] if i in out else "missing-" + i for i in events}
    ev = bcubed(predicted, events)
    st = bcubed({i: out[i]["story"] if i in out else "missing-" + i for i in stories}, stories)
    halves = ""
    if all(r["event"].removeprefix("distractor-").split("-")[0] in FAMILIES for r in rows):
        scores = []
        for name in ("A", "B"):
            gold = {i: e for i, e in events.items() if half(e) == name}
            scores.append(f"{name} {bcubed({i: predicted[i] for i in gold}, gold)[2]:.3f}")
        halves = ", ".join(scores)
    return " / ".join(f"{v:.3f}" for v in ev), " / ".join(f"{v:.3f}" for v in st), cpu, halves


def shuffled(rows: list[Row], seed: int) -> list[Row]:
    out = list(rows)
    random.Random(seed).shuffle(out)
    return out


def time_ordered(rows: list[Row], seed: int) -> list[Row]:
    """A feed in publication order as far as the date evidence knows it (the page's day, else
    the weak bound of its dated mentions, as the groupers read it; ties at random), each undated
    page at a random place."""
    rng = random.Random(seed)
    keyed, undated = [], []
    for r in rows:
        art = clean_document(RawDocument(id=r["id"], text=r["text"], url=r["url"], fmt="jsonl"))
        found = date_evidence(art.text, art.url, art.published)
        if found is None:
            undated.append(r)
        else:
            keyed.append((found.day.toordinal(), rng.random(), r))
    order = [r for _, _, r in sorted(keyed, key=lambda k: (k[0], k[1]))]
    for r in undated:
        order.insert(rng.randrange(len(order) + 1), r)
    return order


def event_f1s(rows: list[Row], tmp: Path, incremental: bool) -> dict[str, float]:
    """Event B-cubed F1 of one ``cluster`` run over ``rows`` in their order: 'all', and for
    dev2 each half ('A', 'B') of the same run."""
    out, _ = run_cluster(rows, tmp, incremental)
    gold = {r["id"]: r["event"] for r in rows}
    predicted = {i: out[i]["event"] if i in out else "missing-" + i for i in gold}
    scores = {"all": bcubed(predicted, gold)[2]}
    if all(e.removeprefix("distractor-").split("-")[0] in FAMILIES for e in gold.values()):
        for name in ("A", "B"):
            part = {i: e for i, e in gold.items() if half(e) == name}
            scores[name] = bcubed({i: predicted[i] for i in part}, part)[2]
    return scores


def _spread_cell(runs: list[dict[str, float]]) -> str:
    f1 = [r["all"] for r in runs]
    cell = f"{statistics.mean(f1):.3f} ({min(f1):.3f}-{max(f1):.3f})"
    if len(runs[0]) > 1:
        cell += ", " + ", ".join(f"{h} {statistics.mean(r[h] for r in runs):.3f}" for h in ("A", "B"))
    return cell


def orders_report(tmp: Path) -> str:
    """Event B-cubed F1 of ``cluster`` and ``cluster --incremental`` over the file's order,
    shuffled orders and time orders (``ORDER_SEEDS`` each): what the feed's order does to each."""
    lines = [
        f"Grouping and the order of the input, measured {machine()}; load average "
        f"{os.getloadavg()[0]:.1f} at the start.\n",
        "`newsweave cluster` on `id`, `url`, `text`, event B-cubed F1, over the file's own order "
        "(realworld_dev and realworld_dev2 list each event's pages one after another), "
        f"{ORDER_SEEDS} shuffled orders and {ORDER_SEEDS} time orders (a feed in publication "
        "order as the date evidence knows it, ties and undated pages at random places), seeds "
        f"1-{ORDER_SEEDS}: mean (min-max); dev2's halves (A = quakes + politics, B = air + "
        "business/fire) from the same runs.\n",
        "| set | mode | file order | shuffled | time order |",
        "|---|---|---|---|---|",
    ]
    seeds = range(1, ORDER_SEEDS + 1)
    for name in ("realworld_dev", "realworld_dev2"):
        rows = load(name)
        feeds = [time_ordered(rows, s) for s in seeds]
        for inc in (False, True):
            own = event_f1s(rows, tmp, inc)
            first = f"{own['all']:.3f}" + (f" (A {own['A']:.3f}, B {own['B']:.3f})" if "A" in own else "")
            mixed = _spread_cell([event_f1s(shuffled(rows, s), tmp, inc) for s in seeds])
            timed = _spread_cell([event_f1s(feed, tmp, inc) for feed in feeds])
            mode = "--incremental" if inc else "batch"
            lines.append(f"| {name} ({len(rows)}) | {mode} | {first} | {mixed} | {timed} |")
    lines += [
        "",
        "Batch groups alike in any order since commit 5cc618c: a posting's window (the pairs "
        "compared) follows each report's content (`events.grouper.content_order`, its first "
        "MinHash value) instead of its place in the input, and the name cut's unnamed reports go "
        "with the part holding more named reports instead of with the event's first member. "
        "Before (3516a94): realworld_dev batch 0.945 in the file's order and shuffled, 0.927 "
        "(0.900-0.945) in time orders (the 2019 election's unnamed reports followed the 2024 "
        "election's two when one of those came first); the DUC 2003 / MultiLing mix (tuning side, "
        "in process) 0.908 in its order, 0.904-0.906 shuffled, now 0.910 in every order; dev2 "
        "0.927 in every order before and after. The unnamed reports following their affinity (as "
        "the lead split's do) instead: realworld_dev 0.926 in every order (one 2019 report a "
        "little closer to the two 2024 ones), not taken.",
        "",
        "`--incremental`'s lead over batch on dev2 in the file's order (0.950 against 0.927) is the "
        "order's: the file lists each event's pages together, so a page's candidates (the latest "
        "reports of its top terms' postings) and the events open when it comes are its own "
        "event's. Read on half A (quakes + politics), the pages the two modes group otherwise: the "
        "aftershock's two undated reports, which batch puts with the main quake, come right after "
        "the aftershock's two dated ones; the Arabic report of the Italy quake, which batch puts "
        "with the L'Aquila verdict, comes among its own event's pages. Shuffled or in time order "
        "the feed falls far under batch (above). So `cluster --incremental` now ends where batch "
        "ends: the feed's articles regrouped by the batch grouper, as the store regroups what it "
        "holds after each ingest (`events/batch.py`); its gated pins are batch's, tested in a "
        "shuffled order (rows above measured before that change, at 8882776). Tried on the tuning side "
        "and not taken: each report moved, once the groups stand, to the event whose mean "
        "similarity to it beats its own event's (average link's measure, its vetoes asked): "
        "realworld_dev 0.907, dev2 0.851 (a small, tight group draws reports from a large one).",
    ]
    return "\n".join(lines) + "\n"


def ingest_thirds(rows: list[Row], db: Path) -> None:
    """``ingest`` into ``db`` in three interleaved batches (lines k, k+3, ... for k = 0, 1, 2)."""
    for k in range(3):
        src = db.parent / f"batch{k}.jsonl"
        src.write_text("".join(json.dumps({"id": r["id"], "url": r["url"], "text": r["text"]}) + "\n"
                               for r in rows[k::3]), encoding="utf-8")  # fmt: skip
        cmd = [sys.executable, "-m", "newsweave", "ingest", str(src), "--db", str(db)]
        subprocess.run(cmd, cwd=REPO, check=False, capture_output=True)


def store_scores(rows: list[Row], tmp: Path) -> tuple[int, str]:
    """``ingest`` in three interleaved batches (``ingest_thirds``), then events as ``events
    --format json`` lists them: (pages stored, event B-cubed)."""
    db = tmp / "store.db"
    ingest_thirds(rows, db)
    cmd = [sys.executable, "-m", "newsweave", "events", "--db", str(db), "--format", "json"]
    listed = json.loads(subprocess.run(cmd, cwd=REPO, check=True, capture_output=True, text=True).stdout)
    db.unlink()
    event_of = {a: e["id"] for e in listed["events"] for a in e["article_ids"]}
    gold = {r["id"]: r["event"] for r in rows}
    score = bcubed({i: event_of.get(i, "missing-" + i) for i in gold}, gold)
    return sum(i in event_of for i in gold), " / ".join(f"{v:.3f}" for v in score)


def alone(rows: list[Row], tmp: Path) -> list[tuple[str, int, float]]:
    """Each main event's pages through ``cluster`` alone: the share in the largest output event."""
    out = []
    for event in sorted({r["event"] for r in rows if not r["event"].startswith("distractor-")}):
        mine = [r for r in rows if r["event"] == event]
        got, _ = run_cluster(mine, tmp)
        largest = Counter(x["event"] for x in got.values()).most_common(1)[0][1]
        out.append((event, len(mine), largest / len(mine)))
    return out


def report(tmp: Path) -> str:
    dev, dev2 = load("realworld_dev"), load("realworld_dev2")
    lines = [
        f"Date evidence and the time rule, measured {machine()}; load average "
        f"{os.getloadavg()[0]:.1f} at the start (shared machine: CPU times, not wall times).\n",
        "Publication dates of realworld_dev2 as `brief` gives them (`Article.published`), against its "
        "`published` labels (a label only; inputs are `id`, `url`, `text`). Right = the labelled "
        "day; wrong = another day; null = no date given (text-only evidence is never published). "
        "Halves by event family: A = quakes + politics, B = air + business/fire. The URL, layout "
        "and text patterns were written reading misses across all of dev2 (realworld_dev has no "
        "date labels), so both halves are design data, not a check set.\n",
        "| set | labelled | right | wrong | null | dated, unlabelled | sources of the dates given |",
        "|---|---|---|---|---|---|---|",
    ]
    parts = {"dev2 all": dev2, "dev2 half A": [r for r in dev2 if half(r["event"]) == "A"],
             "dev2 half B": [r for r in dev2 if half(r["event"]) == "B"], "realworld_dev": dev}  # fmt: skip
    start = time.process_time()
    for name, rows in parts.items():
        score, source = date_table(rows)
        labelled = score["right"] + score["wrong"] + score["null"]
        srcs = ", ".join(f"{k} {v}" for k, v in sorted(source.items()))
        lab = f"{labelled}" if labelled else "0 (no labels)"
        lines.append(
            f"| {name} | {lab} | {score['right']} | {score['wrong']} | {score['null']} "
            f"| {score['unlabelled, dated']} | {srcs} |"
        )
    per_page = (time.process_time() - start) / sum(len(r) for r in parts.values())
    l3s_rows = load("l3s_dev")
    l3s, weak = layout_vs_url(l3s_rows), weak_bounds(l3s_rows)
    weak2 = weak_bounds(dev2)
    pol, pol_weak = polnear_check()
    lines += [
        "",
        "The layout reader alone on whole rendered pages, furniture included (l3s_dev, the pages "
        "whose URL gives the day; the URL withheld and taken as the truth; a day off is mostly "
        f"the time zone): {l3s['right']} right, {l3s['1 day off']} a day off, {l3s['wrong']} "
        f"wrong, {l3s['null']} null of {sum(l3s.values())}.",
        "",
        "The weak bound (the text's latest dated mention in its prose, what lies ahead and update "
        "stamps left out; used by the time rule only, never published) against the URL's day: "
        f"l3s_dev {weak['on or below']} on or below, {weak['above the day']} above, "
        f"{weak['none']} none; realworld_dev2 {weak2['on or below']} on or below, "
        f"{weak2['above the day']} above, {weak2['none']} none.",
        "",
        f"polnear_train ({sum(pol.values())} articles, no URLs; the day in each id as the truth): "
        f"dates given {pol['right']} right, {pol['1 day off']} a day off, {pol['wrong']} wrong, "
        f"{pol['null']} null; weak bounds of the undated {pol_weak['on or below']} on or below the "
        f"day, {pol_weak['above the day']} above.",
        f"Cleaning with the date evidence: {1000 * per_page:.1f} ms CPU per page (whole `clean_document`).",
        "",
        "`newsweave cluster` (inputs `id`, `url`, `text`), B-cubed precision / recall / F1:",
        "",
        "| set | mode | event | story | CPU s | event F1 per half of dev2 (same run) |",
        "|---|---|---|---|---|---|",
    ]
    for name, rows in (("realworld_dev", dev), ("realworld_dev2", dev2)):
        for inc in (False, True):
            ev, st, cpu, halves = grouping_scores(rows, tmp, inc)
            mode = "--incremental" if inc else "batch"
            lines.append(f"| {name} ({len(rows)}) | {mode} | {ev} | {st} | {cpu:.1f} | {halves} |")
    for name, rows in (("realworld_dev", dev), ("realworld_dev2", dev2)):
        stored, ev = store_scores(rows, tmp)
        mode = f"store, 3 interleaved ingests ({stored} stored)"
        lines.append(f"| {name} ({len(rows)}) | {mode} | {ev} | | | |")
    lines += [
        "",
        "Event grouping since the dates work: similarity needs shared informative mass "
        "(`events.vectors.event_sims`), a URL's month or year bounds an undated page "
        "(`events.guards.url_bounds`), and the signature veto (`events.signature`). The veto's "
        "design read the merges of all of dev2 (both halves: the VW, Brexit, Italy quake look-alikes); "
        "its constants were set where realworld_dev and the DUC 2003 mix (tuning side) hold, with "
        "dev2's figures in view. So dev2 is not a clean check set for it: held-out sets are.",
        "",
        "The lead veto (`events.leads`: two groups of 3+ distinct reports of one language whose "
        "leads are less than half as alike across as within the lower group stay apart; a "
        "near-copy's lead counts once) was designed reading lead-cosine statistics on "
        "realworld_dev and on both halves of dev2; its ratio (one half) is a round value, its "
        "minimum of 3 reports a side was set after dev2 showed groups of 2 of one event "
        "(Germanwings, the MH17 verdict) vetoed at 2. It separates Brexit from the Scottish "
        "referendum (half A); the dev look-alikes (distractors of 1-2 pages) are too small for it. "
        "dev2 event F1 before it (same code otherwise): 0.897 (A 0.858, B 0.938); realworld_dev "
        "0.913 and --incremental unchanged.",
        "",
        "The lead split (`events.leads.split_event`): once the groups stand, each event's "
        "main-language leads are cut in two by average link over their cosines and the veto's "
        "test (3+ reports a part, cross mean under half the lower within mean) is asked of the "
        "two parts; leads alike in nothing within a part (under 0.1) cut nothing. It catches "
        "look-alike reports that joined one by one, never a group of 3 the guard could judge "
        "(half A: Mnangagwa's inauguration inside Mugabe's resignation). Before it (commit "
        "a776037, in process, same code otherwise): dev2 batch 0.910 (A 0.883, B 0.938), "
        "--incremental 0.931 (A 0.905); realworld_dev 0.922 and the dev main events alone "
        "unchanged; the DUC 2003 / MultiLing mix (tuning side) 0.913 -> 0.908: a MultiLing "
        "topic of several weeks is cut by its leads (the floor of 0.1 was set on this mix, "
        "where 0.05-0.15 give the same; without it a DUC topic with boilerplate leads, within "
        "0.02, was cut too). Asking the test of every subtree of the leads' dendrogram instead "
        "of the top cut: realworld_dev 0.905, dev2 0.917, so not taken.",
        "",
        "The rejoin (`events.rejoin`, batch and incremental): once the split has cut, each part "
        "of a cut event is offered to the events its reports are linked to (its sibling "
        "excepted) and joins the closest when the mean similarity of its reports to that "
        "event's reaches the event threshold and the vetoes of average link (time rule, "
        "signature, lead test) allow the two whole groups. Designed reading half A's merges "
        "(three wire versions of Mugabe's resignation had joined Mnangagwa's inauguration three "
        "days later; the split gave them back as a group of their own); no new constant. Before "
        "it (commit 57837e8, in process, same code otherwise): dev2 batch 0.917 (A 0.897, B "
        "0.938); realworld_dev 0.922, the DUC 2003 / MultiLing mix 0.908 and --incremental "
        "(dev 0.917, dev2 0.944: no event is cut there) unchanged. Half B (not read) is "
        "unchanged by it.",
        "",
        "The name cut (`events.rejoin.split_by_names`, batch and incremental, before the lead "
        "split): each event's main-language reports with rare names are cut in two by average "
        "link over their name sets, and the cut stands when the two parts sign different events "
        "(`signature.apart`, its own constants) and their leads are apart (the lead veto's test, "
        "its own ratio): two facts, so two reports a part suffice (the signature's minimum). It "
        "catches a look-alike whose reports joined one by one, each too small for the signature "
        "veto (realworld_dev, tuning side: the 2024 election's two reports inside 2019's). The "
        "names alone cut two MultiLing topics of several weeks (DUC 2003 / MultiLing mix 0.908 -> "
        "0.903), whose leads are alike: the lead test keeps them. Before it (commit 9015e54, in "
        "process): realworld_dev batch 0.922, --incremental 0.917; dev2 batch 0.927 (A 0.917, B "
        "0.938, no cut), --incremental 0.944 (A 0.931, B 0.957: A's L'Aquila quake and the "
        "scientists' verdict three years later are cut apart); the DUC mix 0.908 and every main "
        "event alone unchanged. The table above was run at 0a786fb; the two later commits (the "
        "parts' neighbours looked up otherwise) give the same figures in process.",
        "",
        "Tried and not landed this session (in process): the lead vectors without the names "
        "(capitalised words the text never writes in lower case: the leads' 'what happened' "
        "alone): realworld_dev 0.898 (was 0.922), dev2 0.859 (Brexit and the Scottish referendum "
        "merge again: their names are what tells them apart); month-day mentions without a year "
        "resolved against a group's dated days as a weak bound of the day: on the labelled "
        "events, 3 of 14 such pages of realworld_dev and 3 of 20 of dev2 would be vetoed from "
        "their own event (a plan: 'Brexit on 31 January', a resignation 'on June 7'), so not "
        "taken.",
        "",
        "Each main event of dev2 grouped alone (its pages only): share in its largest event.",
        "",
    ]
    lines += ["| event | pages | largest share |", "|---|---|---|"]
    lines += [f"| {e} | {n} | {s:.0%} |" for e, n, s in alone(dev2, tmp)]
    return "\n".join(lines) + "\n"


def wrong_merges(rows: list[Row], tmp: Path) -> list[str]:
    """The output events of ``newsweave cluster`` that hold reports of more than one labelled
    event, largest first: per event its labels with their page counts and, for dev2, its half.
    What to read before changing a rule (nothing here is scored)."""
    out, _ = run_cluster(rows, tmp)
    held: dict[str, Counter[str]] = {}
    for r in rows:
        event = out[r["id"]]["event"] if r["id"] in out else "missing-" + r["id"]
        held.setdefault(event, Counter())[r["event"]] += 1
    lines = []
    for event, labels in sorted(held.items(), key=lambda kv: (-sum(kv[1].values()), kv[0])):
        if len(labels) < 2:
            continue
        first = next(iter(labels))
        side = f"half {half(first)}: " if first.removeprefix("distractor-").split("-")[0] in FAMILIES else ""
        parts = ", ".join(f"{label} {n}" for label, n in labels.most_common())
        lines.append(f"{event} ({sum(labels.values())} pages) {side}{parts}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-write", action="store_true", help="print without updating docs/benchmarks.md")
    parser.add_argument("--merges", action="store_true", help="print the wrong merges of dev and dev2 only")
    parser.add_argument("--orders", action="store_true", help="batch and --incremental in other orders")
    args = parser.parse_args()
    if not DATA.is_dir():
        raise SystemExit("../shared/data is absent: nothing to measure")
    if args.orders:
        with tempfile.TemporaryDirectory() as name:
            title = "## Grouping and the order of the input (`bench/dates.py --orders`)\n\n"
            body = title + orders_report(Path(name))
        print(body)
        if not args.no_write:
            write_section("grouping-orders", body)
        return
    if args.merges:
        with tempfile.TemporaryDirectory() as name:
            for data in ("realworld_dev", "realworld_dev2"):
                print(f"{data}:", *wrong_merges(load(data), Path(name)), sep="\n  ")
        return
    with tempfile.TemporaryDirectory() as name:
        body = "## Date evidence and the time rule (`bench/dates.py`)\n\n" + report(Path(name))
    print(body)
    if not args.no_write:
        write_section("dates", body)


if __name__ == "__main__":
    main()
