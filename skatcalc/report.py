"""A scoring in words players use, and as the JSON object scripts read.

This is the one place that turns a :class:`~skatcalc.value.Scoring` into text: the chain as
players say it, the reason for the outcome, the score's arithmetic. The JSON schema is documented
in docs/json.md and pinned by tests.

>>> from skatcalc.value import score
>>> s = score("clubs", with_=2, hand=True, points=56, bid=20)
>>> chain(s)
'with 2, game 3, hand 4 × 12 = 48'
>>> reason(s)
'lost: 56 card points, the declarer needs 61'
>>> print("\\n".join(lines(s)))
Clubs hand, with 2
  with 2, game 3, hand 4 × 12 = 48
  bid 20: covered (the value covers every bid up to 48)
Lost: 56 card points, the declarer needs 61
Score -96: a lost game counts double, -2 × 48
Seeger-Fabian -146: the score and -50 for the lost game (each other player at the table +40 at three players, +30 at four)
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, assert_never

from skatcalc.games import GameType
from skatcalc.value import BIDS, Failure, Outcome, Scoring, Tops, trump_order

__all__ = [
    "chain",
    "covered_bids",
    "headline",
    "lines",
    "reason",
    "score_text",
    "summary",
    "to_dict",
]


def headline(s: Scoring) -> str:
    """The game and its tops: ``Clubs hand, with 2``; ``Null ouvert``."""
    return s.declaration.name if s.tops is None else f"{s.declaration.name}, {s.tops}"


def signed(number: int) -> str:
    """A score as score lists write it: ``+48``, ``-96``, ``0``.

    >>> signed(48), signed(-96), signed(0)
    ('+48', '-96', '0')
    """
    return f"{number:+d}" if number else "0"


def summary(s: Scoring) -> str:
    """One line for a score list: the game, its value, and the result with the score.

    >>> from skatcalc.value import score
    >>> summary(score("clubs", with_=2, hand=True, points=56))
    'Clubs hand, with 2 (48): lost -96'
    >>> summary(score("grand", with_=1))
    'Grand, with 1 (48)'
    """
    text = f"{headline(s)} ({s.value})"
    if s.outcome is None or s.score is None:
        return text
    return f"{text}: {s.outcome.value} {signed(s.score)}"


def ramsch_text(points: Sequence[tuple[str, int]], jungfrau: Sequence[str],
                durchmarsch: str | None, pushes: int, scores: Mapping[str, int],
                short: bool = False) -> str:  # fmt: skip
    """A Ramsch deal in words: who lost how much, and why.

    >>> ramsch_text([("Anna", 62), ("Ben", 58), ("Carl", 0)], ["Carl"], None, 0,
    ...             {"Anna": -124, "Ben": 0, "Carl": 0})
    'Ramsch: Anna 62, Ben 58, Carl 0 card points; Anna loses 124 (Jungfrau: Carl)'
    """
    counted = ", ".join(f"{name} {value}" for name, value in points)
    if durchmarsch is not None and scores.get(durchmarsch, 0) > 0:
        text = f"Ramsch: Durchmarsch by {durchmarsch}, +{scores[durchmarsch]}"
    else:
        losers = [name for name, score in scores.items() if score < 0]
        lose = " and ".join(f"{name} loses {-scores[name]}" for name in losers) or "nobody loses"
        text = f"Ramsch: {lose}" if short else f"Ramsch: {counted} card points; {lose}"
        if jungfrau:
            text += f" (Jungfrau: {', '.join(jungfrau)})"
    if pushes:
        text += f"; the skat was pushed on {pushes} time{'s' if pushes > 1 else ''}"
    return text


def bock_ahead(ahead: Sequence[int]) -> str:
    """The Bock deals still to come, in words.

    >>> bock_ahead([2, 2, 1])
    'Bock ahead: the next 3 deals: × 4, × 4, × 2'
    """
    factors = ", ".join(f"× {1 << levels}" for levels in ahead)
    return f"Bock ahead: the next {len(ahead)} deal{'s' if len(ahead) > 1 else ''}: {factors}"


def chain(s: Scoring) -> str:
    """The multiplier chain as players count it, ending in the game value.

    >>> from skatcalc.value import score
    >>> chain(score("clubs", with_=2, ouvert=True))
    'with 2, game 3, hand 4, schneider 5, schneider announced 6, schwarz 7, schwarz announced 8, ouvert 9 × 12 = 108'
    >>> chain(score("null", hand=True))
    'Null hand: fixed value 35'
    """
    if s.tops is None:
        return f"{s.declaration.name}: fixed value {s.value}"
    steps = [str(s.tops)]
    count = s.tops.count
    for level in s.levels:
        count += 1
        steps.append(f"{level.spoken} {count}")
    return f"{', '.join(steps)} × {s.base_value} = {s.value}"


def reason(s: Scoring) -> str | None:
    """Why the game ended as it did, or None when no result was given.

    >>> from skatcalc.value import score
    >>> reason(score("clubs", with_=1, hand=True, points=74, bid=46))
    'overbid: the value 36 does not reach the bid 46; the lowest clubs value that reaches it is 48 (4 × 12)'
    """
    outcome = s.outcome
    if outcome is None:
        return None
    if outcome is Outcome.OVERBID:
        text = (
            f"overbid: the value {s.value} does not reach the bid {s.bid}; the lowest "
            f"{s.game.value} value that reaches it is {s.covering_value} "
            f"({s.covering_value // s.base_value} × {s.base_value})"
        )
        if not s.won_on_cards:
            text += f"; the game was lost on cards too ({_lost(s)})"
        return text
    if outcome is Outcome.WON:
        return f"won: {_won(s)}"
    if outcome is Outcome.LOST:
        return f"lost: {_lost(s)}"
    assert_never(outcome)


def _won(s: Scoring) -> str:
    play = s.play
    assert play is not None
    if s.game.is_null:
        return "the declarer took no trick"
    if play.tricks == 10:
        return "the declarer took all ten tricks, schwarz"
    if play.points is not None and play.points >= 90:
        return f"{play.points} card points, schneider (90 or more)"
    return f"{play.points} card points (61 needed)"


def _lost(s: Scoring) -> str:
    play = s.play
    assert play is not None
    failure = s.failure
    if failure is None:
        raise ValueError("the game was won on cards")
    if failure is Failure.NULL_TRICK:
        taken = "a trick" if play.tricks == 1 else f"{play.tricks} tricks"
        return f"the declarer took {taken}, and Null is lost with the first trick"
    if failure is Failure.SCHWARZ_ANNOUNCED:
        taken = "did not take them all" if play.tricks is None else f"took {play.tricks}"
        return f"schwarz was announced, so the declarer needed all ten tricks and {taken}"
    if failure is Failure.SCHNEIDER_ANNOUNCED:
        return (
            f"schneider was announced, so the declarer needed 90 card points and made {play.points}"
        )
    if failure is Failure.CARD_POINTS:
        text = f"{play.points} card points, the declarer needs 61"
        if play.tricks == 0:
            text += "; no trick: schwarz against the declarer counts in the value"
        elif play.points is not None and play.points <= 30:
            text += "; 30 or fewer: schneider against the declarer counts in the value"
        return text
    assert_never(failure)


def score_text(s: Scoring) -> str | None:
    """The score and its arithmetic.

    >>> from skatcalc.value import score
    >>> score_text(score("diamonds", with_=1, bid=20, points=85, kontra=True))
    'Score -108: overbid, so -2 × 27, × 2 Kontra'
    """
    total = s.score
    scored = s.scored_value
    if total is None or scored is None:
        return None
    if s.outcome is Outcome.WON:
        text = (
            f"Score +{total}: the value {scored}" if s.factor == 1 else f"Score +{total}: {scored}"
        )
    elif s.outcome is Outcome.OVERBID:
        text = f"Score {total}: overbid, so -{s.loss_factor} × {scored}".replace("-1 × ", "-")
    elif s.loss_factor == 1:
        text = f"Score {total}: a lost hand game counts single (old rule), -{scored}"
    else:
        text = f"Score {total}: a lost game counts double, -2 × {scored}"
    if s.re:
        text += ", × 4 Kontra and Re"
    elif s.kontra:
        text += ", × 2 Kontra"
    if s.bock:
        text += ", × 2 Bock" if s.bock == 1 else f", × {1 << s.bock} Bock ({s.bock} rounds)"
    return text


def lines(s: Scoring) -> list[str]:
    """The whole breakdown a player reads at a glance."""
    out = [headline(s)]
    if s.declaration.ouvert and not s.game.is_null:
        out.append("  ouvert: played hand, with schneider and schwarz announced")
    if s.hand_tops is not None and s.tops is not None:
        out.append(f"  tops from the cards: {_tops_from_cards(s)}")
    out.append(f"  {chain(s)}")
    out.append(f"  {_bid_line(s)}")
    text = reason(s)
    if text is not None:
        out.append(text[0].upper() + text[1:])
        out.append(score_text(s) or "")
        out.append(_seeger_fabian_text(s))
    return out


def _tops_from_cards(s: Scoring) -> str:
    assert s.tops is not None and s.hand_tops is not None
    if s.hand_tops == s.tops:
        return f"{s.tops}"
    reach = max(s.tops.count, s.hand_tops.count) + 1
    changed = [c.symbol for c in trump_order(s.game)[:reach] if c in s.skat]
    return f"{s.tops}; the skat held {' '.join(changed)}, the hand alone was {s.hand_tops}"


def _bid_line(s: Scoring) -> str:
    top = s.max_bid
    if s.value >= s.bid:
        return f"bid {s.bid}: covered (the value covers every bid up to {top})"
    return (
        f"bid {s.bid}: not covered, the value {s.value} covers bids up to {top}; the lowest "
        f"{s.game.value} value that reaches {s.bid} is {s.covering_value}"
    )


def _seeger_fabian_text(s: Scoring) -> str:
    if s.outcome is Outcome.WON:
        return f"Seeger-Fabian +{s.seeger_fabian}: the score and +50 for the won game"
    return (
        f"Seeger-Fabian {s.seeger_fabian}: the score and -50 for the lost game "
        "(each other player at the table +40 at three players, +30 at four)"
    )


def covered_bids(s: Scoring) -> tuple[int, ...]:
    """Every legal bid the value covers.

    >>> from skatcalc.value import score
    >>> covered_bids(score("diamonds", with_=1))
    (18,)
    """
    return tuple(b for b in BIDS if b <= s.value)


def to_dict(s: Scoring) -> dict[str, Any]:
    """The JSON object of ``skatcalc value --json`` (schema: docs/json.md).

    >>> from skatcalc.value import score
    >>> d = to_dict(score("grand", with_=4, points=92))
    >>> d["tops"], d["levels"], d["value"], d["outcome"], d["score"]
    ({'with': True, 'count': 4}, ['game', 'schneider'], 144, 'won', 144)
    """
    return {**_fixed(s), **_result(s)}


def _fixed(s: Scoring) -> dict[str, Any]:
    """The keys fixed by the declaration, tops, levels and bid."""
    decl = s.declaration
    game = decl.game
    return {
        "game": game.value,
        "declaration": {
            "hand": decl.hand,
            "schneider": decl.schneider,
            "schwarz": decl.schwarz,
            "ouvert": decl.ouvert,
        },
        "name": decl.name,
        "base_value": None if game is GameType.NULL else s.base_value,
        "tops": _tops_dict(s.tops),
        "tops_from_hand": _tops_dict(s.hand_tops),
        "skat": [str(card) for card in s.skat],
        "levels": [level.value for level in s.levels],
        "multiplier": s.multiplier,
        "chain": chain(s),
        "value": s.value,
        "bid": s.bid,
        "max_bid": s.max_bid,
        "covering_value": s.covering_value,
        "kontra": s.kontra,
        "re": s.re,
        "bock": s.bock > 0,
        "factor": s.factor,
    }


def _result(s: Scoring) -> dict[str, Any]:
    """The keys of the result: points, outcome, score."""
    play = s.play
    outcome = s.outcome
    return {
        "points": None if play is None else play.points,
        "tricks": None if play is None else play.tricks,
        "outcome": None if outcome is None else outcome.value,
        "reason": reason(s),
        "scored_value": s.scored_value,
        "score": s.score,
        "seeger_fabian": s.seeger_fabian,
    }


_GAMES: dict[tuple[object, ...], tuple[str, object, object, object]] = {}
_BIDS: dict[tuple[object, ...], str] = {}
_GAME_KEYS = ("game", "declaration", "name", "base_value", "tops", "tops_from_hand", "skat",
              "levels", "multiplier", "chain", "value")  # fmt: skip
_BID_KEYS = ("bid", "max_bid", "covering_value", "kontra", "re", "bock", "factor")


def _fragment(data: dict[str, Any], keys: tuple[str, ...]) -> str:
    """Some keys of an object as JSON, without the braces: ``"a": 1, "b": 2``."""
    return _ENCODE({key: data[key] for key in keys})[1:-1]


_ENCODE = json.JSONEncoder(ensure_ascii=False).encode
_STRING = json.encoder.encode_basestring  # a JSON string, as the encoder above writes it


def to_json(s: Scoring) -> str:
    """``json.dumps(to_dict(s), ensure_ascii=False)``, made fast for batches.

    The parts of the object fixed by the declaration and tops, and by the value and bid, are
    encoded once and kept (up to 8,192 of each), so a log of games mostly formats results only.

    >>> from skatcalc.value import score
    >>> game = score("grand", with_=4, points=92, kontra=True)
    >>> to_json(game) == json.dumps(to_dict(game), ensure_ascii=False)
    True
    """
    # Keyed by identity: equal declarations and tops are mostly the same cached objects, and
    # the entry holds them, so no id is reused while it lives.
    decl, tops, hand_tops = s.declaration, s.tops, s.hand_tops
    game_key = (id(decl), id(tops), id(hand_tops), s.skat, s.value, s.levels, s.base_value)
    game_entry = _GAMES.get(game_key)
    if game_entry is None:
        if len(_GAMES) >= 8192:
            _GAMES.clear()
        game_entry = _GAMES[game_key] = (_fragment(_fixed(s), _GAME_KEYS), decl, tops, hand_tops)
    bid_key = (decl.game, s.value, s.bid, s.kontra, s.re, s.bock, s.base_value)
    bid_part = _BIDS.get(bid_key)
    if bid_part is None:
        if len(_BIDS) >= 8192:
            _BIDS.clear()
        bid_part = _BIDS[bid_key] = _fragment(_fixed(s), _BID_KEYS)
    head = f"{{{game_entry[0]}, {bid_part}"
    play = s.play
    outcome = s.outcome
    if play is None or outcome is None:
        return f"{head}, {_ENCODE(_result(s))[1:]}"
    return (
        f'{head}, "points": {"null" if play.points is None else play.points}, '
        f'"tricks": {"null" if play.tricks is None else play.tricks}, '
        f'"outcome": "{outcome.value}", "reason": {_STRING(reason(s) or "")}, '
        f'"scored_value": {s.scored_value}, "score": {s.score}, '
        f'"seeger_fabian": {s.seeger_fabian}}}'
    )


def _tops_dict(tops: Tops | None) -> dict[str, Any] | None:
    if tops is None:
        return None
    return {"with": tops.with_, "count": tops.count}
