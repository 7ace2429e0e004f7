"""Direct quotes and who said them (English attribution patterns).

Hand-written because no offline library attributes quotes in news prose: quote marks are paired
per paragraph (a paragraph that opens a quote without closing it continues in the next), then the
speaker is read from the words after the quote or before it (``cues``: '," said Sgt. Jose Gomez',
'Mike Pompeo said ... "days are numbered"'), else from the sentence's parse. Pronouns take
the last speaker; names resolve to the event's merged entities; anonymous speakers stay
descriptions ("a 29-year-old man").
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass

from newsweave.facts.attribution import Reading, cued, parse, reading, speech_word
from newsweave.facts.cues import head_speaker, tail_speaker
from newsweave.facts.entities import POSSESSIVE_END, EntityIndex
from newsweave.facts.lexicon import MONTHS, WEEKDAYS, fold, word_set
from newsweave.facts.sentences import sentences as split_sentences
from newsweave.facts.speakers import PRONOUNS, Speakers
from newsweave.nlp.sentences import Sentence
from newsweave.records import Quote

# Double quote marks as scraped pages write them: curly, straight, guillemets, doubled singles.
# A straight mark after minutes and seconds ("1h 12' 06\"", "by 19' 36\"") is a unit, not a quote.
_DOUBLE = re.compile(r"‘’|’’|''|[“”«»„]|(?<!\d'\d\d)(?<!\d' \d\d)(?<!\d'\d)(?<!\d' \d)\"")
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
    labelled: bool = False  # it opens on a transcript's label ("VOSS: ..."): no one else's words
    asked: bool = False  # words put to someone ('X was asked: "...?"'): the asker's, not X's
    speaker: str | None = None

    @property
    def fixed(self) -> bool:
        """Its speaker is settled by its own attribution: no neighbour's speaker fills it."""
        return self.labelled or self.asked


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
    colon = para.rfind(": ", 0, marks[0].start())
    lone = marks[0].group() == "”" and len(marks) % 2 and colon > 0
    if lone and len(para[colon : marks[0].start()].split()) > 3:
        # a closing mark with no opener, after a colon: 'the crew wrote: We are safe now.”'
        out2.append((colon, colon + 2, marks[0].start(), marks[0].end()))
        i = 1
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


# Marks around a name, not around words someone said: 'groups known as "colectivos"'.
_NAMING = re.compile(r"\b(?:known as|so-called|nicknamed)\s*$", re.IGNORECASE)


def find_quotes(text: str, article: str, index: EntityIndex | None) -> list[Quote]:
    """Every quote of ``text`` with its speaker (None when the article does not say)."""
    return find_all_quotes([(text, article)], index)[0]


def find_all_quotes(articles: Sequence[tuple[str, str]], index: EntityIndex | None) -> list[list[Quote]]:
    """The quotes of each (text, article id), the parser reading all their unattributed quote
    sentences in one batch (one call per event, not per article). An exact copy of a text
    (syndication) is read once: its quotes are the same, cited in each article."""
    drafts = draft_quotes([text for text, _ in articles], index)
    return finish_quotes(articles, drafts, parse(drafts.readings))


@dataclass(slots=True)
class QuoteDrafts:
    """The patterns' pass over distinct texts (``draft_quotes``): what ``finish_quotes`` needs,
    and the ``readings`` whose parse it wants, which a caller may parse with other events' in
    one batch (a briefing task's). Used once: finishing sets the segments' speakers."""

    index: EntityIndex | None
    texts: dict[str, tuple[list[_Segment], list[Sentence], dict[int, Reading]]]

    @property
    def readings(self) -> list[Reading]:
        return [r for *_, wanted in self.texts.values() for r in wanted.values()]


def draft_quotes(texts: Sequence[str], index: EntityIndex | None) -> QuoteDrafts:
    """The quotes of each distinct text as the patterns attribute them, with the readings the
    parser must read (which quotes the patterns leave open depends on ``index``'s names)."""
    drafts = QuoteDrafts(index, {})
    for text in texts:
        if text in drafts.texts:
            continue
        segments = _segments(text)
        sentences = split_sentences(text) if segments else []
        wanted = _attribute(text, segments, sentences, index, {}) if segments else {}
        drafts.texts[text] = (segments, sentences, wanted)
    return drafts


def finish_quotes(
    articles: Sequence[tuple[str, str]], drafts: QuoteDrafts, phrases: Sequence[str | None]
) -> list[list[Quote]]:
    """The quotes of each (text, article id) of ``drafts``, given ``phrases``: the parse of each
    of ``drafts.readings``, in order."""
    index = drafts.index
    parsed_all = iter(zip(phrases, map(cued, drafts.readings), strict=True))
    found: dict[str, list[_Found]] = {}
    for text, (segments, sentences, wanted) in drafts.texts.items():
        if wanted:  # the patterns left these unattributed or named no one: read their parse
            parsed = {n: next(parsed_all) for n in wanted}
            for seg in segments:
                seg.speaker = None
            _attribute(text, segments, sentences, index, parsed)
        _fill_chains(segments)
        _fill_neighbours(segments)
        _fill_chains(segments)
        kept = [s for s in segments if not _NAMING.search(text, max(0, s.open_at - 24), s.open_at)]
        found[text] = _join_split(text, kept)
    return [
        [Quote(who, text[a:b], article, a, b, [list(p) for p in parts]) for who, a, b, parts in found[text]]
        for text, article in articles
    ]


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
    spans = [(s.start, s.end) for s in segments]
    speakers = Speakers(index, text, spans)
    wanted: dict[int, Reading] = {}
    transcript = sum(map(bool, map(_caps_label, [text[s.start : s.end] for s in segments]))) >= 2

    def sentence_of(pos: int) -> tuple[int, int]:
        i = max(0, bisect.bisect_right(starts, pos) - 1)
        return (sentences[i].start, sentences[i].end) if sentences else (0, len(text))

    for n, seg in enumerate(segments):
        prev = segments[n - 1] if n else None
        continued = prev is not None and prev.close_at is None and seg.paragraph > prev.paragraph
        # a transcript quoted line by line: the quote opens on its speaker's label ('"VOSS: Well, ...')
        seg.speaker = _transcript_label(text, seg, speakers, index, transcript)
        label = seg.speaker is not None or seg.labelled  # the label or no one: not the words around
        h_start, _ = sentence_of(seg.open_at)
        prev_close = max((p.close_at or 0) for p in segments[:n]) if n else 0
        head = text[max(h_start, prev_close + 1 if prev_close else h_start) : seg.open_at]
        if not label and not continued and head.strip() and "\n" not in head.strip():
            _put_to(seg, _asked_head(head), speakers)  # 'When asked "...?" Voss laughed': no one's
            label = seg.asked
        if seg.close_at is not None and not label:
            _, s_end = sentence_of(seg.close_at)
            nxt = _DOUBLE.search(text, seg.close_at + 1, max(s_end, seg.close_at + 1))
            tail = text[seg.close_at + 1 : nxt.start() if nxt else max(s_end, seg.close_at + 1)]
            tail = tail.lstrip("’'").split("\n")[0]
            if not tail.strip():  # '"... missing." Trump said.': the split left the attribution apart
                tail = _next_sentence(text, sentences, starts, seg.close_at)
            punct = text[seg.close_at - 1 : seg.close_at] in {",", "?", "!", "…"}
            seg.speaker = tail_speaker(tail, speakers, seg.open_at, punct) if tail.strip() else None
            signed = _SIGNED.match(text, seg.close_at + 1) if seg.whole else None
            if signed:  # a quote paragraph signed by the next line: "- Bernie Sanders."
                seg.speaker = speakers.name(signed.group("who"), seg.open_at)
            _put_to(seg, _asked_tail(tail), speakers)
        if seg.speaker is None and not continued and not label and not seg.asked:
            if head.strip() and "\n" not in head.strip():
                seg.speaker = head_speaker(head, speakers, seg.open_at)
            elif not head.strip() and (prev_s := _sentence_before(text, sentences, starts, seg)):
                seg.speaker = head_speaker(
                    text[prev_s.start : prev_s.end].rstrip(" .:"), speakers, seg.open_at
                )
        label = label or seg.asked
        if (
            seg.speaker is None
            and not label
            and prev is not None
            and prev.speaker
            and _split(text, prev, seg)
        ):
            seg.speaker = prev.speaker  # '"It's hard," said the senator, "because ..."'
        kind = "name" if label else _kind(seg.speaker, index)
        if not continued and (not seg.whole or _introduced(text, seg)) and kind != "name":
            if n in parsed:  # the parse's name beats a description; anything beats nothing
                phrase, speech = parsed[n]
                got = speakers.name(phrase, seg.open_at) if phrase else None
                named = phrase is not None and phrase.lower() not in PRONOUNS and _kind(got, index) == "name"
                if got and (kind == "none" and (speech or _named_body(got, index)) or named):
                    seg.speaker = got
                elif got and seg.speaker and (cut := _ran_on(seg.speaker, phrase or "")):
                    seg.speaker = speakers.name(cut, seg.open_at) or got  # it ran on into the verb
            else:
                wanted[n] = reading(text, *_reading_span(text, sentences, starts, seg), spans, n)
        if (
            seg.speaker is None
            and seg.whole
            and not seg.fixed
            and prev is not None
            and prev.speaker
            and prev.close_at
        ):
            # A paragraph that is only a quote goes on quoting the speaker of the paragraph before.
            seg.speaker = prev.speaker if seg.paragraph - prev.paragraph == 2 else None
        if len(text[seg.start : seg.end].split()) > _TERM:  # 'a ‘Kid-Sized’ sub' names a term: no one spoke
            speakers.said(seg.speaker, seg.open_at)
    return wanted


# Words put to someone: the quote hangs from a passive "asked" / "told" ('Ada Voss was asked:
# "...?"', '"...?" she was asked by reporters.', 'When asked "...?"'): the one asked is the hearer;
# the speaker is the asker, named only by "by ..." (else no one). A speech verb after it ('When
# asked about it, Voss said: "..."') makes the quote that verb's.
_PUT = r"(?:asked|told|questioned|pressed)"
_TOPIC = r"(?:about|whether|if|on|at|in|during|after|when|to)"  # what the asking is about
_BY = rf"(?:\s+by\s+(?P<by>(?:(?!\s{_TOPIC}\b)[^,.;:!?“”\"—–\n]){{1,60}}))?"
_PASSIVE = r"(?:was|were|is|are|been|being|be|get|gets|got|getting)\s+(?:[a-z]+ly\s+|also\s+|then\s+)?"
_ASKED_TAIL = re.compile(
    rf"^\s*[,—–-]?\s*(?P<who>(?:[\w’'.\-]+\s+){{0,6}}?){_PASSIVE}{_PUT}\b{_BY}\s*(?=[,.;:!?]|$|\s{_TOPIC}\b)"
)
_ASKED_HEAD = re.compile(
    rf"(?:\b(?P<aux>{_PASSIVE})|(?:^|\b(?i:when|if|once|after|as|before|while|being)\s+))"
    rf"(?i:{_PUT})\b{_BY}(?P<rest>[^.!?;]*)$"
)


def _ran_on(pattern: str, parsed: str) -> str | None:
    """The patterns' description of a speaker cut after the last word of the parse's subject
    phrase, when it goes on past it ("the speaker stopped impeachment proceedings to" against
    "the speaker", "the 68-year-old executive said" against "old executive"): words a regular
    expression cannot tell from the noun phrase, which the parse ends at its head (with its
    "of" phrase). None when it does not go on."""
    words = pattern.split()
    longer = [POSSESSIVE_END.sub("", fold(w)) for w in words]
    shorter = [POSSESSIVE_END.sub("", fold(w)) for w in parsed.split()]
    if not shorter or len(shorter) >= len(longer) or shorter[-1] not in longer[:-1]:
        return None
    at = longer.index(shorter[-1]) + 1
    if longer[at] in _PREPOSITIONS | _POSTNOMINAL or words[at][:1].isupper():
        return None  # "a longtime adviser to X", "a person close to X": the description goes on
    return POSSESSIVE_END.sub("", " ".join(words[:at]))


_POSTNOMINAL = word_set(  # words that go on with a description: "a source close to", "a defector aged 23"
    "close near familiar known based named called involved aged speaking responsible quoted cited interviewed"
)


def _asked_tail(tail: str) -> re.Match[str] | None:
    """The passive "asked" after a quote ('"...?" Voss was asked'), not one in a clause after
    the quote's own verb of saying ('"...," Voss said after she was told about it')."""
    m = _ASKED_TAIL.match(tail)
    return None if m is None or any(speech_word(w) for w in _WORDS.findall(m.group("who"))) else m


def _asked_head(head: str) -> re.Match[str] | None:
    """The passive "asked" the words before a quote end on, with no verb of saying after it."""
    m = _ASKED_HEAD.search(head)
    if m is None or any(speech_word(w) for w in _WORDS.findall(m.group("rest"))):
        return None
    # 'Asked about it, "...," Voss said': a participle's clause set off by a comma is the question's
    # topic; the quote after it is the answer
    return None if m.group("aux") is None and m.group("rest").rstrip().endswith(",") else m


def _put_to(seg: _Segment, asked: re.Match[str] | None, speakers: Speakers) -> None:
    """Mark ``seg`` as words put to someone (``asked``: the attribution's passive verb): its
    speaker is the asker "by" names, else no one."""
    if asked is not None:
        seg.asked = True
        seg.speaker = speakers.name(asked.group("by"), seg.open_at) if asked.group("by") else None


# A transcript's speaker label: a surname or name in capitals ("VOSS:", "ADA VOSS:") or a
# capitalised full name ("Ada Voss:"), then the words spoken.
_LABEL = re.compile(
    r"(?P<who>[A-Z][A-Z’'.\-]+(?:[ \t]+[A-Z][A-Z’'.\-]+){0,2}|[A-Z][a-z’'\-]+(?:[ \t]+[A-Z][\w’'.\-]+){1,2})"
    r":[^\S\n]+(?=\S)"
)


def _caps_label(quote: str) -> bool:
    """Whether a quote opens on a label in capitals ("VOSS: ...")."""
    m = _LABEL.match(quote)
    return m is not None and m.group("who").isupper()


def _transcript_label(
    text: str, seg: _Segment, speakers: Speakers, index: EntityIndex | None, transcript: bool
) -> str | None:
    """The person a quote's opening label names ('"VOSS: Well, ...'), when the article names that
    person; "UPDATE:", "Q:" or a place label name no one. Marks the segment ``labelled`` when the
    article quotes a transcript (two or more quotes open on labels in capitals) and this quote
    opens on one: its speaker is the label's person or no one, never a neighbour's."""
    m = _LABEL.match(text, seg.start, seg.end)
    seg.labelled = transcript and _caps_label(text[seg.start : seg.end])
    if m is None or index is None:
        return None
    got = speakers.name(m.group("who"), seg.open_at)
    ent = index.lookup(got) if got else None
    return got if ent is not None and ent.type == "PERSON" else None


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
    """The sentence before a quote that opens its own, on the same line (or a short line of its
    own before a quote paragraph), when it ends on the quote's attribution ('Lena Ort, the port's
    lawyer, said in a statement. "..."', 'Ort agreed.')."""
    i = bisect.bisect_right(starts, seg.open_at) - 1
    if i < 1 or text[sentences[i].start : seg.open_at].strip():
        return None
    prev = sentences[i - 1]
    words = _WORDS.findall(text[prev.start : prev.end])
    if _DOUBLE.search(text, prev.start, prev.end) or len(words) > 30:
        return None
    # a line of its own may introduce a paragraph that is only the quote ('Holm went on with her
    # remarks.' / 'Holm added:'); a paragraph of several sentences before it does not, nor does
    # a short quoted line after it, which is a headline or a term ('Dark days')
    if "\n" in text[prev.end : seg.open_at] and not (
        seg.whole
        and len(words) <= _LINE
        and (prev.start == 0 or "\n" in text[max(0, prev.start - 2) : prev.start])
        and len(_WORDS.findall(text[seg.start : seg.end])) > _TERM
    ):
        return None
    return prev if any(speech_word(w) or w.lower() in _AGREE for w in words[-5:]) else None


_WORDS = re.compile(r"[^\W\d_][\w’'\-]*")
_AGREE = word_set("agreed agrees disagreed disagrees")
_TERM = 3  # words: a quote this short may be a term in scare quotes
_LINE = 12  # words: a line introducing the quote paragraph after it is short
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


_Found = tuple[str | None, int, int, list[tuple[int, int]]]  # speaker, start, end, parts


def _join_split(text: str, segments: list[_Segment]) -> list[_Found]:
    """(speaker, start, end, parts) of each quote, a quote its attribution interrupts read as
    one ('"It's late," Ida Holm said. "We go home."' is one quote of Ida Holm's, cited whole;
    its parts are the two quoted stretches)."""
    out: list[_Found] = []
    prev: _Segment | None = None
    for seg in segments:
        if prev is not None and out and _interrupted(text, prev, seg):
            who, start, _, parts = out[-1]
            out[-1] = (who, start, seg.end, [*parts, (seg.start, seg.end)])
        else:
            out.append((seg.speaker, seg.start, seg.end, [(seg.start, seg.end)]))
        prev = seg
    return out


_INTERRUPTION = 40  # words: an attribution longer than this is a sentence of its own
_BE = word_set("be been being is are was were")


def _interrupted(text: str, prev: _Segment, seg: _Segment) -> bool:
    """Whether ``seg`` goes on with the quote of ``prev`` after an attribution: the same
    paragraph, ``prev`` broken off with a comma, question or exclamation mark, the words between
    one sentence with a verb of saying and nothing else quoted, and no other speaker for ``seg``."""
    if prev.close_at is None or prev.paragraph != seg.paragraph or not prev.speaker:
        return False
    if seg.speaker not in (None, prev.speaker) or text[prev.end - 1] not in ",?!":
        return False
    between = text[prev.close_at + 1 : seg.open_at]
    words = _WORDS.findall(between)
    inside = between.strip(" ’'\"”").rstrip(".,:;—–- ").split()
    if not words or len(words) > _INTERRUPTION or re.search(r"\n|[“”\"]", between.strip(" ’'\"”")):
        return False
    said = [k for k, w in enumerate(words) if speech_word(w)]
    # 'what has been described as "..."': a passive with no one saying it attributes nothing
    active = [k for k in said if not (k and words[k - 1].lower() in _BE and "by" not in words[k + 1 :])]
    return not any(map(_ends_sentence, inside[:-1])) and bool(active)


def _ends_sentence(token: str) -> bool:
    """A word ending a sentence: a full stop, question or exclamation mark or semicolon after a
    word that is not an abbreviation or initial ("Sen.", "N.Y.", "D."))."""
    if token[-1:] not in ".!?;":
        return False
    stem = token.rstrip(".!?;")
    return token[-1] != "." or not (stem[:1].isupper() and len(stem) <= 4 or "." in stem)


def _fill_chains(segments: list[_Segment]) -> None:
    """A quote running over paragraphs has one speaker, wherever the attribution sits."""
    chain: list[_Segment] = []
    for n, seg in enumerate(segments):
        chain.append(seg)
        if seg.close_at is not None or n + 1 == len(segments):
            who = next((c.speaker for c in chain if c.speaker), None)
            for c in chain:
                c.speaker = c.speaker or (None if c.fixed else who)
            chain = []


def _fill_neighbours(segments: list[_Segment]) -> None:
    """An unattributed quote in a paragraph with an attributed one shares its speaker."""
    for seg in segments:
        if seg.speaker is not None or seg.fixed:
            continue
        same = [s for s in segments if s.paragraph == seg.paragraph and s.speaker]
        before = [s for s in same if s.start < seg.start]
        if before:
            seg.speaker = before[-1].speaker
        elif same:
            seg.speaker = same[0].speaker
