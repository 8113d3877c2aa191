"""Player-visible text from the gettext catalogs in `havana_game/locale/`.

Messages are looked up by stable keys ("menu.new", "log.pesos.market", "card.mama"):
the engine's event kinds, card keys and reason codes map onto them directly, and
the English catalog holds the English text like any other language. Every text
is a whole sentence with named placeholders (`{name}`); counts go through
`ngettext`, which picks the language's plural form from the catalog's
Plural-Forms header.

The current language is process-wide; `set_language` takes effect on the next
lookup, so screens show the new language as soon as they are drawn again.
"""

from __future__ import annotations

import gettext as _gettext
from functools import cache
from pathlib import Path

DOMAIN = "havana"
LOCALE_DIR = Path(__file__).with_name("locale")
LANGUAGES = ("en", "fr", "pt", "ru")
"""Languages with a catalog; English is the fallback for anything else."""
FALLBACK = "en"
LANGUAGE_NAMES = {"en": "English", "fr": "Français", "pt": "Português", "ru": "Русский"}
"""Each language in its own name (the language switch shows these, untranslated)."""

_current = FALLBACK


@cache
def translations(language: str) -> _gettext.NullTranslations:
    """The catalog of `language`, falling back to English for a missing message."""
    english = _gettext.translation(DOMAIN, LOCALE_DIR, languages=[FALLBACK])
    if language == FALLBACK:
        return english
    catalog = _gettext.translation(DOMAIN, LOCALE_DIR, languages=[language])
    catalog.add_fallback(english)
    return catalog


def system_language(environ: dict[str, str] | None = None) -> str:
    """The user's first preferred language that has a catalog, else English: the
    locale variables (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, as gettext reads them),
    or where none is set (Windows, macOS started from Finder) the system's list
    (`platforms.preferred_languages`). With `environ`, only its variables count."""
    from .platforms import preferred_languages
    return next((code for code in preferred_languages(environ) if code in LANGUAGES),
                FALLBACK)


def set_language(language: str) -> None:
    """Make `language` current (English if it has no catalog)."""
    global _current
    _current = language if language in LANGUAGES else FALLBACK


def current_language() -> str:
    """The language text is shown in now."""
    return _current


def has_message(key: str) -> bool:
    """True if the catalogs have a message `key` (for keys made from codes)."""
    return translations(FALLBACK).gettext(key) != key


def gettext(key: str, **values: object) -> str:
    """The message `key` in the current language with its placeholders filled in."""
    text = translations(_current).gettext(key)
    return text.format(**values) if values else text


def ngettext(key: str, count: int, **values: object) -> str:
    """The plural form of message `key` for `count` in the current language;
    `{count}` and the other placeholders are filled in."""
    text = translations(_current).ngettext(key, key, count)
    return text.format(count=count, **values)
