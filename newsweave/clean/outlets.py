"""Canonical outlet names, so that ``sources.outlets`` counts organisations, not spellings.

A host becomes its registrable domain (``www.bbc.co.uk`` -> ``bbc.co.uk``, via the public
suffix list that the ``tld`` package ships), and a small table maps the domains and byline
names of major outlets onto one canonical domain (``bbc.co.uk``, "BBC News" -> ``bbc.com``).
"""

from __future__ import annotations

import re
from functools import lru_cache
from urllib.parse import urlsplit

from tld import get_fld

# canonical domain -> other domains and names the same organisation publishes under.
BRANDS: dict[str, tuple[str, ...]] = {
    "bbc.com": ("bbc.co.uk", "bbc", "bbc news", "bbc world service", "bbc world news"),
    "apnews.com": ("ap.org", "ap", "associated press", "the associated press", "ap news"),
    "reuters.com": ("reuters", "thomson reuters", "reuters news agency"),
    "afp.com": ("afp", "agence france-presse", "agence france presse", "afp news agency"),
    "nytimes.com": ("new york times", "the new york times", "nyt"),
    "washingtonpost.com": ("washington post", "the washington post"),
    "wsj.com": ("wall street journal", "the wall street journal", "wsj"),
    "theguardian.com": ("guardian.co.uk", "the guardian", "guardian"),
    "cnn.com": ("cnn", "cnn international"),
    "aljazeera.com": ("aljazeera.net", "al jazeera", "al jazeera english"),
    "dw.com": ("deutsche welle", "dw"),
    "france24.com": ("france 24", "france24"),
    "npr.org": ("npr", "national public radio"),
    "nbcnews.com": ("nbc news", "nbc"),
    "cbsnews.com": ("cbs news", "cbs"),
    "abcnews.go.com": ("abc news",),
    "abc.net.au": ("abc australia", "australian broadcasting corporation"),
    "foxnews.com": ("fox news",),
    "bloomberg.com": ("bloomberg", "bloomberg news"),
    "ft.com": ("financial times", "the financial times"),
    "economist.com": ("the economist", "economist"),
    "independent.co.uk": ("the independent",),
    "telegraph.co.uk": ("the telegraph", "the daily telegraph"),
    "sky.com": ("sky news",),
    "euronews.com": ("euronews",),
    "usatoday.com": ("usa today",),
    "latimes.com": ("los angeles times", "the los angeles times", "la times"),
    "cbc.ca": ("cbc", "cbc news"),
    "voanews.com": ("voa", "voice of america", "voaswahili.com"),
    "xinhuanet.com": ("news.cn", "xinhua", "xinhua news agency"),
    "aa.com.tr": ("anadolu agency", "anadolu"),
    "rfi.fr": ("rfi", "radio france internationale"),
}

# hosts that must not be cut to their registrable domain (the domain holds unrelated sites).
_HOST_OVERRIDES = {"abcnews.go.com": "abcnews.go.com", "news.sky.com": "sky.com"}
_PREFIXES = ("www.", "www2.", "m.", "amp.", "mobile.", "edition.", "uk.", "us.", "news.")
_HOST = re.compile(r"^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$")
_NAME_NOISE = re.compile(r"[^\w&+.-]+")


def _alias_table() -> dict[str, str]:
    table: dict[str, str] = {}
    for canonical, aliases in BRANDS.items():
        table[canonical] = canonical
        for alias in aliases:
            table[alias] = canonical
    return table


ALIASES = _alias_table()


def _host_of(value: str) -> str | None:
    """The host named by a URL or bare host name, lower-cased; None when it is not one."""
    raw = value.strip().lower()
    raw = (urlsplit(raw).hostname or "") if "://" in raw else raw.split("/", 1)[0]
    raw = raw.split(":", 1)[0].strip(".")
    return raw if _HOST.match(raw) and not raw.replace(".", "").isdigit() else None


def registrable_domain(host: str) -> str:
    """``www.bbc.co.uk`` -> ``bbc.co.uk``; a host without a known public suffix is returned trimmed."""
    host = host.lower().strip(".")
    if host in _HOST_OVERRIDES:
        return _HOST_OVERRIDES[host]
    fld = get_fld(host, fix_protocol=True, fail_silently=True)
    if isinstance(fld, str):
        return fld
    for prefix in _PREFIXES:
        if host.startswith(prefix) and host.count(".") > 1:
            return host[len(prefix) :]
    return host


def _normal_name(value: str) -> str:
    return _NAME_NOISE.sub(" ", value.casefold()).strip(" .-")


@lru_cache(maxsize=4096)
def canonical_outlet(value: str) -> str | None:
    """One name per organisation: a domain for hosts and known brands, else the name as written."""
    value = value.strip().strip("|–—-").strip()
    if not value:
        return None
    host = _host_of(value)
    if host:
        if host in ALIASES:
            return ALIASES[host]
        domain = registrable_domain(host)
        return ALIASES.get(domain, domain)
    name = _normal_name(value)
    if not name:
        return None
    if name in ALIASES:
        return ALIASES[name]
    if name.startswith("the ") and name[4:] in ALIASES:
        return ALIASES[name[4:]]
    return " ".join(value.split())


def is_known_outlet(value: str) -> bool:
    """True when the value names a host or one of the brands in the table."""
    name = _normal_name(value)
    return bool(_host_of(value)) or name in ALIASES or name.removeprefix("the ") in ALIASES
