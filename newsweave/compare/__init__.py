"""Figures about the same quantity, aligned across independent stories and compared.

Alignment is lexical (the subject concepts read by ``facts.claims``): the same counted thing, the
same event verb, the same places, where a place counts only when some report sets it against
another with a different figure (else it is the event's setting); a figure naming no place joins
the widest placed group of its kind (an unqualified total is the total); part-of-a-whole figures
only meet their own copies; an age goes with its holder. A distinctive figure (not small, not
round) of one counted thing and event is one quantity whatever the words around it: it takes the
key most English reports give it, never one naming a place it does not. A translation's figure
that meets no English reading of its value takes the one nearest in meaning (``compare.translated``).
A figure of one story that is context rather than a quantity (``Found.incidental``: a spelled "one"
in no event, a duration that names nothing that lasted) gets no comparison row; its claim stays.
Copies of one story never corroborate each other: statuses count stories, and a later version of a
story that changed a figure ``supersedes`` the earlier claim.
"""

from __future__ import annotations

from collections.abc import Sequence

from newsweave.compare.aligned import Aligned, Key
from newsweave.compare.figures import same_figure
from newsweave.compare.groups import align
from newsweave.compare.status import link_supersedes, status
from newsweave.compare.translated import Embed
from newsweave.records import Comparison

__all__ = ["Aligned", "Key", "align", "compare", "link_supersedes", "same_figure", "status"]


def compare(
    items: Sequence[Aligned], neutral: frozenset[str] = frozenset(), embed: Embed | None = None
) -> list[Comparison]:
    """Comparisons of every aligned group, the most widely reported first."""
    out: list[tuple[int, Comparison]] = []
    for group in align(items, neutral, embed):
        members = [items[i] for i in group]
        link_supersedes(members)
        if len({it.story for it in members}) < 2 and all(it.found.incidental for it in members):
            continue  # "one defector aged 23", "died within 15 minutes": context, not a figure to compare
        lead = min(members, key=lambda it: (not it.english, it.is_copy, it.claim.article, it.claim.start))
        comp = Comparison(lead.found.subject, status(members), [it.claim.id for it in members])
        out.append((len({it.story for it in members}), comp))
    out.sort(key=lambda p: -p[0])
    return [c for _, c in out]
