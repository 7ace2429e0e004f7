"""newsweave: understand a news event from many messy reports.

The public API is what ``__all__`` names (everything else may move); see ``docs/python.md``::

    import newsweave
    briefing = newsweave.brief(["examples/"])          # paths, article dicts or texts
    briefing.events[0]                                  # a card in a notebook
    briefing.to_frames()["claims"]                      # figures as a pandas DataFrame

Names load on first use, so ``import newsweave`` (and the CLI's start) stays light.
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

# name -> the module it lives in
_HOMES = {
    "brief": "newsweave.api",
    "clean": "newsweave.api",
    "cluster": "newsweave.api",
    "ClusterRow": "newsweave.events.batch",
    "Store": "newsweave.store",
    "IngestResult": "newsweave.store.ingest",
    "EventRow": "newsweave.store.events",
    "Briefing": "newsweave.records",
    "Event": "newsweave.records",
    "Article": "newsweave.records",
    "Removed": "newsweave.records",
    "Story": "newsweave.records",
    "SummarySentence": "newsweave.records",
    "Claim": "newsweave.records",
    "Comparison": "newsweave.records",
    "Quote": "newsweave.records",
    "Entity": "newsweave.records",
    "TimelineEntry": "newsweave.records",
    "NewsweaveError": "newsweave.errors",
    "InputError": "newsweave.errors",
    "NoArticles": "newsweave.errors",
    "UsageError": "newsweave.errors",
    "NotInstalled": "newsweave.errors",
    "StoreError": "newsweave.errors",
}

__all__ = [
    "__version__",
    "brief",
    "clean",
    "cluster",
    "ClusterRow",
    "Store",
    "IngestResult",
    "EventRow",
    "Briefing",
    "Event",
    "Article",
    "Removed",
    "Story",
    "SummarySentence",
    "Claim",
    "Comparison",
    "Quote",
    "Entity",
    "TimelineEntry",
    "NewsweaveError",
    "InputError",
    "NoArticles",
    "UsageError",
    "NotInstalled",
    "StoreError",
]

if TYPE_CHECKING:
    from newsweave.api import brief, clean, cluster
    from newsweave.errors import InputError, NewsweaveError, NoArticles, NotInstalled, StoreError, UsageError
    from newsweave.events.batch import ClusterRow
    from newsweave.records import (
        Article,
        Briefing,
        Claim,
        Comparison,
        Entity,
        Event,
        Quote,
        Removed,
        Story,
        SummarySentence,
        TimelineEntry,
    )
    from newsweave.store import Store
    from newsweave.store.events import EventRow
    from newsweave.store.ingest import IngestResult


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'newsweave' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


class _Package(types.ModuleType):
    """``newsweave.clean`` is both the API function and the cleaning stage's package. Importing
    the package sets it as an attribute here, which would hide the function; this property keeps
    the function. The stage is still ``import``ed by name (``from newsweave.clean import ...``),
    which reads ``sys.modules``, never this attribute; ``import newsweave.clean.x as y`` does read it,
    so code inside the package writes ``from newsweave.clean import x``."""

    @property
    def clean(self) -> Any:
        from newsweave.api import clean

        return clean

    @clean.setter
    def clean(self, value: Any) -> None:
        """The import system setting the stage package: it stays in ``sys.modules``."""


sys.modules[__name__].__class__ = _Package
