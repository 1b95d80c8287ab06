"""What ``sheet show`` and ``sheet stats`` print: the score list and the statistics.

The score list's lines are made by :mod:`skatcalc.formats.terminal` (pure); this module prints
them, fitted to the terminal's width, with styles (bold heads, a dim rules line) only on a
terminal, never to a pipe or with NO_COLOR. The statistics are rich tables. Names are data,
never markup: a player called ``[bold red]Anna[/]`` prints exactly as typed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skatcalc.words import number, w

if TYPE_CHECKING:
    from skatcalc.formats.terminal import Line
    from skatcalc.sheet.model import Sheet
    from skatcalc.sheet.stats import Stats
    from skatcalc.sheet.tally import Tally


def sheet(
    sheet: Sheet,
    tally: Tally,
    last: int | None = None,
    every: bool = False,
    scoring: str | None = None,
) -> None:
    """Print the score list (:func:`skatcalc.formats.terminal.sheet_lines`) as wide as the
    terminal (COLUMNS, else the terminal, else 80)."""
    import shutil

    from skatcalc.formats.terminal import sheet_lines

    width = shutil.get_terminal_size((80, 24)).columns
    _emit(sheet_lines(sheet, tally, width, last, every, scoring))


def _emit(lines: list[Line]) -> None:
    import os
    import sys

    out = sys.stdout
    styled = (
        "NO_COLOR" not in os.environ
        and os.environ.get("TERM") != "dumb"
        and ("FORCE_COLOR" in os.environ or out.isatty())
    )
    if styled:
        text = "\n".join(f"\x1b[{style}m{line}\x1b[0m" if style else line for line, style in lines)
    else:
        text = "\n".join(line for line, _ in lines)
    out.write(text + "\n")


def stats(result: Stats) -> None:
    """Print the statistics: one row per player, the games by type, the highest won games.

    Short headers and a legend under the first table, so every header fits 80 columns.
    """
    import os

    from rich import box
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from skatcalc import report

    plain = "NO_COLOR" in os.environ
    console = Console(highlight=False, emoji=False, color_system=None if plain else "auto")
    count = len(result.sheets)
    title = w("stats.title", count=count, sheets=count)

    def table(title: str) -> Table:
        return Table(
            title=Text(title), title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False,
            collapse_padding=True,
        )  # fmt: skip

    def column(target: Table, header: str, *, name: bool = False) -> None:
        # Numbers never wrap and keep their header whole; a long name wraps instead.
        if name:
            target.add_column(header, overflow="fold", min_width=len(header))
        else:
            target.add_column(header, justify="right", no_wrap=True, min_width=len(header))

    players = table(title)
    column(players, w("stats.column.player"), name=True)
    for key in ("deals", "declared", "won", "lost", "rate", "average", "score",
                "seeger_fabian", "per_series"):  # fmt: skip
        column(players, w(f"stats.column.{key}"))
    for player in result.players:
        rate = "" if player.win_rate is None else f"{float(player.win_rate):.0%}"
        average = (
            "" if player.average_value is None else number(float(player.average_value), places=1)
        )
        per_series = player.seeger_fabian_per_series
        players.add_row(
            Text(player.name), Text(str(player.deals)), Text(str(player.declared)),
            Text(str(player.won)), Text(str(player.lost)), Text(rate), Text(average),
            Text(report.signed(player.score)), Text(report.signed(player.seeger_fabian)),
            Text("" if per_series is None else f"{float(per_series):+.0f}"),
        )  # fmt: skip
    console.print(players)
    console.print(Text(w("stats.legend")))
    console.print()
    games = table(w("stats.games"))
    column(games, w("stats.column.player"), name=True)
    kinds = ("clubs", "spades", "hearts", "diamonds", "grand", "null")
    for kind in kinds:
        column(games, w(f"game.{kind}"))
    for player in result.players:
        games.add_row(Text(player.name), *(Text(str(getattr(player.games, k))) for k in kinds))
    console.print(games)
    console.print(Text(w("stats.column.highest")))
    for player in result.players:
        highest = player.highest
        best = w("stats.no_win") if highest is None else w(
            "stats.highest", value=highest.value, game=w(f"game.{highest.game.value}"),
            deal=highest.deal, sheet=highest.sheet_index + 1,
        )  # fmt: skip
        console.print(Text(f"  {player.name}: {best}"))
