"""Options shared by several commands: one definition, the same names everywhere.

:class:`GameCommand` gives the game's options to ``value``, ``sheet add`` and ``sheet edit``;
:class:`skatcalc.cli.rules.RuleCommand` the house rules' options to ``sheet new``, ``sheet
rules`` and ``tournament new``. Both are :class:`SharedOptions`, built from the one table of
their set (:data:`skatcalc.spec.GAME_OPTIONS`, :data:`skatcalc.sheet.rules.RULES`), so the
commands that share a set can never disagree."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from skatcalc.cli.kinds import Command, one_of

if TYPE_CHECKING:  # fractions costs 2-3 ms to import: a plain value call does not need it
    from fractions import Fraction

    from skatcalc.option import Option


def deal_words(ctx: typer.Context, incomplete: str) -> list[str]:
    """What completes a word of a deal on the command line, as in the table mode: the sheet's
    players (when the command names a sheet that reads) and the words of the notation."""
    from skatcalc.names import as_typed
    from skatcalc.notation import vocabulary

    words = [*_players(ctx.params.get("file")), *vocabulary()]
    found = (as_typed(word, incomplete) for word in dict.fromkeys(words))
    return [word for word in dict.fromkeys(found) if word is not None]


def _players(file: object) -> tuple[str, ...]:
    """The players of the sheet at ``file``; none when there is none or it does not read."""
    if not isinstance(file, Path):
        return ()
    from skatcalc.errors import SkatError
    from skatcalc.store import sheet as store

    try:
        return tuple(store.load(file).players)
    except (SkatError, OSError):
        return ()


Words = Annotated[list[str] | None, typer.Argument(show_default=False, autocompletion=deal_words)]


def formats(kind: str) -> tuple[str, ...]:
    """The formats a ``--format`` of ``kind`` (sheet, standings, season) takes."""
    from skatcalc.formats import SEASON_FORMATS, SHEET_FORMATS, STANDINGS_FORMATS

    known = {"sheet": SHEET_FORMATS, "standings": STANDINGS_FORMATS, "season": SEASON_FORMATS}
    return known[kind]


def scoring_lists() -> list[str]:
    """The scoring lists a ``--list`` takes."""
    from skatcalc.sheet.rules import ScoringList

    return [str(kind) for kind in ScoringList]


def presets() -> list[str]:
    """The presets a ``--preset`` takes."""
    from skatcalc.sheet.rules import PRESETS

    return list(PRESETS)


Preset = Annotated[str, typer.Option("--preset", **one_of(presets()))]
"""The preset a new sheet or tournament starts from (its rules then changed by rule options)."""


def path(text: str) -> Path:
    """A path as typed, not looked at: the store alone reads files, and it says why one cannot
    be read (exit 5). Click's own ``Path`` type stats and checks a file as it parses the line."""
    return Path(text)


def worked_on(text: str) -> Path:
    """The file a command reads or changes, as :func:`path` takes it; named from here on in
    the advice of a message about it (``skatcalc sheet rules evening.toml --kontra``)."""
    from skatcalc.words import working_on

    working_on(text)
    return Path(text)


File = Annotated[Path, typer.Argument(metavar="FILE", parser=worked_on, show_default=False)]
"""The file a command reads or changes: a sheet, a tournament."""
Files = Annotated[list[Path], typer.Argument(metavar="FILE...", parser=path, show_default=False)]
"""Several sheets read together (statistics, a settlement)."""
Export = Annotated[Path, typer.Argument(metavar="EXPORT", parser=path, show_default=False)]
"""An export to read back (``sheet import``)."""
Output = Annotated[Path | None, typer.Option("--output", "-o", parser=path)]
"""Where a command writes its text (``-`` or none: stdout)."""
Host = Annotated[str, typer.Option("--host")]
"""The address a live page (``serve``) listens on: 127.0.0.1 unless told (docs: the LAN case)."""
Port = Annotated[int, typer.Option("--port")]
LOCAL, PORT = "127.0.0.1", 8765
"""``--host`` and ``--port`` when not given."""
AllowHost = Annotated[list[str] | None, typer.Option("--allow-host")]
"""More names a live page answers to (a name of this computer its DNS gives, a proxy's)."""
Title = Annotated[str | None, typer.Option("--title")]
"""The live page's title (the file's name when not given)."""
Bock = Annotated[bool, typer.Option("--bock")]
Json = Annotated[bool, typer.Option("--json")]
Batch = Annotated[bool, typer.Option("--batch")]

# The prize pot of a Preisskat, declared once for `tournament standings` and `tournament serve`.
Entry = Annotated[str | None, typer.Option("--entry", show_default=False)]
Prizes = Annotated[str | None, typer.Option("--prizes", show_default=False)]
Round = Annotated[str | None, typer.Option("--round", show_default=False)]
PrizesFor = Annotated[list[str] | None, typer.Option("--prizes-for", show_default=False)]


class SharedOptions(Command):  # type: ignore[misc]
    """A command that takes a set of options declared once, in a table of
    :class:`~skatcalc.option.Option` rows (:meth:`table`): each row becomes a Click option
    here, added to each command built with this class (``@app.command(cls=...)``, Typer's
    documented way to give a command its own Click class). Their values are taken out of the
    command's parameters into ``ctx.meta``, where :func:`given` finds them, so the command's
    function declares ``ctx: typer.Context`` and none of them.

    Built from the table rather than by Typer from a template function's type hints: Typer
    evaluates those hints on every call that builds the command (bench/startup.py).
    """

    shows_default = False
    """Whether ``--help`` shows the record's default (the game's: ``--bid`` 18), or the option
    has none of its own (a rule's default is the preset's or the sheet's)."""
    at_end = False
    """Where the shared options stand in ``--help``: after the arguments, or after the
    command's own options."""

    @staticmethod
    def table() -> tuple[Option, ...]:
        """The set's rows (imported when a command is built, not when this module is)."""
        raise NotImplementedError  # pragma: no cover - each set names its table

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        shared = option_params(self.table(), self.shows_default)
        at = len(self.params) if self.at_end else _arguments(self.params)
        self.params[at:at] = shared

    def invoke(self, ctx: Any) -> Any:  # Click's Context (typer.Context is one)
        ctx.meta[_key(type(self))] = {
            option.name: _given(ctx, option.name) for option in self.table()
        }
        return super().invoke(ctx)


def option_param(option: Option, shows_default: bool) -> Any:
    """The Click option of a row, as Typer builds it from a parameter of that type."""
    [param] = option_params((option,), shows_default)
    return param


def option_params(rows: Iterable[Option], shows_default: bool) -> list[Any]:
    """The Click options of ``rows``, each a fresh copy (a command puts its own words in)."""
    import copy

    return [copy.copy(param) for param in _made(tuple(rows), shows_default)]


@cache
def _made(rows: tuple[Option, ...], shows_default: bool) -> list[Any]:
    """The options of ``rows``, built by Typer from a signature (:func:`kinds.options`): once
    per set, as building one costs about as much as building a command (bench/commands.py)."""
    from skatcalc.cli.kinds import keyword, of, options
    from skatcalc.errors import any_of

    kinds: dict[type, Any] = {bool: bool, int: int, str: str, tuple: str}
    declared = []
    for option in rows:
        kind = kinds[option.kind]
        default = option.default if shows_default else None
        shown = one_of(option.choices) if option.choices and kind is not bool else {}
        flag = typer.Option(option.flags, show_default=shows_default, **shown)
        declared.append(keyword(option.name, Annotated[kind | None, flag], default))
    made = options(declared)
    for option, param, typed in zip(rows, made, declared, strict=True):
        param.skatcalc_declared = of(typed.annotation)  # what it takes (cli/kinds.py)
        param.help_key = option.help  # the words (cli/help.py)
        # what the words may say of the row, filled in from it, never typed again in the words
        choices = [str(choice) for choice in option.choices] if option.choices else []
        param.help_values = {"default": option.default, "choices": any_of(choices)}
    return made


def _given(ctx: Any, name: str) -> Any:
    """An option's value as typed, taken out of the command's parameters; ``None`` when it
    was not given, whatever its default."""
    value = ctx.params.pop(name)
    return value if typed(ctx, name) else None


def typed(ctx: typer.Context, *names: str) -> bool:
    """Whether any of the command's parameters ``names`` was given (on the command line), not
    merely left at its default, whatever the value (Click's ``get_parameter_source``)."""
    from skatcalc.cli import kinds

    return any(kinds.typed(ctx, name) for name in names)


def given(ctx: typer.Context, command: type[SharedOptions]) -> dict[str, Any]:
    """The shared options of ``command`` by name, as given on the command line (``None``: not
    given)."""
    found: dict[str, Any] = ctx.meta[_key(command)]
    return found


class GameCommand(SharedOptions):
    """A command that takes the game's options (:data:`skatcalc.spec.GAME_OPTIONS`), after its
    arguments, their defaults shown."""

    shows_default = True

    @staticmethod
    def table() -> tuple[Option, ...]:
        from skatcalc.spec import GAME_OPTIONS

        return GAME_OPTIONS


def game(ctx: typer.Context) -> dict[str, Any]:
    """The game's options as given on the command line, by name (``None``: not given)."""
    return given(ctx, GameCommand)


def _arguments(params: list[Any]) -> int:
    return sum(1 for p in params if p.param_type_name == "argument")


def _key(command: type[SharedOptions]) -> str:
    # the set's key, whichever subclass (ValueCommand is a GameCommand) took the options
    table = next(cls for cls in command.__mro__ if "table" in vars(cls))
    return f"skatcalc.{table.__name__}"


def amount(text: str, *, fee: bool = False) -> Fraction:
    """An amount typed on the line, in cents: ``--stake`` per point, or with ``fee`` a fee per
    lost game (``--lost-fee``, ``--fee``). A decimal comma is read in either language, as the
    config file reads it (``0,05``: a German table types it so whatever language skatcalc
    speaks). A bad one is a usage error (exit 2) that names what the amount is for."""
    from skatcalc.cli.errors import as_usage
    from skatcalc.errors import SkatError, UsageError
    from skatcalc.sheet.stats import parse_stake

    try:
        return parse_stake(text, comma=True)
    except SkatError as error:
        if fee and error.code.startswith("err.stake."):
            code = "err.fee." + error.code.removeprefix("err.stake.")
            raise UsageError(code, field=error.field, **error.params) from None
        raise as_usage(error) from None
