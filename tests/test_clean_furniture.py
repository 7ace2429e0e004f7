"""The furniture line classifier: features, the shipped model, retraining, and its use in cleaning."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from newsweave.clean import clean_document, clean_text, furniture, line_shape
from newsweave.clean.furniture import FEATURES, MODEL_FILE, Model, page_features, shipped_model
from newsweave.errors import NewsweaveError
from newsweave.records import Article, OptionalSpan, RawDocument, Removed

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from scripts.build_furniture_model import fit, training_rows  # noqa: E402

FIXTURE = Path(__file__).parent / "fixtures" / "clean" / "furniture_pages.jsonl"
BODY = [
    "Firefighters in Brosk said on Monday that the blaze at the old mill had been put out after two days.",
    "Nobody was hurt, but the mill, built in 1871, is a ruin, and the road beside it stays closed.",
    '"We saved the houses next to it, which was all we could do," said Anja Tull, who led the crews.',
]
MENU = ["Home", "Local", "Sport", "Weather", "Sign in"]
TAIL = ["Share", "Facebook", "Related", "Brosk library to close on Sundays", "Most read", "Contact us"]
PAGE = "\n".join([*MENU, "Fire at Brosk mill is out", *BODY, *TAIL])


def test_features_one_row_per_line_in_order() -> None:
    lines = PAGE.split("\n")
    rows = page_features(lines, [False] * len(lines), "en")
    assert len(rows) == len(lines) and all(len(r) == len(FEATURES) for r in rows)
    prose = FEATURES.index("prose")
    assert [r[prose] for r in rows[6:9]] == [1.0, 1.0, 1.0]
    assert rows[0][prose] == 0.0


def test_shipped_model_holds_no_text() -> None:
    data = json.loads(MODEL_FILE.read_text("utf-8"))
    assert tuple(data["features"]) == FEATURES and data["version"] == furniture.MODEL_VERSION
    strings: list[str] = []

    def walk(x: object) -> None:
        if isinstance(x, str):
            strings.append(x)
        elif isinstance(x, dict):
            for k, v in x.items():
                strings.append(k)
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(data)
    allowed = set(FEATURES) | set(furniture.CLASSES) | set(furniture.CONTEXT)
    prose = [s for s in strings if s not in allowed and len(s.split()) > 3]
    assert all("trained" in s or "L3S" in s or "invented" in s for s in prose), prose
    assert data["meta"]["trained_on"]


def test_version_mismatch_is_one_clear_error() -> None:
    data = json.loads(MODEL_FILE.read_text("utf-8"))
    data["version"] = 0
    with pytest.raises(NewsweaveError, match="build_furniture_model"):
        Model.from_json(json.dumps(data))


def test_retrains_on_the_invented_fixture() -> None:
    model = fit(training_rows([], invented=True, composed=20))
    assert Model.from_json(model.to_json()) == model
    with furniture.using(model):
        out = clean_text(PAGE, "en")
    for line in BODY:
        assert line in out.text
    assert "Sign in" not in out.text


def test_shipped_model_removes_furniture_and_keeps_the_story() -> None:
    out = clean_text(PAGE)
    for line in BODY:
        assert line in out.text
    for line in ["Weather", "Facebook", "Most read", "Brosk library to close on Sundays", "Contact us"]:
        assert line not in out.text.split("\n\n"), line
    scored = [r for r in out.removed if r.kind == "furniture"]
    assert scored and all(r.score is not None and 0.0 <= r.score <= 1.0 for r in scored)


def test_optional_spans_index_the_text() -> None:
    out = clean_text(PAGE)
    for span in out.optional:
        piece = out.text[span.start : span.end]
        assert piece and "\n" not in piece
        assert piece not in BODY


def test_rules_alone_without_a_model() -> None:
    with furniture.using(None):
        out = clean_text(PAGE)
    assert "Weather" in out.text and not out.optional


@pytest.mark.parametrize(
    "text", ["Home\nThe council met on Monday and agreed the budget.\nShare", "One line, one sentence."]
)
def test_a_page_with_a_sentence_is_never_emptied(text: str) -> None:
    out = clean_text(text)
    assert out.text.strip()


@pytest.mark.parametrize("text", ["", "Home\nShare\nMenu"])
def test_pages_without_prose(text: str) -> None:
    clean_text(text)  # no error, whatever is left


def test_article_round_trips_scores_and_spans() -> None:
    art = Article(
        id="a",
        text="Head\n\nBody.",
        removed=[Removed("furniture", "Menu", 0.97)],
        optional=[OptionalSpan("optional", 0, 4)],
    )
    data = json.loads(json.dumps(art.to_dict()))
    assert data["removed"] == [{"kind": "furniture", "text": "Menu", "score": 0.97}]
    assert data["optional"] == [{"kind": "optional", "start": 0, "end": 4}]
    back = Article.from_dict(data)
    assert back.removed == art.removed and back.optional == art.optional


def test_clean_document_carries_spans() -> None:
    art = clean_document(RawDocument(id="p", text=PAGE))
    assert art.optional == clean_text(PAGE).optional
    assert shipped_model() is not None


def test_summaries_never_take_an_optional_line() -> None:
    from newsweave.summarize import LeadSummarizer, SourceDoc

    text = "Dam on the Orvane holds after the heaviest rain in forty years, engineers say.\n\nThe dam held."
    cut = text.index("\n\n")
    doc = SourceDoc("d", text, optional=((0, cut),))
    chosen = LeadSummarizer().summarize([doc], 100)
    assert chosen and all(s.start >= cut for s in chosen)


def test_facts_never_cite_an_optional_line() -> None:
    from newsweave.facts import extract_facts

    head = "Floods force 3,000 people from their homes in Lisk"
    text = f"{head}\n\nThe council said on Monday that 2,500 people had left the lower town."
    plain = extract_facts([Article(id="a", text=text)], [])
    marked = extract_facts(
        [Article(id="a", text=text, optional=[OptionalSpan("optional", 0, len(head))])], []
    )
    assert any(c.start < len(head) for c in plain.claims)  # the headline's figure is found ...
    assert marked.claims and all(c.start > len(head) for c in marked.claims)  # ... unless optional


def test_headline_is_an_optional_span() -> None:
    out = clean_text(PAGE)
    kinds = {out.text[s.start : s.end]: s.kind for s in out.optional}
    assert kinds.get("Fire at Brosk mill is out") == "headline"
    assert not any(line in kinds for line in BODY)


@pytest.mark.parametrize(
    ("line", "probs", "after", "kind"),
    [
        ("Fire at Brosk mill is out", (0.9, 0.05, 0.05), False, "headline"),
        ("Crews stay on site", (0.9, 0.05, 0.05), True, "subheading"),
        (BODY[0], (0.9, 0.05, 0.05), True, ""),
        ("Photo: the mill on Tuesday, after the fire.", (0.3, 0.6, 0.1), True, "caption"),
    ],
)
def test_optional_kinds(line: str, probs: tuple[float, float, float], after: bool, kind: str) -> None:
    assert furniture.optional_kind(line, probs, after) == kind


@pytest.mark.parametrize(
    "text",
    [
        "",
        "Plain ASCII, with 12 digits 34 and\ttabs\x1c.",
        "Zürich’s Ærø — naïve café, ½ and ² and ٣ digits",
        "Пожар на мельнице в Броске потушен, сообщили пожарные.",
        "火事は二日後に消えた。 Ｆｕｌｌ ｗｉｄｔｈ",
        "\u00a0\u2003spaces\u3000and İstanbul ǅ",
    ],
)
def test_character_counts_are_the_str_methods(text: str) -> None:
    expected = tuple(
        sum(map(test, text)) for test in (str.isalpha, str.isupper, str.isdigit, str.isspace, str.isalnum)
    )
    assert line_shape._char_counts(text) == expected


@pytest.mark.parametrize(
    ("line", "ends"),
    [
        ("He left.", True),
        ('"We saved the houses."', True),
        ("Was it (really) over?)”", True),
        ("完了。", True),
        ("Home", False),
        ("Read more »", False),
        ("3.5", False),
        (")", False),
        ("", False),
    ],
)
def test_ends_sentence(line: str, ends: bool) -> None:
    assert line_shape.ends_sentence(line) is ends


def test_repeated_lines_and_neighbours_in_the_features() -> None:
    lines = ["Share", *BODY, "Share"]
    rows = page_features(lines, [False] * len(lines), "en")
    dup, prev_prose, next_prose = (FEATURES.index(k) for k in ("dup", "prev_prose", "next_prose"))
    assert [r[dup] for r in rows] == [1.0, 0.0, 0.0, 0.0, 1.0]
    assert [r[prev_prose] for r in rows] == [0.0, 0.0, 1.0, 1.0, 1.0]
    assert [r[next_prose] for r in rows] == [1.0, 1.0, 1.0, 0.0, 0.0]


def test_the_model_is_not_run_on_a_page_of_long_sentences() -> None:
    long = [f"{line} It was the third fire in the valley this year." for line in BODY]
    assert furniture.all_prose(long, [False] * 3)
    assert furniture.classify(long, [False] * 3, "en") is None
    out = clean_text("\n".join(long))
    assert out.text == "\n\n".join(long) and not out.optional
    assert not furniture.all_prose(["Home", *long], [False] * 4)
    assert furniture.all_prose(["Home", *long], [True, False, False, False])  # a rule took it
    assert furniture.classify(["Home", *long], [False] * 4, "en") is not None


def test_headline_runs_and_tags_in_the_features() -> None:
    lines = [
        "Ferry strike at Tamsel ends after talks",
        BODY[0],
        "Related",
        "Lisk council approves a new flood wall",
        "Orvane farmers count the cost of a wet spring",
        "Brosk library will close on Sundays from May",
        BODY[1],
        "What happens next",
        BODY[2],
        "#Brosk #MillFire @brosk_news",
    ]
    rows = page_features(lines, [False] * len(lines), "en")
    col = {name: [r[FEATURES.index(name)] for r in rows] for name in FEATURES}
    assert col["head_shape"][3:6] == [1.0, 1.0, 1.0] and col["head_shape"][7] == 0.0
    assert col["head_run"][4] > col["head_run"][0] > 0.0  # a run of three teasers, one headline
    assert col["tag_share"][9] == 1.0 and col["tag_share"][1] == 0.0
    assert col["after_last_prose"][9] == 1.0 and col["after_last_prose"][7] == 0.0
    assert col["question"] == [0.0] * len(lines)


@pytest.mark.parametrize(
    ("at", "gone", "probs", "removed"),
    [
        # a caption right beside a gallery counter that went, inside the story: removed
        (2, {3}, (0.3, 0.6, 0.1), True),
        # the same line between two paragraphs (a subheading): kept
        (2, set(), (0.3, 0.6, 0.1), False),
        # beside removed furniture but more likely content than not: kept
        (2, {3}, (0.6, 0.3, 0.1), False),
        # before the story's first paragraph (the headline): kept
        (0, {1}, (0.2, 0.7, 0.1), False),
    ],
)
def test_lines_beside_removed_furniture(
    at: int, gone: set[int], probs: tuple[float, float, float], removed: bool
) -> None:
    lines = ["Fire at Brosk mill", BODY[0], "The mill in flames on Monday", "3/12", BODY[1]]
    if at == 0:
        lines = ["Fire at Brosk mill", "Live", BODY[0], BODY[1]]
    table = [(0.9, 0.05, 0.05)] * len(lines)
    table[at] = probs
    flags = [i in gone for i in range(len(lines))]
    assert (at in furniture.beside_furniture(lines, flags, table)) is removed


def test_invented_pages_are_labelled_line_by_line() -> None:
    from scripts.invent_pages import invent_pages

    pages = invent_pages(40, 3)
    assert pages == invent_pages(40, 3)  # a fixed seed, the same pages
    for page in pages:
        lines = page["text"].split("\n")
        labels = page["content"].split("\n") + page["optional"].split("\n") + page["furniture_lines"]
        assert all(line.strip() for line in lines)
        assert sorted(lines) == sorted(x for x in labels if x)
        assert page["content"]


def test_invented_foreign_pages_repeat_no_sentence_and_read_in_their_language() -> None:
    from newsweave.clean import furniture_view
    from scripts.invent_pages import invent_pages

    foreign = [p for p in invent_pages(60, 5) if p["lang"] != "en"]
    assert {p["lang"] for p in foreign} == {"es", "fr", "de"}
    for page in foreign:
        content = page["content"].split("\n")
        sentences = [s for line in content[1:] for s in line.split(". ")]
        assert len(sentences) == len(set(sentences))  # a repeated paragraph would read as furniture
        assert furniture_view(page["text"])[2] == page["lang"]


def test_invented_sites_fold_by_host_and_cut_offs_use_real_sites() -> None:
    from scripts.build_furniture_model import Lines, _real, registered_domain

    assert registered_domain("https://lisk-courier.example/story/1") == "lisk-courier.example"
    assert registered_domain("https://news.brosk.co.uk/a/1") == "brosk.co.uk"
    groups = ["lisk-courier.example", "brosk.co.uk", "orvane-post.example"]
    data = Lines([[0.0]] * 3, [0, 0, 2], [False] * 3, [5] * 3, [0, 1, 2], groups, [True] * 3)
    assert _real(data, [0, 1, 2]) == [1]
    assert _real(data, [0, 2]) == [0, 2]  # invented pages only: all of them


def _supplemental(lines: list[str], ruled: list[bool], lang: str) -> list[tuple[float, float, float]]:
    return [(0.3, 0.6, 0.1)] * len(lines)  # every line more likely a caption than body text


@pytest.mark.parametrize(
    ("text", "body"),
    [
        (BODY[0], [BODY[0]]),
        ("Fire at Brosk mill is out\n" + BODY[0], [BODY[0]]),
        ("\n".join(BODY[:2]), BODY[:2]),
    ],
)
def test_a_page_of_optional_lines_keeps_its_prose_as_body(
    monkeypatch: pytest.MonkeyPatch, text: str, body: list[str]
) -> None:
    monkeypatch.setattr(sys.modules["newsweave.clean"], "classify", _supplemental)
    out = clean_text(text)
    optional = {out.text[s.start : s.end] for s in out.optional}
    assert [line for line in out.text.split("\n") if line.strip() and line not in optional] == body


def test_a_caption_beside_body_text_stays_optional(monkeypatch: pytest.MonkeyPatch) -> None:
    caption = "The mill on Tuesday, after the fire, seen from the road."
    real = furniture.classify

    def caption_only(
        lines: list[str], ruled: list[bool], lang: str
    ) -> list[tuple[float, float, float]] | None:
        probs = real(lines, ruled, lang)
        return [(0.3, 0.6, 0.1) if line == caption else p for line, p in zip(lines, probs or [], strict=True)]

    monkeypatch.setattr(sys.modules["newsweave.clean"], "classify", caption_only)
    out = clean_text("\n".join([BODY[0], caption, BODY[1]]))
    assert {out.text[s.start : s.end]: s.kind for s in out.optional}.get(caption) == "caption"


_FLOOD = [
    "Heavy rain flooded much of the river town of Aldmere on Tuesday, forcing hundreds of residents from "
    "their homes, local officials said.",
    "The Oster river rose nearly two metres overnight after three days of storms, the regional water "
    "authority said in a statement.",
    '"We have never seen the water come up this fast," said Mara Delling, the deputy mayor, standing '
    "outside the flooded school.",
    "Emergency crews evacuated about 400 people by boat, and a shelter was opened in the sports hall on "
    "the hill above the town.",
]
_INTERFACE = [
    "Advertisement", "Share on Facebook", "Copy link", "Sign up for our newsletter", "Editor's picks",
    "Don't miss", "Recommended for you", "View all news", "Report an error", "Support our journalism",
    "Donate", "Manage preferences", "Edition: International", "Topics: Weather", "Now playing",
    "Enlarge this image", "Image 3 of 12", "Photo 1/20", "Contact us", "About us", "My account",
    "5 min read", "Listen to this article", "Open in app", "Save for later",
]  # fmt: skip


@pytest.mark.parametrize("line", _INTERFACE)
@pytest.mark.parametrize("at", [1, 3, 4])
def test_interface_lines_between_paragraphs_are_removed(line: str, at: int) -> None:
    """Interface lines of any news site (an invented page; one line at a time, at the top, in
    the middle and after the story), removed with every paragraph kept."""
    page = ["Floods force hundreds from homes in Aldmere", *_FLOOD[:at], line, *_FLOOD[at:]]
    out = " ".join(clean_text("\n\n".join(page)).text.split())
    assert line not in out
    assert all(p in out for p in _FLOOD)
