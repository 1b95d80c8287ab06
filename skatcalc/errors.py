"""The errors skatcalc raises: one class per kind of failure, all under :class:`SkatError`.

Each carries the exit code the command line uses for it, so the CLI maps errors to codes in one
place (see docs/exit-codes.md).

>>> from skatcalc.cards import Card
>>> try:
...     Card.parse("CX")
... except SkatError as error:
...     print(type(error).__name__, error.exit_code)
CardError 3
"""

from __future__ import annotations


class SkatError(ValueError):
    """Base of every error skatcalc reports to a user: the message says what is wrong and what
    would be valid. ``deal`` is the number of the sheet's deal it is about, when it is about one.
    """

    exit_code = 3

    def __init__(self, message: str, *, deal: int | None = None) -> None:
        super().__init__(message)
        self.deal = deal


class UsageError(SkatError):
    """An option value that is not one the option takes (exit 2, like Typer's usage errors)."""

    exit_code = 2


class CardError(SkatError):
    """A card, or a set of cards, that cannot be read or cannot be a Skat hand."""


class GameError(SkatError):
    """An unknown game name."""


class DeclarationError(SkatError):
    """A declaration the rules do not allow (announcements without hand, in Null, ...)."""


class TopsError(SkatError):
    """Tops that the game cannot have, or tops given twice."""


class ResultError(SkatError):
    """Card points or tricks that are out of range or contradict each other."""


class BidError(SkatError):
    """A bid that is not a legal bid, or a Null game below the bid."""


class SheetError(SkatError):
    """A score sheet that cannot be changed as asked (unknown player, no such deal, ...)."""

    exit_code = 4


class SheetFileError(SheetError):
    """A sheet file that cannot be read, parsed or written; the message names the line."""

    exit_code = 5


class SheetBusyError(SheetFileError):
    """Another skatcalc holds the sheet's lock for longer than we wait."""
