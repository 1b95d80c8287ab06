"""Game types, their base values and Null values, and the declaration with its announcement rules.

>>> GameType.parse("Kreuz").base_value, GameType.GRAND.base_value
(12, 24)
>>> Declaration.make(GameType.NULL, hand=True, ouvert=True).null_value
59
>>> Declaration.make(GameType.CLUBS, schneider=True)
Traceback (most recent call last):
...
skatcalc.errors.DeclarationError: err.decl.hand(name=level.schneider)
"""

from __future__ import annotations

from enum import StrEnum
from typing import assert_never

from skatcalc.cards import Suit
from skatcalc.errors import DeclarationError, GameError, say
from skatcalc.frozen import Interned

__all__ = ["BASE_VALUES", "NULL_VALUES", "Declaration", "GameType"]


class GameType(StrEnum):
    """The six games a declarer can play; the value is the English name scripts use.

    >>> [g.value for g in GameType]
    ['clubs', 'spades', 'hearts', 'diamonds', 'grand', 'null']
    >>> GameType("grand").max_tops, GameType.HEARTS.trump_suit
    (4, <Suit.HEARTS: 'H'>)
    """

    CLUBS = "clubs"
    SPADES = "spades"
    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    GRAND = "grand"
    NULL = "null"

    @property
    def trump_suit(self) -> Suit | None:
        """The trump suit of a suit game; None for grand and Null."""
        match self:
            case GameType.CLUBS:
                return Suit.CLUBS
            case GameType.SPADES:
                return Suit.SPADES
            case GameType.HEARTS:
                return Suit.HEARTS
            case GameType.DIAMONDS:
                return Suit.DIAMONDS
            case GameType.GRAND | GameType.NULL:
                return None
            case _ as unreachable:
                assert_never(unreachable)

    @property
    def is_null(self) -> bool:
        """Null has fixed values: no tops, no multiplier."""
        return self is GameType.NULL

    @property
    def base_value(self) -> int:
        """Clubs 12, spades 11, hearts 10, diamonds 9, grand 24; Null has none (0).

        >>> GameType.NULL.base_value
        0
        """
        return BASE_VALUES[self]

    @property
    def max_tops(self) -> int:
        """The longest run of tops: 11 trumps in a suit game, 4 jacks in grand, 0 in Null."""
        if self.is_null:
            return 0
        return 4 if self is GameType.GRAND else 11

    @classmethod
    def parse(cls, text: str) -> GameType:
        """Read a game name, English or German, in any case.

        >>> GameType.parse("GRÜN"), GameType.parse("schellen"), GameType.parse("Null")
        (<GameType.SPADES: 'spades'>, <GameType.DIAMONDS: 'diamonds'>, <GameType.NULL: 'null'>)
        >>> GameType.parse("trumps")
        Traceback (most recent call last):
        ...
        skatcalc.errors.GameError: err.game.unknown(text="'trumps'")
        """
        game = _GAME_NAMES.get(text) or _GAME_NAMES.get(text.strip().casefold())
        if game is None:
            raise GameError("err.game.unknown", text=repr(text), field="game")
        return game


BASE_VALUES: dict[GameType, int] = {
    GameType.CLUBS: 12,
    GameType.SPADES: 11,
    GameType.HEARTS: 10,
    GameType.DIAMONDS: 9,
    GameType.GRAND: 24,
    GameType.NULL: 0,
}
"""Each game's base value (:attr:`GameType.base_value`), as a table: the scoring of a game
reads it without the property's Python call (1.0 k instructions, valgrind --tool=callgrind)."""
_GAME_NAMES: dict[str, GameType] = {
    **{game.value: game for game in GameType},
    **dict.fromkeys(["club", "kreuz", "eichel", "eicheln", "treff"], GameType.CLUBS),
    **dict.fromkeys(["spade", "pik", "grün", "gruen", "grun", "laub", "blatt"], GameType.SPADES),
    **dict.fromkeys(["heart", "herz", "rot"], GameType.HEARTS),
    **dict.fromkeys(["diamond", "karo", "schellen", "schelle"], GameType.DIAMONDS),
    "grand": GameType.GRAND,
    "null": GameType.NULL,
}

NULL_VALUES: dict[tuple[bool, bool], int] = {
    (False, False): 23,
    (True, False): 35,
    (False, True): 46,
    (True, True): 59,
}
"""Null's fixed values by (hand, ouvert): Null 23, Hand 35, Ouvert 46, Ouvert Hand 59."""


class Declaration(Interned):
    """What the declarer announced: the game, hand, schneider, schwarz, ouvert.

    Build it with :meth:`make`, which applies the announcement rules; the fields then hold what
    counts (an ouvert suit game is hand with schneider and schwarz announced).

    >>> d = Declaration.make(GameType.GRAND, ouvert=True)
    >>> d.hand, d.schneider, d.schwarz, d.ouvert
    (True, True, True, True)
    """

    __slots__ = ("game", "hand", "schneider", "schwarz", "ouvert")  # noqa: RUF023 - the fields in order (__new__, repr, copies)
    game: GameType
    hand: bool
    schneider: bool
    schwarz: bool
    ouvert: bool

    def __new__(
        cls,
        game: GameType,
        hand: bool = False,
        schneider: bool = False,
        schwarz: bool = False,
        ouvert: bool = False,
    ) -> Declaration:
        # one object per declaration (Interned): a batch keeps a game's answer by it
        return cls.one((game, hand, schneider, schwarz, ouvert))

    @classmethod
    def make(
        cls,
        game: GameType,
        *,
        hand: bool = False,
        schneider: bool = False,
        schwarz: bool = False,
        ouvert: bool = False,
    ) -> Declaration:
        """Apply the announcement rules and return the declaration that counts.

        >>> Declaration.make(GameType.HEARTS, hand=True, schwarz=True).schneider
        True
        >>> Declaration.make(GameType.NULL, hand=True, schneider=True)
        Traceback (most recent call last):
        ...
        skatcalc.errors.DeclarationError: err.decl.null(name=level.schneider)
        """
        if game.is_null:
            for flag, name in ((schneider, "schneider"), (schwarz, "schwarz")):
                if flag:
                    raise DeclarationError("err.decl.null", name=say(f"level.{name}"), field=name)
            return cls(game, hand=hand, ouvert=ouvert)
        if ouvert:
            return cls(game, hand=True, schneider=True, schwarz=True, ouvert=True)
        for flag, name in ((schneider, "schneider"), (schwarz, "schwarz")):
            if flag and not hand:
                raise DeclarationError("err.decl.hand", name=say(f"level.{name}"), field=name)
        return cls(game, hand=hand, schneider=schneider or schwarz, schwarz=schwarz)

    @property
    def null_value(self) -> int:
        """The fixed value of a Null game (0 for other games).

        >>> [Declaration.make(GameType.NULL, hand=h, ouvert=o).null_value
        ...  for o in (False, True) for h in (False, True)]
        [23, 35, 46, 59]
        """
        if not self.game.is_null:
            return 0
        return NULL_VALUES[(self.hand, self.ouvert)]
