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
from skatcalc.cli.output import write_document, write_json
from skatcalc.cli.rules import TournamentRuleCommand
from skatcalc.words import shown, w

if TYPE_CHECKING:
    from collections.abc import Callable

    from skatcalc.errors import SkatError
    from skatcalc.sheet.model import Sheet
    from skatcalc.store.files import New
    from skatcalc.tournament.model import Tournament
    from skatcalc.tournament.prizes import Prize, PrizeRule
    from skatcalc.tournament.standings import FeeRule

app = typer.Typer(no_args_is_help=True, rich_markup_mode=None)

Names = Annotated[list[str], typer.Argument(metavar="NAME...", show_default=False)]


@app.command("new", cls=TournamentRuleCommand)
def new(
    ctx: typer.Context,
    file: o.File,
    players: Annotated[list[str], typer.Argument(metavar="PLAYER...", show_default=False)],
    name: Annotated[str | None, typer.Option("--name")] = None,
    series: Annotated[int, typer.Option("--series")] = 3,
    three: Annotated[int, typer.Option("--three")] = 36,
    four: Annotated[int, typer.Option("--four")] = 48,
    preset: o.Preset = "isko",
    tables: Annotated[str | None, typer.Option("--tables")] = None,
    json_: o.Json = False,
) -> None:
    """Start a tournament file: the field, the series and their lengths, the rules every table
    plays, which tables a series fills first (never overwrites a file)."""
    from skatcalc.cli.config import new_rules
    from skatcalc.errors import SheetError
    from skatcalc.store import tournament as store
    from skatcalc.tournament.model import TableMode, Tournament
    from skatcalc.words.tournament import started_lines

    # the preset typed on the line, else the config file's (whose default is isko too)
    options = o.given(ctx, TournamentRuleCommand)
    chosen = new_rules(preset if o.typed(ctx, "preset") else None, options)
    with reported():
        title = name if name is not None else file.stem
        try:
            mode = None if tables is None else TableMode.parse(tables)
            tournament = Tournament.new(
                title, players, planned=series, length_three=three, length_four=four,
                rules=chosen,
            )  # fmt: skip
        except SheetError as error:
            # --series, --three, --four, --tables: an option's value refused
            if error.code.startswith("err.tournament.count.") or error.field == "tables":
                raise as_usage(error) from None
            raise
        if mode is not None:
            tournament = tournament.with_tables(mode)
        store.create(file, tournament)
    _said(file, tournament, json_, lambda: started_lines(file, tournament))


@app.command("draw")
def draw(
    file: o.File,
    seed: Annotated[int | None, typer.Option("--seed")] = None,
    seeded: Annotated[bool, typer.Option("--seeded")] = False,
    by: Annotated[Path | None, typer.Option("--by", parser=o.path, show_default=False)] = None,
    json_: o.Json = False,
) -> None:
    """Draw the next series: the players still in the field to tables of four first (or of
    three, as the tournament says), teammates apart, keeping apart who met before; or with
    --seeded by the standings. Creates each table's sheet, players in seat order."""
    import secrets

    from skatcalc.store import tournament as store

    chosen = secrets.randbelow(1_000_000) if seed is None else seed
    with reported():
        source = None if by is None else (by, *_ranking_by(by))
    newcomers: list[str] = []

    def change(t: Tournament, made: New) -> Tournament:
        if source is None:
            return _drawn(file, t, chosen, made, seeded)
        return _drawn_by(file, t, chosen, made, source, newcomers)

    with reported(), store.all_or_none() as made:  # the tables' sheets go if the draw fails
        old, tournament = store.update(file, lambda t: change(t, made))
    number = len(tournament.series)
    if json_:
        from skatcalc.formats.json import series_dict

        ranked, season = (None, False) if source is None else (source[0], source[2])
        write_json(
            series_dict(
                tournament, number, lambda table: store.sheet_path(file, table),
                by=ranked, new_to_ranking=newcomers, by_season=season,
            )
        )  # fmt: skip
        return
    from skatcalc.tournament.draw import repeats
    from skatcalc.words.tournament import drawn_lines

    again = repeats((t.players for t in tournament.series[-1].tables), old.met())
    unfinished = _unfinished(file, old, number - 1) if number > 1 else []
    said = drawn_lines(tournament, again, unfinished, lambda table: store.sheet_path(file, table))
    if source is not None:
        from skatcalc.words.tournament import seeded_by_line

        said.append(seeded_by_line(source[0], newcomers, season=source[2]))
    _write(said)


def _ranking_by(path: Path) -> tuple[list[str], bool]:
    """The ranking a series is seeded by, best first, and whether it is a season's: another
    tournament's standings (its ranked players, then those listed apart), or a season's ranking
    as ``skatcalc season --json`` wrote it (:func:`skatcalc.tournament.seeding.ordered_by`
    takes either list)."""
    from skatcalc.store import tournament as store
    from skatcalc.tournament.standings import standings

    other = store.load_ranking(path)
    if isinstance(other, list):
        return other, True
    result = standings(other, _read_sheets(path, other))
    return [s.name for s in (*result.ranking, *result.apart)], False


def _drawn_by(
    file: Path,
    tournament: Tournament,
    seed: int,
    new: New,
    by: tuple[Path, list[str], bool],
    newcomers: list[str],
) -> Tournament:
    """The next series seeded by another event's ranking (``by``: its file and the names,
    best first); the players new to it (filled into ``newcomers``) come last, drawn."""
    from skatcalc.errors import SheetError
    from skatcalc.tournament.seeding import ordered_by

    path, names, _ = by
    order, fresh = ordered_by(tournament.active, names, seed)
    if len(fresh) == len(order):
        raise SheetError("err.seed.by_empty", file=shown(path), field="by")
    newcomers[:] = fresh
    return _drawn(file, tournament, seed, new, False, ranking=order)


def _unfinished(file: Path, tournament: Tournament, number: int) -> list[int]:
    """The tables of series ``number`` that are not done: a new series was drawn all the same,
    and the standings hold those tables back until they are."""
    from skatcalc.tournament.standings import standings

    held = standings(tournament, _read_sheets(file, tournament)).held
    return [h.table for h in held if h.series == number]


def _drawn(
    file: Path,
    tournament: Tournament,
    seed: int,
    new: New,
    seeded: bool,
    ranking: tuple[str, ...] | None = None,
) -> Tournament:
    """The tournament with its next series drawn (``seeded``: by the standings, read under the
    lock with the draw), each table's sheet created (none when one of their files exists); the
    caller removes them if the draw goes no further."""
    from skatcalc.sheet.model import Sheet
    from skatcalc.store import sheet as sheets
    from skatcalc.store import tournament as store

    store.one_file_each(file, tournament)  # before the draw, which the standings would follow
    if seeded:
        from skatcalc.tournament.standings import standings

        ranking = standings(tournament, _read_sheets(file, tournament)).seeding()
    drawn = tournament.draw_next(seed, stem=file.stem, ranking=ranking)
    tables = [
        (
            store.sheet_path(file, table),
            Sheet.new(table.players, drawn.table_rules(len(table.players))),
        )
        for table in drawn.series[-1].tables
    ]
    new.create(tables, sheets.SHEET, code="err.tournament.sheet_exists")
    return drawn


@app.command("join")
def join(file: o.File, names: Names, json_: o.Json = False) -> None:
    """Add latecomers to the field (or take back a player who withdrew): they are drawn from
    the next series."""
    from skatcalc.store import tournament as store
    from skatcalc.words.tournament import joined_lines

    with reported():
        _, tournament = store.update(file, lambda t: _each(t, names, "join"))
    _said(file, tournament, json_, lambda: joined_lines(tournament, names))


@app.command("leave")
def leave(file: o.File, names: Names, json_: o.Json = False) -> None:
    """Withdraw players: they are not drawn again; the series they played still count."""
    from skatcalc.store import tournament as store
    from skatcalc.words.tournament import left_lines

    with reported():
        _, tournament = store.update(file, lambda t: _each(t, names, "leave"))
    _said(file, tournament, json_, lambda: left_lines(tournament, names))


def _said(
    file: Path, tournament: Tournament, as_json: bool, lines: Callable[[], list[str]]
) -> None:
    """What a command that changed the tournament file says: its ``lines``, or with
    ``--json`` the tournament as ``tournament show --json`` prints it (docs/json.md)."""
    if not as_json:
        _write(lines())
        return
    from skatcalc.formats.json import tournament_dict
    from skatcalc.store import tournament as store

    write_json(tournament_dict(tournament, lambda table: store.sheet_path(file, table)))


def _each(tournament: Tournament, names: list[str], how: str) -> Tournament:
    for name in names:
        tournament = tournament.join(name) if how == "join" else tournament.leave(name)
    return tournament


@app.command("team")
def team(
    file: o.File,
    name: Annotated[str, typer.Argument(metavar="TEAM")],
    members: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="PLAYER...",
            show_default=False,
        ),
    ] = None,
    json_: o.Json = False,
) -> None:
    """Name a pair (tandem) or a team: the standings rank them too, by their players' sums."""
    from skatcalc.store import tournament as store
    from skatcalc.words.tournament import team_line

    with reported():
        _, tournament = store.update(file, lambda t: t.with_team(name, members or []))
    _said(file, tournament, json_, lambda: [team_line(tournament, name)])


@app.command("category")
def category(
    file: o.File,
    name: Annotated[str, typer.Argument(metavar="NAME")],
    members: Annotated[
        list[str] | None, typer.Argument(metavar="PLAYER...", show_default=False)
    ] = None,
    json_: o.Json = False,
) -> None:
    """Name a category with its own prizes (ladies, youth, seniors) and its players;
    `category FILE NAME` alone dissolves it."""
    from skatcalc.store import tournament as store
    from skatcalc.words.tournament import category_line

    with reported():
        _, tournament = store.update(file, lambda t: t.with_categories([(name, members or [])]))
    _said(file, tournament, json_, lambda: [category_line(tournament, name)])


@app.command("plan")
def plan(
    file: o.File,
    series: Annotated[int, typer.Option("--series")],
    json_: o.Json = False,
) -> None:
    """Change how many series are planned."""
    from skatcalc.store import tournament as store
    from skatcalc.words.tournament import planned_line

    with reported():
        _, tournament = store.update(file, lambda t: t.with_planned(series))
    _said(file, tournament, json_, lambda: [planned_line(tournament)])


@app.command("close")
def close(
    file: o.File,
    series: Annotated[int, typer.Option("--series")],
    table: Annotated[int, typer.Option("--table")],
    reopen: Annotated[bool, typer.Option("--reopen")] = False,
    json_: o.Json = False,
) -> None:
    """Close a table that ran out of time: it counts with the deals entered in its sheet so
    far, recorded in the file and noted under the standings. --reopen undoes it."""
    from skatcalc.store import tournament as store
    from skatcalc.words.tournament import closed_line

    with reported():
        _, tournament = store.update(file, lambda t: _closed(file, t, series, table, reopen))
    _said(file, tournament, json_, lambda: [closed_line(tournament, series, table)])


def _closed(
    file: Path, tournament: Tournament, series: int, table: int, reopen: bool
) -> Tournament:
    """The tournament with the table closed at the deals its sheet holds now (read under the
    tournament's lock), or open again."""
    from skatcalc.errors import SheetError
    from skatcalc.store import sheet as sheets
    from skatcalc.store import tournament as store

    if reopen:
        return tournament.reopen(series, table)
    seated = tournament.table(series, table)
    path = store.sheet_path(file, seated)
    sheet = sheets.load_if_present(path)
    if sheet is None:
        raise SheetError("err.tournament.close_missing", n=series, t=table, file=shown(path))
    return tournament.close_with(series, table, sheet)


@app.command("result")
def result(
    file: o.File,
    series: Annotated[int, typer.Option("--series")],
    table: Annotated[int, typer.Option("--table")],
    lines: Annotated[
        list[str], typer.Argument(metavar="NAME=POINTS/WON/LOST...", show_default=False)
    ],
    again: Annotated[bool, typer.Option("--replace")] = False,
    json_: o.Json = False,
) -> None:
    """Type the bottom line of a table's paper list: each player's points, games won and
    games lost."""
    from skatcalc.store import tournament as store
    from skatcalc.words.tournament import paper_lines

    typed = [_paper_line(line) for line in lines]
    with reported():
        old, tournament = store.update(
            file, lambda t: _papered(file, t, series, table, typed, again)
        )
    _said(file, tournament, json_, lambda: paper_lines(old, tournament, series, table))


def _paper_line(text: str) -> tuple[str, int, int, int]:
    """``NAME=POINTS/WON/LOST`` in whole numbers (points may be negative); else exit 2.

    >>> _paper_line("Ben=-120/1/3")
    ('Ben', -120, 1, 3)
    """
    import re

    found = re.fullmatch(r"(.+?)=\s*([+-]?[0-9]{1,7})/([0-9]{1,4})/([0-9]{1,4})\s*", text)
    if found is None:
        raise usage("err.paper.text", text=repr(text))
    name, points, won, lost = found.groups()
    return name.strip(), int(points), int(won), int(lost)


def _papered(
    file: Path,
    tournament: Tournament,
    series: int,
    table: int,
    lines: list[tuple[str, int, int, int]],
    again: bool,
) -> Tournament:
    """The tournament with the table's paper list; its sheet, read under the tournament's
    lock, must have no deals (the sheet would count)."""
    from skatcalc.store import tournament as store

    seated = tournament.table(series, table)
    sheet = store.table_sheet(file, seated)
    deals = 0 if sheet is None else len(sheet.deals)
    return tournament.with_paper(series, table, lines, deals=deals, again=again)


def _read_sheets(file: Path, tournament: Tournament) -> dict[tuple[int, int], Sheet | SkatError]:
    """Every table's sheet (:func:`skatcalc.store.tournament.read_tables`), with a progress
    bar at a terminal."""
    from skatcalc.cli.progress import each
    from skatcalc.store import tournament as store

    return store.read_tables(file, tournament, lambda seats: each(seats, "progress.tables"))


@app.command("show")
def show(file: o.File, json_: o.Json = False) -> None:
    """The field and every series' tables, with how far each table's sheet is."""
    from skatcalc.store import tournament as store

    with reported():
        tournament = store.load(file)
    if json_:
        from skatcalc.formats.json import tournament_dict

        write_json(tournament_dict(tournament, lambda table: store.sheet_path(file, table)))
        return
    from skatcalc.words.tournament import field_lines

    with reported():
        found = _read_sheets(file, tournament)
    _write(field_lines(tournament, found, lambda table: store.sheet_path(file, table)))


@app.command("standings")
def standings(
    file: o.File,
    fmt: Annotated[str, typer.Option("--format", **o.one_of(o.formats("standings")))] = "text",
    output: o.Output = None,
    fee: Annotated[str | None, typer.Option("--fee")] = None,
    fee_from: Annotated[tuple[str, str] | None, typer.Option("--fee-from")] = None,
    currency: Annotated[str | None, typer.Option("--currency", show_default=False)] = None,
    entry: o.Entry = None,
    prizes: o.Prizes = None,
    unit: o.Round = None,
    prizes_for: o.PrizesFor = None,
    json_: o.Json = False,
    after: Annotated[int | None, typer.Option("--after", show_default=False)] = None,
) -> None:
    """Rank the field: Seeger-Fabian points over every series, then games won, then fewer games
    lost; ties left are marked. A table that is incomplete or has a problem is named and not
    counted, its players listed apart until it is."""
    from skatcalc.cli.config import currency as configured_currency
    from skatcalc.cli.quick import standings_text
    from skatcalc.formats import standings_format
    from skatcalc.store import tournament as store

    currency = configured_currency(currency)  # --currency, else the config file's
    with reported():
        writer = standings_format(fmt, json=json_)
        rule = _fee_rule(fee, fee_from)
        pot = _prize_rule(entry, prizes, unit, prizes_for)
        tournament = store.load(file)
        if pot is not None:
            _prizes_fit(pot, tournament)
        terminal = output is None and not json_ and fmt == "text" and sys.stdout.isatty()
        text = standings_text(file, tournament, writer, terminal, after, currency, rule, pot)
    if output is None and not json_ and fmt in ("text", "markdown"):
        from skatcalc.cli.render import page

        text = page(text, markdown=fmt == "markdown")
    _deliver(text, output)


def _fee_rule(fee: str | None, fee_from: tuple[str, str] | None) -> FeeRule | None:
    """The lost-game fee as typed: ``--fee`` a lost game, ``--fee-from N AMOUNT`` from the
    N-th lost game of a list on. An amount that is not whole cents is refused (exit 2)."""
    import re

    from skatcalc.errors import SheetError
    from skatcalc.tournament.standings import FeeRule

    if fee is None:
        if fee_from is not None:
            raise usage("err.fee.from_alone")
        return None
    per_lost = o.amount(fee, fee=True)
    try:
        if fee_from is None:
            return FeeRule.of(per_lost)
        n, then = fee_from
        if not re.fullmatch(r"[+-]?[0-9]{1,9}", n.strip()):
            raise usage("err.fee.from_text", text=repr(n))
        return FeeRule.of(per_lost, int(n), o.amount(then, fee=True))
    except SheetError as error:
        raise as_usage(error) from None


def _prize_rule(
    entry: str | None,
    prizes: str | None,
    unit: str | None,
    prizes_for: list[str] | None = None,
) -> PrizeRule | None:
    """The prize pot as typed: ``--entry`` a player, ``--prizes`` by place, ``--round`` the
    unit every prize but the first is rounded down to, ``--prizes-for NAME PRIZES`` a
    category's own. A bad value is a usage error (exit 2)."""
    from skatcalc.errors import SheetError
    from skatcalc.tournament.prizes import PrizeRule, parse_cents, parse_prizes

    if entry is None and prizes is None:
        if unit is not None or prizes_for:
            raise usage("err.prize.alone", option="--entry")
        return None
    if entry is None or prizes is None:
        raise usage("err.prize.alone", option="--entry" if entry is None else "--prizes")
    try:
        step = 1 if unit is None else parse_cents(unit, "round")
        if step < 1:
            raise SheetError("err.prize.round", text=repr(unit), field="round")
        own = tuple(_category_prizes(text) for text in prizes_for or [])
        return PrizeRule(parse_cents(entry, "entry"), parse_prizes(prizes), step, own)
    except SheetError as error:
        raise as_usage(error) from None


def _category_prizes(text: str) -> tuple[str, tuple[Prize, ...]]:
    """``NAME=PRIZES``: a category's own prizes, as ``--prizes`` gives them.

    >>> _category_prizes("Damen=€20,€10")[0]
    'Damen'
    """
    from skatcalc.errors import SheetError
    from skatcalc.tournament.prizes import parse_prizes

    name, sign, prizes = text.partition("=")
    if not sign or not name.strip():
        raise SheetError("err.category.text", text=repr(text), field="prizes_for")
    return name.strip(), parse_prizes(prizes)


def _prizes_fit(rule: PrizeRule, tournament: Tournament) -> None:
    """Prizes that add up to more than the pot, or a category the tournament does not name,
    are a bad --prizes or --prizes-for (exit 2)."""
    from skatcalc.errors import SheetError, listed
    from skatcalc.names import name_key

    named = {name_key(name) for name, _ in tournament.categories}
    try:
        rule.check(len(tournament.players))
        for name, _ in rule.categories:
            if name_key(name) not in named:
                known = listed([name for name, _ in tournament.categories])
                raise SheetError("err.category.unknown", name=repr(name), known=known)
    except SheetError as error:
        raise as_usage(error) from None


def _deliver(text: str, output: Path | None) -> None:
    """A page on stdout, or written to ``output`` (never over a sheet or a tournament)."""
    from skatcalc.store import tournament as store

    if output is None:
        write_document(text)
        return
    with reported():
        store.write_text(output, text)
    sys.stderr.write(w("wrote", file=shown(output)) + "\n")


@app.command("serve")
def serve(
    file: o.File,
    entry: o.Entry = None,
    prizes: o.Prizes = None,
    unit: o.Round = None,
    prizes_for: o.PrizesFor = None,
    host: o.Host = o.LOCAL,
    port: o.Port = o.PORT,
    allow_host: o.AllowHost = None,
    title: o.Title = None,
) -> None:
    """A live page of the standings for a second screen; read only."""
    from skatcalc.cli.serve import Listen, served
    from skatcalc.formats.live import tournament_view
    from skatcalc.store import tournament as store
    from skatcalc.tournament.standings import standings_now

    pot = _prize_rule(entry, prizes, unit, prizes_for)

    def view(tournament: Tournament) -> dict[str, Any]:
        result = standings_now(tournament, _read_sheets(file, tournament), prizes=pot)
        return tournament_view(tournament, result)

    def sheets(tournament: Tournament) -> list[Path]:
        """Every table's sheet: a change to one changes the standings."""
        return [store.sheet_path(file, t) for series in tournament.series for t in series.tables]

    listen = Listen(host, port, tuple(allow_host or ()), title)
    served(file, listen, store.load, view, sheets)


@app.command("cards")
def cards(
    file: o.File,
    series: Annotated[int | None, typer.Option("--series")] = None,
    output: o.Output = None,
) -> None:
    """Printable table cards for a series, one A4 page a table: the players in seat order, the
    series length, and an empty list with each deal's dealer, for a table that keeps paper."""
    from skatcalc.errors import SheetError
    from skatcalc.formats.html import render_cards
    from skatcalc.store import tournament as store

    with reported():
        tournament = store.load(file)
        drawn = len(tournament.series)
        number = drawn if series is None else series
        if not 1 <= number <= drawn:
            raise SheetError("err.tournament.series", n=number, drawn=drawn)
        text = render_cards(tournament, number)
    _deliver(text, output)
