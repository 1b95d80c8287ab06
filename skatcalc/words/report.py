"""A scoring in words players use (the words layer).

This is the one place that turns a :class:`~skatcalc.value.Scoring` into words: the chain as
players say it, the reason for the outcome, the score's arithmetic. Its JSON object is
:func:`skatcalc.formats.json.scoring_dict`, which takes its English words from here.

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
Seeger-Fabian -146: the score and -50 for the lost game (each other player at the table +40 at three players, +30 at four, +24 at five)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, assert_never

from skatcalc.games import Declaration, GameType
from skatcalc.value import Failure, Level, Outcome, Scoring, Tops, trump_order
from skatcalc.words import current, w

if TYPE_CHECKING:
    from skatcalc.sheet.rules import Rules
    from skatcalc.spec import GameSpec

__all__ = [
    "bock_ahead", "chain", "compact", "entry", "game_name", "headline", "lines", "ramsch_text",
    "reason", "score_text", "signed", "summary", "tops_text",
]  # fmt: skip


def game_name(declaration: Declaration) -> str:
    """The game as players name it: ``Clubs hand``, ``Grand ouvert``, ``Kreuz Hand``.

    >>> from skatcalc.games import GameType
    >>> game_name(Declaration.make(GameType.SPADES, hand=True, schwarz=True))
    'Spades hand, schwarz announced'
    """
    words = [w(f"game.{declaration.game.value}")]
    if declaration.ouvert:
        words.append(w("decl.ouvert"))
        if declaration.game.is_null and declaration.hand:
            words.append(w("decl.hand"))
        return " ".join(words)
    if declaration.hand:
        words.append(w("decl.hand"))
    name = " ".join(words)
    if declaration.schwarz:
        return f"{name}, {w('decl.schwarz')}"
    if declaration.schneider:
        return f"{name}, {w('decl.schneider')}"
    return name


def tops_text(tops: Tops) -> str:
    """``with 2`` / ``mit 2``."""
    return w("tops.with" if tops.with_ else "tops.without", count=tops.count)


def headline(s: Scoring) -> str:
    """The game and its tops: ``Clubs hand, with 2``; ``Null ouvert``."""
    name = game_name(s.declaration)
    return name if s.tops is None else f"{name}, {tops_text(s.tops)}"


def signed(number: int) -> str:
    """A score as score lists write it: ``+48``, ``-96``, ``0``.

    >>> signed(48), signed(-96), signed(0)
    ('+48', '-96', '0')
    """
    return f"{number:+d}" if number else "0"


def summary(s: Scoring, *, scored: bool = True) -> str:
    """One line for a score list: the game, its value, and the result with the score (without
    it when not ``scored``: a list whose score has a column of its own).

    >>> from skatcalc.value import score
    >>> summary(score("clubs", with_=2, hand=True, points=56))
    'Clubs hand, with 2 (48): lost -96'
    >>> summary(score("clubs", with_=2, hand=True, points=56), scored=False)
    'Clubs hand, with 2 (48): lost'
    >>> summary(score("grand", with_=1))
    'Grand, with 1 (48)'
    """
    text = f"{headline(s)} ({s.value})"
    if s.outcome is None or s.score is None:
        return text
    said = f"{text}: {w('outcome.' + s.outcome.value)}"
    return f"{said} {signed(s.score)}" if scored else said


def entry(s: Scoring) -> str:
    """A game as a score list's row shows it: the game, its value, the outcome, any doubling.

    >>> from skatcalc.value import score
    >>> entry(score("diamonds", with_=1, bid=20, points=85, kontra=True))
    'Diamonds, with 1 (18): overbid, Kontra'
    """
    text = f"{headline(s)} ({s.value})"
    if s.outcome is not None:
        text += f": {w('outcome.' + s.outcome.value)}"
    if s.re:
        text += ", Re"
    elif s.kontra:
        text += ", Kontra"
    return text


def compact(spec: GameSpec, s: Scoring) -> str:
    """A game in the short notation of a paper block, from the game as entered and its scoring.

    The game, the tops (counted from the cards when cards were given), what was announced
    (ouvert stands for hand, schneider and schwarz; schwarz for schneider too), Kontra or Re,
    the result as entered (card points, else tricks; Null won or lost), and the bid only when
    the game was overbid.

    >>> from skatcalc.spec import GameSpec
    >>> spec = GameSpec("clubs", with_=2, hand=True, points=56, bid=20)
    >>> compact(spec, spec.score())
    'cl w2 h 56'
    >>> spec = GameSpec("diamonds", with_=1, points=85, bid=20, kontra=True)
    >>> compact(spec, spec.score())
    'di w1 k 85 b20'
    >>> spec = GameSpec("grand", cards="SJ DJ HA HT HK SA ST C7 D8 D9", skat="H7 H8",
    ...                 ouvert=True, tricks=10, re=True)
    >>> compact(spec, spec.score())
    'gr wo1 ov re t10'
    >>> spec = GameSpec("null", hand=True, ouvert=True, tricks=1)
    >>> compact(spec, spec.score())
    'nu h ov lost'
    >>> from skatcalc.words import use
    >>> use("de")
    >>> spec = GameSpec("clubs", with_=2, hand=True, points=56, bid=20)
    >>> compact(spec, spec.score())
    'kr m2 h 56'
    >>> use("en")
    """
    words = list(_compact_head(s.declaration, s.tops, s.kontra, s.re, current()))
    if s.declaration.game.is_null:
        if s.won_on_cards is not None:
            words.append(w("short.game.won" if s.won_on_cards else "short.game.lost"))
    elif spec.points is not None:
        words.append(str(spec.points))
    elif spec.tricks is not None:
        words.append(w("short.game.tricks", tricks=spec.tricks))
    if s.overbid:
        words.append(w("short.game.bid", bid=s.bid))
    return " ".join(words)


@cache
def _compact_head(declaration: Declaration, tops: Tops | None, kontra: bool, re: bool,
                  language: str) -> tuple[str, ...]:  # fmt: skip
    """The words of :func:`compact` before the result, kept per language: a 10,000-deal list
    draws them for every deal, and games repeat them far more than they repeat whole."""
    words = [w(f"short.game.{declaration.game.value}")]
    if tops is not None:
        words.append(w("short.game.with" if tops.with_ else "short.game.without",
                       count=tops.count))  # fmt: skip
    if declaration.game.is_null:
        words.extend(w(f"short.game.{name}") for name in ("hand", "ouvert")
                     if getattr(declaration, name))  # fmt: skip
    elif declaration.ouvert:
        words.append(w("short.game.ouvert"))
    else:
        if declaration.hand:
            words.append(w("short.game.hand"))
        if declaration.schwarz:
            words.append(w("short.game.schwarz"))
        elif declaration.schneider:
            words.append(w("short.game.schneider"))
    if re:
        words.append(w("short.game.re"))
    elif kontra:
        words.append(w("short.game.kontra"))
    return tuple(words)


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
        text = w("ramsch.durchmarsch", name=durchmarsch, score=scores[durchmarsch])
    else:
        losers = [name for name, score in scores.items() if score < 0]
        lose = w("ramsch.and").join(
            w("ramsch.loses", name=name, points=-scores[name]) for name in losers
        ) or w("ramsch.nobody")
        text = w("ramsch.short" if short else "ramsch.long", lose=lose, counted=counted)
        if jungfrau:
            text += w("ramsch.jungfrau", names=", ".join(jungfrau))
    if pushes:
        text += w("ramsch.pushed", count=pushes)
    return text


def bock_ahead(ahead: Sequence[int]) -> str:
    """The Bock deals still to come, in words.

    >>> bock_ahead([2, 2, 1])
    'Bock ahead: the next 3 deals: × 4, × 4, × 2'
    """
    factors = ", ".join(f"× {1 << levels}" for levels in ahead)
    return w("bock.ahead", count=len(ahead), factors=factors)


def chain(s: Scoring) -> str:
    """The multiplier chain as players count it, ending in the game value.

    >>> from skatcalc.value import score
    >>> chain(score("clubs", with_=2, ouvert=True))
    'with 2, game 3, hand 4, schneider 5, schneider announced 6, schwarz 7, schwarz announced 8, ouvert 9 × 12 = 108'
    >>> chain(score("null", hand=True))
    'Null hand: fixed value 35'
    """
    if s.tops is None:
        return w("chain.null", name=game_name(s.declaration), value=s.value)
    return w("chain", steps=_steps(s.tops, s.levels, current()), base=s.base_value, value=s.value)


@cache
def _steps(tops: Tops, levels: tuple[Level, ...], language: str) -> str:
    """The steps of :func:`chain` before the base value, kept per language: a batch's games
    repeat them far more than their chains (155 steps in the 627 chains of bench/games.py
    `varied`), and a chain said with them kept takes 2.0 µs, not 5.0 (``python -m timeit``,
    clubs hand with 2). At most 22 tops by the levels, which come in the order of
    :class:`Level`: a few thousand a language."""
    steps = [tops_text(tops)]
    count = tops.count
    for level in levels:
        count += 1
        steps.append(f"{w('level.' + level.value)} {count}")
    return ", ".join(steps)


def reason(s: Scoring) -> str | None:
    """Why the game ended as it did, or None when no result was given.

    >>> from skatcalc.value import score
    >>> reason(score("clubs", with_=1, hand=True, points=74, bid=46))
    'overbid: the value 36 does not reach the bid 46; the lowest clubs value that reaches it is 48 (4 × 12)'
    """
    outcome = s.outcome
    if outcome is None:
        return None
    # The words depend on little: kept per language (a batch repeats them a lot). Won or
    # lost: on the result; overbid: on the game, value and bid, and (lost on cards too) the
    # result. bench/batch.py's 20,000 games: 7,240 overbid (the bids drawn at random), 2.4 µs
    # a game to say anew.
    play = s.play
    assert play is not None
    # once (the game is no property call): an overbid's reason, kept, 0.66 µs, not 0.75
    language, game = current(), s.declaration.game
    result = (s.failure, game is GameType.NULL, play.points, play.tricks, language)
    if outcome is Outcome.OVERBID:
        key: tuple[object, ...] = (outcome, game, s.value, s.bid, s.base_value, language)
        text = _REASON_WORDS.get(key)
        if text is None:
            text = _kept(key, w(
                "reason.overbid", value=s.value, bid=s.bid, game=w(f"game.word.{game.value}"),
                covering=s.covering_value, times=s.covering_value // s.base_value,
                base=s.base_value,
            ))  # fmt: skip
        if not s.won_on_cards:
            cards = _REASON_WORDS.get(("cards", *result))
            if cards is None:
                cards = _kept(("cards", *result), w("reason.overbid.cards", why=_lost(s)))
            text += cards
        return text
    key = (outcome, *result)
    known = _REASON_WORDS.get(key)
    if known is not None:
        return known
    if outcome is Outcome.WON:
        said = w("reason.won", why=_won(s))
    elif outcome is Outcome.LOST:
        said = w("reason.lost", why=_lost(s))
    else:
        assert_never(outcome)
    return _kept(key, said)


_REASON_WORDS: dict[tuple[object, ...], str] = {}
"""The reasons said, by what they depend on (at most 16,384 kept)."""


def _kept(key: tuple[object, ...], said: str) -> str:
    if len(_REASON_WORDS) >= 16384:
        _REASON_WORDS.clear()
    _REASON_WORDS[key] = said
    return said


def _won(s: Scoring) -> str:
    play = s.play
    assert play is not None
    if s.game.is_null:
        return w("won.null")
    if play.tricks == 10:
        return w("won.schwarz")
    if play.points is not None and play.points >= 90:
        return w("won.schneider", points=play.points)
    if play.points is None:  # pragma: no cover - a won game always has its points
        return w("won.null")
    return w("won.points", points=play.points)


def _lost(s: Scoring) -> str:
    play = s.play
    assert play is not None
    failure = s.failure
    if failure is None:
        raise ValueError("the game was won on cards")
    if failure is Failure.NULL_TRICK:
        return w("lost.null", count=play.tricks)
    if failure is Failure.SCHWARZ_ANNOUNCED:
        if play.tricks is None:
            return w("lost.schwarz.unknown")
        return w("lost.schwarz", tricks=play.tricks)
    if failure is Failure.SCHNEIDER_ANNOUNCED:
        return w("lost.schneider", points=play.points)
    if failure is Failure.CARD_POINTS:
        if play.points is None:
            return w("lost.no_trick")
        text = w("lost.points", points=play.points)
        if play.tricks == 0:
            text += w("lost.points.schwarz")
        elif play.points is not None and play.points <= 30:
            text += w("lost.points.schneider")
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
    shown = signed(total)
    if s.outcome is Outcome.WON:
        key = "score.won" if s.factor == 1 else "score.won.doubled"
    elif s.outcome is Outcome.OVERBID:
        key = "score.overbid" if s.loss_factor == 2 else "score.overbid.single"
    else:
        key = "score.lost" if s.loss_factor == 2 else "score.lost.single"
    text = w(key, total=shown, value=scored, loss=s.loss_factor)
    if s.re:
        text += w("score.re")
    elif s.kontra:
        text += w("score.kontra")
    if s.bock:
        text += w("score.bock", count=s.bock, factor=1 << s.bock)
    return text


def lines(s: Scoring, rules: Rules | None = None) -> list[str]:
    """The whole breakdown a player reads at a glance; on a sheet, the Seeger-Fabian line by
    the ``rules`` in force at the deal (a club's own bonuses), else by the ISkO's."""
    out = [headline(s)]
    if s.declaration.ouvert and not s.game.is_null:
        # a Grand ouvert on base 36 (the old rule) counts no ouvert level: say why
        key = "ouvert.implies.base36" if s.base_value == 36 else "ouvert.implies"
        out.append(f"  {w(key)}")
    if s.hand_tops is not None and s.tops is not None:
        out.append(f"  {_tops_from_cards(s)}")
    out.append(f"  {chain(s)}")
    out.append(f"  {_bid_line(s)}")
    text = reason(s)
    if text is not None:
        out.append(text[0].upper() + text[1:])
        out.append(score_text(s) or "")
        out.append(_seeger_fabian_text(s, rules))
    return out


def _tops_from_cards(s: Scoring) -> str:
    assert s.tops is not None and s.hand_tops is not None
    if s.hand_tops == s.tops:
        return w("tops.cards", tops=tops_text(s.tops))
    reach = max(s.tops.count, s.hand_tops.count) + 1
    changed = " ".join(w("card", card=c.said) for c in trump_order(s.game)[:reach] if c in s.skat)
    return w(
        "tops.cards.changed", tops=tops_text(s.tops), cards=changed, alone=tops_text(s.hand_tops)
    )


def _bid_line(s: Scoring) -> str:
    top = s.max_bid
    if s.value >= s.bid:
        return w("bid.covered", bid=s.bid, top=top)
    return w(
        "bid.not_covered", bid=s.bid, value=s.value, top=top, game=w(f"game.word.{s.game.value}"),
        covering=s.covering_value,
    )  # fmt: skip


def _seeger_fabian_text(s: Scoring, rules: Rules | None = None) -> str:
    """The declarer's Seeger-Fabian points from the game; with a sheet's ``rules``, by its
    bonus, penalty and points for the others (the ISkO's 50, 50, 40/30/24 otherwise).

    >>> from skatcalc.sheet.rules import Rules
    >>> from skatcalc.value import score
    >>> _seeger_fabian_text(score("grand", with_=1, points=70), Rules(won_bonus=60))
    'Seeger-Fabian +108: the score and +60 for the won game'
    """
    won = s.outcome is Outcome.WON
    if rules is None:
        return w("sf.won" if won else "sf.lost", total=signed(s.seeger_fabian or 0))
    total = (s.score or 0) + (rules.won_bonus if won else -rules.lost_penalty)
    return w(
        "sf.won.rules" if won else "sf.lost.rules", total=signed(total),
        bonus=signed(rules.won_bonus), penalty=signed(-rules.lost_penalty),
        three=signed(rules.opponents_three), four=signed(rules.opponents_four),
        five=signed(rules.opponents_five),
    )  # fmt: skip
