"""Inputs that once crashed a reader (found by bench/fuzz_readers.py): each must give an error line."""

from __future__ import annotations

import io

import pytest

from newsweave.errors import InputError
from newsweave.ingest import BUG, read_stream
from newsweave.ingest.detect import root_element
from newsweave.records import RawDocument

CRASHES = [
    # feedparser decoded the XML declaration's encoding name as UTF-8 and raised
    ("a.rss", b'<?xml version="1.0" encoding="utf\xef\xef-8"?>\n<rss version="2.0"><channel>'
              b"<item><title>T</title><description>x</description></item></channel></rss>"),
    # an item title with a line break split the error line in two
    ("a.rss", b'<rss version="2.0"><channel><item><title>Line one\nline two</title>'
              b"<link>https://x.example/a</link></item></channel></rss>"),
    # warcio raised AttributeError on a response record without WARC-Target-URI
    ("a.warc", b"WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:1>\r\n"
               b"Content-Length: 52\r\n\r\nHTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n"
               b"<p>x</p>\r\n\r\n"),
    # a declared charset that is a codec but not a text encoding: LookupError
    ("a.html", b'<html><head><meta charset="base64"></head><body><p>Caf\xe9 on the bank.</p>'
               b"</body></html>"),
    ("a.html", b'<html><head><meta charset="rot13"></head><body><p>Caf\xe9</p></body></html>'),
    # json.loads raises ValueError (not JSONDecodeError) on an integer over 4,300 digits
    ("a.jsonl", b'{"id": ' + b"9" * 5000 + b', "text": "x"}\n'),
    # expat (inside defusedxml) raised LookupError on an unknown encoding name
    ("a.rss", b'<?xml version="1.0" encoding="utf-9"?>\n<rss version="2.0"><channel>'
              b"<item><title>T</title><description>x</description></item></channel></rss>"),
]


@pytest.mark.parametrize(("name", "data"), CRASHES)
def test_former_crash_gives_error_lines(name: str, data: bytes) -> None:
    items = list(read_stream(io.BytesIO(data), name, len(data)))
    assert items and all(isinstance(i, (RawDocument, InputError)) for i in items)
    for item in items:
        if isinstance(item, InputError):
            assert "\n" not in str(item) and str(item).startswith(name)
            assert BUG not in item.problem, item


def test_entity_declaration_in_utf16_feed_is_refused() -> None:
    xml = ('<?xml version="1.0" encoding="utf-16"?><!DOCTYPE rss [<!ENTITY a "aaaaaaaaaa">]>'
           "<rss><channel><item><title>&a;</title></item></channel></rss>").encode("utf-16")
    (err,) = list(read_stream(io.BytesIO(xml), "wide.rss", len(xml)))
    assert isinstance(err, InputError) and "refused" in err.problem


def test_page_dates_never_reach_dateparser(monkeypatch: pytest.MonkeyPatch) -> None:
    # A fuzzed page spent 10-30 s in htmldate's "extensive" search (dateparser over all locales).
    import htmldate.extractors

    def refuse(string: str) -> None:
        raise AssertionError(f"dateparser asked to parse {string!r}")

    monkeypatch.setattr(htmldate.extractors, "_external_date", refuse)
    html = (b'<html><head><meta property="article:published_time" content="2024-44-09T09:30:00Z">'
            b"</head><body><article><p class='date'>Posted Tuesday the 9th of Aprol, 2024</p>"
            b"<p>The council voted on Tuesday to rebuild the old stone bridge over the Lantern "
            b"River, which was closed after the spring floods damaged two of its arches.</p>"
            b"</article></body></html>")
    items = list(read_stream(io.BytesIO(html), "odd-date.html", len(html)))
    assert [type(i).__name__ for i in items] == ["RawDocument"]


@pytest.mark.parametrize(
    ("text", "root"),
    [
        ('<?xml version="1.0"?><!-- c --><!DOCTYPE rss [<!ENTITY a "b>">]>\n<rss>', "rss"),
        ("<!DOCTYPE html><html>", "html"),
        ("  <rdf:RDF x>", "rdf:RDF"),
        ("<!-- a > b -->  <feed>", "feed"),
        ("<!DOCTYPE x", ""),
        ("<!-- never closed", ""),
        ("plain", ""),
        # a regular expression over these parts backtracked for minutes on this
        ("<!---->" * 9000 + " " * 100, ""),
    ],
)
def test_root_element(text: str, root: str) -> None:
    assert root_element(text) == root
