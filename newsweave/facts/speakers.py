"""The words naming a speaker turned into the speaker: a known name, or a description.

A pronoun ("she told Reuters") takes the subject of the nearest of the last few sentences that
names a compatible person (the last speaker instead when they spoke as near), skipping a name
inside a quote, one that is the object of a preposition ("the mayor of Amatrice") and one whose
title, role or the article's own pronouns say the other gender; "it" and "they" take a body. A
description ("the minister", "the PM") takes the last person of the article whose title or
apposition holds its head noun ("Foreign Minister Frank-Walter Steinmeier", "Sergio Pirozzi, the
mayor of ..."); with none, or when the description is indefinite ("one aide") or qualified by a
name ("the New Jersey governor"), the description stays as written.
"""

from __future__ import annotations

import bisect
import re
from collections import Counter, defaultdict
from collections.abc import Sequence

from newsweave.facts.attribution import SPEECH_NOUNS
from newsweave.facts.entities import EntityIndex, Mention, strip_titles
from newsweave.facts.lexicon import TITLES, fold, word_set

PRONOUNS = frozenset({"he", "she", "they", "i", "we", "it"})
DETERMINERS = word_set(
    """
    a an the one another his her their its our my several some many two three four five six this
    that these those other third second first each
    """
)
# Words that name no one on their own ("and", "of"): a speaker phrase of these only is none.
FUNCTION_WORDS = word_set(
    "and or but nor of to in on at by for with from as than so yet if also what which whom whose how why"
)
PARTICLES = frozenset({"de", "da", "van", "von", "bin", "al", "der", "del", "la", "le", "du", "dos"})
# Only a definite description refers back ("the minister"); "one aide", "a spokesman for X" and
# "the New Jersey governor" (qualified by a name) are said as written.
_DEFINITE = frozenset({"the", "this", "that"})
_INDEFINITE = frozenset({"a", "an", "one", "another", "some", "several"})
# Sentence adverbs set off by a comma before the subject ("However, it said"): no one.
_CONNECTIVES = word_set(
    """however meanwhile moreover furthermore nevertheless nonetheless therefore thus instead still
    later earlier then now today yesterday separately previously afterwards finally indeed similarly
    additionally likewise again besides otherwise accordingly consequently hence"""
)
_CLAUSE_CUT = re.compile(r",|\s(?:who|which|referring|in a|during)\s")
# Words that say a person's gender, in titles and roles (English).
_MALE = word_set("mr sir king prince father husband son brother spokesman congressman chairman lord he his")
_FEMALE = word_set(
    "mrs ms miss dame queen princess mother wife daughter sister spokeswoman congresswoman chairwoman lady"
)
_ABBREVIATED = {
    "pm": "minister",
    "govt": "government",
    "gov": "governor",
    "sen": "senator",
    "rep": "representative",
}
_BEFORE_NAME = re.compile(
    r"(?:^|[\s(])(?:of|in|at|near|from|to|for|with|by|against|about)\s+$", re.IGNORECASE
)
_APPOSITION = re.compile(r"^,\s+((?:[\w’'\-]+\s+){0,7}?[\w’'\-]+)\s*(?=[,.;:]|\s(?:who|said|says|told)\b)")
_AGE = re.compile(r"\d{1,3}-year-old")
# the words before a name, its title or role: "Mayor Ada Voss", "the mayor, Ada Voss" (apposed)
_ROLE_BEFORE = re.compile(r"((?:[\w’'\-]+[ \t]+){0,2}[\w’'\-]+,?[ \t]+)$")

_SENTENCE_END = re.compile(r"[.!?][\"”’']?\s+(?=[\"“‘'(]?[A-Z])|\n+")
_PRONOUN_REACH = 6  # sentences a "he"/"she" looks back for its subject
_BODY_REACH = 3  # sentences an "it"/"they" looks back for a body
_BODY_LABELS = frozenset({"ORG", "GPE", "NORP"})
# Roles that speak for someone else or for no one named ("the spokesman", "the officer"): never
# the person the sentence is about.
_ON_BEHALF = word_set(
    "spokesman spokeswoman spokesperson officer official aide adviser advisor rep representative source"
)
# Heads of a description that names a body, not a person ("the carmaker said").
_BODY_NOUNS = word_set(
    """
    company firm carmaker automaker manufacturer maker airline carrier agency ministry department
    organisation organization group bank network broadcaster newspaper channel operator insurer
    retailer lender charity institute commission committee council party campaign union federation
    """
)
_GENDERED = re.compile(r"\b(?:he|him|his|himself|she|her|hers|herself)\b", re.IGNORECASE)
_GENDER_OF = {w: "he" for w in ("he", "him", "his", "himself")} | {
    w: "she" for w in ("she", "her", "hers", "herself")
}


def _inside(at: int, spans: Sequence[tuple[int, int]]) -> bool:
    return any(a <= at < b for a, b in spans)


class Speakers:
    """Turns the words naming a speaker into the speaker: a known name or a description."""

    def __init__(
        self, index: EntityIndex | None, text: str, quoted: Sequence[tuple[int, int]] = ()
    ) -> None:
        self.index = index
        self.text = text
        self.last: str | None = None
        self.last_at = -1
        # a name inside a quote is what the speaker talks about, never whom a later pronoun means
        found = [m for m in index.find(text) if not _inside(m.start, quoted)] if index else []
        self.people = [m for m in found if m.label == "PERSON"]
        self.bodies = [m for m in found if m.label in _BODY_LABELS]
        self._starts = [0] + [m.end() for m in _SENTENCE_END.finditer(text)]
        self._quoted = sorted(quoted)
        self._pronoun_votes: dict[str, Counter[str]] | None = None

    def said(self, speaker: str | None, at: int) -> None:
        """``speaker`` spoke at ``at``: the antecedent of a later pronoun, if nearest."""
        if speaker:
            self.last, self.last_at = speaker, at

    def name(self, who: str, at: int = 0) -> str | None:
        who = _PARTY.sub("", who)  # "Rep. Ada Voss (D-Vt.)": the name without its party
        parts = [p.strip() for p in _CLAUSE_CUT.split(who.strip(" ,.;:"))]
        parts = [p for p in parts if p and fold(p) not in _CONNECTIVES]  # "However, it said": "it"
        if not parts:
            return None
        named = [p for p in parts if is_name(p)]
        who = named[0] if named and not is_name(parts[0]) and len(named[0].split()) <= 4 else parts[0]
        pair = _PAIR.fullmatch(who)
        if pair is not None and (self.index is None or self.index.lookup(who) is None):
            # "Ada Voss and Lene Dahl said": both speak (a plural speaker, each name resolved)
            first_name, second = (self.name(pair.group(g), at) for g in ("a", "b"))
            return f"{first_name} and {second}" if first_name and second else first_name or second
        words = who.split()
        first = words[0].lower()
        relative = fold(words[-1]) in {"which", "whom"}  # "one of which", "some of whom"
        if all(fold(w) in DETERMINERS | FUNCTION_WORDS for w in words) or not _LETTER.search(who) or relative:
            return None  # "this", "that", "and", an age ("26"): no one
        if first in PRONOUNS and all(w.islower() and w not in DETERMINERS for w in words[1:]):
            return self._antecedent(first, at)  # "she", "he also": the pronoun
        owned = _owned(words)
        if owned and fold(words[-1]) in SPEECH_NOUNS:  # "Ada Voss's response": its owner
            return self.name(re.sub(r"['’]s?$", "", words[-2]), at) if len(words) == 2 else owned
        if owned:  # "Norland's migration agency": the owner's body or aide, not the owner
            return self._proper(who) or owned
        if first in _INDEFINITE and len(words) > 1 and not words[1][:1].isupper():
            return _indefinite(words)  # "a spokesman for X": as written; "one aide": "an aide"
        lowered = first in DETERMINERS or not who[:1].isupper()
        if first in DETERMINERS:
            rest = " ".join(words[1:])
            if rest and all(fold(w.rstrip(".")) in TITLES | _ABBREVIATED.keys() for w in words[1:]):
                role = who[:1].lower() + who[1:]  # "the Prime Minister": a role, not a name
                return self._role(role, at) or role
            if rest and all(w[:1].isupper() for w in words[1:]):
                ent = self.index.lookup(rest) if self.index is not None else None
                if ent is not None and ent.type == "NORP":  # "the Serb": a person described, not the people
                    return who[:1].lower() + who[1:]
                return self._proper(rest) or rest
        if lowered and len(words) > 1 and words[-1][:1].isupper():  # "harbour chief Ida Holm"
            run = name_run(words)
            return self._proper(run) or strip_titles(run)
        if lowered:
            role = who[:1].lower() + who[1:]
            definite = first in _DEFINITE and not any(w[:1].isupper() for w in words[1:])
            if definite and len(words) == 2 and _AGE.fullmatch(words[1]):
                person = self._last_person(at)  # "the 68-year-old": the person last named
                return person[0] if person else role
            return (self._role(role, at) if definite else None) or role
        if len(words) == 1 and (fold(words[0]) in _ABBREVIATED or fold(words[0]) in TITLES):
            return self._role(who, at) or who  # "PM", "Minister": a role written capitalised
        run = _after_title(name_run(strip_titles(who).split()))
        plural = len(words) == 1 and words[0].endswith("s") and not words[0].isupper()
        if plural and not self._proper(run) and not self._written_as_name(words[0]):
            return who.lower()  # "Officials said": a sentence-initial common noun, not a name
        if _GROUP.fullmatch(who) and self._proper(who) is None:
            return who  # "British officials", "Iranian media": a group described, not its adjective
        return self._proper(run) or strip_titles(run)

    def _antecedent(self, pronoun: str, at: int) -> str | None:
        """Whom a pronoun at ``at`` means. "he"/"she": the subject (first compatible person) of
        the nearest of the last few sentences that names one, unless the last speaker spoke as
        near; "it": the last body named or speaking; "they"/"we": the last speaker that is
        several or a body, else the last body named; "I": the last speaker."""
        if pronoun in {"it", "they", "we"}:
            return self._body_antecedent(pronoun, at)
        if pronoun not in {"he", "she"}:
            anyone = self._last_person(at)
            return self.last or (anyone[0] if anyone else None)
        here = self._sentence(at)
        last = self.last
        last_fits = last is not None and self._person(last) and self._gender_of(last) in (None, pronoun)
        last_sentence = self._sentence(self.last_at) if last_fits else -1
        for k in range(here, max(-1, here - _PRONOUN_REACH), -1):
            if last_fits and last_sentence >= k:
                return last
            person = self._subject_of(k, at, pronoun)
            if person is not None:
                return person
        if last_fits:
            return last
        anyone = self._last_person(at, pronoun)
        return anyone[0] if anyone else self.last

    def _subject_of(self, k: int, at: int, pronoun: str) -> str | None:
        """The first person of sentence ``k`` (before ``at``) that ``pronoun`` may mean: the
        first the article already calls so, else the first of unknown gender."""
        start, end = self._span(k)
        unknown = None
        for m in self.people:
            if m.start < start or m.end > min(end, at):
                continue
            if _BEFORE_NAME.search(self.text, max(0, m.start - 12), m.start) or not self._prose(m.end):
                continue
            name = self._proper(m.text)
            if name and not pronoun:
                return name
            gender = self._gender_of(name) if name else "?"
            if gender == pronoun:
                return name
            unknown = unknown or (name if gender is None else None)
        return unknown

    def _body_antecedent(self, pronoun: str, at: int) -> str | None:
        last = self.last
        if last is not None and self._body(last, plural=pronoun != "it"):
            return last
        here = self._sentence(at)
        for m in reversed(self.bodies):
            if m.end > at or self._sentence(m.start) < here - _BODY_REACH:
                continue
            if m.label == "ORG" or (pronoun == "it" and m.label == "GPE"):
                return self._proper(m.text) or m.text
        return None

    def _body(self, speaker: str, plural: bool) -> bool:
        """Whether ``speaker`` may be "it" (a body) or, with ``plural``, "they" (a body or several)."""
        ent = self.index.lookup(speaker) if self.index is not None else None
        if ent is not None:
            return ent.type in ({"ORG", "GPE", "NORP"} if plural else {"ORG", "GPE"})
        several = is_pair(speaker) or speaker[:1].islower() and speaker.split()[-1].endswith("s")
        return plural and several

    def _quotes_in(self, k: int) -> bool:
        start, end = self._span(k)
        return any(a < end and b > start for a, b in self._quoted)

    def _span(self, k: int) -> tuple[int, int]:
        """Where sentence ``k`` starts and ends."""
        return self._starts[k], self._starts[k + 1] if k + 1 < len(self._starts) else len(self.text)

    def _sentence(self, at: int) -> int:
        return max(0, bisect.bisect_right(self._starts, at) - 1)

    def _written_as_name(self, word: str) -> bool:
        """Whether ``word`` is written capitalised inside a sentence of the text (a surname,
        "Byrs"), not only where a sentence opens ("Officials said")."""
        return re.search(rf"[a-z,;] {re.escape(word)}\b", self.text) is not None

    def _person(self, speaker: str) -> bool:
        """Whether "he" or "she" may be ``speaker``: one person, not a pair or a place (an ORG
        may be a person the tagger mistyped: "Trump")."""
        ent = self.index.lookup(speaker) if self.index is not None else None
        return not is_pair(speaker) and (ent is None or ent.type not in {"GPE", "LOC", "NORP", "FAC"})

    def _last_person(self, at: int, pronoun: str = "") -> tuple[str, int] | None:
        for m in reversed([m for m in self.people if m.end <= at]):
            if _BEFORE_NAME.search(self.text, max(0, m.start - 12), m.start) or not self._prose(m.end):
                continue  # "the mayor of Amatrice", a headline or caption: not the subject of what follows
            name = self._proper(m.text)
            if name and (not pronoun or self._gender_of(name) in (None, pronoun)):
                return name, m.start
        return None

    def _prose(self, at: int) -> bool:
        """Whether the line holding ``at`` ends as prose does (a headline, caption or link does not)."""
        end = self.text.find("\n", at)
        line = self.text[at : end if end >= 0 else len(self.text)].rstrip()
        return not line or line[-1] in ".!?\"”’'):;"

    def _gender_of(self, name: str) -> str | None:
        """'he' or 'she' when the article's titles and roles of ``name`` say so, or else the
        pronouns the article uses right after naming ``name``."""
        votes = {"he": 0, "she": 0}
        for m in self._mentions_of(name):
            before = _ROLE_BEFORE.search(self.text, max(0, m.start - 30), m.start)
            words = {fold(w.strip(".,")) for w in m.text.split()[:-1]}
            words |= {fold(w.rstrip(",")) for w in (before.group(1).split()[-2:] if before else [])}
            votes["he"] += len(words & _MALE)
            votes["she"] += len(words & _FEMALE)
        if votes["he"] == votes["she"]:
            key = self.index.lookup(name) if self.index is not None else None
            pronouns = self._pronouns().get(key.name if key is not None else name, Counter())
            votes = {"he": pronouns["he"], "she": pronouns["she"]}
        if votes["he"] == votes["she"]:
            return None
        return "he" if votes["he"] > votes["she"] else "she"

    def _pronouns(self) -> dict[str, Counter[str]]:
        """Per person: the gendered pronouns that first follow a mention of them, in sentences
        without quotes and before anyone else is named (how the article itself refers back to each), counted
        only where the mention is the one person of its sentence (else the pronoun is ambiguous)."""
        if self._pronoun_votes is None:
            self._pronoun_votes = defaultdict(Counter)
            by_sentence: dict[int, set[str]] = defaultdict(set)
            for m in self.people:
                by_sentence[self._sentence(m.start)].add(self._proper(m.text) or m.text)
            for n, m in enumerate(self.people):
                if len(by_sentence[self._sentence(m.start)]) > 1:
                    continue
                stop = self.people[n + 1].start if n + 1 < len(self.people) else len(self.text)
                k = self._sentence(m.start) + 2  # this sentence and the next
                stop = min(stop, self._starts[k] if k < len(self._starts) else len(self.text))
                for p in _GENDERED.finditer(self.text, m.end, max(m.end, stop)):
                    if not self._quotes_in(self._sentence(p.start())):  # not a pronoun being resolved
                        name = self._proper(m.text) or m.text
                        self._pronoun_votes[name][_GENDER_OF[p.group().lower()]] += 1
                        break
        return self._pronoun_votes

    def _mentions_of(self, name: str) -> list[Mention]:
        key = self.index.lookup(name) if self.index else None
        return [m for m in self.people if self.index is not None and self.index.lookup(m.text) is key]

    def _role(self, description: str, at: int) -> str | None:
        """The last person before ``at`` whose title or apposition holds the description's head."""
        words = [fold(w.strip(".,’'")) for w in description.split()]
        head = _ABBREVIATED.get(words[-1], words[-1]) if words else ""
        if not head or head in DETERMINERS or len(head) < 3:
            return None
        for m in reversed([m for m in self.people if m.end <= at]):
            if head in self._roles(m):
                return self._proper(m.text)
        # a role no one named before holds: the one person the article gives it later (a
        # headline's "..., says PM" names the person its text introduces)
        office = head in TITLES and head not in _ON_BEHALF
        later = {self._proper(m.text) for m in self.people if m.start > at and head in self._roles(m)}
        if office and len(later - {None}) == 1 and None not in later:
            return later.pop()
        if head in _BODY_NOUNS:  # "the carmaker", "the ministry": the body last named
            return self._last_body(head, at)
        if office and not later and self.people:
            # a role the article gives no one: the subject of this sentence or the one before, as
            # "Ada Voss declared ... The minister said" reads
            k = self._sentence(at)
            return next((p for j in (k, k - 1) if j >= 0 and (p := self._subject_of(j, at, ""))), None)
        return None

    def _last_body(self, head: str, at: int) -> str | None:
        """The organisation last named within a few sentences before ``at``; one whose name holds
        ``head`` ("the ministry": "Ministry of Defence") before any other."""
        here = self._sentence(at)
        near = [m for m in self.bodies if m.label == "ORG" and m.end <= at]
        near = [m for m in near if self._sentence(m.start) >= here - _BODY_REACH]
        named = [m for m in near if head in {fold(w) for w in m.text.split()}]
        # any other body only from this sentence or the one before: further back, "the company"
        # may as well be one the article never names
        pick = (named or [m for m in near if self._sentence(m.start) >= here - 1])[-1:]
        return (self._proper(pick[0].text) or pick[0].text) if pick else None

    def _roles(self, m: Mention) -> set[str]:
        """Title words written with a mention and the words of its apposition."""
        out = {fold(w.strip(".,")) for w in m.text.split()[:-1]}
        before = _ROLE_BEFORE.search(self.text, max(0, m.start - 40), m.start)
        if before:
            out |= {fold(w.rstrip(",")) for w in before.group(1).split()}
        after = _APPOSITION.match(self.text[m.end : m.end + 120])
        if after:
            out |= {fold(w) for w in after.group(1).split()}
        return {_ABBREVIATED.get(w, w) for w in out}

    def _proper(self, name: str) -> str | None:
        if self.index is None:
            return None
        ent = self.index.lookup(name)
        if ent is not None:  # a body by its name as written when that is the fuller ("Fox News", not "Fox")
            fuller = len(name.split()) > len(ent.name.split())
            return name if fuller and ent.type != "PERSON" and name in ent.aliases else ent.name
        core = strip_titles(name)
        last = fold(core.split()[-1]) if core else ""
        same = [e for e in self.index.entities if fold(e.name.split()[-1]) == last]
        people = {e.name for e in same if e.type == "PERSON"}
        if not people:  # a speaker is a person: "Marta Ilves" the tagger called an ORG
            people = {e.name for e in same if len(e.name.split()) in (2, 3)}
        return people.pop() if len(people) == 1 else None


def _indefinite(words: list[str]) -> str:
    """An indefinite description as a reader says it: "one" counting a single person reads as
    the article ("one 29-year-old man" -> "a 29-year-old man", "one aide" -> "an aide"); "one of
    the ..." and any other words stay as written."""
    first, second = words[0].lower(), words[1]
    if first != "one" or second.lower() in {"of", "another", "other"}:
        return " ".join([first, *words[1:]])
    vowel = second[:1].lower() in "aeio" or re.match(r"(?:8|11|18)(?:\D|$)", second) is not None
    return " ".join(["an" if vowel else "a", *words[1:]])


def _after_title(run: str) -> str:
    """The person after a title inside a name run ("Judicial Watch President Tom Fitton" ->
    "Tom Fitton"): the body before the title is whom the person speaks for, not the person."""
    words = run.split()
    at = max((i for i, w in enumerate(words[:-1]) if fold(w.rstrip(".")) in _ROLE_TITLES), default=-1)
    return " ".join(words[at + 1 :]) if at > 0 and len(words) - at - 1 in (2, 3) else run


# Role words that stand before a name like a title ("Senate Minority Leader Ada Voss") though
# they are no title to strip from an entity's name.
_ROLE_TITLES = TITLES | word_set("leader speaker commissioner director chairman chairwoman chair")
# Two names joined by "and" ("Ada Voss and Lene Dahl", "Voss and Dahl"), each of one to four words.
_NAME_WORDS = r"[A-Z][\w’'.\-]*(?:\s+(?:[A-Z][\w’'.\-]*|de|van|von|al|da)){0,3}"
_PAIR = re.compile(rf"(?P<a>{_NAME_WORDS})\s+and\s+(?P<b>{_NAME_WORDS})")
_LETTER = re.compile(r"[^\W\d_]")
# A capitalised adjective of nationality or party and the lowercase group it describes.
_GROUP = re.compile(r"(?:[A-Z][a-z]+(?:an|ish|ese|ic|i)|(?:[A-Z]\.){2,3}|[A-Z]{2,3})\s+[a-z]+s")
_PARTY = re.compile(r"\s*\((?:[A-Z][\w.]*-[A-Z][\w.]*|[DRI])\)")
_POSSESSIVE = re.compile(r"^[A-Z][\w\-.]*(?:['’]s|s['’])$")


def _owned(words: list[str]) -> str | None:
    """A description of something a name owns ("Norland's migration agency", "Ada Voss's
    spokesman"): a capitalised possessive followed by lowercase words only, as written."""
    at = next((i for i in range(len(words) - 1, -1, -1) if _POSSESSIVE.match(words[i])), None)
    if at is None or at + 1 == len(words) or not all(w[:1].islower() for w in words[at + 1 :]):
        return None
    return " ".join(words)


# The heads of bodies named "X of Y" ("Ministry of Defence", "Bank of Norland"): one name, not two.
_BODIES = word_set(
    """
    ministry department bank university office council board institute association federation
    union league society academy court house bureau agency commission committee church republic
    kingdom museum college school foundation chamber
    """
)


def is_pair(phrase: str) -> bool:
    """Two names joined by "and": a plural speaker ("Ada Voss and Lene Dahl")."""
    return _PAIR.fullmatch(phrase) is not None


def is_name(phrase: str) -> bool:
    words = phrase.split()
    return bool(words) and all(w[:1].isupper() or w.lower() in PARTICLES for w in words)


def name_run(words: list[str]) -> str:
    """The name in 'Nantes prosecutor Pierre Sennes' or 'Chauvin turned and looked at ...'."""
    runs: list[list[str]] = [[]]
    for n, w in enumerate(words):
        of_body = w == "of" and runs[-1] and fold(runs[-1][-1]) in _BODIES and words[n + 1 : n + 2] != []
        if w[:1].isupper() or (runs[-1] and w.lower() in PARTICLES) or of_body:
            runs[-1].append(w)
        elif runs[-1]:
            runs.append([])
    runs = [r for r in runs if r]
    if not runs or len(runs) == 1 and len(runs[0]) == len(words):
        return " ".join(words)
    last_is_name = words[-1][:1].isupper()
    return " ".join(runs[-1] if last_is_name else runs[0])
