"""The year's ranking in words (``skatcalc season``): its heading, header row, rows and notes, as
every format but JSON shows them (:mod:`skatcalc.formats.terminal`, ``.csv``, ``.html``).

>>> from skatcalc.season import season
>>> from skatcalc.sheet.model import Sheet
>>> said = season_cells(season([Sheet.new(["Anna", "Ben", "Carl"])]))
>>> said.header
['Place', 'Player', 'Series', 'SF', 'SF/series']
>>> said.rows[0]
['1=', 'Anna', '0', '0', '']
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple

from skatcalc.words import number, w

if TYPE_CHECKING:
    from skatcalc.season import Season, SeasonPlayer

__all__ = ["SeasonWords", "season_cells", "series_text"]


class SeasonWords(NamedTuple):
    """The ranking as text, cell by cell: the title, the rule, the header row, the ranked
    rows, the rows apart under their title, the notes (tables not counted) and the legend."""

    title: str
    rule: str
    header: list[str]
    rows: list[list[str]]
    apart_title: str
    apart: list[list[str]]
    notes: list[str]
    legend: str


def series_text(series: Fraction) -> str:
    """A number of series as the language writes it: whole, or to two decimals at most.

    >>> series_text(Fraction(12)), series_text(Fraction(3, 4)), series_text(Fraction(1, 3))
    ('12', '0.75', '0.33')
    """
    if series.denominator == 1:
        return str(series.numerator)
    return number(float(series), places=2).rstrip("0")


def _row(player: SeasonPlayer, best: bool, apart: bool) -> list[str]:
    place = "" if apart else f"{player.place}=" if player.tied else str(player.place)
    average = player.average
    cells = [place, player.name, series_text(player.played)]
    if best:
        cells.append(series_text(player.series))
    points = f"{player.points:+d}" if player.points else "0"
    return [*cells, points, "" if average is None else _average(average)]


def _average(average: Fraction) -> str:
    """An average to one decimal, signed as the points are: ``+41.4``, ``0.0``, ``-3.5``."""
    text = number(float(average), places=1)
    return f"+{text}" if average > 0 and text.strip("0.,") else text


def season_cells(result: Season) -> SeasonWords:
    """The ranking in words (see :class:`SeasonWords`)."""
    from skatcalc.words.tournament import held_line

    best = result.best is not None
    keys = ("place", "player", "played", *(("counted",) if best else ()), "points", "average")
    rules = [
        w("season.rule.all")
        if not best
        else w("season.rule.best", count=result.best, best=result.best)
    ]
    if result.min_series is not None:
        rules.append(w("season.rule.min", count=result.min_series, min=result.min_series))
    return SeasonWords(
        title=w("season.title", count=result.sheets, sheets=result.sheets),
        rule=" ".join(rules),
        header=[w(f"season.column.{key}") for key in keys],
        rows=[_row(p, best, apart=False) for p in result.ranking],
        apart_title=w("season.apart", count=result.min_series or 0, min=result.min_series or 0),
        apart=[_row(p, best, apart=True) for p in result.apart],
        notes=[w("season.held", name=t.name, line=held_line(h, t)) for t, h in result.held],
        legend=w("season.legend.best" if best else "season.legend"),
    )
