"""A generator of invented news streams with known events and stories, for tests and benchmarks.

Each event happens at an invented place to invented people on one date; its original reports are
copied verbatim (with aggregator headers), spun (synonyms swapped), rewritten (new lead, a sentence
dropped) and "translated" (every ordinary word mapped into a made-up language, names and numbers
kept). Same-topic distractors reuse an event's place and topic a month later with other people.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, timedelta

_SYLLABLES = [
    "ka",
    "lo",
    "mi",
    "ra",
    "ten",
    "vos",
    "bar",
    "del",
    "qui",
    "zan",
    "sor",
    "pel",
    "mur",
    "tag",
    "fen",
    "rok",
    "lin",
    "dah",
]
_TOPICS = [
    ("flood", "rescuers", "water", "homes", "evacuated"),
    ("fire", "firefighters", "blaze", "buildings", "destroyed"),
    ("strike", "workers", "union", "factories", "closed"),
    ("election", "voters", "ballot", "seats", "won"),
    ("quake", "rescuers", "tremor", "houses", "collapsed"),
    ("recall", "regulators", "battery", "devices", "returned"),
]
_SPIN = {
    "said": "talked about", "officials": "authorities", "people": "individuals", "killed": "slain",
    "rescuers": "responders", "homes": "residences", "reported": "disclosed", "city": "metropolis",
    "began": "commenced", "more": "additional", "help": "assistance", "continue": "carry on",
}  # fmt: skip
_TEMPLATES = [
    "{place} - A {topic} hit the city of {place} on {weekday}, and {n1} people were killed, officials said.",
    "{person} said the {thing} reached {n2} {objects} in the {region} region.",
    "About {n3} {objects} were {verb} and {group} began work early on {weekday}.",
    "{person2}, who leads the {org} group, said more help would come from {capital}.",
    "The {topic} was the worst in {region} since {year}, according to {org}.",
    "Local officials reported that {n4} people remained missing in {place}.",
    "{group} continue to search for survivors, {person} told reporters.",
]
_TEMPLATES_B = [
    "At least {n1} people died when a {topic} struck {place} early {weekday}, according to {org}.",
    "In the {region} region {n2} {objects} were affected, {person} told a press briefing.",
    "Some {n3} {objects} had been {verb} by nightfall as {group} worked through the day.",
    "Aid was promised from {capital} by {person2}, head of {org}.",
    "Nobody in {region} remembers a {topic} this bad since {year}.",
    "Still missing in {place}: {n4} residents, local officials reported.",
    "Searches by {group} go on through the night, {person} added.",
]
_TEMPLATES_C = [
    "{place} was hit by a {topic} on {weekday}; the toll stood at {n1} by evening.",
    "Figures from {org} put the damage at {n2} {objects} across {region}.",
    "{group} say roughly {n3} {objects} are gone.",
    "{person2} of {org} expects teams from {capital} within days.",
    "Records in {region} going back to {year} show nothing worse.",
    "{n4} are unaccounted for, according to the town hall in {place}.",
    "{person} warned the search could take weeks.",
]
_HEADLINES = ["{topic} in {place}: {n1} dead", "{n1} killed as {topic} hits {place}", "Toll rises in {place}"]
_BANKS = (_TEMPLATES, _TEMPLATES_B, _TEMPLATES_C)
_LEADS = ["In a developing story, {place} faces the aftermath of a {topic}.", "Here is what we know."]


@dataclass(frozen=True, slots=True)
class SyntheticArticle:
    id: str
    text: str
    title: str
    date: str
    event: str
    story: str

    def to_dict(self) -> dict[str, str]:
        return {"id": self.id, "text": self.text, "title": self.title, "date": self.date}


def _name(rng: random.Random, parts: int = 2) -> str:
    return "".join(rng.choice(_SYLLABLES) for _ in range(parts)).capitalize()


def _foreign(word: str) -> str:
    """A made-up language: every ordinary word maps to one invented word (deterministic)."""
    h = sum(ord(c) * (i + 7) for i, c in enumerate(word.lower()))
    return _SYLLABLES[h % len(_SYLLABLES)] + _SYLLABLES[(h // 7) % len(_SYLLABLES)] + "o"


def _translate(text: str) -> str:
    out = []
    for w in text.split(" "):
        core = w.strip(".,-")
        if not core or core[0].isupper() or core[0].isdigit():
            out.append(w)
        else:
            out.append(w.replace(core, _foreign(core)))
    return " ".join(out)


def _spin(text: str) -> str:
    return " ".join(_SPIN.get(w, w) for w in text.split(" "))


class StreamGenerator:
    """Deterministic for a seed: ``articles(n)`` yields about ``n`` articles in time order."""

    def __init__(self, seed: int = 0, copies: int = 3, start: date = date(2020, 1, 1)) -> None:
        self.rng = random.Random(seed)
        self.copies = copies
        self.start = start

    def _facts(self, place: str, topic: tuple[str, ...], day: date) -> dict[str, str]:
        r = self.rng
        return {
            "place": place, "topic": topic[0], "group": topic[1].capitalize(), "thing": topic[2],
            "objects": topic[3], "verb": topic[4], "person": f"{_name(r)} {_name(r, 3)}",
            "person2": f"{_name(r)} {_name(r, 3)}", "org": _name(r, 3).upper()[:4],
            "region": _name(r, 3), "capital": _name(r), "weekday": day.strftime("%A"),
            "year": str(r.randint(1950, 2015)), "n1": str(r.randint(3, 400)),
            "n2": f"{r.randint(2, 90)},{r.randint(100, 999)}", "n3": str(r.randint(20, 900)),
            "n4": str(r.randint(2, 80)),
        }  # fmt: skip

    def _report(self, facts: dict[str, str], style: int) -> list[str]:
        picked = self.rng.sample(_BANKS[style % len(_BANKS)], 5)
        return [t.format(**facts) for t in picked]

    def event(self, number: int, place: str, topic: tuple[str, ...], day: date) -> list[SyntheticArticle]:
        """One event: 1-3 original reports, each with copies, a spin, a rewrite, a translation."""
        r, ev = self.rng, f"e{number}"
        out: list[SyntheticArticle] = []
        base = self._facts(place, topic, day)
        for s in range(r.randint(1, 3)):
            # an independent report shares the place and the toll, not every figure and name
            facts = dict(self._facts(place, topic, day), n1=base["n1"], region=base["region"]) if s else base
            sentences = self._report(facts, s)
            story, title = f"{ev}s{s}", _HEADLINES[s % len(_HEADLINES)].format(**facts)
            variants = [("orig", " ".join(sentences))]
            for c in range(r.randint(0, self.copies)):
                header = f"Home | News | World\nShare this article\n{title} (AP)\n"
                variants.append((f"copy{c}", header + " ".join(sentences) + "\nRead more: related stories"))
            if r.random() < 0.5:
                variants.append(("spun", _spin(" ".join(sentences))))
            if r.random() < 0.4:
                lead = r.choice(_LEADS).format(**facts)
                variants.append(("rewrite", lead + " " + " ".join(sentences[:-1])))
            if r.random() < 0.4:
                variants.append(("translation", _translate(" ".join(sentences))))
            for k, (kind, text) in enumerate(variants):
                when = day + timedelta(days=min(k, 2))
                out.append(SyntheticArticle(f"{story}-{kind}", text, title, when.isoformat(), ev, story))
        return out

    def articles(self, n: int, distractors: float = 0.2) -> Iterator[SyntheticArticle]:
        """About ``n`` articles; a share of events reuse an earlier event's place and topic 30+ days on."""
        made, number, day = 0, 0, self.start
        earlier: list[tuple[str, tuple[str, ...], date]] = []
        while made < n:
            old = [e for e in earlier[-200:] if (day - e[2]).days >= 30]
            if old and self.rng.random() < distractors:
                place, topic, _ = self.rng.choice(old)
            else:
                place, topic = _name(self.rng, 3), self.rng.choice(_TOPICS)
                earlier.append((place, topic, day))
            for art in self.event(number, place, topic, day):
                yield art
                made += 1
            number += 1
            day += timedelta(days=1 if self.rng.random() < 0.5 else 0)
