"""More kinds of invented furniture for ``scripts/invent_pages.py``: numbered "most read"
lists, newsletter forms, galleries with their counters and credits, archive and live-blog
notices, video titles with their running time, teasers stamped with their age; and whole pages
in Spanish, French and German, so that the stop-word features are seen on languages other than
English (L3S-GN1 is English only). Invented outlets, places and people only; no text comes from
any dev or test page. (Comment threads and author bios, furniture shaped like prose, were tried
and left out: with them the model removed fewer furniture lines of held-out real sites.)
"""

from __future__ import annotations

import random
from collections.abc import Callable

Add = Callable[[str, str], None]  # (line, kind) with kind "content", "optional" or "furniture"
MONTHS = ["January", "March", "May", "June", "August", "October", "December"]


def most_read(rng: random.Random, add: Add, headline: Callable[[random.Random], str]) -> None:
    add(rng.choice(["Most read", "Most popular", "Trending", "Popular now"]), "furniture")
    numbered = rng.random() < 0.5
    for k in range(1, rng.randint(3, 6)):
        if numbered:
            add(str(k), "furniture")
            add(headline(rng), "furniture")
        else:
            add(f"{k}. {headline(rng)}", "furniture")


def newsletter(rng: random.Random, add: Add, fill: Callable[[random.Random, str], str]) -> None:
    add(fill(rng, rng.choice([
        "Get the {O} morning briefing in your inbox every weekday.",
        "The day's top stories from {p}, sent to you every evening.",
        "Never miss a story from the {O}.",
    ])), "furniture")  # fmt: skip
    for line in rng.sample(["Enter your email address", "Sign up", "You can unsubscribe at any time.",
                            "Thank you for signing up!", "Email address"], rng.randint(1, 3)):  # fmt: skip
        add(line, "furniture")


def gallery(rng: random.Random, add: Add, fill: Callable[[random.Random, str], str]) -> None:
    """A gallery between paragraphs: counter, title, caption with credit, buttons."""
    n = rng.randint(4, 40)
    add(rng.choice([f"{n} photos", f"1 of {n}", f"1/{n}", f"Gallery: {n} images"]), "furniture")
    if rng.random() < 0.6:
        add(fill(rng, rng.choice(["In pictures: {E}", "The {k} in {p}", "{p} after the {k}"])), "furniture")
    if rng.random() < 0.5:
        add(fill(rng, "Photo: {person}/{O}"), "furniture")
    if rng.random() < 0.5:
        add(rng.choice(["View gallery", "See all photos", "Next", "Previous Next", "Expand"]), "furniture")


def video(rng: random.Random, add: Add, headline: Callable[[random.Random], str]) -> None:
    add(rng.choice(["Video: ", "Watch: ", "", ""]) + headline(rng), "furniture")
    if rng.random() < 0.7:
        add(f"{rng.randint(0, 4):02d}:{rng.randint(0, 59):02d}", "furniture")


def stamped_teasers(rng: random.Random, add: Add, headline: Callable[[random.Random], str]) -> None:
    for _ in range(rng.randint(1, 4)):
        add(headline(rng), "furniture")
        add(f"{rng.randint(1, 23)}h ago" if rng.random() < 0.5 else f"{rng.randint(1, 28)} "
            f"{rng.choice(MONTHS)}", "furniture")  # fmt: skip


def notice(rng: random.Random, add: Add, fill: Callable[[random.Random, str], str]) -> None:
    add(fill(rng, rng.choice([
        "This article is from {d}, " + rng.choice(MONTHS) + " 20{n}",
        "This is an archived story and its details may have changed since it was published.",
        "We are following the {k} in {p} in our live blog.",
        "This story has been updated with a statement from the council.",
        "Correction: an earlier version of this story gave the wrong date for the vote.",
    ])), "furniture")  # fmt: skip


# Pages in other languages: (sentences, menu, teaser headings, share buttons, notices, headlines)
FOREIGN: dict[str, dict[str, list[str]]] = {
    "es": {
        "sentence": [
            "{person}, portavoz del ayuntamiento de {p}, dijo el lunes que unas {n} personas pasaron la "
            "noche en escuelas y polideportivos.",
            "Las carreteras al este de {p} siguen cerradas y los trenes no circularán antes del jueves, "
            "según la empresa.",
            '"No nos dijeron nada hasta que el agua llegó a la puerta", contó {person}, vecina del barrio.',
            "El coste de los daños podría alcanzar los {n} millones de coronas, según las primeras "
            "estimaciones del gobierno regional.",
            "Los investigadores todavía intentan saber qué falló y los resultados se publicarán a "
            "finales de mes.",
        ],
        "menu": ["Inicio", "Noticias", "Internacional", "Economía", "Deportes", "Opinión", "Suscríbete"],
        "heads": ["Noticias relacionadas", "Lo más leído", "Te puede interesar", "Más noticias"],
        "share": ["Compartir", "Facebook", "Twitter", "Correo", "WhatsApp", "Imprimir"],
        "notice": [
            "Suscríbete a nuestro boletín",
            "{n} min de lectura",
            "Publicidad",
            "Comentarios ({n})",
            "Con información de agencias",
        ],  # fmt: skip
        "headline": [
            "{n} heridos en el incendio de la fábrica de {p}",
            "El alcalde de {p} dimite",
            "Qué sabemos de la inundación en {p}",
            "{p} vota el presupuesto",
        ],  # fmt: skip
    },
    "fr": {
        "sentence": [
            "{person}, porte-parole de la mairie de {p}, a déclaré lundi qu'environ {n} personnes "
            "avaient passé la nuit dans des écoles et des gymnases.",
            "Les routes à l'est de {p} restent fermées et les trains ne circuleront pas avant jeudi, "
            "selon la compagnie.",
            "« Personne ne nous a prévenus avant que l'eau n'arrive à la porte », a raconté {person}.",
            "Le coût des dégâts pourrait atteindre {n} millions de couronnes, selon les premières "
            "estimations de la région.",
            "Les enquêteurs cherchent toujours à comprendre ce qui n'a pas fonctionné et les "
            "résultats seront publiés à la fin du mois.",
        ],
        "menu": ["Accueil", "Actualités", "Monde", "Économie", "Sport", "Culture", "S'abonner"],
        "heads": ["À lire aussi", "Les plus lus", "Sur le même sujet", "Vous aimerez aussi"],
        "share": ["Partager", "Facebook", "Twitter", "E-mail", "Imprimer", "Copier le lien"],
        "notice": [
            "Inscrivez-vous à notre newsletter",
            "Lecture {n} min",
            "Publicité",
            "Commentaires ({n})",
            "Avec AFP",
        ],  # fmt: skip
        "headline": [
            "{n} blessés dans l'incendie de l'usine de {p}",
            "Le maire de {p} démissionne",
            "Ce que l'on sait de l'inondation à {p}",
            "{p} vote son budget",
        ],  # fmt: skip
    },
    "de": {
        "sentence": [
            "{person}, Sprecherin der Stadt {p}, sagte am Montag, dass rund {n} Menschen die Nacht in "
            "Schulen und Sporthallen verbracht hätten.",
            "Die Straßen östlich von {p} bleiben gesperrt, und die Züge fahren nach Angaben der Bahn "
            "nicht vor Donnerstag.",
            "„Niemand hat uns gewarnt, bis das Wasser vor der Tür stand“, sagte {person}.",
            "Der Schaden könnte nach ersten Schätzungen der Regierung {n} Millionen Kronen erreichen.",
            "Die Ermittler suchen noch nach der Ursache, die Ergebnisse sollen Ende des Monats "
            "veröffentlicht werden.",
        ],
        "menu": ["Startseite", "Nachrichten", "Politik", "Wirtschaft", "Sport", "Kultur", "Abonnieren"],
        "heads": ["Mehr zum Thema", "Meistgelesen", "Das könnte Sie auch interessieren", "Weitere Artikel"],
        "share": ["Teilen", "Facebook", "Twitter", "E-Mail", "Drucken", "Link kopieren"],
        "notice": [
            "Newsletter abonnieren",
            "Lesezeit {n} Minuten",
            "Anzeige",
            "Kommentare ({n})",
            "Mit Material von dpa",
        ],  # fmt: skip
        "headline": [
            "{n} Verletzte bei Brand in Fabrik in {p}",
            "Bürgermeister von {p} tritt zurück",
            "Was wir über das Hochwasser in {p} wissen",
            "{p} stimmt über Haushalt ab",
        ],  # fmt: skip
    },
}


def foreign_page(rng: random.Random, lang: str, add: Add, fill: Callable[[random.Random, str], str]) -> None:
    """A page in ``lang``: menu, headline, paragraphs with teasers, notices and shares around them."""
    t = FOREIGN[lang]
    if rng.random() < 0.5:
        for m in rng.sample(t["menu"], rng.randint(2, 6)):
            add(m, "furniture")
    add(fill(rng, rng.choice(t["headline"])), rng.choice(["optional", "content"]))
    sentences = rng.sample(t["sentence"], rng.randint(1, len(t["sentence"])))  # none twice on a page
    while sentences:
        take = rng.choice([1, 1, 2])
        add(" ".join(fill(rng, s) for s in sentences[:take]), "content")
        sentences = sentences[take:]
        if sentences and rng.random() < 0.3:
            add(fill(rng, rng.choice(t["headline"] + t["notice"])), "furniture")
    if rng.random() < 0.6:
        for s in rng.sample(t["share"], rng.randint(1, 4)):
            add(s, "furniture")
    if rng.random() < 0.6:
        add(rng.choice(t["heads"]), "furniture")
        for _ in range(rng.randint(1, 4)):
            add(fill(rng, rng.choice(t["headline"])), "furniture")
    if rng.random() < 0.4:
        add(fill(rng, rng.choice(t["notice"])), "furniture")
