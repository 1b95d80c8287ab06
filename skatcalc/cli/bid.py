"""``skatcalc bid``: which games 10 cards suggest, and how high each may be bid."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from skatcalc.cli import options as o
from skatcalc.cli.errors import reported


def bid(
    cards: Annotated[str, typer.Option("--cards", show_default=False)],
    all_: Annotated[bool, typer.Option("--all")] = False,
    json_: o.Json = False,
) -> None:
    from skatcalc.bidding import analyse

    with reported():
        analysis = analyse(cards)
    if json_:
        from skatcalc.cli.output import write_json
        from skatcalc.formats.json import bidding_dict

        write_json(bidding_dict(analysis))
        return
    import shutil

    from skatcalc.cli.output import write
    from skatcalc.words.bidding import advice

    width = shutil.get_terminal_size((80, 24)).columns if sys.stdout.isatty() else None
    write(advice(analysis, every=all_, width=width))


app = typer.Typer(rich_markup_mode=None)
app.command("bid")(bid)
