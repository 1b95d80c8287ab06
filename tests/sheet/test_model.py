"""The sheet model: rotation, four-player rules, totals, names."""

from __future__ import annotations

import pytest

from skatcalc.errors import BidError, SheetError
from skatcalc.sheet.model import Deal, Sheet, check_name
from skatcalc.spec import GameSpec
from tests.said import raises_saying

WON_GRAND = GameSpec("grand", with_=1, points=70)  # with 1, game 2 × 24 = 48
LOST_CLUBS = GameSpec("clubs", with_=2, hand=True, points=56)  # 48, lost -96


def test_dealer_rotates_in_seating_order_passed_deals_included() -> None:
    sheet = Sheet.new(["A", "B", "C", "D"])
    assert [sheet.dealer(i) for i in range(6)] == ["A", "B", "C", "D", "A", "B"]


def test_at_four_the_dealer_sits_out() -> None:
    sheet = Sheet.new(["A", "B", "C", "D"])
    with raises_saying(SheetError, match="deal 1: A deals and sits out at four players"):
        sheet.add(Deal("A", WON_GRAND))
    assert sheet.add(Deal("B", WON_GRAND)).deals[0].declarer == "B"


def test_seeger_fabian_at_four_pays_all_three_others() -> None:
    sheet = Sheet.new(["A", "B", "C", "D"]).add(Deal("B", LOST_CLUBS))
    totals = {p.name: (p.score, p.won, p.lost, p.seeger_fabian) for p in sheet.tally().players}
    assert totals == {
        "A": (0, 0, 0, 30),
        "B": (-96, 0, 1, -146),
        "C": (0, 0, 0, 30),
        "D": (0, 0, 0, 30),
    }


def test_won_game_and_kontra_do_not_multiply_the_bonus() -> None:
    spec = GameSpec("grand", with_=1, points=70, kontra=True)  # 48, × 2 = 96
    sheet = Sheet.new(["A", "B", "C"]).add(Deal("A", spec))
    assert [(p.score, p.seeger_fabian) for p in sheet.tally().players] == [
        (96, 146),
        (0, 0),
        (0, 0),
    ]


def test_edit_and_undo() -> None:
    sheet = Sheet.new(["A", "B", "C"]).add(Deal("A", WON_GRAND)).add(Deal.passed())
    edited = sheet.edit(1, Deal("C", LOST_CLUBS))
    assert [p.score for p in edited.tally().players] == [0, 0, -96]
    assert edited.undo().deals == (Deal("C", LOST_CLUBS),)
    with raises_saying(SheetError, match="there is no deal 3: the sheet has deals 1 to 2"):
        sheet.edit(3, Deal.passed())
    with raises_saying(SheetError, match="no deal to undo"):
        Sheet.new(["A", "B", "C"]).undo()


def test_a_game_the_rules_reject_is_refused_with_its_deal() -> None:
    with raises_saying(BidError, match="deal 1: 19 is not a bid") as error:
        Sheet.new(["A", "B", "C"]).add(Deal("A", GameSpec("grand", with_=1, bid=19)))
    assert error.value.deal == 1 and error.value.exit_code == 3


def test_declarer_matches_ignoring_case() -> None:
    sheet = Sheet.new(["Anna", "Ben", "Carl"]).add(Deal("anna", WON_GRAND))
    assert sheet.deals[0].declarer == "Anna"


@pytest.mark.parametrize(
    "players", [["A", "B"], ["A", "B", "C", "D", "E", "F"], ["A", "a", "B"], ["A", " B", "C"]]
)
def test_bad_tables(players: list[str]) -> None:
    with pytest.raises(SheetError):
        Sheet.new(players)


@pytest.mark.parametrize("name", ["[bold red]Anna[/]", 'Ben "the Bear"', "Zoë \\ O'Neil", "李"])
def test_names_are_data(name: str) -> None:
    assert check_name(name) == name


@pytest.mark.parametrize("name", ["Anna\x1b[31m", "Ben\n", "A\x07", "C\u202e", "", "  "])
def test_control_characters_are_refused(name: str) -> None:
    with pytest.raises(SheetError):
        check_name(name)


def test_series_length() -> None:
    assert Sheet.new(["A", "B", "C"]).tally().series_length == 36
    assert Sheet.new(["A", "B", "C", "D"]).tally().series_length == 48
