"""``skatcalc bid``: how high a hand of 10 cards may bid, whatever the skat holds."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from skatcalc.cli import options as o
from skatcalc.cli.errors import reported

HELP = """Show, for each game the 10 cards could declare, the tops, how the unseen skat could
change them, the value from hand and with the skat picked up (no schneider assumed), and the
highest bid that is safe whatever the skat holds: best first."""
EPILOG = """Example:

  skatcalc bid --cards "SJ HJ CA CT CK CQ C9 SA ST H7"
"""


def bid(
    cards: Annotated[
        str,
        typer.Option(
            "--cards", help="The 10 cards in hand, e.g. 'CJ SJ HA HT ...'.", show_default=False
        ),
    ],
    json_: o.Json = False,
    every: Annotated[
        bool, typer.Option("--all", help="Also the games whose safe bid is below 18.")
    ] = False,
) -> None:
    from skatcalc.bidding import analyse, explain

    with reported():
        analysis = analyse(cards)
    if json_:
        import json

        sys.stdout.write(json.dumps(analysis.to_dict(), ensure_ascii=False) + "\n")
        return
    lines = [
        "Hand: " + " ".join(card.symbol for card in analysis.cards),
        f"Safe bids, best first, over all {analysis.skats} possible skats (no schneider assumed):",
    ]
    for option in analysis.options:
        if option.safe_bid is None and not every:
            continue
        tops = "" if option.tops_alone is None else str(option.tops_alone)
        spread = (
            f"{option.value_alone}"
            if option.value_low == option.value_high
            else f"{option.value_alone} ({option.value_low} to {option.value_high})"
        )
        safe = "never safe" if option.safe_bid is None else f"safe to {option.safe_bid}"
        lines.append(f"  {option.name:<18} {tops:<11} value {spread:<15} {safe}")
        lines.extend(f"      {text}" for text in explain(option))
    sys.stdout.write("\n".join(lines) + "\n")
