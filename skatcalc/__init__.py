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
>>> skatcalc.Shet
Traceback (most recent call last):
...
AttributeError: module 'skatcalc' has no attribute 'Shet'
"""

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
    from skatcalc.sheet.stats import Payment, Settlement, settle, settle_sheets
    from skatcalc.sheet.store import create as create_sheet
    from skatcalc.sheet.store import load as load_sheet
    from skatcalc.sheet.store import update as update_sheet
    from skatcalc.spec import GameSpec
    from skatcalc.tournament.model import Table, Tournament
    from skatcalc.tournament.standings import FeeRule, Standing, Standings, standings
    from skatcalc.tournament.store import create as create_tournament
    from skatcalc.tournament.store import load as load_tournament
    from skatcalc.tournament.store import table_sheet
    from skatcalc.tournament.store import update as update_tournament
    from skatcalc.words import message, speaking

__version__ = "0.1.0"  # the one place: pyproject.toml reads it (dynamic version)
"""This skatcalc's version (pyproject.toml reads it from here)."""

# The store's modules: the one place the library names them (the store is being gathered under
# skatcalc/store/; when a module moves, this line and the TYPE_CHECKING imports above change,
# and tests/test_library.py fails until both agree).
_SHEET_STORE = "skatcalc.sheet.store"
_TOURNAMENT_STORE = "skatcalc.tournament.store"

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
    # the tournament (pure)
    "FeeRule": ("skatcalc.tournament.standings", "FeeRule"),
    "Standing": ("skatcalc.tournament.standings", "Standing"),
    "Standings": ("skatcalc.tournament.standings", "Standings"),
    "Table": ("skatcalc.tournament.model", "Table"),
    "Tournament": ("skatcalc.tournament.model", "Tournament"),
    "standings": ("skatcalc.tournament.standings", "standings"),
    # the files: lock, atomic write, refusing what is not ours
    "create_sheet": (_SHEET_STORE, "create"),
    "load_sheet": (_SHEET_STORE, "load"),
    "update_sheet": (_SHEET_STORE, "update"),
    "create_tournament": (_TOURNAMENT_STORE, "create"),
    "load_tournament": (_TOURNAMENT_STORE, "load"),
    "table_sheet": (_TOURNAMENT_STORE, "table_sheet"),
    "update_tournament": (_TOURNAMENT_STORE, "update"),
    # the words: an error's sentence, the language for a block
    "message": ("skatcalc.words", "message"),
    "speaking": ("skatcalc.words", "speaking"),
}
"""The names imported when first asked for: name -> (module, its name there)."""


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
]
