"""Invented articles for the store, web and crash tests: two events, a syndicated copy, a late
report that must join its event, and a hostile article full of markup and script.

Every outlet, place and person here is made up. ``write_corpus`` writes one JSONL file per
article so tests can ingest them in any order and any number of times.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from newsweave.pipeline import Pipeline

BRIDGE_1 = (
    "TARSANO — The Korvel Bridge over the Serra River collapsed on Tuesday morning, sending two "
    "cars and a delivery van into the water and injuring at least 12 people, the Tarsano fire "
    "service said.\n\n"
    "Rescue divers pulled four people from the river. Mayor Ilena Varsi said the bridge, built "
    "in 1968, carried about 30,000 vehicles a day and had been due for repairs next spring.\n\n"
    "\"This is a dark day for Tarsano,\" Varsi told reporters at the scene. \"We will find out "
    "why the Korvel Bridge failed.\"\n\n"
    "The city council closed the riverside road and asked drivers to use the Damaro crossing. "
    "Engineers from the regional transport agency were inspecting the remaining piers."
)
BRIDGE_COPY = (
    BRIDGE_1 + "\n\nThis story was first published by Serra Daily and is republished with permission."
)
BRIDGE_2 = (
    "TARSANO — Fifteen people were hurt when the Korvel Bridge collapsed into the Serra River in "
    "Tarsano on Tuesday, hospital officials said, a higher count than the fire service gave.\n\n"
    "Witnesses said a loud crack came from the central span minutes before it fell. \"The road "
    "just dropped under the van in front of me,\" said Dario Menck, a taxi driver who stopped in "
    "time.\n\n"
    "Mayor Ilena Varsi promised an independent inquiry into the Korvel Bridge collapse. The "
    "regional transport agency said the bridge was last inspected in 2024."
)
BRIDGE_LATE = (
    "TARSANO — Divers on Wednesday recovered the delivery van that fell with the Korvel Bridge "
    "into the Serra River, as Tarsano began counting the cost of the collapse that injured at "
    "least 12 people.\n\n"
    "Mayor Ilena Varsi said the city would ask the regional transport agency for emergency funds "
    "to build a temporary crossing. \"Tarsano cannot wait years for a new Korvel Bridge,\" she "
    "said.\n\n"
    "Traffic on the Damaro crossing was backed up for hours as commuters looked for a way across "
    "the Serra River."
)
STRIKE_1 = (
    "MIROVA — Nurses at Mirova General Hospital walked out on Tuesday in the first strike at the "
    "hospital in twenty years, demanding more staff on night shifts and a 9 percent pay rise.\n\n"
    "The nurses' union said about 800 members joined the strike. Hospital director Paulo Anzic "
    "said emergency care would continue and planned operations would be postponed.\n\n"
    "\"We are exhausted and patients are waiting too long,\" said union leader Sabine Orlo."
)
STRIKE_2 = (
    "MIROVA — Hundreds of nurses picketed outside Mirova General Hospital on Tuesday as their "
    "strike over pay and night-shift staffing began.\n\n"
    "Union leader Sabine Orlo said talks with the hospital had failed after the management "
    "offered a 4 percent rise. Director Paulo Anzic said the hospital could not afford the "
    "union's demand of 9 percent without cuts elsewhere.\n\n"
    "Patients with planned operations at Mirova General were asked to stay at home."
)
HOSTILE = (
    "TARSANO — Inspectors had warned about cracks in The Korvel BridgeContent ='X'> two years "
    "before it collapsed into the Serra River on Tuesday, documents show "
    "<script>alert(1)</script>.\n\n"
    "The report, posted at <a href=\"javascript:alert(1)\">javascript:alert(1)</a>, said the "
    "City CouncilContent ='X'> delayed repairs to the Korvel Bridge. <img src=x onerror=alert(1)> "
    "At least 12 people were injured in Tarsano.\n\n"
    "\"We told them the steel was tired,\" said Oren Patel, an engineer who wrote the report. "
    "<svg onload=alert(1)></svg>"
)

ARTICLES: dict[str, dict[str, Any]] = {
    "serra-bridge": {"title": "Korvel Bridge collapses into the Serra River, 12 hurt",
                     "outlet": "Serra Daily", "author": "Mina Rook", "date": "2026-04-14",
                     "url": "https://serradaily.example/tarsano/korvel-bridge", "text": BRIDGE_1},
    "valley-copy": {"title": "Korvel Bridge collapses into the Serra River, 12 hurt",
                    "outlet": "Valley Courier", "date": "2026-04-14",
                    "url": "https://valleycourier.example/news/korvel", "text": BRIDGE_COPY},
    "harbour-bridge": {"title": "Fifteen hurt as Tarsano's Korvel Bridge falls",
                       "outlet": "Harbour Post", "author": "Vera Lind", "date": "2026-04-14",
                       "url": "https://harbourpost.example/korvel", "text": BRIDGE_2},
    "serra-late": {"title": "Divers recover van from Serra River after Korvel Bridge collapse",
                   "outlet": "Serra Daily", "author": "Mina Rook", "date": "2026-04-15",
                   "url": "https://serradaily.example/tarsano/korvel-van", "text": BRIDGE_LATE},
    "mirova-strike": {"title": "Mirova nurses strike over pay and night shifts",
                      "outlet": "Eastline News", "date": "2026-04-14",
                      "url": "https://eastline.example/mirova-strike", "text": STRIKE_1},
    "picket-strike": {"title": "Nurses picket Mirova General as strike begins",
                      "outlet": "Mirova Today", "author": "Teo Brand", "date": "2026-04-14",
                      "url": "https://mirovatoday.example/picket", "text": STRIKE_2},
}
HOSTILE_ARTICLE: dict[str, Any] = {
    "title": "<script>alert(1)</script>Inspectors warned of <img src=x onerror=alert(1)> cracks",
    "outlet": "<b onmouseover=alert(1)>Quay Gazette</b>", "author": "\"><script>alert(1)</script>",
    "date": "2026-04-15", "url": "javascript:alert(1)", "text": HOSTILE,
}
FIRST = ["serra-bridge", "valley-copy", "harbour-bridge", "mirova-strike", "picket-strike"]


def write_corpus(folder: Path, names: list[str] | None = None, hostile: bool = False) -> list[Path]:
    """One JSONL file per article (``names`` in order, default all but the late report)."""
    folder.mkdir(parents=True, exist_ok=True)
    items = [(n, ARTICLES[n]) for n in (names or FIRST)]
    if hostile:
        items.append(("quay-hostile", HOSTILE_ARTICLE))
    paths = []
    for name, art in items:
        path = folder / f"{name}.jsonl"
        path.write_text(json.dumps({"id": name, **art}) + "\n", "utf-8")
        paths.append(path)
    return paths


@pytest.mark.parametrize("name", sorted(ARTICLES))
def test_corpus_articles_read_and_keep_their_metadata(tmp_path: Path, name: str) -> None:
    errors: list[object] = []
    [path] = write_corpus(tmp_path, [name])
    [art] = Pipeline().read([str(path)], errors.append)
    assert not errors
    assert art.id == name and art.published == ARTICLES[name]["date"]
    assert art.outlet == ARTICLES[name]["outlet"]
