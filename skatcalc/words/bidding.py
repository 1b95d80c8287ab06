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
        holds = _join([w("card", card=card.said) for card in entry.holds], w("bidding.and"))
        lacks = _join([w("card", card=card.said) for card in entry.lacks], w("bidding.or"))
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


def advice(analysis: Analysis, every: bool = False, width: int | None = None) -> list[str]:
    """The advice in words: the suggestion, then each game the hand suggests (``every``: every
    game) with its forms (hand, announced, ouvert), their values and bids and their risk.

    A game's forms are rows under the game and its tops, in columns that fit 80 columns; at a
    narrower ``width`` a form's value and bid go on a line of their own.

    >>> from skatcalc.bidding import analyse
    >>> said = advice(analyse("SJ HJ CA CT CK CQ C9 SA ST H7"))
    >>> print("\\n".join(said[3:7]))
    Clubs, without 1:
      game                       value 24 (24 to 120)   covered to 24
          27-48: overbid with 210 of 231 skats, -72 to -96
          50-120: overbid with 230 of 231 skats, -120 to -240
    >>> max(len(line) for line in said[3:-3] if not line.startswith("      ")) <= 80, said[-1]
    (True, '5 more games (Spades, Hearts, Diamonds, Grand, Null) are not suggested: --all shows them.')
    """
    lines = [w("bid.hand", cards=" ".join(w("card", card=card.said) for card in analysis.cards))]
    picks = _suggestions(analysis)
    lines.append(w("bid.suggests", games=picks) if picks else w("bid.suggests.none"))
    lines.append(w("bid.header", skats=analysis.skats))
    shown = [o for o in analysis.options if every or not picks or o.suggested]
    rows = {id(option): _row(option) for option in shown}
    sizes = [max(len(row[i]) for row in rows.values()) for i in (0, 1)] if rows else [0, 0]
    wide = width is not None and 2 + sizes[0] + 2 + sizes[1] + 3 + 16 > width
    games: list[GameType] = []
    for option in shown:
        if option.game not in games:
            if games:
                lines.append("")
            games.append(option.game)
            lines.append(_game_line(option))
        form, spread, covered = rows[id(option)]
        if wide:
            lines += [f"  {form}", f"    {spread}, {covered}"]
        else:
            lines.append(f"  {form:<{sizes[0]}}  {spread:<{sizes[1]}}  {covered}".rstrip())
        lines.extend(f"      {_step(step, option.skats)}" for step in option.ladder)
        if option is next(o for o in shown if o.game is option.game):
            lines.extend(f"      {text}" for text in explain(option))  # once per game
    hidden = [g for g in dict.fromkeys(o.game for o in analysis.options) if g not in games]
    lines += ["", w("bid.switch")]
    if hidden:
        names = w("bidding.list").join(w(f"game.{game.value}") for game in hidden)
        lines.append(w("bid.more", count=len(hidden), games=names))
    return lines


def _game_line(option: Option) -> str:
    """``Clubs, without 1:``: the game and the tops the 10 cards give (Null has none)."""
    game = w(f"game.{option.game.value}")
    if option.tops_alone is None:
        return w("bid.game", game=game)
    return w("bid.game.tops", game=game, tops=tops_text(option.tops_alone))


def _row(option: Option) -> tuple[str, str, str]:
    """A form's cells: its name under the game's (``hand, schneider announced``), its value
    and range, the highest bid every skat covers."""
    game = w(f"game.{option.game.value}")
    form = name(option).removeprefix(game).lstrip(" ,") or w("bid.form.plain")
    if option.value_low == option.value_high:
        spread = w("bid.value", value=option.value_alone)
    else:
        spread = w(
            "bid.range", value=option.value_alone, low=option.value_low, high=option.value_high
        )
    covered = (
        w("bid.never") if option.safe_bid is None else w("bid.covered_to", bid=option.safe_bid)
    )
    return form, spread, covered


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


def _step(step: Step, skats: int) -> str:
    bids = str(step.low) if step.low == step.high else f"{step.low}-{step.high}"
    if step.loss_low == step.loss_high:
        loss = str(step.loss_low)
    else:
        loss = w("bid.loss_range", low=step.loss_low, high=step.loss_high)
    return w("bid.step", bids=bids, overbid=step.overbid, total=skats, loss=loss)
