"""The one module that draws with rich: the score list of ``sheet show``.

Names are data, never markup: every cell is a :class:`rich.text.Text`, so a player called
``[bold red]Anna[/]`` prints exactly as typed. Rich leaves out colour on a pipe and with NO_COLOR.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skatcalc.sheet.model import Rules, Sheet, Tally
from skatcalc.words import w

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from skatcalc.sheet.stats import Stats


def sheet(sheet: Sheet, tally: Tally, last: int | None = None, every: bool = False) -> None:
    """Print the score list: deals with running totals, then the totals footer.

    Like a paper block, the table holds the current series (36 deals at three, 48 at four);
    ``last`` shows the last N deals instead, ``every`` all of them.
    """
    import os

    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from skatcalc import report

    # NO_COLOR: no escape codes at all (rich alone would keep bold and dim)
    plain = "NO_COLOR" in os.environ
    console = Console(highlight=False, emoji=False, color_system=None if plain else "auto")
    number, place = tally.series
    if every:
        rows, title = tally.deals, w("table.title.all")
    elif last is not None:
        rows, title = (
            tally.deals[-last:],
            w("table.title.last", count=min(last, len(tally.deals))),
        )
    else:
        first = tally.deals_played - place
        rows, title = tally.deals[first:], w("table.title.series", number=number)
    rules = sheet.rules
    bock = rules.bock or any(entry.bock for entry in tally.deals)
    table = Table(title=Text(title), title_justify="left")
    table.add_column("#", justify="right")
    table.add_column(w("table.dealer"))
    table.add_column(w("table.declarer"))
    table.add_column(w("table.game"))
    if bock:
        table.add_column(w("table.bock"), justify="right")
    table.add_column(w("table.score"), justify="right")
    for name in sheet.players:
        table.add_column(Text(name), justify="right")
    names = [p.name for p in tally.players]
    for entry in rows:
        declarer, game, points = "", w("table.passed"), ""
        ramsch = entry.deal.ramsch
        if entry.scoring is not None:
            declarer = entry.deal.declarer or ""
            game = report.entry(entry.scoring)
            points = report.signed(entry.scoring.score or 0)
        elif ramsch is not None:
            scores = dict(zip(names, entry.scores, strict=True))
            game = report.ramsch_text(
                ramsch.points, ramsch.jungfrau, ramsch.durchmarsch, ramsch.pushes,
                {name: scores[name] for name, _ in ramsch.points}, short=True,
            )  # fmt: skip
        cells = [Text(str(entry.n)), Text(entry.dealer), Text(declarer), Text(game)]
        if bock:
            cells.append(Text(f"× {1 << entry.bock}" if entry.bock else ""))
        table.add_row(*cells, Text(points), *(Text(str(total)) for total in entry.totals))
    console.print(table)
    console.print(_footer(sheet, tally))
    _progress(console, sheet, tally)


def _footer(sheet: Sheet, tally: Tally) -> Table:
    from rich.table import Table
    from rich.text import Text

    from skatcalc import report

    rules = sheet.rules
    footer = Table(title=Text(w("table.totals")), title_justify="left")
    columns = [w("table.score"), w("table.won"), w("table.lost"), "Seeger-Fabian"]
    if rules.scoring == "bierlachs":
        columns.append(w("table.bierlachs", limit=rules.bierlachs_limit))
    footer.add_column(w("table.player"))
    for column in columns:
        footer.add_column(column, justify="right")
    for player in tally.players:
        cells = [
            Text(player.name),
            Text(report.signed(player.score)),
            Text(str(player.won)),
            Text(str(player.lost)),
            Text(report.signed(player.seeger_fabian)),
        ]
        if rules.scoring == "bierlachs":
            cells.append(Text(report.signed(player.bierlachs)))
        footer.add_row(*cells)
    return footer


def _progress(console: Console, sheet: Sheet, tally: Tally) -> None:
    from rich.text import Text

    from skatcalc import report

    rules = sheet.rules
    number, place = tally.series
    length = tally.series_length
    after = sheet.dealer(tally.deals_played)
    key = "series.done" if place == length else "series.progress"
    progress = w(key, number=number, place=place, length=length, next=after)
    console.print(Text(progress))
    if tally.bock_ahead:
        console.print(Text(report.bock_ahead(tally.bock_ahead) + "."))
    if tally.decided is not None:
        losers, n = tally.decided
        loser = w("ramsch.and").join(losers)
        console.print(Text(w("bierlachs.decided", loser=loser, n=n)))
    console.print(Text(w("table.rules", rules=rules_line(rules)), style="dim"))


def rules_line(rules: Rules) -> str:
    """The sheet's rules in one short line, for the foot of the list."""
    parts = [w(f"short.scoring.{rules.scoring}", limit=rules.bierlachs_limit)]
    parts.append(w("short.kontra" if rules.kontra else "short.no_kontra"))
    if rules.bock:
        parts.append(w("short.bock"))
    if rules.ramsch:
        parts.append(w("short.schieberamsch" if rules.schieberamsch else "short.ramsch"))
    if rules.lost_hand_single:
        parts.append(w("short.lost_hand_single"))
    if rules.grand_base != 24:
        parts.append(w("short.grand_base", base=rules.grand_base))
    return ", ".join(parts)


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
    title = w("stats.title.one" if count == 1 else "stats.title", sheets=count)

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
        average = "" if player.average_value is None else f"{float(player.average_value):.1f}"
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
