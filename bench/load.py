"""Load benchmark: `newsweave serve` under concurrent mixed traffic, on loopback only.

    .venv/bin/python bench/load.py [--articles 10000] [--requests 6000] [--connections 16] [--duration 300]

Builds the synthetic store of ``bench/web.py`` (its ``build``, no NLP), starts ``newsweave serve``
on a free port of 127.0.0.1 in a subprocess, and sends a fixed number of requests over several
keep-alive connections at once (asyncio + httpx), mixing every read route with requests that
must answer 404 or 422. The run is bounded: it stops at ``--requests`` or after ``--duration``
seconds, whichever comes first. Every response must have its expected status; any other status
or transport error counts as an error and makes the script exit 1. Writes the ``load`` section
of docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from bench._report import machine, write_section  # noqa: E402
from bench.web import PLACES, WORDS, build, free_port, p  # noqa: E402

HOST = "127.0.0.1"


@dataclass
class Tally:
    ms: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: list[str] = field(default_factory=list)

    def all_ms(self) -> list[float]:
        return [v for values in self.ms.values() for v in values]


def plan(n: int, n_articles: int, seed: int = 3) -> list[tuple[str, str, int]]:
    """``n`` requests (route label, URL, expected status), shuffled."""
    rng = random.Random(seed)
    n_events = -(-n_articles // 10)

    def art() -> str:
        return f"a{rng.randrange(n_articles):05d}"

    def ev() -> str:
        return f"e{rng.randint(1, n_events)}"

    makers = [  # (weight, label, maker)
        (3, "event list `/`", lambda: ("/", 200)),
        (2, "search `/?q=`", lambda: (f"/?q={rng.choice(WORDS)}+{rng.choice(PLACES)}", 200)),
        (4, "event page `/events/{id}`", lambda: (f"/events/{ev()}", 200)),
        (4, "article page `/articles/{id}`", lambda: (f"/articles/{art()}", 200)),
        (1, "API list `/api/events`", lambda: ("/api/events", 200)),
        (3, "API briefing `/api/events/{id}`", lambda: (f"/api/events/{ev()}", 200)),
        (3, "API article `/api/articles/{id}`", lambda: (f"/api/articles/{art()}", 200)),
        (1, "unknown ids (404)", lambda: (rng.choice([f"/events/e{n_events + 1 + rng.randrange(99)}",
                                                       f"/api/articles/zz{rng.randrange(999)}",
                                                       "/no/such/page"]), 404)),
        (1, "invalid ids and parameters (422)", lambda: (rng.choice(["/?page=0", "/events/a%20b",
                                                                     "/api/articles/x'--"]), 422)),
    ]
    labels = [label for w, label, _ in makers for _ in range(w)]
    build_of = {label: make for _, label, make in makers}
    out = []
    for i in range(n):
        label = labels[i % len(labels)]
        url, status = build_of[label]()
        out.append((label, url, status))
    rng.shuffle(out)
    return out


async def drive(base: str, work: list[tuple[str, str, int]], connections: int, deadline: float,
                tally: Tally) -> int:
    """Send ``work`` over ``connections`` concurrent keep-alive connections; returns requests sent."""
    import httpx

    queue = iter(work)
    sent = 0
    limits = httpx.Limits(max_connections=connections, max_keepalive_connections=connections)
    async with httpx.AsyncClient(base_url=base, timeout=30, limits=limits,
                                 follow_redirects=False) as client:

        async def worker() -> None:
            nonlocal sent
            for label, url, status in queue:
                if time.monotonic() > deadline:
                    return
                t = time.perf_counter()
                try:
                    r = await client.get(url)
                    got = r.status_code
                except httpx.HTTPError as exc:
                    got = 0
                    tally.errors.append(f"{url}: {type(exc).__name__}")
                tally.ms[label].append((time.perf_counter() - t) * 1000)
                sent += 1
                if got and got != status:
                    tally.errors.append(f"{url}: HTTP {got}, expected {status}")

        await asyncio.gather(*(worker() for _ in range(connections)))
    return sent


def wait_ready(base: str, server: subprocess.Popen[bytes]) -> None:
    import httpx

    for _ in range(300):
        if server.poll() is not None:
            raise SystemExit(f"newsweave serve exited with {server.returncode}")
        try:
            httpx.get(f"{base}/static/style.css", timeout=2)
            return
        except httpx.TransportError:
            time.sleep(0.1)
    raise SystemExit("newsweave serve did not start")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--articles", type=int, default=10_000)
    ap.add_argument("--requests", type=int, default=6000)
    ap.add_argument("--connections", type=int, default=16)
    ap.add_argument("--duration", type=float, default=300.0, help="Stop after this many seconds.")
    args = ap.parse_args()
    assert ipaddress.ip_address(HOST).is_loopback  # never aim load anywhere but 127.0.0.0/8
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "load.db"
        build(db, args.articles)
        port = free_port()
        base = f"http://{HOST}:{port}"
        server = subprocess.Popen([sys.executable, "-m", "newsweave", "serve", "--db", str(db),
                                   "--host", HOST, "--port", str(port)], cwd=REPO)
        try:
            wait_ready(base, server)
            work = plan(args.requests, args.articles)
            asyncio.run(drive(base, work[:200], 4, time.monotonic() + 60, Tally()))  # warm up
            tally = Tally()
            t0 = time.perf_counter()
            sent = asyncio.run(drive(base, work, args.connections,
                                     time.monotonic() + args.duration, tally))
            wall = time.perf_counter() - t0
            load = os.getloadavg()[0]
        finally:
            server.terminate()
            server.wait(10)
    md = report(args, tally, sent, wall, load)
    print(md)
    for line in tally.errors[:20]:
        print(line, file=sys.stderr)
    write_section("load", md)
    if tally.errors or sent < args.requests:
        raise SystemExit(1)


def report(args: argparse.Namespace, tally: Tally, sent: int, wall: float, load: float) -> str:
    every = tally.all_ms()
    lines = [
        "## Server under load (`bench/load.py`)",
        "",
        f"`.venv/bin/python bench/load.py --articles {args.articles} --requests {args.requests} "
        f"--connections {args.connections} --duration {args.duration:g}` — {machine()}.",
        "",
        f"Store: the synthetic {args.articles:,} articles of `bench/web.py`. `newsweave serve` on "
        f"{HOST} (loopback only); {args.connections} concurrent keep-alive connections from one "
        "asyncio + httpx client on the same machine, every read route mixed with requests that "
        "must answer 404 or 422; latency measured at the client, so it includes queueing behind "
        f"the other connections. Load average at the end: {load:.1f} on {os.cpu_count()} cores "
        "(shared machine; the client and the server share its cores).",
        "",
        f"**{sent:,} requests in {wall:.1f} s: {sent / wall:.0f} requests/s, "
        f"{len(tally.errors)} errors** (an error is a transport failure or any status other than "
        f"the expected one); p50 {statistics.median(every):.1f} ms, p99 {p(every, 0.99):.1f} ms.",
        "",
        "| route | requests | p50 ms | p99 ms | expected status |",
        "|---|---:|---:|---:|---|",
    ]
    for label, ms in sorted(tally.ms.items(), key=lambda kv: -len(kv[1])):
        status = "404" if "404" in label else "422" if "422" in label else "200"
        lines.append(f"| {label} | {len(ms)} | {statistics.median(ms):.1f} | {p(ms, 0.99):.1f} | {status} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main()
