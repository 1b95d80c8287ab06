"""The one place where errors become a message on stderr and an exit code.

Exit codes (docs/exit-codes.md): 0 done, 2 usage (unknown option, missing argument), 3 a game
the rules reject, 4 a sheet change refused, 5 a sheet file that cannot be read or written.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from skatcalc.errors import SkatError, UsageError
from skatcalc.words import message, shown

if TYPE_CHECKING:
    import typer


def refuse(error: SkatError) -> typer.Exit:
    """``error: …`` (``Fehler: …``), the error in words, on stderr, and the Exit with its code
    to raise (:func:`error_lines`)."""
    import typer

    sys.stderr.write(error_lines(message(error)) + "\n")
    return typer.Exit(error.exit_code)


def error_lines(said: str) -> str:
    """``said``, an error in words, as stderr shows it: ``error: …`` in the language in use
    (``Fehler: …``). To a pipe or a file it is one line, whatever it quotes: a file name or
    other text typed by a user is shown with its control characters escaped, so no escape
    sequence reaches the terminal. At a terminal the line is broken between words to the
    terminal's width (COLUMNS, else the terminal's own), like every other answer.
    """
    from skatcalc.words import w

    line = w("error.line", message=shown(said))
    width = stderr_width()
    if width is None:
        return line
    from skatcalc.width import wrap

    return "\n".join(wrap(line, width))


def stderr_width() -> int | None:
    """The width of the terminal stderr writes to (COLUMNS first, as for stdout), or None
    when stderr is no terminal: a pipe or a file gets every error on one line."""
    import os

    stream = sys.stderr
    try:
        if not stream.isatty():
            return None
        columns = os.environ.get("COLUMNS", "")
        if columns.isdigit() and int(columns) > 0:
            return int(columns)
        return os.get_terminal_size(stream.fileno()).columns or 80
    except (AttributeError, OSError, ValueError):  # a stream with no descriptor, or closed
        return None


def usage(code: str, /, **params: Any) -> typer.Exit:
    """An option combination the command does not take: ``error: …`` and exit 2."""
    return refuse(UsageError(code, **params))


def as_usage(error: SkatError) -> UsageError:
    """``error`` as a usage error (exit 2): an option's value refused by the domain."""
    return UsageError(error.code, deal=error.deal, field=error.field, **error.params)


@contextmanager
def reported() -> Iterator[None]:
    """Turn a :class:`SkatError` raised inside into its message and exit code."""
    try:
        yield
    except SkatError as error:
        raise refuse(error) from None
    finally:
        cache_note()


def cache_note() -> None:
    """Say that the cache folder cannot be used, once (:func:`skatcalc.store.state.unusable`
    decides when): only a command that looked for it has imported the state, so any other
    pays nothing here."""
    state = sys.modules.get("skatcalc.store.state")
    where = None if state is None else state.unusable()
    if where is not None:
        from skatcalc.words import w

        sys.stderr.write(w("note.cache.unusable", folder=shown(where)) + "\n")
