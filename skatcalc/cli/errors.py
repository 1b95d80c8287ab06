"""The one place where errors become a message on stderr and an exit code.

Exit codes (docs/exit-codes.md): 0 done, 2 usage (unknown option, missing argument), 3 a game
the rules reject, 4 a sheet change refused, 5 a sheet file that cannot be read or written.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import typer

from skatcalc.errors import SkatError, UsageError
from skatcalc.words import message, shown


def refuse(error: SkatError) -> typer.Exit:
    """``error: …``, the error in words, on stderr, and the Exit with its code to raise.

    The message is one line, whatever it quotes: a file name or other text typed by a user is
    shown with its control characters escaped, so no escape sequence reaches the terminal.
    """
    sys.stderr.write(f"error: {shown(message(error))}\n")
    return typer.Exit(error.exit_code)


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
