"""The one module that draws with rich: the score list of ``sheet show``.

Names are data, never markup: every cell is a :class:`rich.text.Text`, so a player called
``[bold red]Anna[/]`` prints exactly as typed. Rich leaves out colour on a pipe and with NO_COLOR.
"""

from __future__ import annotations

from skatcalc.sheet.model import Sheet, Tally


def sheet(sheet: Sheet, tally: Tally, last: int | None = None) -> None:
    """Print the score list: deals with running totals, then the totals footer."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from skatcalc import report

    console = Console(highlight=False, emoji=False)
    table = Table(title=Text("Score sheet"), title_justify="left")
    table.add_column("#", justify="right")
    table.add_column("Dealer")
    table.add_column("Declarer")
    table.add_column("Game")
    table.add_column("Score", justify="right")
    for name in sheet.players:
        table.add_column(Text(name), justify="right")
    rows = tally.deals if last is None else tally.deals[-last:]
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
    played = tally.deals_played
    series = tally.series_length
    if played < series:
        progress = f"Deal {played} of {series} in the series; {sheet.dealer(played)} deals next."
    else:
        progress = f"{played} deals: the series of {series} is complete."
    console.print(Text(progress))
