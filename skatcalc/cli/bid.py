"""``skatcalc bid``: which games 10 cards suggest, and how high each may be bid."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from skatcalc.cli import options as o
from skatcalc.cli.errors import reported

HELP = """Advise on bidding: the games the 10 cards suggest (by their trumps) first, then every other
game, the announced schneider, schwarz and ouvert hand games included. For each: the tops, the
value from the cards and the range the unseen skat allows, the highest bid every skat covers,
and for each higher bid how many of the 231 skats would make it overbid and what the overbid
would cost (no schneider assumed; whether the cards win is for the player to judge).

A declarer who picks up the skat may still switch to another game: the value of the game
finally declared must reach the bid."""
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
    from skatcalc.bidding import analyse
    from skatcalc.words.bidding import advice, to_dict

    with reported():
        analysis = analyse(cards)
    if json_:
        import json

        sys.stdout.write(json.dumps(to_dict(analysis), ensure_ascii=False) + "\n")
        return
    sys.stdout.write("\n".join(advice(analysis)) + "\n")
