"""Issue 31's club fixes in the domain: a paper list beside an unreadable sheet; a closed
short table in the season; shared places. Worked by hand."""

from __future__ import annotations

from fractions import Fraction

from skatcalc.errors import SheetFileError
from skatcalc.season import season
from skatcalc.sheet.model import Deal, Sheet
from skatcalc.spec import GameSpec
from skatcalc.tournament.model import Tournament
from skatcalc.tournament.standings import standings


def _typed() -> Tournament:
    t = Tournament.new("Cup", ["Anna", "Ben", "Carl"], planned=1, length_three=12).draw_next(1)
    seats = t.table(1, 1).players
    return t.with_paper(1, 1, [(p, 100 * i, i, 0) for i, p in enumerate(seats)])


def test_an_unreadable_sheet_holds_its_paper_list_back() -> None:
    """The sheet may hold deals: counting the paper list would hide the broken file."""
    t = _typed()
    broken = SheetFileError("err.file.kind", file="cup-s1-t1.toml", kind="a folder")
    result = standings(t, {(1, 1): broken})
    assert result.paper == ()
    assert [(h.series, h.table, h.reason, h.detail) for h in result.held] == [
        (1, 1, "unreadable", broken)
    ]
    assert result.ranking == () and len(result.apart) == 3
    year = season([(t, {(1, 1): broken})])
    assert [(h.table, h.reason) for _, h in year.held] == [(1, "unreadable")]
    assert [(p.name, p.points, p.played) for p in year.ranking] == []


def test_a_missing_or_empty_sheet_still_counts_its_paper_list() -> None:
    t = _typed()
    # seats in order: 0 / 100, 1 won / 200, 2 won, nobody lost: 0, 150, 300
    for sheets in ({}, {(1, 1): _empty(t)}):
        result = standings(t, sheets)
        assert [(p.series, p.table) for p in result.paper] == [(1, 1)]
        assert sorted(s.seeger_fabian for s in result.ranking) == [0, 150, 300]


def _empty(t: Tournament) -> Sheet:
    return Sheet.new(t.table(1, 1).players, t.table_rules(3))


def test_a_table_closed_short_is_one_whole_series_in_the_season_as_in_the_standings() -> None:
    """A series of 4 deals, the table closed after 2. By hand (Seeger-Fabian, a table of 3):
    deal 1, Anna's grand with 1, 70 points, won: 2 × 24 = 48, +48 + 50 = +98;
    deal 2, Ben's clubs with 1, 50 points, lost: 2 × 12 = 24, −48 − 50 = −98, Anna and Carl
    +40 each. Anna 98 + 40 = 138, Ben −98, Carl 40: one series each in the standings, so one
    series each in the season (it counted 2/4 = half a series: averages doubled, and
    ``min_series=1`` left everyone apart)."""
    t = Tournament.new("Cup", ["Anna", "Ben", "Carl"], planned=1, length_three=4).draw_next(1)
    seats = t.table(1, 1).players
    sheet = Sheet.new(seats, t.table_rules(3)).extend([
        Deal("Anna", GameSpec("grand", with_=1, points=70)),
        Deal("Ben", GameSpec("clubs", with_=1, points=50)),
    ])  # fmt: skip
    t = t.close_with(1, 1, sheet)
    result = standings(t, {(1, 1): sheet})
    assert [(s.name, s.seeger_fabian) for s in result.ranking] == [
        ("Anna", 138), ("Carl", 40), ("Ben", -98)
    ]  # fmt: skip
    year = season([(t, {(1, 1): sheet})], min_series=1)
    assert [(p.place, p.name, p.points, p.played, p.average) for p in year.ranking] == [
        (1, "Anna", 138, 1, 138), (2, "Carl", 40, 1, 40), (3, "Ben", -98, 1, -98)
    ]  # fmt: skip
    assert year.apart == ()
    assert [(x.part, x.points, x.series) for x in year.ranking[0].lists] == [(1, 138, Fraction(1))]


def test_one_rule_shares_places_in_the_standings_the_teams_and_the_season() -> None:
    """Two level in second place: 1, 2=, 2=, 4 everywhere (issue 31 review item 5)."""
    from skatcalc.season import SeasonPlayer, _ranked
    from skatcalc.tournament.standings import (
        Standing,
        TeamStanding,
        rank,
        rank_teams,
        shared_places,
    )

    points = [("A", 120), ("B", 100), ("C", 100), ("D", 90)]
    assert shared_places([-p for _, p in points]) == [1, 2, 2, 4]
    players = rank([Standing(0, n, p, 1, 0, ()) for n, p in points])
    teams = rank_teams([TeamStanding(0, n, (), p, 1, 0) for n, p in points])
    year = _ranked([SeasonPlayer(0, False, n, p, Fraction(1), Fraction(1), ()) for n, p in points])
    for ranked in (players, teams, year):
        assert [(x.place, x.name, x.tied) for x in ranked] == [
            (1, "A", False), (2, "B", True), (2, "C", True), (4, "D", False)
        ]  # fmt: skip
