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
from collections.abc import Sequence
from dataclasses import dataclass

from newsweave.facts.attribution import Reading, cued, parse, reading, speech_word
from newsweave.facts.entities import EntityIndex
from newsweave.facts.lexicon import MONTHS, WEEKDAYS, fold, word_set
from newsweave.facts.sentences import sentences as split_sentences
from newsweave.facts.speakers import DETERMINERS, PRONOUNS, Speakers, is_name
from newsweave.nlp.sentences import Sentence
from newsweave.records import Quote

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
_STOP_AFTER = r"in|on|at|during|after|before|when|while|to|from|who|that|referring|of|as"
_TAIL_VERB_FIRST = re.compile(
    rf"^\s*[,—–-]?\s*(?:{_VERBS})\s+(?P<who>{_WHO})\s*(?=[,.;:!?]|$|\s(?:{_STOP_AFTER})\b)"
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
    r"^[^,.]{0,60},\s+(?P<name>[A-Z][\w’'\-]+(?:\s+[A-Z][\w’'\-]+){0,3})\s*(?:[.,;]|$)"
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
_ACCORDING = re.compile(r"\baccording to\s+(?P<who>[^,.;:“”\"]+)", re.IGNORECASE)
_SAYS_FIRST = re.compile(rf"^(?P<who>{_WHO})\s+(?:has\s+|had\s+|also\s+)?(?:{_VERBS})\b")
_SAYS = re.compile(
    rf"(?P<who>(?:[A-Z][\w’'\-]*\.?\s+){{0,3}}[A-Z][\w’'\-]*)\s+(?:has\s+|had\s+)?(?:{_VERBS})\b"
)
_ABBREV_DOT = re.compile(
    r"\b(Sgt|Mr|Mrs|Ms|Dr|Lt|Col|Gen|Capt|Rep|Sen|Gov|Cpl|Pvt|St|Jr|Sr|Prof|Rev|Maj|Det)\."
)
_INITIAL = re.compile(r"\b([A-Z])\.(?=[ \t]*[A-Z])")  # "Virgie M. Rollins": an initial, not a full stop
_AUX = word_set("has have had is was are were also later then who which and but")
# Double quote marks as scraped pages write them: curly, straight, guillemets, doubled singles.
_DOUBLE = re.compile(r"‘’|’’|''|[“”\"«»„]")
_OPENERS = frozenset("“„«")
_SINGLE_OPEN = re.compile(r"(?:(?<=^)|(?<=[\s(—–-]))[‘'](?=\w)(?!s\b)")
_SINGLE_CLOSE = re.compile(r"(?<=[^\s])[’'](?=[\s,.;:!?)—–-]|$)")


@dataclass(slots=True)
class _Segment:
    start: int  # first character inside the marks
    end: int  # end of the quoted words (exclusive)
    open_at: int  # the opening mark
    close_at: int | None  # the closing mark; None when the paragraph ends inside the quote
    paragraph: int
    whole: bool = False  # the paragraph is this quote and nothing else
    speaker: str | None = None


def _pairs(para: str) -> list[tuple[int, int, int | None, int]]:
    """(open, inner start, close or None, after close) of each quote in one paragraph."""
    marks = list(_DOUBLE.finditer(para))
    if not marks:
        opens = list(_SINGLE_OPEN.finditer(para))
        if not opens:
            return []
        out, pos = [], 0
        for o in opens:
            if o.start() < pos:
                continue
            c = _SINGLE_CLOSE.search(para, o.end())
            out.append((o.start(), o.end(), c.start() if c else None, c.end() if c else len(para)))
            pos = c.end() if c else len(para)
        return out
    # An opener closes at the next mark that can close; an opener inside is a nested quote. With
    # nothing left that can close, the next mark closes whatever it is ("...,“ Erdogan said").
    out2: list[tuple[int, int, int | None, int]] = []
    i = 0
    while i < len(marks):
        o = marks[i]
        j = next((k for k in range(i + 1, len(marks)) if _closes(para, marks[k])), None)
        if j is None and i + 1 < len(marks):
            j = i + 1
        c = marks[j] if j is not None else None
        out2.append((o.start(), o.end(), c.start() if c else None, c.end() if c else len(para)))
        i = j + 1 if j is not None else len(marks)
    return out2


def _closes(para: str, mark: re.Match[str]) -> bool:
    """Whether a mark can close a quote: any but an opener, and an opener written as a closer
    (right after a word, before a space or punctuation: '"It's unusual,“ said ...', „...“)."""
    if mark.group() not in _OPENERS:
        return True
    a, b = mark.start(), mark.end()
    return a > 0 and not para[a - 1].isspace() and (b == len(para) or para[b] in " \t,.;:!?)—–-")


def _segments(text: str) -> list[_Segment]:
    out: list[_Segment] = []
    pos = 0
    for p_no, para in enumerate(re.split(r"(\n+)", text)):
        if not para.startswith("\n"):
            for o, inner, close, after in _pairs(para):
                s, e = inner, close if close is not None else len(para)
                while s < e and para[s].isspace():
                    s += 1
                while e > s and para[e - 1].isspace():
                    e -= 1
                if e > s:
                    whole = not para[:o].strip() and not para[after:].strip()
                    out.append(
                        _Segment(
                            pos + s, pos + e, pos + o, pos + close if close is not None else None, p_no, whole
                        )
                    )
        pos += len(para)
    return out


def _tail_speaker(tail: str, speakers: Speakers, at: int, cued: bool = False) -> str | None:
    """The speaker named after a quote; with ``cued`` (the quote ends in a comma, question or
    exclamation mark) any verb form names one ('"Go home," Vida Lorne barked')."""
    tail = _INITIAL.sub(r"\1", _ABBREV_DOT.sub(r"\1", tail))
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


def _head_speaker(head: str, speakers: Speakers, at: int) -> str | None:
    head = _INITIAL.sub(r"\1", _ABBREV_DOT.sub(r"\1", head))
    verbs = list(_HEAD_VERB.finditer(head))
    if verbs:
        chunks = re.split(r"[,;:“”\"]", head[: verbs[-1].start()])
        if verbs[-1].group().endswith("ing") and _clause(
            chunks[-1] if chunks[-1].strip() else chunks[-2:][0]
        ):
            return None  # 'X attacked Y, calling him "..."': the subject of the clause, for the parse
        for n, chunk in enumerate(reversed(chunks)):
            words = chunk.strip(" ([").split()
            if not words or all(w.lower() in _AUX or re.fullmatch(r"[a-z]+ly", w) for w in words):
                continue  # "has", ", famously,": not the subject
            if words[0].lower() in {"who", "which"}:
                continue
            first = words[0].lower()
            if first in _LEADS or re.fullmatch(r"[a-z]+(?:ed|en|ing|wn)", words[0]):
                continue  # "thrown into the air by his players": not the subject
            words = _after_subordinator(words)
            first = words[0].lower()
            before = chunks[len(chunks) - 2 - n].strip() if len(chunks) - 2 - n >= 0 else ""
            if words[-1][:1].islower() and is_name(before) and 0 < len(before.split()) <= 4:
                return speakers.name(before, at)  # "Tad Devine, Sanders's chief strategist, said"
            if first in PRONOUNS and len(words) == 1:
                lead = _LEAD_SUBJECT.match(chunks[0]) if len(chunks) - 1 - n > 0 else None
                if lead:  # "After the Prime Minister had held his seat, he said:"
                    return speakers.name(lead.group("np").strip(), at)
            return speakers.name(" ".join(words), at) if len(words) <= 10 else None
    m = _ACCORDING.search(head) or _NAME_COLON.search(head)
    return speakers.name(m.group("who"), at) if m else None


def _clause(chunk: str) -> bool:
    """Words holding a verb and what follows it ('Rell attacked the mayor'), not a name phrase."""
    words = chunk.split()
    return len(words) > 3 and any(re.fullmatch(r"[a-z]+(?:ed|s)", w) for w in words[1:])


# A name introducing the quote after a dash or as the line's first words: "- Philip Bump: “...".
_NAME_COLON = re.compile(
    r"(?:^\s*|[-—–]\s*)(?P<who>[A-Z][\w’'.\-]*(?:\s+(?:[A-Z][\w’'.\-]*|de|van|von|al)){0,3})\s*:\s*$"
)


_LEADS = word_set("in on at after while meanwhile before during since speaking asked when for with")
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


def _reported_speech(text: str, sentences: list[Sentence], segments: list[_Segment]) -> list[tuple[int, str]]:
    """'A third said he felt pain ...': speakers of sentences without quotes, for later pronouns."""
    quoted = [(s.open_at, s.end) for s in segments]
    out = []
    for sent in sentences:
        if any(a < sent.end and b > sent.start for a, b in quoted):
            continue
        chunk = _ABBREV_DOT.sub(r"\1", text[sent.start : sent.end])
        m = _SAYS_FIRST.match(chunk) or _SAYS.search(chunk)
        if not m or re.search(r"\b(?:is|are|was|were|be|been)\s*$", m.group("who")):
            continue  # "90 officers are said to have defected" names no speaker
        words = m.group("who").split()
        if words[0].lower() in PRONOUNS | _AUX or len(words) > 5:
            continue
        if is_name(m.group("who")) or words[0].lower() in DETERMINERS:
            out.append((sent.start, m.group("who")))
    return out


# Marks around a name, not around words someone said: 'groups known as "colectivos"'.
_NAMING = re.compile(r"\b(?:known as|so-called|nicknamed)\s*$", re.IGNORECASE)


def find_quotes(text: str, article: str, index: EntityIndex | None) -> list[Quote]:
    """Every quote of ``text`` with its speaker (None when the article does not say)."""
    return find_all_quotes([(text, article)], index)[0]


def find_all_quotes(articles: Sequence[tuple[str, str]], index: EntityIndex | None) -> list[list[Quote]]:
    """The quotes of each (text, article id), the parser reading all their unattributed quote
    sentences in one batch (one call per event, not per article)."""
    drafts = []
    for text, article in articles:
        segments = _segments(text)
        sentences = split_sentences(text) if segments else []
        wanted = _attribute(text, segments, sentences, index, {}) if segments else {}
        drafts.append((text, article, segments, sentences, wanted))
    readings = [r for *_, wanted in drafts for r in wanted.values()]
    phrases = iter(zip(parse(readings), map(cued, readings), strict=True))
    out = []
    for text, article, segments, sentences, wanted in drafts:
        if wanted:  # the patterns left these unattributed or named no one: read their parse
            parsed = {n: next(phrases) for n in wanted}
            for seg in segments:
                seg.speaker = None
            _attribute(text, segments, sentences, index, parsed)
        _fill_chains(segments)
        _fill_neighbours(segments)
        _fill_chains(segments)
        out.append(
            [
                Quote(s.speaker, text[s.start : s.end], article, s.start, s.end)
                for s in segments
                if not _NAMING.search(text, max(0, s.open_at - 24), s.open_at)
            ]
        )
    return out


def _attribute(
    text: str,
    segments: list[_Segment],
    sentences: list[Sentence],
    index: EntityIndex | None,
    parsed: dict[int, tuple[str | None, bool]],
) -> dict[int, Reading]:
    """Set each segment's speaker from the patterns, or from ``parsed`` (segment -> the phrase
    its parse names, and whether its sentence sets it off as speech: without that only a name
    is taken) where the patterns find no plausible one; returns the sentence span of each
    segment whose parse is wanted and not in ``parsed``."""
    starts = [s.start for s in sentences]
    speakers = Speakers(index, text)
    wanted: dict[int, Reading] = {}
    spans = [(s.start, s.end) for s in segments]

    def sentence_of(pos: int) -> tuple[int, int]:
        i = max(0, bisect.bisect_right(starts, pos) - 1)
        return (sentences[i].start, sentences[i].end) if sentences else (0, len(text))

    reported = _reported_speech(text, sentences, segments)
    for n, seg in enumerate(segments):
        while reported and reported[0][0] < seg.open_at:
            at, who = reported.pop(0)
            speakers.said(speakers.name(who, at), at)
        prev = segments[n - 1] if n else None
        continued = prev is not None and prev.close_at is None and seg.paragraph > prev.paragraph
        if seg.close_at is not None:
            _, s_end = sentence_of(seg.close_at)
            nxt = _DOUBLE.search(text, seg.close_at + 1, max(s_end, seg.close_at + 1))
            tail = text[seg.close_at + 1 : nxt.start() if nxt else max(s_end, seg.close_at + 1)]
            tail = tail.lstrip("’'").split("\n")[0]
            if not tail.strip():  # '"... missing." Trump said.': the split left the attribution apart
                tail = _next_sentence(text, sentences, starts, seg.close_at)
            punct = text[seg.close_at - 1 : seg.close_at] in {",", "?", "!", "…"}
            seg.speaker = _tail_speaker(tail, speakers, seg.open_at, punct) if tail.strip() else None
            signed = _SIGNED.match(text, seg.close_at + 1) if seg.whole else None
            if signed:  # a quote paragraph signed by the next line: "- Bernie Sanders."
                seg.speaker = speakers.name(signed.group("who"), seg.open_at)
        if seg.speaker is None and not continued:
            h_start, _ = sentence_of(seg.open_at)
            prev_close = max((p.close_at or 0) for p in segments[:n]) if n else 0
            head = text[max(h_start, prev_close + 1 if prev_close else h_start) : seg.open_at]
            if head.strip() and "\n" not in head.strip():
                seg.speaker = _head_speaker(head, speakers, seg.open_at)
            elif not head.strip() and (prev_s := _sentence_before(text, sentences, starts, seg)):
                seg.speaker = _head_speaker(
                    text[prev_s.start : prev_s.end].rstrip(" .:"), speakers, seg.open_at
                )
        if seg.speaker is None and prev is not None and prev.speaker and _split(text, prev, seg):
            seg.speaker = prev.speaker  # '"It's hard," said the senator, "because ..."'
        kind = _kind(seg.speaker, index)
        if not continued and (not seg.whole or _introduced(text, seg)) and kind != "name":
            if n in parsed:  # the parse's name beats a description; anything beats nothing
                phrase, speech = parsed[n]
                got = speakers.name(phrase, seg.open_at) if phrase else None
                named = phrase is not None and phrase.lower() not in PRONOUNS and _kind(got, index) == "name"
                if got and (kind == "none" and (speech or _named_body(got, index)) or named):
                    seg.speaker = got
            else:
                wanted[n] = reading(text, *_reading_span(text, sentences, starts, seg), spans, n)
        if seg.speaker is None and seg.whole and prev is not None and prev.speaker and prev.close_at:
            # A paragraph that is only a quote goes on quoting the speaker of the paragraph before.
            seg.speaker = prev.speaker if seg.paragraph - prev.paragraph == 2 else None
        if len(text[seg.start : seg.end].split()) > _TERM:  # 'a ‘Kid-Sized’ sub' names a term: no one spoke
            speakers.said(seg.speaker, seg.open_at)
    return wanted


def _next_sentence(text: str, sentences: list[Sentence], starts: list[int], close_at: int) -> str:
    """The sentence after the one a quote closes, when it is short, on the same line and holds
    no quote of its own (an attribution split off: '"...?" Sanders replied.'); else ''."""
    i = bisect.bisect_right(starts, close_at)
    if i >= len(sentences) or "\n" in text[close_at : sentences[i].start]:
        return ""
    nxt = text[sentences[i].start : sentences[i].end]
    return "" if _DOUBLE.search(nxt) or len(nxt.split()) > _SHORT_ATTRIBUTION else " " + nxt


_SHORT_ATTRIBUTION = 12  # words


# The line after a quote paragraph that signs it: a dash and a short capitalised name.
_SIGNED = re.compile(r"[ \t]*\n\s*[-—–]+[ \t]*(?P<who>[A-Z][^\n.;:!?]{0,60}?)[ \t]*\.?[ \t]*(?:\n|$)")


def _split(text: str, prev: _Segment, seg: _Segment) -> bool:
    """Whether ``seg`` goes on with the sentence of ``prev`` after its attribution: a few words
    between them and no sentence end ('"...," said the senator, "...')."""
    between = text[prev.close_at + 1 if prev.close_at is not None else prev.end : seg.open_at]
    short = 0 < len(between.split()) <= 10 and not re.search(r"[.!?;]\s*$|\n", between)
    return prev.paragraph == seg.paragraph and prev.close_at is not None and short


def _introduced(text: str, seg: _Segment) -> bool:
    """Whether the words before the quote's opening mark end with a colon ("Stated Stone:")."""
    return text[max(0, seg.open_at - 200) : seg.open_at].rstrip().endswith(":")


def _reading_span(text: str, sentences: list[Sentence], starts: list[int], seg: _Segment) -> tuple[int, int]:
    """The sentences holding ``seg``, and the next one when a question or exclamation ends it
    ('"You think I'm going to change?" Trump asked reporters.' splits after the question); the
    sentence before when that introduces the quote with a colon and the quote opens its own."""
    first = max(0, bisect.bisect_right(starts, seg.open_at) - 1)
    opens = first and sentences and not text[sentences[first].start : seg.open_at].strip()
    if opens and (_introduced(text, seg) or _sentence_before(text, sentences, starts, seg)):
        first -= 1
    last = max(0, bisect.bisect_right(starts, seg.close_at if seg.close_at is not None else seg.end) - 1)
    if not sentences:
        return 0, len(text)
    end = sentences[last].end
    after = text[(seg.close_at or seg.end) + 1 : end].strip(" ’'\"”")
    if not after and text[seg.end - 1] in "?!" and last + 1 < len(sentences):
        nxt = sentences[last + 1]
        if "\n" not in text[end : nxt.start] and not _DOUBLE.match(text, nxt.start):
            end = nxt.end
    return sentences[first].start, end


def _sentence_before(
    text: str, sentences: list[Sentence], starts: list[int], seg: _Segment
) -> Sentence | None:
    """The sentence before a quote that opens its own, on the same line, when it ends on the
    quote's attribution ('Lena Ort, the port's lawyer, said in a statement. "..."', 'Ort agreed.')."""
    i = bisect.bisect_right(starts, seg.open_at) - 1
    if i < 1 or text[sentences[i].start : seg.open_at].strip():
        return None
    prev = sentences[i - 1]
    words = _WORDS.findall(text[prev.start : prev.end])
    if "\n" in text[prev.end : seg.open_at] or _DOUBLE.search(text, prev.start, prev.end) or len(words) > 30:
        return None
    return prev if any(speech_word(w) or w.lower() in _AGREE for w in words[-5:]) else None


_WORDS = re.compile(r"[^\W\d_][\w’'\-]*")
_AGREE = word_set("agreed agrees disagreed disagrees")
_TERM = 3  # words: a quote this short may be a term in scare quotes
_NOT_SPEAKERS = word_set("but and had has could would was were not is are be been will")
_PREPOSITIONS = word_set("in on at over after before during since for with from by to of as than")


def _kind(speaker: str | None, index: EntityIndex | None) -> str:
    """How far the patterns' speaker reads as one: "name" (a known person, or a full name),
    "weak" (a description or a group: the parse may find the person), "none" (nothing, a place,
    a day, a stray capitalised word or a clause such as "over the next few months but")."""
    if not speaker:
        return "none"
    words = speaker.split()
    folded = [fold(w) for w in words]
    if any(w in WEEKDAYS for w in folded) or len(words) == 1 and folded[0] in MONTHS:
        return "none"
    if not speaker[:1].isupper():
        clause = folded[0] in _PREPOSITIONS | _RELATIVES or _NOT_SPEAKERS & set(folded)
        return "none" if clause or len(words) > 6 else "weak"
    ent = index.lookup(speaker) if index is not None else None
    if ent is None:
        return "name" if len(words) > 1 else "none"
    if ent.type in {"GPE", "LOC", "FAC", "DATE", "TIME", "EVENT", "LAW"}:
        return "none"
    return "name" if ent.type == "PERSON" else "weak"


def _named_body(speaker: str, index: EntityIndex | None) -> bool:
    """An organisation the event names ("the FBI", "Our Principles PAC"): it may speak."""
    ent = index.lookup(speaker) if index is not None else None
    return ent is not None and ent.type == "ORG"


_RELATIVES = word_set("who which that whom whose where it there")


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
