"""Small word lists the fact extractors share: qualifiers per language, concepts, titles.

General linguistic data, not tuned to any article: the qualifier phrases of each language that
turn a figure into a bound, the nouns and verbs that name the same counted thing, and the titles
that never split a person into two. Tables are written as text so that they stay readable.
"""

from __future__ import annotations

import unicodedata


def word_set(text: str) -> frozenset[str]:
    return frozenset(text.split())


def _kinds(text: str) -> dict[str, str]:
    """'low: over | more than' lines -> {'over': 'low', 'more than': 'low'}."""
    out: dict[str, str] = {}
    for line in text.strip().splitlines():
        kind, phrases = line.split(":", 1)
        out.update({p.strip(): kind.strip() for p in phrases.split("|") if p.strip()})
    return out


# Qualifier phrases (lower-case, accents as written) -> kind. "low": a lower bound (over, at least);
# "high": an upper bound (nearly, up to); "approx": about the value; "exact": said to be exact.
QUALIFIERS: dict[str, dict[str, str]] = {
    "en": _kinds("""
        low: over | more than | above | at least | least | passed | surpassed | exceeded | exceeds
        low: exceeding | topped | tops | top | in excess of | upwards of | no fewer than | no less than
        low: not less than | north of | well over | just over | crossed | rose above | climbed past
        low: higher than | greater than | a minimum of | surpassing | topping | passing | beyond
        high: fewer than | less than | under | below | up to | nearly | almost | as many as
        high: no more than | at most | just under | not more than | close to | as much as
        high: a maximum of | shy of | lower than | short of
        high: could reach | may reach | might reach | would reach | could rise to | may rise to
        approx: about | around | approximately | roughly | some | an estimated | estimated | circa
        exact: exactly | almost exactly
    """),
    "fr": _kinds("""
        low: plus de | plus d' | plus d’ | au moins | pas moins de | au-delà de | dépassé | dépasse
        low: franchi
        high: moins de | moins d' | moins d’ | près de | presque | jusqu'à | jusqu’à
        approx: environ | quelque | quelques | autour de
    """),
    "es": _kinds("""
        low: más de | al menos | por lo menos | superó | supera | superan | superaron | sobrepasa
        low: sobrepasó
        high: menos de | casi | cerca de | hasta
        approx: unos | unas | alrededor de | aproximadamente
    """),
    "pt": _kinds("""
        low: mais de | pelo menos | ao menos | superou | ultrapassou
        high: menos de | quase | até
        approx: cerca de | aproximadamente | por volta de
    """),
    "de": _kinds("""
        low: mehr als | über | mindestens | überstieg | übersteigt
        high: weniger als | fast | beinahe | knapp | bis zu
        approx: rund | etwa | ungefähr | circa | zirka
    """),
    "it": _kinds("""
        low: più di | oltre | almeno | superato
        high: meno di | quasi | fino a
        approx: circa | intorno a
    """),
    "ca": _kinds("""
        low: més de | almenys | com a mínim
        high: menys de | gairebé | prop de | fins a
        approx: uns | unes | aproximadament | al voltant de
    """),
    "nl": _kinds("""
        low: meer dan | ten minste | minstens | ruim
        high: minder dan | bijna | tot
        approx: ongeveer | zo'n | circa | rond de
    """),
    "id": _kinds("""
        low: lebih dari | sedikitnya | setidaknya | paling sedikit
        high: kurang dari | hampir | hingga
        approx: sekitar | kira-kira
    """),
    "sw": _kinds("""
        low: zaidi ya | angalau | kufikia
        high: chini ya | karibu | hadi
        approx: takriban
    """),
}

# Words for "that many thousands/millions" after a figure, any language (lower-case).
_SCALE_WORDS = {
    1e3: "thousand thousands mil mille milliers tausend mila elfu",
    1e6: "million millions mn millón millones milhão milhões mio millionen milione milioni",
    1e9: "billion billions bn bilhões milliard milliards milliarde milliarden mrd miliardo miliardi",
    1e12: "trillion trillions tn",
    12: "dozen",
    1e5: "lakh lakhs",  # Indian English: 5 lakh = 500,000; 2 crore = 20,000,000
    1e7: "crore crores",
}
SCALES: dict[str, float] = {w: v for v, ws in _SCALE_WORDS.items() for w in ws.split()}
# Swahili puts the scale before the figure ("watu elfu 12").
PREFIX_SCALES = {"elfu": 1e3, "milioni": 1e6, "bilioni": 1e9}

# Approximate collective numbers ("une quarantaine" = about forty, "una docena", "a dozen").
COLLECTIVES = {
    "dizaine": 10,
    "douzaine": 12,
    "quinzaine": 15,
    "vingtaine": 20,
    "trentaine": 30,
    "quarantaine": 40,
    "cinquantaine": 50,
    "soixantaine": 60,
    "centaine": 100,
    "dozen": 12,
    "docena": 12,
    "dozzina": 12,
    "dutzend": 12,
    "dúzia": 12,
    "centenar": 100,
    "centinaio": 100,
}

# Words after a figure that make it a time, an age or a duration rather than a count.
TIME_UNITS = word_set(
    """
    second seconds minute minutes min mins hour hours hrs day days week weeks month months year years
    decade decades century centuries am pm a.m. p.m. gmt utc heures heure jours jour semaines mois ans
    an années horas hora días día semanas meses años dias anos stunden stunde tage tag wochen monate
    jahre jahren ore giorni settimane mesi anni siku saa miaka wiki
    """
)

_MONTH_NAMES = (
    "january february march april may june july august september october november december",
    "jan feb mar apr may jun jul aug sep oct nov dec",
    "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
    "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre",
    "januar februar märz april mai juni juli august september oktober november dezember",
    "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre",
    "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro",
    "januari februari maart april mei juni juli augustus september oktober november december",
    "gener febrer març abril maig juny juliol agost setembre octubre novembre desembre",
    "января февраля марта апреля мая июня июля августа сентября октября ноября декабря",
)
MONTHS = {m: i + 1 for names in _MONTH_NAMES for i, m in enumerate(names.split())}
_WEEKDAY_NAMES = (
    "monday tuesday wednesday thursday friday saturday sunday",
    "lundi mardi mercredi jeudi vendredi samedi dimanche",
    "lunes martes miércoles jueves viernes sábado domingo",
    "montag dienstag mittwoch donnerstag freitag samstag sonntag",
)
WEEKDAYS = {d: i for names in _WEEKDAY_NAMES for i, d in enumerate(names.split())}


def _concepts(text: str) -> dict[str, tuple[str, str | None]]:
    """'people: peopl person | people/killed: death dead' -> stem -> (unit, implied event)."""
    out: dict[str, tuple[str, str | None]] = {}
    for line in text.strip().splitlines():
        head, stems = line.split(":", 1)
        unit, _, verb = head.strip().partition("/")
        out.update({s: (unit, verb or None) for s in stems.split()})
    return out


# Concepts: word stems (a key of up to 4 letters must match the whole word, plural aside; longer
# keys match as prefixes) naming one counted thing. "deaths" gives both the unit and the event.
# Bodies are a count of their own: bodies recovered at one site are progress of a search, not the toll.
UNIT_CONCEPTS = _concepts("""
    people: peopl person resid civilian individuals individuos persona personn mensch watu pessoa other others
    people: mensen orang persone
    people/killed: victim death dead fatal muert fallecid mort tote toten vifo morti toll
    people/killed: doden dode tewas korban vittime
    bodies: bodi corp cuerpo corpi leich cadaver
    people/injured: injur wound herid bless verletzt feriti majeruhi casualti gewond luka
    soldiers: soldier troop soldado soldat servicemen
    passengers: passeng pasajer passag passeggeri passageir
    crew: crew tripula equipag equipaggi besatzung
    children: child kinder nino ninos enfant bambin crianc
    students: student estudiant eleve schuler alumn studenti
    firefighters: firefight pompier bombero feuerwehr
    tourists: touris turist
    soldiers/left: defector deserter
    countries: nation countri pais pays nchi lander
    seats: seat sieg mps depute escano sitz
    units: phone devic smartphon unit units apparei telephon modele model
    cases: case incid report cas allegat
    refugees: refuge migrant
    buildings: build
    homes: home hous
    %: percent pourcent porcentaje % prozent
    magnitude: magnitud starke richter
    $: dollar $
    €: euro €
""")

VERB_CONCEPTS: dict[str, str] = {
    stem: verb
    for verb, stems in (
        ("left", "fled flee fleeing defect desert leave leaving escap abandon"),
        ("killed", "kill die died dying dead perish murieron muri toll death"),
        ("killed", "mato matando mataron tuant tue getotet uccis morreram omkomen"),
        ("injured", "injur wound hurt"),
        ("recognised", "recognis recogn back backed support endors"),
        ("sold", "sold sell selling ship shipped vendu vendido"),
        ("recalled", "recal replac rappel remplac"),
        ("reported", "report reported"),
        ("collapsed", "collaps destroy damag"),
        ("won", "won win wins secur gain"),
        ("arrested", "arrest detain"),
        ("rescued", "rescu"),
        ("evacuated", "evacu"),
        ("deployed", "deploy desplegado"),
        ("displaced", "displac"),
    )
    for stem in stems.split()
}

# Titles that precede a name but are not part of it ("Sgt. Jorge Torres", "US Vice-President").
TITLES = word_set(
    """
    mr mrs ms miss mx dr sgt sergeant president vice-president vice prime minister secretary
    officer rep representative sen senator sir dame gov governor gen general col colonel capt
    captain lt lieutenant cpl corporal pvt private chancellor king queen prince princess pope
    judge justice coach chief interim acting former late self-declared deputy foreign interior
    defence defense mayor ambassador spokesman spokeswoman spokesperson commander premier
    lawmaker congressman congresswoman minister-president sheikh prof professor father rev
    mp mep ceo executive chairman chairwoman
    """
)
# Names of one country in other spellings or languages (folded), to the name used in keys.
PLACE_NAMES = {
    "turkiye": "turkey", "turquia": "turkey", "turquie": "turkey", "turkei": "turkey", "uturuki": "turkey",
    "siria": "syria", "syrie": "syria", "syrien": "syria", "burma": "myanmar", "czechia": "czech republic",
    "usa": "united states", "u s": "united states", "us": "united states", "america": "united states",
    "uk": "united kingdom", "britain": "united kingdom", "great britain": "united kingdom",
    "estados unidos": "united states", "etats unis": "united states", "reino unido": "united kingdom",
}  # fmt: skip

# Words a title phrase may contain between title words ("Secretary of State").
TITLE_LINKS = frozenset({"of", "state", "us", "u.s.", "uk", "un", "the"})


def fold(text: str) -> str:
    """Case- and accent-insensitive form: 'Nicolás' and 'NICOLAS' fold alike."""
    if text.isascii():  # no accents to strip: the common case, and a hot path (whole articles)
        return text.lower()
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    return text.casefold().replace("’", "'")
