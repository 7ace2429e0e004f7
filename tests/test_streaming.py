"""Inputs are streamed: a multi-GB-equivalent JSON Lines stream, generated lazily, goes through
the reader and the engine's partitions without being held in memory."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

SCRIPT = textwrap.dedent(
    """
    import io, json, sys
    from newsweave.engine import LocalEngine, partitions
    from newsweave.ingest import read_stream
    from newsweave.records import RawDocument

    RECORDS, BODY = int(sys.argv[1]), int(sys.argv[2])
    WORDS = ("the dam held as crews worked through the night near the river town " * (BODY // 60 + 1))[:BODY]

    class Generated(io.RawIOBase):
        # A readable, lazily generated JSONL stream; nothing is ever materialised whole.
        def __init__(self):
            self.n, self.buf, self.pos = 0, b"", 0
        def readable(self):
            return True
        def seekable(self):
            return True
        def seek(self, offset, whence=0):
            assert offset == 0 and whence == 0 and self.n <= 1, "only a rewind of the head"
            self.n, self.buf, self.pos = 0, b"", 0
            return 0
        def readinto(self, b):
            while len(self.buf) - self.pos < len(b) and self.n < RECORDS:
                self.n += 1
                line = json.dumps({"id": f"a{self.n}", "text": f"Report {self.n}. " + WORDS})
                self.buf = self.buf[self.pos:] + line.encode() + b"\\n"
                self.pos = 0
            chunk = self.buf[self.pos:self.pos + len(b)]
            b[:len(chunk)] = chunk
            self.pos += len(chunk)
            return len(chunk)

    def measure(part):
        return [len(d.text or "") for d in part if isinstance(d, RawDocument)]

    stream = io.BufferedReader(Generated(), buffer_size=1 << 20)
    total = count = 0
    for sizes in LocalEngine().map_partitions(measure, partitions(read_stream(stream, "gen.jsonl"), 64)):
        count += len(sizes)
        total += sum(sizes)
    # VmHWM, not ru_maxrss: Linux carries ru_maxrss over from the (large) parent across exec.
    hwm = next(line for line in open("/proc/self/status") if line.startswith("VmHWM"))
    print(count, total, int(hwm.split()[1]) // 1024)
    """
)


@pytest.mark.slow
def test_multi_gb_stream_in_bounded_memory() -> None:
    records, body = 12_500, 200_000  # ~2.5 GB of JSON Lines
    proc = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(records), str(body)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr
    count, total, rss_mb = (int(x) for x in proc.stdout.split())
    assert count == records
    assert total > 2_000_000_000
    assert rss_mb < 400, f"peak RSS {rss_mb} MB: the stream was held in memory"
