"""A tournament as data: the field, the series planned, their lengths, the rules, the draws.

Pure: no files. Every table of a series keeps an ordinary skatcalc sheet; the tournament names
each table's players in seat order and the sheet's file (relative to the tournament file).

>>> t = Tournament.new("Club night", ["Anna", "Ben", "Carl", "Dora", "Emil", "Fritz", "Gina"])
>>> t = t.draw_next(seed=7)
>>> [len(table.players) for table in t.series[0].tables]
[3, 4]
>>> t.series[0].tables[0].sheet
'club-night-s1-t1.toml'
>>> t.leave("Zoe")
Traceback (most recent call last):
...
skatcalc.errors.SheetError: err.tournament.no_player(name="'Zoe'", players=join.list(items=('Anna', 'Ben', 'Carl', 'Dora', 'Emil', 'Fritz', 'Gina')))
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from skatcalc.errors import SheetError, all_of, listed
from skatcalc.sheet.deal import check_name, match_name
from skatcalc.sheet.rules import PRESETS, Rules
from skatcalc.tournament.draw import Pairs, draw, pairings

__all__ = ["FORMAT_VERSION", "Series", "Table", "Tournament", "slug"]

FORMAT_VERSION = 1
"""The tournament file format this skatcalc writes."""


@dataclass(frozen=True, slots=True)
class Table:
    """One table of a series: its players in seat order (the first deals first), its sheet."""

    players: tuple[str, ...]
    sheet: str


@dataclass(frozen=True, slots=True)
class Series:
    """One series: the seed its draw came from and its tables."""

    seed: int
    tables: tuple[Table, ...]


@dataclass(frozen=True, slots=True)
class Tournament:
    """The field in order of entry, who withdrew, how many series are planned and how long
    one is at three and at four players, the rules every table plays, the series drawn."""

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
        for count, what in ((planned, "series"), (length_three, "three"), (length_four, "four")):
            if count < 1:
                raise SheetError(f"err.tournament.count.{what}", count=count)
        if len(players) < 3:
            raise SheetError("err.tournament.field", count=len(players), field="players")
        tournament = cls(name, (), (), planned, length_three, length_four, rules or PRESETS["isko"])
        for player in players:
            tournament = tournament.join(player)
        return tournament

    @property
    def active(self) -> tuple[str, ...]:
        """The players still in the field, in order of entry."""
        return tuple(p for p in self.players if p not in self.withdrawn)

    def length(self, size: int) -> int:
        """The deals of a series at a table of ``size`` players."""
        return self.length_three if size == 3 else self.length_four

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
        check_name(name)
        for other in self.players:
            if other.casefold() == name.casefold():
                if other in self.withdrawn:
                    return replace(self, withdrawn=tuple(p for p in self.withdrawn if p != other))
                if other != name:
                    raise SheetError("err.name.same", names=all_of([repr(other), repr(name)]))
                raise SheetError("err.tournament.twice", name=repr(name))
        return replace(self, players=(*self.players, name))

    def leave(self, name: str) -> Tournament:
        """The tournament without ``name`` in the series still to be drawn; the series played
        still count for them in the standings."""
        player = self.player(name)
        if player in self.withdrawn:
            raise SheetError("err.tournament.gone", name=repr(player))
        return replace(self, withdrawn=(*self.withdrawn, player))

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

    def draw_next(self, seed: int, stem: str | None = None) -> Tournament:
        """The tournament with the next series drawn from ``seed``; each table's sheet is named
        ``STEM-sN-tM.toml`` (STEM: the tournament file's name, else from its title).

        >>> Tournament.new("x", ["A", "B", "C"], planned=1).draw_next(1).draw_next(2)
        Traceback (most recent call last):
        ...
        skatcalc.errors.SheetError: err.tournament.planned(planned=1, more=2)
        """
        if len(self.series) >= self.planned:
            raise SheetError("err.tournament.planned", planned=self.planned, more=self.planned + 1)
        number = len(self.series) + 1
        stem = stem or slug(self.name)
        tables = draw(self.active, self.met(), seed)
        drawn = tuple(
            Table(players, f"{stem}-s{number}-t{i}.toml") for i, players in enumerate(tables, 1)
        )
        return replace(self, series=(*self.series, Series(seed, drawn)))

    def with_planned(self, planned: int) -> Tournament:
        """The tournament with ``planned`` series (never fewer than those drawn)."""
        if planned < max(1, len(self.series)):
            raise SheetError("err.tournament.fewer", planned=planned, drawn=len(self.series))
        return replace(self, planned=planned)

    def with_team(self, name: str, members: Sequence[str]) -> Tournament:
        """The tournament with the pair or team ``name`` (replacing one of that name); no
        members: the team is dissolved. A player is in one team at most.

        >>> t = Tournament.new("x", ["Anna", "Ben", "Carl"]).with_team("Duo", ["anna", "Ben"])
        >>> t.teams
        (('Duo', ('Anna', 'Ben')),)
        >>> t.with_team("Trio", ["Anna", "Carl"])
        Traceback (most recent call last):
        ...
        skatcalc.errors.SheetError: err.tournament.team_twice(member="'Anna'", team="'Duo'")
        """
        check_name(name)
        others = tuple(team for team in self.teams if team[0] != name)
        if not members:
            if len(others) == len(self.teams):
                raise SheetError("err.tournament.no_team", name=repr(name))
            return replace(self, teams=others)
        found = tuple(self.player(member) for member in members)
        if len(found) < 2 or len(set(found)) != len(found):
            raise SheetError("err.tournament.team_size", name=repr(name))
        for team, players in others:
            for member in found:
                if member in players:
                    raise SheetError(
                        "err.tournament.team_twice", member=repr(member), team=repr(team)
                    )
        return replace(self, teams=(*others, (name, found)))


def slug(text: str) -> str:
    """A file name's stem from a title: lower case letters, digits and dashes.

    >>> slug("Club night: Öhringen 2026!")
    'club-night-ohringen-2026'
    """
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-") or "tournament"
