"""Every human-readable word skatcalc prints, in one place per language.

``en.py`` and ``de.py`` each hold one table from message keys to format strings; a third
language is one more such file, named in :data:`LANGUAGES`. JSON output is for scripts and is
always English, so its keys and values never change with the language.

>>> use("de")
>>> w("outcome.lost")
'verloren'
>>> use("en")
>>> w("outcome.lost")
'lost'
>>> use("fr")
Traceback (most recent call last):
...
skatcalc.errors.SkatError: unknown language 'fr': skatcalc speaks en (English) and de (Deutsch)
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from skatcalc.errors import SkatError
from skatcalc.words import en

__all__ = [
    "LANGUAGES", "current", "detect", "english", "game_word", "raw", "shown", "use", "w",
]  # fmt: skip

LANGUAGES = {"en": "English", "de": "Deutsch"}


class _Speaking:
    """The language in use: one per process, set by the command line before it prints."""

    table: Mapping[str, str] = en.WORDS
    code = "en"


def w(key: str, /, **values: object) -> str:
    """The message ``key`` in the current language, filled in with ``values``."""
    try:
        return _Speaking.table[key].format(**values)
    except KeyError:  # a word a translation lacks (tests keep the tables alike): English
        return en.WORDS[key].format(**values)


def game_word(game: str) -> str:
    """A game's name inside a sentence: ``clubs`` in English, ``Kreuz`` in German."""
    name = w(f"game.{game}")
    return name.lower() if _Speaking.code == "en" else name


def raw(key: str) -> str:
    """The message ``key`` in the current language, not yet filled in."""
    return _Speaking.table.get(key, en.WORDS[key])


def use(code: str) -> None:
    """Speak the language ``code`` (``en`` or ``de``) from now on."""
    if code not in LANGUAGES:
        spoken = " and ".join(f"{c} ({name})" for c, name in LANGUAGES.items())
        raise SkatError(f"unknown language {code!r}: skatcalc speaks {spoken}")
    if code == "de":
        from skatcalc.words import de

        _Speaking.table = de.WORDS
    else:
        _Speaking.table = en.WORDS
    _Speaking.code = code


def current() -> str:
    """The language in use."""
    return _Speaking.code


@contextmanager
def english() -> Iterator[None]:
    """English for a while (JSON text), then back to the language in use."""
    before = _Speaking.code
    if before == "en":
        yield
        return
    use("en")
    try:
        yield
    finally:
        use(before)


def detect(given: str | None, environ: Mapping[str, str] = os.environ) -> str:
    """The language to speak: ``--lang``, else SKATCALC_LANG, else a German locale, else English.

    >>> detect(None, {"LANG": "de_DE.UTF-8"}), detect(None, {"SKATCALC_LANG": "en", "LANG": "de_AT"})
    ('de', 'en')
    >>> detect("de", {}), detect(None, {"LC_ALL": "C"})
    ('de', 'en')
    """
    if given:
        return given
    if environ.get("SKATCALC_LANG"):
        return environ["SKATCALC_LANG"]
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name)
        if value:
            return "de" if value.lower().startswith("de") else "en"
    return "en"


def shown(text: object) -> str:
    """``text`` safe to print on a terminal: every character that does not print as itself
    (controls, escape sequences, bidi marks, line breaks) written as its escape.

    >>> print(shown("evening.toml"), shown("a\\x1b[31mb\\nc\\u202e"))
    evening.toml a\\x1b[31mb\\x0ac\\u202e
    """
    text = str(text)
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else _escape(char) for char in text)


def _escape(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"
