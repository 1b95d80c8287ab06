"""The errors skatcalc raises: one class per kind of failure, all under :class:`SkatError`.

An error is data: a ``code`` (the key of its sentence in the word tables), the ``params`` that
fill the sentence in, and the ``field`` and ``deal`` it concerns. Its words are made only when it
is shown, by the edge that shows it (``skatcalc.words.message(error)``), in the language in use
then; this module knows no words. Each class carries the exit code the command line uses for it,
so the CLI maps errors to codes in one place (see docs/exit-codes.md).

>>> error = TopsError("err.tops.null", tops=say("tops.with", count=2), field="with")
>>> error.code, error.field, error.exit_code
('err.tops.null', 'with', 3)
>>> from skatcalc.words import message, speaking
>>> message(error)
'Null has no tops: drop with 2'
>>> with speaking("de"):
...     message(error)
'Null hat keine Spitzen: mit 2 weglassen'

``str(error)`` is the error as data, for a log or a traceback, in no language; ``repr`` builds
it again:

>>> str(error)
'err.tops.null(tops=tops.with(count=2))'
>>> error
TopsError('err.tops.null', field='with', tops=Say(key='tops.with', values={'count': 2}))


A phrase inside a message (``with 2`` above) is data too, put in words with the message:

>>> say("notation.player", name="Anna")
Say(key='notation.player', values={'name': 'Anna'})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


class Say:
    """A phrase not yet in words: the key of its words and the values that fill them in.

    Used as a value inside an error's ``params`` (or another ``Say``) when the message holds a
    phrase that depends on the language. :func:`any_of` and :func:`all_of` list several.
    (A plain class, not a dataclass: every call of the command line imports this module, and a
    dataclass costs about a millisecond to build.)
    """

    __slots__ = ("key", "values")
    __hash__ = None  # type: ignore[assignment]  # its values are a mapping

    def __init__(self, key: str, values: Mapping[str, object]) -> None:
        self.key = key
        self.values = values

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Say):
            return NotImplemented
        return (self.key, dict(self.values)) == (other.key, dict(other.values))

    def __repr__(self) -> str:
        return f"Say(key={self.key!r}, values={dict(self.values)!r})"


def say(key: str, /, **values: object) -> Say:
    """The phrase ``key`` filled in with ``values``, to be put in words at the edge."""
    return Say(key, values)


def any_of(items: Sequence[object]) -> Say:
    """Several things, one of which is meant: ``a, b or c`` (``a, b oder c``)."""
    return Say("join.or", {"items": tuple(items)})


def all_of(items: Sequence[object]) -> Say:
    """Several things, all meant: ``a, b and c`` (``a, b und c``)."""
    return Say("join.and", {"items": tuple(items)})


LITERAL = "literal"
"""The phrase of a value quoted as it was given in a file or a JSON line (:func:`as_written`)."""


def as_written(value: object) -> Say:
    """A value quoted as a JSON line or a TOML file spells it: ``true``, ``"2"``."""
    return Say(LITERAL, {"value": value})


def listed(items: Sequence[object]) -> Say:
    """Several things listed: ``a, b, c`` (``-`` for none): names, keys, choices."""
    return Say("join.list", {"items": tuple(items)})


class SkatError(ValueError):
    """Base of every error skatcalc reports to a user.

    ``code`` is the key of the sentence that says what is wrong and what would be valid
    (``skatcalc/words/en.py``), ``params`` fill it in. ``deal`` is the number of the sheet's deal
    it is about, when it is about one; ``field`` the key of a sheet file or JSON line it concerns
    (``"points"``, ``"with"``, ...), when it is about one: the store finds an error's line by
    these, never by its wording. ``str(error)`` is the code and the params (the error as data);
    its sentence is ``skatcalc.words.message(error)``, made by the edge that shows it.
    """

    exit_code = 3

    def __init__(
        self, code: str, /, *, deal: int | None = None, field: str | None = None, **params: Any
    ) -> None:
        super().__init__(code)
        self.code = code
        self.params: dict[str, Any] = params
        self.deal = deal
        self.field = field

    def __str__(self) -> str:
        return _data(self)

    def __repr__(self) -> str:
        where = {"deal": self.deal, "field": self.field}
        shown = [f"{k}={v!r}" for k, v in where.items() if v is not None]
        shown += [f"{k}={v!r}" for k, v in self.params.items()]
        return f"{type(self).__name__}({', '.join([repr(self.code), *shown])})"


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


def _data(value: object) -> str:
    """An error or a phrase as data, without words: ``key(name=value, ...)``."""
    values: Mapping[str, object]
    if isinstance(value, SkatError):
        key, values = value.code, value.params
    elif isinstance(value, Say):
        key, values = value.key, value.values
    elif isinstance(value, tuple | list):
        return f"({', '.join(_data(v) for v in value)})"
    else:
        return repr(value)
    if not values:
        return key
    return f"{key}({', '.join(f'{k}={_data(v)}' for k, v in values.items())})"
