"""Hostile input: every bad file gets one clear line naming it, and the good ones are read."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from fixtures.ingest.builders import HOSTILE, write_good, write_hostile

from newsweave.errors import InputError
from newsweave.ingest import read_paths
from newsweave.records import RawDocument


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, list[object]]]:
    folder = tmp_path_factory.mktemp("hostile")
    write_good(folder / "good")
    write_hostile(folder)
    items = list(read_paths([str(folder)]))
    yield folder, items
    (folder / "huge.txt").unlink()
    (folder / "oneline.txt").unlink()


def errors_for(items: list[object], name: str) -> list[InputError]:
    return [i for i in items if isinstance(i, InputError) and Path(i.path.split(":")[0]).name == name]


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_each_bad_file_gets_one_clear_line(corpus: tuple[Path, list[object]], name: str) -> None:
    folder, items = corpus
    errors = errors_for(items, name)
    assert len(errors) == 1, errors
    line = str(errors[0])
    assert "\n" not in line and name in line
    assert HOSTILE[name][1] in line
    assert not any(isinstance(i, RawDocument) and i.path == str(folder / name) and name != "cut.warc.gz"
                   for i in items)


def test_good_files_beside_them_are_read(corpus: tuple[Path, list[object]]) -> None:
    folder, items = corpus
    docs = [i for i in items if isinstance(i, RawDocument)]
    good = [d for d in docs if "/good/" in (d.path or "")]
    assert len(good) == 8
    truncated = [d for d in docs if d.path == str(folder / "cut.warc.gz")]
    assert [d.url for d in truncated] == ["https://tidewater.example/flood"]
    assert all(d.text for d in docs)


def test_paths_that_do_not_exist_or_are_special(tmp_path: Path) -> None:
    (tmp_path / "story.txt").mkdir()
    (tmp_path / "story.txt" / "inner.txt").write_text("An article kept in a folder named like a file.")
    items = list(read_paths([str(tmp_path / "missing.txt"), "/dev/null", str(tmp_path / "story.txt")]))
    assert [str(i) for i in items if isinstance(i, InputError)] == [
        f"{tmp_path}/missing.txt: no such file or folder",
        "/dev/null: a device, not an article file; not opened",
    ]
    assert [d.id for d in items if isinstance(d, RawDocument)] == ["inner"]


def test_folder_symlink_loop_is_read_once(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "story.txt").write_text("The ferry service resumed on Monday morning.")
    (tmp_path / "a" / "back").symlink_to(tmp_path)
    items = list(read_paths([str(tmp_path)]))
    assert [d.id for d in items if isinstance(d, RawDocument)] == ["story"]
    (err,) = [i for i in items if isinstance(i, InputError)]
    assert "symbolic link loop" in str(err) and "back" in err.path


def test_many_bad_lines_are_capped(tmp_path: Path) -> None:
    path = tmp_path / "noisy.jsonl"
    path.write_text("{bad\n" * 500 + '{"text": "The bridge reopened."}\n')
    items = list(read_paths([str(path)]))
    errors = [i for i in items if isinstance(i, InputError)]
    assert len(errors) == 21 and "480 more bad lines" in str(errors[-1])
    assert [d.text for d in items if isinstance(d, RawDocument)] == ["The bridge reopened."]


PEAK = (
    "import resource, sys\n"
    "from newsweave.ingest import read_paths\n"
    "for _ in read_paths(sys.argv[1:]): pass\n"
    "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)\n"
)


def peak_mib(*paths: Path) -> int:
    done = subprocess.run([sys.executable, "-c", PEAK, *map(str, paths)], capture_output=True,
                          text=True, check=True)
    return int(done.stdout)


def test_memory_stays_bounded(corpus: tuple[Path, list[object]]) -> None:
    # The corpus holds a 200 MB file, a 50 MB line and a gzip bomb of 64 MB; none is held whole.
    folder, _ = corpus
    assert peak_mib(folder) - peak_mib(folder / "good") < 150


def test_file_name_with_line_break_stays_one_line(tmp_path: Path) -> None:
    (tmp_path / "two\nlines.txt").write_bytes(b"")
    (err,) = list(read_paths([str(tmp_path)]))
    assert isinstance(err, InputError) and "\n" not in str(err) and "two\\nlines.txt" in str(err)


def test_undecodable_file_names_become_printable(tmp_path: Path) -> None:
    folder = os.fsencode(tmp_path)
    with open(os.path.join(folder, b"good\xff.txt"), "wb") as fh:
        fh.write(b"The ferry service resumed on Monday morning after the storm.")
    with open(os.path.join(folder, b"empty\xfe.txt"), "wb"):
        pass
    items = list(read_paths([str(tmp_path)]))
    for item in items:
        text = str(item) if isinstance(item, InputError) else item.path or ""
        text.encode("utf-8")  # no lone surrogates left
    assert {type(i).__name__ for i in items} == {"InputError", "RawDocument"}


def test_fifo_given_by_name_is_never_opened(tmp_path: Path) -> None:
    fifo = tmp_path / "feed.xml"
    os.mkfifo(fifo)  # opening it for reading would block until a writer came
    (err,) = list(read_paths([str(fifo)]))
    assert isinstance(err, InputError) and str(err) == (
        f"{fifo}: a FIFO (named pipe), not an article file; not opened")
