"""Game names and every declaration the rules allow or refuse."""

from __future__ import annotations

import itertools

import pytest

from skatcalc.errors import DeclarationError, GameError
from skatcalc.games import NULL_VALUES, Declaration, GameType
from tests.said import raises_saying


@pytest.mark.parametrize(
    ("names", "game"),
    [
        (["clubs", "CLUBS", "kreuz", "Eichel", "treff"], GameType.CLUBS),
        (["spades", "pik", "grün", "GRUEN", "laub", "blatt"], GameType.SPADES),
        (["hearts", "herz", "rot"], GameType.HEARTS),
        (["diamonds", "karo", "schellen"], GameType.DIAMONDS),
        (["grand", "Grand"], GameType.GRAND),
        (["null", "NULL"], GameType.NULL),
    ],
)
def test_game_names(names: list[str], game: GameType) -> None:
    for name in names:
        assert GameType.parse(name) is game


@pytest.mark.parametrize("name", ["", "s", "trumps", "ramsch", "clubs hand"])
def test_unknown_game(name: str) -> None:
    with raises_saying(GameError, match=f"unknown game {name!r}: expected clubs"):
        GameType.parse(name)


def test_base_values_and_tops() -> None:
    assert {g.value: g.base_value for g in GameType} == {
        "clubs": 12, "spades": 11, "hearts": 10, "diamonds": 9, "grand": 24, "null": 0,
    }  # fmt: skip
    assert {g.value: g.max_tops for g in GameType} == {
        "clubs": 11, "spades": 11, "hearts": 11, "diamonds": 11, "grand": 4, "null": 0,
    }  # fmt: skip


FLAGS = list(itertools.product([False, True], repeat=4))


@pytest.mark.parametrize("game", list(GameType))
@pytest.mark.parametrize(("hand", "schneider", "schwarz", "ouvert"), FLAGS)
def test_every_declaration(
    game: GameType, hand: bool, schneider: bool, schwarz: bool, ouvert: bool
) -> None:
    announced = schneider or schwarz
    if game.is_null and announced:
        with raises_saying(DeclarationError, match="cannot be announced in Null"):
            Declaration.make(game, hand=hand, schneider=schneider, schwarz=schwarz, ouvert=ouvert)
        return
    if not game.is_null and announced and not hand and not ouvert:
        with raises_saying(DeclarationError, match="only in a hand game"):
            Declaration.make(game, hand=hand, schneider=schneider, schwarz=schwarz, ouvert=ouvert)
        return
    d = Declaration.make(game, hand=hand, schneider=schneider, schwarz=schwarz, ouvert=ouvert)
    if game.is_null:
        assert (d.hand, d.schneider, d.schwarz, d.ouvert) == (hand, False, False, ouvert)
        assert d.null_value == NULL_VALUES[(hand, ouvert)]
    elif ouvert:
        assert (d.hand, d.schneider, d.schwarz, d.ouvert) == (True, True, True, True)
    else:
        assert (d.hand, d.schneider, d.schwarz) == (hand, schneider or schwarz, schwarz)


def test_null_values() -> None:
    assert sorted(NULL_VALUES.values()) == [23, 35, 46, 59]
