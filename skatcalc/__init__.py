"""skatcalc: Skat scoring by the International Skat Order.

Score a game in three lines:

>>> import skatcalc
>>> game = skatcalc.score("clubs", with_=2, hand=True, points=56, bid=20)
>>> game.outcome.value, game.value, game.score
('lost', 48, -96)

The domain core (cards, games, value, the sheet model) is pure: no printing, no files.

The guide to the library is docs/library.md: a game, a sheet and its deals, the totals, the
settlement, the house rules, a tournament's ranking, the files (the store) and the words.

``import skatcalc`` imports only what scores one game (a plain ``skatcalc value`` call starts
through this package, tests/cli/test_startup.py). The sheet, the tournament, the store and the
words are named here too, and imported the first time a name of theirs is asked for:

>>> skatcalc.Sheet.new(["Anna", "Ben", "Carl"]).players
('Anna', 'Ben', 'Carl')
>>> skatcalc.Scoresheet
Traceback (most recent call last):
...
AttributeError: module 'skatcalc' has no attribute 'Scoresheet'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skatcalc.cards import DECK, Card, Rank, Suit, parse_cards
from skatcalc.errors import (
    BidError,
    CardError,
    DeclarationError,
    GameError,
    ResultError,
    SheetBusyError,
    SheetError,
    SheetFileError,
    SkatError,
    TopsError,
)
from skatcalc.games import NULL_VALUES, Declaration, GameType
from skatcalc.value import BIDS, Level, Outcome, Play, Scoring, Tops, score

if TYPE_CHECKING:  # for mypy and editors; at run time each comes from _LAZY when asked for
    from collections.abc import Callable
    from os import PathLike
    from pathlib import Path

    from skatcalc.sheet.entry import deal_from_words
    from skatcalc.sheet.model import (
        PRESETS,
        Deal,
        PlayerTotal,
        Ramsch,
        Rules,
        ScoredDeal,
        Sheet,
        Tally,
    )
    from skatcalc.sheet.stats import (
        Payment,
        Settlement,
        fewest_transfers,
        settle,
        settle_sheets,
        with_transfers,
    )
    from skatcalc.spec import GameSpec
    from skatcalc.tournament.model import Table, Tournament
    from skatcalc.tournament.standings import FeeRule, Standing, Standings, standings
    from skatcalc.words import message, speaking

__version__ = "0.1.0"  # the one place: pyproject.toml reads it (dynamic version)
"""This skatcalc's version (pyproject.toml reads it from here)."""

_LAZY: dict[str, tuple[str, str]] = {
    # the score sheet (pure)
    "Deal": ("skatcalc.sheet.model", "Deal"),
    "GameSpec": ("skatcalc.spec", "GameSpec"),
    "PRESETS": ("skatcalc.sheet.model", "PRESETS"),
    "PlayerTotal": ("skatcalc.sheet.model", "PlayerTotal"),
    "Ramsch": ("skatcalc.sheet.model", "Ramsch"),
    "Rules": ("skatcalc.sheet.model", "Rules"),
    "ScoredDeal": ("skatcalc.sheet.model", "ScoredDeal"),
    "Sheet": ("skatcalc.sheet.model", "Sheet"),
    "Tally": ("skatcalc.sheet.model", "Tally"),
    "deal_from_words": ("skatcalc.sheet.entry", "deal_from_words"),
    # the settlement (pure)
    "Payment": ("skatcalc.sheet.stats", "Payment"),
    "Settlement": ("skatcalc.sheet.stats", "Settlement"),
    "settle": ("skatcalc.sheet.stats", "settle"),
    "settle_sheets": ("skatcalc.sheet.stats", "settle_sheets"),
    "fewest_transfers": ("skatcalc.sheet.stats", "fewest_transfers"),
    "with_transfers": ("skatcalc.sheet.stats", "with_transfers"),
    # the tournament (pure)
    "FeeRule": ("skatcalc.tournament.standings", "FeeRule"),
    "Standing": ("skatcalc.tournament.standings", "Standing"),
    "Standings": ("skatcalc.tournament.standings", "Standings"),
    "Table": ("skatcalc.tournament.model", "Table"),
    "Tournament": ("skatcalc.tournament.model", "Tournament"),
    "standings": ("skatcalc.tournament.standings", "standings"),
    # the words: an error's sentence, the language for a block
    "message": ("skatcalc.words", "message"),
    "speaking": ("skatcalc.words", "speaking"),
}
"""The names imported when first asked for: name -> (module, its name there)."""


# --- the files: the store's lock, atomic write and refusals, for a path given as text too ------
# The store's modules are named here alone (skatcalc.store.sheet, skatcalc.store.tournament):
# when the store moves, the imports in these functions change and nothing else.


def _path(path: str | PathLike[str]) -> Path:
    from pathlib import Path

    return Path(path)


def load_sheet(path: str | PathLike[str]) -> Sheet:
    """The sheet in the file at ``path`` (docs/sheet-format.md). A file that cannot be read, or
    is not a sheet, raises a :class:`SheetFileError` naming the line where it can.

    >>> try:
    ...     load_sheet("no-such-sheet.toml")
    ... except SheetFileError as error:
    ...     print(error.code, error.exit_code)
    err.file.no_sheet 5
    """
    from skatcalc.store.sheet import load

    return load(_path(path))


def create_sheet(path: str | PathLike[str], sheet: Sheet) -> None:
    """Write ``sheet`` to a new file at ``path``, all or nothing; a path that exists is
    refused (a :class:`SheetError`, ``err.file.exists``), whatever it holds."""
    from skatcalc.store.sheet import create

    create(_path(path), sheet)


def update_sheet(
    path: str | PathLike[str], change: Callable[[Sheet], Sheet]
) -> tuple[Sheet, Sheet]:
    """Change the sheet at ``path``: read it under the file's lock, apply ``change`` (the
    sheet to the new sheet), write the new one atomically (a temporary file in the same folder,
    flushed, synced and put in place), and give the sheet before and after. When ``change``
    raises, the file is left as it was. A sheet's state is kept in the user's cache folder
    (``SKATCALC_CACHE_DIR``, empty for none), so the next deal added reads no deal before it.

    >>> try:
    ...     update_sheet("no-such-sheet.toml", lambda sheet: sheet)
    ... except SheetFileError as error:
    ...     print(error.code)
    err.file.no_sheet
    """
    from skatcalc.store.sheet import update

    return update(_path(path), change)


def load_tournament(path: str | PathLike[str]) -> Tournament:
    """The tournament in the file at ``path`` (docs/tournament.md); a file that cannot be
    read, or is not a tournament, raises a :class:`SheetFileError`.

    >>> try:
    ...     load_tournament("no-such-tournament.toml")
    ... except SheetFileError as error:
    ...     print(error.code, error.exit_code)
    err.tfile.missing 5
    """
    from skatcalc.store.tournament import load

    return load(_path(path))


def create_tournament(path: str | PathLike[str], tournament: Tournament) -> None:
    """Write ``tournament`` to a new file at ``path``; a path that exists is refused."""
    from skatcalc.store.tournament import create

    create(_path(path), tournament)


def update_tournament(
    path: str | PathLike[str], change: Callable[[Tournament], Tournament]
) -> tuple[Tournament, Tournament]:
    """Change the tournament at ``path`` under the file's lock, as :func:`update_sheet` changes
    a sheet (``change`` may do more under the lock, such as create the tables' sheets); the
    tournament before and after. When ``change`` raises, the file is left as it was."""
    from skatcalc.store.tournament import update

    return update(_path(path), change)


def table_sheet(path: str | PathLike[str], table: Table) -> Sheet | None:
    """The sheet of ``table`` of the tournament at ``path``, a file in the tournament's folder
    under the name the draw gave it; None while it has none. A symbolic link is refused."""
    from skatcalc.store.tournament import table_sheet as read

    return read(_path(path), table)


def __getattr__(name: str) -> object:
    """A name of :data:`_LAZY`, imported now and kept (PEP 562)."""
    try:
        module, attribute = _LAZY[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    from importlib import import_module

    value = getattr(import_module(module), attribute)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})


__all__ = [
    "BIDS",
    "DECK",
    "NULL_VALUES",
    "PRESETS",
    "BidError",
    "Card",
    "CardError",
    "Deal",
    "Declaration",
    "DeclarationError",
    "FeeRule",
    "GameError",
    "GameSpec",
    "GameType",
    "Level",
    "Outcome",
    "Payment",
    "Play",
    "PlayerTotal",
    "Ramsch",
    "Rank",
    "ResultError",
    "Rules",
    "ScoredDeal",
    "Scoring",
    "Settlement",
    "Sheet",
    "SheetBusyError",
    "SheetError",
    "SheetFileError",
    "SkatError",
    "Standing",
    "Standings",
    "Suit",
    "Table",
    "Tally",
    "Tops",
    "TopsError",
    "Tournament",
    "__version__",
    "create_sheet",
    "create_tournament",
    "deal_from_words",
    "fewest_transfers",
    "load_sheet",
    "load_tournament",
    "message",
    "parse_cards",
    "score",
    "settle",
    "settle_sheets",
    "speaking",
    "standings",
    "table_sheet",
    "update_sheet",
    "update_tournament",
    "with_transfers",
]
