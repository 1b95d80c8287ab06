"""``skatcalc sheet``: the score sheet of an evening, kept in a TOML file."""

from __future__ import annotations

import sys
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from skatcalc.cli import options as o
from skatcalc.cli.errors import as_usage, refuse, reported, usage
from skatcalc.cli.output import write as _write
from skatcalc.cli.output import write_document, write_json
from skatcalc.cli.rules import RuleCommand, show_rules
from skatcalc.words import shown, w

if TYPE_CHECKING:
    from collections.abc import Iterator
    from fractions import Fraction

    from skatcalc.sheet.cash import Cash, CashRule
    from skatcalc.sheet.model import Deal, Sheet, Tally
    from skatcalc.sheet.stats import Settlement

app = typer.Typer(no_args_is_help=True, rich_markup_mode=None)

Jungfrau = Annotated[list[str] | None, typer.Option("--jungfrau")]
Durchmarsch = Annotated[str | None, typer.Option("--durchmarsch")]
Pushes = Annotated[int | None, typer.Option("--pushes")]
LastTrick = Annotated[str | None, typer.Option("--last-trick")]
Declarer = Annotated[str | None, typer.Option("--declarer")]
FollowedList = Annotated[
    str | None, typer.Option("--list", show_default=False, **o.one_of(o.scoring_lists()))
]


def _need_words(words: list[str] | None) -> None:
    if not words:
        raise usage("err.sheet.game_missing")


@app.command("new", cls=RuleCommand)
def new(
    ctx: typer.Context,
    file: o.File,
    players: Annotated[list[str], typer.Argument(metavar="PLAYER...", show_default=False)],
    preset: o.Preset = "isko",
    json_: o.Json = False,
) -> None:
    """Start a new sheet for three or four players (never overwrites a file)."""
    from skatcalc.cli.config import new_rules
    from skatcalc.cli.rules import rules
    from skatcalc.sheet.model import Sheet
    from skatcalc.store import sheet as store
    from skatcalc.words.sheet import started_lines

    # the preset typed on the line, else the config file's (whose default is isko too)
    chosen = new_rules(preset if o.typed(ctx, "preset") else None, rules(ctx))
    with reported():
        sheet = Sheet.new(players, chosen)
        store.create(file, sheet)
    if json_:
        from skatcalc.formats.json import started_dict

        write_json(started_dict(file, sheet))
        return
    _write(started_lines(file, sheet))


@app.command("add", cls=o.GameCommand)
def add(
    ctx: typer.Context,
    file: o.File,
    words: o.Words = None,
    *,
    declarer: Declarer = None,
    json_: o.Json = False,
    batch: Annotated[bool, typer.Option("--batch")] = False,
) -> None:
    """Record a game: the dealer comes from the rotation; prints the game and the totals."""
    options = o.game(ctx)
    from skatcalc.sheet.entry import deal_from_words
    from skatcalc.store import sheet as store

    if batch:
        if words or declarer is not None:
            raise usage("err.sheet.batch_words")
        _import(file, json_)
        return
    _need_words(words)
    from skatcalc.words import entered

    with entered(typed_as(words, options, declarer)), reported():
        added = store.add(file, lambda s: [deal_from_words(s, words, options, declarer)])
        _report(added.sheet, added.tally, added.tally.deals_played, json_)


def typed_as(
    words: list[str] | None, options: dict[str, object], declarer: str | None = None
) -> str:
    """How a deal was typed, for the words of its errors and notes
    (:func:`skatcalc.words.entered`): a line in the notation alone (``words``: ``an kr 56``),
    or a game with options (``--declarer Anna clubs --points 56``)."""
    given = declarer is not None or any(value is not None for value in options.values())
    return "options" if given or len(words or ()) < 2 else "words"


def _width() -> int | None:
    """The terminal's width, which the totals are fitted to; None to a pipe."""
    if not sys.stdout.isatty():
        return None
    import shutil

    return shutil.get_terminal_size((80, 24)).columns


def _import(file: Path, json_: bool) -> None:
    from skatcalc.batch import deals, read_lines
    from skatcalc.cli.progress import Counted
    from skatcalc.errors import SkatError
    from skatcalc.store import sheet as store

    with reported():
        try:
            numbered = deals(read_lines(sys.stdin.buffer))
        except SkatError as error:
            raise type(error)(
                "err.import.nothing", deal=error.deal, field=error.field, error=error
            ) from None

        def refused(error: SkatError, before: int) -> SkatError:
            """All the deals or none: a deal the sheet refuses is named by its input line."""
            if error.deal is None:
                return error
            line = numbered[error.deal - before - 1][0]
            return type(error)(
                "err.import.line", deal=error.deal, field=error.field, line=line, error=error
            )

        taken = [deal for _, deal in numbered]
        with bar_for(len(numbered)) as advance:  # a bar over many deals, at a terminal
            given = taken if advance is None else Counted(taken, advance)
            added = store.add(file, lambda s: given, refused)
    if json_:
        from skatcalc.formats.json import added_dict

        write_json(added_dict(len(numbered), added.tally))
        return
    from skatcalc.words.sheet import counted, imported_lines

    _write(imported_lines(file, added.sheet, added.tally, counted(added.deals)))


def bar_for(deals: int) -> Any:
    """A bar over ``deals`` deals checked and saved, when they are many (at a terminal)."""
    from contextlib import nullcontext

    from skatcalc.cli.progress import MANY_DEALS, bar

    if deals < MANY_DEALS:
        return nullcontext(None)
    return bar("progress.deals", deals, count=deals)


def _report(sheet: Sheet, tally: Tally, n: int, json_: bool) -> None:
    """Deal ``n`` as recorded: its JSON object, or its lines and the totals after (and the note
    on a pass where the sheet plays Ramsch)."""
    if json_:
        from skatcalc.formats.json import deal_dict

        write_json(deal_dict(tally, n))
        return
    from skatcalc.words.sheet import added_lines, pass_note

    _write(added_lines(sheet, tally, n, _width()))
    if sheet.rules_at(n - 1).ramsch and tally.entry(n).deal.is_passed:
        sys.stderr.write(pass_note(sheet, tally) + "\n")


@app.command("pass")
def pass_(file: o.File, json_: o.Json = False) -> None:
    """Everybody passed: a row with no score, and the next player deals."""
    from skatcalc.sheet.model import Deal
    from skatcalc.store import sheet as store

    with reported():
        added = store.add(file, lambda s: [Deal.passed()])
    # said as `sheet add FILE pass` says it (the totals too: a new user missed them here)
    _report(added.sheet, added.tally, added.tally.deals_played, json_)


@app.command("undo")
def undo(file: o.File, json_: o.Json = False) -> None:
    """Remove the last deal and show what was removed."""
    from skatcalc.store import sheet as store

    with reported():
        old, sheet = store.update(file, lambda s: s.undo())
    if json_:
        from skatcalc.formats.json import removed_dict

        write_json(removed_dict(old.tally(), len(old.deals), sheet.tally()))
        return
    from skatcalc.words.sheet import removed_lines

    _write(removed_lines(old.tally(), len(old.deals), sheet.tally(), sheet.rules.scoring,
                         old.rules_at(len(old.deals) - 1)))  # fmt: skip


@app.command("edit", cls=o.GameCommand)
def edit(
    ctx: typer.Context,
    file: o.File,
    n: Annotated[int, typer.Argument(metavar="N")],
    words: o.Words = None,
    declarer: Declarer = None,
    *,
    passed: Annotated[bool, typer.Option("--passed")] = False,
    ramsch: Annotated[list[str] | None, typer.Option("--ramsch")] = None,
    jungfrau: Jungfrau = None,
    durchmarsch: Durchmarsch = None,
    pushes: Pushes = None,
    last_trick: LastTrick = None,
    json_: o.Json = False,
) -> None:
    """Replace deal N with a game, a Ramsch (--ramsch) or a passed deal (--passed); every
    total after it is recomputed."""
    options = o.game(ctx)
    from skatcalc.sheet.entry import deal_from_words
    from skatcalc.store import sheet as store

    extras = (jungfrau, durchmarsch, pushes, last_trick) != (None, None, None, None)
    if extras and not ramsch:
        raise usage("err.sheet.ramsch_extras")
    if passed and ramsch:
        raise usage("err.sheet.either", one="--passed", other="--ramsch")
    if (passed or ramsch) and (words or declarer is not None):
        raise usage("err.sheet.passed_words" if passed else "err.sheet.ramsch_words")
    if passed:
        words = ["pass"]
    if ramsch:
        items = ramsch

        def change(s: Sheet) -> Sheet:
            return s.edit(n, _ramsch_deal(s, items, jungfrau, durchmarsch, pushes, last_trick))
    else:
        _need_words(words)

        def change(s: Sheet) -> Sheet:
            return s.edit(n, deal_from_words(s, words, options, declarer))

    from skatcalc.words import entered

    with entered(typed_as(words, options, declarer)), reported():
        _, sheet = store.update(file, change)
    if json_:
        _report(sheet, sheet.tally(), n, json_)
        return
    from skatcalc.words.sheet import edited_lines

    _write(edited_lines(sheet.tally(), n, sheet.rules.scoring, sheet.rules_at(n - 1)))


@app.command("show")
def show(
    file: o.File,
    json_: o.Json = False,
    last: Annotated[int | None, typer.Option("--last", min=1)] = None,
    all_: Annotated[bool, typer.Option("--all")] = False,
    chart: Annotated[bool, typer.Option("--chart")] = False,
    scoring: FollowedList = None,
) -> None:
    """The score list as on a paper block: every deal, running totals, and the footer."""
    from skatcalc.formats.common import followed
    from skatcalc.store import sheet as store

    if all_ and last is not None:
        raise usage("err.sheet.either", one="--all", other="--last N")
    _asked_list(scoring)
    plain = not (json_ or chart or all_) and last is None  # the series: its deals alone
    with reported():
        fast = store.shown(file) if plain else None
        sheet, tally = fast if fast is not None else _whole(store.read(file))
        scoring = followed(sheet, scoring)
    if json_:
        from skatcalc.formats.json import sheet_dict

        write_json(sheet_dict(sheet, tally, last, scoring))
        return
    from skatcalc.cli import render

    render.sheet(sheet, tally, last, all_, scoring)
    if chart:
        import shutil

        from skatcalc.formats.chart import terminal_chart

        width = max(40, min(shutil.get_terminal_size((80, 24)).columns, 120))
        _write(["", *terminal_chart(tally, width=width, scoring=scoring)])


def _whole(sheet: Sheet) -> tuple[Sheet, Tally]:
    return sheet, sheet.tally()


def _asked_list(scoring: str | None) -> str | None:
    """The list ``--list`` asks for, checked before the sheet is read: an option value the
    option does not take is a usage error (exit 2), whatever the sheet holds."""
    from skatcalc.errors import listed
    from skatcalc.sheet.model import LISTS

    if scoring is not None and scoring not in LISTS:
        raise usage("err.list", scoring=repr(scoring), lists=listed(LISTS))
    return scoring


app.command("rules", cls=RuleCommand)(show_rules)


@app.command("ramsch")
def ramsch(
    file: o.File,
    points: Annotated[
        list[str],
        typer.Argument(
            metavar="NAME=POINTS...",
            show_default=False,
        ),
    ],
    jungfrau: Jungfrau = None,
    durchmarsch: Durchmarsch = None,
    pushes: Pushes = None,
    last_trick: LastTrick = None,
    json_: o.Json = False,
) -> None:
    """Record a Ramsch (everybody passed): the player with the most card points loses them."""
    from skatcalc.store import sheet as store

    with reported():
        added = store.add(
            file, lambda s: [_ramsch_deal(s, points, jungfrau, durchmarsch, pushes, last_trick)]
        )
    _report(added.sheet, added.tally, added.tally.deals_played, json_)


def _ramsch_deal(
    sheet: Sheet,
    points: list[str],
    jungfrau: list[str] | None,
    durchmarsch: str | None,
    pushes: int | None,
    last_trick: str | None,
) -> Deal:
    """A Ramsch deal on ``sheet`` from the command line's NAME=POINTS and options, read as the
    notation reads a Ramsch line (``ramsch an=62 be=58 ca=0 jf=ca``): a beginning of a name is
    enough, and ``jf=``, ``dm=``, ``push=``, ``lt=`` may stand among the points; an option that
    says again what a word says must say the same."""
    from skatcalc.errors import SheetError
    from skatcalc.notation import NotationError, combine_ramsch, parse
    from skatcalc.sheet.model import Deal, Ramsch

    given: dict[str, tuple[str, object]] = {}
    for name, flag, value in (
        ("jungfrau", "--jungfrau", jungfrau), ("durchmarsch", "--durchmarsch", durchmarsch),
        ("pushes", "--pushes", pushes), ("last_trick", "--last-trick", last_trick),
    ):  # fmt: skip
        if value is not None:
            given[name] = (flag if isinstance(value, list) else f"{flag} {value}", value)
    try:
        read = combine_ramsch(parse(["ramsch", *points], sheet.players), sheet.players, given)
    except NotationError as error:  # a Ramsch this sheet cannot take: a change refused (exit 4)
        raise SheetError(error.code, field=error.field, **error.params) from None
    return Deal.of_ramsch(
        Ramsch(read.points, read.jungfrau, read.durchmarsch, read.pushes, read.last_trick)
    )


@app.command("export")
def export(
    file: o.File,
    fmt: Annotated[str, typer.Option("--format", **o.one_of(o.formats("sheet")))] = "html",
    output: o.Output = None,
    scoring: FollowedList = None,
    compact: Annotated[bool, typer.Option("--compact")] = False,
) -> None:
    """Export the sheet: CSV, JSON, Markdown, or a self-contained HTML score list."""
    from skatcalc.formats import sheet_format, sheet_pieces
    from skatcalc.store import sheet as store

    to_stdout = output is None or str(output) == "-"
    _asked_list(scoring)
    with reported():
        sheet_format(fmt)
        if compact and fmt != "json":
            raise usage("err.export.compact", fmt=fmt)
        sheet = store.read(file)
        # made a piece at a time, written as made: an export never holds its whole text
        pieces = sheet_pieces(fmt, sheet, sheet.tally(), scoring, compact=compact)
        if not to_stdout:
            assert output is not None
            store.write_text(output, pieces)
        elif fmt == "markdown":  # at a terminal, its prose fitted to the width
            from skatcalc.cli.render import page

            write_document(page("".join(pieces), markdown=True))
        else:
            for piece in pieces:
                write_document(piece)
    if not to_stdout:
        sys.stderr.write(w("wrote", file=shown(output)) + "\n")


@app.command("import")
def import_(
    export_file: o.Export,
    file: o.File,
    json_: o.Json = False,
) -> None:
    """Turn a JSON or CSV export back into a sheet: players, rules and every deal as entered,
    checked as sheet add checks them; every total is computed again."""
    from contextlib import nullcontext

    from skatcalc.cli.progress import MANY_DEALS, bar
    from skatcalc.errors import SkatError
    from skatcalc.formats import export_reader
    from skatcalc.store import sheet as store
    from skatcalc.words.sheet import imported_lines

    def no_sheet(error: SkatError) -> SkatError:
        return type(error)(
            "err.import.no_sheet", deal=error.deal, field=error.field, file=export_file,
            error=error,
        )  # fmt: skip

    with reported():
        try:  # read in two passes, a piece at a time: never the whole export, nor every deal
            with store.export_text(export_file) as text:
                reader = export_reader(text())
                head = reader.export_head(text())
                count = head["deals"]
                # many deals: a bar (of unknown length: the check runs in the store)
                many = count >= MANY_DEALS
                progress = bar("progress.import", None, count=count) if many else nullcontext()
                with progress, collector_off():
                    made = store.made(head, reader.export_deals(text(), head))
        except SkatError as error:
            raise no_sheet(error) from None
        store.create_made(file, made)
    counts = (made.deals, made.passed, made.ramsch)
    if json_:
        from skatcalc.formats.json import imported_dict

        write_json(imported_dict(file, made.sheet, made.tally, counts))
        return
    _write(imported_lines(file, made.sheet, made.tally, counts, more=False))


@contextmanager
def collector_off() -> Iterator[None]:
    """The garbage collector off while an import reads its deals, and what it kept moved out
    of the collector's way after.

    >>> import gc
    >>> with collector_off():
    ...     gc.isenabled()
    False
    >>> gc.isenabled()
    True
    """
    import gc

    # Nothing read here makes a cycle (each deal's objects go when its thousand is tallied),
    # so the collector only walks the kept scorings again and again: off while the deals are
    # read. Measured on a 100,000-deal CSV import, CPU in the process: 1.59 s and 1.49 s with
    # the command line's threshold, 1.53 s and 1.38 s without a collector.
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            # What the import keeps (the scorings, the text) goes to the oldest generation at
            # once, where only a full collection walks it: on again with all of it young, the
            # next collection walked it all (40 ms after 100,000 deals, a sixth of reading their
            # CSV export bare). Nothing is frozen for good: a full collection still walks it.
            # Not in a process that froze objects itself (a host of the library): unfreezing
            # would thaw its objects too.
            if not gc.get_freeze_count():
                gc.freeze()
                gc.unfreeze()
            gc.enable()


@app.command("stats")
def stats_(
    files: o.Files,
    json_: o.Json = False,
) -> None:
    """Per player over one sheet or many: deals, games declared, won and lost, win rate, average
    value, games by type, the highest game, Seeger-Fabian performance."""
    from skatcalc.cli.quick import season_stats, show_stats

    # the plain call skips Typer (cli/quick.py stats); both paths read and write with these
    with reported():
        result = season_stats(files)
    show_stats(result, json_)


@app.command("settle")
def settle_(
    files: o.Files,
    stake: Annotated[str | None, typer.Option("--stake", show_default=False)] = None,
    scoring: FollowedList = None,
    currency: Annotated[str | None, typer.Option("--currency", show_default=False)] = None,
    lost_fee: Annotated[str | None, typer.Option("--lost-fee")] = None,
    fee_to: Annotated[str, typer.Option("--fee-to")] = "kitty",
    transfers: Annotated[str, typer.Option("--transfers")] = "fewest",
    json_: o.Json = False,
    entry: Annotated[str | None, typer.Option("--entry", show_default=False)] = None,
    card_money: Annotated[str | None, typer.Option("--card-money", show_default=False)] = None,
    passed_fee: Annotated[str | None, typer.Option("--passed-fee", show_default=False)] = None,
    prize: Annotated[list[str] | None, typer.Option("--prize", show_default=False)] = None,
    carried: Annotated[str | None, typer.Option("--carried", show_default=False)] = None,
) -> None:
    """Who pays whom how much, and why: the list and stake, each player's points, lost games
    and balance, and the payments: each pair's difference times the stake, in whole cents."""
    from skatcalc.cli import config
    from skatcalc.errors import SkatError
    from skatcalc.sheet.stats import check_terms, check_transfers, settle_sheets, with_transfers
    from skatcalc.store import sheet as store
    from skatcalc.words.sheet import settlement_text

    cents = config.stake(stake)  # --stake, else the config file's
    currency = config.currency(currency)
    with reported():
        # the option values first: a bad one is a usage error, whatever the sheet holds
        fee = 0 if lost_fee is None else o.amount(lost_fee, fee=True)
        try:
            check_terms(cents, scoring=scoring, fee_cents=fee, fee_to=fee_to, currency=currency)
            check_transfers(transfers)
        except SkatError as error:
            raise as_usage(error) from None
        rule = _cash_rule(entry, card_money, passed_fee, prize, carried)
        from skatcalc.cli.progress import each

        store.reading_many(len(files))
        sheets = [store.load(file) for file in each(_distinct(files), "progress.files")]
        done = settle_sheets(
            [(sheet, sheet.tally()) for sheet in sheets],
            cents,
            scoring=scoring,
            fee_cents=fee,
            fee_to=fee_to,
        )
        money = _cash([(sheet, sheet.tally()) for sheet in sheets], rule, done)
        done = with_transfers(done, transfers)
    if json_:
        from skatcalc.formats.json import settlement_cash_dict

        write_json(settlement_cash_dict(done, money))
        return
    _write(settlement_text(done, currency) + _cash_text(money, currency))


def _cash_rule(
    entry: str | None,
    card_money: str | None,
    passed: str | None,
    prizes: list[str] | None,
    carried: str | None,
) -> CashRule | None:
    """The evening's cash as typed (amounts as ``--lost-fee`` reads them, prizes
    ``NAME=AMOUNT``); None when none of it was asked for. A bad one is a usage error."""
    if entry is card_money is passed is carried is None and not prizes:
        return None
    from fractions import Fraction

    from skatcalc.errors import SkatError
    from skatcalc.sheet.cash import CashRule

    def cents(text: str | None) -> Fraction:
        return Fraction(0) if text is None else o.amount(text, fee=True)

    given = []
    for text in prizes or []:
        name, sign, amount = text.rpartition("=")
        if not sign or not name.strip():
            raise usage("err.cash.prize_text", text=repr(text))
        given.append((name.strip(), cents(amount)))
    try:
        return CashRule(cents(entry), cents(card_money), cents(passed), tuple(given),
                        cents(carried))  # fmt: skip
    except SkatError as error:
        raise as_usage(error) from None


def _cash(
    sheets: list[tuple[Sheet, Tally]], rule: CashRule | None, done: Settlement
) -> Cash | None:
    if rule is None:
        return None
    from skatcalc.errors import SkatError
    from skatcalc.sheet.cash import cash

    try:
        return cash(sheets, rule, dict(done.kitty), {p.name: p.balance for p in done.players})
    except SkatError as error:  # a prize for somebody who did not play: the option is wrong
        raise as_usage(error) from None


def _cash_text(money: Cash | None, currency: str) -> list[str]:
    if money is None:
        return []
    import shutil

    from skatcalc.words.sheet import cash_lines

    # at a terminal the table fits its width (in parts); to a pipe or a file it is whole
    width = shutil.get_terminal_size((80, 24)).columns if sys.stdout.isatty() else None
    return cash_lines(money, currency, width)


def _distinct(files: list[Path]) -> list[Path]:
    """``files`` with each file once (:func:`skatcalc.cli.quick.distinct_files`)."""
    from skatcalc.cli.quick import distinct_files

    return distinct_files(files)


@app.command("check")
def check(file: o.File, json_: o.Json = False) -> None:
    """Validate a (hand-edited) sheet and list every problem with its line on stderr; changes
    nothing."""
    from skatcalc.errors import SheetFileError
    from skatcalc.store import sheet as store

    with reported():
        sheet, problems = store.check_file(file)
    if json_:  # the problems as data, on stdout: the summary still on stderr, the code kept
        from skatcalc.formats.json import check_dict

        found = [(problem.line, problem.error) for problem in problems]
        write_json(check_dict(file, None if sheet is None else len(sheet.deals), found))
    elif problems:
        from skatcalc.words.sheet import problem_line

        for problem in problems:  # diagnostics: on stderr, like every error (docs/exit-codes.md)
            sys.stderr.write(problem_line(file, problem.line, problem.error) + "\n")
    else:
        assert sheet is not None  # a text without a problem is a sheet
        _write([w("check.sound", file=shown(file), count=len(sheet.deals))])
    if not problems:
        return
    raise refuse(SheetFileError("err.check.problems", file=file, count=len(problems)))
