"""Options shared by several commands: one definition, the same names everywhere.

:class:`GameCommand` gives the game's options to ``value``, ``sheet add`` and ``sheet edit``;
:class:`skatcalc.cli.rules.RuleCommand` the house rules' options to ``sheet new``, ``sheet
rules`` and ``tournament new``. Both are :class:`SharedOptions`, so the commands that share a set
can never disagree."""

from __future__ import annotations

import copy
from functools import cache
from typing import Annotated, Any

import typer
from typer.core import TyperCommand

Words = Annotated[
    list[str] | None,
    typer.Argument(
        help="The game in the deal notation, in any order (docs/notation.md): e.g. "
        "kreuz m2 hand 56 b20, grand o1 92, null lost; or just the game (clubs, spades, hearts, "
        "diamonds, grand, null; German: kreuz/eichel, pik/grün/laub/blatt, herz/rot, "
        "karo/schellen) with the options below.",
        show_default=False,
        metavar="WORDS...",
    ),
]
With = Annotated[int | None, typer.Option("--with", help="Tops: playing with N.")]
Without = Annotated[int | None, typer.Option("--without", help="Tops: playing without N.")]
Cards = Annotated[
    str | None,
    typer.Option(
        "--cards",
        help="The declarer's 10 hand cards (or all 12 with the skat), e.g. 'CJ SJ HA HT ...'.",
    ),
]
Skat = Annotated[
    str | None, typer.Option("--skat", help="The 2 skat cards as dealt, e.g. 'D7 S8'.")
]
Discards = Annotated[
    str | None,
    typer.Option(
        "--discards",
        help="The 2 cards put away after picking up the skat (not in a hand game); "
        "they count for the declarer.",
    ),
]
Hand = Annotated[bool, typer.Option("--hand", help="Played from hand (skat not picked up).")]
Schneider = Annotated[bool, typer.Option("--schneider", help="Schneider announced (hand only).")]
Schwarz = Annotated[
    bool, typer.Option("--schwarz", help="Schwarz announced (hand only; includes schneider).")
]
Ouvert = Annotated[
    bool,
    typer.Option("--ouvert", help="Played open; in suit and grand: hand, schneider, schwarz."),
]
Points = Annotated[
    int | None,
    typer.Option("--points", help="The declarer's card points with the skat, 0-120."),
]
Tricks = Annotated[
    int | None,
    typer.Option("--tricks", help="The declarer's tricks, 0-10 (Null: 0 wins; 10 is schwarz)."),
]
Bid = Annotated[int, typer.Option("--bid", help="The bid the declarer won with.")]
Kontra = Annotated[bool, typer.Option("--kontra", help="A defender said Kontra: score × 2.")]
Re = Annotated[bool, typer.Option("--re", help="The declarer said Re: score × 4 (implies Kontra).")]
Bock = Annotated[bool, typer.Option("--bock", help="A Bock deal: score × 2.")]
Json = Annotated[bool, typer.Option("--json", help="One JSON object on stdout (docs/json.md).")]
Batch = Annotated[
    bool,
    typer.Option(
        "--batch",
        help="Read games as JSON lines on stdin (keys as these options); "
        "write one JSON line each (docs/json.md).",
    ),
]


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
    at_end = False
    """Where the shared options stand in ``--help``: after the arguments, or after the
    command's own options."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        shared = [copy.copy(p) for p in _params(self.template)]
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
