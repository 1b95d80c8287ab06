"""Where the command line's language comes from, before Click parses the line: ``--lang`` on
the line (:func:`given_language`), else SKATCALC_LANG, else the config file's ``lang``
(:func:`configured_language`), else the locale (``skatcalc.cli.main``).

Imported by the root (:mod:`skatcalc.cli.app`) on every call: it imports nothing else until the
config file is there to read.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["configured_language", "given_language"]


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


def configured_language() -> str | None:
    """The config file's ``lang`` (:mod:`skatcalc.store.config`), when SKATCALC_LANG gives none
    (the root asks only when the command line gives none): the file beats the locale. No file:
    one look at the path, nothing imported (bench/startup.py). A broken file: its one line
    (the file, the line, the problem) and exit 5.
    """
    import os

    if os.environ.get("SKATCALC_LANG"):
        return None
    from skatcalc.errors import SkatError
    from skatcalc.store.config_file import language, read, where

    path = where()
    try:
        config = read(path)
    except SkatError as error:  # before Click runs: said as the command line says an error
        from skatcalc.cli.errors import refuse
        from skatcalc.words import current, speaking

        with speaking(language(path) or current()):  # in the file's language, where it says one
            refused = refuse(error)
        raise SystemExit(refused.exit_code) from None
    return None if config is None else config.lang
