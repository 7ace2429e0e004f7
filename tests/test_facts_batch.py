"""A briefing task parses the quote sentences of all its events in one batch (``prepare_facts``,
``parse_prepared``): the quotes and speakers are those each event finds alone. Invented events."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from newsweave.facts import attribution, extract_facts, parse_prepared, prepare_facts
from newsweave.facts.entities import Mention
from newsweave.records import Article, Facts, Story

_PEOPLE = ("Ada Voss", "Ivo Brandt", "Lotte Maris")

# The same sentence in two events: with and without a name NER found, so the patterns leave
# different quotes to the parser (the readings depend on the event's index).
_TEXTS = {
    "e1": [
        'Harbour master Ada Voss, who ran the count, said "every boat was moved twice" before the gale.',
        '"We counted every boat in the harbour twice," Ada Voss told the board on Monday.',
    ],
    "e2": [
        'The pier "was never built for a storm of this size," the engineer warned, as Ivo Brandt watched.',
        'Ivo Brandt, the port\'s engineer, insisted the repairs "would hold through the winter".',
    ],
    "e3": [
        'Harbour master Ada Voss, who ran the count, said "every boat was moved twice" before the gale.',
        'A ferry captain, Lotte Maris, recalled that the crossing "felt like a wall of water".',
    ],
}


def _tagger(known: Sequence[str]) -> Callable[[Sequence[str]], list[list[Mention]]]:
    def tag(texts: Sequence[str]) -> list[list[Mention]]:
        out = []
        for t in texts:
            found = []
            for name in known:
                at = t.find(name)
                if at >= 0:
                    found.append(Mention(name, "PERSON", at, at + len(name)))
            out.append(sorted(found, key=lambda m: m.start))
        return out

    return tag


def _event(eid: str) -> tuple[list[Article], list[Story]]:
    arts = [Article(f"{eid}-{n}", text) for n, text in enumerate(_TEXTS[eid])]
    return arts, [Story(f"s-{a.id}", a.id, [a.id]) for a in arts]


_KNOWN = {"e1": _PEOPLE, "e2": _PEOPLE, "e3": ("Lotte Maris",)}


def _quotes(facts: Facts) -> list[tuple[str, str | None, str]]:
    return [(q.article, q.speaker, q.text) for q in facts.quotes]


@pytest.mark.parametrize("order", [("e1", "e2", "e3"), ("e3", "e1"), ("e2",)])
def test_one_batch_per_task_gives_each_events_quotes(
    order: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    alone = {}
    for eid in order:
        arts, stories = _event(eid)
        alone[eid] = extract_facts(arts, stories, tagger=_tagger(_KNOWN[eid]))
    attribution._CACHE.clear()
    calls: list[int] = []
    real = attribution.parser()

    class Counting:
        def pipe(self, texts: list[str], batch_size: int) -> object:
            calls.append(len(texts))
            return real.pipe(texts, batch_size=batch_size)

    monkeypatch.setattr(attribution, "parser", lambda: Counting())
    events = {eid: _event(eid) for eid in order}
    prepared = [prepare_facts(*events[eid], tagger=_tagger(_KNOWN[eid])) for eid in order]
    parse_prepared(prepared)
    wanted = sum(len(p.quotes.readings) for p in prepared)
    assert len(calls) == (1 if wanted else 0)  # one parser batch for the task
    assert wanted or order != ("e1", "e2", "e3")
    for eid, prep in zip(order, prepared, strict=True):
        arts, stories = events[eid]
        together = extract_facts(arts, stories, tagger=_tagger(_KNOWN[eid]), prepared=prep)
        assert _quotes(together) == _quotes(alone[eid])
        assert together.entities == alone[eid].entities
    assert len(calls) == (1 if wanted else 0)  # the events' passes read nothing more
    assert any(q.speaker for f in alone.values() for q in f.quotes)
