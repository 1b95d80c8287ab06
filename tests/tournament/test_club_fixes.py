"""Issue 31's club fixes in the domain: a paper list beside an unreadable sheet; a closed
short table in the season; shared places. Worked by hand."""

from __future__ import annotations

from skatcalc.errors import SheetFileError
from skatcalc.season import season
from skatcalc.sheet.model import Sheet
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
