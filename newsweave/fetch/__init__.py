"""Live sources: fetch pages, feeds and sitemaps over HTTP, politely, into the store.

``Crawler(db).run(urls)`` is what ``newsweave fetch`` does; ``watch`` repeats it on a schedule.
The parts: ``client`` (httpx, retries, limits), ``robots``, ``ratelimit``, ``feeds``,
``sitemaps``, ``urls`` (canonical URLs), ``pages`` (the HTML reader and cleaner), ``state``
(validators and seen items, in the store file), ``crawl`` and ``watch``.
"""

from __future__ import annotations

from newsweave.fetch.client import USER_AGENT, FetchError, FetchPolicy
from newsweave.fetch.crawl import Crawler, RunReport
from newsweave.fetch.watch import watch

__all__ = ["USER_AGENT", "Crawler", "FetchError", "FetchPolicy", "RunReport", "watch"]
