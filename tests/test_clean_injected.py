"""Injected markup is cut whatever the string, and the injector's damage is repaired."""

from __future__ import annotations

from pathlib import Path

import pytest

from newsweave.clean import clean_document, clean_text
from newsweave.clean.injected import cut_markup, find_fragments
from newsweave.records import RawDocument

FIXTURES = Path(__file__).parent / "fixtures" / "clean"
INJECTIONS = ["Content ='JJ Lin'>", 'Data ="Foo Bar"/>', "href='x'>", 'rel="nofollow">', "Zq ='Ana Ruiz' >"]


def _damaged(marker: str) -> str:
    return (
        f"Speaking to the Harbour Times, One Witness{marker} , a fisherman, said the storm hit After "
        f"MidnightContent{marker} .\n\nThe Storm{marker} 's force broke it. Mayor Ines Varga{marker} said "
        f"the town would rebuild, and That The Council{marker} would meet.\n"
    ).replace(f"MidnightContent{marker}", f"Midnight{marker}")


@pytest.mark.parametrize("marker", INJECTIONS)
def test_any_injected_string_is_found_and_cut(marker: str) -> None:
    text = _damaged(marker)
    assert find_fragments(text) == [marker]
    clean, _, removed, _, _ = clean_text(text)
    assert marker.strip() not in clean
    assert "='" not in clean and '="' not in clean and ">" not in clean
    assert sum(r.kind == "injected" for r in removed) == text.count(marker)


@pytest.mark.parametrize("marker", INJECTIONS)
def test_spacing_and_casing_repaired(marker: str) -> None:
    clean, _, _, _, _ = clean_text(_damaged(marker))
    assert "one witness, a fisherman, said the storm hit after midnight." in clean
    assert "The storm's force broke it." in clean
    assert "Mayor Ines Varga said" in clean  # a title before a name keeps its capital
    assert "and that the council would meet." in clean


def test_fragment_glued_to_the_same_word_every_time() -> None:
    cut = cut_markup("The BridgeAttr='v'> fell. Old BridgeAttr='v'> stood.")
    assert cut.text == "The Bridge fell. Old Bridge stood."


def test_stray_tags_are_cut() -> None:
    clean, _, removed, _, _ = clean_text("Officials met on <b>Monday</b> to vote.<br/>")
    assert clean == "Officials met on Monday to vote."
    assert [r.kind for r in removed] == ["markup", "markup", "markup"]


@pytest.mark.parametrize(
    "pasted",
    [
        "<script>fetch('//evil.example/x')</script>",
        '<SCRIPT type="text/javascript">var a = 1;\nsteal(a)</Script>',
        "<style>body { display: none }</style>",
    ],
)
def test_a_script_goes_with_its_code(pasted: str) -> None:
    clean, _, removed, _, _ = clean_text(f"The Orlen bridge reopened on Monday. {pasted}Traffic resumed.")
    assert "fetch" not in clean and "steal" not in clean and "display" not in clean
    assert clean.startswith("The Orlen bridge reopened on Monday.") and "Traffic resumed." in clean
    assert [r.kind for r in removed] == ["markup"]


def test_a_javascript_address_in_the_text_is_cut() -> None:
    clean, _, removed, _, _ = clean_text("The Orlen ferry carried 300 cars a day. javascript:alert(5)")
    assert clean == "The Orlen ferry carried 300 cars a day."
    assert [(r.kind, r.text) for r in removed] == [("markup", "javascript:alert(5)")]


def test_text_without_markup_is_untouched() -> None:
    text = "A = B, said the teacher, and x > y in every case.\n\nThe End Of An Era, a film by Ana Lind."
    clean, _, removed, _, _ = clean_text(text)
    assert clean == text
    assert removed == []


def test_invented_injected_page() -> None:
    raw = (FIXTURES / "injected_quarry.txt").read_text(encoding="utf-8")
    art = clean_document(RawDocument(id="q", text=raw))
    text = art.text
    assert "Data =" not in text and "Foo Bar" not in text
    for kept in [
        "A group of miners have spoken to the Valley Courier",
        "Speaking to the VCR's Nadia Peller, one miner aged 31 says he is worried the company may "
        '"punish my family".',
        "More than 60 workers are said to have joined the strike, most after the accident on Friday.",
        "They met in a Lutheran chapel, with a small crowd outside the chapel.",
        "crossing the Anton Verel Memorial Bridge into the town.",
        "By Nadia Peller, VCR News, in Karsk",
        "The mayor said the nation's leaders would meet on Tuesday.",
    ]:
        assert kept in text
    assert "upgrade your browser" not in text
    assert "karsk quarry" not in text
    assert "Source of news" not in text
    assert art.outlet == "valleycourier.co.uk"
    assert art.author == "Nadia Peller"
    kinds = {r.kind for r in art.removed}
    assert {"injected", "casing", "spacing", "junk", "tags", "footer"} <= kinds
    assert "\n\n" in text and "\n\n\n" not in text


def test_casing_left_alone_without_injection() -> None:
    text = "In interviews with The Associated Press, nine soldiers spoke. They said The Top Brass lied."
    clean, _, _, _, _ = clean_text(text)
    assert clean == text


@pytest.mark.parametrize(
    ("damaged", "fixed"),
    [
        ("Ana Lind told CnnX='y'> on Monday.", "Ana Lind told CNN on Monday."),
        ("It was reported by the Afp newsX='y'> agency.", "It was reported by the AFP news agency."),
        ("Mr Lind and Dr Hart met Tv crewsX='y'> there.", "Mr Lind and Dr Hart met TV crews there."),
    ],
)
def test_acronyms_restored(damaged: str, fixed: str) -> None:
    text = f"{damaged}\n\nThe claim was denied, the spokesman X='y'> said."
    assert clean_text(text).text.split("\n\n")[0] == fixed


@pytest.mark.parametrize(
    ("damaged", "fixed"),
    [
        (
            "Prime MinisterM='k'> Jonas Halt Will MeetM='k'> the board.",
            "Prime Minister Jonas Halt will meet the board.",
        ),
        ("Mr Ruiz PromisedM='k'> the strikers amnesty.", "Mr Ruiz promised the strikers amnesty."),
        (
            "The deal was struck by Opposition LeaderM='k'> Mira Castell.",
            "The deal was struck by opposition leader Mira Castell.",
        ),
        ("In A StatementM='k'> to reporters, she spoke.", "In a statement to reporters, she spoke."),
        ("\"I HaveM='k'> SeenM='k'> it,\" she said.", '"I have seen it," she said.'),
        (
            "It was their Plan A all along, after The VoteM='k'> failed.",
            "It was their Plan A all along, after the vote failed.",
        ),
        (
            "TARNOW, Kestria (MP) — Officials In The CityM='k'> said.",
            "TARNOW, Kestria (MP) — Officials in the city said.",
        ),
        (
            "After the vote.\n\nPrime MinisterM='k'> Jonas Halt spoke.",
            "After the vote.\n\nPrime Minister Jonas Halt spoke.",
        ),
    ],
)
def test_names_kept_and_injected_case_undone(damaged: str, fixed: str) -> None:
    assert clean_text(damaged).text == fixed
