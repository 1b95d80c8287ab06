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


def sheet(
    sheet: Sheet,
    tally: Tally,
    last: int | None = None,
    every: bool = False,
    scoring: str | None = None,
) -> None:
    """Print the score list: deals with running totals, then the totals footer.

    Like a paper block, the table holds the current series (36 deals at three, 48 at four);
    ``last`` shows the last N deals instead, ``every`` all of them. The running totals are in
    the list ``scoring``: the one that decides the sheet unless another is asked for.
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
        running = entry.running(scoring or rules.scoring)
        table.add_row(*cells, Text(points), *(Text(str(total)) for total in running))
    console.print(table)
    console.print(_footer(sheet, tally, scoring or rules.scoring))
    console.print(Text(list_note(rules.scoring, scoring or rules.scoring)))
    _progress(console, sheet, tally)


def _footer(sheet: Sheet, tally: Tally, scoring: str) -> Table:
    from rich.table import Table
    from rich.text import Text

    from skatcalc import report

    rules = sheet.rules
    footer = Table(title=Text(w("table.totals")), title_justify="left")
    columns = [w("table.score"), w("table.won"), w("table.lost"), "Seeger-Fabian"]
    bierlachs = "bierlachs" in (scoring, rules.scoring)
    if bierlachs:
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
        if bierlachs:
            cells.append(Text(report.signed(player.bierlachs)))
        footer.add_row(*cells)
    return footer


def list_note(decides: str, followed: str) -> str:
    """Which list the running totals are in, and which decides the evening."""
    key = "list.note.decides" if followed == decides else "list.note.other"
    return w(key, list=w("list.name." + followed), decides=w("list.name." + decides))


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
    if tally.ramsch_ahead:
        console.print(Text(w("bockramsch.ahead", count=tally.ramsch_ahead) + "."))
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
    """Print the statistics: one row per player, then the games by type."""
    import os

    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from skatcalc import report

    plain = "NO_COLOR" in os.environ
    console = Console(highlight=False, emoji=False, color_system=None if plain else "auto")
    count = len(result.sheets)
    title = w("stats.title.one" if count == 1 else "stats.title", sheets=count)
    table = Table(title=Text(title), title_justify="left")
    for key in ("player", "deals", "declared", "won", "lost", "rate", "average", "score",
                "seeger_fabian", "per_series"):  # fmt: skip
        table.add_column(w(f"stats.column.{key}"), justify="left" if key == "player" else "right")
    for player in result.players:
        rate = "" if player.win_rate is None else f"{float(player.win_rate):.0%}"
        average = "" if player.average_value is None else f"{float(player.average_value):.1f}"
        per_series = player.seeger_fabian_per_series
        table.add_row(
            Text(player.name), Text(str(player.deals)), Text(str(player.declared)),
            Text(str(player.won)), Text(str(player.lost)), Text(rate), Text(average),
            Text(report.signed(player.score)), Text(report.signed(player.seeger_fabian)),
            Text("" if per_series is None else f"{float(per_series):+.0f}"),
        )  # fmt: skip
    console.print(table)
    games = Table(title=Text(w("stats.games")), title_justify="left")
    games.add_column(w("stats.column.player"))
    kinds = ("clubs", "spades", "hearts", "diamonds", "grand", "null")
    for kind in kinds:
        games.add_column(w(f"game.{kind}"), justify="right")
    games.add_column(w("stats.column.highest"))
    for player in result.players:
        highest = player.highest
        best = "" if highest is None else w(
            "stats.highest", value=highest.value, game=w(f"game.{highest.game.value}"),
            outcome=w(f"outcome.{highest.outcome.value}"), deal=highest.deal,
            sheet=highest.sheet_index + 1,
        )  # fmt: skip
        games.add_row(
            Text(player.name), *(Text(str(getattr(player.games, k))) for k in kinds), Text(best)
        )
    console.print(games)
