"""spaCy multiplies through numpy's BLAS, one thread per pool worker (the speed of ``brief``)."""

from __future__ import annotations

import pytest

from newsweave.engine.pool import WORKER_GC, ProcessEngine
from newsweave.nlp.models import load_spacy


def _blas_threads(_: list[int]) -> list[int]:
    from threadpoolctl import threadpool_info

    return [pool["num_threads"] for pool in threadpool_info() if pool["user_api"] == "blas"]


@pytest.mark.parametrize("components", [("ner",), ("tok2vec", "tagger", "parser", "attribute_ruler")])
def test_spacy_layers_multiply_through_numpy(components: tuple[str, ...]) -> None:
    nlp = load_spacy(components)
    pipe = nlp.get_pipe(components[0])
    assert pipe.model.ops.name == "numpy"
    assert pipe.model.ops.use_blis is False  # type: ignore[attr-defined]


def test_spacy_finds_the_same_names_as_with_blis() -> None:
    import spacy
    from thinc.api import use_ops

    from newsweave.nlp.models import _PIPES, MODEL

    text = (
        "Harbour officials in Velmora said on Tuesday that the mayor, Ada Linn, met Tomas Brekke "
        "of the Norwegian Coastal Administration in Bergen.\n\nThe Velmora Sailing Club lost 12 boats."
    )
    with use_ops("numpy", use_blis=True):
        blis = spacy.load(MODEL, exclude=[p for p in _PIPES if p != "ner"])
    ents = [(e.text, e.label_) for e in load_spacy(("ner",))(text).ents]
    assert ents == [(e.text, e.label_) for e in blis(text).ents]
    assert ("Ada Linn", "PERSON") in ents


def test_pool_workers_use_one_blas_thread() -> None:
    with ProcessEngine(workers=2) as engine:
        threads = [n for part in engine.map_partitions(_blas_threads, [[0], [1], [2]]) for n in part]
    assert threads and all(n == 1 for n in threads)


def _gc_state(_: list[int]) -> list[tuple[tuple[int, ...], int]]:
    import gc

    return [(gc.get_threshold(), gc.get_freeze_count())]


def test_pool_workers_collect_rarely_and_skip_the_drivers_objects() -> None:
    import gc

    with ProcessEngine(workers=2) as engine:
        states = [s for part in engine.map_partitions(_gc_state, [[0], [1]]) for s in part]
    gc.unfreeze()  # the driver's objects back in the collector's care for the other tests
    assert all(threshold == WORKER_GC and frozen > 1000 for threshold, frozen in states)


LOADED: list[str] = []


def _load_later() -> None:
    LOADED.append("model")


def _fail_later() -> None:
    raise RuntimeError("no model")


def _seen(items: list[int]) -> list[int]:
    return [len(LOADED) for _ in items]


def test_later_load_is_shared_from_the_second_map_on() -> None:
    LOADED.clear()
    with ProcessEngine(workers=2, then=_load_later) as engine:
        first = [n for part in engine.map_partitions(_seen, [[0], [1]]) for n in part]
        second = [n for part in engine.map_partitions(_seen, [[0], [1], [2]]) for n in part]
        third = [n for part in engine.map_partitions(_seen, [[0]]) for n in part]
    assert first == [0, 0]  # forked before the load
    assert second == [1, 1, 1] and third == [1]  # forked again after it, once


def test_later_load_error_reaches_the_caller() -> None:
    LOADED.clear()
    with ProcessEngine(workers=1, then=_fail_later) as engine:
        assert list(engine.map_partitions(_seen, [[0]])) == [[0]]
        with pytest.raises(RuntimeError, match="no model"):
            list(engine.map_partitions(_seen, [[0]]))
