"""The Typer application: commands are registered here, their bodies live in one module each."""

from __future__ import annotations

import typer

from skatcalc.cli import sheet, value

app = typer.Typer(
    name="skatcalc",
    help="Skat scoring by the International Skat Order: game values, results, score sheets.",
    no_args_is_help=True,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)
app.command(
    "value",
    help=value.HELP,
    epilog=value.EPILOG,
    no_args_is_help=True,
)(value.value)
app.add_typer(sheet.app, name="sheet")


@app.callback()
def _root() -> None:
    """Skat scoring by the International Skat Order: game values, results, score sheets."""
