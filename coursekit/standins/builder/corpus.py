"""Deterministic generated text: what tokenizers are trained on and datasets are filled with.

Sentences are drawn from small word lists with a seeded ``random.Random``, so the
same seed always gives the same text, in English with some French, German and
Spanish, plus a little Python for code corpora.
"""

from __future__ import annotations

import random

SUBJECTS = ["The company", "My friend", "The minister", "This course", "The movie", "Our team",
            "A student", "The weather", "Sylvain", "The model", "The city of Paris",
            "Hugging Face", "The old dog", "Two children", "The new phone", "The library"]
VERBS = ["announced", "loved", "hated", "explained", "bought", "opened", "visited", "tested",
         "trained", "wrote", "reviewed", "found", "built", "moved", "painted", "played"]
OBJECTS = ["a new budget", "the results", "this film", "the final report", "a small bridge",
           "the software", "a short story", "the football match", "their dinner",
           "a language model", "the data set", "its annual forecast", "the museum",
           "a red bicycle", "the quiet kitchen", "three books"]
ENDINGS = ["yesterday", "in Berlin", "last week", "in New York", "on Monday", "after lunch",
           "with great care", "for the first time", "very quickly", "at the station", "",
           "despite the rain", "in 2021", "near the river", "this morning", ""]
OPINIONS = ["I really loved it", "it was terrible", "what a great experience",
            "the acting was awful", "highly recommended", "a waste of time",
            "absolutely wonderful", "not bad at all", "boring and too long"]
FOREIGN_BY_LANGUAGE = {
    "fr": ["le chat dort sur le canapé", "nous avons mangé une pomme", "la maison est grande",
           "ouvrez le fichier", "enregistrer le document", "le serveur ne répond pas"],
    "de": ["der Hund spielt im Garten", "ich lese ein Buch", "das Wetter ist schön",
           "die Datei öffnen"],
    "es": ["el niño come una manzana", "la casa es muy bonita", "me gusta aprender",
           "abrir el archivo"],
}
FOREIGN = [s for sentences in FOREIGN_BY_LANGUAGE.values() for s in sentences]
SPOKEN = {
    "nl": ["de vergadering is geëindigd", "wij zijn geïnteresseerd in één voorstel",
           "de financiële steun voor België komt later", "het café aan de overkant is dicht",
           "de coördinatie van de reünie was moeilijk", "zij sprak over Curaçao en Zürich",
           "wij drinken een crème brûlée à la carte", "de naïeve vraag werd niet beantwoord",
           "dat is níet wat wij vóór de stemming zeiden", "de collega's uit Köln zijn er"],
    "it": ["la città è molto più grande", "perché non siamo arrivati in tempo",
           "il caffè è già pronto", "però la riunione è finita", "così è la vita"],
}
"""Sentences of the transcripts of speech datasets in other languages, with their
letters (accents, diaresis): a lesson that gathers the characters of a transcript finds
those of the language. Kept apart from what tokenizers are trained on."""
CODE = ["def add(a, b):\n    return a + b", "import numpy as np\nx = np.zeros(3)",
        "for i in range(10):\n    print(i)", "class Point:\n    def __init__(self, x):\n"
        "        self.x = x", "import pandas as pd\ndf = pd.read_csv('data.csv')",
        "def mean(values):\n    return sum(values) / len(values)",
        "import matplotlib.pyplot as plt\nplt.plot(x, y)"]
COMMON = ("Hello world! Hello, my name is Sylvain and I work at Hugging Face in Brooklyn. "
          "I've been waiting for a course like this my whole life. I hate this so much! "
          "This is a test. What is your name? The quick brown fox jumps over the lazy dog.")
CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,;:!?'\"()-_ "


def sentence(rng: random.Random) -> str:
    words = [rng.choice(SUBJECTS), rng.choice(VERBS), rng.choice(OBJECTS), rng.choice(ENDINGS)]
    text = " ".join(w for w in words if w)
    if rng.random() < 0.3:
        text += ", and " + rng.choice(OPINIONS)
    return text + rng.choice([".", ".", "!", "?"])


def paragraph(rng: random.Random, sentences: int = 4) -> str:
    return " ".join(sentence(rng) for _ in range(rng.randint(2, sentences)))


def article(rng: random.Random, shortest: int = 60, longest: int = 420) -> str:
    """Sentences up to a word count drawn between ``shortest`` and ``longest``: as long as
    the real datasets' contexts, articles and reviews, which lessons truncate and
    split into overlapping windows (``stride=``, ``return_overflowing_tokens=``)."""
    target = rng.randint(shortest, longest)
    out: list[str] = []
    words = 0
    while words < target:
        out.append(sentence(rng))
        words += out[-1].count(" ") + 1
    return " ".join(out)


def foreign(rng: random.Random, language: str | None = None) -> str:
    """A sentence in ``language`` (French, German or Spanish; any of them by default)."""
    return rng.choice(FOREIGN_BY_LANGUAGE.get(language or "", FOREIGN)).capitalize() + "."


def spoken(rng: random.Random, language: str) -> str | None:
    """A transcript-like sentence in ``language``, ``None`` for a language without any."""
    sentences = SPOKEN.get(language) or FOREIGN_BY_LANGUAGE.get(language)
    if not sentences:
        return None
    picked = [rng.choice(sentences) for _ in range(rng.randint(1, 3))]
    return ", ".join(picked).capitalize() + rng.choice([".", ".", "?"])


def code(rng: random.Random) -> str:
    return "\n\n".join(rng.choice(CODE) for _ in range(rng.randint(1, 3)))


def training_text(seed: int = 0, lines: int = 2500) -> list[str]:
    """Lines to train a tokenizer on: prose, some other languages, some code."""
    rng = random.Random(f"tokenizer:{seed}")
    out = [CHARS, COMMON, COMMON.lower()]
    for i in range(lines):
        kind = i % 10
        if kind < 7:
            out.append(sentence(rng))
        elif kind < 9:
            out.append(foreign(rng))
        else:
            out.append(code(rng))
    return out
