"""``skatcalc docs``: the guide in short, in the package itself (the README's links lead into the
repository, which an install from the package index does not have)."""

from __future__ import annotations

import typer

app = typer.Typer(rich_markup_mode=None)


@app.command("docs")
def docs() -> None:
    """The guide in short: an evening's commands, the deal notation, the files, where the
    full documents are."""
    import shutil
    import sys

    from skatcalc.store.config_file import where
    from skatcalc.width import paragraphs
    from skatcalc.words import w

    # at a terminal filled to its width, a paragraph broken once; to a pipe a paragraph a line
    width = shutil.get_terminal_size((80, 24)).columns if sys.stdout.isatty() else None
    # written as fitted here, not fitted again (a row wider than a phone stays whole)
    sys.stdout.write("\n".join(paragraphs(w("docs.page", config=str(where())), width)) + "\n")
