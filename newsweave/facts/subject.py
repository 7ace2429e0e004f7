"""What a figure counts, read from the words around it without a parser.

The counted noun after the figure ("320 mostly low-ranking soldiers"), or before it ("the death
toll ... rose to 12,391", "the number of people who died ... 12,000"), the event verb of its
clause ("fled", "defected"), and markers of a part of a whole ("including 1,730 in ...", "in one
shelter", "nine soldiers interviewed", "a majority of 80"). Written by hand: a dependency parse
would do better but costs a full spaCy pass per article; these rules use a small concept table.
"""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any  # spaCy tokens: this module imports spaCy only when it parses

from newsweave.facts.lexicon import UNIT_CONCEPTS, VERB_CONCEPTS, fold, word_set

# Combining marks (the vowel signs of Devanagari and other Indic scripts, Arabic harakat) are not
# ``\w`` in Python's ``re``: without them "हुई" would end at its first letter.
_MARKS = "\u0300-\u036f\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0900-\u0dff\u0e31-\u0e3a\u0e47-\u0e4e"
TOKEN = re.compile(rf"(?<![\w'’{_MARKS}])[^\W\d_][\w'’\-{_MARKS}]*|%|\$|€|£")
BOUND = re.compile(r"[;:()\[\]—–]|,\s")
_STOP = word_set(
    """
    in on at to by for from with were was are is be been being have has had will would could should
    said says say and or but than as who that which this these those its their his her our them it into
    over under after before during since until about while when where there here per what amid among
    across against despite following within without toward towards upon via behind beyond near
    through throughout because if so yet then also out up down off according
    en a y et und e na o u le la les el los las des du dans sur à ya wa kwa katika ni de
    """
)
_SKIP_ADJ = word_set(
    """
    more other additional separate individual confirmed registered total new young mostly the all
    some several just only about nearly around further estimated des d' d’ l' l’ del
    """
)
# Irregular participles: a word like these right after a figure is a verb, not what it counts.
_PARTICIPLES = word_set(
    "sold made built left fled found held lost won hit seen taken given known shown spent"
)
_NUMBER_OF = re.compile(r"\b(?:number|total|tally|count)\s+of\s+((?:[\w'’\-]+\s+){0,2}[\w'’\-]+)", re.I)
# The number of what, after the figure (Romance and German word order): "a 17 el número de
# víctimas", "à 30 le nombre de morts", "auf 159 die Zahl der Toten".
_NUMBER_OF_AFTER = re.compile(
    r"^\s*(?:el|la|le|il|lo|o|a|die|der|das|het|de)?\s*(?:número|numero|nombre|nombre|zahl|cifra|aantal|"
    r"balanç|bilan|balance|saldo)\s+(?:de|di|des|du|der|dels|do|da|del|della|van)\s+(?:las?|los|les|le|la|gli|i|die|de)?\s*"
    r"([^\W\d_][\w'’\-]*)",
    re.I,
)
_OF_THE = re.compile(
    r"^\s*(?:(?:of|de|di|von)\s+|d['’])(?:(?:the|its|their|his|her|these|those|ses|leurs|ces)\s+)?", re.I
)
_TOLL = re.compile(r"\btoll\b", re.I)
_CONJ = re.compile(r"\s(?:and|or|while|but|whereas|y|et|und|e|na)\s", re.I)
SPEECH = re.compile(
    r"\b(?:said|says|say|told|reported|reports|announced|according to|citing|confirmed|stated)\b", re.I
)
_INCLUDING = re.compile(
    r"\b(?:including|among them|among whom|among which|of whom|of them|of which|incluidos?|incluidas?|"
    r"incluyendo|entre (?:ellos|ellas|los cuales|las cuales)|dont|parmi (?:eux|elles|lesquel(?:le)?s)|"
    r"y compris|darunter|davon|unter ihnen|tra cui|tra (?:loro|questi)|di cui|inclusi|incluse|"
    r"waaronder|onder wie|entre (?:eles|elas|os quais|as quais)|incluindo)\s*$",
    re.IGNORECASE,
)
_OF_THEM = re.compile(
    r"\s+(?:of|among|de|d['’]entre|von|di)\s+(?:them|those|these|whom|ellos|ellas|eux|elles|ihnen|loro)\b",
    re.I,
)
_TOLD_IN = re.compile(SPEECH.pattern + r"(?:\s+\S+){0,3}\s+$", re.I)  # "said in an (interview)"
_MARGIN = re.compile(r"\b(?:majority|margin|lead)\s+(?:of\s+)?$", re.IGNORECASE)
_CONTAINER = re.compile(
    r"\b(?:in|at|inside|within)\s+(?:one|this|that|each|a single|the same)\s+"
    r"(?!(?:span|period|row|statement|bid|move|sign|report|interview|series|total|number|way|time|"
    r"matter|week|day|month|year|decade|hour|minute|letter|speech|video|post|tweet|message|"
    r"country|nation|region|world|vote|poll|survey|ruling|case|sense|effort|state)\b)"
    r"(?P<noun>[a-z][a-z\-]+)",
)
_SAMPLE = re.compile(r"\binterview|\bspoke (?:to|with)\b|\bspoken to\b|\bwe met\b|\bsurvey|\bpolled\b", re.I)

_LINKERS = word_set("de di da do der des del della")  # noun + "of" + noun
# "first", "last", "next" written between a figure and its noun (French, Spanish, Italian,
# Portuguese, Catalan, German): the noun after them is what is counted
_ORDINALS = word_set(
    """premier premiers première premières dernier derniers dernière dernières prochains prochaines
    primeros primeras últimos últimas próximos próximas primi prime ultimi ultime prossimi prossime
    primeiros primeiras próximos próximas primers primeres darrers darreres ersten letzten nächsten"""
)
_NOUNS_CAPITALISED = frozenset({"de", "lb"})  # German and Luxembourgish write every noun capitalised
Unit = tuple[str | None, str | None, str | None]  # surface, unit concept, implied event concept
_NONE: Unit = (None, None, None)
_HUMAN = frozenset({"left", "killed", "injured", "arrested", "rescued", "evacuated", "displaced"})


_ELIDED = re.compile(r"^(?:d|l)['’]")  # "l'", "d'" before a noun


def concept(word: str, table: Mapping[str, object]) -> str | None:
    """The table key naming ``word``: exact (short keys, plural aside) or the longest prefix."""
    w = _ELIDED.sub("", fold(word).strip("'’"))
    short, long = _index(table)
    for ending in ("", "s", "es", "d", "ed", "ing"):
        if ending == "" or w.endswith(ending):
            stem = w[: len(w) - len(ending)] if ending else w
            if stem in short:
                return stem
    for n in range(len(w), 4, -1):
        if w[:n] in long:
            return w[:n]
    return None


_INDEXES: dict[int, tuple[frozenset[str], frozenset[str]]] = {}


def _index(table: Mapping[str, object]) -> tuple[frozenset[str], frozenset[str]]:
    """Short keys (whole words) and long keys (prefixes) of a concept table, computed once."""
    key = id(table)
    if key not in _INDEXES:
        short = frozenset(k for k in table if len(k) <= 4)
        _INDEXES[key] = (short, frozenset(table) - short)
    return _INDEXES[key]


def _is_verb_form(low: str) -> bool:
    return low in _PARTICIPLES or (low.endswith("ed") and len(low) > 4)


@lru_cache(maxsize=32)
def stop_words(lang: str) -> frozenset[str]:
    """The function words of ``lang``: spaCy's curated stop lists (~70 languages; none otherwise),
    read from their files alone, because importing ``spacy.lang.<lang>`` builds a whole language
    class (~0.5 s each) and each list is a plain ``STOP_WORDS = set(...)`` with no imports."""
    spec = importlib.util.find_spec("spacy")
    folders = list(spec.submodule_search_locations or []) if spec else []
    path = next((p for f in folders if (p := Path(f, "lang", lang, "stop_words.py")).is_file()), None)
    if not lang.isalpha() or path is None:
        return frozenset()
    spec = importlib.util.spec_from_file_location(f"_newsweave_stop_words_{lang}", path)
    if spec is None or spec.loader is None:
        return frozenset()
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return frozenset(getattr(module, "STOP_WORDS", ()))


def content_word(word: str, lang: str) -> bool:
    """A word that can name what is counted: four letters or more, not a function word of ``lang``."""
    return len(word) >= 4 and word.lower() not in stop_words(lang) and word.lower() not in _STOP


def _with_complement(tokens: list[str], lang: str) -> str:
    """A short counted noun with the content word it is "of" ("40 cas de noyade", "12 ans de
    prison"): three letters alone name little to a reader, the complement says what was counted."""
    head = tokens[0].lower()
    if len(head) >= 4 or len(tokens) < 2:
        return head
    second = tokens[1].lower()
    if second.startswith(("d'", "d’")) and content_word(second[2:], lang):
        return f"{head} {second}"
    if second in _LINKERS and len(tokens) > 2 and content_word(tokens[2], lang):
        return f"{head} {second} {tokens[2].lower()}"
    return head


# one to three capitalised words right after an English figure, the last a plural ("Owls", not
# "Boss" or "Orlen's"), then a function word, a comma or the sentence's end: not a title-case headline
_NAMED_PLURAL = re.compile(
    r"\s+((?:[A-Z][a-z]+\s+){0,2}([A-Z][a-z]+[^s's]s))(?=\s*(?:[,.;:!?]|$|\s(?:and|or|have|has|had|were|are|was|is|who|from|in)\b))"
)


def unit_after(right: str, lang: str = "en") -> Unit:
    """The noun a figure counts when it follows the figure. The concept table knows the usual
    nouns of every language; beyond it, English reads on over adjectives, while another language
    takes only a content word right after the figure (its grammar is not known here)."""
    number_of = _NUMBER_OF_AFTER.match(right)  # "elevó a 17 el número de víctimas mortales"
    c = concept(number_of.group(1), UNIT_CONCEPTS) if number_of else None
    if number_of and c is not None:
        return number_of.group(1).lower(), *UNIT_CONCEPTS[c]
    right = _OF_THE.sub(" ", right, count=1)  # "2.5 million of the devices", "2,5 millions de modèles"
    tokens = TOKEN.findall(right)[:6]
    # "4.5 on the Richter scale"; a scale word ending the window is the next figure's ("12 in a magnitude 6")
    scale = _scale_word(tokens[:-1], lang)
    if scale is not None:
        return scale, "magnitude", None
    if lang != "en":
        if tokens and tokens[0].lower() in _ORDINALS:  # "les 48 premières heures": the hours are counted
            right, tokens = right.lstrip()[len(tokens[0]) :], tokens[1:]
        c = concept(tokens[0], UNIT_CONCEPTS) if tokens else None
        if c is not None:
            return _with_complement(tokens, lang), *UNIT_CONCEPTS[c]
        # "six membres d'équipage", "15 miembros de la tripulación": the concept after a linker
        second = tokens[1].lower() if len(tokens) > 1 else ""
        if second in _LINKERS or second.startswith(("d'", "d’")):
            linked = [t for t in tokens[1:4] if t.lower() not in stop_words(lang) | _LINKERS]
            c = concept(linked[0], UNIT_CONCEPTS) if linked else None
            if c is not None:
                return re.sub(r"^[dl]['’]", "", linked[0].lower()), *UNIT_CONCEPTS[c]
        elided = re.sub(r"^[^\W\d_]{1,3}['’]", "", tokens[0]) if tokens else ""  # "qu'il" is "il"
        adjacent = tokens and right.lstrip().startswith(tokens[0]) and content_word(elided, lang)
        if not adjacent or (tokens[0][:1].isupper() and lang not in _NOUNS_CAPITALISED):
            return _NONE
        return tokens[0].lower(), fold(tokens[0]).rstrip("s"), None
    named: list[str] = []
    for i, tok in enumerate(tokens):
        low = tok.lower()
        if low == "per" and i + 1 < len(tokens) and tokens[i + 1].lower() == "cent":
            return "percent", "%", None
        c = concept(tok, UNIT_CONCEPTS)
        proper_name = tok[:1].isupper() and i + 1 < len(tokens) and tokens[i + 1][:1].isupper()
        if c is not None and not proper_name:
            unit, verb = UNIT_CONCEPTS[c]
            state = concept(tokens[i + 1], UNIT_CONCEPTS) if verb is None and i + 1 < len(tokens) else None
            if state is not None and UNIT_CONCEPTS[state][0] == unit:  # "leaving 1,457 people dead"
                verb = UNIT_CONCEPTS[state][1]
            return low, unit, verb
        if low in _STOP or _is_verb_form(low):
            break
        verb = None if tok[:1].isupper() else concept(tok, VERB_CONCEPTS)
        if verb is not None:  # "1,200 flee": the event's verb; who does it is implied
            return ("people", "people", VERB_CONCEPTS[verb]) if VERB_CONCEPTS[verb] in _HUMAN else _NONE
        if low.endswith(("'s", "’s")):  # "two of the dam's floodgates": the owner, not what is counted
            continue
        if tok[:1].isupper():
            named.append(tok)
            continue
        if "-" in tok or low.endswith("ly") or low in _SKIP_ADJ:
            continue
        nxt = tokens[i + 1].lower() if i + 1 < len(tokens) else ""
        if nxt and nxt not in _STOP and nxt.endswith("s") and not low.endswith("s") and nxt.isalpha():
            return f"{low} {nxt}", fold(nxt).rstrip("s"), None
        after = tokens[i + 2].lower() if i + 2 < len(tokens) else ""
        if (  # "16 high school students": a modifier and a noun before the plural counted
            after.endswith("s") and after.isalpha() and after not in _STOP and nxt.isalpha()
            and nxt not in _STOP and not _is_verb_form(nxt) and not (low + nxt).endswith("s")
            and not low.endswith("s")
        ):
            return f"{low} {nxt} {after}", fold(after).rstrip("s"), None
        return low, fold(low).rstrip("s") if len(low) > 3 else fold(low), None
    product = re.match(r"^\s*((?:[A-Z][\w'’\-]*\s+)*[A-Z][\w'’\-]*\s*\d+\w*)", right)
    if named and product:  # "2.5 million Galaxy Note 7s": a count of a named product counts its units
        return " ".join(product.group(1).split()), "units", None
    group = _NAMED_PLURAL.match(right)
    if group:  # "the 12 Orlen Owls and their coach": a plural name right after the figure is what it counts
        return group.group(1), fold(group.group(2)).rstrip("s"), None
    return None, None, None


def _scale_word(words: list[str], lang: str) -> str | None:
    """The magnitude word among the first of ``words`` with only function words before it: "magnitude
    of at least 6.0", "Stärke von mehr als 6" (read from the figure outwards), "4.5 on the Richter scale"."""
    for word in words[:5]:
        low = _ELIDED.sub("", word.lower()).strip("-")
        c = concept(low, UNIT_CONCEPTS)
        if c is not None and UNIT_CONCEPTS[c][0] == "magnitude":
            return low
        if low not in _STOP and low not in stop_words(lang):
            return None
    return None


def unit_before(left: str, lang: str = "en") -> Unit:
    """'The death toll ... rose to', 'the number of people who died ... has passed'."""
    last = list(_NUMBER_OF.finditer(left))
    if last:
        m = last[-1]
        for tok in TOKEN.findall(m.group(1)):
            c = concept(tok, UNIT_CONCEPTS)
            if c is not None:
                return tok.lower(), *UNIT_CONCEPTS[c]
    tokens = TOKEN.findall(left)
    scale = _scale_word(tokens[::-1], lang)  # "magnitude 7.8", "Stärke 4,5"
    if scale is not None:
        return scale, "magnitude", None
    for tok in reversed(tokens[-16:]):
        c = concept(tok, UNIT_CONCEPTS)
        if c is not None and UNIT_CONCEPTS[c][1] is not None:
            unit, verb = UNIT_CONCEPTS[c]
            return ("deaths" if verb == "killed" else tok.lower()), unit, verb
    if _TOLL.search(left):
        return "deaths", "people", "killed"
    return None, None, None


def event_verb(
    left: str, right: str, unit: str | None = None, lang: str = "en"
) -> tuple[str | None, str | None]:
    """The event verb of the figure's clause: one governing it ("will replace all 2.5 million"),
    else the words after the figure first; never the counted noun itself ("31 reports"), never a
    function word of the article's language (German "die" is no English "die")."""
    stop = stop_words(lang) if lang != "en" else frozenset()
    before = [t for t in reversed(TOKEN.findall(left)[-8:]) if t.lower() not in stop]
    after = [t for t in TOKEN.findall(right)[:8] if t.lower() not in stop]
    if unit and after and after[0].lower() == unit.split()[0]:
        after = after[1:]
    for tok in before[:3] + after + before[3:]:
        c = None if tok.endswith("ly") else concept(tok, VERB_CONCEPTS)
        if c is not None:
            return tok.lower(), VERB_CONCEPTS[c]
    return None, None


def window(s: str, start: int, end: int, prev_end: int | None, next_start: int | None) -> tuple[str, str]:
    """The figure's clause: left and right of it, cut at punctuation, at the figures around it and
    at the conjunction that joins them ("12,391 people had died in Turkey and 2,992 in Syria")."""
    lo = prev_end or 0
    lo = max([lo] + [m.end() for m in BOUND.finditer(s, lo, start)])
    hi = next_start if next_start is not None else len(s)
    nb = BOUND.search(s, end, hi)
    hi = nb.start() if nb else hi
    left, right = s[lo:start], s[end:hi]
    if prev_end is not None:
        conj = list(_CONJ.finditer(left))
        left = left[conj[-1].end() :] if conj else left
    if next_start is not None and nb is None:
        conj = list(_CONJ.finditer(right))
        right = right[: conj[-1].start()] if conj else right
    speech = list(SPEECH.finditer(left))
    if speech:  # "Samsung says it received 35 reports": the source is not the subject
        left = left[speech[-1].end() :]
    return left, right


def _samples(m: re.Match[str], sentence: str, start: int, end: int | None) -> bool:
    """Whether a sample marker makes the figure a count of those asked ("In interviews with the
    Ledger, nine soldiers said", "12 residents interviewed"): not a name's word ("the Geological
    Survey said the quake measured 7.8"), nor an interview the figure was told in ("said in an
    interview that 150 died", "In an interview, the mayor said 80 died": a speech verb between)."""
    if m.group()[:1].isupper() and sentence[: m.start()].strip():
        return False
    if _TOLD_IN.search(sentence, 0, m.start()):
        return False
    lo, hi = (m.end(), start) if m.start() < start else (end if end is not None else start, m.start())
    return SPEECH.search(sentence, lo, hi) is None


def part_of_whole(sentence: str, start: int, end: int | None = None) -> str | None:
    """Why a figure counts only part of a whole, if it does."""
    before = sentence[max(0, start - 30) : start]
    if _INCLUDING.search(before):
        return "including"
    if end is not None and _OF_THEM.match(sentence, end):  # "Five of those 79 people", "three of them"
        return "of them"
    if _MARGIN.search(before):
        return "margin"
    if any(_samples(m, sentence, start, end) for m in _SAMPLE.finditer(sentence)):
        return "sample"
    cm = _CONTAINER.search(sentence)
    return f"in one {cm.group('noun')}" if cm else None


_PARSED = ("tok2vec", "tagger", "parser", "attribute_ruler")  # the quote parser's pipes: one model
_NOMINAL = frozenset({"NOUN", "PROPN"})
_SHARE_WORDS = frozenset({"percent", "%", "cent", "percentage", "share"})
_MEASURED: dict[tuple[str, int], str | None] = {}  # (sentence, figure start) -> what it measures
_MEASURED_SIZE = 4096


_OF_WHOLE = re.compile(
    r"\s*(?:%|per\s?cent|percent)?\s+of\s+((?:the|their|its|his|her|our|this|that|these|those)\s+)?"
)
_OF_WORD = re.compile(r"[^\W\d_][\w'’\-]*")


def whole_of(right: str) -> str | None:
    """The whole an English percentage is a share of, read from the words after it: "42 percent
    of American adults favored" -> "of American adults" (up to two words, to a function word,
    punctuation or a number), so that most percentages need no parse."""
    m = _OF_WHOLE.match(right)
    if m is None:
        return None
    words: list[str] = []
    rest = right[m.end() :]
    while len(words) < 2 and (w := _OF_WORD.match(rest)) and w.group(0).lower() not in stop_words("en"):
        words.append(w.group(0))
        rest = rest[w.end() :]
        if not rest.startswith(" "):
            break
        rest = rest[1:]
    return f"of {m.group(1) or ''}{' '.join(words)}" if words else None


def measured(asks: Sequence[tuple[str, int]]) -> list[str | None]:
    """What each English percentage (a sentence and the figure's start) measures when no noun or
    verb beside it says, from the sentence's dependency parse: the noun of "percent of the vote",
    the subject of the verb it measures ("The pound fell 10 percent"), or the noun a clause
    holding it modifies ("hyperinflation expected to reach 10 million percent"). One parser batch
    on one BLAS thread (a lone call costs ten times a batched sentence here); cached."""
    todo = list(dict.fromkeys(a for a in asks if a not in _MEASURED))
    if todo:
        from threadpoolctl import threadpool_limits

        from newsweave.nlp.models import load_spacy

        with threadpool_limits(1):
            docs = list(load_spacy(_PARSED).pipe([text for text, _ in todo], batch_size=256))
        for doc, ask in zip(docs, todo, strict=True):
            _MEASURED[ask] = _measured(doc, ask[1])
        while len(_MEASURED) > _MEASURED_SIZE:
            del _MEASURED[next(iter(_MEASURED))]
    return [_MEASURED.get(a) for a in asks]


def _measured(doc: Any, start: int) -> str | None:
    fig = next((t for t in doc if t.idx >= start), None)
    if fig is None:
        return None
    own = {t.i for t in fig.head.subtree} if fig.head.i != fig.i else {fig.i}  # "93.8 percent"

    def name(tok: Any) -> str | None:  # a noun, not the figure's own nor another share's unit
        ok = tok.pos_ in _NOMINAL and tok.i not in own and tok.lower_ not in _SHARE_WORDS and tok.is_alpha
        return _phrase(tok) if ok else None

    unit = next((t for t in fig.head.children if t.dep_ == "prep" and t.lower_ == "of"), None)
    if fig.head.i != fig.i and unit is not None:  # "52 percent of the vote"
        noun = next((t for t in unit.children if t.dep_ == "pobj"), None)
        if noun is not None and (what := name(noun)):
            return what
    cur = fig
    for _ in range(6):
        head = cur.head
        if head.i == cur.i or SPEECH.fullmatch(head.lower_):  # "Hodler said 5 percent...": not Hodler
            return None
        if head.pos_ in ("VERB", "AUX"):
            kids = list(head.children)
            if cur.dep_ == "prep":  # "cut emissions by 25 percent": the emissions
                obj = next((what for t in kids if t.dep_ == "dobj" and (what := name(t))), None)
                if obj:
                    return obj
            subj = next((what for t in kids if t.dep_ in ("nsubj", "nsubjpass") and (what := name(t))), None)
            if subj:
                return subj
        elif head.pos_ in _NOMINAL and cur.dep_ in ("acl", "relcl") and head.i < cur.i:
            return name(head)
        cur = head
    return None


def _phrase(tok: Any) -> str:
    """The noun with its compound modifiers ("share price"), lower-cased unless a name."""
    words = [t for t in tok.lefts if t.dep_ == "compound" and t.is_alpha and t.lower_ not in _SHARE_WORDS]
    words.append(tok)
    return " ".join(t.text if t.pos_ == "PROPN" else t.lower_ for t in words)
