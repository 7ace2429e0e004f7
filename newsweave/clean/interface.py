"""Page-interface wording in the other languages newsweave reads (es, fr, de, pt, it, ca, nl).

``clean.junk`` recognises interface lines by their form and a small English vocabulary; a
Spanish or German page's share buttons, "most read" heading or cookie prompt used to pass it and
reach the model alone. These are the same kinds of line in the other languages, written from
general knowledge of news sites in them (no line copied from a dev page): single interface
words (a short line of nothing else is junk), whole lines, labels before a colon, calls that
open a line, read-time and "updated" stamps, and the headings of teaser and tag lists. Like the
English rules they stay conservative: a whole line must be interface, or open as one.
"""

from __future__ import annotations

from newsweave.clean.lexicon import load_lines, load_words

# a short line made only of these is interface (alongside the English ``ui_words.txt``)
WORDS = load_words("ui_words_intl.txt")
ALL_WORDS = load_words("ui_words.txt") | WORDS  # English and the other languages' (junk rules, model)

# whole lines (lower case, punctuation at the ends stripped)
PHRASES = load_lines("ui_phrases_intl.txt")

# labels a teaser or credit follows ("Lea también: …", "Mehr zum Thema: …", "Vídeo: …")
PREFIX = (
    r"lea también|lee también|ver también|más información|te puede interesar|lire aussi|"
    r"à lire aussi|lire également|voir aussi|à voir|sur le même sujet|mehr zum thema|"
    r"lesen sie auch|siehe auch|auch interessant|leia também|leia mais|veja também|saiba mais|"
    r"leggi anche|vedi anche|llegiu també|lees ook|bekijk ook|etiquetas|temas|mots-clés|"
    r"schlagworte|schlagwörter|themen|tópicos|argomenti|publicidad|publicité|anzeige|werbung|"
    r"publicidade|pubblicità|vídeo|vidéo|galería|galerie|galleria"
)

# calls that open an interface line
CALL = (
    r"compart(?:ir|e) en|partag(?:er|ez) sur|teilen (?:auf|sie)|auf (?:facebook|x|twitter) teilen|"
    r"condividi su|compartilh(?:ar|e) no|"
    r"suscríbete (?:a|al)|suscríbase|abonnez-vous (?:à|au)|abonnieren sie|iscriviti (?:alla|al)|"
    r"assine (?:a|o|nossa|nosso)|inscreva-se|"
    r"síguenos en|suivez-nous sur|folgen sie uns|seguici su|siga-nos|"
    r"(?:utilizamos|usamos) cookies|este (?:sitio|site)(?: web)? utiliza cookies|"
    r"nous utilisons des cookies|ce site utilise des cookies|wir verwenden cookies|"
    r"diese (?:website|webseite|seite) verwendet cookies|utilizziamo (?:i )?cookie|"
    r"questo sito utilizza (?:i )?cookie|"
    r"todos los derechos reservados|tous droits réservés|alle rechte vorbehalten|"
    r"tutti i diritti riservati|todos os direitos reservados|tots els drets reservats|"
    r"haz clic aquí|pulsa aquí|cliquez ici|klicken sie hier|clicca qui|clique aqui|"
    r"descarga (?:nuestra|la) app|téléchargez (?:notre|l')appli|laden sie (?:unsere|die) app|"
    r"scarica (?:la|la nostra) app|baixe (?:o|nosso) app|"
    r"\d+ min(?:utos?)? de lectura|\d+ min(?:utes?)? de lecture|\d+ min(?:uten)? lesezeit|"
    r"lesezeit:? \d+|\d+ min(?:utos?)? de leitura|\d+ min(?:uti)? di lettura|"
    r"tiempo de lectura|temps de lecture|tempo de leitura|tempo di lettura"
)

# rights notices, anywhere in a short line without a full stop ("El Diario. Todos los derechos
# reservados")
RESERVED = (
    r"derechos reservados|droits réservés|rechte vorbehalten|diritti riservati|direitos reservados|"
    r"drets reservats"
)

# "updated …" stamps: a short line opening so, without a full stop
STAMP = (
    r"actualizado|publicado|actualización|mis à jour|publié(?: le)?|modifié(?: le)?|"
    r"aktualisiert|veröffentlicht|atualizado|aggiornato|pubblicato|actualitzat|publicat|"
    r"bijgewerkt|gepubliceerd"
)

# headings of lists of other stories' headlines, and of tags
TEASER_HEADING = (
    r"noticias relacionadas|(?:también )?te puede interesar|te recomendamos|lire aussi|"
    r"à lire aussi|sur le même sujet|articles (?:similaires|liés)|vous aimerez aussi|"
    r"mehr zum thema|das könnte sie (?:auch )?interessieren|weitere artikel|lesen sie auch|"
    r"leia também|notícias relacionadas|veja também|você pode gostar|leggi anche|"
    r"articoli correlati|notizie correlate|(?:ti )?potrebbe interessarti|llegiu també|lees ook"
)
TAG_HEADING = r"etiquetas|temas|mots-clés|schlagworte|schlagwörter|themen|tópicos|argomenti"
