"""Direct quotes and who said them (English attribution patterns).

Hand-written because no offline library attributes quotes in news prose: quote marks are paired
per paragraph (a paragraph that opens a quote without closing it continues in the next), then the
speaker is read from the words after the quote ("," said Sgt. Jose Gomez / Mr Pompeo told CNN /
he said Guaido told him) or before it (Mike Pompeo said ... "days are numbered"). Pronouns take
the last speaker; names resolve to the event's merged entities; anonymous speakers stay
descriptions ("one 29-year-old man").
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from newsweave.facts.entities import EntityIndex, strip_titles
from newsweave.facts.lexicon import fold
from newsweave.nlp.sentences import split_sentences
from newsweave.records import Quote

_VERBS = (
    r"said|says|say|told|tells|tell|added|adds|adding|asked|asks|explained|explains|wrote|writes|"
    r"tweeted|posted|stated|states|declared|noted|notes|insisted|warned|warns|recalled|recalls|"
    r"continued|replied|described|urged|claimed|argued|admitted|acknowledged|announced|cried|"
    r"shouted|recounted|commented|concluded|confirmed|promised|pleaded|predicted|vowed|quipped|"
    r"joked|sobbed|remarked|exclaimed|called|calling"
)
_WORD = r"[\w’'\-]+\.?"
_WHO = rf"(?:{_WORD}\s+){{0,7}}?{_WORD}"
_TAIL_VERB_FIRST = re.compile(
    rf"^\s*[,—–-]?\s*(?:{_VERBS})\s+(?P<who>{_WHO})\s*(?=[,.;:!?]|$|\s(?:in|on|at|during|after|before|when|while|to|from|who|that|referring|of|as)\b)"
)
_TAIL_WHO_FIRST = re.compile(
    rf"^\s*[,—–-]?\s*(?P<who>{_WHO})\s+(?:has\s+|had\s+|have\s+|also\s+|later\s+)?(?:{_VERBS})\b(?P<rest>.*)$",
    re.S,
)
_REPORTED = re.compile(  # "he said Guaido told him": the quote is Guaido's
    r"^\s+(?:that\s+)?(?P<inner>(?:his|her|their|a|an|the)\s+[\w\-]+(?:\s+[\w\-]+)?"
    r"|[A-Z][\w.’'\-]*(?:\s+[A-Z][\w.’'\-]*){0,3})"
    r"\s+(?:had\s+)?(?:told|said to|wrote to)\s+(?:him|her|them|me|us)\b"
)
_HEAD_VERB = re.compile(rf"\b(?:{_VERBS})\b")
_ACCORDING = re.compile(r"\baccording to\s+(?P<who>[^,.;:“”\"]+)", re.IGNORECASE)
_PRONOUNS = frozenset({"he", "she", "they", "i", "we", "it"})
_DETERMINERS = frozenset(
    [
        "a",
        "an",
        "the",
        "one",
        "another",
        "his",
        "her",
        "their",
        "its",
        "our",
        "my",
        "several",
        "some",
        "many",
        "two",
        "three",
        "four",
        "five",
        "six",
        "this",
        "that",
        "these",
        "those",
        "other",
        "third",
        "second",
        "first",
        "each",
    ]
)
_OPEN = {"“": "”", "«": "»", "„": "“", '"': '"'}


@dataclass(slots=True)
class _Segment:
    start: int  # first character inside the marks
    end: int  # last character inside the marks (exclusive)
    open_at: int  # the opening mark
    close_at: int | None  # the closing mark; None when the paragraph ends inside the quote
    paragraph: int
    speaker: str | None = None


def _segments(text: str) -> list[_Segment]:
    out: list[_Segment] = []
    pos = 0
    for p_no, para in enumerate(re.split(r"(\n+)", text)):
        if para.startswith("\n"):
            pos += len(para)
            continue
        i = 0
        while i < len(para):
            ch = para[i]
            if ch in _OPEN:
                close = _OPEN[ch]
                j = para.find(close, i + 1) if close != ch else para.find(ch, i + 1)
                if ch == '"' and j < 0 and para.count('"') % 2 == 0:
                    j = -1
                end = j if j >= 0 else len(para)
                inner_start, inner_end = i + 1, end
                while inner_start < inner_end and para[inner_start].isspace():
                    inner_start += 1
                while inner_end > inner_start and para[inner_end - 1].isspace():
                    inner_end -= 1
                if inner_end > inner_start:
                    out.append(
                        _Segment(
                            pos + inner_start, pos + inner_end, pos + i, pos + j if j >= 0 else None, p_no
                        )
                    )
                i = end + 1
                continue
            i += 1
        pos += len(para)
    return out


class _Speakers:
    """Turns the words naming a speaker into the speaker: a known name or a description."""

    def __init__(self, index: EntityIndex | None) -> None:
        self.index = index
        self.last: str | None = None

    def name(self, who: str) -> str | None:
        who = re.split(r",|\s(?:who|which|referring|in a|on|at|during)\s", who.strip(" ,.;:"))[0].strip()
        words = who.split()
        if not words:
            return None
        first = words[0].lower()
        if first in _PRONOUNS and len(words) == 1:
            return self.last
        if first in _DETERMINERS:
            rest = " ".join(words[1:])
            if rest and all(w[:1].isupper() for w in words[1:]):
                return self._proper(rest) or rest
            return who[:1].lower() + who[1:]
        if not who[:1].isupper():
            return who
        return self._proper(who) or strip_titles(who)

    def _proper(self, name: str) -> str | None:
        if self.index is None:
            return None
        ent = self.index.lookup(name)
        if ent is not None:
            return ent.name
        last = fold(strip_titles(name).split()[-1]) if strip_titles(name) else ""
        people = {
            e.name for e in self.index.entities if e.type == "PERSON" and fold(e.name.split()[-1]) == last
        }
        return people.pop() if len(people) == 1 else None


_ABBREV_DOT = re.compile(
    r"\b(Sgt|Mr|Mrs|Ms|Dr|Lt|Col|Gen|Capt|Rep|Sen|Gov|Cpl|Pvt|St|Jr|Sr|Prof|Rev|Maj|Insp|Det)\."
)
_AUX = frozenset(
    ["has", "have", "had", "is", "was", "are", "were", "also", "later", "then", "who", "which", "and", "but"]
)


_SAYS = re.compile(rf"^(?P<who>{_WHO})\s+(?:has\s+|had\s+|also\s+)?(?:{_VERBS})\b")


def _reported_speech(text: str, sentences: list, segments: list[_Segment]) -> list[tuple[int, str]]:
    """'A third said he felt pain ...': speakers of sentences without quotes, for later pronouns."""
    quoted = [(s.open_at, s.end) for s in segments]
    out = []
    for sent in sentences:
        if any(a < sent.end and b > sent.start for a, b in quoted):
            continue
        m = _SAYS.match(_ABBREV_DOT.sub(r"\1", text[sent.start : sent.end]))
        if m and m.group("who").split()[0].lower() not in _PRONOUNS | _AUX:
            out.append((sent.start, m.group("who")))
    return out


def _tail_speaker(tail: str, speakers: _Speakers) -> str | None:
    tail = _ABBREV_DOT.sub(r"\1", tail)
    m = _TAIL_VERB_FIRST.match(tail)
    if m and m.group("who").split()[0].lower() not in {"that", "it", "there", "this"}:
        return speakers.name(m.group("who"))
    m = _TAIL_WHO_FIRST.match(tail)
    if m:
        reported = _REPORTED.match(m.group("rest"))
        if reported:
            return speakers.name(reported.group("inner"))
        return speakers.name(m.group("who"))
    return None


def _head_speaker(head: str, speakers: _Speakers) -> str | None:
    head = _ABBREV_DOT.sub(r"\1", head)
    verbs = list(_HEAD_VERB.finditer(head))
    if verbs:
        chunks = re.split(r"[,;:“”\"]", head[: verbs[-1].start()])
        for chunk in reversed(chunks):
            words = chunk.split()
            if not words or all(w.lower() in _AUX for w in words) or words[0].lower() in {"who", "which"}:
                continue
            return speakers.name(chunk) if len(words) <= 8 else None
    m = _ACCORDING.search(head)
    return speakers.name(m.group("who")) if m else None


def find_quotes(text: str, article: str, index: EntityIndex | None) -> list[Quote]:
    """Every quote of ``text`` with its speaker (None when the article does not say)."""
    segments = _segments(text)
    if not segments:
        return []
    sentences = split_sentences(text)
    starts = [s.start for s in sentences]
    speakers = _Speakers(index)

    def sentence_of(pos: int) -> tuple[int, int]:
        i = max(0, bisect.bisect_right(starts, pos) - 1)
        s = sentences[i] if sentences else None
        return (s.start, s.end) if s else (0, len(text))

    reported = _reported_speech(text, sentences, segments)
    for n, seg in enumerate(segments):
        while reported and reported[0][0] < seg.open_at:
            who = speakers.name(reported.pop(0)[1])
            speakers.last = who or speakers.last
        continued = n > 0 and segments[n - 1].close_at is None and seg.paragraph > segments[n - 1].paragraph
        if continued:
            seg.speaker = segments[n - 1].speaker
        if seg.close_at is not None:
            s_start, s_end = sentence_of(seg.close_at)
            nxt = text.find("“", seg.close_at + 1, s_end)
            tail = text[seg.close_at + 1 : nxt if nxt >= 0 else max(s_end, seg.close_at + 1)]
            tail = tail.split("\n")[0]
            who = _tail_speaker(tail, speakers) if tail.strip() else None
            seg.speaker = who or seg.speaker
        if seg.speaker is None and not continued:
            h_start, _ = sentence_of(seg.open_at)
            prev_close = max((p.close_at or 0) for p in segments[:n]) if n else 0
            head = text[max(h_start, prev_close + 1 if prev_close else h_start) : seg.open_at]
            if "\n" not in head.strip("\n"):
                seg.speaker = _head_speaker(head, speakers)
        if seg.speaker:
            speakers.last = seg.speaker
    _fill_chains(segments)
    _fill_neighbours(segments)
    _fill_chains(segments)
    return [Quote(s.speaker, text[s.start : s.end], article, s.start, s.end) for s in segments]


def _fill_chains(segments: list[_Segment]) -> None:
    """A quote running over paragraphs has one speaker, wherever the attribution sits."""
    chain: list[_Segment] = []
    for n, seg in enumerate(segments):
        chain.append(seg)
        if seg.close_at is not None or n + 1 == len(segments):
            who = next((c.speaker for c in chain if c.speaker), None)
            for c in chain:
                c.speaker = c.speaker or who
            chain = []


def _fill_neighbours(segments: list[_Segment]) -> None:
    """An unattributed quote in a paragraph with an attributed one shares its speaker."""
    for seg in segments:
        if seg.speaker is not None:
            continue
        same = [s for s in segments if s.paragraph == seg.paragraph and s.speaker]
        before = [s for s in same if s.start < seg.start]
        if before:
            seg.speaker = before[-1].speaker
        elif same:
            seg.speaker = same[0].speaker
