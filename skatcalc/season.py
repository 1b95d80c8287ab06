"""The year's ranking (Jahreswertung): a season of club evenings and tournaments, ranked by
Seeger-Fabian points.

Pure: sheets (each with its tally) and tournaments (each with its tables' sheets as read) in, a
ranking out; the store reads the files (:mod:`skatcalc.store.season`), the words and formats
say it.

A season is made of lists: each sheet's deals in runs of its series length (36 deals at three,
48 at four, 60 at five, or the sheet's own ``series_length``), a last shorter run counting in
part, so a player's series add up exactly as ``sheet stats`` counts them (deals / series
length). A tournament gives each of its counted tables as one series, with the points its
standings give it (from the sheet or the paper list; a table the organiser closed early is a
whole series there, and so here); a table held back, unfinished or with a problem, is named
and not counted, as in its standings.

- The ranking: more Seeger-Fabian points (over the lists counted), then the higher average per
  series; players still level share the place, marked tied.
- ``best``: each player's best ``best`` lists count (the most points; of equal ones the
  earlier); the others are played but not counted.
- ``min_series``: only players with at least that many series played are ranked; the others are
  listed apart, by the same order, with no place.

>>> from skatcalc.sheet.model import Deal, Sheet
>>> from skatcalc.spec import GameSpec
>>> sheet = Sheet.new(["Anna", "Ben", "Carl"]).add(Deal("Anna", GameSpec("grand", with_=1, points=70)))
>>> year = season([sheet, sheet])
>>> [(p.place, p.name, p.points, p.played) for p in year.ranking]
[(1, 'Anna', 196, Fraction(1, 18)), (2, 'Ben', 0, Fraction(1, 18)), (2, 'Carl', 0, Fraction(1, 18))]
>>> season([sheet], best=0)
Traceback (most recent call last):
...
skatcalc.errors.SkatError: err.season.best(best=0, most=1000)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction

from skatcalc.errors import SkatError
from skatcalc.frozen import record
from skatcalc.names import name_key
from skatcalc.sheet.model import Sheet
from skatcalc.sheet.tally import Tally
from skatcalc.tournament.model import Tournament
from skatcalc.tournament.standings import Held, Read, Standings, shared_places, standings

__all__ = ["COUNT_LIMIT", "Evening", "Held", "Season", "SeasonPlayer", "SeriesPlayed", "season"]

COUNT_LIMIT = 1000
"""The largest ``--best`` and ``--min-series`` (docs/limits.md): a season has far fewer."""

Evening = Sheet | tuple[Tournament, Mapping[tuple[int, int], Read]]
"""What a season is made of: a sheet, or a tournament with its tables' sheets as read (keyed
by (series, table) from 1; a table without a sheet left out), as its standings take them."""


@record
class SeriesPlayed:
    """One list a player played: on the ``sheet``-th sheet of the season (from 1, in the order
    the sheets were given, a tournament's tables in order), its ``part``-th series (from 1),
    the player's Seeger-Fabian ``points`` in it, and how much of a series it was (``series``:
    1 for a whole one, the deals / the series length for a last shorter run)."""

    sheet: int
    part: int
    points: int
    series: Fraction
    counted: bool = True


@record
class SeasonPlayer:
    """A player's season: ``place`` (0 when listed apart), ``tied``, the Seeger-Fabian
    ``points`` of the lists counted, the ``series`` they make, every list ``lists`` (each marked
    counted or not), and the series ``played`` in all."""

    place: int
    tied: bool
    name: str
    points: int
    series: Fraction
    played: Fraction
    lists: tuple[SeriesPlayed, ...]

    @property
    def average(self) -> Fraction | None:
        """Seeger-Fabian points per series counted; None without a series.

        >>> SeasonPlayer(1, False, "Anna", 900, Fraction(3, 2), Fraction(3, 2), ()).average
        Fraction(600, 1)
        """
        return Fraction(self.points) / self.series if self.series else None

    @property
    def key(self) -> tuple[Fraction, Fraction]:
        """What ranks: more points, then the higher average."""
        return (-Fraction(self.points), -(self.average or Fraction(0)))


@record
class Season:
    """The year's ranking: ``ranking`` (places from 1), ``apart`` (fewer series than
    ``min_series``, place 0), the rule (``best``, ``min_series``: None when not given), the
    sheets counted, and the tournaments' tables ``held`` back (the tournament, the table)."""

    ranking: tuple[SeasonPlayer, ...]
    apart: tuple[SeasonPlayer, ...]
    best: int | None
    min_series: int | None
    sheets: int
    held: tuple[tuple[Tournament, Held], ...] = ()


def season(
    evenings: Sequence[Evening], *, min_series: int | None = None, best: int | None = None
) -> Season:
    """Rank a season (see the module's docstring).

    >>> from skatcalc.sheet.model import Sheet
    >>> season([Sheet.new(["A", "B", "C"])], min_series=1).apart[0].place
    0
    """
    if best is not None and not _count(best):
        raise SkatError("err.season.best", best=best, most=COUNT_LIMIT, field="best")
    if min_series is not None and not _count(min_series):
        raise SkatError(
            "err.season.min_series", min_series=min_series, most=COUNT_LIMIT, field="min_series"
        )
    sheets, held = _sheets(evenings)
    lists: dict[str, list[SeriesPlayed]] = {}
    names: dict[str, str] = {}
    for index, sheet in enumerate(sheets, 1):
        found = (
            _lists(index, sheet, sheet.tally())
            if isinstance(sheet, Sheet)
            else _table_lists(index, sheet)
        )
        for name, played in found:
            names.setdefault(name_key(name), name)
            lists.setdefault(name_key(name), []).extend(played)
    players = [_player(names[key], played, best) for key, played in lists.items()]
    ranked = [p for p in players if min_series is None or p.played >= min_series]
    apart = [p for p in players if min_series is not None and p.played < min_series]
    return Season(_ranked(ranked), _ranked(apart, places=False), best, min_series,
                  len(sheets), tuple(held))  # fmt: skip


def _count(value: object) -> bool:
    """A count the options take: a whole number from 1 to :data:`COUNT_LIMIT`."""
    return type(value) is int and 1 <= value <= COUNT_LIMIT


TableScores = tuple[tuple[str, int], ...]
"""A tournament's counted table: each player's Seeger-Fabian points for it, in seat order."""


def _sheets(
    evenings: Sequence[Evening],
) -> tuple[list[Sheet | TableScores], list[tuple[Tournament, Held]]]:
    """The lists of the season: each sheet, and each tournament's counted tables, as its
    standings score them (:class:`~skatcalc.tournament.standings.SeriesScore`): one series
    each, from its sheet or its paper list, a table the organiser closed early too."""
    sheets: list[Sheet | TableScores] = []
    held: list[tuple[Tournament, Held]] = []
    for evening in evenings:
        if isinstance(evening, Sheet):
            sheets.append(evening)
            continue
        tournament, read = evening
        result = standings(tournament, read)
        held.extend((tournament, h) for h in result.held)
        sheets.extend(_counted_tables(tournament, result))
    return sheets, held


def _counted_tables(tournament: Tournament, result: Standings) -> list[TableScores]:
    """Each counted table of a tournament, in order: its players' points from the standings.

    >>> drawn = Tournament.new("x", ["Anna", "Ben", "Carl"], length_three=12).draw_next(1)
    >>> seats = drawn.table(1, 1).players
    >>> t = drawn.with_paper(1, 1, [(p, 100 * i, i, 0) for i, p in enumerate(seats)])
    >>> [points for _, points in _counted_tables(t, standings(t, {}))[0]]
    [0, 150, 300]
    >>> _counted_tables(drawn, standings(drawn, {}))  # no sheet: held back, not counted
    []
    """
    by_name = {s.name: s for s in (*result.ranking, *result.apart)}
    tables: list[TableScores] = []
    for number, series in enumerate(tournament.series, 1):
        for table in series.tables:
            scores = [(name, by_name[name].series[number - 1]) for name in table.players]
            if all(x is not None and x.counted for _, x in scores):
                tables.append(tuple((name, x.seeger_fabian) for name, x in scores if x))
    return tables


def _table_lists(index: int, table: TableScores) -> list[tuple[str, list[SeriesPlayed]]]:
    """Each player's one list at a tournament's counted table: a whole series, as the
    standings count it (a table closed early too), with its Seeger-Fabian points.

    >>> _table_lists(2, (("Anna", 440), ("Ben", -50)))[1]
    ('Ben', [SeriesPlayed(sheet=2, part=1, points=-50, series=Fraction(1, 1), counted=True)])
    """
    return [(name, [SeriesPlayed(index, 1, points, Fraction(1))]) for name, points in table]


def _lists(index: int, sheet: Sheet, tally: Tally) -> list[tuple[str, list[SeriesPlayed]]]:
    """Each player's lists on one sheet: its deals in runs of the series length, the last
    shorter one counting in part; a sheet without a deal gives none."""
    length = tally.series_length
    ends = [min(end, len(tally.deals)) for end in range(length, len(tally.deals) + length, length)]
    out: list[tuple[str, list[SeriesPlayed]]] = []
    for at, name in enumerate(sheet.players):
        played, before, start = [], 0, 0
        for part, end in enumerate(ends, 1):
            after = tally.deals[end - 1].seeger_fabian[at]
            played.append(SeriesPlayed(index, part, after - before, Fraction(end - start, length)))
            before, start = after, end
        out.append((name, played))
    return out


def _player(name: str, played: list[SeriesPlayed], best: int | None) -> SeasonPlayer:
    """A player's totals, of their best ``best`` lists (the most points, of equal ones the
    earlier) or of all."""
    chosen = set(range(len(played)))
    if best is not None:
        order = sorted(range(len(played)), key=lambda i: (-played[i].points, i))
        chosen = set(order[:best])
    marked = tuple(
        SeriesPlayed(p.sheet, p.part, p.points, p.series, i in chosen) for i, p in enumerate(played)
    )
    counted = [p for p in marked if p.counted]
    return SeasonPlayer(
        0, False, name, sum(p.points for p in counted), sum((p.series for p in counted),
        Fraction(0)), sum((p.series for p in played), Fraction(0)), marked,
    )  # fmt: skip


def _ranked(players: list[SeasonPlayer], *, places: bool = True) -> tuple[SeasonPlayer, ...]:
    """In order: more points, then the higher average; equal keys share a place, tied. Apart
    (``places`` False): the same order, place 0, never tied."""
    ordered = sorted(players, key=lambda p: p.key)  # stable: level players keep their order
    if not places:
        return tuple(ordered)
    at = shared_places([player.key for player in ordered])
    count = Counter(at)
    return tuple(
        replace(p, place=place, tied=count[place] > 1) for p, place in zip(ordered, at, strict=True)
    )
