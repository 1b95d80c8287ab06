"""``skatcalc tournament``: draw the tables of each series, keep every table's sheet, rank the
field by Seeger-Fabian points."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from skatcalc.cli import options as o
from skatcalc.cli.errors import as_usage, reported, usage
from skatcalc.cli.output import write as _write
from skatcalc.cli.rules import RuleCommand
from skatcalc.words import shown, w

if TYPE_CHECKING:
    from skatcalc.store.files import New
    from skatcalc.tournament.model import Tournament

app = typer.Typer(no_args_is_help=True, rich_markup_mode=None)

File = Annotated[Path, typer.Argument(metavar="FILE")]
Names = Annotated[list[str], typer.Argument(metavar="NAME...", show_default=False)]
Output = Annotated[Path | None, typer.Option("--output", "-o")]


@app.command("new", cls=RuleCommand)
def new(
    ctx: typer.Context,
    file: File,
    players: Annotated[list[str], typer.Argument(metavar="PLAYER...", show_default=False)],
    name: Annotated[str | None, typer.Option("--name")] = None,
    series: Annotated[int, typer.Option("--series")] = 3,
    three: Annotated[int, typer.Option("--three")] = 36,
    four: Annotated[int, typer.Option("--four")] = 48,
    preset: Annotated[str, typer.Option("--preset")] = "isko",
) -> None:
    """Start a tournament file: the field, the series and their lengths, the rules every table
    plays (never overwrites a file)."""
    from skatcalc.cli.rules import changed, describe, rules
    from skatcalc.errors import SheetError
    from skatcalc.sheet.model import PRESETS
    from skatcalc.tournament import store
    from skatcalc.tournament.model import Tournament

    if preset not in PRESETS:
        raise usage("err.preset", preset=repr(preset), presets=", ".join(PRESETS))
    with reported():
        title = name if name is not None else file.stem
        try:
            tournament = Tournament.new(
                title, players, planned=series, length_three=three, length_four=four,
                rules=changed(PRESETS[preset], rules(ctx)),
            )  # fmt: skip
        except SheetError as error:
            if error.code.startswith("err.tournament.count."):  # --series, --three, --four
                raise as_usage(error) from None
            raise
        store.create(file, tournament)
    _write(
        [
            w("tour.started", file=file, name=tournament.name, count=len(tournament.players),
              planned=series, three=three, four=four),
            w("tour.rules", rules="; ".join(describe(tournament.rules))),
            w("tour.next", file=file),
        ]
    )  # fmt: skip


@app.command("draw")
def draw(
    file: File,
    seed: Annotated[int | None, typer.Option("--seed")] = None,
    json_: o.Json = False,
) -> None:
    """Draw the next series: the players still in the field to tables of three (and four),
    keeping apart who met before; creates each table's sheet, players in seat order."""
    import secrets

    from skatcalc.tournament import store

    chosen = secrets.randbelow(1_000_000) if seed is None else seed
    with reported(), store.all_or_none() as new:  # the tables' sheets go if the draw fails
        old, tournament = store.update(file, lambda t: _drawn(file, t, chosen, new))
    series = tournament.series[-1]
    number = len(tournament.series)
    if json_:
        import json

        data = _series_dict(file, tournament, number)
        sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")
        return
    from skatcalc.tournament.draw import repeats

    again = repeats((t.players for t in series.tables), old.met())
    lines = [w("tour.drawn", n=number, seed=series.seed)]
    for t, table in enumerate(series.tables, 1):
        lines.append(
            "  " + w("tour.table", t=t, players=", ".join(table.players),
                     length=tournament.length(len(table.players)), first=table.players[0],
                     file=store.sheet_path(file, table))
        )  # fmt: skip
    if number > 1:
        lines.append(w("tour.drawn.repeats", count=again) if again else w("tour.drawn.fresh"))
        lines += _unfinished(file, old, number - 1)
    _write(lines)


def _unfinished(file: Path, tournament: Tournament, number: int) -> list[str]:
    """A note when series ``number`` still has tables that are not done: a new series was
    drawn all the same, and the standings hold those tables back until they are."""
    from skatcalc.tournament.standings import standings

    held = standings(tournament, _read_sheets(file, tournament)).held
    tables = [str(h.table) for h in held if h.series == number]
    if not tables:
        return []
    return [w("tour.drawn.unfinished", count=len(tables), n=number, tables=", ".join(tables))]


def _drawn(file: Path, tournament: Tournament, seed: int, new: New) -> Tournament:
    """The tournament with its next series drawn, each table's sheet created (none when one
    of their files exists); the caller removes them if the draw goes no further."""
    from skatcalc.sheet import store as sheets
    from skatcalc.sheet.model import Sheet
    from skatcalc.tournament import store

    drawn = tournament.draw_next(seed, stem=file.stem)
    tables = [
        (store.sheet_path(file, table), Sheet.new(table.players, drawn.rules))
        for table in drawn.series[-1].tables
    ]
    new.create(tables, sheets.SHEET, code="err.tournament.sheet_exists")
    return drawn


def _series_dict(file: Path, tournament: Tournament, number: int) -> dict[str, Any]:
    from skatcalc.tournament import store

    series = tournament.series[number - 1]
    return {
        "series": number,
        "seed": series.seed,
        "tables": [
            {
                "table": t,
                "players": list(table.players),
                "deals": tournament.length(len(table.players)),
                "sheet": str(store.sheet_path(file, table)),
            }
            for t, table in enumerate(series.tables, 1)
        ],
    }


@app.command("join")
def join(file: File, names: Names) -> None:
    """Add latecomers to the field (or take back a player who withdrew): they are drawn from
    the next series."""
    from skatcalc.tournament import store

    with reported():
        _, tournament = store.update(file, lambda t: _each(t, names, "join"))
    n = len(tournament.series) + 1
    _write([w("tour.joined", name=name, tournament=tournament.name, n=n) for name in names])


@app.command("leave")
def leave(file: File, names: Names) -> None:
    """Withdraw players: they are not drawn again; the series they played still count."""
    from skatcalc.tournament import store

    with reported():
        _, tournament = store.update(file, lambda t: _each(t, names, "leave"))
    n = len(tournament.series) + 1
    _write(
        [
            w("tour.left", name=tournament.player(name), tournament=tournament.name, n=n)
            for name in names
        ]
    )


def _each(tournament: Tournament, names: list[str], how: str) -> Tournament:
    for name in names:
        tournament = tournament.join(name) if how == "join" else tournament.leave(name)
    return tournament


@app.command("team")
def team(
    file: File,
    name: Annotated[str, typer.Argument(metavar="TEAM")],
    members: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="PLAYER...",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Name a pair (tandem) or a team: the standings rank them too, by their players' sums."""
    from skatcalc.tournament import store

    with reported():
        _, tournament = store.update(file, lambda t: t.with_team(name, members or []))
    found = dict(tournament.teams).get(name)
    if found is None:
        _write([w("tour.team.gone", team=name)])
    else:
        _write([w("tour.team.set", team=name, members=", ".join(found))])


@app.command("plan")
def plan(
    file: File,
    series: Annotated[int, typer.Option("--series")],
) -> None:
    """Change how many series are planned."""
    from skatcalc.tournament import store

    with reported():
        _, tournament = store.update(file, lambda t: t.with_planned(series))
    _write([w("tour.planned", name=tournament.name, planned=tournament.planned)])


def _read_sheets(file: Path, tournament: Tournament) -> dict[tuple[int, int], Any]:
    """Every table's sheet, or the error that kept it from being read; a missing one is left
    out."""
    from skatcalc.errors import SkatError
    from skatcalc.sheet import store as sheets
    from skatcalc.tournament import store

    found: dict[tuple[int, int], Any] = {}
    for s, series in enumerate(tournament.series, 1):
        for t, table in enumerate(series.tables, 1):
            try:
                sheet = sheets.load_if_present(store.sheet_path(file, table))
            except SkatError as error:
                found[s, t] = error
                continue
            if sheet is not None:
                found[s, t] = sheet
    return found


@app.command("show")
def show(file: File, json_: o.Json = False) -> None:
    """The field and every series' tables, with how far each table's sheet is."""
    from skatcalc.errors import SkatError
    from skatcalc.tournament import store

    with reported():
        tournament = store.load(file)
    found = _read_sheets(file, tournament)
    if json_:
        import json

        data = {
            "name": tournament.name,
            "players": list(tournament.players),
            "withdrawn": list(tournament.withdrawn),
            "series_planned": tournament.planned,
            "length_three": tournament.length_three,
            "length_four": tournament.length_four,
            "series": [
                _series_dict(file, tournament, n) for n in range(1, len(tournament.series) + 1)
            ],
        }
        sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")
        return
    lines = [
        w("tour.field", name=tournament.name, count=len(tournament.active),
          drawn=len(tournament.series), planned=tournament.planned)
    ]  # fmt: skip
    if tournament.withdrawn:
        lines.append(w("tour.field.withdrawn", names=", ".join(tournament.withdrawn)))
    for s, series in enumerate(tournament.series, 1):
        lines.append(w("tour.series", n=s, seed=series.seed))
        for t, table in enumerate(series.tables, 1):
            read = found.get((s, t))
            path = store.sheet_path(file, table)
            length = tournament.length(len(table.players))
            if isinstance(read, SkatError) or read is None:
                text = w("tour.table", t=t, players=", ".join(table.players), length=length,
                         first=table.players[0], file=path)  # fmt: skip
                why = str(read) if read is not None else w("tour.held.missing")
                lines.append(f"  {text}: {why}")
            else:
                lines.append(
                    "  " + w("tour.table.progress", t=t, players=", ".join(table.players),
                             deals=len(read.deals), length=length, file=path)
                )  # fmt: skip
    _write(lines)


@app.command("standings")
def standings(
    file: File,
    fmt: Annotated[str, typer.Option("--format")] = "text",
    output: Output = None,
    fee: Annotated[str | None, typer.Option("--fee")] = None,
    currency: Annotated[str, typer.Option("--currency")] = "",
    json_: o.Json = False,
) -> None:
    """Rank the field: Seeger-Fabian points over every series, then games won, then fewer games
    lost; ties left are marked. A table that is incomplete or has a problem is named and not
    counted."""
    from skatcalc.formats import standings_format
    from skatcalc.tournament import store
    from skatcalc.tournament.standings import standings as rank

    with reported():
        writer = standings_format(fmt, json=json_)
        per_lost = None if fee is None else o.amount(fee, fee=True)
        tournament = store.load(file)
        result = rank(tournament, _read_sheets(file, tournament))
        text = writer.render_standings(tournament, result, per_lost, currency)
    _deliver(text, output)


def _deliver(text: str, output: Path | None) -> None:
    """A page on stdout, or written to ``output`` (never over a sheet or a tournament)."""
    from skatcalc.tournament import store

    if output is None:
        sys.stdout.write(text)
        return
    with reported():
        store.write_text(output, text)
    sys.stderr.write(w("wrote", file=shown(output)) + "\n")


@app.command("cards")
def cards(
    file: File,
    series: Annotated[int | None, typer.Option("--series")] = None,
    output: Output = None,
) -> None:
    """Printable table cards for a series, one A4 page a table: the players in seat order, the
    series length, and an empty list with each deal's dealer, for a table that keeps paper."""
    from skatcalc.errors import SheetError
    from skatcalc.formats.html import render_cards
    from skatcalc.tournament import store

    with reported():
        tournament = store.load(file)
        drawn = len(tournament.series)
        number = drawn if series is None else series
        if not 1 <= number <= drawn:
            raise SheetError("err.tournament.series", n=number, drawn=drawn)
        text = render_cards(tournament, number)
    _deliver(text, output)
