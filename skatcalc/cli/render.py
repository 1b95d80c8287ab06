"""The one module that draws with rich: the score list of ``sheet show``.

Names are data, never markup: every cell is a :class:`rich.text.Text`, so a player called
``[bold red]Anna[/]`` prints exactly as typed. Rich leaves out colour on a pipe and with NO_COLOR.
"""

from __future__ import annotations

from skatcalc.sheet.model import Sheet, Tally


def sheet(sheet: Sheet, tally: Tally, last: int | None = None, every: bool = False) -> None:
    """Print the score list: deals with running totals, then the totals footer.

    Like a paper block, the table holds the current series (36 deals at three, 48 at four);
    ``last`` shows the last N deals instead, ``every`` all of them.
    """
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from skatcalc import report

    console = Console(highlight=False, emoji=False)
    number, place = tally.series
    if every:
        rows, title = tally.deals, "Score sheet, every deal"
    elif last is not None:
        rows, title = (
            tally.deals[-last:],
            f"Score sheet, the last {min(last, len(tally.deals))} deals",
        )
    else:
        first = tally.deals_played - place
        rows, title = tally.deals[first:], f"Score sheet, series {number}"
    table = Table(title=Text(title), title_justify="left")
    table.add_column("#", justify="right")
    table.add_column("Dealer")
    table.add_column("Declarer")
    table.add_column("Game")
    table.add_column("Score", justify="right")
    for name in sheet.players:
        table.add_column(Text(name), justify="right")
    for entry in rows:
        if entry.scoring is None:
            declarer, game, points = "", "passed", ""
        else:
            declarer = entry.deal.declarer or ""
            game = report.summary(entry.scoring).rsplit(":", 1)[0]
            points = report.signed(entry.scoring.score or 0)
        table.add_row(
            Text(str(entry.n)),
            Text(entry.dealer),
            Text(declarer),
            Text(game),
            Text(points),
            *(Text(str(total)) for total in entry.totals),
        )
    console.print(table)
    footer = Table(title=Text("Totals"), title_justify="left")
    for column in ("Player", "Score", "Won", "Lost", "Seeger-Fabian"):
        footer.add_column(column, justify="left" if column == "Player" else "right")
    for player in tally.players:
        footer.add_row(
            Text(player.name),
            Text(report.signed(player.score)),
            Text(str(player.won)),
            Text(str(player.lost)),
            Text(report.signed(player.seeger_fabian)),
        )
    console.print(footer)
    length = tally.series_length
    if place == length:
        progress = f"Series {number} is complete ({length} deals); {sheet.dealer(tally.deals_played)} deals next."
    else:
        progress = (
            f"Series {number}: deal {place} of {length}; "
            f"{sheet.dealer(tally.deals_played)} deals next."
        )
    console.print(Text(progress))
