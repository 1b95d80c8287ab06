"""``skatcalc docs``: the guide in short, in the package itself (the README's links lead into the
repository, which an install from the package index does not have)."""

from __future__ import annotations

import typer

app = typer.Typer(rich_markup_mode=None)


@app.command("docs")
def docs() -> None:
    """The guide in short: an evening's commands, the deal notation, the files, where the
    full documents are."""
    from skatcalc.cli.output import write
    from skatcalc.store.config_file import where
    from skatcalc.words import w

    write(w("docs.page", config=str(where())).split("\n"))
