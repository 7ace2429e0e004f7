"""Named entities merged across spellings, titles and articles.

spaCy tags the mentions (English originals only; copies and other languages are searched for the
surface forms found there). Merging is written here because no library merges "Mr Maduro",
"President Maduro", "Nicolás Maduro" and a bare "Maduro" tagged ORG while keeping two people who
share a surname apart: keys fold case and accents and drop titles, then shorter keys join the one
longer key they are a surname, prefix, subsequence, abbreviation or acronym of.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from newsweave.facts.lexicon import PLACE_NAMES, TITLE_LINKS, TITLES, fold, word_set
from newsweave.facts.spelling import skeleton, variant
from newsweave.records import Entity

KEEP = frozenset({"PERSON", "ORG", "GPE", "LOC", "NORP", "FAC", "EVENT", "PRODUCT", "WORK_OF_ART", "LAW"})
PLACE_LABELS = frozenset({"GPE", "LOC", "FAC", "ORG", "NORP"})
_FAMILY = {
    "PERSON": "person",
    "GPE": "place",
    "LOC": "place",
    "FAC": "site",
    "ORG": "org",
    "NORP": "org",
    "PRODUCT": "org",
    "EVENT": "org",
    "WORK_OF_ART": "org",
    "LAW": "org",
}
_STOP = frozenset({"of", "the", "and", "for", "de", "la", "le", "del"})
_WORDS_BEFORE = re.compile(r"((?:[\w.\-’']+[ \t]+){1,6})$")
POSSESSIVE_END = re.compile(r"(?:['’]s?)$")  # "Voss's", "Hughes'"


@dataclass(frozen=True, slots=True)
class Mention:
    text: str  # as written, titles included ("Mr Maduro")
    label: str
    start: int
    end: int


def _is_title(word: str) -> bool:
    return fold(word.rstrip(".")) in TITLES


OWNER_WORDS = 2  # words that may name whose title it is ("Lufthansa Vice President", "Haltern Mayor")


def _owner_words(words: list[str]) -> int:
    """How many leading words name the owner of the title that follows them, when a full name of
    two or more capitalised words comes after the titles: 'Lufthansa' in 'Lufthansa Vice
    President Heike Birlenbach', 'Germany's' in 'Germany's Chancellor Angela Merkel'."""
    if not words or _is_title(words[0]):
        return 0
    for t in range(1, min(OWNER_WORDS, len(words) - 1) + 1):
        if not _is_title(words[t]):
            continue
        rest = t
        while rest < len(words) and (_is_title(words[rest]) or fold(words[rest]) in TITLE_LINKS):
            rest += 1
        name = words[rest:]
        return t if len(name) >= 2 and all(w[:1].isupper() for w in name) else 0
    return 0


def strip_titles(name: str) -> str:
    """'US Secretary of State Mike Pompeo' -> 'Mike Pompeo'; 'Sgt. Jorge Torres' -> 'Jorge Torres'."""
    words = name.split()
    i = _owner_words(words)
    while i < len(words) - 1:
        w = fold(words[i].rstrip("."))
        nxt_title = i + 1 < len(words) and _is_title(words[i + 1])
        if w in TITLES or (w in TITLE_LINKS or words[i].isupper()) and nxt_title:
            i += 1
            # "Secretary of State Mike Pompeo", "Minister of the Interior Bernard Cazeneuve"
            the = int(i + 1 < len(words) and words[i] == "of" and words[i + 1] == "the")
            named = i + 2 + the < len(words) and words[i + 1 + the][:1].isupper()
            if w in TITLES and words[i] == "of" and named:
                i += 2 + the
            continue
        break
    if 0 < i < len(words) and words[i] in ("of", "the"):
        i = 0  # titles and no name after them ("Minister of the Interior"): the whole is the name
    core = " ".join(words[i:])
    if core.lower().startswith("the ") and len(core.split()) > 1:
        core = core[4:]
    return POSSESSIVE_END.sub("", core).strip(" ,.")


_TITLE_WORDS = re.compile(r"[\w.\-’']+")


_RUN_CHARS = frozenset("_.-’' \t")  # besides letters and digits, what ``_WORDS_BEFORE`` spans


def _run_start(text: str, low: int, end: int) -> int:
    """Where the run of characters ``_WORDS_BEFORE`` can match ends at ``end`` (before a final
    newline, as ``$`` matches there too) begins, not before ``low``: its search starts there
    instead of trying every position of the window (the same match, found several times faster)."""
    pos = end - 1 if end > low and text[end - 1] == "\n" else end
    while pos > low and (text[pos - 1].isalnum() or text[pos - 1] in _RUN_CHARS):
        pos -= 1
    return pos


def title_start(text: str, start: int) -> int:
    """Where a name's written titles begin: 'Sgt. Jorge Torres' starts at 'Sgt.', not 'Jorge'."""
    m = _WORDS_BEFORE.search(text, _run_start(text, max(0, start - 60), start), start)
    if not m:
        return start
    words = list(_TITLE_WORDS.finditer(m.group(1)))
    begin = start
    titled = False
    pending = 0  # link words ("of") seen before a title is: kept only if a title follows
    for w in reversed(words):
        word = w.group()
        if word[:1].isupper() and _is_title(word):
            titled, pending = True, 0
        elif titled and word.isupper() and len(word) <= 4:  # "US Secretary of State"
            pass
        elif fold(word) in TITLE_LINKS and pending < 2:
            pending += 1
            continue
        else:
            break
        begin = m.start(1) + w.start()
    while begin < start and fold(text[begin:start].split()[0]) in TITLE_LINKS - {"us", "uk", "un", "u.s."}:
        begin += len(text[begin:start].split()[0]) + 1
        begin += len(text[begin:start]) - len(text[begin:start].lstrip())
    return begin


# Articles per spaCy NER batch. A batch of whole articles is one big array through the model's
# layers: on 480 real scraped articles tagged 60 to a call (as briefing tasks call it), one core,
# batches of 60 took 11.4-11.8 CPU s, of 32 8.9-9.2 s, of 16 or 8 about the same; the same entities.
NER_BATCH = 32


def tag(texts: Sequence[str]) -> list[list[Mention]]:
    """spaCy NER over ``texts`` in one batched pass (the default tagger; any other may be passed)."""
    from newsweave.nlp.models import load_spacy

    nlp = load_spacy(("ner",))
    return [
        [Mention(e.text, e.label_, e.start_char, e.end_char) for e in doc.ents]
        for doc in nlp.pipe(texts, batch_size=NER_BATCH)
    ]


def refine(text: str, raw: Sequence[Mention]) -> list[Mention]:
    """A tagger's mentions as written: titles included ("Sgt. Jorge Torres"), an ORG cut short
    completed, "Floyd and Chauvin" split, and titled names the tagger missed or mislabelled added."""
    found: list[Mention] = []
    for ent in raw:
        if ent.label not in KEEP or not any(c.isalpha() for c in ent.text):
            continue
        start = title_start(text, ent.start) if ent.label in {"PERSON", "ORG"} else ent.start
        end = ent.end
        if ent.label == "ORG":  # NER often stops short: "Disaster and Emergency Management [Presidency]"
            more = _CAPITALISED_AFTER.match(text, end)
            end = more.end() if more else end
        if ent.label in {"PERSON", "ORG"} and _credit(text, start, end):  # not "MOSCOW/KYIV -", a dateline
            continue
        if _SCORE_END.search(text, start, end):  # "Orlen 4-2": a score line, no name
            continue
        for s, e in _split_pair(text, start, end, ent.label) if "\n" not in text[start:end] else ():
            found.extend(_mention(text, s, e, ent.label))
    return _titled_names(text, found)


_SCORE_END = re.compile(r"\s\d+[-–]\d+$")
_SLASH_AFTER = re.compile(r"[ \t]?/")
_SLASH_BEFORE = re.compile(r"/[ \t]?$")


def _credit(text: str, start: int, end: int) -> bool:
    """A name joined to another by a slash is a photo or wire credit ("Jo Lee/AP", "AP Photo/Jo
    Lee", "Photo/Agencies", "AFP / Reuters"): who took the picture, not who is in the news."""
    return (
        "/" in text[start:end]
        or _SLASH_AFTER.match(text, end) is not None
        or _SLASH_BEFORE.search(text, max(0, start - 2), start) is not None
    )


_OWNER = re.compile(r"['’]s?\s+([\w\-]+)")
_COUNTED_OWNED = word_set("death deaths toll casualty casualties injury people population")
_TITLED = re.compile(r"\b([A-Z][a-z]+\.?)((?:[ \t]+[A-Z][\w’'\-]+){1,3})")


def _titled_names(text: str, found: list[Mention]) -> list[Mention]:
    """Names after a title that NER missed ("President Donald Trump") are people too."""
    extra = []
    for m in _TITLED.finditer(text):
        if not _is_title(m.group(1)) or any(_is_title(w) for w in m.group(2).split()):
            continue
        overlap = [f for f in found if f.start < m.end() and m.start() < f.end]
        if any(f.label == "PERSON" for f in overlap):
            continue
        # A title says "person" louder than the model: "Mr Halden" tagged GPE is a man.
        found = [f for f in found if f not in overlap]
        name_at = m.end() - len(m.group(2).lstrip())
        extra.extend(_mention(text, title_start(text, name_at), m.end(), "PERSON"))
    return sorted(found + extra, key=lambda x: x.start)


_CAPITALISED_AFTER = re.compile(r"(?:[ \t]+[A-Z][a-z]+)+(?=[ \t]*[)(,.;:]|[ \t]+[a-z])")


_AND = re.compile(r"\s+(?:and|&)\s+")


def _split_pair(text: str, start: int, end: int, label: str) -> list[tuple[int, int]]:
    """'Floyd and Chauvin' tagged as one PERSON is two people."""
    m = _AND.search(text[start:end])
    if label != "PERSON" or not m:
        return [(start, end)]
    return [(start, start + m.start()), (start + m.end(), end)]


_OWNER_S = re.compile(r"['’]s\s")
_LEAD_ARTICLE = re.compile(r"(?:the|a|an)\s+", re.IGNORECASE)


def _mention(text: str, start: int, end: int, label: str) -> list[Mention]:
    inner = _OWNER_S.search(text[start:end])
    if inner:  # "Boris Johnson's Conservatives": the name is the owner's
        end = start + inner.start()
    surface = POSSESSIVE_END.sub("", text[start:end]).rstrip(" ,.")
    lead = _LEAD_ARTICLE.match(surface)
    if lead:
        start, surface = start + lead.end(), surface[lead.end() :]
    if not surface or all(_is_title(w) for w in surface.split()):
        return []
    return [Mention(surface, label, start, start + len(surface))]


_DECADE = re.compile(r"\d+s")  # "1990s"
_KEY_WORDS = re.compile(r"[\w&]+")


def _key(surface: str, person_tokens: set[str] | frozenset[str] | None = frozenset()) -> tuple[str, ...]:
    """Folded words of a name without titles; plurals singular unless a person's name (None: never)."""
    core = fold(strip_titles(surface)).replace("-", " ").replace(".", "")
    tokens = [t[:-1] if _DECADE.fullmatch(t) else t for t in _KEY_WORDS.findall(core)]
    if len(tokens) > 1 and tokens[-1] == "party":
        tokens = tokens[:-1]
    tokens = list(PLACE_NAMES.get(" ".join(tokens), " ".join(tokens)).split())
    if person_tokens is not None and tokens and tokens[-1] not in person_tokens and len(tokens[-1]) > 3:
        last = tokens[-1]
        if last.endswith("ies"):
            tokens[-1] = last[:-3] + "y"
        elif last.endswith("s") and not last.endswith("ss"):
            tokens[-1] = last[:-1]
    return tuple(tokens)


@dataclass
class _Group:
    mentions: list[tuple[str, Mention]] = field(default_factory=list)  # (article id, mention)


class EntityIndex:
    """The merged entities of one event, and where each surface form points."""

    def __init__(self, mentions: dict[str, list[Mention]], texts: dict[str, str]) -> None:
        mentions = {aid: [m for m in ms if m.label in KEEP] for aid, ms in mentions.items()}
        person_tokens = {
            t for ms in mentions.values() for m in ms if m.label == "PERSON" for t in _key(m.text, None)[-1:]
        }
        self._person_tokens = person_tokens
        self._keys: dict[str, tuple[str, ...]] = {}
        labels: dict[tuple[str, ...], Counter[str]] = defaultdict(Counter)
        self._acronyms: set[tuple[str, ...]] = set()  # keys written in capitals ("EU", "AP")
        for ms in mentions.values():
            for m in ms:
                k = self._key(m.text)
                if k:  # a titled mention ("Mr Halden") outweighs the model's guesses
                    labels[k][m.label] += 3 if m.label == "PERSON" and strip_titles(m.text) != m.text else 1
                if len(k) == 1 and len(m.text) >= 2 and m.text.isalpha() and m.text.isupper():
                    self._acronyms.add(k)
        self._label = {k: c.most_common(1)[0][0] for k, c in labels.items()}
        self._parent: dict[tuple[str, ...], tuple[str, ...]] = {k: k for k in labels}
        self._ambiguous: dict[tuple[str, ...], list[tuple[str, ...]]] = {}
        self._merge(mentions, texts)
        groups: dict[tuple[str, ...], _Group] = defaultdict(_Group)
        for aid, ms in mentions.items():
            keys = [self._key(m.text) for m in ms]
            present = {self._find(k) for k in keys if k}
            for m, k in zip(ms, keys, strict=True):
                if not k:
                    continue
                here = {self._find(c) for c in self._ambiguous.get(k, ())} & present
                groups[here.pop() if len(here) == 1 else self._find(k)].mentions.append((aid, m))
        self.entities: list[Entity] = []
        index_of: dict[tuple[str, ...], int] = {}
        for root, group in groups.items():
            index_of[root] = len(self.entities)
            self.entities.append(self._entity(group, texts))
        self._by_key = {k: index_of[self._find(k)] for k in labels if self._find(k) in index_of}
        self._alias_re = self._compile()
        self._found: dict[str, tuple[Mention, ...]] = {}  # find's answers, per text
        self._variant_re = self._compile_variants()

    def _key(self, surface: str) -> tuple[str, ...]:
        """``_key`` with this event's person tokens, remembered (names recur in every sentence)."""
        k = self._keys.get(surface)
        if k is None:
            k = self._keys[surface] = _key(surface, self._person_tokens)
        return k

    # -- union-find -------------------------------------------------------------------------
    def _find(self, k: tuple[str, ...]) -> tuple[str, ...]:
        while self._parent[k] != k:
            self._parent[k] = self._parent[self._parent[k]]
            k = self._parent[k]
        return k

    def _union(self, a: tuple[str, ...], b: tuple[str, ...]) -> None:
        ra, rb = self._find(a), self._find(b)
        if ra != rb:
            # The longer key names the group.
            if len(rb) > len(ra):
                ra, rb = rb, ra
            self._parent[rb] = ra

    def _compatible(self, short: tuple[str, ...], long: tuple[str, ...], loose: bool = False) -> bool:
        fs, fl = _FAMILY[self._label[short]], _FAMILY[self._label[long]]
        if fs == fl or {fs, fl} <= {"org", "site"}:
            return True
        if loose and {fs, fl} <= {"org", "person"}:
            return True  # an abbreviation ("Lib Dems") tagged PERSON
        return fl == "person" and fs == "org"  # spaCy tags bare surnames as ORG

    def _join_unique(
        self, short: tuple[str, ...], candidates: Iterable[tuple[str, ...]], loose: bool = False
    ) -> None:
        """Join ``short`` to the one group its candidates point at; an ambiguous short name stays apart.

        Not people: a group with the same tag wins, else the closest (fewest added words).
        """
        cands = [c for c in candidates if c != short and self._compatible(short, c, loose)]
        if self._label[short] != "PERSON" and cands:
            same = [c for c in cands if self._label[c] == self._label[short]]
            cands = same or cands
            shortest = min(len(c) for c in cands)  # "Samsung": Samsung Electronics, not Samsung Galaxy Note7
            cands = [c for c in cands if len(c) == shortest]
        roots = {self._find(c) for c in cands}
        if len(roots) == 1:
            self._union(roots.pop(), short)
        elif len(roots) > 1 and len(short) == 1:
            self._ambiguous[short] = cands  # "Floyd": George or Philonise, article by article

    def _merge(self, mentions: dict[str, list[Mention]], texts: dict[str, str]) -> None:
        keys = sorted(self._label, key=len, reverse=True)
        by_first: dict[str, list[tuple[str, ...]]] = defaultdict(list)
        by_last: dict[str, list[tuple[str, ...]]] = defaultdict(list)
        by_initials: dict[str, list[tuple[str, ...]]] = defaultdict(list)
        by_letter: dict[str, list[tuple[str, ...]]] = defaultdict(list)
        for k in keys:
            if len(k) > 1:
                by_letter[k[0][0]].append(k)
                by_first[k[0]].append(k)
                by_last[k[-1]].append(k)
                initials = "".join(t[0] for t in k if t not in _STOP)
                by_initials[initials].append(k)
                by_initials[initials + "p"].append(k)  # "SNP": Scottish National (Party, dropped from keys)
        for aid, ms in mentions.items():  # "AFAD (Disaster and Emergency Management Presidency)"
            for a, b in zip(ms, ms[1:], strict=False):
                if re.fullmatch(r"\s*\(\s*", texts.get(aid, "")[a.end : b.start]):
                    ka, kb = self._key(a.text), self._key(b.text)
                    if ka and kb and ka != kb and (len(ka) == 1 or len(kb) == 1):
                        # the same kind of thing: a dateline's "Montabaur, Germany (AP)" is not
                        # Germany's acronym
                        short, long = (ka, kb) if len(ka) <= len(kb) else (kb, ka)
                        if self._compatible(short, long):
                            self._union(ka, kb)
        for k in keys:
            if len(k) > 1:
                longer = [
                    c for c in by_first[k[0]] + by_last[k[-1]] if len(c) > len(k) and _subsequence(k, c)
                ]
                self._join_unique(k, longer)
                abbreviated = [c for c in by_letter[k[0][0]] if len(c) == len(k) and _abbreviates(k, c)]
                for c in [c for c in abbreviated if _abbreviates(c, k)]:  # "Lib Dem" and "Lib Dems"
                    self._union(c, k)
                self._join_unique(k, [c for c in abbreviated if not _abbreviates(c, k)], loose=True)
        self._join_spellings(keys)
        for k in keys:
            if len(k) != 1 or self._label[k] == "NORP" and not k[0].endswith("s"):
                continue  # "Thai" is an adjective of BBC Thai and of the Thai Navy, not their name
            cands = [c for c in by_last[k[0]] if self._label[c] == "PERSON" or self._label[k] != "PERSON"]
            cands += [c for c in by_first[k[0]] if _FAMILY[self._label[c]] in {"org", "site"}]
            spelled = by_initials.get(k[0], []) if len(k[0]) >= 2 else []
            if spelled and (not cands or k in self._acronyms):  # "EU": European Union, not "Leave EU"
                cands = spelled
            self._join_unique(k, cands)
        for k in sorted(self._acronyms):  # "VW" (and "VW Group"): the parts of one word, Volkswagen
            cands = [c for c in self._compounds(k[0], mentions) if self._compatible(k, c)]
            roots = {self._find(c) for c in cands if self._label[c] != "PERSON"}
            if len(roots) == 1 and self._label[k] != "PERSON":
                self._union(roots.pop(), k)

    def _compounds(self, acronym: str, mentions: dict[str, list[Mention]]) -> list[tuple[str, ...]]:
        """One-word names an acronym of 2-4 capitals abbreviates from within ("VW": Volkswagen):
        the same first letter, the other letters in order further in, the name at least three times
        as long, and named in an article that writes the acronym."""
        if not 2 <= len(acronym) <= 4:
            return []
        # each further capital begins a part of at least three letters ("Volks|wagen"), so a
        # plain word that merely holds the letters ("Alpine" for "AP") does not match
        shape = re.compile(acronym[0] + "".join(f"[a-z]{{2,}}{c}" for c in acronym[1:]) + "[a-z]*")
        out: set[tuple[str, ...]] = set()
        for ms in mentions.values():
            keys = {self._key(m.text) for m in ms}
            if (acronym,) in keys:
                long = [c for c in keys if len(c) == 1 and len(c[0]) >= 3 * len(acronym)]
                out.update(c for c in long if shape.fullmatch(c[0]))
        return sorted(out)

    def _join_spellings(self, keys: Sequence[tuple[str, ...]]) -> None:
        """Two spellings of one name ("Dharhara"/"Dharahara Tower", "Zelensky"/"Zelenskyy",
        "Mohammed"/"Muhammad"): same length, same family, every word the same or a variant."""
        by_shape: dict[tuple[str, ...], list[tuple[str, ...]]] = defaultdict(list)
        for k in keys:
            by_shape[tuple(map(skeleton, k))].append(k)
        for same in by_shape.values():
            for n, a in enumerate(same):
                for b in same[n + 1 :]:
                    fa, fb = _FAMILY[self._label[a]], _FAMILY[self._label[b]]
                    if len(a) == 1 and min(len(a[0]), len(b[0])) < 7:
                        continue  # a lone short word ("Maduro"/"Madero") is too little to tell
                    if fa == fb and all(variant(x, y) for x, y in zip(a, b, strict=True)):
                        self._union(a, b)

    # -- output -----------------------------------------------------------------------------
    def _entity(self, group: _Group, texts: dict[str, str]) -> Entity:
        cores = Counter(strip_titles(m.text) for _, m in group.mentions)
        labels = Counter(m.label for _, m in group.mentions)
        person = labels.most_common(1)[0][0] == "PERSON"
        named = [c for c in cores if not (person and _headline_tail(c, cores, group, texts))] or list(cores)
        longest = max(len(c.split()) for c in named)
        top = max(cores.values())
        name = max(  # a person by the full name; anything else by a frequent form, the fuller the better
            named,
            key=lambda c: (
                c.split()[-1][:1].isupper(),
                person and len(c.split()) == longest,
                not person and cores[c] * 2 >= top and len(c.split()),
                cores[c],
                c,
            ),
        )
        label = (
            "PERSON"
            if any(m.label == "PERSON" and len(m.text.split()) > 1 for _, m in group.mentions)
            else labels.most_common(1)[0][0]
        )
        if label == "PERSON" and any(ch.isdigit() for c in cores for ch in c):
            # a person's name holds no digit: "Velta Tab 7", "Velta Tab7" name a thing the tagger took for one
            # (a product, not the maker the tagger's other label may say: no place that scopes a figure)
            label = "PRODUCT"
        aliases = list(dict.fromkeys(m.text for _, m in group.mentions))
        articles = list(dict.fromkeys(aid for aid, _ in group.mentions))
        return Entity(name=name, type=label, aliases=aliases, articles=articles, mentions=len(group.mentions))

    def _compile(self) -> re.Pattern[str] | None:
        forms = {a for e in self.entities for a in e.aliases if len(a) > 1}
        if not forms:
            return None
        alts = "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True))
        return re.compile(rf"(?<![\w])(?:{alts})(?![\w])")

    def _compile_variants(self) -> re.Pattern[str] | None:
        """Other languages' names of the event's places, searched in folded text."""
        known = [v for v, to in PLACE_NAMES.items() if tuple(to.split()) in self._by_key and len(v) > 3]
        if not known:
            return None
        return re.compile(r"(?<![\w])(?:" + "|".join(map(re.escape, known)) + r")(?![\w])")

    def lookup(self, name: str) -> Entity | None:
        """The entity a name refers to, titles and accents aside; None when unknown or ambiguous."""
        i = self._by_key.get(self._key(name))
        return None if i is None else self.entities[i]

    def find(self, text: str) -> list[Mention]:
        """Mentions of known surface forms in ``text`` (how copies and other languages are read).
        Remembered per text: the index does not change once built, and the speaker and claim
        readers ask again for the texts the index itself read."""
        if self._alias_re is None:
            return []
        known = self._found.get(text)
        if known is None:
            known = self._found[text] = tuple(self._find_in(text))
        return list(known)

    def _find_in(self, text: str) -> list[Mention]:
        assert self._alias_re is not None
        out = []
        for m in self._alias_re.finditer(text):
            i = self._by_key.get(self._key(m.group()))
            if i is not None:
                out.append(Mention(m.group(), self.entities[i].type, m.start(), m.end()))
        folded = fold(text) if self._variant_re is not None else ""
        if self._variant_re is not None and len(folded) == len(text):  # "Turquía", "Uturuki"
            for m in self._variant_re.finditer(folded):
                i = self._by_key.get(self._key(m.group()))
                if i is not None and not any(o.start <= m.start() < o.end for o in out):
                    out.append(Mention(text[m.start() : m.end()], self.entities[i].type, m.start(), m.end()))
        return sorted(out, key=lambda x: x.start)

    def place_keys(
        self, text: str, labels: frozenset[str] = PLACE_LABELS, owners: bool = False
    ) -> frozenset[str]:
        """Canonical names of the places and organisations named in ``text`` (not people);
        groups ("Conservatives") too, but not a nationality used as an adjective ("Venezuelan")
        nor the owner of something else ("Venezuela's interim president")."""
        out = set()
        for m in self.find(text):
            ent = self.lookup(m.text)
            group = m.text.endswith("s") or text[m.end : m.end + 6].strip().lower() == "party"
            if ent is None or ent.type not in labels or ent.type == "NORP" and not group:
                continue
            owner = _OWNER.match(text, m.end)
            if owner and not owners and owner.group(1).lower() not in _COUNTED_OWNED:
                continue
            out.add(ent.name)
        return frozenset(out)

    def add_copy_mentions(self, aid: str, mentions: list[Mention]) -> None:
        """Count ``mentions`` (found by ``find`` in a copy) towards their entities."""
        for m in mentions:
            ent = self.lookup(m.text)
            if ent is None:
                continue
            ent.mentions += 1
            if aid not in ent.articles:
                ent.articles.append(aid)
            if m.text not in ent.aliases:
                ent.aliases.append(m.text)


def _headline_tail(core: str, cores: Counter[str], group: _Group, texts: dict[str, str]) -> bool:
    """``core`` is a rarer form of a person's name of two words or more with words after it
    that its articles also write in lower case: a Title-Cased headline's verb caught in the name
    ("David Cameron Resigns" beside "David Cameron"), no part of it. (A place or building keeps
    its fuller form: "Notre Dame Cathedral".)"""
    words = core.split()
    aids = {aid for aid, _ in group.mentions}
    for cut in range(len(words) - 1, 1, -1):
        short = " ".join(words[:cut])
        if cores.get(short, 0) > cores[core]:
            tail = [w for w in words[cut:] if w[:1].isupper()]
            return bool(tail) and all(
                any(re.search(rf"\b{re.escape(w.lower())}\b", texts.get(a, "")) for a in aids) for w in tail
            )
    return False


def _subsequence(short: tuple[str, ...], long: tuple[str, ...]) -> bool:
    """'simon bolivar bridge' within 'simon bolivar international bridge', ends anchored."""
    if short[0] != long[0] and short[-1] != long[-1]:
        return False
    it = iter(long)
    return all(t in it for t in short)


def _abbreviates(short: tuple[str, ...], long: tuple[str, ...]) -> bool:
    """'lib dem' abbreviates 'liberal democrat': each word a prefix of the matching word."""
    pairs = zip(short, long, strict=True)
    # a shortened word is short ("Lib", "Dem"): "Daniel" is no abbreviation of "Danielle"
    return short != long and all(
        s == w or 3 <= len(s) <= 4 and w.startswith(s.rstrip("s")) for s, w in pairs
    )

