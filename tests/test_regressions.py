"""Regressions reported by other parts of the project, each pinned by the smallest repro."""

from __future__ import annotations

import pickle
import random
import subprocess
import sys
from pathlib import Path

import pytest
from clirun import run_cli

from newsweave.errors import InputError, NewsweaveError, NotInstalled
from newsweave.events.features import shingles
from newsweave.fetch.client import FetchError

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from bench.web import sentence  # noqa: E402


@pytest.mark.parametrize("tokens", [[], ["one"], ["two", "words"], ["a"] * 4])
def test_shingles_of_short_or_empty_input_are_empty_not_an_error(tokens: list[str]) -> None:
    hashes = shingles(tokens, 5)
    assert hashes.ndim == 1
    assert list(hashes) == sorted(set(hashes.tolist()))


@pytest.mark.parametrize("joiner", [" ", "\n", "\n\n"])
def test_ingest_of_one_sentence_repeated_does_not_crash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], joiner: str
) -> None:
    # Reported by the store work: shingles() raised IndexError and ingest printed a traceback.
    text = joiner.join([sentence(random.Random(2), "Valmora")] * 12)
    (tmp_path / "repeat.txt").write_text(text, "utf-8")
    ran = run_cli(capsys, "ingest", str(tmp_path / "repeat.txt"), "--db", str(tmp_path / "s.db"))
    assert ran.code == 0, ran.err
    assert "1 added" in ran.out
    assert "Traceback" not in ran.out + ran.err


@pytest.mark.parametrize(
    "error",
    [InputError("news/a.html", "no article text left after cleaning"), NotInstalled("dask", "dask"),
     FetchError("http://127.0.0.1:9/x", "HTTP 503", status=503, transient=True)],
)
def test_errors_survive_pickling_across_processes(error: NewsweaveError) -> None:
    # The engines' process pools pickle an error raised in a worker; InputError(message) failed
    # in the parent and `brief` died with BrokenProcessPool and a traceback.
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is type(error) and str(again) == str(error)
    assert again.__dict__ == error.__dict__


def test_brief_names_a_page_that_cleans_to_nothing_and_goes_on(tmp_path: Path) -> None:
    news = tmp_path / "news"
    news.mkdir()
    (news / "cdata.html").write_text("<html><body><![CDATA[" + "<p>" * 2000 + "]]></body></html>")
    (news / "good.txt").write_text(" ".join(sentence(random.Random(k), "Valmora") for k in range(8)))
    done = subprocess.run([sys.executable, "-m", "newsweave", "brief", str(news)],
                          capture_output=True, text=True, timeout=300, cwd=REPO)
    assert "Traceback" not in done.stderr + done.stdout
    assert done.returncode == 1, done.stderr
    assert "cdata.html: " in done.stderr and "valmora" in done.stdout.lower()


def test_a_cleaning_bug_on_one_document_does_not_stop_the_batch(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import newsweave.pipeline as pipeline
    from newsweave.clean import batch  # where pipeline's partitions clean each document
    from newsweave.errors import InputError as Rejected
    from newsweave.records import RawDocument as Doc

    real = batch.clean_document

    def flaky(doc: Doc):  # type: ignore[no-untyped-def]
        if doc.id == "bad":
            raise IndexError("list index out of range")
        return real(doc)

    monkeypatch.delenv("NEWSWEAVE_DEBUG", raising=False)
    monkeypatch.setattr(batch, "clean_document", flaky)
    docs = [Doc(id="good", text="The bridge in Tarnow opened on Friday after two years of work."),
            Doc(id="bad", text="anything", path="feed/bad.txt")]
    out = pipeline.prepare_partition(docs)
    assert out[0].id == "good"  # type: ignore[union-attr]
    assert isinstance(out[1], Rejected)
    assert "feed/bad.txt" in str(out[1]) and "IndexError" in str(out[1])
