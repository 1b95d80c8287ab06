"""``skatcalc bid``: which games 10 cards suggest, and how high each may be bid."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from skatcalc.cli import options as o
from skatcalc.cli.errors import reported

if TYPE_CHECKING:
    from skatcalc.bidding import Analysis, Option, Step
    from skatcalc.games import GameType

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

    with reported():
        analysis = analyse(cards)
    if json_:
        import json

        sys.stdout.write(json.dumps(analysis.to_dict(), ensure_ascii=False) + "\n")
        return
    sys.stdout.write("\n".join(advice(analysis)) + "\n")


def advice(analysis: Analysis) -> list[str]:
    """The advice in words: the suggestion, then each game with its bids and their risk."""
    from skatcalc.bidding import explain
    from skatcalc.words import w

    lines = [w("bid.hand", cards=" ".join(card.symbol for card in analysis.cards))]
    picks = _suggestions(analysis)
    lines.append(w("bid.suggests", games=picks) if picks else w("bid.suggests.none"))
    lines.append(w("bid.header", skats=analysis.skats))
    shown: set[GameType] = set()
    for option in analysis.options:
        if shown and option.game not in shown:
            lines.append("")
        lines.append(_line(option))
        lines.extend(f"      {_step(step, option.skats)}" for step in option.ladder)
        if option.game not in shown:  # the skat's effect on the tops, once per game
            lines.extend(f"      {text}" for text in explain(option))
        shown.add(option.game)
    lines += ["", w("bid.switch")]
    return lines


def _suggestions(analysis: Analysis) -> str:
    from skatcalc.words import w

    named: list[str] = []
    for option in analysis.options:
        if not option.suggested or option.hand or option.ouvert:
            continue
        game = w(f"game.{option.game.value}")
        if option.game.is_null:
            named.append(w("bid.suggest.null", game=game))
        else:
            named.append(w("bid.suggest.trumps", game=game, trumps=option.trumps))
    return w("bidding.list").join(named)


def _line(option: Option) -> str:
    from skatcalc.report import game_name, tops_text
    from skatcalc.words import w

    tops = "" if option.tops_alone is None else tops_text(option.tops_alone)
    if option.value_low == option.value_high:
        spread = w("bid.value", value=option.value_alone)
    else:
        spread = w(
            "bid.range", value=option.value_alone, low=option.value_low, high=option.value_high
        )
    covered = (
        w("bid.never") if option.safe_bid is None else w("bid.covered_to", bid=option.safe_bid)
    )
    return f"  {game_name(option.declaration):<32} {tops:<11} {spread:<22} {covered}"


def _step(step: Step, skats: int) -> str:
    from skatcalc.words import w

    bids = str(step.low) if step.low == step.high else f"{step.low}-{step.high}"
    if step.loss_low == step.loss_high:
        loss = str(step.loss_low)
    else:
        loss = w("bid.loss_range", low=step.loss_low, high=step.loss_high)
    return w("bid.step", bids=bids, overbid=step.overbid, total=skats, loss=loss)
