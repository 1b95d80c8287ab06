"""The draw: players to 3- and 4-player tables for one series, avoiding repeat pairings.

Pure and reproducible: the same players, history and seed give the same tables.

>>> table_sizes(10)
(3, 3, 4)
>>> tables = draw(["A", "B", "C", "D", "E", "F", "G"], seed=1)
>>> sorted(len(t) for t in tables), sorted(p for t in tables for p in t)
([3, 4], ['A', 'B', 'C', 'D', 'E', 'F', 'G'])
>>> draw(["A", "B", "C", "D", "E", "F", "G"], seed=1) == tables
True
>>> table_sizes(5)
Traceback (most recent call last):
...
skatcalc.errors.SheetError: err.tournament.five(count=5)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations

from skatcalc.errors import SheetError

__all__ = ["Pairs", "draw", "pair", "pairings", "repeats", "table_sizes"]

Pairs = Mapping[frozenset[str], int]
"""How often each pair of players has sat at one table."""

_TRIES = 24
"""Random starts of the local search; the best result counts."""


def table_sizes(count: int) -> tuple[int, ...]:
    """The table sizes for ``count`` players: as many tables of three as the field allows.

    A field that is not a multiple of three gets one or two tables of four.

    >>> table_sizes(3), table_sizes(4), table_sizes(8), table_sizes(9)
    ((3,), (4,), (4, 4), (3, 3, 3))
    >>> table_sizes(2)
    Traceback (most recent call last):
    ...
    skatcalc.errors.SheetError: err.tournament.few(count=2)
    """
    if count < 3:
        raise SheetError("err.tournament.few", count=count)
    fours = count % 3
    threes = (count - 4 * fours) // 3
    if threes < 0:
        raise SheetError("err.tournament.five", count=count)
    return (3,) * threes + (4,) * fours


def pair(a: str, b: str) -> frozenset[str]:
    """The pair of two players, whichever way round."""
    return frozenset((a, b))


def pairings(tables: Iterable[Sequence[str]]) -> Counter[frozenset[str]]:
    """Every pair of players who share a table, counted.

    >>> sorted(tuple(sorted(p)) for p in pairings([["A", "B", "C"]]))
    [('A', 'B'), ('A', 'C'), ('B', 'C')]
    """
    counts: Counter[frozenset[str]] = Counter()
    for table in tables:
        counts.update(pair(a, b) for a, b in combinations(table, 2))
    return counts


def repeats(tables: Iterable[Sequence[str]], met: Pairs) -> int:
    """How many pairs at these tables have met before (a pair met twice counts twice).

    >>> repeats([["A", "B", "C"]], {pair("A", "B"): 2})
    2
    """
    return sum(met.get(p, 0) for p in pairings(tables))


def draw(
    players: Sequence[str], met: Pairs | None = None, seed: int = 0
) -> tuple[tuple[str, ...], ...]:
    """Seat ``players`` at tables of three (and four, when the field needs them).

    Pairs in ``met`` are kept apart where possible: from several random seatings, each improved
    by swapping players between tables while a swap lowers the repeats, the one with the fewest
    repeats counts (the first random seating is one of them, so the draw never has more repeats
    than a plain random draw from the same seed). Seats at a table are in random order too; the
    first seat deals first. The same arguments always give the same draw.
    """
    met = met or {}
    sizes = table_sizes(len(players))
    rng = random.Random(seed)
    best: list[list[str]] | None = None
    best_cost = -1
    for _ in range(_TRIES):
        order = list(players)
        rng.shuffle(order)
        tables = _split(order, sizes)
        cost = repeats(tables, met)
        if cost and met:
            cost = _improve(tables, met, rng, cost)
        if best is None or cost < best_cost:
            best, best_cost = tables, cost
        if best_cost == 0:
            break
    assert best is not None
    for table in best:
        rng.shuffle(table)
    return tuple(tuple(table) for table in best)


def _split(order: list[str], sizes: Sequence[int]) -> list[list[str]]:
    tables, at = [], 0
    for size in sizes:
        tables.append(order[at : at + size])
        at += size
    return tables


def _cost_of(table: Sequence[str], met: Pairs) -> int:
    return sum(met.get(pair(a, b), 0) for a, b in combinations(table, 2))


def _improve(tables: list[list[str]], met: Pairs, rng: random.Random, cost: int) -> int:
    """Swap players between tables while a swap lowers the repeats; return the repeats left."""
    costs = [_cost_of(t, met) for t in tables]
    improved = True
    while improved and cost:
        improved = False
        bad = [i for i, c in enumerate(costs) if c]
        rng.shuffle(bad)
        for i in bad:
            for j in range(len(tables)):
                if j == i:
                    continue
                for x in range(len(tables[i])):
                    for y in range(len(tables[j])):
                        a, b = tables[i], tables[j]
                        a[x], b[y] = b[y], a[x]
                        new_i, new_j = _cost_of(a, met), _cost_of(b, met)
                        if new_i + new_j < costs[i] + costs[j]:
                            cost += new_i + new_j - costs[i] - costs[j]
                            costs[i], costs[j] = new_i, new_j
                            improved = True
                        else:
                            a[x], b[y] = b[y], a[x]
    return cost
