"""Options shared by several commands: one definition, the same names everywhere.

:class:`GameCommand` gives the game's options to ``value``, ``sheet add`` and ``sheet edit``;
:class:`skatcalc.cli.rules.RuleCommand` the house rules' options to ``sheet new``, ``sheet
rules`` and ``tournament new``. Both are :class:`SharedOptions`, so the commands that share a set
can never disagree."""

from __future__ import annotations

import copy
from functools import cache
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer.core import TyperCommand

if TYPE_CHECKING:  # fractions costs 2-3 ms to import: a plain value call does not need it
    from fractions import Fraction

Words = Annotated[list[str] | None, typer.Argument(show_default=False)]
With = Annotated[int | None, typer.Option("--with")]
Without = Annotated[int | None, typer.Option("--without")]
Cards = Annotated[str | None, typer.Option("--cards")]
Skat = Annotated[str | None, typer.Option("--skat")]
Discards = Annotated[str | None, typer.Option("--discards")]
Hand = Annotated[bool, typer.Option("--hand")]
Schneider = Annotated[bool, typer.Option("--schneider")]
Schwarz = Annotated[bool, typer.Option("--schwarz")]
Ouvert = Annotated[bool, typer.Option("--ouvert")]
Points = Annotated[int | None, typer.Option("--points")]
Tricks = Annotated[int | None, typer.Option("--tricks")]
Bid = Annotated[int, typer.Option("--bid")]
Kontra = Annotated[bool, typer.Option("--kontra")]
Re = Annotated[bool, typer.Option("--re")]
Bock = Annotated[bool, typer.Option("--bock")]
Json = Annotated[bool, typer.Option("--json")]
Batch = Annotated[bool, typer.Option("--batch")]


def _game(
    with_: With = None,
    without: Without = None,
    cards: Cards = None,
    skat: Skat = None,
    hand: Hand = False,
    schneider: Schneider = False,
    schwarz: Schwarz = False,
    ouvert: Ouvert = False,
    points: Points = None,
    tricks: Tricks = None,
    bid: Bid = 18,
    kontra: Kontra = False,
    re: Re = False,
    discards: Discards = None,
) -> None:
    """The game's options, declared once: a new one is one parameter here (and its words)."""


class SharedOptions(TyperCommand):
    """A command that takes a set of options declared once, as the parameters of a template
    function (``template``): Typer makes them Click parameters (``typer.main.get_command``), and
    this class adds them to each command built with it (``@app.command(cls=...)``, Typer's
    documented way to give a command its own Click class). Their values are taken out of the
    command's parameters into ``ctx.meta``, where :func:`given` finds them, so the command's
    function declares ``ctx: typer.Context`` and none of them.
    """

    template: staticmethod[..., None]
    words = "help.opt"
    """Where the options' help is in the word tables: ``{words}.{name}``
    (:mod:`skatcalc.cli.help`)."""
    at_end = False
    """Where the shared options stand in ``--help``: after the arguments, or after the
    command's own options."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        shared = [copy.copy(p) for p in _params(self.template)]
        for param in shared:
            param.help_key = f"{self.words}.{param.name}"
        at = len(self.params) if self.at_end else _arguments(self.params)
        self.params[at:at] = shared

    def invoke(self, ctx: Any) -> Any:  # Click's Context (typer.Context is one)
        names = [p.name for p in _params(self.template) if p.name]
        ctx.meta[_key(self.template)] = {name: ctx.params.pop(name) for name in names}
        return super().invoke(ctx)


def given(ctx: typer.Context, command: type[SharedOptions]) -> dict[str, Any]:
    """The shared options of ``command`` as given on the command line (or their defaults)."""
    found: dict[str, Any] = ctx.meta[_key(command.template)]
    return found


class GameCommand(SharedOptions):
    """A command that takes the game's options (:func:`_game`), after its arguments."""

    template = staticmethod(_game)
    words = "help.game"


def game(ctx: typer.Context) -> dict[str, Any]:
    """The game's options as given on the command line (or their defaults), by name."""
    return given(ctx, GameCommand)


def _arguments(params: list[Any]) -> int:
    return sum(1 for p in params if p.param_type_name == "argument")


def _key(template: Any) -> str:
    return f"skatcalc.{template.__name__}"


@cache
def _params(template: Any) -> tuple[Any, ...]:
    app = typer.Typer(add_completion=False)
    app.command()(template)
    return tuple(typer.main.get_command(app).params)


def amount(text: str, *, fee: bool = False) -> Fraction:
    """An amount typed on the line, in cents: ``--stake`` per point, or with ``fee`` a fee per
    lost game (``--lost-fee``, ``--fee``). German reads a decimal comma too. A bad one is a
    usage error (exit 2) that names what the amount is for."""
    from skatcalc.cli.errors import as_usage
    from skatcalc.errors import SkatError, UsageError
    from skatcalc.sheet.stats import parse_stake
    from skatcalc.words import current

    try:
        return parse_stake(text, comma=current() == "de")
    except SkatError as error:
        if fee and error.code.startswith("err.stake."):
            code = "err.fee." + error.code.removeprefix("err.stake.")
            raise UsageError(code, field=error.field, **error.params) from None
        raise as_usage(error) from None
