"""A plain ``skatcalc value`` call, answered without Typer.

Importing Typer is about 80 % of a bare one-command Typer app, and building the ``value``
command reads the type hints of its options (docs/performance.md): more than the whole work of
scoring a game. The plain call is the most common one (``skatcalc value kr m2 h 56 b20``), so
:func:`value` reads it here, narrowly: the words of the deal notation and the usual options
(the game's options, the scoring rules' ``--grand-base``, ``--lost-hand-single`` and
``--grand-ouvert-base``, ``--bock``, ``--json``), each
given at most once, as ``--opt VALUE`` or ``--opt=VALUE``, numbers as ASCII digits. It answers
only when all goes well; anything else, help, ``--lang``, ``--batch``, ``--``, a word or value
that starts with ``-``, an unknown or repeated option, a refused game, any error, is answered
by Typer as always (:func:`skatcalc.cli.main` asks this first). The answer is the one Typer's
command gives (tests/cli/test_quick.py runs generated command lines both ways).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

__all__ = ["value"]

_DIGITS = frozenset("0123456789")


def value(args: Sequence[str]) -> int | None:
    """Answer ``skatcalc value ARGS`` when it is a plain call that goes well: the exit code
    (0); None when Typer must answer it (then nothing was written)."""
    read = _read(args)
    if read is None:
        return None
    words, options, extra = read
    import os

    from skatcalc.errors import SkatError
    from skatcalc.words import detect, use

    # as cli/value.py: a line of the notation is answered in the notation, a game with options
    # in the options
    given = len(words) < 2 or any(value is not None for value in options.values())
    try:
        use(detect(None, os.environ))
    except SkatError:
        return None
    from skatcalc.cli.language import configured_language

    # as the root group (cli/app.py): SKATCALC_LANG, else the config file's, else the locale;
    # a broken config file is said and ends the run there, as through Typer
    code = configured_language()
    if code is None:
        return _answer(words, options, extra, given)
    from skatcalc.words import speaking

    with speaking(code):
        return _answer(words, options, extra, given)


def _answer(
    words: list[str], options: dict[str, Any], extra: dict[str, Any], given: bool
) -> int | None:
    from skatcalc.errors import SkatError
    from skatcalc.notation import Kind, combine, parse
    from skatcalc.spec import SCORING_RULES, GameSpec
    from skatcalc.words import entered

    try:
        with entered("options" if given else "words"):
            line = parse(words)
            if line.kind is not Kind.GAME:
                return None
            spec = GameSpec(**combine(line, options))
            rules = {row.name: extra[row.name] for row in SCORING_RULES}
            scoring = spec.score(bock=extra["bock"] or line.bock, **rules)
            line.confirm(scoring)
    except SkatError:  # Typer's command says it, in its words, with its exit code
        return None
    if extra["json"]:
        from skatcalc.cli.output import fit_streams
        from skatcalc.formats.json import scoring_json

        fit_streams(json_lines=True)  # JSON escapes where the encoding lacks a sign
        sys.stdout.write(scoring_json(scoring) + "\n")
    else:
        from skatcalc.cli.output import write
        from skatcalc.words import report

        write(report.lines(scoring))
    return 0


def _read(args: Sequence[str]) -> tuple[list[str], dict[str, Any], dict[str, Any]] | None:
    """The words, the game's options (by field; None: not given) and the command's own, as
    Click would read them; None for anything but a plain call."""
    from skatcalc.spec import GAME_OPTIONS, SCORING_RULES

    kinds: dict[str, tuple[str, type]] = {o.flags: (o.name, o.kind) for o in GAME_OPTIONS}
    kinds.update({row.flag: (row.name, row.kind) for row in SCORING_RULES}, **_OWN)
    options: dict[str, Any] = {o.name: None for o in GAME_OPTIONS}
    extra: dict[str, Any] = {"bock": False, "json": False}
    extra.update({row.name: row.default for row in SCORING_RULES})
    seen: set[str] = set()
    words: list[str] = []
    rest = list(args)
    while rest:
        arg = rest.pop(0)
        if not arg.startswith("-"):
            words.append(arg)
            continue
        flag, eq, given = arg.partition("=")
        if flag not in kinds or flag in seen:
            return None
        seen.add(flag)
        name, kind = kinds[flag]
        if kind is bool:
            if eq:
                return None
            found: Any = True
        else:
            if not eq:
                if not rest:
                    return None
                given = rest.pop(0)
            if given.startswith("-"):
                return None
            if kind is int:
                if not given or not _DIGITS.issuperset(given) or len(given) > 4:
                    return None
                found = int(given)
            else:
                found = given
        if name in options:
            options[name] = found
        else:
            extra[name] = found
    if not words:
        return None
    return words, options, extra


_OWN: dict[str, tuple[str, type]] = {"--bock": ("bock", bool), "--json": ("json", bool)}
"""``value``'s own options besides the game's and the scoring rules (cli/value.py)."""
