"""An event's signature: the rare names most of its reports give.

Look-alike events (the quake and its aftershock, the scandal and the quarterly loss it caused,
one country's election and the next) share their topic's words, and undated pages leave the time
rule unable to tell them apart. What does tell them apart is what each event's reports agree on
and the other's never say: the leader's name, the town, the new chief. The guard here vetoes an
average-link merge of two groups of one language when they share no signature name and most of
each group's signature (the rare names at least ``SHARE`` of its reports give) is absent from
every report of the other.

Numbers are left out (tolls and counts rise from one report of an event to the next, so a group
of early reports and one of later ones would look like two events), as are countries (common).
Names are compared only within a language: across languages they are spelt differently.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from newsweave.nlp.frequency import word_idf

if TYPE_CHECKING:  # model imports features, which imports this module
    from newsweave.events.model import Doc

RARE_IDF = 7.0  # background idf of a telling name (wordfreq Zipf ~3.2 and rarer)
SHARE = 0.5  # share of a group's reports that give a name for it to sign the group
MIN_REPORTS = 2  # ... and at least this many (one report signs nothing)
MIN_OWN = 4  # names of their own both groups need together for a veto (each at least one): one
# name on either side is one fact each (realworld_dev: a fire's two groups, 'Macron' | 'Heitz');
# on the DUC 2003 mix, whose topics run for weeks, 3 split topics (event F1 0.896, 0.910 at 4)
APART = 0.6  # share of each group's signature the other never says, for a veto (realworld_dev
# and the DUC 2003 mix: at 0.5 both lose events split in two, at 0.75 the veto hardly acts)


def rare_names(anchors: Iterable[str], lang: str, key: Callable[[str, bool], int]) -> frozenset[int]:
    """Keys (``key(name, True)``) of the name anchors rare in ``lang``'s background: not numbers
    (``#``), not countries (``=``)."""
    found = set()
    for name in set(anchors):
        if name[0] in "#=":
            continue
        # a possessive ("Poland's") is judged by its stem: the word lists do not count the form
        stem = name.split("'")[0].split("’")[0]
        if word_idf(stem, lang) >= RARE_IDF:
            found.add(key(name, True))
    return frozenset(found)


class SignatureGuard:
    """The signature veto as a guard of average link (state per group, merged as groups merge)."""

    def __init__(self, docs: Sequence[Doc] = ()) -> None:
        self.counts: list[Counter[int]] = []
        self.size: list[int] = []
        self.langs: list[Counter[str]] = []
        self.cache: dict[int, list[int]] = {}
        for d in docs:
            self.add(d)

    def add(self, doc: Doc) -> None:
        """One more report, a group of its own (the incremental grouper's new article)."""
        self.counts.append(Counter(doc.rare))
        self.size.append(1)
        self.langs.append(Counter([doc.lang]))

    def _signed(self, g: int) -> list[int]:
        if g not in self.cache:
            need = max(MIN_REPORTS, SHARE * self.size[g])
            self.cache[g] = [k for k, c in self.counts[g].items() if c >= need]
        return self.cache[g]

    def allows(self, a: int, b: int) -> bool:
        if min(self.size[a], self.size[b]) < MIN_REPORTS:
            return True
        if self.langs[a].most_common(1)[0][0] != self.langs[b].most_common(1)[0][0]:
            return True
        return not apart(self.counts[a], self._signed(a), self.counts[b], self._signed(b))

    def merge(self, keep: int, drop: int) -> None:
        big, small = (keep, drop) if len(self.counts[keep]) >= len(self.counts[drop]) else (drop, keep)
        self.counts[big].update(self.counts[small])
        self.counts[keep], self.counts[drop] = self.counts[big], Counter()
        self.langs[keep] = self.langs[keep] + self.langs[drop]
        self.size[keep] += self.size[drop]
        self.cache.pop(keep, None), self.cache.pop(drop, None)


def apart(counts_a: Counter[int], signed_a: list[int], counts_b: Counter[int], signed_b: list[int]) -> bool:
    """Do two groups sign different events? (``counts``: reports per rare name; ``signed``: the
    names that sign the group.)"""
    if not signed_a or not signed_b or set(signed_a) & set(signed_b):
        return False  # a name that signs both is the one event's
    own_a = sum(k not in counts_b for k in signed_a)
    own_b = sum(k not in counts_a for k in signed_b)
    if min(own_a, own_b) < 1 or own_a + own_b < MIN_OWN:
        return False
    return min(own_a / len(signed_a), own_b / len(signed_b)) >= APART
