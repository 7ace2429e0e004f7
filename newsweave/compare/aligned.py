"""What comparison knows of one claim (``Aligned``) and the key a figure is aligned by:
counted thing, event verb, places, and the part of a whole it tells (or None)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from newsweave.records import Claim

if TYPE_CHECKING:  # facts imports compare; the claim reader is only a type here
    from newsweave.facts.claims import Found

Key = tuple[str | None, str | None, frozenset[str], str | None]


@dataclass(slots=True)
class Aligned:
    """One claim with what comparison needs to know about its article."""

    claim: Claim
    found: Found
    story: str
    published: str | None
    is_copy: bool
    english: bool


def key_of(item: Aligned) -> Key:
    f = item.found
    return f.unit_concept, f.verb_concept, f.places, f.part
