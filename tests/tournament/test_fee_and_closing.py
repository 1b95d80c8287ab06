"""Issue 24, the standings: the lost-game fee per list with a higher rate from the n-th lost
game, and closing a table when time runs out (its players listed apart until then).

Every total here is worked out by hand in the comments. The one game used throughout:
Grand with 1 = (1 + game 1) × 24 = 48. Won (70 card points): Seeger-Fabian +48 + 50 = +98.
Lost (50 card points, no schneider): -2 × 48 - 50 = -146, and +40 for each other player at a
table of three.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from skatcalc.errors import SheetError
from skatcalc.sheet.model import Deal, Sheet
from skatcalc.spec import GameSpec
from skatcalc.tournament.model import Tournament
from skatcalc.tournament.standings import Closed, FeeRule, Held, standings

WON = GameSpec("grand", with_=1, points=70)
LOST = GameSpec("grand", with_=1, points=50)


def _sheet(t: Tournament, series: int, table: int, games: list[tuple[str, GameSpec]]) -> Sheet:
    seats = t.series[series - 1].tables[table - 1].players
    sheet = Sheet.new(seats, t.rules)
    for declarer, game in games:
        sheet = sheet.add(Deal(declarer, game))
    return sheet


# --- the fee -----------------------------------------------------------------------------------


def test_the_fee_per_list_by_hand() -> None:
    rule = FeeRule(50, from_lost=4, then=100)
    # 0.50 each for lost games 1 to 3 of a list, 1.00 each from the 4th on
    assert rule.list_cents(0) == 0
    assert rule.list_cents(3) == 150  # 3 × 50
    assert rule.list_cents(4) == 250  # 3 × 50 + 1 × 100
    assert rule.list_cents(7) == 550  # 3 × 50 + 4 × 100
    assert FeeRule(50).list_cents(7) == 350  # 7 × 50
    assert FeeRule(20, from_lost=2, then=30).list_cents(3) == 80  # 20 + 2 × 30


def test_the_fee_is_charged_per_list_not_over_the_tournament() -> None:
    t = Tournament.new("Cup", ["Anna", "Ben", "Carl"], planned=2, length_three=5)
    t = t.draw_next(1)
    s1 = _sheet(t, 1, 1, [("Anna", LOST)] * 3 + [("Ben", WON)] * 2)
    t = t.draw_next(2)
    s2 = _sheet(t, 2, 1, [("Anna", LOST)] * 4 + [("Carl", WON)])
    result = standings(t, {(1, 1): s1, (2, 1): s2}, FeeRule(50, from_lost=4, then=100))
    got = {s.name: (s.seeger_fabian, s.won, s.lost, s.fee_cents) for s in result.ranking}
    assert got == {
        # series 1: 2 × 98 + 3 × 40 = 316; series 2: 4 × 40 = 160; 476
        "Ben": (476, 2, 0, 0),
        # series 1: 3 × 40 = 120; series 2: 98 + 4 × 40 = 258; 378
        "Carl": (378, 1, 0, 0),
        # 3 × -146 = -438 and 4 × -146 = -584: -1022; the fee, list by list: 3 × 50 = 150 and
        # 3 × 50 + 100 = 250, so 400 (over the 7 lost games at once it would be 550)
        "Anna": (-1022, 0, 7, 400),
    }
    anna = next(s for s in result.ranking if s.name == "Anna")
    assert [x.fee_cents for x in anna.series if x is not None] == [150, 250]
    assert result.fee == FeeRule(50, 4, 100)
    assert result.fee_total == 400
    assert [s.name for s in result.ranking] == ["Ben", "Carl", "Anna"]
    flat = standings(t, {(1, 1): s1, (2, 1): s2}, FeeRule(50))
    assert flat.fee_total == 350  # 7 × 50
    assert standings(t, {(1, 1): s1, (2, 1): s2}).fee_total is None


@pytest.mark.parametrize(
    ("per_lost", "then", "fee", "lower", "upper"),
    [
        (Fraction(101, 2), None, "0.505", "0.50", "0.51"),  # --fee 0.505
        (Fraction(50), Fraction(201, 2), "1.005", "1.00", "1.01"),  # --fee-from 4 1.005
        (Fraction(1, 3), None, "0.0033", "0.00", "0.01"),  # --fee 1/300
    ],
)
def test_a_fee_with_a_fraction_of_a_cent_is_refused(
    per_lost: Fraction, then: Fraction | None, fee: str, lower: str, upper: str
) -> None:
    from skatcalc.words import message, use

    with pytest.raises(SheetError) as caught:
        FeeRule.of(per_lost, None if then is None else 4, then)
    error = caught.value
    assert error.code == "err.fee.cents"
    assert error.field == ("fee" if then is None else "fee_from")
    assert message(error) == (
        f"the fee {fee} is not whole cents: a fee is whole cents, e.g. {lower} or {upper}"
    )
    use("de")
    try:
        german = message(error)
    finally:
        use("en")
    comma = {x: x.replace(".", ",") for x in (fee, lower, upper)}
    assert german == (
        f"die Abgabe {comma[fee]} ist kein ganzer Centbetrag: eine Abgabe ist ganze Cent, "
        f"z. B. {comma[lower]} oder {comma[upper]}"
    )


def test_whole_cents_as_the_command_line_reads_them_are_taken() -> None:
    assert FeeRule.of(Fraction(50), 4, Fraction(100)) == FeeRule(50, 4, 100)
    assert FeeRule.of(Fraction(0)) == FeeRule(0)
    built = FeeRule(Fraction(50), 4, Fraction(100))  # type: ignore[arg-type]
    assert (type(built.per_lost), type(built.then)) == (int, int)
    assert built.list_cents(4) == 250  # 3 × 50 + 100, in whole cents
    with pytest.raises(TypeError):
        FeeRule(0.5)  # type: ignore[arg-type]  # a float cannot hold every amount exactly


@pytest.mark.parametrize(
    ("make", "code"),
    [
        (lambda: FeeRule(50, from_lost=4), "err.fee.tier"),
        (lambda: FeeRule(50, then=100), "err.fee.tier"),
        (lambda: FeeRule(50, from_lost=1, then=100), "err.fee.from"),
        (lambda: FeeRule(-50), "err.fee.negative"),
        (lambda: FeeRule(50, 4, -1), "err.fee.negative"),
    ],
)
def test_a_rule_that_makes_no_sense_is_refused(make: object, code: str) -> None:
    with pytest.raises(SheetError) as caught:
        make()  # type: ignore[operator]
    assert caught.value.code == code


# --- closing a table ---------------------------------------------------------------------------

FIELD = ["Anna", "Ben", "Carl", "Dora", "Emil", "Fritz"]


def _club() -> tuple[Tournament, Sheet, list[tuple[str, GameSpec]]]:
    """Two tables of three, seeded so that Anna, Ben, Carl sit at table 1; table 1 complete
    (6 deals), table 2 four deals in when time runs out."""
    t = Tournament.new("Club", FIELD, planned=1, length_three=6)
    t = t.with_team("Nord", ["Anna", "Dora"]).with_team("Süd", ["Ben", "Emil"])
    t = t.draw_next(1, ranking=FIELD)
    assert [sorted(x.players) for x in t.series[0].tables] == [FIELD[:3], sorted(FIELD[3:])]
    table1 = _sheet(t, 1, 1, [("Anna", LOST)] * 5 + [("Ben", WON)])
    return t, table1, [("Dora", WON), ("Emil", LOST), ("Dora", WON), ("Emil", LOST)]


def test_players_of_a_table_not_counted_are_listed_apart_never_tied_at_0() -> None:
    t, table1, games = _club()
    sheets = {(1, 1): table1, (1, 2): _sheet(t, 1, 2, games)}
    result = standings(t, sheets, FeeRule(50, 4, 100))
    assert result.held == (Held(1, 2, "incomplete", "", 4, 6),)
    ranked = [(s.place, s.name, s.seeger_fabian, s.tied) for s in result.ranking]
    assert ranked == [
        (1, "Ben", 298, False),  # 98 + 5 × 40
        (2, "Carl", 200, False),  # 5 × 40
        (3, "Anna", -730, False),  # 5 × -146
    ]
    apart = [(s.place, s.name, s.pending, s.series[0]) for s in result.apart]
    assert [name for _, name, _, _ in apart] == ["Dora", "Emil", "Fritz"]  # order of entry
    assert all(place == 0 and pending for place, _, pending, _ in apart)
    assert all(score is not None and not score.counted for *_, score in apart)
    # teams: each has a player at table 2 (Dora, Emil), so both wait too
    assert result.team_ranking == ()
    assert [(x.name, x.pending) for x in result.teams_apart] == [("Nord", True), ("Süd", True)]
    assert result.fee_total == 350  # Anna: 3 × 50 + 2 × 100; table 2 not counted
    assert not result.final
    with pytest.raises(SheetError) as caught:
        result.seeding()
    assert (caught.value.code, caught.value.params) == (
        "err.tournament.seed_held",
        {"n": 1, "t": 2},
    )


def test_a_closed_table_counts_with_the_deals_entered() -> None:
    t, table1, games = _club()
    t = t.close(1, 2, 4)
    assert t.series[0].tables[1].closed == 4
    sheets = {(1, 1): table1, (1, 2): _sheet(t, 1, 2, games)}
    result = standings(t, sheets, FeeRule(50, 4, 100))
    assert result.held == ()
    assert result.closed == (Closed(1, 2, 4, 6),)
    assert result.apart == ()
    ranked = [
        (s.place, s.name, s.seeger_fabian, s.won, s.lost, s.fee_cents) for s in result.ranking
    ]
    assert ranked == [
        (1, "Ben", 298, 1, 0, 0),
        (2, "Dora", 276, 2, 0, 0),  # 2 × 98 + 2 × 40
        (3, "Carl", 200, 0, 0, 0),
        (4, "Fritz", 80, 0, 0, 0),  # 2 × 40
        (5, "Emil", -292, 0, 2, 100),  # 2 × -146; fee 2 × 50
        (6, "Anna", -730, 0, 5, 350),  # fee 3 × 50 + 2 × 100
    ]
    assert result.fee_total == 450  # 350 + 100
    assert [(x.place, x.name, x.seeger_fabian) for x in result.team_ranking] == [
        (1, "Süd", 6),  # Ben 298 + Emil -292
        (2, "Nord", -454),  # Anna -730 + Dora 276
    ]
    assert result.final
    assert result.seeding() == ("Ben", "Dora", "Carl", "Fritz", "Emil", "Anna")


def test_a_closed_table_whose_sheet_changed_is_held_back_until_closed_again() -> None:
    t, table1, games = _club()
    t = t.close(1, 2, 4)
    more = _sheet(t, 1, 2, [*games, ("Fritz", WON)])
    result = standings(t, {(1, 1): table1, (1, 2): more})
    assert result.held == (Held(1, 2, "closed", "", 5, 6, closed=4),)
    assert [s.name for s in result.apart] == ["Dora", "Emil", "Fritz"]
    again = standings(t.close(1, 2, 5), {(1, 1): table1, (1, 2): more})
    assert again.held == () and again.closed == (Closed(1, 2, 5, 6),)
    # Fritz: 2 × 40 + 98 = 178
    assert next(s.seeger_fabian for s in again.ranking if s.name == "Fritz") == 178


def test_a_closed_table_still_needs_its_own_sheet() -> None:
    t, table1, _ = _club()
    t = t.close(1, 2, 4)
    result = standings(t, {(1, 1): table1})
    assert [(h.table, h.reason) for h in result.held] == [(2, "missing")]


def test_closing_and_reopening() -> None:
    t, _, _ = _club()
    assert t.close(1, 2, 3).close(1, 2, 4).series[0].tables[1].closed == 4
    assert t.close(1, 2, 4).reopen(1, 2) == t
    for args, code in [
        ((1, 2, 0), "err.tournament.close_empty"),  # no deal entered: a table number mistyped?
        ((1, 2, 6), "err.tournament.close_complete"),  # a series here has 6 deals
        ((1, 2, 7), "err.tournament.close_over"),
        ((1, 2, -1), "err.tournament.close_deals"),
        ((1, 3, 4), "err.tournament.table"),
        ((2, 1, 4), "err.tournament.series"),
    ]:
        with pytest.raises(SheetError) as caught:
            t.close(*args)
        assert caught.value.code == code, args
    with pytest.raises(SheetError) as caught:
        t.reopen(1, 2)
    assert caught.value.code == "err.tournament.not_closed"
