"""The default summarizer on an invented event: cited spans, budget, order, datelines, pronouns."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from newsweave.errors import InputError, UsageError
from newsweave.summarize import SourceDoc, make_summarizer
from newsweave.summarize.batch import summarize_jsonl
from newsweave.summarize.candidates import candidates, opens_unresolved, strip_dateline

# An invented event (a dam breach at "Marrowby"), told by invented outlets.
ORIGINAL = (
    "MARROWBY, Freland (NP) -- The Kessel dam above Marrowby breached early on Monday, "
    "flooding the lower town and forcing 4,000 residents from their homes.\n"
    "He said the water rose within an hour.\n"
    "Emergency crews from Kell and Ostra used boats to reach families trapped on rooftops "
    "in the lower town of Marrowby.\n"
    "The regional governor, Ilse Parr, declared a state of emergency in the Marrowby district "
    "on Monday afternoon.\n"
    "``We have never seen the river like this,'' said one farmer.\n"
    "Engineers had warned in March that the Kessel dam needed urgent repairs to its spillway.\n"
    "Photo: Tessel Daily"
)
SECOND = (
    "OSTRA _ Rescue boats reached families trapped on rooftops in Marrowby after the Kessel dam "
    "breached on Monday.\n"
    "At least 4,000 residents were forced from their homes in the lower town, officials said.\n"
    "They said more rain was expected.\n"
    "Governor Ilse Parr declared a state of emergency in the Marrowby district.\n"
    "The dam's spillway had needed urgent repairs since March, engineers said on Tuesday."
)
THIRD = (
    "Engineers say the Kessel dam breach at Marrowby could have been prevented.\n"
    "A report in March said the spillway of the Kessel dam needed urgent repairs.\n"
    "The governor declared a state of emergency after 4,000 residents were forced from their "
    "homes on Monday.\n"
    "Boats from Kell and Ostra rescued families trapped on rooftops in the lower town."
)
FRENCH = (
    "Le barrage de Kessel a cédé lundi au-dessus de Marrowby, inondant la ville basse et forçant "
    "4 000 habitants à quitter leurs maisons. La gouverneure Ilse Parr a déclaré l'état "
    "d'urgence dans le district de Marrowby lundi après-midi."
)


def event_docs() -> list[SourceDoc]:
    return [
        SourceDoc("tessel-1", ORIGINAL, "2031-05-12"),
        SourceDoc("kell-2", SECOND, "2031-05-13"),
        SourceDoc("ostra-3", THIRD, "2031-05-14"),
        SourceDoc("tessel-1-copy", ORIGINAL, "2031-05-12"),  # syndicated copy
    ]


def check_spans(docs: list[SourceDoc], chosen: list) -> None:
    by_id = {d.id: d.text for d in docs}
    for s in chosen:
        assert by_id[s.article][s.start : s.end] == s.text


@pytest.mark.parametrize("words", [15, 30, 60, 100])
def test_whole_sentences_within_budget(words: int) -> None:
    docs = event_docs()
    chosen = make_summarizer().summarize(docs, words)
    check_spans(docs, chosen)
    assert chosen
    assert sum(len(s.text.split()) for s in chosen) <= words


def test_fill_budget_adds_one_sentence_that_may_run_over() -> None:
    docs = event_docs()
    plain = make_summarizer().summarize(docs, 40)
    filled = make_summarizer(fill_budget=True).summarize(docs, 40)
    check_spans(docs, filled)
    assert [s.text for s in filled[: len(plain)]] == [s.text for s in plain]
    assert len(filled) <= len(plain) + 1


def test_no_duplicates_from_syndicated_copies() -> None:
    chosen = make_summarizer().summarize(event_docs(), 100)
    texts = [s.text for s in chosen]
    assert len(texts) == len(set(texts))


def test_no_datelines_fragments_captions_or_pronoun_openers() -> None:
    chosen = make_summarizer().summarize(event_docs(), 100)
    for s in chosen:
        assert not s.text.startswith(("MARROWBY", "OSTRA", "Photo", "``", "He ", "They "))
    assert not opens_unresolved(chosen[0].text)


def test_reading_order_is_date_then_position() -> None:
    docs = event_docs()
    chosen = make_summarizer().summarize(docs, 100)
    order = {d.id: (d.date, i) for i, d in enumerate(docs)}
    keys = [(order[s.article], s.start) for s in chosen]
    assert keys == sorted(keys)


@pytest.mark.parametrize(
    ("text", "skipped"),
    [
        ("WASHINGTON (NP) -- The council met on Monday to vote.", "WASHINGTON (NP) -- "),
        ("DOI KELL, Freland (NP) _ Stargazers climbed the hill at dusk.", "DOI KELL, Freland (NP) _ "),
        ("OSTRA, May 12 (Wirepress) -- Talks resumed in the capital today.", "OSTRA, May 12 (Wirepress) -- "),
        ("MARROWBY _ You're on your own now, the mayor told them.", "MARROWBY _ "),
        ("The council met on Monday -- and voted against it.", ""),
        ("NATO - the alliance.", ""),  # what follows is too short to be a sentence
    ],
)
def test_strip_dateline(text: str, skipped: str) -> None:
    assert text[strip_dateline(text, 0, len(text)) :] == text[len(skipped) :]


@pytest.mark.parametrize(
    ("sentence", "unresolved"),
    [
        ("He said the water rose within an hour.", True),
        ("They expected more rain on Tuesday.", True),
        ("This was the worst flood in a century.", True),
        ("But the dam held at Kell.", True),
        ("``We have never seen this,'' one farmer said.", True),
        ("Heavy rain fell on Marrowby on Monday.", False),
        ("Theodora Quill, the mayor, ordered an evacuation.", False),
        ("Thessaly Water said the dam was safe.", False),
        ("Though he crossed the first barricade, he hit a car.", True),
        ("Even those who stayed were told to pack.", True),
        ("When the river rose, the mayor of Kell ordered an evacuation.", False),
    ],
)
def test_opens_unresolved(sentence: str, unresolved: bool) -> None:
    assert opens_unresolved(sentence) is unresolved


def test_candidates_skip_short_caption_and_quote_fragments() -> None:
    cands = candidates([ORIGINAL], min_words=8, max_words=55, anaphoric=False)
    texts = [c.text for c in cands]
    assert texts[0].startswith("The Kessel dam above Marrowby breached")
    assert all(ORIGINAL[c.start : c.end] == c.text for c in cands)
    assert not any(t.startswith(("Photo", "``", "He said")) for t in texts)


def test_reader_language_preferred_when_enough() -> None:
    docs = [*event_docs(), SourceDoc("fr-1", FRENCH, "2031-05-12", lang="fr")]
    assert all(s.article != "fr-1" for s in make_summarizer().summarize(docs, 60, "en"))
    french_only = [SourceDoc("fr-1", FRENCH, "2031-05-12", lang="fr"), *event_docs()[:1]]
    chosen = make_summarizer().summarize(french_only, 60, "fr")
    check_spans(french_only, chosen)


def test_unknown_summarizer_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="coverage"):
        make_summarizer("nope")


def test_empty_and_tiny_inputs() -> None:
    summarizer = make_summarizer()
    assert summarizer.summarize([], 100) == []
    assert summarizer.summarize([SourceDoc("a", "")], 100) == []
    one = [SourceDoc("a", "A short note without much in it at all, really, for anyone.")]
    check_spans(one, summarizer.summarize(one, 100))


_SENTENCES = st.sampled_from(
    [
        "The Kessel dam above Marrowby breached early on Monday morning after rain.",
        "Emergency crews from Kell used boats to reach families trapped on rooftops.",
        "Governor Ilse Parr declared a state of emergency in the district on Monday.",
        "He said the water rose within an hour of the breach.",
        "Engineers had warned that the dam needed urgent repairs to its spillway.",
        "``We have never seen the river like this,'' said one farmer.",
        "MARROWBY (NP) -- Residents of the lower town were told to leave their homes now.",
        "Photo: Tessel Daily",
    ]
)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.lists(_SENTENCES, min_size=1, max_size=8), min_size=1, max_size=5),
    st.sampled_from(["\n", " ", "\n\n"]),
    st.integers(min_value=5, max_value=120),
)
def test_every_span_indexes_its_document(docs_sents: list[list[str]], sep: str, words: int) -> None:
    docs = [SourceDoc(f"d{i}", sep.join(sents)) for i, sents in enumerate(docs_sents)]
    for fill in (False, True):
        chosen = make_summarizer(fill_budget=fill).summarize(docs, words)
        check_spans(docs, chosen)
        if not fill:
            assert sum(len(s.text.split()) for s in chosen) <= words


def test_summarize_jsonl_contract(tmp_path: Path) -> None:
    clusters = [
        {"id": "c2", "docs": [{"id": d.id, "text": d.text} for d in event_docs()[:3]],
         "refs": ["Reference text that must never be read."]},
        "not an object",
        {"id": "c1", "docs": [{"id": "x", "text": THIRD}]},
        {"id": "c3", "nodocs": []},
    ]  # fmt: skip
    path = tmp_path / "in.jsonl"
    path.write_text("\n".join(json.dumps(c) for c in clusters) + "\n", "utf-8")
    errors: list[InputError] = []
    lines, done = summarize_jsonl(path, 30, "en", errors.append)
    rows = [json.loads(line) for line in lines]
    assert done == 2 and [r["id"] for r in rows] == ["c2", "c1"]
    assert len(errors) == 2
    docs = {d.id: d.text for d in event_docs()} | {"x": THIRD}
    for row in rows:
        assert len(row["summary"].split()) <= 30
        for s in row["sentences"]:
            assert docs[s["doc"]][s["start"] : s["end"]] == s["text"]
    # The references are ignored: the same input without them gives the same output.
    path.write_text(json.dumps({**clusters[0], "refs": []}) + "\n", "utf-8")
    again, _ = summarize_jsonl(path, 30, "en", errors.append)
    assert json.loads(again[0]) == rows[0]


def test_summarize_command_exit_codes(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from newsweave.cli import app

    good = {"id": "only", "docs": [{"id": "a", "text": ORIGINAL}, {"id": "b", "text": SECOND}]}
    path = tmp_path / "in.jsonl"
    out = tmp_path / "out.jsonl"
    path.write_text(json.dumps(good) + "\n", "utf-8")
    args = ["summarize", "--input", str(path), "--words", "40", "--output", str(out)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0
    row = json.loads(out.read_text("utf-8"))
    assert row["id"] == "only" and 0 < len(row["summary"].split()) <= 40
    path.write_text(json.dumps(good) + "\n{broken\n", "utf-8")
    result = CliRunner().invoke(app, ["summarize", "--input", str(path), "--output", str(out)])
    assert result.exit_code == 1
    path.write_text("{broken\n", "utf-8")
    assert CliRunner().invoke(app, ["summarize", "--input", str(path)]).exit_code == 2


@pytest.mark.parametrize(
    ("sentence", "readable"),
    [
        ("I will do everything I can to steady the ship in the coming weeks and months.", False),
        ("Above all, I am stunned that misconduct on such a scale was possible at Lumetra.", False),
        ("Our website is temporarily unavailable in your location, please try again later.", False),
        ("Torres said: \u201cI was tired of people seeing me as one more of them,\u201d on Saturday.", True),
        ("The treaty that ended World War I was signed at Versailles in the summer of 1919.", True),
        ("The US and its allies said on Monday they would send more aid to the region soon.", True),
    ],
)
def test_first_person_outside_quotes_is_no_candidate(sentence: str, readable: bool) -> None:
    from newsweave.summarize.candidates import is_readable

    assert is_readable(sentence, 8, 55) is readable


def test_a_story_is_summarised_from_its_fullest_copy_in_the_readers_language() -> None:
    from newsweave.records import Article, Story
    from newsweave.summarize import source_doc

    teaser = Article(id="a", text="MARROWBY (NP) -- The Kessel dam breached on Monday.", lang="en")
    full = Article(id="b", text=ORIGINAL, lang="en")
    german = Article(id="c", text="Der Kessel-Damm oberhalb von Marrowby brach am Montag.", lang="de")
    by_id = {a.id: a for a in (teaser, full, german)}
    assert source_doc(Story("s", "a", ["a", "b", "c"]), by_id, "en").id == "b"
    assert source_doc(Story("s", "c", ["c"]), by_id, "en").id == "c"  # no English copy: the original
    assert source_doc(Story("s", "a", ["a", "c"]), by_id, "de").id == "c"


def test_a_summary_stays_in_the_readers_language_when_it_can_fill_the_budget() -> None:
    from newsweave.summarize.coverage import CoverageSettings, choose_language

    english = SourceDoc("en1", " ".join(["word"] * 130), lang="en")
    german = [SourceDoc(f"de{i}", " ".join(["Wort"] * 400), lang="de") for i in range(3)]
    need = CoverageSettings().lang_share
    assert choose_language([english, *german], "en", 120, need) == [0]
    short = SourceDoc("en2", "Only a line in English.", lang="en")
    assert choose_language([short, *german], "en", 120, need) == [0, 1, 2, 3]


def test_a_bracketed_aside_before_a_sentence_is_left_out_of_its_span() -> None:
    from newsweave.summarize.candidates import spans

    text = (
        "The Kessel dam above Marrowby breached on Monday. (NP Photo/Ana Lind) Emergency crews used "
        "boats to reach families on rooftops. (Seen above) a boat. The river (a tributary) rose fast."
    )
    got = [text[a:b] for a, b in spans(text)]
    assert "Emergency crews used boats to reach families on rooftops." in got
    assert not any("Photo" in g for g in got)
    assert "The river (a tributary) rose fast." in got  # an aside inside a sentence stays
