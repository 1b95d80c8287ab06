"""The one place where errors become a message on stderr and an exit code.

Exit codes (docs/exit-codes.md): 0 done, 2 usage (unknown option, missing argument), 3 a game
the rules reject, 4 a sheet change refused, 5 a sheet file that cannot be read or written.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager

import typer

from skatcalc.errors import SkatError
from skatcalc.words import shown


def fail(message: str, code: int) -> typer.Exit:
    """Print ``error: message`` on stderr and return the Exit to raise.

    The message is one line, whatever it quotes: a file name or other text typed by a user is
    shown with its control characters escaped, so no escape sequence reaches the terminal.
    """
    sys.stderr.write(f"error: {shown(message)}\n")
    return typer.Exit(code)


@contextmanager
def reported() -> Iterator[None]:
    """Turn a :class:`SkatError` raised inside into its message and exit code."""
    try:
        yield
    except SkatError as error:
        raise fail(str(error), error.exit_code) from None
