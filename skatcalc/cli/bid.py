"""``skatcalc bid``: which games 10 cards suggest, and how high each may be bid."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from skatcalc.cli import options as o
from skatcalc.cli.errors import reported


def bid(
    cards: Annotated[str, typer.Option("--cards", show_default=False)],
    json_: o.Json = False,
) -> None:
    from skatcalc.bidding import analyse
    from skatcalc.words.bidding import advice, to_dict

    with reported():
        analysis = analyse(cards)
    if json_:
        import json

        sys.stdout.write(json.dumps(to_dict(analysis), ensure_ascii=False) + "\n")
        return
    from skatcalc.cli.output import write

    write(advice(analysis))


app = typer.Typer(rich_markup_mode=None)
app.command("bid")(bid)
