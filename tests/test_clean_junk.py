"""Junk lines go by their form; story lines stay, even when they look a little like junk."""

from __future__ import annotations

from pathlib import Path

import pytest

from newsweave.clean import _resumed_ending, clean_document, clean_text
from newsweave.clean.junk import junk_kind
from newsweave.records import RawDocument, Removed

JUNK = [
    "To see the remainder of this article, click read more.",
    "Please upgrade your browser to view this content.",
    "Your browser does not support the video tag.",
    "We use cookies to improve your experience. Accept all cookies",
    "Share this article",
    "• facebook",
    "  • google plus",
    "Hide AdAdvertisement",
    "Skip to main content",
    "Read more: Floods cut off three villages",
    "READ: Mayor promises new sea wall",
    "RELATED:",
    "Up Next",
    "32m agoWhat the new tram line means for you",
    "Sign up for our morning newsletter",
    "Receive more analysis by signing up to the weekly politics newsletter here.",
    "Get tomorrow's headlines for FREE",
    "Camera IconRescuers search the rubble (HT PHOTO) Credit: HT",
    "Rescuers search the rubble in Lisk. Picture: Harbour Agency",
    "(HT Photo/Ana Lind)",
    "Photo: Facebook/LiskRescue",
    "News > World > Europe",
    "Home » Regions » Orvane",
    "Published 8 February 2023",
    "Updated at 4:08 p.m.",
    "Apr 20, 2021 @ 2:47pm",
    "13th Dec 2019",
    "Harbour Times | Updated: 18-07-2020 20:58 IST | Created: 18-07-2020 20:55 IST",
    "Watch live coverage below:",
    "by HT/AL",
    "Reuters",
    "0",
    "https://example.org/story/1",
    "© 2024 Harbour Times. All rights reserved.",
    "Follow us on Twitter",
    "Image copyright Getty Images",
    "Image source, Getty Images",
    "Image caption, Rescuers at the scene",
    "Media playback is unsupported on your device",
    "This material may not be published, broadcast, rewritten or redistributed.",
    "Story continues below advertisement",
    "Continue reading the main story",
    "Loading...",
    "Related Topics",
    "FILE PHOTO: A man walks past a flooded street in Lisk, March 3, 2024. REUTERS/Ana Lind/File Photo",
    "Rescuers carry a woman in Lisk. AFP via Getty Images",
    "Listen to this article",
    "5 min read",
    "Reporting by Ana Lind; Editing by Tom Hart",
    "(Reporting by Ana Lind in Lisk; Editing by Tom Hart)",
    "Additional reporting by Tom Hart in Brenmoor",
    "Click to share on Twitter (Opens in new window)",
    "Like this:",
    "Comments are closed.",
    "Leave a Reply",
    "Your email address will not be published.",
    "Posted in World",
    "Filed Under: Floods, Orvane",
    "Previous article",
    "You might also like",
    "Facebook Twitter Pinterest Email",
    "Share via Email",
    "The Harbour Times is not responsible for the content of external sites.",
    ">>> Ferry strike enters its third day",
    "This article is from Mar 3, 2019",
    "This is an archived article and the facts in it may be out of date.",
    "kjelsen22's picture",
    "Post by Velby Harbour Board.",
]
CONTENT = [
    "The mayor said the new sea wall would be finished by March.",
    "Share prices fell sharply after the storm.",
    "Read the room, the minister told colleagues.",
    "Updated figures released on Monday showed 1,200 people had left their homes.",
    "More than 100 soldiers are said to have defected.",
    "Battered and bruised",
    "What do the defectors say?",
    "By Orla Lind, Harbour Times, in Lisk near the border",
    "The photo showed the bridge collapsing.",
    "Cookies and cakes were handed out at the shelter, volunteers said.",
    "Russia, Cuba and China back the government.",
    "“I felt impotent and useless,” he said.",
    "Subscribers to the local paper were told first.",
    "Latest figures show the river falling.",
    "News of the rescue spread quickly across the valley.",
    "The vote is on 12 March 2024, officials said.",
    "The photographer, Ana Lind, said the water rose quickly.",
    "Posted guards stood at the gate all night, witnesses said.",
    "Editing the budget took weeks, the mayor said.",
    "Follow-up inspections are planned for April.",
    "The image of the flooded square was shared widely.",
    "Loading of the aid trucks began at dawn.",
    "Comments by the minister angered residents.",
    "He said 50/50 odds were not good enough.",
    "Like this one, the old bridge was built in 1902.",
    "Reuters reported that 40 people were missing.",
    "The clinic treated the injured for free, its director said.",
    "The firm changed its privacy policy last week after the leak.",
    "Copyright lawyers said the case could take years.",
    "Your browser history can reveal more than you think, experts warn.",
    "JavaScript is the most widely used language on the web, the survey found.",
    "By using drones, rescuers found two survivors on a roof.",
    "This video is the first evidence that soldiers fired on the crowd.",
    "Join our march, the protesters chanted.",
    "The names may not be published under a court order.",
    "Readers signing up for the newsletter rose by 40 percent.",
    "Skip to the end, the coach told his players.",
    "An AP/NORC poll found that most Americans approve.",
    "He said the map/list was wrong.",
    "By the numbers",
    "By the river",
]


@pytest.mark.parametrize("line", JUNK)
def test_junk_lines(line: str) -> None:
    assert junk_kind(line) is not None


@pytest.mark.parametrize("line", CONTENT)
def test_content_lines_kept(line: str) -> None:
    assert junk_kind(line) is None


def test_tags_after_a_tags_heading() -> None:
    text, _, removed, _, _ = clean_text("The dam held.\n\nTags\n\nOrvane Floods Lisk\n")
    assert text == "The dam held."
    assert [r.kind for r in removed] == ["tags", "tags"]


def test_page_top_fragment_above_a_rule() -> None:
    text, _, removed, _, _ = clean_text("Lisk harbour\n\n---\n\nThe dam held overnight.")
    assert text == "The dam held overnight."
    assert [(r.kind, r.text) for r in removed] == [("header", "Lisk harbour"), ("junk", "---")]


@pytest.mark.parametrize(
    ("broken", "fixed"),
    [
        ("The mayorâ€™s office said it was â€œsafeâ€\x9d.", "The mayor’s office said it was “safe”."),
        ("CafÃ© owners in BogotÃ¡ reopened.", "Café owners in Bogotá reopened."),
    ],
)
def test_mojibake_repaired_and_logged(broken: str, fixed: str) -> None:
    text, _, removed, _, _ = clean_text(broken)
    assert text == fixed
    assert any(r.kind == "mojibake" for r in removed)


def test_correct_typography_unchanged() -> None:
    text = "“It’s over,” she said — the ﬁnal word. Ｆｕｌｌ width stays."
    assert clean_text(text)[0] == text


def test_language_detected_and_given_language_wins() -> None:
    es = "El terremoto dejó miles de muertos en Turquía y Siria, según las autoridades locales."
    assert clean_document(RawDocument(id="a", text=es)).lang == "es"
    assert clean_document(RawDocument(id="a", text=es, lang="pt")).lang == "pt"


def test_paragraphs_separated_by_blank_lines() -> None:
    text, _, _, _, _ = clean_text("First paragraph here.\nSecond one.\r\n\r\n\r\nThird.")
    assert text == "First paragraph here.\n\nSecond one.\n\nThird."


def test_blog_page_chrome_removed() -> None:
    raw = (Path(__file__).parent / "fixtures" / "clean" / "blog_page.txt").read_text(encoding="utf-8")
    art = clean_document(RawDocument(id="b", text=raw))
    assert art.text.split("\n\n") == [
        "Kestria blackout: minister quits over grid failures",
        "The energy minister of Kestria, Paulo Renn, resigned on Friday after a report found that the "
        "national grid had ignored safety warnings for a decade.",
        "In a statement, Mr Renn said he took full responsibility for the blackout.",
    ]
    assert art.published == "2024-03-05"
    assert art.author is None  # "Admin" names no person
    assert any(r.kind == "teaser" for r in art.removed)


def test_teaser_block_ends_at_the_story() -> None:
    text = (
        "The dam held overnight.\n\nRelated stories\n\nRiver falls after storm\n\nMayor thanks volunteers\n\n"
        "Engineers will inspect the dam again on Monday, officials said."
    )
    clean = clean_text(text).text
    assert (
        clean == "The dam held overnight.\n\nEngineers will inspect the dam again on Monday, officials said."
    )


def test_latest_heading_does_not_eat_the_headline() -> None:
    text = "Latest\n\nDam holds after storm\n\nEngineers said the dam held overnight."
    assert clean_text(text).text == "Dam holds after storm\n\nEngineers said the dam held overnight."


def test_portal_page_chrome_removed() -> None:
    raw = (Path(__file__).parent / "fixtures" / "clean" / "portal_page.txt").read_text(encoding="utf-8")
    art = clean_document(RawDocument(id="p", text=raw))
    paragraphs = art.text.split("\n\n")
    assert paragraphs[0] == "Kestria grid chief faces questions after blackout"
    assert paragraphs[1].startswith("LISK, Kestria (Reuters) - The head of Kestria's grid operator")
    assert (art.author, art.outlet) == ("Ana Lind", "Kestria Daily")


def test_portal_page_sentence_after_the_gallery_kept() -> None:
    # the story's last sentence alone after a slideshow's furniture: the model is not sure
    # enough (under LAST_PROSE_CUT) to remove the page's last sentence of prose
    raw = (Path(__file__).parent / "fixtures" / "clean" / "portal_page.txt").read_text(encoding="utf-8")
    paragraphs = clean_document(RawDocument(id="p", text=raw)).text.split("\n\n")
    assert paragraphs[-1] == "Fewer than half of homes had power back by Monday evening."
    assert len(paragraphs) == 4


_PROSE = "The council said on Monday that the harbour wall would be repaired by the spring."
_GONE = Removed("junk", "See Gallery")


@pytest.mark.parametrize(
    ("layout", "expected"),
    [
        (["p", "p", "gone", "gone", "p"], 4),  # the story resumed after a gallery and ended
        (["p", "gone", "", "p", "gone"], 3),  # blank lines and furniture after it change nothing
        (["p", "p", "p"], None),  # the last sentence follows the story: the model decides
        (["p", "Photos: the harbour", "p"], None),  # a kept line between: no resumed story
        (["gone", "p"], None),  # one sentence of prose: never emptied anyway
    ],
)
def test_resumed_ending(layout: list[str], expected: int | None) -> None:
    lines = {"p": (_PROSE, None), "gone": ("See Gallery", _GONE)}
    ruled = [(line, set(), rule) for line, rule in (lines.get(x, (x, None)) for x in layout)]
    assert _resumed_ending(ruled) == expected


@pytest.mark.parametrize("label", ["Breaking News", "World News", "News"])
def test_section_label_is_no_masthead(label: str) -> None:
    art = clean_document(RawDocument(id="s", text=f"{label}\n\nThe dam held overnight, engineers said."))
    assert art.outlet is None


@pytest.mark.parametrize(
    "line",
    [
        "— Ana Lind (@analind_tv) May 3, 2021",
        "- Piet Vos (@pietvos) 3 mei 2021",
        "— Jo Brand (@jb_lisk) 24 августа 2016 г.",
        "A post shared by Lisk Harbour (@liskharbour) on Jun 2, 2019 at 4:12pm PDT",
    ],
)
def test_embedded_social_post_footers(line: str) -> None:
    assert junk_kind(line) == "social"


@pytest.mark.parametrize(
    "line",
    [
        "The mayor (@lisk_mayor on the platform) said in 2021 that the dam would hold.",
        "Ana Lind (@analind) said the harbour would reopen.",
        "Follow Ana Lind (@analind) for more.",
    ],
)
def test_sentences_naming_a_handle_are_no_footer(line: str) -> None:
    assert junk_kind(line) != "social"


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        ("(Ana Lind / AFP/Getty Images)", "caption"),
        ("Crews at the Brosk mill on Tuesday (REUTERS/Piet Vos)", "caption"),
        ("He said so (Reuters)", None),
        ("The dam held, officials said (AP).", None),
    ],
)
def test_credit_in_brackets_ends_a_caption(line: str, kind: str | None) -> None:
    assert junk_kind(line) == kind


def test_a_title_printed_twice_goes_but_the_headline_stays_once() -> None:
    story = (
        "The harbour board in Velby voted on Monday to close the old pier for two years while "
        "engineers rebuild its foundations, officials said."
    )
    text = "\n\n".join(
        [
            "Velby votes to close its old pier",
            "Velby votes to close its old pier",
            story,
            "Pier closure explained in two minutes",
            "Pier closure explained in two minutes",
            "The work is expected to cost about 40 million crowns, the board said in a statement.",
        ]
    )
    out = clean_text(text).text
    assert out.count("Velby votes to close its old pier") == 1
    assert "explained in two minutes" not in out
    assert story in out


def test_a_title_cased_otherwise_than_the_headline_is_another_item() -> None:
    text = "\n\n".join(
        [
            "Velby votes to close its old pier for repairs",
            "Watch: Harbour Chief Explains The Closure Plan",
            "Port Workers Protest Outside Town Hall",
            "The harbour board in Velby voted on Monday to close the old pier for two years while "
            "engineers rebuild its foundations, officials said.",
            "The work is expected to cost about 40 million crowns, the board said in a statement.",
        ]
    )
    out = clean_text(text).text
    assert "Port Workers Protest" not in out
    assert "Velby votes to close its old pier for repairs" in out


_STORY = (
    "Harbour Lights Gazette\n\n"
    "Ferry service to Calder Island resumes after storm\n\n"
    "The Calder Island ferry resumed its crossings on Tuesday after three days of gales kept "
    "the boats in port, the operator said.\n\n"
    "About 400 islanders had been cut off since Saturday, and the council flew in medicine on "
    "Monday.\n\n"
    "Posted by Mara Quill at March 3, 2026 09:12 AM | Email This\n\n"
)
_COMMENTS = (
    "Took them long enough, I was stuck on the mainland with my kids all weekend.\n\n"
    "Posted by: harbourdad | March 3, 2026 10:40 AM\n\n"
    "You cannot blame the crew for the weather, they did the right thing keeping the boats in.\n\n"
    "Posted by: Jen O. | March 3, 2026 11:02 AM\n\n"
    "Does anyone know if the evening sailing is running as well?\n\n"
    "Posted by: tidewatcher | March 3, 2026 11:15 AM\n\n"
    "Post a Comment\n"
)


def test_a_comment_thread_under_the_story_is_removed() -> None:
    art = clean_document(RawDocument(id="c1", text=_STORY + _COMMENTS))
    assert "The Calder Island ferry resumed" in art.text
    assert "About 400 islanders" in art.text
    for comment in ("You cannot blame the crew", "Does anyone know if the evening"):
        assert comment not in art.text
    assert any(r.kind == "comment" for r in art.removed)


def test_a_live_blog_whose_stamps_a_headline_follows_is_kept() -> None:
    entries = "".join(
        f"Mara QuillShareReply March 3, 2026 {hh}:{mm}PMUpdate {k}: crossing number {k} leaves\n\n"
        f"The ferry left the harbour for crossing number {k} with {k * 40} passengers aboard, "
        "the operator said in a statement.\n\n"
        for k, (hh, mm) in enumerate([("4", "10"), ("3", "55"), ("3", "30"), ("2", "05")], start=1)
    )
    lead = "The ferry service resumed on Tuesday, the operator said in a statement."
    text = f"Ferry crossings: live updates\n\n{lead}\n\n{entries}"
    art = clean_document(RawDocument(id="c2", text=text))
    for k in range(1, 5):
        assert f"{k * 40} passengers aboard" in art.text
    assert not any(r.kind == "comment" for r in art.removed)


def test_a_dated_byline_above_the_story_opens_no_thread() -> None:
    text = (
        "Posted by: Mara Quill | March 3, 2026 09:12 AM\n\n"
        "The Calder Island ferry resumed its crossings on Tuesday after three days of gales kept "
        "the boats in port, the operator said.\n\n"
        "About 400 islanders had been cut off since Saturday, and the council flew in medicine.\n\n"
        "Posted by: harbourdad | March 3, 2026 10:40 AM\n\n"
        "Good news at last for the island and for everyone who works on the boats.\n\n"
        "Posted by: tidewatcher | March 3, 2026 11:15 AM\n"
    )
    art = clean_document(RawDocument(id="c3", text=text))
    assert "The Calder Island ferry resumed" in art.text
    assert "About 400 islanders" in art.text


_OTHER_LANGUAGES = [
    "Compartir en Facebook", "Publicidad", "Lea también: Los agricultores hacen cuentas", "Lo más leído",
    "Suscríbete a nuestro boletín", "Utilizamos cookies propias y de terceros", "4 min de lectura",
    "Actualizado 14 marzo 2026, 11:40", "Volver arriba", "Partager sur Facebook", "Publicité",
    "Lire aussi : Les agriculteurs comptent leurs pertes", "Les plus lus", "Tous droits réservés",
    "Nous utilisons des cookies pour améliorer votre expérience", "Temps de lecture : 4 min",
    "Publié le 14 mars 2026 à 08h12", "Artikel teilen", "Anzeige", "Mehr zum Thema: Landwirte zählen Schäden",
    "Meistgelesen", "Wir verwenden Cookies", "Lesezeit: 4 Min.", "Aktualisiert am 14.03.2026, 11:40 Uhr",
    "Alle Rechte vorbehalten", "Compartilhar no Facebook", "Leia também: Agricultores contam prejuízos",
    "Mais lidas", "Este site utiliza cookies", "Condividi su Facebook", "Pubblicità", "I più letti",
    "Leggi anche: Gli agricoltori contano i danni", "Tutti i diritti riservati", "Torna su", "Schlagworte",
    "La Gazette du Val. Tous droits réservés", "Gazzetta della Valle. Tutti i diritti riservati",
    "Diario del Valle. Todos los derechos reservados", "Der Talbote. Alle Rechte vorbehalten",
]  # fmt: skip


@pytest.mark.parametrize("line", _OTHER_LANGUAGES)
def test_interface_lines_of_other_languages_are_junk(line: str) -> None:
    assert junk_kind(line) is not None


@pytest.mark.parametrize(
    "line",
    [
        "Compartir el agua con los vecinos fue la única opción, dijo el alcalde.",
        "Publicado el informe, el gobierno anunció nuevas medidas contra las inundaciones.",
        "La publicidad del ayuntamiento pedía a los vecinos que no salieran de casa.",
        "Anzeige gegen den Bürgermeister erstattet",
        "Themenwechsel im Landtag nach dem Hochwasser",
        "Les plus lus des journaux locaux ont consacré leur une à la crue.",
        "Aggiornato il piano di evacuazione, i soccorritori hanno raggiunto 60 anziani.",
    ],
)
def test_story_lines_with_interface_words_are_kept(line: str) -> None:
    assert junk_kind(line) is None


@pytest.mark.parametrize(
    "line",
    [
        "Publié le 14 mars 2026 à 08h12 - Mis à jour le 14 mars 2026 à 11h40",
        "Veröffentlicht am 14. März 2026, 08:12 Uhr, aktualisiert am 14. März 2026",
        "First published on Fri 13 Mar 2026 18.00 GMT, last modified on Sat 14 Mar 2026",
    ],
)
def test_a_long_stamp_that_gives_its_year_is_a_date_line(line: str) -> None:
    assert junk_kind(line) == "date"


def test_a_long_line_opening_with_a_stamp_word_and_no_year_is_kept() -> None:
    line = "Updated plans for the bridge over the Lenz canal were shown to residents on Monday night"
    assert junk_kind(line) is None


_ES_STORY = [
    "Tres aldeas del valle de Varden quedaron aisladas el sábado después de que el río Lenz se desbordara "
    "por segunda vez en una semana, informaron los servicios de emergencia.",
    "Unos 1.400 vecinos se quedaron sin acceso por carretera, y los rescatistas usaron botes para llegar a "
    "al menos 60 personas mayores.",
    '"El agua subió más rápido que nunca en cuarenta años", dijo Hanna Roth, alcaldesa de Oberau.',
]


def test_a_spanish_page_keeps_its_headline_and_story_without_its_interface() -> None:
    """An invented Spanish page: the "updated" stamp is no title, the interface lines go."""
    title = "Inundaciones dejan aisladas a tres aldeas del valle de Varden"
    interface = [
        "Iniciar sesión", "Actualizado 14 marzo 2026, 11:40", "4 min de lectura", "Compartir en Facebook",
        "Publicidad", "Lea también: Los agricultores hacen cuentas tras las tormentas", "Lo más leído",
        "Suscríbete a nuestro boletín diario", "Aceptar cookies", "Volver arriba",
    ]  # fmt: skip
    page = [interface[0], title, *interface[1:4], _ES_STORY[0], interface[4], _ES_STORY[1], *interface[5:7],
            _ES_STORY[2], *interface[7:]]  # fmt: skip
    out = clean_text("\n".join(page))
    assert out.text.split("\n")[0] == title
    assert all(p in out.text for p in _ES_STORY)
    assert not [x for x in interface if x in out.text]
