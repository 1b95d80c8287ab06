"""A tournament as data: the field, the series planned, their lengths, the rules, the draws.

Pure: no files. Every table of a series keeps an ordinary skatcalc sheet; the tournament names
each table's players in seat order and the sheet's file (relative to the tournament file).

>>> t = Tournament.new("Club night", ["Anna", "Ben", "Carl", "Dora", "Emil", "Fritz", "Gina"])
>>> t = t.draw_next(seed=7)
>>> [len(table.players) for table in t.series[0].tables]
[4, 3]
>>> t.series[0].tables[0].sheet
'club-night-s1-t1.toml'
>>> t.leave("Zoe")
Traceback (most recent call last):
...
skatcalc.errors.SheetError: err.tournament.no_player(name="'Zoe'", players=join.list(items=('Anna', 'Ben', 'Carl', 'Dora', 'Emil', 'Fritz', 'Gina')))
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from skatcalc.errors import SheetError, all_of, listed
from skatcalc.frozen import record
from skatcalc.names import name_key
from skatcalc.sheet.deal import check_name, match_name, same_names
from skatcalc.sheet.model import Sheet
from skatcalc.sheet.rules import PRESETS, Rules
from skatcalc.tournament.draw import (
    Pairs,
    TableMode,
    draw,
    fewest_together,
    pairings,
    seeded,
    together,
)
from skatcalc.tournament.paper import checked

__all__ = [
    "FORMAT_VERSION",
    "MAX_LENGTH",
    "Series",
    "Table",
    "TableMode",
    "Together",
    "Tournament",
    "slug",
    "table_stem",
]

FORMAT_VERSION = 1
"""The tournament file format this skatcalc writes."""

MAX_LENGTH = 1000
"""The most deals of a series at a table (``--three``, ``--four``, ``length_three``,
``length_four``): ISkO plays 36 and 48, and a table card lists every deal, so a longer series
is a typing mistake that would print pages without end."""


@record
class Table:
    """One table of a series: its players in seat order (the first deals first), its sheet,
    and whether the organiser closed it: ``closed`` is the number of deals it counts with
    (the deals entered when it was closed), None while it is open."""

    players: tuple[str, ...]
    sheet: str
    closed: int | None = None
    paper: tuple[tuple[int, int, int], ...] | None = None
    """The bottom line of the table's paper list, typed by the organiser: each player's
    points, games won and games lost, in seat order (None: the table counts from its sheet)."""


@record
class Series:
    """One series: the seed its draw came from, its tables, and whether it was seeded by the
    standings (``seeded``) rather than drawn."""

    seed: int
    tables: tuple[Table, ...]
    seeded: bool = False


@record
class Together:
    """Two players of one pair or team at one table (the draw seats them so only where the
    field leaves no other way)."""

    team: str
    table: int
    players: tuple[str, str]


@record
class Tournament:
    """The field in order of entry, who withdrew, how many series are planned and how long
    one is at three and at four players, the rules every table plays, the series drawn, the
    pairs and teams, and which tables a series fills first.

    ``tables`` defaults to ``THREES``: what a tournament that does not say (a file written
    before the choice existed) did. A new tournament (:meth:`new`) seats tables of four first.
    """

    name: str
    players: tuple[str, ...]
    withdrawn: tuple[str, ...] = ()
    planned: int = 3
    length_three: int = 36
    length_four: int = 48
    rules: Rules = PRESETS["isko"]
    series: tuple[Series, ...] = ()
    teams: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Pairs (tandems) or teams the players named: each a name and its members."""
    tables: TableMode = TableMode.THREES
    """Which tables a series fills first: tables of four (``FOURS``) or of three."""
    categories: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Categories with their own prizes (ladies, youth, seniors): each a name and its players,
    ranked inside the same standings; a player may be in several."""

    @classmethod
    def new(
        cls,
        name: str,
        players: Sequence[str],
        *,
        planned: int = 3,
        length_three: int = 36,
        length_four: int = 48,
        rules: Rules | None = None,
    ) -> Tournament:
        """A tournament with no series drawn yet; the names are checked as a sheet checks them.
        It seats tables of four first, as tournaments do (:meth:`with_tables` to choose).

        >>> Tournament.new("x", ["A", "B", "C"]).tables
        <TableMode.FOURS: 'fours'>

        >>> Tournament.new("x", ["Anna", "anna", "Ben"])
        Traceback (most recent call last):
        ...
        skatcalc.errors.SheetError: err.name.same(names=join.and(items=("'Anna'", "'anna'")))
        >>> Tournament.new("x", ["Anna", "Ben"])
        Traceback (most recent call last):
        ...
        skatcalc.errors.SheetError: err.tournament.field(count=2)
        """
        if not name.strip():
            raise SheetError("err.tournament.name")
        if planned < 1:
            raise SheetError("err.tournament.count.series", count=planned)
        for count, what in ((length_three, "three"), (length_four, "four")):
            if not 1 <= count <= MAX_LENGTH:
                raise SheetError(f"err.tournament.count.{what}", count=count, most=MAX_LENGTH)
        if len(players) < 3:
            raise SheetError("err.tournament.field", count=len(players), field="players")
        field = tuple(check_name(player) for player in players)  # composed (NFC)
        same = same_names(field)  # one pass: a field of 40,000 is read in linear time
        if same is not None:
            if len(set(same)) == 1:
                raise SheetError("err.tournament.twice", name=repr(same[0]))
            raise SheetError("err.name.same", names=all_of([repr(n) for n in same]))
        # the series' lengths are the tournament's (length_three, length_four): each table's
        # sheet gets its own at the draw (table_rules), so the tournament keeps none
        rules = replace(rules or PRESETS["isko"], series_length=0, series_count=0)
        return cls(
            name, field, (), planned, length_three, length_four, rules, tables=TableMode.FOURS
        )

    @property
    def active(self) -> tuple[str, ...]:
        """The players still in the field, in order of entry."""
        gone = set(self.withdrawn)
        return tuple(p for p in self.players if p not in gone)

    def length(self, size: int) -> int:
        """The deals of a series at a table of ``size`` players."""
        return self.length_three if size == 3 else self.length_four

    def table_rules(self, size: int) -> Rules:
        """The rules of a table's sheet at ``size`` players: the tournament's, and its one
        series of :meth:`length` deals, so the sheet knows where its list ends.

        >>> t = Tournament.new("x", ["A", "B", "C"], length_four=16)
        >>> rules = t.table_rules(4)
        >>> rules.series_length, rules.series_count, t.plays(rules, 4), t.plays(t.rules, 4)
        (16, 1, True, True)
        >>> t.plays(t.table_rules(3), 4)
        False
        """
        return replace(self.rules, series_length=self.length(size), series_count=1)

    def plays(self, rules: Rules, size: int) -> bool:
        """Whether a table's sheet at ``size`` players plays the tournament's rules: those the
        draw gives it (:meth:`table_rules`), or the tournament's alone (a sheet drawn before
        sheets knew their series' length)."""
        return rules in (self.rules, self.table_rules(size))

    def player(self, name: str) -> str:
        """The player called ``name`` (exact, or the one match ignoring case).

        >>> t = Tournament.new("x", ["Anna", "Ben", "Carl"])
        >>> t.player("ben")
        'Ben'
        >>> t.player("Bea")
        Traceback (most recent call last):
        ...
        skatcalc.errors.SheetError: err.tournament.no_player(name="'Bea'", players=join.list(items=('Anna', 'Ben', 'Carl')))
        """
        found = match_name(name, self.players)
        if found is not None:
            return found
        raise SheetError("err.tournament.no_player", name=repr(name), players=listed(self.players))

    def join(self, name: str) -> Tournament:
        """The tournament with one more player (a latecomer plays from the next series drawn);
        a player who withdrew and comes back is taken in again."""
        name = check_name(name)
        key = name_key(name)
        for other in self.players:
            if name_key(other) == key:
                if other in self.withdrawn:
                    return replace(self, withdrawn=tuple(p for p in self.withdrawn if p != other))
                if other != name:
                    raise SheetError("err.name.same", names=all_of([repr(other), repr(name)]))
                raise SheetError("err.tournament.twice", name=repr(name))
        return replace(self, players=(*self.players, name))

    def leave(self, name: str) -> Tournament:
        """The tournament without ``name`` in the series still to be drawn; the series played
        still count for them in the standings."""
        return self.leave_all([name])

    def leave_all(self, names: Sequence[str]) -> Tournament:
        """The tournament without each of ``names`` (:meth:`leave`), in one pass over the
        field: a file's ``withdrawn`` list is read in linear time.

        >>> Tournament.new("x", ["Anna", "Ben", "Carl"]).leave_all(["anna", "Carl"]).active
        ('Ben',)
        """
        by_key = {name_key(p): p for p in self.players}
        gone = list(self.withdrawn)
        out = set(gone)
        for name in names:
            player = name if name in out else by_key.get(name_key(name))
            if player is None:
                player = self.player(name)  # raises, naming the field
            if player in out:
                raise SheetError("err.tournament.gone", name=repr(player))
            gone.append(player)
            out.add(player)
        return replace(self, withdrawn=tuple(gone))

    def met(self) -> Pairs:
        """How often each pair of players has shared a table in the series drawn.

        >>> t = Tournament.new("x", ["A", "B", "C"]).draw_next(1).draw_next(2)
        >>> t.met()[frozenset(("A", "B"))]
        2
        """
        counts: Counter[frozenset[str]] = Counter()
        for series in self.series:
            counts.update(pairings(table.players for table in series.tables))
        return counts

    def draw_next(
        self, seed: int, stem: str | None = None, *, ranking: Sequence[str] | None = None
    ) -> Tournament:
        """The tournament with the next series drawn from ``seed``; each table's sheet is named
        ``STEM-sN-tM.toml`` (STEM: the tournament file's name as :func:`table_stem` makes it
        fit any file system, else from its title).

        Tables are filled as :attr:`tables` says; pairs and teams are seated apart wherever
        the field allows it (before keeping apart who met). With ``ranking`` (the standings'
        order, :meth:`~skatcalc.tournament.standings.Standings.seeding`) the series is seeded:
        the leaders together, table by table (:func:`~skatcalc.tournament.draw.seeded`); a
        player of the field missing from it (a latecomer) follows it in order of entry, a
        withdrawn player in it is left out.

        >>> t = Tournament.new("x", ["A", "B", "C", "D", "E", "F", "G", "H"])
        >>> seeded = t.draw_next(1, ranking=["H", "G", "F", "E", "D", "C", "B", "A"])
        >>> [sorted(table.players) for table in seeded.series[0].tables], seeded.series[0].seeded
        ([['E', 'F', 'G', 'H'], ['A', 'B', 'C', 'D']], True)
        >>> Tournament.new("x", ["A", "B", "C"], planned=1).draw_next(1).draw_next(2)
        Traceback (most recent call last):
        ...
        skatcalc.errors.SheetError: err.tournament.planned(planned=1, more=2)
        """
        if len(self.series) >= self.planned:
            raise SheetError("err.tournament.planned", planned=self.planned, more=self.planned + 1)
        number = len(self.series) + 1
        stem = table_stem(stem or "") or slug(self.name)
        teams = [members for _, members in self.teams]
        if ranking is None:
            tables = draw(self.active, self.met(), seed, mode=self.tables, teams=teams)
        else:
            order = self._seeding(ranking)
            tables = seeded(order, seed, mode=self.tables, teams=teams)
        drawn = tuple(
            Table(players, f"{stem}-s{number}-t{i}.toml") for i, players in enumerate(tables, 1)
        )
        series = Series(seed, drawn, seeded=ranking is not None)
        return replace(self, series=(*self.series, series))

    def _seeding(self, ranking: Sequence[str]) -> tuple[str, ...]:
        """The active players in the order of ``ranking``, latecomers after it."""
        named = [self.player(name) for name in ranking]
        active = self.active
        first = [name for name in dict.fromkeys(named) if name in active]
        return (*first, *(name for name in active if name not in first))

    def together(self, number: int) -> tuple[Together, ...]:
        """The players of one pair or team who share a table in series ``number`` (from 1):
        none wherever the field allows it, else the fewest possible (:meth:`fewest_together`).

        >>> t = Tournament.new("x", ["A", "B", "C", "D", "E", "F", "G"])
        >>> t = t.with_team("Trio", ["A", "B", "C"]).draw_next(1)
        >>> [(x.team, sorted(x.players)) for x in t.together(1)], t.fewest_together(1)
        ([('Trio', ['A', 'B'])], 1)
        """
        series = self._series(number)
        names = [name for name, _ in self.teams]
        team_of = {p: name for name, members in self.teams for p in members}
        found = []
        for t, table in enumerate(series.tables, 1):
            for a, b in together([table.players], [members for _, members in self.teams]):
                found.append(Together(team_of[a], t, (a, b)))
        return tuple(sorted(found, key=lambda x: (x.table, names.index(x.team))))

    def fewest_together(self, number: int) -> int:
        """The fewest pairs of teammates that must share a table in series ``number``: none
        unless a team has more players in it than the series has tables."""
        series = self._series(number)
        seated = {p for table in series.tables for p in table.players}
        sizes = [sum(1 for p in members if p in seated) for _, members in self.teams]
        return fewest_together(len(series.tables), sizes)

    def _series(self, number: int) -> Series:
        if not 1 <= number <= len(self.series):
            raise SheetError("err.tournament.series", n=number, drawn=len(self.series))
        return self.series[number - 1]

    def close(self, series: int, table: int, deals: int) -> Tournament:
        """The tournament with table ``table`` of series ``series`` (from 1) closed: it counts
        with the ``deals`` entered (fewer than a series; closing again replaces the count).

        >>> t = Tournament.new("x", ["A", "B", "C"], length_three=12).draw_next(1)
        >>> t.close(1, 1, 9).series[0].tables[0].closed
        9
        >>> t.close(1, 1, 0)
        Traceback (most recent call last):
        ...
        skatcalc.errors.SheetError: err.tournament.close_empty(n=1, t=1)
        >>> t.close(1, 1, 12)
        Traceback (most recent call last):
        ...
        skatcalc.errors.SheetError: err.tournament.close_complete(n=1, t=1, length=12)
        >>> t.close(1, 2, 9)
        Traceback (most recent call last):
        ...
        skatcalc.errors.SheetError: err.tournament.table(n=1, t=2, count=1)
        """
        found = self.table(series, table)
        length = self.length(len(found.players))
        if deals < 0:
            raise SheetError("err.tournament.close_deals", deals=deals)
        if deals == 0:  # most likely a table number mistyped: it would count 0 for each player
            raise SheetError("err.tournament.close_empty", n=series, t=table)
        if deals == length:
            raise SheetError("err.tournament.close_complete", n=series, t=table, length=length)
        if deals > length:
            raise SheetError(
                "err.tournament.close_over", n=series, t=table, deals=deals, length=length
            )
        return self._with_table(series, table, replace(found, closed=deals))

    def close_with(self, series: int, table: int, sheet: Sheet) -> Tournament:
        """The tournament with the table closed at the deals its ``sheet`` holds now; the sheet
        must be the table's as drawn (its players in seat order, the tournament's rules), as the
        standings count it.

        >>> t = Tournament.new("x", ["A", "B", "C"], length_three=12).draw_next(1)
        >>> seats = t.table(1, 1).players
        >>> from skatcalc.sheet.model import Deal
        >>> t.close_with(1, 1, Sheet.new(seats, t.rules).add(Deal.passed())).table(1, 1).closed
        1
        >>> t.close_with(1, 1, Sheet.new(seats, t.table_rules(3)))
        Traceback (most recent call last):
        ...
        skatcalc.errors.SheetError: err.tournament.close_empty(n=1, t=1)
        >>> t.close_with(1, 1, Sheet.new(seats[::-1], t.rules))
        Traceback (most recent call last):
        ...
        skatcalc.errors.SheetError: err.tournament.close_sheet(n=1, t=1)
        """
        found = self.table(series, table)
        plays = self.plays(sheet.rules, len(found.players)) and not sheet.changes
        if sheet.players != found.players or not plays:
            raise SheetError("err.tournament.close_sheet", n=series, t=table)
        return self.close(series, table, len(sheet.deals))

    def reopen(self, series: int, table: int) -> Tournament:
        """The tournament with a closed table open again: it counts once its series is complete.

        >>> t = Tournament.new("x", ["A", "B", "C"], length_three=12).draw_next(1)
        >>> t.close(1, 1, 9).reopen(1, 1) == t
        True
        >>> t.reopen(1, 1)
        Traceback (most recent call last):
        ...
        skatcalc.errors.SheetError: err.tournament.not_closed(n=1, t=1)
        """
        found = self.table(series, table)
        if found.closed is None:
            raise SheetError("err.tournament.not_closed", n=series, t=table)
        return self._with_table(series, table, replace(found, closed=None))

    def with_paper(
        self,
        series: int,
        table: int,
        lines: Sequence[tuple[str, int, int, int]],
        *,
        deals: int = 0,
        again: bool = False,
    ) -> Tournament:
        """The tournament with the bottom line of a table's paper list: each player's name,
        points, games won and lost (:mod:`skatcalc.tournament.paper` checks them). ``deals``:
        the deals in the table's sheet (a table counts from one or the other); ``again``: a
        list typed before is replaced.

        >>> t = Tournament.new("x", ["A", "B", "C"], length_three=12).draw_next(1)
        >>> seats = t.table(1, 1).players
        >>> lines = [(p, 10 * i, i, 0) for i, p in enumerate(seats)]
        >>> t.with_paper(1, 1, lines).table(1, 1).paper
        ((0, 0, 0), (10, 1, 0), (20, 2, 0))
        >>> t.with_paper(1, 1, lines).with_paper(1, 1, lines)
        Traceback (most recent call last):
        ...
        skatcalc.errors.SheetError: err.paper.again(n=1, t=1)
        """
        found = self.table(series, table)
        if found.paper is not None and not again:
            raise SheetError("err.paper.again", n=series, t=table)
        length = self.length(len(found.players))
        paper = checked(found.players, lines, length, deals, series, table)
        return self._with_table(series, table, replace(found, paper=paper))

    def table(self, series: int, table: int) -> Table:
        """Table ``table`` of series ``series`` (both from 1).

        >>> Tournament.new("x", ["A", "B", "C"]).draw_next(1).table(1, 1).sheet
        'x-s1-t1.toml'
        """
        tables = self._series(series).tables
        if not 1 <= table <= len(tables):
            raise SheetError("err.tournament.table", n=series, t=table, count=len(tables))
        return tables[table - 1]

    def _with_table(self, series: int, number: int, table: Table) -> Tournament:
        old = self.series[series - 1]
        tables = (*old.tables[: number - 1], table, *old.tables[number:])
        drawn = (*self.series[: series - 1], replace(old, tables=tables), *self.series[series:])
        return replace(self, series=drawn)

    def with_tables(self, tables: TableMode) -> Tournament:
        """The tournament filling tables of four (``FOURS``) or of three (``THREES``) first in
        the series still to be drawn.

        >>> t = Tournament.new("x", [f"P{i}" for i in range(12)]).with_tables(TableMode.THREES)
        >>> [len(table.players) for table in t.draw_next(1).series[0].tables]
        [3, 3, 3, 3]
        """
        return replace(self, tables=TableMode(tables))

    def with_planned(self, planned: int) -> Tournament:
        """The tournament with ``planned`` series (never fewer than those drawn)."""
        if planned < max(1, len(self.series)):
            raise SheetError("err.tournament.fewer", planned=planned, drawn=len(self.series))
        return replace(self, planned=planned)

    def with_team(self, name: str, members: Sequence[str]) -> Tournament:
        """The tournament with the pair or team ``name`` (replacing one of that name, in its
        place); no members: the team is dissolved. A player is in one team at most.

        >>> t = Tournament.new("x", ["Anna", "Ben", "Carl"]).with_team("Duo", ["anna", "Ben"])
        >>> t.teams
        (('Duo', ('Anna', 'Ben')),)
        >>> u = Tournament.new("x", list("ABCDE")).with_team("One", "AB").with_team("Two", "CD")
        >>> [name for name, _ in u.with_team("One", "AE").teams]
        ['One', 'Two']
        >>> t.with_team("Trio", ["Anna", "Carl"])
        Traceback (most recent call last):
        ...
        skatcalc.errors.SheetError: err.tournament.team_twice(member="'Anna'", team="'Duo'")
        """
        return self.with_teams([(name, members)])

    def with_teams(self, teams: Sequence[tuple[str, Sequence[str]]]) -> Tournament:
        """The tournament with each pair or team of ``teams`` named in turn, as
        :meth:`with_team` names one, in one pass over the field: a file's ``[teams]`` table is
        read in linear time. A team's name is matched as a player's is (composed or not, in any
        case).

        >>> t = Tournament.new("x", ["Anna", "Ben", "Carl", "Dora"])
        >>> t.with_teams([("Duo", ["Anna", "Ben"]), ("Pair", ["Carl", "Dora"]), ("duo", [])]).teams
        (('Pair', ('Carl', 'Dora')),)
        """
        by_key = {name_key(p): p for p in self.players}
        kept = {name_key(team): (team, members) for team, members in self.teams}
        member_of = {member: team for team, members in self.teams for member in members}
        for typed, members in teams:
            name = check_name(typed)
            old = kept.get(name_key(name))
            for member in old[1] if old is not None else ():
                del member_of[member]
            if not members:
                if old is None:
                    raise SheetError("err.tournament.no_team", name=repr(name))
                del kept[name_key(name)]
                continue
            found = tuple(by_key.get(name_key(member)) or self.player(member) for member in members)
            if len(found) < 2 or len(set(found)) != len(found):
                raise SheetError("err.tournament.team_size", name=repr(name))
            for member in found:
                if member in member_of:
                    raise SheetError(
                        "err.tournament.team_twice",
                        member=repr(member),
                        team=repr(member_of[member]),
                    )
            member_of.update((member, name) for member in found)
            kept[name_key(name)] = (name, found)
        return replace(self, teams=tuple(kept.values()))

    def with_categories(self, categories: Sequence[tuple[str, Sequence[str]]]) -> Tournament:
        """The tournament with each category of ``categories`` named in turn (replacing one of
        that name, in its place; no players: the category is dissolved). A player may be in
        several categories; a name is matched as a player's is.

        >>> t = Tournament.new("x", ["Anna", "Ben", "Dora"])
        >>> t.with_categories([("Damen", ["anna", "Dora"])]).categories
        (('Damen', ('Anna', 'Dora')),)
        >>> t.with_categories([("Damen", [])])
        Traceback (most recent call last):
        ...
        skatcalc.errors.SheetError: err.category.none(name="'Damen'")
        """
        by_key = {name_key(p): p for p in self.players}
        kept = {name_key(name): (name, members) for name, members in self.categories}
        for typed, members in categories:
            name = check_name(typed)
            if not members:
                if kept.pop(name_key(name), None) is None:
                    raise SheetError("err.category.none", name=repr(name))
                continue
            found = tuple(by_key.get(name_key(m)) or self.player(m) for m in members)
            if len(set(found)) != len(found):
                raise SheetError("err.category.twice", name=repr(name))
            kept[name_key(name)] = (name, found)
        return replace(self, categories=tuple(kept.values()))


STEM_BYTES = 200
"""The most bytes of a tournament file's stem that go into its tables' names: with
``-sNN-tNN.toml`` and the lock's ``.NAME.lock`` beside, a name stays within the usual 255."""


def table_stem(stem: str) -> str:
    r"""The stem of the tables' sheets (``STEM-sN-tM.toml``) from a tournament file's: a sign no
    Windows name may hold (``< > : " / \ | ? *``) or a terminal would not show as it is becomes
    ``-``, blanks at its ends go, and it is cut to :data:`STEM_BYTES` bytes of UTF-8. Linux
    takes ``Pokal 19:30.toml``; its tables are named so that every system takes them, and so
    that the tournament file may name them (a table's sheet is one plain name).

    >>> table_stem("Pokal 19:30"), table_stem("Cup a\\b"), table_stem(" Cup ")
    ('Pokal 19-30', 'Cup a-b', 'Cup')
    >>> len(table_stem("ö" * 125).encode())
    200
    >>> table_stem(" \t ")
    ''
    """
    plain = "".join("-" if sign in _NOT_IN_A_NAME or not sign.isprintable() else sign
                    for sign in stem.strip())  # fmt: skip
    return plain.encode()[:STEM_BYTES].decode("utf-8", "ignore").strip()


_NOT_IN_A_NAME = frozenset('<>:"/\\|?*')
"""What no file name on Windows may hold."""


def slug(text: str) -> str:
    """A file name's stem from a title: lower case letters, digits and dashes.

    >>> slug("Club night: Öhringen 2026!")
    'club-night-ohringen-2026'
    """
    import unicodedata  # here: only a new tournament's file name needs it (0.2-0.3 ms)

    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-") or "tournament"
