"""``skatcalc bid``: how high a hand of 10 cards may bid, whatever the skat holds."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from skatcalc.cli import options as o
from skatcalc.cli.errors import reported

HELP = """Show, for each game the 10 cards could declare, the tops, how the unseen skat could
change them, the value from hand and with the skat picked up (no schneider assumed), and the
highest bid that is safe whatever the skat holds: best first.

Safe means no skat can bring the game's value below the bid, so the game cannot be overbid;
whether the cards can win it is for the player to judge."""
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
) -> None:
    from skatcalc.bidding import analyse, explain
    from skatcalc.games import Declaration
    from skatcalc.report import game_name, tops_text
    from skatcalc.words import w

    with reported():
        analysis = analyse(cards)
    if json_:
        import json

        sys.stdout.write(json.dumps(analysis.to_dict(), ensure_ascii=False) + "\n")
        return
    lines = [
        w("bid.hand", cards=" ".join(card.symbol for card in analysis.cards)),
        w("bid.header", skats=analysis.skats),
    ]
    for option in analysis.options:
        tops = "" if option.tops_alone is None else tops_text(option.tops_alone)
        if option.value_low == option.value_high:
            spread = w("bid.value", value=option.value_alone)
        else:
            spread = w(
                "bid.range", value=option.value_alone, low=option.value_low, high=option.value_high
            )
        safe = w("bid.never") if option.safe_bid is None else w("bid.safe", bid=option.safe_bid)
        name = game_name(Declaration.make(option.game, hand=option.hand, ouvert=option.ouvert))
        lines.append(f"  {name:<18} {tops:<11} {spread:<21} {safe}")
        lines.extend(f"      {text}" for text in explain(option))
    sys.stdout.write("\n".join(lines) + "\n")
