"""Units of measure written against a figure, and the nouns whose number is a name, not a count.

General linguistic data (the SI and imperial symbols news writes glued to digits, the nouns that
take a numeric identifier), not tuned to any article. ``numbers`` reads figures with these:
"41C", "250mm", "12-storey" are measured quantities; "Flight 302", "Section 230", "42 Canal
Street" are names and addresses.
"""

from __future__ import annotations

import re

from newsweave.facts.lexicon import MONTHS, SCALES, TIME_UNITS, UNIT_CONCEPTS, WEEKDAYS, fold, word_set
from newsweave.facts.subject import concept

# Symbols written glued to the digits ("41C", "250mm", "40GB"), matched case-sensitively first.
GLUED = tuple(
    sorted(
        word_set("""
        mm cm km m kg mg g t kt lb lbs oz ft mi mph kph kmh km/h C F °C °F ha sqm l ml L
        kW MW GW kWh MWh GWh TWh GB MB TB KB Gb Mb Gbps Mbps bn tn pc
        """),
        key=len,
        reverse=True,
    )
)
GLUED_RE = "|".join(map(re.escape, GLUED))

# The words those symbols stand for, for a subject that names rather than abbreviates ("12,000 m":
# metres). Case-sensitive: "m" is metres, "M" no unit; temperatures keep their scale.
SYMBOL_NAMES = {
    "mm": "millimetres", "cm": "centimetres", "km": "kilometres", "m": "metres", "kg": "kilograms",
    "mg": "milligrams", "g": "grams", "t": "tonnes", "kt": "kilotonnes", "lb": "pounds", "lbs": "pounds",
    "oz": "ounces", "ft": "feet", "mi": "miles", "mph": "miles per hour", "kph": "kilometres per hour",
    "kmh": "kilometres per hour", "km/h": "kilometres per hour", "C": "degrees Celsius",
    "°C": "degrees Celsius", "F": "degrees Fahrenheit", "°F": "degrees Fahrenheit", "ha": "hectares",
    "sqm": "square metres", "l": "litres", "L": "litres", "ml": "millilitres", "kW": "kilowatts",
    "MW": "megawatts", "GW": "gigawatts", "kWh": "kilowatt hours", "MWh": "megawatt hours",
    "GWh": "gigawatt hours", "TWh": "terawatt hours", "GB": "gigabytes", "MB": "megabytes",
    "TB": "terabytes", "KB": "kilobytes", "Gbps": "gigabits per second", "Mbps": "megabits per second",
}  # fmt: skip

# Units of measure joined to a figure by a hyphen ("a 3-km queue", "a 25-mile detour"). Counted nouns
# ("a 24-storey tower", "the 28-nation bloc") are left out: they describe the thing, and a figure after
# them would take them as its unit ("the 24-storey tower, while 11 have been located").
HYPHEN_MEASURES = word_set(
    """
    metre meter metres meters km kilometre kilometer kilometres kilometers mile miles foot feet inch
    tonne ton kg kilogram acre hectare megawatt gigawatt mph
    """
)

# Nouns whose number names one thing ("Flight 302", "Section 230", "page 12", "Terminal 5"): any of
# them capitalised; lower-case only the ones that are no verb ("track 40 ships" counts ships).
IDENTIFIER_NOUNS = word_set(
    """
    flight section article route terminal bus hall chapter page room gate platform highway interstate
    channel line building block apartment paragraph clause amendment resolution bill act rule
    level phase stage grade category tier track lane pier berth runway exit junction ward
    zone sector district precinct division unit squad regiment battalion brigade corps
    episode season no. vol.
    """
)
IDENTIFIERS_LOWER = word_set(
    """
    flight section article route terminal chapter page room gate platform paragraph clause amendment
    category level phase tier runway episode season no. vol.
    """
)

# Words that end a street address ("42 Canal Street", "10 Harbour Rd").
STREETS = word_set(
    """
    street st st. road rd rd. avenue ave ave. lane boulevard blvd drive dr. square place way court
    terrace crescent close row gardens parade quay embankment
    """
)

_LAST_WORD = re.compile(r"(?:^|(?<=[\s(]))([^\W\d_][\w\-&]*\.?) $")  # "S&P 500"
_NAME_AFTER = re.compile(r"(?:\s+[A-Z][\w'’\-]*\.?){2,4}")
_WORD_THEN = re.compile(r"\s+(?P<w>[a-z][a-z'’\-]*)\b")
_CURRENCY_CODES = word_set("usd eur gbp chf jpy cny inr aud cad rub brl zar sek nok dkk rs rp rm kes ngn php")
_PLURALS = word_set("people men women children police staff crew personnel cattle sheep fish")
_NOT_PLURAL = word_set("was has is his its this us as plus across less always thus yes does")


def named_number(before: str, after: str, raw: str, lang: str) -> bool:
    """A number that is part of a name or an address, not a count: "Flight 302", "page 12", "42
    Canal Street", and (English) a capitalised word inside the sentence followed by the number and
    a word that is no counted noun ("the Boeing 737 was", not "Labour 203 seats")."""
    if not raw.isdigit():
        return False
    name = _NAME_AFTER.match(after)
    if name and any(fold(w) in STREETS or fold(w).rstrip(".") in STREETS for w in name.group(0).split()[1:]):
        return True
    prev = _LAST_WORD.search(before[-40:])
    word = prev.group(1) if prev else ""
    low = fold(word)
    if word and (low in IDENTIFIERS_LOWER or word[0].isupper() and low in IDENTIFIER_NOUNS):
        return True
    capitalised = word[:1].isupper() or any(c.isupper() for c in word[1:])  # "Boeing", "iPhone"
    if lang != "en" or not capitalised or len(raw) > 4 or low in _CURRENCY_CODES:
        return False  # a model number has a few digits; "USD 4000000" is money
    if not before[: -len(word) - 1].strip():
        return False  # the sentence's first word is capitalised whatever it is
    then = _WORD_THEN.match(after)
    if then is None or fold(word) in MONTHS or fold(word) in WEEKDAYS or word.endswith("."):
        return False
    nxt = then.group("w")
    counted = (
        nxt in _PLURALS
        or concept(nxt, UNIT_CONCEPTS) is not None
        or nxt in TIME_UNITS
        or (nxt.endswith("s") and nxt not in _NOT_PLURAL and len(nxt) > 3)
    )
    return not counted and nxt not in SCALES
