"""URL identity: one canonical spelling per article, so two URLs of one page are stored once.

Tracking-parameter stripping and normalisation come from courlan (trafilatura's URL library);
we add what it leaves to callers: fragments dropped, only http(s), and ``<link rel=canonical>``.
"""

from __future__ import annotations

from urllib.parse import urljoin, urlsplit, urlunsplit

from courlan import extract_domain, normalize_url
from lxml import html as lxml_html

SCHEMES = frozenset({"http", "https"})


def is_http_url(text: str) -> bool:
    """True for an absolute http(s) URL with a host."""
    try:
        parts = urlsplit(text.strip())
    except ValueError:
        return False
    return parts.scheme.lower() in SCHEMES and bool(parts.hostname)


def canonical_url(url: str) -> str:
    """Lower-case scheme and host, default port dropped, trackers (utm_*, fbclid, gclid…) and
    the fragment removed, query sorted. Raises ``ValueError`` for a URL that is not http(s)."""
    url = url.strip()
    if not is_http_url(url):
        raise ValueError(f"not an http(s) URL: {url!r}")
    norm = normalize_url(url)
    parts = urlsplit(norm)
    return urlunsplit((parts.scheme, parts.netloc, parts.path or "/", parts.query, ""))


def host_key(url: str) -> str:
    """The host a politeness budget applies to: ``host[:port]`` in lower case."""
    return urlsplit(url).netloc.lower()


def same_site(a: str, b: str) -> bool:
    """True when both URLs belong to one registrable domain (public suffix list, via courlan):
    ``amp.example.co.uk`` and ``www.example.co.uk`` do; ``example.co.uk`` and ``other.co.uk``
    do not. Hosts without one (IP addresses, ``localhost``) must match exactly."""
    da, db = extract_domain(a), extract_domain(b)
    if da and db:
        return bool(da == db)
    return urlsplit(a).hostname == urlsplit(b).hostname


def declared_canonical(page_html: str, page_url: str) -> str | None:
    """The page's own ``<link rel="canonical">`` (else ``og:url``), resolved and normalised.

    Only a canonical URL on the page's own site is believed: a page may not claim to be
    another outlet's article (that would let it shadow the real one as a duplicate)."""
    try:
        tree = lxml_html.fromstring(page_html[:500_000])
    except (ValueError, lxml_html.etree.ParserError):
        return None
    hrefs = tree.xpath(
        "//link[contains(concat(' ', normalize-space(translate(@rel, 'CANONICAL', 'canonical')),"
        " ' '), ' canonical ')]/@href | //meta[@property='og:url']/@content"
    )
    for href in hrefs:
        target = urljoin(page_url, str(href).strip())
        if is_http_url(target) and same_site(target, page_url):
            return canonical_url(target)
    return None
