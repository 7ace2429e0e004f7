"""Who said a quote, read from the dependency parse of the sentence that holds it.

The patterns in ``quotes`` know the common shapes ('"...," said X' / 'X said: "..."'); this reads
the rest from syntax: the speech or attribution predicate the quote hangs from (said, told,
added, wrote, insisted, "according to", "went on"), its subject or agent, and the name phrase of
that subject without its relative clause or apposition ("Jenna Golden, Twitter's director of ..."
-> "Jenna Golden"; "the town's deputy mayor, Pierluigi Altavilla" -> "Pierluigi Altavilla").
Only sentences holding a quote the patterns left unattributed are parsed; where the sentence does
not set the quote off as speech (``cued``: scare quotes, "the so-called 'plan'", fragments of
reported speech) only a named subject is taken, not whatever the sentence is about. A long quote
is read as one word ("This"), so the parser reads a short clause, not the quoted speech. Each distinct
reading is parsed once per process (copies of a story repeat their sentences) and all of an
event's readings go through one ``nlp.pipe`` call (a call costs about as much as parsing a few
sentences).
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from newsweave.facts.lexicon import word_set

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc, Token

# Verbs of saying and writing, as written (the parse needs no lemmatiser for these).
SPEECH = word_set(
    """
    say says said saying tell tells told telling add adds added adding ask asks asked asking
    explain explains explained explaining write writes wrote writing tweet tweets tweeted
    tweeting post posts posted state states stated declare declares declared note notes noted
    insist insists insisted insisting warn warns warned warning recall recalls recalled
    continue continues continued reply replies replied respond responds responded claim claims
    claimed argue argues argued admit admits admitted acknowledge acknowledged announce
    announced announces cry cried shout shouted recount recounted comment commented conclude
    concluded confirm confirmed promise promised plead pleaded predict predicted vow vowed
    quip quipped joke joked remark remarked exclaim exclaimed urge urged report reports
    reported suggest suggested added told stress stressed stresses emphasise emphasised
    emphasize emphasized observe observed counter countered charge charged assert asserted
    maintain maintained complain complained concede conceded describe described describing
    call called calling went goes go press pressed interject interjected boast boasted
    lament lamented muse mused quote quoted read reads
    """
)
# Words whose presence outside the quote makes an attribution possible (inflections the list above
# does not spell out are read through ``speech_word``).
_CUES = word_set("according statement interview quoting quote")
# Nouns naming something said or written: "Ada Voss's response was: '...'" quotes its owner.
SPEECH_NOUNS = word_set(
    """
    response responses statement statements comment comments remark remarks reply replies post
    posts tweet tweets message messages letter question questions answer answers words speech
    retort note email memo testimony
    """
)
_WORDS = re.compile(r"[^\W\d_][\w’'\-]*")
_CACHE_SIZE = 4096  # readings whose parse is kept (an event's copies repeat their sentences)
PLACEHOLDER = "This"
_LONG = 5  # a quote of more words than this is read as the placeholder
_SUBJECTS = frozenset({"nsubj", "nsubjpass", "csubj"})
_NAME_DEPS = frozenset(
    {"compound", "flat", "amod", "det", "poss", "case", "nummod", "nmod", "advmod", "punct"}
)


@dataclass(frozen=True, slots=True)
class Reading:
    """One quote's sentence as the parser reads it: other quotes shortened, the quote's span."""

    text: str
    start: int
    end: int
    others: tuple[tuple[int, int], ...] = ()  # the other quotes' spans: their words are no one's speaker


_CACHE: OrderedDict[Reading, str | None] = OrderedDict()


def reading(text: str, lo: int, hi: int, quotes: Sequence[tuple[int, int]], target: int) -> Reading:
    """The sentence ``text[lo:hi]`` with each long quote (inner spans ``quotes``) read as
    ``PLACEHOLDER``; ``target`` is the index in ``quotes`` of the quote to attribute."""
    out: list[str] = []
    pos, size, span = lo, 0, (0, 0)
    others: list[tuple[int, int]] = []
    for n, (s, e) in enumerate(quotes):
        if e <= lo or s >= hi:
            continue
        s, e = max(s, lo), min(e, hi)
        out.append(text[pos:s])
        size += s - pos
        words = text[s:e]
        if len(words.split()) > _LONG:
            tail = words.rstrip()[-1:]
            words = PLACEHOLDER + (tail if tail in ",.?!" else "")
        if n == target:
            span = (size, size + len(words))
        else:
            others.append((size, size + len(words)))
        out.append(words)
        size += len(words)
        pos = e
    out.append(text[pos:hi])
    # a no-break space is a token of its own to the tokenizer ("Stu\xa0Burguiere" is no name): read as a space
    return Reading("".join(out).replace("\n", " ").replace("\xa0", " "), *span, tuple(others))


def parser() -> Language:
    """The English model with the tagger and parser only (loaded once, on first use)."""
    from newsweave.nlp.models import load_spacy

    return load_spacy(("tok2vec", "tagger", "parser", "attribute_ruler"))


def speech_word(word: str) -> bool:
    """A verb of saying in any regular inflection ("calls", "noting", "stating", "urges")."""
    w = word.lower()
    if w in SPEECH:
        return True
    for suffix, stems in (("ing", ("", "e")), ("es", ("",)), ("s", ("",)), ("ed", ("", "e"))):
        if w.endswith(suffix) and len(w) > len(suffix) + 2:
            base = w[: -len(suffix)]
            if any(base + stem in SPEECH for stem in stems):
                return True
    return False


def cued(r: Reading) -> bool:
    """Whether the sentence sets the quote off as speech: a verb of saying or an attribution cue
    outside the quote, or punctuation that does (a quote ending in a comma, question or
    exclamation mark with words after it, '"Go back," Trump barked'; one introduced by a colon,
    'Stated Stone: "..."'), whatever the verb. Without a cue, a quote is a term or a fragment of
    reported speech ('Trump blasted Disney for its "outrageous practices"'): only a named
    subject of its clause is its speaker."""
    before, after = r.text[: r.start], r.text[r.end :]
    words = _WORDS.findall(before + " " + after)
    if any(speech_word(w) or w.lower() in _CUES for w in words):
        return True
    inner = r.text[r.start : r.end].rstrip()
    if inner[-1:] in {",", "?", "!"} and _WORDS.search(after):
        return True
    return before.rstrip(" “\"‘'«„")[-1:] == ":" and _WORDS.search(before) is not None


def parse(readings: Sequence[Reading]) -> list[str | None]:
    """The phrase naming each reading's speaker as written ("he", "Jenna Golden"), or None."""
    todo = list(dict.fromkeys(r for r in readings if r not in _CACHE))
    if todo:
        docs = parser().pipe([r.text for r in todo], batch_size=256)
        for doc, r in zip(docs, todo, strict=True):
            _CACHE[r] = speaker_phrase(doc, r.start, r.end, r.others)
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    return [_CACHE.get(r) for r in readings]


def speaker_phrase(doc: Doc, start: int, end: int, others: Sequence[tuple[int, int]] = ()) -> str | None:
    """The subject of the predicate the quote at characters ``start:end`` of ``doc`` hangs from;
    words inside the ``others`` quotes name no one ('X opposes "arbitrary pay freezes" and
    recalled: "..."': not "arbitrary pay")."""

    def target(t: Token) -> bool:
        return start <= t.idx < end

    def inside(t: Token) -> bool:
        return target(t) or any(a <= t.idx < b for a, b in others)

    quote = [t for t in doc if target(t)]
    if not quote:
        return None
    who = _according(doc, inside, quote[0])
    # "according to X" relays the quote unless a verb of saying outside it names someone else
    # ('"...," said an official according to the Velby Post': the official's)
    # ("according to X, who told ...": X's own verb names no one else)
    relayed: str | None = None
    if who is not None:
        own = {t.i for t in who.subtree}
        verbs = (t for t in quote[0].sent if t.pos_ == "VERB" and t.i not in own and not inside(t))
        if not any(speech_word(t.text) for t in verbs):
            return _phrase(who)
        relayed = _phrase(who)
    roots = [t for t in quote if t.head.i == t.i or not target(t.head)]
    for root in roots:  # "Stated Stone: '...'" read as a noun phrase the quote is apposed to
        head = root.head
        said = [c for c in head.lefts if speech_word(c.text)] if head.pos_ in {"PROPN", "NOUN"} else []
        if not inside(head) and said:
            return head.doc[said[-1].i + 1 : head.i + 1].text
        owner = _owner(head) if not inside(head) else None
        # "From Ada Voss's post: '...'" read as the quote's own phrase
        froms = [g for c in root.children if c.dep_ == "prep" and not inside(c) for g in c.children]
        owner = owner or next((o for g in froms if g.dep_ == "pobj" and (o := _owner(g))), None)
        if owner is not None:  # "Voss's 'no deal' remark"
            return _phrase(owner)
    weak: Token | None = None
    for root in roots:
        node, below = root, None
        unsaid: Token | None = None  # the subject of a speech yet to be made, if nothing reports it
        while True:
            if not inside(node) and node.pos_ in {"VERB", "AUX"}:
                saying = speech_word(node.text)
                subject = _subject(node, inside) or (_inverted(node, start, inside) if saying else None)
                if saying and subject is not None and _declared(subject, node):
                    subject = None  # 'the fire had been declared a "major incident"': what was said of
                if subject is not None:
                    if saying and not _unsaid(node):
                        return _opening(doc, start, end, inside, subject, node) or _phrase(subject)
                    if saying:
                        unsaid = unsaid or subject
                    else:
                        # the clause holding the quote is what a higher verb's subject holds ("the
                        # flood was the result of "...", the inquiry has found"): theirs, not its
                        held = below is not None and below.dep_ == "ccomp"
                        weak = subject if weak is None or held else weak
            if node.head.i == node.i:
                break
            below, node = node, node.head
        if unsaid is not None:
            return _phrase(unsaid)
    speech = [t for t in doc if speech_word(t.text) and t.pos_ == "VERB" and not inside(t)]
    if weak is not None:  # "When Trump suggested ..., Rubio fired back: '...'": not the side clause's
        speech = [t for t in speech if not _subordinate(t)]
    for verb in sorted(speech, key=lambda t: min(abs(t.idx - start), abs(t.idx - end))):
        subject = _subject(verb, inside)
        if subject is not None and not _declared(subject, verb):
            return _phrase(subject)
    after = _after_quote(doc, start, end, inside)
    if after is not None:
        return doc[after[0] : after[1]].text
    return _phrase(weak) if weak is not None else relayed


def _opening(doc: Doc, start: int, end: int, inside: object, subject: Token, verb: Token) -> str | None:
    """The name opening the words after the quote when the parse took as the verb's subject a
    word of the stretch set off by commas between that name and the verb ('"...," Ada Voss, the
    chair of Norland's harbour board, recalled' -> "Ada Voss", not "Norland's harbour board")."""
    if verb.idx < end or subject.i >= verb.i:
        return None
    opening = _after_quote(doc, start, end, inside)
    if opening is None or doc[opening[1] - 1].pos_ != "PROPN" or not opening[1] <= subject.i < verb.i:
        return None
    between = doc[opening[1] : subject.i]
    return doc[opening[0] : opening[1]].text if len(between) and between[0].text == "," else None


_RUN_POS = frozenset({"PROPN", "NOUN", "ADJ", "DET", "NUM"})


def _after_quote(doc: Doc, start: int, end: int, inside: object) -> tuple[int, int] | None:
    """The noun phrase beside the speech verb after a quote set off by a comma, question or
    exclamation mark, when the parse gives that verb no subject ('"...," Nate Silver, the polling
    guru who ..., tweeted' read as a name with a clause; '"...," said Oversight ranking Democrat
    Elijah Cummings' read as an object): the phrase right after the verb, or the one opening the
    words after the quote when a speech verb follows it; an opening description keeps the name
    apposed to it ("the GOP nominee, Donald Trump,"). Its token span."""
    rest = [t for t in doc if t.idx >= end and not inside(t)]  # type: ignore[operator]
    marks = [t for t in rest[:3] if t.is_punct]
    rest = rest[len(marks) :] if all(t.is_punct for t in rest[: len(marks)]) else rest
    set_off = doc.text[end - 1 : end] in {",", "?", "!"} or any(t.text in {",", "?", "!"} for t in marks)
    if not rest or not set_off or not doc.text[start:end].startswith(PLACEHOLDER):
        return None  # a short quote is a term or a phrase ("'New York values,' the city ..."), not speech
    verb_first = speech_word(rest[0].text) and rest[0].pos_ in {"VERB", "AUX", "NOUN"}
    run = _noun_run(rest[1:] if verb_first else rest)
    if not run or not any(t.pos_ in {"PROPN", "NOUN"} for t in run):
        return None
    if verb_first:
        return run[0].i, run[-1].i + 1
    follow = doc[run[-1].i + 1 :]
    if len(follow) and follow[0].text == ",":  # an apposition, a clause or a participle, then the verb
        appos = _noun_run(list(follow[1:]))
        after = doc[appos[-1].i + 1 :] if appos else follow[1:]
        apposed = appos and appos[-1].pos_ == "PROPN" and len(after) and after[0].text == ","
        if apposed and run[0].pos_ == "DET":
            run = [*run, *appos]  # "the GOP nominee, Donald Trump, tweeted"
        verbs = [t for t in follow if speech_word(t.text) and t.pos_ in {"VERB", "NOUN"}]
        if not verbs or any(t.text in {".", ";", "?", "!"} for t in follow[: verbs[0].i - follow.start]):
            return None
    elif not len(follow) or not speech_word(follow[0].text):
        return None
    return run[0].i, run[-1].i + 1


def _noun_run(tokens: Sequence[Token]) -> list[Token]:
    """The leading tokens of a noun phrase: determiners, adjectives, nouns, names, possessive
    marks and hyphens, a participle inside ("ranking"); trailing non-nouns dropped."""
    run: list[Token] = []
    for t in tokens:
        if t.pos_ in _RUN_POS or t.tag_ == "POS" or t.text == "-" or (run and t.tag_ in {"VBG", "VBN"}):
            run.append(t)
        else:
            break
    while run and run[-1].pos_ not in {"PROPN", "NOUN"}:
        run.pop()
    return run


_NAMED = frozenset({"named", "called"})
_BREAKS = frozenset({",", "(", ")", "—", "–", "“", "”", '"', "‘", "’"})  # a name phrase stops at these
_INVERTED = frozenset({"dobj", "attr", "npadvmod", "nsubj", "appos", "oprd"})


def _inverted(verb: Token, start: int, inside: object) -> Token | None:
    """The speaker after a speech verb (``verb``) the quote comes before, when the parse reads the quote as
    the verb's subject ('"...," mused co-host Stu Burguiere'): the verb's first noun phrase after it."""
    if verb.idx < start:
        return None
    after = [c for c in verb.rights if c.dep_ in _INVERTED and not inside(c)]  # type: ignore[operator]
    # a name first (the parse may split "co-host Stu Burguiere" into pieces), else a description
    return next((c for c in after if c.pos_ == "PROPN"), None) or next(
        (c for c in after if c.pos_ == "NOUN"), None
    )


def _set_off(verb: Token) -> bool:
    """A speech verb opening a stretch set off by a comma ("X, said Y, ...")."""
    return verb.i > 0 and verb.doc[verb.i - 1].text == "," and speech_word(verb.text)


def _declared(subject: Token, verb: Token) -> bool:
    """The passive subject of ``verb`` itself (no agent named): what was said of it, not who said it
    ("the fire had been declared a ...", "the plan was described as ..."); unless a verb of saying
    under it is the subject's own ("X was quoted as saying", "Y was heard telling")."""
    if subject.dep_ != "nsubjpass" or subject.head.i != verb.i:
        return False
    below = (g for c in verb.children for g in (c, *c.children) if g.i > verb.i)
    return not any(g.pos_ == "VERB" and speech_word(g.text) for g in below)


def _unsaid(verb: Token) -> bool:
    """A speech verb in the infinitive under another verb ("X was planning to announce '...'",
    "Y is expected to say"): words not yet spoken are the reporter's account of them, so a
    speaker who did speak, higher in the sentence ("an official said that ..."), wins."""
    return verb.tag_ == "VB" and verb.dep_ == "xcomp"


def _subordinate(tok: Token) -> bool:
    """Whether ``tok`` lies in an adverbial or relative clause ("when X suggested", "who X said")."""
    return any(t.dep_ in {"advcl", "relcl", "acl", "pcomp"} for t in (tok, *tok.ancestors))


def _according(doc: Doc, inside: object, quoted: Token) -> Token | None:
    """X of 'according to X' outside the quote, in the quote's own sentence (a reading may hold
    the next one: '"...?" Ada Voss asked. The shop is new, according to its website.')."""
    for t in doc:
        if t.lower_ == "according" and not inside(t) and t.sent == quoted.sent:  # type: ignore[operator]
            for to in t.children:
                if to.lower_ == "to":
                    obj = next((c for c in to.children if c.dep_ == "pobj"), None)
                    return _agent_of(obj) or obj if obj is not None and obj.pos_ == "NOUN" else obj
    return None


def _agent_of(tok: Token) -> Token | None:
    """The agent of a participle on a noun ('a court document filed by Ada Voss' -> Ada Voss)."""
    for acl in (c for c in tok.children if c.dep_ == "acl"):
        for agent in (c for c in acl.children if c.dep_ == "agent"):
            obj = next((c for c in agent.children if c.dep_ == "pobj"), None)
            if obj is not None:
                return obj
    return None


def _owner(tok: Token) -> Token | None:
    """The named owner of something said ("Ada Voss's response", "Voss's post"), else None."""
    if tok.pos_ not in {"NOUN", "PROPN"} or tok.lower_ not in SPEECH_NOUNS:
        return None
    return next((c for c in tok.children if c.dep_ == "poss" and c.pos_ == "PROPN"), None)


def _subject(verb: Token, inside: object) -> Token | None:
    """The subject (or passive agent) of ``verb`` outside the quote, climbing from a verb with
    none ("..., adding:" / "and told") to the verb it depends on."""
    node = verb
    for _ in range(4):
        kids = [c for c in node.children if not inside(c)]  # type: ignore[operator]
        # the agent of a passive is its own verb's speaker; a conjunct climbed to shares the
        # passive's subject ("X was joined by Y and joked": X joked)
        agent = next((c for c in kids if c.dep_ == "agent"), None) if node is verb else None
        if agent is not None:
            obj = next((c for c in agent.children if c.dep_ == "pobj"), None)
            if obj is not None:
                return obj
        # an adverb parsed as a subject is none ("X used to ..., but now said"): the conjunct's subject
        # of two subjects ("The crowd cheers, and then X continues:"), the one nearer the verb
        # nor is a clause ("criticising Putin would have made it ..."; a capitalised "Trump" the
        # tagger read as a verb is a name)
        subjects = [c for c in kids if c.dep_ in _SUBJECTS and c.pos_ != "ADV" and not _clausal(c)]
        subject = min(subjects, key=lambda c: abs(c.i - node.i)) if subjects else None
        if subject is not None and subject.i < node.i and _set_off(node):
            # 'That missile, said judge Ada Voss, was fired ...': the one after the verb said it
            subject = next((c for c in subjects if c.i > node.i), subject)
        if subject is not None and subject.lower_ in {"who", "whom"}:
            # 'an academic named X, who ... and who worked the crowd': the one the clause is about
            clause = next((a for a in (node, *node.ancestors) if a.dep_ == "relcl"), None)
            return clause.head if clause is not None and clause.head.pos_ in {"NOUN", "PROPN"} else None
        if subject is not None and subject.lower_ in {"which", "that"} and node.dep_ == "relcl":
            # 'X announced it in a post, which read: "..."': the author of what the clause is about
            above = next((a for a in node.head.ancestors if a.pos_ in {"VERB", "AUX"}), None)
            return _subject(above, inside) if above is not None else None
        if subject is not None:
            return (
                subject
                if subject.pos_ != "PRON" or subject.lower_ not in {"it", "there", "this", "that"}
                else None
            )
        if node.dep_ not in {"advcl", "conj", "xcomp", "ccomp"} or node.head.i == node.i:
            return None
        node = _reporter(node.head) if speech_word(verb.text) else node.head
    return None


def _clausal(tok: Token) -> bool:
    """A clause as a subject: a clausal subject, or a lowercase verb."""
    return tok.dep_ == "csubj" or (tok.pos_ in {"VERB", "AUX"} and tok.text.islower())


def _reporter(node: Token) -> Token:
    """Where a subjectless speech verb climbs to: the verb of saying that reports the clause it
    lies in, when there is one ("X said the move was made by Y and said: '...'", "X said Y must
    choose, saying '...'": X's words, not the reported clause's subject's), else ``node``."""
    above = node
    for _ in range(4):
        if speech_word(above.text):
            return node
        if above.dep_ == "ccomp" and speech_word(above.head.text):
            return above.head
        if above.dep_ not in {"advcl", "conj", "xcomp"} or above.head.i == above.i:
            return node
        above = above.head
    return node


def _phrase(tok: Token) -> str:
    """The name phrase of a subject: its left modifiers and head, no clause or apposition; a
    description's apposed name when it has one; a description's "of" phrase kept; the owner
    of something said ("Ada Voss's response")."""
    owner = _owner(tok)
    if owner is not None:
        return _phrase(owner)
    if tok.pos_ != "PROPN":
        appos = next((c for c in tok.children if c.dep_ == "appos" and c.pos_ == "PROPN"), None)
        named = next((c for c in tok.children if c.dep_ == "acl" and c.lower_ in _NAMED), None)
        called = [c for c in named.children if c.dep_ in {"oprd", "dobj"}] if named is not None else []
        if appos is None and called and called[0].pos_ == "PROPN":
            appos = called[0]  # "an academic named Eric Kingson"
        if appos is not None:
            return _phrase(appos)
    first = tok.i
    while first > tok.left_edge.i:
        prev = tok.doc[first - 1]
        if prev.dep_ not in _NAME_DEPS or prev.text in _BREAKS or not _under(prev, tok):
            break
        first -= 1
    last = tok.i
    if tok.pos_ == "NOUN":  # "the mayor of Amatrice": the description with what it is of
        of = next((c for c in tok.rights if c.dep_ == "prep" and c.lower_ in {"of", "for"}), None)
        if of is not None:
            last = max(last, of.right_edge.i)
    words = tok.doc[first : last + 1].text
    return words.strip(' ,;:-–—“”"‘’')


def _under(tok: Token, head: Token) -> bool:
    while tok.i != head.i:
        if tok.head.i == tok.i or tok.dep_ in {"appos", "relcl", "acl"}:
            return False
        tok = tok.head
    return True
