"""Pile context across ingests: a line that stored pages of other stories of the same outlet
share is furniture on a page ingested later, as one batch would have found it; a stored article
never loses a line except by ``reprocess``, which reads the whole store as one pile. On both
backends. Invented pages only."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import Stores

from newsweave.pipeline import Pipeline
from newsweave.records import Article
from newsweave.store import Store

OUTLET = "lisk-courier.example"
BOILER = "About the Lisk Courier: an independent newsroom covering the Orvane valley since 1921."
STORIES = {
    "dam": [
        "Engineers said on Monday that the dam on the Orvane had held overnight after the heaviest rain in"
        " forty years.",
        "About 3,000 people left the lower town of Lisk on Sunday, and most spent the night in the school.",
        '"The water is still rising, but the wall is sound," said Ivo Brenn, who leads the dam crew.',
    ],
    "bridge": [
        "The Tarn bridge will reopen to cars in June, the transport minister told the regional council"
        " on Tuesday.",
        "Repairs to the bridge, closed since a lorry struck it in January, have cost 14 million so far.",
        '"We found more rust than anyone expected," said Petra Sill, the engineer in charge of the work.',
    ],
    "trial": [
        "A jury in Kessel on Wednesday cleared a dock worker of setting fire to three warehouses in March.",
        "The court heard that the fire began in a faulty heater, not with the petrol found near the gate.",
        '"I never stopped believing the truth would come out," the worker said outside the court.',
    ],
}


def _page(story: str, outlet: str = OUTLET) -> dict[str, str]:
    return {"id": f"{outlet.split('.')[0]}-{story}", "outlet": outlet, "date": "2026-03-02",
            "url": f"https://{outlet}/news/{story}", "text": "\n".join([*STORIES[story], BOILER])}


def _ingest(store: Store, folder: Path, *pages: dict[str, str]) -> list[str]:
    folder.mkdir()
    path = folder / "pages.jsonl"
    path.write_text("".join(json.dumps(p) + "\n" for p in pages), "utf-8")
    return store.ingest([str(path)], lambda e: pytest.fail(str(e))).added


def _text(store: Store, article_id: str) -> Article:
    found = store.article(article_id)
    assert found is not None
    return found[0]


def test_a_store_fed_day_by_day_removes_what_one_batch_would(stores: Stores, tmp_path: Path) -> None:
    with Store(stores.new(), pipeline=Pipeline()) as store:
        assert _ingest(store, tmp_path / "day1", _page("dam")) == ["lisk-courier-dam"]
        assert BOILER in _text(store, "lisk-courier-dam").text  # one page: no evidence yet
        _ingest(store, tmp_path / "day2", _page("bridge"))
        bridge = _text(store, "lisk-courier-bridge")
        assert BOILER not in bridge.text
        assert any(r.kind == "pile" and r.text == BOILER for r in bridge.removed)
        assert BOILER in _text(store, "lisk-courier-dam").text  # stored: never changed by an ingest
        # Another outlet's page with the same line is no evidence about this site.
        _ingest(store, tmp_path / "day3", _page("trial", "tarn-gazette.example"))
        assert BOILER in _text(store, "tarn-gazette-trial").text
        # A third page of the site: the line the pile took from the second page still counts.
        _ingest(store, tmp_path / "day4", _page("trial"))
        trial = _text(store, "lisk-courier-trial")
        assert BOILER not in trial.text

        one_batch = _batch(tmp_path, "day1", "day2", "day4")
        assert one_batch["lisk-courier-bridge"] == bridge.text
        assert one_batch["lisk-courier-trial"] == trial.text

        assert store.reprocess(lambda e: pytest.fail(str(e))) == 4  # the store as one pile
        whole = _batch(tmp_path, "day1", "day2", "day3", "day4")
        assert {aid: _text(store, aid).text for aid in whole} == whole
        assert BOILER not in whole["lisk-courier-dam"]

def _batch(tmp_path: Path, *days: str) -> dict[str, str]:
    """The texts one ``brief`` of the days' pages leaves."""
    batch = Pipeline().read([str(tmp_path / d) for d in days], lambda e: pytest.fail(str(e)))
    Pipeline().brief(batch)
    return {a.id: a.text for a in batch}


@pytest.mark.parametrize(
    ("batch", "outlets", "read"), [(1, 1, 4), (10, 1, 12), (10, 10, 40), (9, 2, 24), (50, 1, 12)]
)
def test_the_context_read_is_bounded(tmp_path: Path, batch: int, outlets: int, read: int) -> None:
    """At most ``n`` an outlet and ``CONTEXT_PER_ARTICLE`` a batch article in all, the outlet's
    last stored pages first."""
    from newsweave.records import RawDocument
    from newsweave.store import articles
    from newsweave.store.db import connect, write
    from newsweave.store.ingest import CONTEXT_PAGES, outlet_context

    db = connect(str(tmp_path / "s.db"))
    with write(db):
        for k in range(outlets):
            for i in range(12):
                text = f"Page {i} of outlet {k}, a line long enough."
                articles.insert(db, Article(id=f"o{k}-{i}", text=text, outlet=f"o{k}.example"),
                                RawDocument(id=f"o{k}-{i}", text=text, outlet=f"o{k}.example"))
    new = [Article(id=f"n{i}", text="x", outlet=f"o{i % outlets}.example") for i in range(batch)]
    pages = outlet_context(db, new, n=min(CONTEXT_PAGES, 12))
    assert len(pages) == read
    if read == 4:
        assert {"page 11 of outlet 0, a line long enough."} in [set(p.keys) for p in pages]
    db.close()
