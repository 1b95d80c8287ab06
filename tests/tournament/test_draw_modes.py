"""Issue 24, the draw: tables of four first (or of three), teammates apart, seeded series.

Every expected number here is worked out by hand (in the comments) or by brute force over every
seating of a small field, never taken from the code under test.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skatcalc.errors import SheetError
from skatcalc.tournament.draw import (
    TableMode,
    draw,
    fewest_together,
    pair,
    pairings,
    repeats,
    seeded,
    table_sizes,
    together,
)
from skatcalc.tournament.model import Tournament

FOURS, THREES = TableMode.FOURS, TableMode.THREES
modes = st.sampled_from(list(TableMode))


# --- table sizes -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("count", "fours", "threes"),
    [
        # the issue's numbers: 12 = 3 × 4, 13 = 4 + 3 × 3, 200 = 50 × 4
        (12, (4, 4, 4), (3, 3, 3, 3)),
        (13, (4, 3, 3, 3), (3, 3, 3, 4)),
        (200, (4,) * 50, (3,) * 64 + (4,) * 2),  # 64 × 3 + 2 × 4 = 192 + 8
        (7, (4, 3), (3, 4)),
        (9, (3, 3, 3), (3, 3, 3)),  # 9 - 4 = 5 and 9 - 8 = 1 are no threes: threes only
        (10, (4, 3, 3), (3, 3, 4)),
        (11, (4, 4, 3), (3, 4, 4)),
        (6, (3, 3), (3, 3)),
        (8, (4, 4), (4, 4)),
        (17, (4, 4, 3, 3, 3), (3, 3, 3, 4, 4)),  # 2 × 4 + 3 × 3; 3 × 3 + 2 × 4
        (21, (4, 4, 4, 3, 3, 3), (3,) * 7),  # 3 × 4 + 3 × 3; 7 × 3
    ],
)
def test_table_sizes_by_hand(count: int, fours: tuple[int, ...], threes: tuple[int, ...]) -> None:
    assert table_sizes(count, FOURS) == fours
    assert table_sizes(count, THREES) == threes
    assert table_sizes(count) == threes  # the function's default is what it always did


def _most(count: int, size: int) -> int:
    """The most tables of ``size`` a seating of ``count`` players at tables of 3 and 4 can
    have: tried from the top down."""
    other = 7 - size
    return next(n for n in range(count // size, -1, -1) if (count - size * n) % other == 0)


@pytest.mark.parametrize("count", range(7, 201))
def test_table_sizes_for_every_field_from_7_to_200(count: int) -> None:
    fours = table_sizes(count, FOURS)
    threes = table_sizes(count, THREES)
    for sizes in (fours, threes):
        assert sum(sizes) == count
        assert set(sizes) <= {3, 4}
    # fours first: as many fours as any seating has, and they come first
    assert fours.count(4) == _most(count, 4)
    assert fours.count(3) <= 3
    assert list(fours) == sorted(fours, reverse=True)
    # threes first: as many threes as any seating has, exactly today's formula
    assert threes.count(3) == _most(count, 3)
    assert threes == (3,) * ((count - 4 * (count % 3)) // 3) + (4,) * (count % 3)


@pytest.mark.parametrize("mode", list(TableMode))
def test_five_players_cannot_be_seated_in_either_mode(mode: TableMode) -> None:
    with pytest.raises(SheetError) as caught:
        table_sizes(5, mode)
    assert caught.value.code == "err.tournament.five"


def test_a_mode_is_read_from_its_word() -> None:
    assert TableMode.parse(" FOURS ") is FOURS
    assert [str(mode) for mode in TableMode] == ["fours", "threes"]
    with pytest.raises(SheetError) as caught:
        TableMode.parse("4")
    assert (caught.value.code, caught.value.field) == ("err.tournament.tables", "tables")


# --- the draw in both modes --------------------------------------------------------------------


@st.composite
def fields(draw_: st.DrawFn, most: int = 200) -> tuple[list[str], TableMode, list[list[str]]]:
    """A field of 7 to ``most`` players, a mode, and teams (of 2 to 6) among them."""
    count = draw_(st.integers(7, most))
    names = [f"P{i}" for i in range(count)]
    order = draw_(st.permutations(names))
    teams, at = [], 0
    for size in draw_(st.lists(st.integers(2, 6), max_size=count // 2)):
        if at + size > count:
            break
        teams.append(list(order[at : at + size]))
        at += size
    return names, draw_(modes), teams


@given(fields(), st.integers(0, 2**32), st.integers(1, 3))
@settings(max_examples=60, deadline=None)
def test_every_series_seats_every_player_once_at_the_mode_sizes(
    field: tuple[list[str], TableMode, list[list[str]]], seed: int, series: int
) -> None:
    names, mode, teams = field
    tournament = Tournament.new("x", names, planned=series).with_tables(mode)
    for members in teams:
        tournament = tournament.with_team("T" + members[0], members)
    for n in range(series):
        tournament = tournament.draw_next(seed + n)
    for drawn in tournament.series:
        seated = [p for table in drawn.tables for p in table.players]
        assert sorted(seated) == sorted(names)
        assert tuple(len(t.players) for t in drawn.tables) == table_sizes(len(names), mode)


@given(fields(), st.integers(0, 2**32))
@settings(max_examples=40, deadline=None)
def test_the_same_inputs_draw_the_same_tables(
    field: tuple[list[str], TableMode, list[list[str]]], seed: int
) -> None:
    names, mode, teams = field
    met = pairings(draw(names, seed=seed + 1, mode=mode))
    first = draw(names, met, seed, mode=mode, teams=teams)
    assert draw(names, met, seed, mode=mode, teams=teams) == first
    ranking = list(reversed(names))
    assert seeded(ranking, seed, mode=mode, teams=teams) == seeded(
        ranking, seed, mode=mode, teams=teams
    )


def test_threes_first_without_teams_draws_exactly_what_it_drew_before() -> None:
    # Pinned from the draw before issue 24 (git show 39d1d45:skatcalc/tournament/draw.py),
    # run on these inputs: a file without the new field keeps its draws.
    names = [f"P{i}" for i in range(10)]
    history = (("P0", "P1", "P2"), ("P3", "P4", "P5"), ("P6", "P7", "P8", "P9"))
    met = pairings(history)
    assert draw(names, met, 0) == (
        ("P1", "P5", "P8"), ("P9", "P4", "P2"), ("P0", "P6", "P3", "P7"),
    )  # fmt: skip
    assert draw(names, seed=7) == (
        ("P3", "P8", "P1"), ("P7", "P0", "P4"), ("P2", "P9", "P6", "P5"),
    )  # fmt: skip


@given(st.integers(7, 60), st.integers(0, 2**32), st.integers(1, 3))
@settings(max_examples=40, deadline=None)
def test_fours_first_never_has_more_repeats_than_a_random_draw(
    count: int, seed: int, before: int
) -> None:
    import random

    names = [f"P{i}" for i in range(count)]
    tournament = Tournament.new("x", names, planned=before + 1)
    for n in range(before):
        tournament = tournament.draw_next(seed * 7 + n)
    met = tournament.met()
    order = list(names)
    random.Random(seed).shuffle(order)  # the plain random draw of the seed
    sizes, plain, at = table_sizes(count, FOURS), [], 0
    for size in sizes:
        plain.append(order[at : at + size])
        at += size
    assert repeats(draw(names, met, seed, mode=FOURS), met) <= repeats(plain, met)


@given(st.sampled_from([16, 20, 24, 32, 40]), st.integers(0, 2**32))
@settings(max_examples=30, deadline=None)
def test_fours_first_a_second_series_without_repeats_when_one_exists(count: int, seed: int) -> None:
    # After one series at k tables of four, k >= 4: deal each old table's players to four
    # different new tables (player i of old table j to table (i + j) mod k): nobody meets again.
    names = [f"P{i}" for i in range(count)]
    met = pairings(draw(names, seed=seed, mode=FOURS))
    assert repeats(draw(names, met, seed + 1, mode=FOURS), met) == 0


# --- teams apart -------------------------------------------------------------------------------


@st.composite
def apart_fields(draw_: st.DrawFn) -> tuple[list[str], TableMode, list[list[str]]]:
    """A field of 7 to 200 with teams that can sit apart by construction: no team has more
    players than the series has tables (each player of a team can have a table of their own),
    with as many players in teams as the draw likes, up to all of them."""
    count = draw_(st.integers(7, 200))
    mode = draw_(modes)
    tables = len(table_sizes(count, mode))
    names = [f"P{i}" for i in range(count)]
    order = draw_(st.permutations(names))
    teams, at = [], 0
    for size in draw_(st.lists(st.integers(2, min(tables, 8)), max_size=count // 2)):
        if at + size > count:
            break
        teams.append(list(order[at : at + size]))
        at += size
    return names, mode, teams


@given(apart_fields(), st.integers(0, 2**32), st.integers(0, 2))
@settings(max_examples=80, deadline=None)
def test_teammates_never_share_a_table_when_the_field_allows_it(
    field: tuple[list[str], TableMode, list[list[str]]], seed: int, before: int
) -> None:
    names, mode, teams = field
    met: Counter[frozenset[str]] = Counter()
    for n in range(before):  # with history too: teams come before repeats
        met += pairings(draw(names, met, seed + 100 + n, mode=mode))
    assert together(draw(names, met, seed, mode=mode, teams=teams), teams) == ()


def test_the_issues_two_teams_of_four_among_twelve() -> None:
    # The issue: two teams of four among 12 players sat together in every one of 10 seeds.
    # At four tables of three each team can sit apart; at three tables of four it cannot
    # (four players, three tables: two share one), so one pair of each team shares a table.
    names = [f"P{i}" for i in range(12)]
    teams = [names[:4], names[4:8]]
    for seed in range(10):
        assert together(draw(names, seed=seed, teams=teams), teams) == ()
        shared = together(draw(names, seed=seed, mode=FOURS, teams=teams), teams)
        assert len(shared) == 2
        assert {frozenset(p) <= frozenset(names[:4]) for p in shared} == {True, False}


def test_teams_come_before_repeats() -> None:
    # Six players at two tables of three; teams {A,B}, {C,D}, {E,F}. A and B each met C and D
    # before. Teams apart puts one of A/B and one of C/D at each table: a repeat at each, 2 in
    # all. Only a seating with a team together ({A,B,E} {C,D,F}) has none: the draw keeps the
    # teams apart and accepts the 2 repeats.
    names = ["A", "B", "C", "D", "E", "F"]
    teams = [["A", "B"], ["C", "D"], ["E", "F"]]
    met = {pair("A", "C"): 1, pair("A", "D"): 1, pair("B", "C"): 1, pair("B", "D"): 1}
    for seed in range(20):
        tables = draw(names, met, seed, teams=teams)
        assert together(tables, teams) == ()
        assert repeats(tables, met) == 2


def test_fewest_together_by_hand() -> None:
    # a team of k over t tables, spread evenly: k = q t + r, r tables with q + 1 of it
    assert fewest_together(3, [4]) == 1  # 2 + 1 + 1: one pair
    assert fewest_together(2, [5]) == 4  # 3 + 2: 3 pairs + 1 pair
    assert fewest_together(4, [9]) == 6  # 3 + 2 + 2 + 2: 3 + 1 + 1 + 1 pairs
    assert fewest_together(50, [50, 2, 2]) == 0
    assert fewest_together(1, [3]) == 3  # one table: all three pairs


def _seatings(sizes: Sequence[int], count: int) -> Iterator[tuple[int, ...]]:
    """Every seating of players 0..count-1 as each one's table, in lexicographic order."""
    free = list(sizes)
    at: list[int] = []

    def walk() -> Iterator[tuple[int, ...]]:
        if len(at) == count:
            yield tuple(at)
            return
        for table, seats in enumerate(free):
            if seats:
                free[table] -= 1
                at.append(table)
                yield from walk()
                at.pop()
                free[table] += 1

    return walk()


def _together_count(at: Sequence[int], team: Sequence[int]) -> int:
    """Teammates at one table: ``team`` gives each player's team, -1 for none."""
    return sum(
        1
        for a, b in combinations(range(len(at)), 2)
        if team[a] >= 0 and team[a] == team[b] and at[a] == at[b]
    )


@st.composite
def small_fields(draw_: st.DrawFn) -> tuple[int, TableMode, list[int]]:
    """6 to 10 players, a mode, and each player's team (-1: none), teams of any size."""
    count = draw_(st.integers(6, 10))
    team = draw_(st.lists(st.integers(-1, 3), min_size=count, max_size=count))
    return count, draw_(modes), team


def _teams(team: Sequence[int], names: Sequence[str]) -> list[list[str]]:
    return [[names[i] for i, t in enumerate(team) if t == g] for g in sorted(set(team) - {-1})]


@given(small_fields(), st.integers(0, 2**32))
@settings(max_examples=60, deadline=None)
def test_the_draw_seats_the_fewest_teammates_together_any_seating_can(
    field: tuple[int, TableMode, list[int]], seed: int
) -> None:
    count, mode, team = field
    names = [f"P{i}" for i in range(count)]
    sizes = table_sizes(count, mode)
    fewest = min(_together_count(at, team) for at in _seatings(sizes, count))  # brute force
    teams = _teams(team, names)
    assert len(together(draw(names, seed=seed, mode=mode, teams=teams), teams)) == fewest
    assert fewest_together(len(sizes), [len(t) for t in teams if len(t) > 1]) == fewest


# --- seeded series -----------------------------------------------------------------------------


@given(st.integers(7, 200), modes, st.integers(0, 2**32))
@settings(max_examples=60, deadline=None)
def test_a_seeded_series_without_teams_is_the_ranking_cut_into_tables(
    count: int, mode: TableMode, seed: int
) -> None:
    ranking = [f"P{i}" for i in range(count)]
    tables = seeded(ranking, seed, mode=mode)
    at = 0
    for size, table in zip(table_sizes(count, mode), tables, strict=True):
        assert sorted(table, key=ranking.index) == ranking[at : at + size]
        at += size


def test_a_seeded_series_by_hand() -> None:
    ranks = [f"R{i}" for i in range(1, 14)]  # R1 leads
    # 13 players, fours first: table 1 ranks 1-4, then threes: 5-7, 8-10, 11-13
    tables = [sorted(t, key=ranks.index) for t in seeded(ranks, mode=FOURS)]
    assert tables == [ranks[0:4], ranks[4:7], ranks[7:10], ranks[10:13]]
    # R1 and R2 a pair: R2 goes on to table 2, and R5 takes the seat at table 1
    tables = [sorted(t, key=ranks.index) for t in seeded(ranks, mode=FOURS, teams=[ranks[:2]])]
    assert tables == [
        ["R1", "R3", "R4", "R5"], ["R2", "R6", "R7"], ["R8", "R9", "R10"], ["R11", "R12", "R13"],
    ]  # fmt: skip
    # R12 and R13 a pair, both due at table 4. R1-R9 sit as ranked. R10 at table 3 would fill
    # it and leave table 4 to R11, R12 and R13 together: R10 goes on to table 4; so does R11
    # (table 3 with R11 leaves R10, R12, R13 for table 4); R12 takes the seat at table 3.
    tables = [sorted(t, key=ranks.index) for t in seeded(ranks, mode=FOURS, teams=[ranks[11:]])]
    assert tables == [
        ["R1", "R2", "R3", "R4"], ["R5", "R6", "R7"], ["R8", "R9", "R12"], ["R10", "R11", "R13"],
    ]  # fmt: skip


@given(small_fields(), st.integers(0, 2**32))
@settings(max_examples=80, deadline=None)
def test_a_seeded_series_deviates_from_the_ranking_as_little_as_teams_apart_needs(
    field: tuple[int, TableMode, list[int]], seed: int
) -> None:
    # Minimal deviation, as the draw defines it: of every seating with the fewest teammates
    # together, the one whose table numbers, read in ranking order, come first. Found here by
    # brute force over every seating (in lexicographic order, so the first with the fewest).
    count, mode, team = field
    ranking = [f"P{i}" for i in range(count)]
    sizes = table_sizes(count, mode)
    every = list(_seatings(sizes, count))
    fewest = min(_together_count(at, team) for at in every)
    best = next(at for at in every if _together_count(at, team) == fewest)
    tables = seeded(ranking, seed, mode=mode, teams=_teams(team, ranking))
    got = tuple(next(t for t, table in enumerate(tables) if p in table) for p in ranking)
    assert got == best


@given(apart_fields(), st.integers(0, 2**32))
@settings(max_examples=60, deadline=None)
def test_a_seeded_series_keeps_teams_apart_when_the_field_allows_it(
    field: tuple[list[str], TableMode, list[list[str]]], seed: int
) -> None:
    names, mode, teams = field
    tables = seeded(names, seed, mode=mode, teams=teams)
    assert together(tables, teams) == ()
    assert sorted(p for t in tables for p in t) == sorted(names)


@st.composite
def crowded_fields(draw_: st.DrawFn) -> tuple[list[str], TableMode, list[list[str]]]:
    """6 to 40 players in up to four teams of any size, so teams often outnumber the tables."""
    count = draw_(st.integers(6, 40))
    names = [f"P{i}" for i in range(count)]
    team = draw_(st.lists(st.integers(-1, 3), min_size=count, max_size=count))
    return names, draw_(modes), _teams(team, names)


@given(crowded_fields(), st.integers(0, 2**32))
@settings(max_examples=100, deadline=None)
def test_drawn_and_seeded_series_have_the_fewest_teammates_together(
    field: tuple[list[str], TableMode, list[list[str]]], seed: int
) -> None:
    # fewest_together is checked against every seating above; here, larger fields
    names, mode, teams = field
    fewest = fewest_together(len(table_sizes(len(names), mode)), [len(t) for t in teams])
    ranking = list(reversed(names))
    assert len(together(seeded(ranking, seed, mode=mode, teams=teams), teams)) == fewest
    assert len(together(draw(names, seed=seed, mode=mode, teams=teams), teams)) == fewest


@given(crowded_fields(), st.integers(0, 2**32))
@settings(max_examples=100, deadline=None)
def test_every_seating_the_draw_tries_already_has_the_fewest_teammates_together(
    field: tuple[list[str], TableMode, list[list[str]]], seed: int
) -> None:
    # The guarantee must not rest on the swaps that follow (they only lower the repeats), so
    # the start of every try is checked itself: the deal of the seats round by round.
    import random

    from skatcalc.tournament.draw import _spread

    names, mode, teams = field
    sizes = table_sizes(len(names), mode)
    groups = [t for t in teams if len(t) > 1]
    tables = _spread(names, groups, sizes, random.Random(seed))
    assert [len(t) for t in tables] == list(sizes)
    assert len(together(tables, teams)) == fewest_together(len(sizes), map(len, groups))


@pytest.mark.parametrize("seed", range(5))
def test_a_field_of_teams_only_sits_apart_from_the_first_try(seed: int) -> None:
    # 10 players at a four and two threes, everyone in a team of 3, 3, 2 or 2 (none larger
    # than the 3 tables): a seating with no teammates together exists (e.g. tables
    # {A1 B1 C1 D1} {A2 B2 C2} {A3 B3 D2}), and the draw's very first seating is one.
    import random

    from skatcalc.tournament.draw import _spread

    teams = [["A1", "A2", "A3"], ["B1", "B2", "B3"], ["C1", "C2"], ["D1", "D2"]]
    names = [p for team in teams for p in team]
    tables = _spread(names, teams, table_sizes(10, FOURS), random.Random(seed))
    assert together(tables, teams) == ()
    assert together(draw(names, seed=seed, mode=FOURS, teams=teams), teams) == ()
    assert together(seeded(names, seed, mode=FOURS, teams=teams), teams) == ()
