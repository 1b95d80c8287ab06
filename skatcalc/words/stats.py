"""The words of ``sheet stats``: the statistics' cells, the spread of card points, and the short
names' legend (the table mode's too). Apart from :mod:`skatcalc.words.sheet` so that ``sheet
stats`` loads no more words than it says: after reading 5 sheets, a cold import of words.sheet
took 0.92 ms and of this 0.70 (both with width and report; medians of 11 processes), and
drawing the answer 1.19 million instructions fewer (valgrind, the process less one that draws
nothing)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from skatcalc.width import NBSP, short_names
from skatcalc.words import number, w
from skatcalc.words.report import signed

if TYPE_CHECKING:
    from skatcalc.sheet.stats import PlayerStats, Stats

__all__ = ["StatsWords", "legend_line", "spread_lines", "stats_cells"]


def legend_line(names: Sequence[str]) -> str:
    """``Short names: An = Annegret, …``: each item bound, so a line broken to the width
    never parts a short name from the name it stands for."""
    items = [
        w("short.legend", short=h, name=n).replace(" ", NBSP)
        for h, n in zip(short_names(names), names, strict=True)
    ]
    return w("play.legend", legend=", ".join(items))


class StatsWords(NamedTuple):
    """The statistics of ``sheet stats`` as text, cell by cell: each table's title, header row
    and rows (the first cell of a row a player's name), a legend, the highest won games."""

    title: str
    header: list[str]
    rows: list[list[str]]
    legend: str
    games_title: str
    games_header: list[str]
    games_rows: list[list[str]]
    highest: list[str]
    spread: list[str]


_STATS_COLUMNS = ("deals", "declared", "won", "lost", "rate", "average", "score",
                  "seeger_fabian", "per_series")  # fmt: skip
_GAME_COLUMNS = ("clubs", "spades", "hearts", "diamonds", "grand", "null")


def stats_cells(result: Stats) -> StatsWords:
    """The statistics in words, as the terminal's tables show them.

    >>> from skatcalc.sheet.model import Deal, Sheet
    >>> from skatcalc.sheet.stats import stats
    >>> from skatcalc.spec import GameSpec
    >>> sheet = Sheet.new(["Anna", "Ben", "Carl"]).add(Deal("Anna", GameSpec("grand", with_=1, points=70)))
    >>> said = stats_cells(stats([(sheet, sheet.tally())]))
    >>> said.rows[0], said.highest[1]
    (['Anna', '1', '1', '1', '0', '100%', '48.0', '+48', '+98', '+3528'], '  Anna: 48, Grand (sheet 1, deal 1)')
    """
    count = len(result.sheets)
    rows = []
    for player in result.players:
        rate = (
            "" if player.win_rate is None else w("percent", n=round(float(player.win_rate) * 100))
        )
        average = (
            "" if player.average_value is None else number(float(player.average_value), places=1)
        )
        per_series = player.seeger_fabian_per_series
        rows.append([
            player.name, str(player.deals), str(player.declared), str(player.won),
            str(player.lost), rate, average, signed(player.score), signed(player.seeger_fabian),
            "" if per_series is None else f"{float(per_series):+.0f}",
        ])  # fmt: skip
    highest = [w("stats.column.highest")]
    for player in result.players:
        best = player.highest
        said = w("stats.no_win") if best is None else w(
            "stats.highest", value=best.value, game=w(f"game.{best.game.value}"),
            deal=best.deal, sheet=best.sheet_index + 1,
        )  # fmt: skip
        highest.append(f"  {player.name}: {said}")
    return StatsWords(
        title=w("stats.title", count=count, sheets=count),
        header=[w("stats.column.player"), *(w(f"stats.column.{key}") for key in _STATS_COLUMNS)],
        rows=rows,
        legend=w("stats.legend"),
        games_title=w("stats.games"),
        games_header=[w("stats.column.player"), *(w(f"game.{kind}") for kind in _GAME_COLUMNS)],
        games_rows=[[player.name, *_by_game_cells(player)] for player in result.players],
        highest=highest,
        spread=spread_lines(result),
    )


def _by_game_cells(player: PlayerStats) -> list[str]:
    """Each game type's cell: the games declared, and of them won/lost where any were."""
    kept = {game.value: record for game, record in player.by_game}
    return [
        w("stats.by_game", declared=kept[kind].declared, won=kept[kind].won, lost=kept[kind].lost)
        if kind in kept
        else "0"
        for kind in _GAME_COLUMNS
    ]


def spread_lines(result: Stats) -> list[str]:
    """The spread of each player's card points as declarer, a line each under a title.

    >>> from skatcalc.sheet.model import Deal, Sheet
    >>> from skatcalc.sheet.stats import stats
    >>> from skatcalc.spec import GameSpec
    >>> sheet = Sheet.new(["Anna", "Ben", "Carl"]).extend([
    ...     Deal("Anna", GameSpec("grand", with_=1, points=70)),
    ...     Deal("Anna", GameSpec("clubs", with_=1, points=95))])
    >>> [line.replace(NBSP, " ") for line in spread_lines(stats([(sheet, sheet.tally())]))[2:4]]
    ['  Anna: 2 games, 70 to 95, on average 82.5; 0-30: 0, 31-60: 0, 61-89: 1, 90-120: 1', '  Ben: no game with card points']
    """
    from skatcalc.sheet.stats import CARD_POINT_BANDS

    lines = ["", w("stats.spread.title")]
    for player in result.players:
        spread = player.card_points
        if spread.average is None:
            lines.append(f"  {player.name}: {w('stats.spread.none')}")
            continue
        bands = ", ".join(
            f"{low}-{high}:{NBSP}{games}"
            for (low, high), games in zip(CARD_POINT_BANDS, spread.bands, strict=True)
        )
        said = w(
            "stats.spread.player", count=spread.games, games=spread.games, lowest=spread.lowest,
            highest=spread.highest, average=number(float(spread.average), places=1), bands=bands,
        )  # fmt: skip
        lines.append(f"  {player.name}: {said}")
    return lines
