"""Where the command line's language comes from, before Click parses the line: ``--lang`` on
the line (:func:`given_language`), else SKATCALC_LANG, else the config file's ``lang``
(:func:`configured_language`), else the locale, else English. That order is worked out in one
place, :func:`chosen_language`; every path asks it (the root, the plain ``value`` call, what is
said before Typer runs, ``skatcalc config``; tests/cli/test_one_answer.py).

Imported by the root (:mod:`skatcalc.cli.app`) on every call: it imports nothing else until the
config file is there to read.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

__all__ = [
    "LOCALE", "chosen_language", "configured_language", "environment_language", "given_language",
    "run_language",
]  # fmt: skip

LOCALE = ("LC_ALL", "LC_MESSAGES", "LANG")
"""The locale's variables, the first one set wins (as ``gettext`` reads them)."""


def chosen_language(
    line: Sequence[str],
    environ: Mapping[str, str],
    configured: Callable[[], str | None] | None = None,
) -> tuple[str, str]:
    """The language to speak and where it comes from: ``--lang`` on the ``line``
    (``option``), else SKATCALC_LANG (``environment``), else the config file's ``lang``
    (``config``: ``configured()``, asked only then; no ``configured``: no file), else a German
    or other locale (``locale``), else English (``default``). The one place of that order.
    SKATCALC_LANG is given as it is set (speaking it refuses a language skatcalc lacks).

    >>> chosen_language(["value", "--lang", "de"], {"SKATCALC_LANG": "en"}, lambda: "en")
    ('de', 'option')
    >>> chosen_language([], {"SKATCALC_LANG": "fr", "LANG": "de_DE"}, lambda: "de")
    ('fr', 'environment')
    >>> chosen_language([], {"LANG": "en_GB.UTF-8"}, lambda: "de")
    ('de', 'config')
    >>> chosen_language([], {"LANG": "de_AT.UTF-8"}, lambda: None)
    ('de', 'locale')
    >>> chosen_language([], {"LC_ALL": "C", "LANG": "de_DE"}), chosen_language([], {"LANG": ""})
    (('en', 'locale'), ('en', 'default'))
    """
    given = given_language(line)
    if given is not None:
        return given, "option"
    if environ.get("SKATCALC_LANG"):
        return environ["SKATCALC_LANG"], "environment"
    code = None if configured is None else configured()
    if code is not None:
        return code, "config"
    for name in LOCALE:
        value = environ.get(name)
        if value:
            return ("de" if value.lower().startswith("de") else "en"), "locale"
    return "en", "default"


def given_language(line: Sequence[str]) -> str | None:
    """The language ``--lang`` gives on the command line (the last one, before ``--``), if it is
    one skatcalc speaks. The one place ``--lang`` is read: before Click parses the line, so even
    a usage error Click raises before it reaches the option (``value --bogus --lang de``) is in
    that language. The line is read, never changed.

    >>> given_language(["value", "kr", "--lang", "de"]), given_language(["--lang=en", "bid"])
    ('de', 'en')
    >>> given_language(["value", "--", "--lang", "de"]), given_language(["--lang", "fr"])
    (None, None)
    """
    from skatcalc.words import LANGUAGES

    code = None
    for n, arg in enumerate(line):
        if arg == "--":
            break
        if arg == "--lang" and n + 1 < len(line):
            code = line[n + 1]
        elif arg.startswith("--lang="):
            code = arg.removeprefix("--lang=")
    return code if code in LANGUAGES else None


def environment_language() -> str:
    """The environment's language (SKATCALC_LANG, else the locale): what ``skatcalc.cli.main``
    speaks from the start, before the line and the config file are read."""
    import os

    return chosen_language((), os.environ)[0]


def run_language(line: Sequence[str]) -> str | None:
    """The language the run speaks over the environment's: the line's ``--lang``, else the
    config file's when SKATCALC_LANG gives none; None: the environment's (or the caller's)."""
    import os

    code, source = chosen_language(line, os.environ, configured_language)
    return code if source in ("option", "config") else None


def configured_language() -> str | None:
    """The config file's ``lang`` (:mod:`skatcalc.store.config`); :func:`chosen_language` asks
    only when neither the line nor SKATCALC_LANG gives one: the file beats the locale. No file:
    one look at the path, nothing imported (bench/startup.py). A broken file: its one line
    (the file, the line, the problem) and exit 5.
    """
    from skatcalc.errors import SkatError
    from skatcalc.store.config_file import language, read, where_text

    path = where_text()
    try:
        config = read(path)
    except SkatError as error:  # before Click runs: said as the command line says an error
        from skatcalc.cli.errors import refuse
        from skatcalc.words import current, speaking

        with speaking(language(path) or current()):  # in the file's language, where it says one
            refused = refuse(error)
        raise SystemExit(refused.exit_code) from None
    return None if config is None else config.lang
