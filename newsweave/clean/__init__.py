"""Cleaning: restore the text a reader would have seen, and read metadata from the layout."""

from __future__ import annotations

import ftfy

from newsweave.records import Article, RawDocument


def clean_document(doc: RawDocument) -> Article:
    text = ftfy.fix_text(doc.text or "")
    return Article(
        id=doc.id,
        text=text.strip(),
        path=doc.path,
        url=doc.url,
        outlet=doc.outlet,
        author=doc.author,
        published=(doc.date or None) and doc.date[:10],
        title=doc.title,
        lang=doc.lang or "en",
    )
