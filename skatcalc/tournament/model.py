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
skatcalc.errors.SheetError: err.tournament.no_player(name="'Zoe'", players='Anna, Ben, Carl, Dora, Emil, Fritz, Gina')
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from skatcalc.errors import SheetError, all_of
from skatcalc.names import name_key
from skatcalc.sheet.deal import check_name, match_name, same_names
from skatcalc.sheet.rules import PRESETS, Rules
from skatcalc.tournament.draw import Pairs, draw, pairings

__all__ = ["FORMAT_VERSION", "MAX_LENGTH", "Series", "Table", "Tournament", "slug"]

FORMAT_VERSION = 1
"""The tournament file format this skatcalc writes."""

MAX_LENGTH = 1000
"""The most deals of a series at a table (``--three``, ``--four``, ``length_three``,
``length_four``): ISkO plays 36 and 48, and a table card lists every deal, so a longer series
is a typing mistake that would print pages without end."""


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
        rules = rules or PRESETS["isko"]
        return cls(name, field, (), planned, length_three, length_four, rules)

    @property
    def active(self) -> tuple[str, ...]:
        """The players still in the field, in order of entry."""
        gone = set(self.withdrawn)
        return tuple(p for p in self.players if p not in gone)

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
        skatcalc.errors.SheetError: err.tournament.no_player(name="'Bea'", players='Anna, Ben, Carl')
        """
        found = match_name(name, self.players)
        if found is not None:
            return found
        raise SheetError(
            "err.tournament.no_player", name=repr(name), players=", ".join(self.players)
        )

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
            old = kept.pop(name_key(name), None)
            for member in old[1] if old is not None else ():
                del member_of[member]
            if not members:
                if old is None:
                    raise SheetError("err.tournament.no_team", name=repr(name))
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


def slug(text: str) -> str:
    """A file name's stem from a title: lower case letters, digits and dashes.

    >>> slug("Club night: Öhringen 2026!")
    'club-night-ohringen-2026'
    """
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-") or "tournament"
