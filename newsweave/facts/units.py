"""Units of measure written against a figure, and the nouns whose number is a name, not a count.

General linguistic data (the SI and imperial symbols news writes glued to digits, the nouns that
take a numeric identifier), not tuned to any article. ``numbers`` reads figures with these:
"41C", "250mm", "12-storey" are measured quantities; "Flight 302", "Section 230", "42 Canal
Street" are names and addresses.
"""

from __future__ import annotations

import re

from newsweave.facts.lexicon import word_set

# Symbols written glued to the digits ("41C", "250mm", "40GB"), matched case-sensitively first.
GLUED = tuple(
    sorted(
        word_set("""
        mm cm km m kg mg g t kt lb lbs oz ft mi mph kph kmh km/h C F °C °F ha sqm l ml L
        kW MW GW kWh MWh GWh TWh GB MB TB KB Gb Mb Gbps Mbps bn tn
        """),
        key=len,
        reverse=True,
    )
)
GLUED_RE = "|".join(map(re.escape, GLUED))

# Nouns a figure measures when joined to it by a hyphen ("a 12-storey building", "a 3-km queue").
HYPHEN_MEASURES = word_set(
    """
    storey storeys story floor metre meter metres meters km kilometre kilometer mile foot feet inch
    tonne ton kg kilogram acre hectare bed bedroom room seat member man strong lane page point
    megawatt gigawatt minute second mph nation country state hour day week month
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
