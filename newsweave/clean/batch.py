"""Cleaning many documents: each one cleaned or named as rejected, never stopping the batch.

Light on purpose (no grouping, facts or summary imports): ``newsweave clean`` starts from here.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable

from newsweave.clean import clean_document
from newsweave.errors import InputError, NewsweaveError
from newsweave.records import Article, RawDocument


def clean_documents(docs: Iterable[RawDocument]) -> list[Article | InputError]:
    """Each document cleaned, or the one-line error that names it; one bad input never stops
    the rest."""
    out: list[Article | InputError] = []
    for doc in docs:
        try:
            art = clean_document(doc)
        except InputError as exc:
            out.append(exc)
            continue
        except NewsweaveError as exc:
            out.append(InputError(doc.path or doc.id, str(exc)))
            continue
        except (ValueError, TypeError, IndexError, KeyError, AttributeError, RecursionError) as exc:
            # A bug in cleaning met by one hostile document must not stop the batch: it is named
            # like any rejected input (never silently dropped); NEWSWEAVE_DEBUG=1 re-raises it.
            if os.environ.get("NEWSWEAVE_DEBUG"):
                raise
            out.append(InputError(doc.path or doc.id, f"internal error while cleaning "
                                  f"({type(exc).__name__}: {exc}); please report it"))
            continue
        if art.text.strip():
            out.append(art)
        else:
            out.append(InputError(doc.path or doc.id, "no article text left after cleaning"))
    return out


def clean_read(
    items: Iterable[RawDocument | InputError], on_error: Callable[[InputError], None]
) -> list[Article]:
    """Clean what a reader gave (``newsweave.ingest.inputs.read_inputs``) in this process; bad
    inputs, and those a reader already rejected, go to ``on_error``."""
    out: list[Article] = []
    for item in items:
        cleaned = [item] if isinstance(item, InputError) else clean_documents([item])
        for one in cleaned:
            if isinstance(one, InputError):
                on_error(one)
            else:
                out.append(one)
    return out
