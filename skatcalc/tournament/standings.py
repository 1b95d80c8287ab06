"""The standings: each player's Seeger-Fabian points, won and lost games over the series.

Pure: the CLI reads the sheets (through the store) and hands each table's sheet, or the error
that kept it from being read, to :func:`standings`. A table whose sheet has a problem or whose
series is not complete is held back and named, never counted silently.

Ranked as tournament rules say: more Seeger-Fabian points, then more won games, then fewer lost
games; players still equal share a place and are marked tied (the organiser draws lots).

>>> from skatcalc.sheet.model import Deal, Sheet
>>> from skatcalc.spec import GameSpec
>>> from skatcalc.tournament.model import Tournament
>>> t = Tournament.new("x", ["A", "B", "C"], planned=1, length_three=1).draw_next(1)
>>> seats = t.series[0].tables[0].players
>>> sheet = Sheet.new(seats, t.rules).add(Deal(seats[1], GameSpec("grand", with_=1, points=70)))
>>> result = standings(t, {(1, 1): sheet})
>>> [(s.place, s.name, s.seeger_fabian, s.won) for s in result.players][0] == (1, seats[1], 98, 1)
True
>>> standings(t, {}).held[0].reason
'missing'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from skatcalc.errors import SkatError
from skatcalc.sheet.model import Sheet
from skatcalc.tournament.model import Tournament

__all__ = [
    "Held",
    "SeriesScore",
    "Standing",
    "Standings",
    "TeamStanding",
    "fee_cents",
    "rank",
    "rank_teams",
    "standings",
]

Read = Sheet | SkatError
"""What reading a table's sheet gave: the sheet, or the error that kept it from being read."""


@dataclass(frozen=True, slots=True)
class Held:
    """A table not counted, and why: ``missing`` (no sheet), ``unreadable`` (``detail``: the
    store's error, put in words where it is shown), ``players`` (``detail``: the sheet's players,
    who are not the table's, in seat order),
    ``rules`` (the sheet plays other rules), ``incomplete`` or ``over`` (``deals`` of
    ``length``)."""

    series: int
    table: int
    reason: str
    detail: str | SkatError = ""
    deals: int = 0
    length: int = 0


@dataclass(frozen=True, slots=True)
class SeriesScore:
    """A player's series: the table, and if it is counted, the points, won and lost games."""

    table: int
    counted: bool
    seeger_fabian: int = 0
    won: int = 0
    lost: int = 0


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's place and totals over the counted series, with each series' score
    (None: the player sat out that series)."""

    place: int
    name: str
    seeger_fabian: int
    won: int
    lost: int
    series: tuple[SeriesScore | None, ...]
    tied: bool = False
    withdrawn: bool = False

    @property
    def key(self) -> tuple[int, int, int]:
        """What ranks players: more points, more won games, fewer lost games."""
        return (-self.seeger_fabian, -self.won, self.lost)


@dataclass(frozen=True, slots=True)
class TeamStanding:
    """A pair's or team's place: its players' sums over the counted series."""

    place: int
    name: str
    members: tuple[str, ...]
    seeger_fabian: int
    won: int
    lost: int
    tied: bool = False

    @property
    def key(self) -> tuple[int, int, int]:
        """Ranked as players are: more points, more won games, fewer lost games."""
        return (-self.seeger_fabian, -self.won, self.lost)


@dataclass(frozen=True, slots=True)
class Standings:
    """The ranked field, the tables held back, how many series are drawn and planned, and the
    ranked pairs and teams (if the players named any)."""

    players: tuple[Standing, ...]
    held: tuple[Held, ...]
    drawn: int
    planned: int
    teams: tuple[TeamStanding, ...] = ()

    @property
    def final(self) -> bool:
        """Every planned series drawn and every table counted."""
        return self.drawn == self.planned and not self.held


def standings(tournament: Tournament, sheets: Mapping[tuple[int, int], Read]) -> Standings:
    """Total every table's sheet, keyed by (series, table) from 1; a table not in ``sheets``
    is missing."""
    rows: dict[str, list[SeriesScore | None]] = {
        p: [None] * len(tournament.series) for p in tournament.players
    }
    held: list[Held] = []
    for s, series in enumerate(tournament.series, 1):
        for t, table in enumerate(series.tables, 1):
            read = sheets.get((s, t))
            length = tournament.length(len(table.players))
            problem = _problem(tournament, table.players, read, length)
            if problem is not None:
                reason, detail, deals = problem
                held.append(Held(s, t, reason, detail, deals, length))
                for name in table.players:
                    rows[name][s - 1] = SeriesScore(t, False)
                continue
            assert isinstance(read, Sheet)
            for total in read.tally().players:
                rows[total.name][s - 1] = SeriesScore(
                    t, True, total.seeger_fabian, total.won, total.lost
                )
    gone = set(tournament.withdrawn)  # a set: a field of 40,000 ranks in linear time
    players = [
        Standing(
            0,
            name,
            sum(x.seeger_fabian for x in scores if x is not None),
            sum(x.won for x in scores if x is not None),
            sum(x.lost for x in scores if x is not None),
            tuple(scores),
            withdrawn=name in gone,
        )
        for name, scores in rows.items()
    ]
    ranked = rank(players)
    by_name = {s.name: s for s in ranked}
    teams = [
        TeamStanding(
            0, team, members,
            sum(by_name[m].seeger_fabian for m in members),
            sum(by_name[m].won for m in members),
            sum(by_name[m].lost for m in members),
        )
        for team, members in tournament.teams
    ]  # fmt: skip
    return Standings(
        ranked, tuple(held), len(tournament.series), tournament.planned, rank_teams(teams)
    )


def _problem(
    tournament: Tournament, seats: tuple[str, ...], read: Read | None, length: int
) -> tuple[str, str | SkatError, int] | None:
    if read is None:
        return "missing", "", 0
    if isinstance(read, SkatError):
        return "unreadable", read, 0
    if read.players != seats:
        return "players", ", ".join(read.players), 0
    if read.rules != tournament.rules:
        return "rules", "", 0
    deals = len(read.deals)
    if deals < length:
        return "incomplete", "", deals
    if deals > length:
        return "over", "", deals
    return None


def rank(players: list[Standing]) -> tuple[Standing, ...]:
    """Sort by points, then won games, then fewer lost games; equal players share a place
    and are marked tied. Players keep their order of entry within a tie.

    >>> field = [Standing(0, n, sf, won, lost, ()) for n, sf, won, lost in
    ...          [("A", 100, 1, 0), ("B", 120, 1, 1), ("C", 100, 2, 0), ("D", 100, 1, 0)]]
    >>> [(s.place, s.name, s.tied) for s in rank(field)]
    [(1, 'B', False), (2, 'C', False), (3, 'A', True), (3, 'D', True)]
    """
    ordered = sorted(players, key=lambda s: s.key)
    count = Counter(s.key for s in ordered)
    out: list[Standing] = []
    for i, s in enumerate(ordered):
        place = out[-1].place if out and out[-1].key == s.key else i + 1
        tied = count[s.key] > 1
        out.append(
            Standing(place, s.name, s.seeger_fabian, s.won, s.lost, s.series, tied, s.withdrawn)
        )
    return tuple(out)


def rank_teams(teams: list[TeamStanding]) -> tuple[TeamStanding, ...]:
    """Rank pairs and teams as players are ranked; teams still equal share a place, tied.

    >>> teams = [TeamStanding(0, "A", (), 100, 2, 1), TeamStanding(0, "B", (), 100, 2, 0)]
    >>> [(t.place, t.name) for t in rank_teams(teams)]
    [(1, 'B'), (2, 'A')]
    """
    ordered = sorted(teams, key=lambda t: t.key)
    count = Counter(t.key for t in ordered)
    out: list[TeamStanding] = []
    for i, t in enumerate(ordered):
        place = out[-1].place if out and out[-1].key == t.key else i + 1
        out.append(
            TeamStanding(place, t.name, t.members, t.seeger_fabian, t.won, t.lost, count[t.key] > 1)
        )
    return tuple(out)


def fee_cents(lost: int, fee: Fraction) -> int:
    """The lost-game fee in whole cents: ``lost`` games at ``fee`` cents each, rounded half up.

    >>> fee_cents(3, Fraction(50)), fee_cents(3, Fraction(1, 2))
    (150, 2)
    """
    amount = lost * fee
    return int((amount + Fraction(1, 2)) // 1)
