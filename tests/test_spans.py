"""Span integrity end to end: for any input, every span of a briefing indexes its article's text."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from newsweave.errors import InputError
from newsweave.pipeline import Pipeline, prepare_partition
from newsweave.records import Article, RawDocument

WORDS = [
    "The", "council", "said", "on", "Monday", "that", "more", "than", "1,200", "people", "fled",
    "Valmora", "Mr", "Ilves", "told", "reporters", "“We", "will", "rebuild,”", "she", "added.",
    "About", "300", "soldiers", "were", "sent", "Sgt.", "Tomas", "Rehak", "U.S.", "\n\n", "(MP)",
    "—", "Content", "='X'>", "Saturday", "last", "week", "three", "million", "euros", "Dam",
]
sentences = st.lists(st.sampled_from(WORDS), min_size=3, max_size=40).map(" ".join)
texts = st.lists(sentences, min_size=1, max_size=6).map(lambda ss: ". ".join(ss) + ".")
dates = st.one_of(st.none(), st.sampled_from(["2026-03-10", "2026-03-11", "2025-12-31"]))
any_text = st.one_of(texts, st.text(min_size=1, max_size=400))


def _articles(bodies: list[tuple[str, str | None]]) -> list[Article]:
    docs = [RawDocument(id=f"a{i}", text=text, date=date) for i, (text, date) in enumerate(bodies)]
    return [a for a in prepare_partition(docs) if not isinstance(a, InputError)]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(any_text, dates), min_size=1, max_size=4))
def test_every_span_indexes_the_clean_text(bodies: list[tuple[str, str | None]]) -> None:
    articles = _articles(bodies)
    briefing = Pipeline(words=40).brief(articles)
    for event in briefing.events:
        texts = {a.id: a.text for a in event.articles}
        for item in [*event.summary, *event.facts.quotes, *event.facts.timeline]:
            assert texts[item.article][item.start : item.end] == item.text
        for claim in event.facts.claims:
            assert 0 <= claim.start < claim.end <= len(texts[claim.article])
        assert sum(len(s.text.split()) for s in event.summary) <= 40
        assert sorted(a for e in [event] for a in texts) == sorted(texts)
    seen = [a.id for e in briefing.events for a in e.articles]
    assert sorted(seen) == sorted(a.id for a in articles)
