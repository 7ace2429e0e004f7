"""Readers: each format recognised by content, with metadata, ids and encodings."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from fixtures.ingest.builders import (
    PARAGRAPHS,
    feed,
    good_warc,
    jsonl_articles,
    page,
    rss_item,
    text_article,
    warc_bytes,
    write_good,
)

from newsweave.errors import InputError
from newsweave.ingest import extract_html, read_paths, read_stream
from newsweave.ingest.detect import Format, sniff
from newsweave.records import RawDocument


def read(path: Path) -> tuple[list[RawDocument], list[InputError]]:
    items = list(read_paths([str(path)]))
    return ([i for i in items if isinstance(i, RawDocument)],
            [i for i in items if isinstance(i, InputError)])


def read_bytes(data: bytes, name: str) -> tuple[list[RawDocument], list[InputError]]:
    items = list(read_stream(io.BytesIO(data), name, len(data)))
    return ([i for i in items if isinstance(i, RawDocument)],
            [i for i in items if isinstance(i, InputError)])


HTML = page("Brackenford floods", "Riverside Echo", "Ana Vell", PARAGRAPHS)


@pytest.mark.parametrize(
    ("data", "name", "fmt"),
    [
        (text_article().encode(), "a.txt", Format.TEXT),
        (text_article().encode(), "a.html", Format.TEXT),  # no markup: text whatever the name
        (HTML.encode(), "a.txt", Format.HTML),
        (HTML.encode(), "page", Format.HTML),
        (jsonl_articles().encode(), "a.txt", Format.JSONL),
        (b'{"text": "x"}\n', "a", Format.JSONL),
        (b"garbage first line\n", "a.jsonl", Format.JSONL),
        (feed(rss_item(1)).encode(), "a.txt", Format.FEED),
        (b'<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title></feed>', "x", Format.FEED),
        (good_warc(), "a.bin", Format.WARC),
        (warc_bytes([("https://x.example/", HTML.encode(), [])], gz=False), "a", Format.WARC),
        ("\ufeff".encode() + HTML.encode(), "a", Format.HTML),
        (HTML.encode("utf-16"), "a", Format.HTML),
        (b"{ not json but prose in braces }\n", "a.txt", Format.TEXT),
    ],
)
def test_sniff_by_content(data: bytes, name: str, fmt: Format) -> None:
    assert sniff(data[:65536], name, Path(name).suffix) is fmt


def test_good_folder_reads_every_article(tmp_path: Path) -> None:
    counts = write_good(tmp_path)
    docs, errors = read(tmp_path)
    assert errors == []
    by_file: dict[str, int] = {}
    for doc in docs:
        by_file[Path(doc.path or "").name] = by_file.get(Path(doc.path or "").name, 0) + 1
        assert doc.text and "Brackenford" in doc.text or "rain" in (doc.text or "")
    assert by_file == counts


def test_html_metadata_and_paragraphs(tmp_path: Path) -> None:
    (tmp_path / "echo.html").write_text(HTML, encoding="utf-8")
    (doc,), errors = read(tmp_path / "echo.html")
    assert errors == []
    assert (doc.title, doc.author, doc.outlet, doc.fmt) == (
        "Brackenford floods", "Ana Vell", "Riverside Echo", "html")
    assert doc.date and doc.date.startswith("2024-04-09")
    assert doc.id == "echo"
    assert "\n\n".join(PARAGRAPHS) in (doc.text or "")
    assert "Copyright" not in (doc.text or "") and "Home" not in (doc.text or "")


def test_extract_html_falls_back_to_url_host_and_keeps_given_fields() -> None:
    html = "<html><body><article>" + "".join(f"<p>{p}</p>" for p in PARAGRAPHS) + "</article></body></html>"
    doc = extract_html(RawDocument(id="x", html=html, url="https://news.example.org/a/1", title="Given"))
    assert doc.outlet == "news.example.org"
    assert doc.title == "Given"
    assert doc.text and doc.text.count("\n\n") == len(PARAGRAPHS) - 1


def test_extract_html_without_body_gives_empty_text() -> None:
    doc = extract_html(RawDocument(id="x", html="<html><script>x()</script></html>"))
    assert doc.text == ""


def test_jsonl_ids_fields_and_bad_lines(tmp_path: Path) -> None:
    good = json.loads(jsonl_articles().splitlines()[0])
    lines = [
        json.dumps(good),
        "",
        "{broken",
        "[1, 2]",
        '"just a string"',
        json.dumps({"title": "no body"}),
        json.dumps({"text": 42}),
        json.dumps({"text": "A second article without id.", "date": 20240409}),
        jsonl_articles().splitlines()[1],
    ]
    path = tmp_path / "feed.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    docs, errors = read(path)
    assert [d.id for d in docs] == ["lantern_flood_1", "feed", "lantern-2"]
    assert docs[0].outlet == "Valley Courier" and docs[0].url == "https://valleycourier.example/a"
    assert docs[1].date == "20240409"
    assert docs[2].text and "Mayor Idris Calloway" in docs[2].text and docs[2].fmt == "jsonl"
    assert all(d.path == str(path) for d in docs)
    where = [str(e).split(": ", 1)[0] for e in errors]
    assert where == [f"{path}:{n}" for n in (2, 3, 4, 5, 6, 7)]
    problems = " | ".join(e.problem for e in errors)
    for words in ("empty line", "not valid JSON", "JSON array", "JSON string", 'no "text"',
                  "JSON number"):
        assert words in problems


def test_jsonl_line_over_limit_is_skipped_and_rest_read(tmp_path: Path) -> None:
    path = tmp_path / "big.jsonl"
    with open(path, "w") as fh:
        fh.write(json.dumps({"id": "a", "text": "First."}) + "\n")
        fh.write('{"id": "b", "text": "' + "y" * (17 * 1024 * 1024) + '"}\n')
        fh.write(json.dumps({"id": "c", "text": "Third."}) + "\n")
    docs, errors = read(path)
    assert [d.id for d in docs] == ["a", "c"]
    assert len(errors) == 1 and errors[0].path == f"{path}:2" and "limit" in errors[0].problem


def test_feed_items_full_content_and_link_only(tmp_path: Path) -> None:
    path = tmp_path / "harbour.xml"
    path.write_text(feed(rss_item(1) + rss_item(2, full=False)), encoding="utf-8")
    docs, errors = read(path)
    assert len(docs) == 1 and len(errors) == 1
    doc = docs[0]
    assert (doc.id, doc.url, doc.title, doc.author, doc.outlet, doc.fmt) == (
        "https___harbourpost.example_flood-1", "https://harbourpost.example/flood-1",
        "Flood story 1", "Lio Marsh", "Harbour Post", "feed")
    assert doc.date == "2024-04-09T10:00:00Z"
    assert "\n\n".join(PARAGRAPHS) == doc.text
    assert "item 2 (Flood story 2)" in str(errors[0]) and "no full content" in str(errors[0])


def test_atom_feed() -> None:
    atom = (
        '<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Quay Daily</title>'
        "<entry><id>tag:quay.example,2024:7</id><title>Ferry resumes</title>"
        "<author><name>Rui Santos</name></author><updated>2024-04-10T08:00:00Z</updated>"
        '<link href="https://quay.example/ferry"/><content type="html">'
        + "".join(f"&lt;p&gt;{p}&lt;/p&gt;" for p in PARAGRAPHS)
        + "</content></entry></feed>"
    )
    (doc,), errors = read_bytes(atom.encode(), "quay.atom")
    assert errors == []
    assert (doc.id, doc.author, doc.outlet, doc.date) == (
        "tag_quay.example_2024_7", "Rui Santos", "Quay Daily", "2024-04-10T08:00:00Z")


def test_warc_records_ids_and_urls() -> None:
    docs, errors = read_bytes(good_warc(), "crawl.warc.gz")
    assert errors == []
    assert [d.url for d in docs] == ["https://tidewater.example/flood", "https://tidewater.example/rain"]
    for doc in docs:
        assert doc.id.startswith("urn_uuid_") and doc.fmt == "warc" and doc.path == "crawl.warc.gz"
        assert doc.outlet == "Tidewater Times" and doc.author == "Jo Prentiss"


def test_warc_skips_non_html_records_silently() -> None:
    data = warc_bytes([("https://x.example/logo.png", b"\x89PNG...", [("Content-Type", "image/png")]),
                       ("https://x.example/a", HTML.encode(), [])])
    docs, errors = read_bytes(data, "w.warc")
    assert len(docs) == 1 and errors == []


# --- encodings ----------------------------------------------------------------------------------

ACCENTED = "Le maire de Brackenford a déclaré que l'été sera long — « très long »."


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (ACCENTED.encode("utf-8"), ACCENTED),
        (ACCENTED.encode("utf-8-sig"), ACCENTED),
        (ACCENTED.encode("utf-16"), ACCENTED),
        (ACCENTED.encode("utf-16-be"), ACCENTED),
        (ACCENTED.encode("utf-32"), ACCENTED),
        (ACCENTED.encode("cp1252"), ACCENTED),
        ("Café au lait, déjà vu.".encode("latin-1"), "Café au lait, déjà vu."),
        # mixed: a UTF-8 paragraph and a Windows-1252 one in one file
        ("Première ligne.\n".encode() + "Deuxième ligne – fin.".encode("cp1252"),
         "Première ligne.\nDeuxième ligne – fin."),
    ],
)
def test_text_encodings(data: bytes, expected: str) -> None:
    (doc,), errors = read_bytes(data, "story.txt")
    assert errors == [] and doc.text == expected


def test_html_declared_charset_is_used() -> None:
    html = page("Новости", "Речной вестник", "Анна", ["Река вышла из берегов во вторник вечером, "
                                                     "и сотни семей покинули свои дома."] * 3,
                charset="windows-1251")
    (doc,), errors = read_bytes(html.encode("cp1251"), "ru.html")
    assert errors == [] and "Река вышла из берегов" in (doc.text or "")


@pytest.mark.parametrize("name", ["story.txt", "story.html"])
def test_invalid_utf8_is_read_not_rejected(name: str) -> None:
    good = "<p>" + " ".join(PARAGRAPHS) + "</p>" if name.endswith("html") else " ".join(PARAGRAPHS)
    data = good.encode()[:120] + b"\xe2\x80" + b" broken \xc3 sequence " + good.encode()[120:]
    (doc,), errors = read_bytes(data, name)
    assert errors == [] and doc.text and "Brackenford" in doc.text and "sequence" in doc.text


def test_mixed_encodings_in_html() -> None:
    data = ("<html><body><article><p>" + PARAGRAPHS[0] + " Café crème.</p>").encode() + (
        "<p>" + PARAGRAPHS[2] + " Déjà vu à l’été.</p></article></body></html>").encode("cp1252")
    (doc,), errors = read_bytes(data, "mixed.html")
    assert errors == [] and "Café crème" in (doc.text or "") and "Déjà vu à l’été" in (doc.text or "")


def test_stray_nul_in_text_is_dropped_not_fatal() -> None:
    data = " ".join(PARAGRAPHS * 3).encode()
    (doc,), errors = read_bytes(data[:200] + b"\0" + data[200:], "story.txt")
    assert errors == [] and doc.text == " ".join(PARAGRAPHS * 3)


def test_extract_html_blocks() -> None:
    html = (
        "<html><body><article><p>The council met on Tuesday\nand voted to rebuild the bridge "
        "over the Lantern River.</p><p>First line<br>second line of the same paragraph.</p>"
        "<ul><li>Item one of the list</li><li>Item two of the list</li></ul>"
        "<table><tr><td>Cell A</td><td>Cell B</td></tr></table>"
        "<p>Final paragraph of the article with enough words to be kept.</p></article></body></html>"
    )
    text = extract_html(RawDocument(id="x", html=html)).text
    assert text == (
        "The council met on Tuesday and voted to rebuild the bridge over the Lantern River.\n\n"
        "First line\nsecond line of the same paragraph.\n\nItem one of the list\n\n"
        "Item two of the list\n\nCell A Cell B\n\n"
        "Final paragraph of the article with enough words to be kept."
    )


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16", "cp1252"])
def test_jsonl_in_other_encodings(encoding: str) -> None:
    rows = [{"id": "a", "text": "Déjà vu à l’été, said the mayor."}, {"id": "b", "text": "Second."}]
    data = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows).encode(encoding)
    docs, errors = read_bytes(data, "rows.jsonl")
    assert errors == [] and [d.text for d in docs] == [r["text"] for r in rows]


@pytest.mark.gated
def test_seed_articles_are_read_as_text(shared_dir: Path) -> None:
    seeds = shared_dir / "seeds"
    if not seeds.is_dir():
        pytest.skip("../shared/seeds is absent")
    docs, errors = read(seeds)
    assert errors == []
    assert [d.id for d in docs] == sorted(p.stem for p in seeds.glob("*.txt"))
    for doc in docs:
        assert doc.fmt == "text" and doc.text == (seeds / f"{doc.id}.txt").read_text("utf-8")


@pytest.mark.parametrize(
    ("name", "data", "ids"),
    [
        ("rows.jsonl.gz", jsonl_articles().encode(), ["lantern_flood_1", "lantern-2"]),
        ("story.txt.gz", text_article().encode(), ["story"]),
        ("page.gz", HTML.encode(), ["page"]),
        ("harbour.xml.gz", feed(rss_item(1)).encode(), ["https___harbourpost.example_flood-1"]),
    ],
)
def test_gzip_compressed_inputs(name: str, data: bytes, ids: list[str]) -> None:
    import gzip

    docs, errors = read_bytes(gzip.compress(data), name)
    assert errors == [] and [d.id for d in docs] == ids
