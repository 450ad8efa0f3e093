"""The static site's own words around the app and the lessons (page titles, links, the loading
line), in every interface language: the build writes them into the pages (``site_build``), so
they go through the catalogues like every other text a learner reads.

>>> page_words("de")["lessons"]
'Lektionen'
"""

from __future__ import annotations

from ..i18n import N_, translator

PAGE_WORDS = {
    "title": N_("Danish card games"),
    "lessons": N_("Lessons"),
    "all_lessons": N_("All lessons"),
    "play": N_("Play the games"),
    "language": N_("Language"),
    "loading": N_("Starting Python in your browser..."),
    "failed": N_("Python could not answer in this browser:"),
    "about": N_("Everything runs in your browser: once loaded, this page works offline too. Your browser also "
                "holds every hidden card, so this page is for learning, not for a contest."),
    "lessons_intro": N_("The lessons of danish_nb: each rule quoted, positions to look at and quizzes whose "
                        "verdicts come from the rules engine running in your browser. The lessons' own text is "
                        "in English; rules, tables and verdicts are in your language."),
    "code": N_("Show the Python code"),
    "app_here": N_("In Jupyter, the whole app stood here:"),
}


def page_words(lang: str) -> dict[str, str]:
    """Every word of :data:`PAGE_WORDS` in ``lang``."""
    tr = translator(lang)
    return {key: tr(text) for key, text in PAGE_WORDS.items()}


__all__ = ["PAGE_WORDS", "page_words"]
