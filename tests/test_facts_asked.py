"""Words put to someone are not that person's quote; a body speaks by its name as written (invented text)."""

from __future__ import annotations

import pytest

from newsweave.facts.entities import EntityIndex, Mention
from newsweave.facts.quotes import find_quotes


def _index(text: str, names: list[tuple[str, str]]) -> EntityIndex:
    ms, pos = [], 0
    for name, label in names:
        at = text.find(name, pos)
        ms.append(Mention(name, label, at, at + len(name)))
        pos = at + 1
    return EntityIndex({"a": ms}, {"a": text})


def _speakers(text: str, people: list[str] = ()) -> list[str | None]:  # type: ignore[assignment]
    index = _index(text, [(p, "PERSON") for p in people]) if people else None
    return [q.speaker for q in find_quotes(text, "a", index)]


@pytest.mark.parametrize(
    ("text", "speakers"),
    [
        # the question put to the one asked: no one named asks it
        ('Ada Voss was asked, "Will you resign before the vote in the spring?"', [None]),
        ('Ada Voss was asked: "Will you resign before the vote in the spring?"', [None]),
        ('"Will you resign before the vote in the spring?" Ada Voss was asked.', [None]),
        ('At the briefing Ada Voss was asked whether "the harbour deal is dead?"', [None]),
        ('When asked "Will you resign before the vote in the spring?" Ada Voss laughed.', [None]),
        # the asker named by "by"
        ('Ada Voss was asked by Lene Dahl: "Will you resign before the vote in the spring?"', ["Lene Dahl"]),
        # the asker as subject of an active "asked"
        ('A reporter asked Ada Voss: "Will you resign before the vote in the spring?"', ["a reporter"]),
        # the answer is the one asked's
        ('Asked whether she would resign, Ada Voss said: "Not today, not while I work."', ["Ada Voss"]),
        ('Asked about the harbour, "It is fine and we will reopen it soon," Ada Voss said.', ["Ada Voss"]),
        ('"Not today, not while I have work to do," Ada Voss said when asked if she would go.', ["Ada Voss"]),
        (
            'Ada Voss, who was asked to lead the board, said: "I will do it for the harbour and its people."',
            ["Ada Voss"],
        ),
        # a finite "asked" / "told" after an apposition or a participle's clause is the subject's own
        ('Toma Varek, a ferry pilot, told Nordpress that "the boats are safe now".', ["Toma Varek"]),
        ('Toma Varek, reading the speech, asked the crowd "Why should we trust them?"', ["Toma Varek"]),
        ('"We will reopen the pier," Ada Voss said after she was told about the vote.', ["Ada Voss"]),
        # words told to someone are not theirs
        ('Ada Voss said she was told: "Leave the harbour now or you will be arrested."', [None]),
    ],
)
def test_words_put_to_someone(text: str, speakers: list[str | None]) -> None:
    assert _speakers(text) == speakers


def test_the_answer_after_the_question_is_the_one_asked() -> None:
    text = (
        "Ada Voss, the harbour chief, met reporters in Velby on Monday.\n\n"
        'Ada Voss was asked: "Will you resign before the vote in the spring?" '
        '"Never, not while I have work to do," she said.'
    )
    assert _speakers(text, ["Ada Voss", "Ada Voss"]) == [None, "Ada Voss"]


@pytest.mark.parametrize("body", ["Norland News Channel", "Velby Rights Watch", "Al Norvik"])
def test_a_body_speaks_by_its_fuller_name(body: str) -> None:
    short = body.split()[0]
    text = (
        f"{short} aired the harbour debate. {short} then ran the interview again. Critics of {short} "
        f'were loud.\n\n"We have no comment on the harbour at this time," {body} said in a statement.'
    )
    index = _index(text, [(short, "ORG")] * 3 + [(body, "ORG")])
    assert index.lookup(body) is index.lookup(short)  # one body, named mostly by its short form
    assert [q.speaker for q in find_quotes(text, "a", index)] == [body]
