"""The words around a quote that name its speaker, read by hand-written patterns.

Hand-written because no offline library attributes quotes in news prose: after the quote
('," said Sgt. Jose Gomez' / 'Mr Pompeo told CNN' / 'he said Guaido told him' / '"...?" X
replied.') or before it ('Mike Pompeo said ... "days are numbered"', '- Philip Bump: "..."');
what they leave unattributed the dependency parse reads (``attribution``).
"""

from __future__ import annotations

import re

from newsweave.facts.attribution import speech_word
from newsweave.facts.lexicon import fold, word_set
from newsweave.facts.speakers import DETERMINERS, PRONOUNS, Speakers, is_name, is_pair

_VERBS = (
    r"said|says|say|told|tells|tell|added|adds|adding|asked|asks|explained|explains|wrote|writes|"
    r"tweeted|posted|stated|states|declared|noted|notes|insisted|warned|warns|recalled|recalls|"
    r"continued|replied|described|urged|claimed|argued|admitted|acknowledged|announced|cried|"
    r"shouted|recounted|commented|concluded|confirmed|promised|pleaded|predicted|vowed|quipped|"
    r"joked|sobbed|remarked|exclaimed|called|calling|saying|speaking|hailed|praised|describing|"
    r"agreed|agrees|disagreed|answered|answers|responded|repeated|countered"
)
_WORD = r"[\w’'\-]+\.?"
_WHO = rf"(?:{_WORD}\s+){{0,7}}?{_WORD}"
_STOP_AFTER = r"in|on|at|during|after|before|when|while|to|from|who|that|referring|of|as|according"
_TAIL_VERB_FIRST = re.compile(
    # a finite verb only: a participle after the quote ('"...," calling the move a') inverts no subject
    rf"^\s*[,—–-]?\s*(?![a-z]+ing\b)(?:{_VERBS})\s+(?P<who>{_WHO})\s*(?=[,.;:!?]|$|\s(?:{_STOP_AFTER})\b)"
)
_TAIL_WHO_FIRST = re.compile(
    rf"^\s*[,—–-]?\s*(?P<who>{_WHO})\s+(?:has\s+|had\s+|have\s+|also\s+|later\s+)?(?:{_VERBS})\b"
    r"(?P<rest>.*)$",
    re.S,
)
_TAIL_END = re.compile(
    rf",\s+(?P<who>{_WHO})\s+(?:has\s+|had\s+)?(?:said|says|added|adds|told\s+\w+)(?=\s*[,.;!?]|\s*$)"
)
_APPOSITIVE_NAME = re.compile(
    r"^[^,.]{0,60},\s+(?P<name>[A-Z][\w’'\-]+(?:\s+[A-Z][\w’'\-]+){0,3})\s*(?:[.,;]|$|\s(?:who|whose)\b)"
)
_LEAD_SUBJECT = re.compile(  # "After the Prime Minister held his seat, he said": case matters here
    r"^\s*(?i:after|when|as|while|before|once|because)\s+(?P<np>(?i:the|a|an)\s+(?:[a-z\-]+\s+)?"
    r"[A-Z][\w\-]*(?:[ \t]+[A-Z][\w\-]*)*|[A-Z][\w’'\-]*(?:[ \t]+[A-Z][\w’'\-]*)*)"
)
_REPORTED = re.compile(  # "he said Guaido told him": the quote is Guaido's
    r"^\s+(?:that\s+)?(?P<inner>(?:his|her|their|a|an|the)\s+[\w\-]+(?:\s+[\w\-]+)?"
    r"|[A-Z][\w.’'\-]*(?:\s+[A-Z][\w.’'\-]*){0,3})"
    r"\s+(?:had\s+)?(?:told|said to|wrote to)\s+(?:him|her|them|me|us)\b"
)
_HEAD_VERB = re.compile(rf"\b(?:{_VERBS})\b")
_ACCORDING = re.compile(r"\baccording to\s+(?P<who>[^,.;:“”\"—–]+?)(?=\s+-\s|[,.;:“”\"—–]|$)", re.IGNORECASE)
_ABBREV_DOT = re.compile(
    r"\b(Sgt|Mr|Mrs|Ms|Dr|Lt|Col|Gen|Capt|Rep|Sen|Gov|Cpl|Pvt|St|Jr|Sr|Prof|Rev|Maj|Det|Const|Supt|Insp|Cmdr|Adm)\."
)
_INITIAL = re.compile(r"\b([A-Z])\.(?=[ \t]*[A-Z])")  # "Virgie M. Rollins": an initial, not a full stop
_RELATIVE_END = re.compile(r"\b(?:that|which)\s*$", re.IGNORECASE)
_FINITE = re.compile(r"\b(?:was|were|is|are|has|have|had|will|would)\b")
_AUX = word_set("has have had is was are were also later then who which and but")


# The one a channel relays ("Nordvision quoted Ada Voss as saying", "Voss was quoted by the
# paper as saying"): the quoted person speaks, not the outlet.
_QUOTED_AS = re.compile(
    rf"(?:\b(?:quot|cit|report)(?:ed|es|ing|s)\s+(?P<obj>{_WHO})"
    rf"|(?P<subj>{_WHO})\s+(?:was|were|is|has\s+been)\s+(?:quoted|cited|reported)(?:\s+by\s+{_WHO})?)"
    r"\s+as\s+(?:saying|telling|writing)\b"
)


def _quoted_as(words: str, speakers: Speakers, at: int) -> str | None:
    m = _QUOTED_AS.search(words) if " as " in words else None
    return speakers.name(m.group("obj") or m.group("subj"), at) if m else None


def tail_speaker(tail: str, speakers: Speakers, at: int, cued: bool = False) -> str | None:
    """The speaker named after a quote; with ``cued`` (the quote ends in a comma, question or
    exclamation mark) any verb form names one ('"Go home," Vida Lorne barked')."""
    tail = _INITIAL.sub(r"\1", _ABBREV_DOT.sub(r"\1", tail))
    relayed = _quoted_as(re.split(r"[.;!?]", tail, maxsplit=1)[0], speakers, at) if " as " in tail else None
    if relayed is not None:
        return relayed
    m = _TAIL_VERB_FIRST.match(tail)
    if m and m.group("who").split()[0].lower() not in {"that", "it", "there", "this"}:
        appositive = _APPOSITIVE_NAME.match(tail[m.end() :])
        if appositive and not is_name(m.group("who")):  # "said one of France's scorers, Antoine Griezmann"
            return speakers.name(appositive.group("name"), at)
        of = _OF_NAME.match(tail, m.end("who"))
        if of and m.group("who").split()[0].lower() in DETERMINERS and m.group("who")[-1:].islower():
            return speakers.name(m.group("who") + of.group(), at)  # "a spokesman for Oren Pask"
        return speakers.name(m.group("who"), at)
    m = _TAIL_WHO_FIRST.match(tail)
    if m and len(m.group("who").split()) <= 8:
        reported = _REPORTED.match(m.group("rest"))
        if reported:
            return speakers.name(reported.group("inner"), at)
        return speakers.name(m.group("who"), at)
    m = _TAIL_END.search(tail)
    if m:
        return speakers.name(m.group("who"), at)
    m = (_ANY_VERB_AFTER.match(tail) or _ANY_VERB_BEFORE.match(tail)) if cued else None
    if m and fold(m.group("verb")) not in _NOT_VERBS:
        return speakers.name(m.group("who"), at)
    return None


_OF_NAME = re.compile(
    r"(?:\s+close)?\s+(?:for|to|of|at|with)\s+(?:the\s+|both\s+)?[A-Z][\w’'\-]*(?:[ \t]+[A-Z][\w’'\-]*){0,4}"
)


# After a quote set off as speech, a name (or pronoun) and a verb form of any speech verb, or the
# verb first: '"...?" Mara Velt repeated.', '"...," barked the coach.'
_NAMEISH = r"(?:[A-Z][\w’'\-]*\.?\s+){0,3}[A-Z][\w’'\-]*|he|she|they|we|I"
_ANY_VERB_AFTER = re.compile(
    rf"^\s*[,—–-]?\s*(?P<who>{_NAMEISH})\s+(?:[a-z]+ly\s+)?(?P<verb>[a-z]{{2,}}(?:ed|es|s))\b(?!\s+(?:to|that)\b)"
)
_ANY_VERB_BEFORE = re.compile(
    rf"^\s*[,—–-]?\s*(?P<verb>[a-z]{{2,}}ed)\s+(?P<who>(?:the\s+)?{_NAMEISH})\s*(?:[,.;!?]|$)"
)
_NOT_VERBS = word_set("does goes has was is seems appears needed wanted")


def head_speaker(head: str, speakers: Speakers, at: int) -> str | None:
    head = _INITIAL.sub(r"\1", _ABBREV_DOT.sub(r"\1", head))
    relayed = _quoted_as(head.split(",")[-1], speakers, at) if " as " in head else None
    if relayed is not None:
        return relayed
    verbs = list(_HEAD_VERB.finditer(head))
    if verbs and _RELATIVE_END.search(head, 0, verbs[-1].start()) and _FINITE.search(head, verbs[-1].end()):
        return None  # 'The flood that claimed 12 lives was the result of "...": a relative clause's verb
    if verbs:
        chunks = re.split(r"(?<!\d),(?!\d)|[;:“”\"]", head[: verbs[-1].start()])  # "$200,000" is one
        if verbs[-1].group().endswith("ing") and _clause(
            chunks[-1] if chunks[-1].strip() else chunks[-2:][0]
        ):
            return None  # 'X attacked Y, calling him "..."': the subject of the clause, for the parse
        for n, chunk in enumerate(reversed(chunks)):
            words = chunk.strip(" ([").split()
            if not words or all(w.lower() in _AUX or re.fullmatch(r"[a-z]+ly|\d+", w) for w in words):
                continue  # "has", ", famously,", an age (", 26,"): not the subject
            if words[0].lower() in {"who", "which"}:
                continue
            if speech_word(words[0]) and n == 0 and not re.fullmatch(r"[a-z]+(?:ed|en|ing|wn)", words[0]):
                return None  # ", says he was held and adds:": a clause with no subject, for the parse
            if chunk is not _nearest(chunks) and _HEAD_VERB.search(chunk):
                return None  # "X said Y must choose, saying:": a clause of its own, for the parse
            first = words[0].lower()
            if first in _LEADS or re.fullmatch(r"[a-z]+(?:ed|en|ing|wn)", words[0]):
                continue  # "thrown into the air by his players": not the subject
            coordinated = first in _COORDINATORS
            words = words if is_pair(" ".join(words)) else _after_subordinator(words)
            if len(words) > 1 and words[-1].lower() in PRONOUNS and words[-2].lower() not in _COORDINATORS:
                words = words[-1:]  # "in that regard he says": the pronoun before the verb is its subject
            lone = all(w[:1].islower() and w.lower() not in PRONOUNS | DETERMINERS for w in words)
            if coordinated and lone:
                return None  # "X used to ..., but now said": the subject is left out; the parse climbs to it
            first = words[0].lower()
            before = chunks[len(chunks) - 2 - n].strip() if len(chunks) - 2 - n >= 0 else ""
            # a description apposed to the name before it ("the U.K.'s Foreign Secretary")
            described = words[-1][:1].islower() or first in DETERMINERS or _POSSESSIVE.match(words[0])
            if described and is_name(before) and 0 < len(before.split()) <= 4:
                return speakers.name(before, at)  # "Tad Devine, Sanders's chief strategist, said"
            if first in PRONOUNS and len(words) == 1:
                lead = _LEAD_SUBJECT.match(chunks[0]) if len(chunks) - 1 - n > 0 else None
                if lead:  # "After the Prime Minister had held his seat, he said:"
                    return speakers.name(lead.group("np").strip(), at)
            return speakers.name(" ".join(words), at) if len(words) <= 10 else None
    m = _ACCORDING.search(head) or _NAME_COLON.search(head)
    return speakers.name(m.group("who"), at) if m else None


def _nearest(chunks: list[str]) -> str:
    """The last chunk holding words."""
    return next((c for c in reversed(chunks) if c.strip()), "")


def _clause(chunk: str) -> bool:
    """Words holding a verb and what follows it ('Rell attacked the mayor', 'Rell took aim at
    the mayor': a name, then a word no name phrase holds), not a name phrase."""
    words = chunk.split()
    if len(words) <= 3:
        return False
    if any(re.fullmatch(r"[a-z]+(?:ed|s)", w) for w in words[1:]):
        return True
    # a capitalised subject ('Rell', 'He'), then a lowercase word that is no particle or preposition
    at = next((i for i, w in enumerate(words) if not w[:1].isupper()), len(words))
    subject = 0 < at < len(words) and words[0].lower() not in DETERMINERS
    return subject and words[at].lower() not in _PARTICLE_WORDS


_POSSESSIVE = re.compile(r"[A-Z][\w.\-]*['’]s$")
_PARTICLE_WORDS = word_set("of for at in on to from de la van von da al del and the")


# A name introducing the quote after a dash or as the line's first words: "- Philip Bump: “...".
# Also after a role or "More from" ("Former minister Ada Voss:", "- More from Voss:") and before a
# party in brackets ("Rep. Ada Voss (D-Vt.):"), as transcripts and round-ups write them.
_NAME_COLON = re.compile(
    r"(?:^\s*(?:[\w’'\-]+\s+){0,4}?|[-—–]\s*(?i:more\s+from\s+)?|\b(?i:here)[’']s\s+)"
    r"(?P<who>[A-Z][\w’'.\-]*(?:\s+(?:[A-Z][\w’'.\-]*|de|van|von|al)){0,3})"
    r"\s*(?:\([^()]{1,20}\))?\s*(?:\s(?:in|on)\s[^:]{1,30})?:\s*$"
)


_LEADS = word_set("in on at after while meanwhile before during since speaking asked when for with")
_COORDINATORS = word_set("but and or yet")
_SUBORDINATORS = word_set("as while after when because since but and that so where")


def _after_subordinator(words: list[str]) -> list[str]:
    """'arson ruled out as investigators' -> 'investigators' (the subject of the speech verb)."""
    for i in range(len(words) - 1, 0, -1):
        if words[i - 1].lower() not in _SUBORDINATORS:
            continue
        head = words[i]
        verb_like = re.fullmatch(r"[a-z]+(?:ed|en|ing|wn)", head) is not None
        subject_like = head[:1].isupper() or head.lower() in DETERMINERS | PRONOUNS
        if subject_like or (not verb_like and len(words) - i <= 2):
            return words[i:]
    return words
