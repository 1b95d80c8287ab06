"""``skatcalc season``: the year's ranking (Jahreswertung) over a season's sheets and
tournaments. The domain is :mod:`skatcalc.season`; the files are read by
:mod:`skatcalc.store.season`."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from skatcalc.cli import options as o
from skatcalc.cli.errors import as_usage, reported
from skatcalc.words import shown, w


def season(
    files: o.Files,
    min_series: Annotated[int | None, typer.Option("--min-series", show_default=False)] = None,
    best: Annotated[int | None, typer.Option("--best", show_default=False)] = None,
    fmt: Annotated[str, typer.Option("--format", **o.one_of(o.formats("season")))] = "text",
    output: o.Output = None,
    json_: o.Json = False,
) -> None:
    from skatcalc.errors import SkatError
    from skatcalc.formats import season_format
    from skatcalc.season import season as rank
    from skatcalc.store import season as store

    with reported():
        writer = season_format(fmt, json=json_)  # checked with --json too: a typo is a typo
        try:
            rank([], min_series=min_series, best=best)  # the options first, whatever the files
        except SkatError as error:
            raise as_usage(error) from None
        evenings, again, tabled = store.load(files)
        for path, first in again:
            key = "note.same_file.twice" if path == first else "note.same_file"
            sys.stderr.write(w(key, file=shown(path), first=shown(first)) + "\n")
        for path, tournament in tabled:
            note = w("note.season.table", file=shown(path), first=shown(tournament))
            sys.stderr.write(note + "\n")
        result = rank(evenings, min_series=min_series, best=best)
    width = None
    if output is None and fmt == "text" and not json_ and sys.stdout.isatty():
        import shutil

        width = shutil.get_terminal_size((80, 24)).columns
    text = writer.render_season(result, width)
    if output is None:
        from skatcalc.cli.output import write_document

        write_document(text)
        return
    from skatcalc.store.files import write_text

    with reported():
        write_text(output, text)
    sys.stderr.write(w("wrote", file=shown(output)) + "\n")


app = typer.Typer(rich_markup_mode=None)
app.command("season")(season)
