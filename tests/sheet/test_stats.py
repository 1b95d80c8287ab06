"""Statistics over sheets and seasons, and the settlement of an evening in money."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skatcalc.errors import SheetError, SkatError
from skatcalc.formats.json import stats_dict
from skatcalc.games import GameType
from skatcalc.sheet.model import Deal, Rules, Sheet, Tally
from skatcalc.sheet.stats import (
    CardPoints,
    GameCounts,
    HighestGame,
    Payment,
    SettledPlayer,
    balances,
    parse_stake,
    settle,
    settle_sheets,
    stats,
)
from skatcalc.spec import GameSpec
from skatcalc.store import sheet as store
from skatcalc.value import Outcome
from skatcalc.words import money
from skatcalc.words.sheet import settlement_lines, settlement_text
from tests.data import season_of_two
from tests.said import raises_saying

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def example(name: str) -> tuple[Sheet, Tally]:
    sheet = store.load(EXAMPLES / name)
    return sheet, sheet.tally()


def small_evening() -> tuple[Sheet, Tally]:
    """Seven deals at three players, each worked by hand in the comments."""
    sheet = Sheet.new(["Anna", "Ben", "Carl"]).extend(
        [
            Deal("Anna", GameSpec("grand", with_=1, points=70)),  # 2 × 24 = 48, won +48
            Deal("Anna", GameSpec("clubs", with_=2, hand=True, points=56)),  # 4 × 12 = 48, -96
            # 2 × 9 = 18 < bid 20: overbid, covering value 27, -54
            Deal("Anna", GameSpec("diamonds", with_=1, bid=20, points=85)),
            Deal("Ben", GameSpec("null", tricks=0)),  # 23, won
            Deal.passed(),
            Deal("Ben", GameSpec("hearts", with_=1, points=61)),  # 2 × 10 = 20, won
            Deal("Carl", GameSpec("spades", with_=1, points=70, kontra=True)),  # 22, × 2 = +44
        ]
    )
    return sheet, sheet.tally()


# --- statistics -------------------------------------------------------------------------------


def test_two_example_evenings_add_up_to_their_own_totals() -> None:
    evenings = [example("evening-three.toml"), example("evening-four.toml")]
    season = stats(evenings)
    assert [p.name for p in season.players] == ["Anna", "Ben", "Carl", "Dora"]
    assert season.deals == 36 + 48
    for player in season.players:
        own = [t for _, tally in evenings for t in tally.players if t.name == player.name]
        assert player.score == sum(t.score for t in own)
        assert player.seeger_fabian == sum(t.seeger_fabian for t in own)
        assert (player.won, player.lost) == (sum(t.won for t in own), sum(t.lost for t in own))
        listed = [t for sheet in season.sheets for t in sheet.players if t.name == player.name]
        assert player.score == sum(t.score for t in listed)
        assert player.seeger_fabian == sum(t.seeger_fabian for t in listed)
    assert [(s.index, s.deals, s.series_length) for s in season.sheets] == [
        (0, 36, 36),
        (1, 48, 48),
    ]
    assert {p.name: p.score for p in season.players} == {
        "Anna": 170 + 233,
        "Ben": 58 - 371,
        "Carl": 208 - 118,
        "Dora": -136,
    }


def test_deals_played_count_passed_deals_and_leave_out_sitting_out_at_four() -> None:
    season = stats([example("evening-three.toml"), example("evening-four.toml")])
    # Three players sit in all 36; at four each deals 12 of the 48 and sits those out.
    assert {p.name: p.deals for p in season.players} == {
        "Anna": 72,
        "Ben": 72,
        "Carl": 72,
        "Dora": 36,
    }
    assert {p.name: p.sheets for p in season.players} == {"Anna": 2, "Ben": 2, "Carl": 2, "Dora": 1}


def test_seeger_fabian_per_series_counts_each_sheet_by_its_series_length() -> None:
    season = stats([example("evening-three.toml"), example("evening-four.toml")])
    anna, dora = season.player("Anna"), season.player("Dora")
    assert anna.series == 2  # 36 of 36, then 48 of 48
    assert anna.seeger_fabian_per_series == Fraction(560 + 1003, 2)
    assert (dora.series, dora.seeger_fabian_per_series) == (1, 244)
    sheet, _ = small_evening()
    seven = stats([(sheet, sheet.tally())]).player("Carl")
    assert seven.series == Fraction(7, 36)
    assert seven.seeger_fabian_per_series == (44 + 50 + 2 * 40) * Fraction(36, 7)


def test_win_rates_and_averages_on_a_small_evening() -> None:
    evening = stats([small_evening()])
    anna, ben, carl = evening.players
    assert (anna.declared, anna.won, anna.lost) == (3, 1, 2)  # the overbid counts as lost
    assert anna.win_rate == Fraction(1, 3)
    assert anna.average_value == 41  # (48 + 48 + 27) / 3: the overbid at its covering value
    assert (ben.declared, ben.won, ben.lost, ben.win_rate) == (2, 2, 0, 1)
    assert ben.average_value == Fraction(43, 2)  # (23 + 20) / 2
    assert (carl.win_rate, carl.average_value) == (1, 22)  # the value, not the Kontra score
    assert [p.deals for p in evening.players] == [7, 7, 7]


def test_a_player_who_declared_nothing_has_no_rates() -> None:
    sheet = Sheet.new(["Anna", "Ben", "Carl"]).add(Deal.passed())
    nobody = stats([(sheet, sheet.tally())]).player("Carl")
    assert (nobody.deals, nobody.declared, nobody.win_rate, nobody.average_value) == (
        1,
        0,
        None,
        None,
    )
    assert nobody.highest is None and nobody.games == GameCounts()


def test_games_by_type() -> None:
    anna, ben, carl = stats([small_evening()]).players
    assert anna.games == GameCounts(clubs=1, diamonds=1, grand=1)
    assert ben.games == GameCounts(hearts=1, null=1)
    assert carl.games == GameCounts(spades=1)
    season = stats([example("evening-three.toml"), example("evening-four.toml")])
    for player in season.players:
        assert sum(player.games) == player.declared == player.won + player.lost
    # Counted off the two files: clubs 7 + 8, spades 5 + 7, hearts 5 + 7, diamonds 3 + 5,
    # grand 7 + 9, Null 5 + 7.
    total = {game: sum(p.games.of(game) for p in season.players) for game in GameType}
    assert total == {
        GameType.CLUBS: 15,
        GameType.SPADES: 12,
        GameType.HEARTS: 12,
        GameType.DIAMONDS: 8,
        GameType.GRAND: 16,
        GameType.NULL: 12,
    }


def test_games_by_type_walks_every_game_type() -> None:
    counts = GameCounts(*range(1, 7))
    assert [counts.of(game) for game in GameType] == [1, 2, 3, 4, 5, 6]
    assert list(GameCounts._fields) == [game.value for game in GameType]


def test_highest_game_is_the_scored_value_and_the_first_of_equal_ones() -> None:
    anna, ben, carl = stats([small_evening()]).players
    # Grand 48 (deal 1) and clubs hand 48 (deal 2): the first counts.
    assert anna.highest == HighestGame(48, 48, GameType.GRAND, Outcome.WON, 0, 1)
    assert ben.highest == HighestGame(23, 23, GameType.NULL, Outcome.WON, 0, 4)
    assert carl.highest == HighestGame(22, 44, GameType.SPADES, Outcome.WON, 0, 7)


def test_highest_game_names_its_sheet_and_deal_in_a_season() -> None:
    season = stats([example("evening-three.toml"), example("evening-four.toml")])
    # Ben's grand at 168 on evening three (deal 26) was lost: it does not count. His highest
    # won game is evening four, deal 21: grand hand with 4, game 5, hand 6 × 24 = 144.
    assert season.player("Ben").highest == HighestGame(144, 144, GameType.GRAND, Outcome.WON, 1, 21)
    # Carl lost his grands at 120 and 168; won: evening three, deal 31, grand with 1, game 2,
    # schneider 3, schwarz 4 × 24 = 96.
    assert season.player("Carl").highest == HighestGame(96, 96, GameType.GRAND, Outcome.WON, 0, 31)
    assert season.player("Dora").highest == HighestGame(
        72, 72, GameType.DIAMONDS, Outcome.WON, 1, 22
    )


def test_highest_game_counts_only_won_games() -> None:
    sheet = Sheet.new(["Anna", "Ben", "Carl"]).extend(
        [
            Deal("Anna", GameSpec("grand", with_=4, hand=True, points=50)),  # 6 × 24 = 144, lost
            Deal("Anna", GameSpec("diamonds", with_=1, points=61)),  # 2 × 9 = 18, won
            Deal("Ben", GameSpec("clubs", with_=3, points=40)),  # 4 × 12 = 48, lost
        ]
    )
    anna, ben, _ = stats([(sheet, sheet.tally())]).players
    assert anna.highest == HighestGame(18, 18, GameType.DIAMONDS, Outcome.WON, 0, 2)
    assert ben.highest is None


def test_players_are_matched_by_name_ignoring_case_and_may_miss_a_sheet() -> None:
    first = Sheet.new(["Anna", "Ben", "Carl"]).add(
        Deal("Anna", GameSpec("grand", with_=1, points=70))
    )
    second = Sheet.new(["ben", "Dora", "anna", "Emil"]).add(
        Deal("anna", GameSpec("grand", with_=1, points=70))  # ben deals
    )
    season = stats([(first, first.tally()), (second, second.tally())])
    assert [p.name for p in season.players] == ["Anna", "Ben", "Carl", "Dora", "Emil"]
    anna = season.player("ANNA")
    assert (anna.sheets, anna.deals, anna.won, anna.score) == (2, 2, 2, 96)
    assert season.player("Ben").deals == 1  # sat out the deal he dealt at four
    assert season.player("Carl").sheets == 1
    with raises_saying(SheetError, match="'Zoe' played on none of these sheets"):
        season.player("Zoe")


def test_stats_refuses_a_tally_of_another_sheet() -> None:
    sheet, _ = small_evening()
    with raises_saying(SheetError, match="sheet 0: the tally does not belong to the sheet"):
        stats([(sheet, sheet.undo().tally())])


def test_no_sheets_no_players() -> None:
    empty = stats([])
    assert (empty.players, empty.sheets, empty.deals) == ((), (), 0)
    assert stats_dict(empty) == {"deals": 0, "players": [], "sheets": []}


def test_to_dict_is_json() -> None:
    data = json.loads(json.dumps(stats_dict(stats([small_evening()]))))
    anna = data["players"][0]
    del anna["by_game"], anna["card_points"]  # pinned in tests/sheet/test_stats_by_game.py
    assert anna == {
        "name": "Anna",
        "sheets": 1,
        "deals": 7,
        "declared": 3,
        "won": 1,
        "lost": 2,
        "win_rate": 1 / 3,
        "average_value": 41.0,
        "games": {"clubs": 1, "spades": 0, "hearts": 0, "diamonds": 1, "grand": 1, "null": 0},
        "highest": {
            "value": 48,
            "score": 48,
            "game": "grand",
            "outcome": "won",
            "sheet_index": 0,
            "deal": 1,
        },
        "score": 48 - 96 - 54,
        "seeger_fabian": 48 - 96 - 54 + 50 - 50 - 50,  # the others lost nothing
        "series": 7 / 36,
        "seeger_fabian_per_series": (48 - 96 - 54 + 50 - 50 - 50) * 36 / 7,
    }
    assert data["players"][2]["highest"]["score"] == 44
    assert data["sheets"] == [
        {
            "index": 0,
            "deals": 7,
            "series_length": 36,
            "players": [
                {"name": "Anna", "score": -102, "seeger_fabian": -152},
                {"name": "Ben", "score": 43, "seeger_fabian": 223},
                {"name": "Carl", "score": 44, "seeger_fabian": 174},
            ],
        }
    ]
    assert data["deals"] == 7


# --- settlement -------------------------------------------------------------------------------

EVENING = [("Anna", 170), ("Ben", 58), ("Carl", 208)]


def test_settlement_of_three_players_worked_by_hand() -> None:
    # 5 cents a point: Anna - Ben 112 → 5.60; Carl - Anna 38 → 1.90; Carl - Ben 150 → 7.50.
    payments = settle(EVENING, parse_stake("0.05"))
    assert payments == [
        Payment("Ben", "Anna", 560),
        Payment("Anna", "Carl", 190),
        Payment("Ben", "Carl", 750),
    ]
    assert settlement_lines(payments) == [
        "Ben pays Anna 5.60",
        "Anna pays Carl 1.90",
        "Ben pays Carl 7.50",
    ]
    assert settlement_lines(payments, "€") == [
        "Ben pays Anna €5.60",
        "Anna pays Carl €1.90",
        "Ben pays Carl €7.50",
    ]
    assert balances(payments) == {"Ben": -1310, "Anna": 370, "Carl": 940}


def test_settlement_from_a_tally_by_either_list() -> None:
    _, tally = example("evening-three.toml")
    assert settle(tally.players, 5) == settle(EVENING, 5)
    # Seeger-Fabian 560, 588, 688 at a cent a point.
    assert settle(tally.players, 1, scoring="seeger-fabian") == [
        Payment("Anna", "Ben", 28),
        Payment("Anna", "Carl", 128),
        Payment("Ben", "Carl", 100),
    ]


def test_settlement_of_a_season() -> None:
    season = stats([example("evening-three.toml"), example("evening-four.toml")])
    payments = settle(season.players, 1)
    assert Payment("Ben", "Anna", 403 + 313) in payments
    assert len(payments) == 6 and sum(balances(payments).values()) == 0


def test_each_pair_is_rounded_half_up_on_its_own() -> None:
    half = Fraction(1, 2)  # half a cent a point
    assert settle([("A", 0), ("B", 1), ("C", 4)], half) == [
        Payment("A", "B", 1),  # 0.5 → 1
        Payment("A", "C", 2),
        Payment("B", "C", 2),  # 1.5 → 2
    ]
    assert settle([("A", 5), ("B", 0)], half) == [Payment("B", "A", 3)]  # 2.5 → 3, not 2
    assert settle([("A", 0), ("B", 5)], half) == [Payment("A", "B", 3)]  # the same either way
    assert settle([("A", 1), ("B", 0)], Fraction(1, 3)) == []  # a third of a cent: nothing
    assert settle([("A", 2), ("B", 0)], Fraction(1, 3)) == [Payment("B", "A", 1)]


def test_level_players_pay_nothing() -> None:
    assert settle([("A", 10), ("B", 10), ("C", 30)], 1) == [
        Payment("A", "C", 20),
        Payment("B", "C", 20),
    ]
    assert settle([("A", 0), ("B", 0), ("C", 0)], 5) == []
    assert settle([("A", 7), ("B", 0)], 0) == []
    assert settlement_lines([]) == ["Nobody pays anybody: the scores are level"]


def test_settle_refuses_what_it_cannot_settle() -> None:
    with raises_saying(SkatError, match=r"not 0\.05: a float cannot hold 0\.1 exactly"):
        settle(EVENING, 0.05)  # type: ignore[arg-type]
    with raises_saying(SkatError, match="a stake cannot be negative: -5 cents"):
        settle(EVENING, -5)
    with raises_saying(SkatError, match="'Anna' is named twice"):
        settle([*EVENING, ("Anna", 3)], 5)
    with raises_saying(
        SkatError, match="by the list 'seeger-fabian', 'standard' or 'bierlachs', not 'sf'"
    ):
        settle(EVENING, 5, scoring="sf")
    with raises_saying(SkatError, match=r"\('Anna', 170\) is already a number of points"):
        settle(EVENING, 5, scoring="seeger-fabian")


def test_parse_stake() -> None:
    assert parse_stake("0.05") == 5
    assert parse_stake(" 0.1 ") == 10
    assert parse_stake("0.01") == 1
    assert parse_stake("0.005") == Fraction(1, 2)
    assert parse_stake("1/300") == Fraction(1, 3)
    assert parse_stake("0") == 0
    for bad in ("", "5ct", "1/0", "nan"):
        with raises_saying(SkatError, match="invalid stake"):
            parse_stake(bad)
    with raises_saying(SkatError, match="the stake is -0.05 per point: skatcalc settles 0 to 1000"):
        parse_stake("-0.05")
    with raises_saying(SkatError, match="invalid stake '0,05'"):
        parse_stake("0,05")  # a decimal comma only when asked (the command line asks)
    assert parse_stake("0,05", comma=True) == 5


def test_money() -> None:
    assert [money(c) for c in (0, 5, 99, 100, 435, 123456, -5, -1250)] == [
        "0.00",
        "0.05",
        "0.99",
        "1.00",
        "4.35",
        "1234.56",
        "-0.05",
        "-12.50",
    ]
    assert money(435, "CHF ") == "CHF 4.35"
    assert money(Fraction(1, 2)) == "0.005"
    with pytest.raises(TypeError, match="whole cents or a Fraction of a cent"):
        money(4.35)  # type: ignore[arg-type]


STAKES = st.one_of(
    st.sampled_from(["0.05", "0.1", "0.01", "0.005", "0.25"]).map(parse_stake),
    st.integers(0, 100),
    st.fractions(min_value=0, max_value=100, max_denominator=1000),
)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(-5000, 5000), min_size=2, max_size=4),
    STAKES,
    st.booleans(),
)
def test_settlement_balances(scores: list[int], stake: Fraction | int, reverse: bool) -> None:
    names = ["Anna", "Ben", "Carl", "Dora"][: len(scores)]
    players = list(zip(names, scores, strict=True))
    if reverse:
        players.reverse()
    payments = settle(players, stake)
    net = balances(payments)
    assert sum(net.values()) == 0  # what players receive minus what they pay
    pairs = [frozenset((p.payer, p.payee)) for p in payments]
    assert len(pairs) == len(set(pairs))  # at most one payment a pair
    points = dict(players)
    for payer, payee, cents in payments:
        assert cents > 0 and points[payer] < points[payee]
        assert abs(cents - (points[payee] - points[payer]) * stake) <= Fraction(1, 2)
    for name, score in players:
        exact = sum((score - other) * Fraction(stake) for _, other in players)
        # Each pair's rounding moves a player's net by half a cent at most.
        assert abs(net.get(name, 0) - exact) <= Fraction(len(players) - 1, 2)
    # The order of the players does not change what any pair pays.
    assert sorted(settle(players[::-1], stake)) == sorted(payments)


# --- a season settled, worked by hand ------------------------------------------------------------


def test_season_settlement_fees_to_the_others_worked_by_hand() -> None:
    # Season, standard list: Anna -96 - 54 = -150 (2 lost), Ben -96 (1), Carl +46, Dora +144.
    # 1 cent a point; 50 cents a lost game to each other player at that table:
    # Anna pays Ben and Carl 50 on the first sheet and Ben, Carl, Dora 50 on the second;
    # Ben pays Anna and Carl 50 on the first.
    done = settle_sheets(season_of_two(), 1, scoring="standard", fee_cents=50, fee_to="others")
    assert done.payments == (
        Payment("Anna", "Ben", 54 + 100 - 50),  # -150 against -96
        Payment("Anna", "Carl", 196 + 100),
        Payment("Anna", "Dora", 294 + 50),
        Payment("Ben", "Carl", 142 + 50),
        Payment("Ben", "Dora", 240),  # never at one table: points only
        Payment("Carl", "Dora", 98),
    )
    assert done.players == (
        SettledPlayer("Anna", -150, 2, -104 - 296 - 344),
        SettledPlayer("Ben", -96, 1, 104 - 192 - 240),
        SettledPlayer("Carl", 46, 0, 296 + 192 - 98),
        SettledPlayer("Dora", 144, 0, 344 + 240 + 98),
    )
    assert done.kitty == ()
    assert sum(p.balance for p in done.players) == 0


def test_season_settlement_fees_into_the_kitty_worked_by_hand() -> None:
    done = settle_sheets(season_of_two(), 1, scoring="standard", fee_cents=50)
    assert [p.cents for p in done.payments] == [54, 196, 294, 142, 240, 98]
    assert done.kitty == (("Anna", 100), ("Ben", 50))
    assert [p.balance for p in done.players] == [
        -54 - 196 - 294 - 100,
        54 - 142 - 240 - 50,
        196 + 142 - 98,
        294 + 240 + 98,
    ]
    assert sum(p.balance for p in done.players) == -150  # what went into the kitty


def test_season_settlement_by_seeger_fabian() -> None:
    # first sheet: Anna and Ben -96 - 50 + 40 = -106, Carl 46 + 50 + 2 × 40 = 176; second, at
    # four: Dora 144 + 50 + 30 = 224, anna -54 - 50 = -104, Ben and Carl +30 each
    done = settle_sheets(season_of_two(), 1)  # the list that decides both sheets
    assert done.scoring == "seeger-fabian"
    assert [(p.name, p.points) for p in done.players] == [
        ("Anna", -210), ("Ben", -76), ("Carl", 206), ("Dora", 224),
    ]  # fmt: skip
    assert done.payments[0] == Payment("Anna", "Ben", 134)


def test_stake_zero_and_level_scores_say_why_nobody_pays() -> None:
    season = season_of_two()
    assert settlement_text(settle_sheets(season, 0))[-1] == "Nobody pays anybody: the stake is 0."
    assert settlement_text(settle_sheets(season, 0))[0].startswith(
        "Settlement of 2 sheets by the Seeger-Fabian list, 0.00 a point"
    )
    level = Sheet.new(["A", "B", "C"])
    done = settle_sheets([(level, level.tally())], 5)
    assert settlement_text(done)[-1] == "Nobody pays anybody: the scores are level."
    # a fee with stake 0: the fees alone are paid
    fees = settle_sheets(season, 0, scoring="standard", fee_cents=50, fee_to="others")
    assert fees.payments[0] == Payment("Anna", "Ben", 50)


def test_german_decimals() -> None:
    assert parse_stake("0,05", comma=True) == 5
    assert parse_stake("0.05", comma=True) == 5
    with raises_saying(SkatError, match="invalid stake '0,05'"):
        parse_stake("0,05")  # English: a comma is no decimal point
    with raises_saying(SkatError, match="invalid stake '1,000,5'"):
        parse_stake("1,000,5", comma=True)


def test_season_lists_differ_or_bierlachs() -> None:
    (first, _), (second, _) = season_of_two()
    standard = first.with_rules(Rules(scoring="standard"))
    mixed = [(standard, standard.tally()), (second, second.tally())]
    with raises_saying(SkatError, match=r"different lists \(seeger-fabian, standard\): name"):
        settle_sheets(mixed, 1)
    assert settle_sheets(mixed, 1, scoring="standard").scoring == "standard"
    # Bierlachs: each sheet's minus-only totals summed. First sheet: Anna -96, Ben -96, Carl
    # +46 written as -46 for each other player; second: Dora's +144 is -144 for Ben, Carl,
    # anna; anna -54.
    done = settle_sheets(season_of_two(), 1, scoring="bierlachs")
    assert [(p.name, p.points) for p in done.players] == [
        ("Anna", -96 - 46 - 144 - 54), ("Ben", -96 - 46 - 144), ("Carl", -144), ("Dora", 0),
    ]  # fmt: skip
    with raises_saying(SkatError, match="not 'sf'"):
        settle_sheets(season_of_two(), 1, scoring="sf")


@given(st.lists(st.lists(st.integers(0, 120), max_size=6), max_size=8))
def test_card_points_joined_are_those_of_all_the_points(lists: list[list[int]]) -> None:
    # sum_parts joins each player's spreads once (CardPoints.joined), not a merge a part
    spreads = [CardPoints.of(points) for points in lists]
    everything = [value for points in lists for value in points]
    assert CardPoints.joined(spreads) == CardPoints.of(everything)
    merged = CardPoints()
    for spread in spreads:
        merged = merged.merged(spread)
    assert merged == CardPoints.of(everything)
