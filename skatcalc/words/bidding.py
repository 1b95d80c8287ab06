"""The bidding helper in words: the games' names, what the skat could do, the advice of
``skatcalc bid`` (the JSON object of ``bid --json``, in these words' English, is
:func:`skatcalc.formats.json.bidding_dict`).

:mod:`skatcalc.bidding` computes; this module says it.

>>> from skatcalc.bidding import analyse
>>> from skatcalc.games import GameType
>>> analysis = analyse("SJ HJ CA CT CK CQ C9 SA ST H7")
>>> [name(option) for option in analysis.options[:3]]
['Clubs', 'Clubs hand', 'Clubs hand, schneider announced']
>>> for line in explain(analysis.option(GameType.CLUBS, hand=True)):
...     print(line)
♣J in the skat, but not ♦J, would make it with 3 (value 60 instead of 36; 20 of 231 skats)
♣J and ♦J in the skat would make it with 9 (value 132 instead of 36; 1 of 231 skats)
"""

from __future__ import annotations

from skatcalc.bidding import Analysis, Option, Step
from skatcalc.games import GameType
from skatcalc.value import Tops
from skatcalc.words import w
from skatcalc.words.report import game_name, tops_text

__all__ = ["advice", "explain", "name"]


def name(option: Option) -> str:
    """The game as players name it: ``Clubs hand``, ``Null ouvert``."""
    return game_name(option.declaration)


def explain(option: Option) -> tuple[str, ...]:
    """What the unseen skat could do to the option's tops, in words; empty if it can do nothing.

    >>> from skatcalc.bidding import analyse
    >>> a = analyse("HJ CA CT CK CQ C9 C8 SA ST S9")
    >>> for line in explain(a.option(GameType.CLUBS, hand=True)):
    ...     print(line)
    ♠J in the skat, but not ♣J, would shorten without 2 to without 1 (value 36 instead of 48; 20 of 231 skats)
    ♣J in the skat, but not ♠J, would make it with 1 (value 36 instead of 48; 20 of 231 skats)
    ♣J and ♠J in the skat would make it with 3 (value 60 instead of 48; 1 of 231 skats)
    >>> explain(a.option(GameType.NULL, hand=False))
    ()
    """
    alone = option.tops_alone
    if alone is None:
        return ()
    lines = []
    for entry in option.possible_tops:
        if entry.change is None:
            continue
        holds = _join([card.symbol for card in entry.holds], w("bidding.and"))
        lacks = _join([card.symbol for card in entry.lacks], w("bidding.or"))
        when = w("bidding.holds_but" if lacks else "bidding.holds", holds=holds, lacks=lacks)
        sentence = w(
            f"bidding.change.{entry.change.value}",
            when=when,
            alone=_tops_words(alone),
            tops=_tops_words(entry.tops),
        )
        lines.append(
            w(
                "bidding.odds",
                sentence=sentence,
                value=entry.value,
                value_alone=option.value_alone,
                skats=entry.skats,
                total=option.skats,
            )
        )
    return tuple(lines)


def _tops_words(tops: Tops) -> str:
    return w("bidding.with" if tops.with_ else "bidding.without", count=tops.count)


def _join(words: list[str], last: str) -> str:
    """``a, b`` and ``c`` joined as the explanations join cards (German lists what the skat
    must lack with "und": neither card)."""
    if len(words) <= 1:
        return "".join(words)
    return w("bidding.list").join(words[:-1]) + last + words[-1]


# --- the advice of `skatcalc bid` ------------------------------------------------------------


def advice(analysis: Analysis) -> list[str]:
    """The advice in words: the suggestion, then each game with its bids and their risk."""
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
    return f"  {name(option):<32} {tops:<11} {spread:<22} {covered}"


def _step(step: Step, skats: int) -> str:
    bids = str(step.low) if step.low == step.high else f"{step.low}-{step.high}"
    if step.loss_low == step.loss_high:
        loss = str(step.loss_low)
    else:
        loss = w("bid.loss_range", low=step.loss_low, high=step.loss_high)
    return w("bid.step", bids=bids, overbid=step.overbid, total=skats, loss=loss)
