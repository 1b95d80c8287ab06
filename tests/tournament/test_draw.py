"""The draw's properties, for any field: table sizes, every player seated once, the same seed
the same draw, and fewer repeat pairings than a plain random draw (at tables of three first;
tables of four, teams and seeded series: test_draw_modes.py)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from skatcalc.tournament.draw import TableMode, draw, repeats, table_sizes
from skatcalc.tournament.model import Tournament

# Every field size from 3 up, except 5 (no mix of threes and fours makes 5).
fields = st.integers(min_value=3, max_value=80).filter(lambda n: n != 5)


@given(fields)
def test_table_sizes(count: int) -> None:
    sizes = table_sizes(count)
    assert sum(sizes) == count
    assert set(sizes) <= {3, 4}
    # as many tables of three as the field allows: never three tables of four (that is 4 threes)
    assert sizes.count(4) <= 2


@given(fields, st.integers(min_value=0, max_value=2**32), st.integers(min_value=1, max_value=3))
@settings(max_examples=60, deadline=None)
def test_every_series_seats_every_active_player_once(count: int, seed: int, series: int) -> None:
    names = [f"P{i}" for i in range(count)]
    tournament = Tournament.new("x", names, planned=series)
    for n in range(series):
        tournament = tournament.draw_next(seed + n)
    for drawn in tournament.series:
        seated = [p for table in drawn.tables for p in table.players]
        assert sorted(seated) == sorted(names)
        assert tuple(len(t.players) for t in drawn.tables) == table_sizes(count, tournament.tables)


@given(fields, st.integers(min_value=0, max_value=2**32))
@settings(max_examples=30, deadline=None)
def test_the_same_seed_draws_the_same_tables(count: int, seed: int) -> None:
    names = [f"P{i}" for i in range(count)]
    met = Tournament.new("x", names).with_tables(TableMode.THREES).draw_next(seed + 1).met()
    assert draw(names, met, seed) == draw(names, met, seed)


def _random_draw(names: list[str], seed: int) -> list[list[str]]:
    """A plain random draw: shuffle and cut into the same table sizes."""
    order = list(names)
    random.Random(seed).shuffle(order)
    tables, at = [], 0
    for size in table_sizes(len(names)):
        tables.append(order[at : at + size])
        at += size
    return tables


@given(fields, st.integers(min_value=0, max_value=2**32), st.integers(min_value=1, max_value=4))
@settings(max_examples=60, deadline=None)
def test_never_more_repeats_than_a_random_draw(count: int, seed: int, before: int) -> None:
    names = [f"P{i}" for i in range(count)]
    tournament = Tournament.new("x", names, planned=before + 1).with_tables(TableMode.THREES)
    for n in range(before):
        tournament = tournament.draw_next(seed * 7 + n)
    met = tournament.met()
    assert repeats(draw(names, met, seed), met) <= repeats(_random_draw(names, seed), met)


def test_fewer_repeats_than_random_draws_over_many_seeds() -> None:
    # 12 players, series 2 and 3: a random draw seats some pairs together again; the draw
    # finds seatings with none (series 2: one from each old table at each new table).
    names = [f"P{i}" for i in range(12)]
    ours = theirs = 0
    for seed in range(40):
        tournament = Tournament.new("x", names).with_tables(TableMode.THREES).draw_next(seed)
        for _ in range(2):
            met = tournament.met()
            ours += repeats(draw(names, met, seed), met)
            theirs += repeats(_random_draw(names, seed), met)
            tournament = tournament.draw_next(seed + 1000)
    assert ours < theirs
    assert ours == 0


@given(st.sampled_from([9, 12, 15, 21, 30]), st.integers(min_value=0, max_value=2**32))
@settings(max_examples=40, deadline=None)
def test_a_second_series_without_repeats_when_one_exists(count: int, seed: int) -> None:
    # After one series at tables of three, a second with no pair meeting again always exists
    # for 9 or more players (seat one player of each old table at each new table).
    names = [f"P{i}" for i in range(count)]
    tournament = Tournament.new("x", names).with_tables(TableMode.THREES).draw_next(seed)
    met = tournament.met()
    assert repeats(draw(names, met, seed + 1), met) == 0
