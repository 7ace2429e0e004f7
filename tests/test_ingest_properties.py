"""Properties: readers never raise on arbitrary bytes; text and JSONL round-trip what they read."""

from __future__ import annotations

import gzip
import io
import json

from fixtures.ingest.builders import feed, good_warc, page, rss_item
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from newsweave.errors import InputError
from newsweave.ingest import BUG, read_stream
from newsweave.ingest.text import decode
from newsweave.records import RawDocument

PREFIXES = [
    b"",
    b"\xef\xbb\xbf",
    b"\xff\xfe",
    b"WARC/1.0\r\n",
    b"<?xml version='1.0'?><rss version='2.0'><channel><item><content:encoded>",
    b"<feed xmlns='http://www.w3.org/2005/Atom'><entry><content type='html'>",
    b"<!DOCTYPE html><html><body><p>",
    b'{"text": "',
    b'{"html": "<p>',
    b"\x1f\x8b",
]
SAMPLES = [
    page("T", "O", "A", ["Some words of an article here."]).encode(),
    feed(rss_item(1)).encode(),
    good_warc(),
    gzip.compress(good_warc()[:300]),
    b'{"id": "a", "text": "x"}\n{"html": "<p>y</p>"}\n',
]
NAMES = ["a.txt", "a.html", "a.jsonl", "a.xml", "a.warc.gz", "a", "a.json"]
SAFE_ID = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")


def read_all(data: bytes, name: str) -> list[RawDocument | InputError]:
    items = list(read_stream(io.BytesIO(data), name, len(data)))
    for item in items:
        assert isinstance(item, (RawDocument, InputError))
        if isinstance(item, InputError):
            assert "\n" not in str(item) and str(item).startswith(name)
            assert BUG not in item.problem and "cannot be read (" not in item.problem, item
        else:
            assert item.text and set(item.id) <= SAFE_ID
    return items


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PREFIXES), st.binary(max_size=2000), st.sampled_from(NAMES))
def test_readers_never_raise_on_arbitrary_bytes(prefix: bytes, body: bytes, name: str) -> None:
    read_all(prefix + body, name)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SAMPLES), st.data(), st.sampled_from(NAMES))
def test_readers_never_raise_on_mutated_samples(sample: bytes, data: st.DataObject, name: str) -> None:
    cut = data.draw(st.integers(0, len(sample)))
    junk = data.draw(st.binary(max_size=40))
    keep = data.draw(st.integers(0, len(sample)))
    read_all(sample[:cut] + junk + sample[keep:], name)


TEXT = st.text(
    alphabet=st.characters(blacklist_categories=("Cc", "Cs"), blacklist_characters="\ufeff"),
    min_size=1,
).filter(lambda s: s.strip() and not s.lstrip().startswith(("<", "{", "[", "WARC/")))


@settings(max_examples=200, deadline=None)
@given(TEXT, st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "utf-32"]))
def test_text_round_trips_in_unicode_encodings(text: str, encoding: str) -> None:
    assert decode(text.encode(encoding), "x.txt") == text
    (doc,) = read_all(text.encode(encoding), "story.txt")
    assert isinstance(doc, RawDocument) and doc.text == text and doc.id == "story"


ARTICLE = st.fixed_dictionaries(
    {"text": TEXT},
    optional={"id": st.text(min_size=1, max_size=30).filter(str.strip), "title": st.text(max_size=30),
              "url": st.text(max_size=30), "lang": st.sampled_from(["en", "fr"])},
)


@settings(max_examples=100, deadline=None)
@given(st.lists(ARTICLE, min_size=1, max_size=5))
def test_jsonl_reads_every_article_object(rows: list[dict[str, str]]) -> None:
    data = "".join(json.dumps(r) + "\n" for r in rows).encode()
    docs = read_all(data, "batch.jsonl")
    assert [d.text for d in docs if isinstance(d, RawDocument)] == [r["text"] for r in rows]
