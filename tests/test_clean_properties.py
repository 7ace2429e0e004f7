"""Properties of cleaning: injected fragments never survive, clean text is a fixed point."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from newsweave.clean import clean_text

SENTENCE = "the mayor said floodwater cut off three villages in the Orvane valley on Sunday and rescue crews"
WORDS = SENTENCE.split(" ") + ["Tomas", "Ferrel", "Harbour", "Agency", "bridge", "river", "boats", "families"]
attr = st.from_regex(r"[A-Z][a-z]{1,7}", fullmatch=True)  # as injectors write them: Content, Data
value = st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz ", min_size=1, max_size=12)
fragment = st.builds(
    lambda a, sp, q, v, end: f"{a}{sp}={q}{v}{q}{end}",
    attr,
    st.sampled_from(["", " "]),
    st.sampled_from(["'", '"']),
    value,
    st.sampled_from([">", "/>", " >"]),
)


@settings(max_examples=60, deadline=None)
@given(
    words=st.lists(st.sampled_from(WORDS), min_size=8, max_size=60),
    marker=fragment,
    where=st.sets(st.integers(min_value=0, max_value=59), min_size=2, max_size=8),
)
def test_injected_fragments_never_survive(words: list[str], marker: str, where: set[int]) -> None:
    pieces = list(words)
    for i in {i % len(pieces) for i in where}:
        pieces[i] = pieces[i].capitalize() + marker
    text = " ".join(pieces) + "."
    clean, _, removed, _, _ = clean_text(text)
    assert "=" not in clean and ">" not in clean
    assert any(r.kind == "injected" for r in removed)
    assert [w.lower() for w in clean.rstrip(".").split()] == [w.lower() for w in words]


@settings(max_examples=60, deadline=None)
@given(st.text(min_size=0, max_size=400))
def test_any_text_cleans_without_error_and_is_stable(text: str) -> None:
    once = clean_text(text).text
    assert clean_text(once).text == once
    assert "\n\n\n" not in once and once == once.strip()


@pytest.mark.gated
def test_cleaning_is_a_fixed_point_on_real_pages(shared_dir: Path) -> None:
    rows = [json.loads(line) for line in (shared_dir / "data" / "realworld_dev.jsonl").open(encoding="utf-8")]
    for row in rows:
        once = clean_text(row["text"]).text
        assert clean_text(once).text == once, row["id"]


@pytest.mark.slow
def test_lexicon_cache_rebuilt_when_corrupt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from newsweave.clean import lexicon

    monkeypatch.setenv("NEWSWEAVE_CACHE", str(tmp_path))
    cache = tmp_path / f"case-counts-v{lexicon.CACHE_VERSION}.json.gz"
    cache.write_bytes(b"not gzip")
    table = lexicon._load()
    assert table["church"][0] > table["church"][1]  # "church" is mostly written in lower case
    assert table["dutch"][1] > table["dutch"][0]
    assert lexicon._load() == table  # and the rewritten cache reads back


def test_long_runs_of_injected_words() -> None:
    text = "The mayor said " + "Orvane ValleyX='y'> " * 3000 + "was flooded."
    clean = clean_text(text).text
    assert clean == "The mayor said " + "Orvane Valley " * 2999 + "Orvane Valley was flooded."


def test_many_closing_quotes_on_one_line() -> None:
    from newsweave.clean.spacing import fix_spacing

    assert fix_spacing('"a " ' * 2000, english=True)[0] == ('"a" ' * 2000).strip()


def test_spacing_of_an_uncut_paragraph_is_the_sources() -> None:
    """Only where the cleaner cut a fragment out is a space before punctuation its leftover;
    elsewhere the source printed it, and the paragraph stays findable as printed."""
    uncut = "Analysts at Corvane Bank put the cost at up to 40 billion ."
    cut = "Speaking to the Harbour Times, One WitnessContent ='Ad'> , a fisherman, said so."
    clean = clean_text(f"Storm costs mount\n\n{uncut}\n\n{cut}").text
    assert uncut in clean
    assert "witness, a fisherman, said so." in clean
