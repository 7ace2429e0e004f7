"""Named limits that keep reading hostile input bounded in memory and time."""

from __future__ import annotations

MIB = 1024 * 1024

# One document read whole: a text or HTML file, one JSON Lines line, one WARC payload.
MAX_DOCUMENT_BYTES = 16 * MIB
# Tags in one HTML page (counted as "<"): trafilatura spends ~0.3 ms per element, so this
# bounds one page to ~15 s; real article pages hold a few thousand.
MAX_HTML_TAGS = 50_000
# The clean text of one article: spaCy's default ``nlp.max_length``, far above any news story.
MAX_TEXT_CHARS = 1_000_000
# A feed file is parsed whole by feedparser.
MAX_FEED_BYTES = 32 * MIB
# A WARC record longer than this is not skipped (that means decompressing it): the file stops.
MAX_WARC_RECORD_BYTES = 1024 * MIB
# How much of a file is read to recognise its format.
SNIFF_BYTES = 64 * 1024
# Bad lines, items or records listed one by one per file; the rest are counted in one line.
MAX_ERRORS_PER_FILE = 20
# A feed item without full content is still read when its summary has at least this many words.
MIN_FEED_SUMMARY_WORDS = 150
# Share of bytes >= 0x80 above which non-UTF-8 bytes are not taken for Windows-1252 accents.
MAX_FALLBACK_SHARE = 0.2
# Share of NUL bytes above which a file without a UTF-16/32 byte pattern is binary.
MAX_NUL_SHARE = 0.001
# Share of control characters above which decoded "text" is taken for binary data.
MAX_CONTROL_SHARE = 0.05


def mib(n: int) -> str:
    """A byte count for messages: ``16 MiB``."""
    return f"{n / MIB:.0f} MiB" if n >= MIB else f"{n} bytes"
