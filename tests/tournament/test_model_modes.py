"""Issue 24, the tournament model: the table mode (new tournaments fours first, a tournament
that does not say threes first), teams apart in each series drawn, seeded series."""

from __future__ import annotations

import pytest

from skatcalc.errors import SheetError
from skatcalc.sheet.model import Deal, Sheet
from skatcalc.spec import GameSpec
from skatcalc.tournament.draw import TableMode
from skatcalc.tournament.model import Together, Tournament
from skatcalc.tournament.standings import standings

TWELVE = [f"P{i}" for i in range(1, 13)]


def test_a_new_tournament_seats_fours_first_and_one_that_does_not_say_threes_first() -> None:
    new = Tournament.new("x", TWELVE)
    assert new.tables is TableMode.FOURS
    assert [len(t.players) for t in new.draw_next(1).series[0].tables] == [4, 4, 4]
    # what a codec builds for a file without the field: the dataclass default
    old = Tournament(new.name, new.players)
    assert old.tables is TableMode.THREES
    assert [len(t.players) for t in old.draw_next(1).series[0].tables] == [3, 3, 3, 3]
    chosen = Tournament.new("x", TWELVE).with_tables(TableMode.THREES)
    assert [len(t.players) for t in chosen.draw_next(1).series[0].tables] == [3, 3, 3, 3]


def test_every_series_keeps_teams_apart_and_says_who_could_not_be() -> None:
    t = Tournament.new("x", TWELVE, planned=3).with_tables(TableMode.THREES)
    t = t.with_team("Nord", TWELVE[:4]).with_team("Süd", TWELVE[4:8])
    for seed in range(3):
        t = t.draw_next(seed)
    # four tables of three: a team of four sits apart, in every series
    assert [t.together(n) for n in (1, 2, 3)] == [(), (), ()]
    assert [t.fewest_together(n) for n in (1, 2, 3)] == [0, 0, 0]
    fours = Tournament.new("x", TWELVE).with_tables(TableMode.FOURS).with_team("Nord", TWELVE[:4])
    fours = fours.with_team("Süd", TWELVE[4:8]).draw_next(5)
    # three tables of four: four players at three tables, so two of each team share one
    shared = fours.together(1)
    assert [x.team for x in shared] in (["Nord", "Süd"], ["Süd", "Nord"])
    assert fours.fewest_together(1) == 2
    for x in shared:
        assert isinstance(x, Together)
        table = fours.series[0].tables[x.table - 1].players
        assert set(x.players) <= set(table)
        members = dict(fours.teams)[x.team]
        assert set(x.players) <= set(members)
    with pytest.raises(SheetError) as caught:
        fours.together(2)
    assert caught.value.code == "err.tournament.series"


def test_a_withdrawn_teammate_is_no_reason_to_split_anyone() -> None:
    t = Tournament.new("x", ["A", "B", "C", "D", "E", "F", "G"]).with_team("T", ["A", "B", "C"])
    t = t.leave("C").draw_next(1)  # 6 left at two tables; A and B apart
    assert t.together(1) == ()
    assert t.fewest_together(1) == 0


def test_a_seeded_series_follows_the_ranking_with_latecomers_after_it() -> None:
    t = Tournament.new("x", TWELVE, planned=2).with_tables(TableMode.FOURS)
    ranking = list(reversed(TWELVE))  # P12 leads
    t = t.leave("P12").join("Zoe")
    t = t.draw_next(3, ranking=ranking)
    tables = [sorted(table.players, key=lambda p: int(p[1:]) if p != "Zoe" else 99)
              for table in t.series[0].tables]  # fmt: skip
    # P12 withdrew: P11 leads; Zoe (no place yet) comes last
    assert tables == [
        ["P8", "P9", "P10", "P11"],
        ["P4", "P5", "P6", "P7"],
        ["P1", "P2", "P3", "Zoe"],
    ]
    assert t.series[0].seeded
    with pytest.raises(SheetError) as caught:
        t.draw_next(1, ranking=["Nobody"])
    assert caught.value.code == "err.tournament.no_player"


def test_the_second_series_seeded_by_the_standings_of_the_first() -> None:
    names = ["Anna", "Ben", "Carl", "Dora", "Emil", "Fritz"]
    t = Tournament.new("x", names, planned=2, length_three=1).draw_next(7)
    sheets = {}
    for n, table in enumerate(t.series[0].tables, 1):
        # at each table the first seat plays a grand with 1 and wins (+98, others 0) at
        # table 1, loses (-146, others +40) at table 2
        points = 70 if n == 1 else 50
        game = GameSpec("grand", with_=1, points=points)
        sheets[(1, n)] = Sheet.new(table.players, t.rules).add(Deal(table.players[0], game))
    first = t.series[0].tables
    winner, loser = first[0].players[0], first[1].players[0]
    order = standings(t, sheets).seeding()
    # 98 for the winner; +40 for the loser's two tablemates (in order of entry); 0 for the
    # winner's two tablemates (in order of entry); -146 last
    mates = [p for p in names if p in first[1].players and p != loser]
    zeros = [p for p in names if p in first[0].players and p != winner]
    assert order == (winner, *mates, *zeros, loser)
    t = t.draw_next(8, ranking=order)
    assert [set(table.players) for table in t.series[1].tables] == [
        {winner, *mates}, {*zeros, loser},
    ]  # fmt: skip


def test_a_latecomer_is_seeded_after_the_ranking_even_above_negative_totals() -> None:
    names = ["Anna", "Ben", "Carl"]
    t = Tournament.new("x", names, planned=2, length_three=1).draw_next(1)
    seats = t.series[0].tables[0].players
    lost = GameSpec("grand", with_=1, points=50)
    sheets = {(1, 1): Sheet.new(seats, t.rules).add(Deal("Anna", lost))}
    t = t.join("Zoe")  # 0 points, but no series played: no place to be seeded by
    order = standings(t, sheets).seeding()
    # Ben and Carl +40 each (level: order of entry), Anna -146; Zoe is not in the ranking
    assert order == ("Ben", "Carl", "Anna")
    t = t.draw_next(2, ranking=order)
    assert [sorted(x.players) for x in t.series[1].tables] == [["Anna", "Ben", "Carl", "Zoe"]]
    with pytest.raises(SheetError) as caught:
        standings(Tournament.new("x", names), {}).seeding()
    assert caught.value.code == "err.tournament.seed_first"
