"""``skatcalc bid``: which games 10 cards suggest, and how high each may be bid."""

from __future__ import annotations

from typing import Annotated

import typer

from skatcalc.cli import options as o
from skatcalc.cli.errors import reported


def bid(
    cards: Annotated[str, typer.Option("--cards", show_default=False)],
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
    from skatcalc.cli.output import write
    from skatcalc.words.bidding import advice

    write(advice(analysis))
