"""Reading order for chosen sentences: by date, then document, then position in the document.

The summary must not open on a sentence whose subject lies elsewhere ("He said ...", "They ...")
or on a dangling quote, so the first sentence that reads on its own is moved to the front.
"""

from __future__ import annotations

from collections.abc import Sequence

from newsweave.summarize import SourceDoc
from newsweave.summarize.candidates import Candidate, opens_unresolved


def _date_key(date: str | None) -> str:
    # ISO dates sort as text; undated documents keep their input order after the dated ones.
    return date[:10] if date else "9999"


def reading_order(chosen: Sequence[Candidate], docs: Sequence[SourceDoc]) -> list[Candidate]:
    ordered = sorted(chosen, key=lambda c: (_date_key(docs[c.doc].date), c.doc, c.position))
    for k, cand in enumerate(ordered):
        if not opens_unresolved(cand.text):
            if k:
                ordered.insert(0, ordered.pop(k))
            break
    return ordered
