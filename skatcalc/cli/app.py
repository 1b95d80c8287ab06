"""The Typer application: commands are registered here, their bodies live in one module each."""

from __future__ import annotations

from typing import Annotated

import typer

from skatcalc.cli import value

HELP = "Skat scoring by the International Skat Order: game values, results, score sheets."


def build(command: str | None = None) -> typer.Typer:
    """The application; with ``command="value"`` only what that command needs.

    Typer turns every registered command into a click command on each call, so a plain
    ``skatcalc value`` call skips building the sheet commands (about 4 ms, bench/startup.sh).
    """
    application = typer.Typer(
        name="skatcalc",
        help=HELP,
        no_args_is_help=True,
        rich_markup_mode=None,
        pretty_exceptions_enable=False,
    )
    application.callback()(_root)
    application.command("value", help=value.HELP, epilog=value.EPILOG, no_args_is_help=True)(
        value.value
    )
    if command != "value":
        from skatcalc.cli import bid, sheet, tournament

        application.command("bid", help=bid.HELP, epilog=bid.EPILOG)(bid.bid)
        application.add_typer(sheet.app, name="sheet")
        application.add_typer(tournament.app, name="tournament")
    return application


def _version(shown: bool) -> None:
    if shown:
        from skatcalc import __version__

        typer.echo(f"skatcalc {__version__}")
        raise typer.Exit()


def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", help="Show the version and exit.", callback=_version, is_eager=True
        ),
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            help="en or de; may stand anywhere on the line. Else SKATCALC_LANG, else a German "
            "locale speaks German. JSON stays English.",
        ),
    ] = None,
) -> None:
    """Skat scoring by the International Skat Order: game values, results, score sheets."""


def __getattr__(name: str) -> typer.Typer:
    """``app``: the whole application, built when first asked for (tests, completion)."""
    if name == "app":
        return build()
    raise AttributeError(name)
