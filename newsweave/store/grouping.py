"""Pure decisions of incremental grouping: honour editor corrections on a fresh grouping, then
give each group a stable event id (the event whose articles it mostly holds; the older id
survives a merge and the other redirects to it)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from newsweave.records import EventGroup, Story


@dataclass(frozen=True, slots=True)
class Decision:
    """An editor's correction, kept in the store and applied after every regrouping.

    merge: ``articles`` stay in one event. split: ``articles`` never share an event with
    ``rest``. unlink: ``articles[0]`` is not a copy of ``rest[0]`` (never the same story).
    """

    kind: str
    articles: tuple[str, ...]
    rest: tuple[str, ...] = ()


@dataclass(slots=True)
class Plan:
    """Where every group goes: (event id, group) pairs, new ids, and merged-away ids."""

    events: list[tuple[str, EventGroup]] = field(default_factory=list)
    new: list[str] = field(default_factory=list)
    redirects: dict[str, str] = field(default_factory=dict)


def normalise(groups: Iterable[EventGroup], keep: set[str]) -> list[list[Story]]:
    """Stories of each group restricted to ``keep``; each story named after its original."""
    out: list[list[Story]] = []
    for group in groups:
        stories = [_story(s.original, [a for a in s.articles if a in keep]) for s in group.stories]
        stories = [s for s in stories if s.articles]
        if stories:
            out.append(stories)
    return out


def _story(original: str, articles: list[str]) -> Story:
    if original not in articles:
        original = articles[0] if articles else original
    return Story(id=original, original=original, articles=articles)


def apply_decisions(groups: list[list[Story]], decisions: Sequence[Decision]) -> list[list[Story]]:
    """Apply the corrections in the order they were made, so a later one overrides an earlier."""
    for d in decisions:
        if d.kind == "merge":
            groups = _merge(groups, set(d.articles))
        elif d.kind == "split":
            groups = _split(groups, set(d.articles), set(d.rest))
        elif d.kind == "unlink" and d.rest:
            groups = [_unlink(stories, d.articles[0], d.rest[0]) for stories in groups]
    return groups


def _merge(groups: list[list[Story]], linked: set[str]) -> list[list[Story]]:
    hit = [g for g in groups if any(a in linked for s in g for a in s.articles)]
    if len(hit) < 2:
        return groups
    rest = [g for g in groups if not any(g is h for h in hit)]
    merged = [s for g in hit for s in g]
    first = min(groups.index(h) for h in hit)
    rest.insert(min(first, len(rest)), merged)
    return rest


def _split(groups: list[list[Story]], out: set[str], rest: set[str]) -> list[list[Story]]:
    result: list[list[Story]] = []
    for g in groups:
        ids = {a for s in g for a in s.articles}
        if not (ids & out and ids & rest):
            result.append(g)
            continue
        inside = [_story(s.original, [a for a in s.articles if a in out]) for s in g]
        outside = [_story(s.original, [a for a in s.articles if a not in out]) for s in g]
        result.append([s for s in outside if s.articles])
        result.append([s for s in inside if s.articles])
    return result


def _unlink(stories: list[Story], article: str, original: str) -> list[Story]:
    out: list[Story] = []
    for s in stories:
        if article in s.articles and original in s.articles:
            others = [a for a in s.articles if a != article]
            keep = original if s.original == article else s.original
            out.append(_story(keep, others))
            out.append(_story(article, [article]))
        else:
            out.append(s)
    return out


def assign_ids(
    groups: list[list[Story]],
    event_of: dict[str, str | None],
    created: dict[str, int],
    new_id: Callable[[], str],
) -> Plan:
    """Each old event's home is the group holding most of its articles; a group takes the
    oldest id among the events at home in it, the others redirect there; the rest get new ids."""
    where = {a: i for i, g in enumerate(groups) for s in g for a in s.articles}
    tally: dict[str, Counter[int]] = {}
    for art, ev in event_of.items():
        if ev is not None and art in where:
            tally.setdefault(ev, Counter())[where[art]] += 1
    claimants: dict[int, list[str]] = {}
    for ev, counts in tally.items():
        home = min(counts, key=lambda i: (-counts[i], i))
        claimants.setdefault(home, []).append(ev)
    plan = Plan()
    for i, stories in enumerate(groups):
        owners = sorted(claimants.get(i, []), key=lambda e: (created.get(e, 0), e))
        if owners:
            eid = owners[0]
            plan.redirects.update((old, eid) for old in owners[1:])
        else:
            eid = new_id()
            plan.new.append(eid)
        plan.events.append((eid, EventGroup(id=eid, stories=stories)))
    return plan


def membership(stories: Iterable[Story]) -> frozenset[tuple[str, str, str | None]]:
    """(article, story, copy_of) triples: what a briefing depends on besides the texts."""
    return frozenset(
        (a, s.id, None if a == s.original else s.original) for s in stories for a in s.articles
    )

