"""skatcalc: Skat scoring by the International Skat Order.

Score a game in three lines:

>>> import skatcalc
>>> game = skatcalc.score("clubs", with_=2, hand=True, points=56, bid=20)
>>> game.outcome.value, game.value, game.score
('lost', 48, -96)

The domain core (cards, games, value, the sheet model) is pure: no printing, no files.
"""

from skatcalc.cards import DECK, Card, Rank, Suit, parse_cards
from skatcalc.errors import (
    BidError,
    CardError,
    DeclarationError,
    GameError,
    ResultError,
    SheetError,
    SheetFileError,
    SkatError,
    TopsError,
)
from skatcalc.games import NULL_VALUES, Declaration, GameType
from skatcalc.value import BIDS, Level, Outcome, Play, Scoring, Tops, score

__version__ = "0.1.0"  # the one place: pyproject.toml reads it (dynamic version)

__all__ = [
    "BIDS",
    "DECK",
    "NULL_VALUES",
    "BidError",
    "Card",
    "CardError",
    "Declaration",
    "DeclarationError",
    "GameError",
    "GameType",
    "Level",
    "Outcome",
    "Play",
    "Rank",
    "ResultError",
    "Scoring",
    "SheetError",
    "SheetFileError",
    "SkatError",
    "Suit",
    "Tops",
    "TopsError",
    "__version__",
    "parse_cards",
    "score",
]
