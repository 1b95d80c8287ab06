"""The draw: players to tables of four and three for one series, teammates apart, repeat
pairings avoided; or a seeded series, the leaders together in ranking order.

Pure and reproducible: the same players, history, teams and seed give the same tables.

>>> table_sizes(10), table_sizes(10, TableMode.FOURS)
((3, 3, 4), (4, 3, 3))
>>> tables = draw(["A", "B", "C", "D", "E", "F", "G"], seed=1)
>>> sorted(len(t) for t in tables), sorted(p for t in tables for p in t)
([3, 4], ['A', 'B', 'C', 'D', 'E', 'F', 'G'])
>>> draw(["A", "B", "C", "D", "E", "F", "G"], seed=1) == tables
True
>>> table_sizes(5)
Traceback (most recent call last):
...
skatcalc.errors.SheetError: err.tournament.five(count=5)

Teammates sit at different tables wherever the field allows it, and that comes before keeping
apart who met: "Mannschaften werden aber auseinandergesetzt".

>>> twelve = [f"P{i}" for i in range(1, 13)]
>>> teams = [twelve[:4], twelve[4:8]]
>>> together(draw(twelve, seed=3, teams=teams), teams)  # four tables of three
()

At three tables of four, a team of four cannot sit apart: one pair of each team shares a table,
the fewest there can be.

>>> len(together(draw(twelve, seed=3, mode=TableMode.FOURS, teams=teams), teams))
2
>>> fewest_together(3, [4, 4])
2
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from enum import StrEnum
from itertools import combinations
from typing import TYPE_CHECKING, TypeVar, assert_never

from skatcalc.errors import SheetError

if TYPE_CHECKING:
    # imported by a draw alone: the standings and every other read of a tournament draw
    # nothing (random's import, 0.5 ms of a cold `tournament standings`: python -X importtime)
    import random

__all__ = [
    "Pairs",
    "TableMode",
    "Teams",
    "draw",
    "fewest_together",
    "pair",
    "pairings",
    "repeats",
    "seeded",
    "table_sizes",
    "together",
]

Pairs = Mapping[frozenset[str], int]
"""How often each pair of players has sat at one table."""

Teams = Iterable[Sequence[str]]
"""Pairs (tandems) and teams: each the players of one, who are seated apart."""

_TRIES = 24
"""Random starts of the local search; the best result counts."""

_T = TypeVar("_T")


class TableMode(StrEnum):
    """Which tables a series fills first; the value is the word in the tournament file and on
    the command line (``--tables fours|threes``).

    ``FOURS`` is tournament practice: "Jeder Tisch ist grundsätzlich mit 4 Spielern besetzt.
    Nach Bedarf kann der Veranstalter Dreiertische bilden". ``THREES`` seats as many tables of
    three as the field allows (what skatcalc did before the choice existed).

    >>> TableMode.parse("Fours"), str(TableMode.THREES)
    (<TableMode.FOURS: 'fours'>, 'threes')
    >>> TableMode.parse("fives")
    Traceback (most recent call last):
    ...
    skatcalc.errors.SheetError: err.tournament.tables(text="'fives'")
    """

    FOURS = "fours"
    THREES = "threes"

    @classmethod
    def parse(cls, text: str) -> TableMode:
        """The mode named ``text`` (any case)."""
        try:
            return cls(text.strip().lower())
        except ValueError:
            raise SheetError("err.tournament.tables", text=repr(text), field="tables") from None


def table_sizes(count: int, mode: TableMode = TableMode.THREES) -> tuple[int, ...]:
    """The table sizes for ``count`` players, in table order.

    ``THREES``: as many tables of three as the field allows, the one or two tables of four
    last. ``FOURS``: as many tables of four as the field allows, the one to three tables of
    three last (12 players: three fours; 13: one four and three threes; 200: fifty fours).

    >>> table_sizes(3), table_sizes(4), table_sizes(8), table_sizes(9)
    ((3,), (4,), (4, 4), (3, 3, 3))
    >>> four = TableMode.FOURS
    >>> table_sizes(12, four), table_sizes(13, four), table_sizes(9, four), table_sizes(6, four)
    ((4, 4, 4), (4, 3, 3, 3), (3, 3, 3), (3, 3))
    >>> table_sizes(2)
    Traceback (most recent call last):
    ...
    skatcalc.errors.SheetError: err.tournament.few(count=2)
    """
    if count < 3:
        raise SheetError("err.tournament.few", count=count)
    match mode:
        case TableMode.THREES:
            fours = count % 3
            threes = (count - 4 * fours) // 3
            if threes < 0:
                raise SheetError("err.tournament.five", count=count)
            return (3,) * threes + (4,) * fours
        case TableMode.FOURS:
            threes = -count % 4
            fours = (count - 3 * threes) // 4
            if fours < 0:
                raise SheetError("err.tournament.five", count=count)
            return (4,) * fours + (3,) * threes
        case _:
            assert_never(mode)


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


def together(tables: Iterable[Sequence[str]], teams: Teams) -> tuple[tuple[str, str], ...]:
    """Every pair of teammates who share a table: table by table, in seat order.

    >>> together([["A", "B", "C"], ["D", "E", "F"]], [["A", "C", "D"], ["E", "F"]])
    (('A', 'C'), ('E', 'F'))
    """
    team_of = {player: i for i, members in enumerate(teams) for player in members}
    return tuple(
        (a, b)
        for table in tables
        for a, b in combinations(table, 2)
        if a in team_of and team_of.get(b) == team_of[a]
    )


def fewest_together(tables: int, team_sizes: Iterable[int]) -> int:
    """The fewest pairs of teammates who share a table, over ``tables`` tables, for teams of
    ``team_sizes`` players: none while no team has more players than there are tables; else a
    team spread evenly (as the draw spreads it) leaves at some tables two (or more) together.

    >>> fewest_together(3, [4, 4]), fewest_together(4, [4, 4, 2]), fewest_together(2, [5])
    (2, 0, 4)
    """
    fewest = 0
    for size in team_sizes:
        each, more = divmod(size, tables)
        fewest += more * (each + 1) * each // 2 + (tables - more) * each * (each - 1) // 2
    return fewest


def draw(
    players: Sequence[str],
    met: Pairs | None = None,
    seed: int = 0,
    *,
    mode: TableMode = TableMode.THREES,
    teams: Teams = (),
) -> tuple[tuple[str, ...], ...]:
    """Seat ``players`` at tables (sizes by :func:`table_sizes` in ``mode``), teammates apart
    first, then pairs in ``met`` apart.

    Teams first: every seating tried has the fewest teammates together the field allows
    (:func:`fewest_together`; none while no team has more players than there are tables).
    Among those, the one with the fewest repeat pairings counts: from several random seatings,
    each improved by swapping players between tables while a swap lowers the repeats and keeps
    teammates apart. Without teams the first seating tried is the plain random seating of the
    seed, so the draw never has more repeats than a random draw. Seats at a table are in
    random order too; the first seat deals first. The same arguments always give the same draw.
    """
    import random

    met = met or {}
    sizes = table_sizes(len(players), mode)
    groups = _groups(players, teams)
    rng = random.Random(seed)
    cost_of: Callable[[Sequence[str]], int]
    if groups:
        team_of = {player: i for i, members in enumerate(groups) for player in members}
        # one pair of teammates together weighs more than every repeat there can be
        weight = 1 + sum(met.values())
        floor = weight * fewest_together(len(sizes), map(len, groups))

        def cost_of(table: Sequence[str]) -> int:
            return weight * _together_at(table, team_of) + _cost_of(table, met)

    else:
        floor = 0

        def cost_of(table: Sequence[str]) -> int:
            return _cost_of(table, met)

    best: list[list[str]] | None = None
    best_cost = -1
    for _ in range(_TRIES):
        if groups:
            tables = _spread(players, groups, sizes, rng)
        else:
            order = list(players)
            rng.shuffle(order)
            tables = _split(order, sizes)
        cost = sum(map(cost_of, tables))
        if cost > floor:
            cost = _improve(tables, cost_of, rng, cost, floor)
        if best is None or cost < best_cost:
            best, best_cost = tables, cost
        if best_cost == floor:
            break
    assert best is not None
    for table in best:
        rng.shuffle(table)
    return tuple(tuple(table) for table in best)


def seeded(
    ranking: Sequence[str],
    seed: int = 0,
    *,
    mode: TableMode = TableMode.THREES,
    teams: Teams = (),
) -> tuple[tuple[str, ...], ...]:
    """A seeded series: the players of ``ranking`` (best first) seated table by table in
    ranking order, teammates apart; who met before does not count.

    With no teammates among them, ranks 1 to 4 sit at table 1 (at tables of four), 5 to 8 at
    table 2, and so on. Where teammates would share a table, the seating deviates as little
    as the ranking allows: of all seatings with the fewest teammates together
    (:func:`fewest_together`), the one whose table numbers, read in ranking order, come first.
    So each player, best first, takes the first table that has a seat, no teammate (or, for a
    team with more players than there are tables, no more than an even spread), and still
    leaves a seat for everyone after them; a player whose teammate sits at a table goes on to
    the next, and the next player in the ranking takes the seat. Seats at a table are drawn
    from the seed (the first seat deals first).

    >>> ranking = ["A", "B", "C", "D", "E", "F", "G", "H"]
    >>> [sorted(t) for t in seeded(ranking, mode=TableMode.FOURS)]
    [['A', 'B', 'C', 'D'], ['E', 'F', 'G', 'H']]
    >>> [sorted(t) for t in seeded(ranking, mode=TableMode.FOURS, teams=[["A", "B"]])]
    [['A', 'C', 'D', 'E'], ['B', 'F', 'G', 'H']]
    >>> seeded(["A", "B", "A"])
    Traceback (most recent call last):
    ...
    skatcalc.errors.SheetError: err.draw.twice(name="'A'")
    """
    import random

    sizes = table_sizes(len(ranking), mode)
    for name, times in Counter(ranking).items():
        if times > 1:
            raise SheetError("err.draw.twice", name=repr(name))
    groups = _groups(ranking, teams)
    team_of = {player: i for i, members in enumerate(groups) for player in members}
    at = _by_rank([team_of.get(p, _ALONE) for p in ranking], [len(g) for g in groups], sizes)
    tables: list[list[str]] = [[] for _ in sizes]
    for player, number in zip(ranking, at, strict=True):
        tables[number].append(player)
    rng = random.Random(seed)
    for table in tables:
        rng.shuffle(table)
    return tuple(tuple(table) for table in tables)


def _groups(players: Sequence[str], teams: Teams) -> list[list[str]]:
    """The teams among ``players`` (those not seated left out), two or more players each."""
    seated = set(players)
    seen: set[str] = set()
    groups = []
    for team in teams:
        members = [p for p in dict.fromkeys(team) if p in seated]
        for member in members:
            if member in seen:
                raise SheetError("err.draw.teams", name=repr(member))
            seen.add(member)
        if len(members) > 1:
            groups.append(members)
    return groups


def _split(order: list[str], sizes: Sequence[int]) -> list[list[str]]:
    tables, at = [], 0
    for size in sizes:
        tables.append(order[at : at + size])
        at += size
    return tables


def _spread(
    players: Sequence[str], groups: list[list[str]], sizes: Sequence[int], rng: random.Random
) -> list[list[str]]:
    """A random seating with the fewest teammates together.

    The seats are dealt round by round, the tables of four first in each round; the teams'
    players are dealt first, one team after another, then everyone else. Because the tables of
    four come first, one table's seats are always exactly one round (the number of tables)
    apart in that deal, so a team of k players, dealt k seats in a row, sits at min(k, tables)
    tables, each with k // tables or one more of them: an even spread, which is the fewest
    pairs together there can be, for every team at once.
    """
    in_team = {p for members in groups for p in members}
    blocks = [rng.sample(members, len(members)) for members in groups]
    rng.shuffle(blocks)
    rest = [p for p in players if p not in in_team]
    rng.shuffle(rest)
    order = [p for block in blocks for p in block] + rest
    return _deal(order, sizes, _ring(sizes, rng))


def _ring(sizes: Sequence[int], rng: random.Random | None = None) -> list[int]:
    """The tables in the order :func:`_deal` deals to: the fours first (each kind shuffled
    with ``rng``). Fours first is what keeps one table's seats a whole round apart."""
    fours = [i for i, size in enumerate(sizes) if size == 4]
    threes = [i for i, size in enumerate(sizes) if size == 3]
    if rng is not None:
        rng.shuffle(fours)
        rng.shuffle(threes)
    return fours + threes


def _deal(order: Sequence[_T], sizes: Sequence[int], ring: Sequence[int]) -> list[list[_T]]:
    """``order`` dealt to the tables seat by seat: a seat at each table of ``ring`` in turn."""
    tables: list[list[_T]] = [[] for _ in sizes]
    dealt = iter(order)
    for seat in range(4):
        for i in ring:
            if sizes[i] > seat:
                tables[i].append(next(dealt))
    return tables


def _cost_of(table: Sequence[str], met: Pairs) -> int:
    return sum(met.get(pair(a, b), 0) for a, b in combinations(table, 2))


def _together_at(table: Sequence[str], team_of: Mapping[str, int]) -> int:
    return sum(
        1 for a, b in combinations(table, 2) if a in team_of and team_of.get(b) == team_of[a]
    )


def _improve(
    tables: list[list[str]],
    cost_of: Callable[[Sequence[str]], int],
    rng: random.Random,
    cost: int,
    floor: int,
) -> int:
    """Swap players between tables while a swap lowers the cost; return the cost left."""
    costs = [cost_of(t) for t in tables]
    improved = True
    while improved and cost > floor:
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
                        new_i, new_j = cost_of(a), cost_of(b)
                        if new_i + new_j < costs[i] + costs[j]:
                            cost += new_i + new_j - costs[i] - costs[j]
                            costs[i], costs[j] = new_i, new_j
                            improved = True
                        else:
                            a[x], b[y] = b[y], a[x]
    return cost


# --- the seeded series ---------------------------------------------------------------------------

_ALONE = -1
"""The team index of a player in no team (the players on their own, as one group)."""


def _by_rank(team: list[int], team_sizes: list[int], sizes: Sequence[int]) -> list[int]:
    """Each player's table (players in ranking order; ``team``: each one's team or _ALONE).

    Exact and greedy at once: a plan seats everyone still to be seated, as counts per table
    (each team's players, and the players on their own); it starts as any seating with the
    fewest teammates together and always stays one. Each player in turn takes the first table
    where the plan can give them the seat: if it has one of their team (or one on their own)
    planned there, it is theirs; else a chain of moves in the plan brings one there (a flow's
    augmenting cycle, found by a breadth-first search). When no chain exists, no seating with
    the fewest teammates together has the player at that table, so the next table is tried.
    """
    plan = _Plan(team_sizes, sizes, len(team))
    return [plan.seat(g) for g in team]


class _Plan:
    """The plan of :func:`_by_rank`: at each table, the players still to be seated there
    (``planned``) and those seated (``fixed``), counted by team; each team ``g`` has between
    ``low[g]`` and ``high[g]`` players at a table (the even spread)."""

    def __init__(self, team_sizes: list[int], sizes: Sequence[int], players: int) -> None:
        count = self.count = len(sizes)
        self.low = [k // count for k in team_sizes]
        self.high = [-(-k // count) for k in team_sizes]
        self.fixed: list[Counter[int]] = [Counter() for _ in sizes]
        # the first plan: the even spread of _spread, without chance
        order = [g for g, k in enumerate(team_sizes) for _ in range(k)]
        order += [_ALONE] * (players - len(order))
        self.planned = [Counter(table) for table in _deal(order, sizes, _ring(sizes))]

    def seat(self, g: int) -> int:
        """Seat the next player, of team ``g``, at the first table the plan can give them."""
        planned, fixed = self.planned, self.fixed
        for table in range(self.count):
            if not planned[table].total() or not (g == _ALONE or fixed[table][g] < self.high[g]):
                continue
            if planned[table][g] or self.bring(g, table):
                break
        else:  # pragma: no cover - the plan always seats everyone
            raise AssertionError("no seat in the plan")
        planned[table][g] -= 1
        fixed[table][g] += 1
        return table

    def room(self, g: int, table: int) -> bool:
        """Whether one more of team ``g`` may be planned at ``table``."""
        return g == _ALONE or self.fixed[table][g] + self.planned[table][g] < self.high[g]

    def spare(self, g: int, table: int) -> bool:
        """Whether one of team ``g`` planned at ``table`` may move away."""
        if self.planned[table][g] == 0:
            return False
        return g == _ALONE or self.fixed[table][g] + self.planned[table][g] > self.low[g]

    def bring(self, g: int, to: int) -> bool:
        """Move one of team ``g`` in the plan to table ``to`` (keeping every table's count and
        the even spread), by a chain of moves: someone leaves ``to`` for another table, someone
        leaves that one, ..., until one of ``g`` can leave a table for ``to``."""
        came: dict[int, tuple[int, int]] = {}  # table: (the team that moved there, from where)
        reached: set[int] = set()
        queue = deque([to])
        seen = {to}
        while queue:
            table = queue.popleft()
            if table != to and self.spare(g, table):
                self._close(g, table, to, came)
                return True
            for h in list(self.planned[table]):
                if h == g or h in reached or not self.spare(h, table):
                    continue
                reached.add(h)
                for other in range(self.count):
                    if other not in seen and self.room(h, other):
                        seen.add(other)
                        came[other] = (h, table)
                        queue.append(other)
        return False

    def _close(self, g: int, table: int, to: int, came: dict[int, tuple[int, int]]) -> None:
        """Close the cycle :meth:`bring` found: one of ``g`` leaves ``table`` for ``to``, and
        each move of the chain that led from ``to`` to ``table`` is made."""
        planned = self.planned
        planned[table][g] -= 1
        planned[to][g] += 1
        while table != to:
            h, source = came[table]
            planned[table][h] += 1
            planned[source][h] -= 1
            table = source
