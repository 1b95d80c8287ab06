"""The bidding helper: what 10 cards are worth before the skat is seen, and how high to bid.

Tops are counted over the declarer's 12 cards, the skat included (skat-scoring.md), so the two
unseen skat cards can change them: a jack the hand lacks may lie in the skat. :func:`analyse`
walks all 231 skats the 22 unseen cards allow and reports, for every game the hand could
declare (the announced schneider, schwarz and ouvert hand games included), the tops and values
they give, the highest bid every skat covers, and for each bid above it how many skats would
make it overbid and what the overbid costs. The games the hand suggests (by its trumps) come
first.

The result is data; :mod:`skatcalc.words.bidding` puts it in words (the games' names, what the
skat could do, the advice), and :mod:`skatcalc.formats.json` makes the object of ``bid --json``.

>>> analysis = analyse("SJ HJ CA CT CK CQ C9 SA ST H7")
>>> [option.declaration for option in analysis.options[:2]]
[Declaration(game=<GameType.CLUBS: 'clubs'>, hand=False, schneider=False, schwarz=False, ouvert=False), Declaration(game=<GameType.CLUBS: 'clubs'>, hand=True, schneider=False, schwarz=False, ouvert=False)]
>>> clubs = analysis.option(GameType.CLUBS, hand=True)
>>> str(clubs.tops_alone), clubs.value_low, clubs.value_high, clubs.safe_bid
('without 1', 36, 132, 36)
>>> [(str(t.tops), t.skats, t.holds, t.lacks) for t in clubs.possible_tops if t.change]
[('with 3', 20, (Card.parse('CJ'),), (Card.parse('DJ'),)), ('with 9', 1, (Card.parse('CJ'), Card.parse('DJ')), ())]
>>> clubs.ladder
(Step(low=40, high=60, overbid=210, loss_low=-96, loss_high=-120), Step(low=63, high=132, overbid=230, loss_low=-144, loss_high=-264))
>>> analyse("SJ HJ CA")
Traceback (most recent call last):
...
skatcalc.errors.CardError: err.bidding.size(size=10, got=3)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from enum import StrEnum
from itertools import combinations, pairwise
from typing import NamedTuple

from skatcalc.cards import DECK, Card, Rank, Suit, parse_cards
from skatcalc.errors import CardError, Say, say
from skatcalc.frozen import record
from skatcalc.games import NULL_VALUES, Declaration, GameType
from skatcalc.value import BIDS, Tops, covering_value, max_bid, score, trump_order

__all__ = ["Analysis", "Change", "Option", "SkatTops", "Step", "analyse", "suggested"]

_HAND_SIZE = 10


class Change(StrEnum):
    """How the skat changes the tops the hand alone shows; the value is the name in JSON.

    >>> [change.value for change in Change]
    ['with', 'shorter', 'longer']
    >>> Change("lower")
    Traceback (most recent call last):
    ...
    ValueError: 'lower' is not a valid Change
    """

    WITH = "with"
    """A hand "without" becomes "with": the skat holds the top jack."""
    SHORTER = "shorter"
    """Fewer tops without: the skat holds the trump that ends the missing run early."""
    LONGER = "longer"
    """More tops with: the skat holds the trump that the hand's run stopped at."""


class SkatTops(NamedTuple):
    """One tops the 12 cards can have, how many skats give it, and the skat that does.

    ``holds`` and ``lacks`` are the condition: the skat gives these tops exactly when it holds
    every card of ``holds`` and none of ``lacks`` (trumps the hand does not have).

    >>> option = analyse("SJ HJ CA CT CK CQ C9 SA ST H7").option(GameType.CLUBS, hand=False)
    >>> [(str(t.tops), t.skats, t.value, t.change) for t in option.possible_tops]
    [('without 1', 210, 24, None), ('with 3', 20, 48, <Change.WITH: 'with'>), ('with 9', 1, 120, <Change.WITH: 'with'>)]
    """

    tops: Tops
    skats: int
    value: int
    holds: tuple[Card, ...]
    lacks: tuple[Card, ...]
    change: Change | None
    """How these tops differ from the hand's own; None when they are the same."""


class Step(NamedTuple):
    """Bids above the always-covered one that the same skats would make overbid.

    Every bid from ``low`` to ``high`` is overbid when the skat is one of ``overbid`` skats
    (those whose value stays below the bid); the overbid then costs ``loss_low`` at the bid
    ``low`` to ``loss_high`` at ``high``: -2 × the lowest value of the game that reaches the bid
    (skat-scoring.md, before Kontra and Re; a schneider made can still lift the value).
    """

    low: int
    high: int
    overbid: int
    loss_low: int
    loss_high: int


@record
class Option:
    """One game the hand could declare, with the values the unseen skat allows.

    Null has no tops: ``tops_alone`` is None, ``possible_tops`` is empty and the value is fixed.
    ``schneider``, ``schwarz`` and ``ouvert`` are the announcements as they count (an ouvert
    suit or grand game is hand with schneider and schwarz announced). ``trumps`` is how many
    trumps the 10 cards hold (None for Null); ``suggested`` says the hand points to this game
    (see :func:`suggested`).
    """

    game: GameType
    hand: bool
    ouvert: bool
    tops_alone: Tops | None
    value_alone: int
    value_low: int
    value_high: int
    safe_bid: int | None
    possible_tops: tuple[SkatTops, ...]
    skats: int
    schneider: bool = False
    schwarz: bool = False
    trumps: int | None = None
    suggested: bool = False

    @property
    def declaration(self) -> Declaration:
        """The game as declared."""
        return Declaration.make(
            self.game,
            hand=self.hand,
            schneider=self.schneider,
            schwarz=self.schwarz,
            ouvert=self.ouvert,
        )

    @property
    def ladder(self) -> tuple[Step, ...]:
        """The bids above the always-covered one, grouped by the skats that overbid them.

        Only bids some skat still covers are listed (up to ``value_high``); Null has a fixed
        value, so nothing above it.

        >>> option = analyse("HJ CA CT CK CQ C9 C8 SA ST S9").option(GameType.CLUBS, hand=True)
        >>> option.safe_bid, option.ladder
        (36, (Step(low=40, high=48, overbid=40, loss_low=-96, loss_high=-96), Step(low=50, high=60, overbid=230, loss_low=-120, loss_high=-120)))
        """
        if not self.possible_tops:
            return ()
        base = self.game.base_value
        counts = Counter[int]()
        for entry in self.possible_tops:
            counts[entry.value] += entry.skats
        values = sorted(counts)
        steps = []
        below = 0
        for lower, upper in pairwise(values):
            below += counts[lower]
            covered = [bid for bid in BIDS if lower < bid <= upper]
            if not covered:
                continue
            low, high = covered[0], covered[-1]
            steps.append(
                Step(
                    low,
                    high,
                    below,
                    -2 * covering_value(base, low),
                    -2 * covering_value(base, high),
                )
            )
        return tuple(steps)


@record
class Analysis:
    """The options of one 10-card hand: the games the hand suggests first, then the others."""

    cards: tuple[Card, ...]
    options: tuple[Option, ...]
    skats: int

    def option(
        self,
        game: GameType,
        *,
        hand: bool,
        ouvert: bool = False,
        schneider: bool = False,
        schwarz: bool = False,
    ) -> Option:
        """The option for one game, e.g. clubs from hand.

        >>> analyse("SJ HJ CA CT CK CQ C9 SA ST H7").option(GameType.NULL, hand=True).value_low
        35
        >>> analyse("SJ HJ CA CT CK CQ C9 SA ST H7").option(GameType.CLUBS, hand=True, ouvert=True).value_low
        96
        >>> analyse("SJ HJ CA CT CK CQ C9 SA ST H7").option(GameType.CLUBS, hand=False, schneider=True)
        Traceback (most recent call last):
        ...
        skatcalc.errors.DeclarationError: err.decl.hand(name=level.schneider)
        """
        wanted = Declaration.make(
            game, hand=hand, ouvert=ouvert, schneider=schneider, schwarz=schwarz
        )
        return next(option for option in self.options if option.declaration == wanted)


def analyse(cards: Sequence[Card] | str) -> Analysis:
    """Every game the 10 cards could declare, with its tops, values and covered bid.

    The cards are a string in any notation :func:`~skatcalc.cards.parse_cards` reads, or cards.

    >>> a = analyse("CJ SJ HJ DJ CA CT CK SA ST HA")
    >>> [(o.game.value, o.hand, o.schneider, o.value_low, o.safe_bid) for o in a.options[:3]]
    [('clubs', False, False, 96, 96), ('clubs', True, False, 108, 108), ('clubs', True, True, 132, 132)]
    >>> [o.game.value for o in a.options if o.suggested]  # seven trumps in clubs, all four jacks
    ['clubs', 'clubs', 'clubs', 'clubs', 'clubs', 'grand', 'grand', 'grand', 'grand', 'grand']
    >>> analyse("CJ SJ HJ DJ CA CT CK SA ST HA HT")
    Traceback (most recent call last):
    ...
    skatcalc.errors.CardError: err.bidding.size(size=10, got=11)
    """
    hand = _hand(cards)
    held = set(hand)
    unseen = [card for card in DECK if card not in held]
    skats = list(combinations(unseen, 2))
    picks = suggested(hand)
    options = [
        _trump_option(Declaration.make(game, **flags), hand, skats, game in picks)
        for game in GameType
        if not game.is_null
        for flags in _VARIANTS
    ]
    options += [
        _null_option(hand_game, ouvert, len(skats), GameType.NULL in picks)
        for (hand_game, ouvert) in NULL_VALUES
    ]
    options.sort(key=lambda option: _rank(option, picks))
    return Analysis(cards=hand, options=tuple(options), skats=len(skats))


_VARIANTS: tuple[dict[str, bool], ...] = (
    {},
    {"hand": True},
    {"hand": True, "schneider": True},
    {"hand": True, "schwarz": True},
    {"ouvert": True},
)
"""The declarations of a suit or grand game, in the order offered: with the skat picked up,
hand, hand with schneider announced, with schwarz announced, ouvert."""

_NULL_HIGH = frozenset({Rank.ACE, Rank.KING})


def suggested(cards: Sequence[Card]) -> tuple[GameType, ...]:
    """The games the 10 cards point to, the likeliest first (a rule of thumb, not a promise).

    - A suit game in the suit with the most trumps (jacks and the suit's cards), when it has 5
      or more; of equally long suits, every one, the higher base value first.
    - Grand with 3 or 4 jacks, or with ♣J, another jack and 2 aces or more.
    - Null with no ace and no king (in Null a king is the second highest card).

    >>> suggested(parse_cards("SJ HJ CA CT CK CQ C9 SA ST H7"))
    (<GameType.CLUBS: 'clubs'>,)
    >>> suggested(parse_cards("CJ SJ DJ HA HT HK SA ST DA D7"))
    (<GameType.HEARTS: 'hearts'>, <GameType.GRAND: 'grand'>)
    >>> suggested(parse_cards("C7 C8 C9 S7 S8 ST H7 H9 D8 DQ"))
    (<GameType.NULL: 'null'>,)
    """
    jacks = sum(1 for card in cards if card.rank is Rank.JACK)
    lengths = {game: _trumps(game, cards) for game in GameType if game.trump_suit}
    longest = max(lengths.values())
    picks = [game for game in GameType if game.trump_suit and lengths[game] == longest >= 5]
    aces = sum(1 for card in cards if card.rank is Rank.ACE)
    club_jack = Card(Suit.CLUBS, Rank.JACK) in cards
    if jacks >= 3 or (club_jack and jacks == 2 and aces >= 2):
        picks.append(GameType.GRAND)
    if not any(card.rank in _NULL_HIGH for card in cards):
        picks.append(GameType.NULL)
    return tuple(picks)


def _trumps(game: GameType, cards: Sequence[Card]) -> int:
    trumps = set(trump_order(game))
    return sum(1 for card in cards if card in trumps)


def _hand(cards: Sequence[Card] | str) -> tuple[Card, ...]:
    hand = parse_cards(cards) if isinstance(cards, str) else tuple(cards)
    if len(hand) != _HAND_SIZE:
        raise CardError("err.bidding.size", size=_HAND_SIZE, got=len(hand))
    twice = sorted({card for card in hand if hand.count(card) > 1})
    if twice:
        names = Say(
            "join.list",
            {"items": tuple(say("card.noted", card=c.said, notation=str(c)) for c in twice)},
        )
        raise CardError("err.bidding.twice", size=_HAND_SIZE, cards=names)
    return hand


def _trump_option(
    declaration: Declaration,
    hand: tuple[Card, ...],
    skats: list[tuple[Card, Card]],
    pick: bool,
) -> Option:
    game = declaration.game
    alone = Tops.from_cards(game, hand)
    # Only the trumps in the skat can change the tops, and most skats share the same few (none,
    # most often): count the tops once per distinct set of skat trumps, not once per skat.
    trumps = frozenset(trump_order(game))
    by_trumps = Counter(tuple(card for card in skat if card in trumps) for skat in skats)
    counts: Counter[Tops] = Counter()
    for skat_trumps, count in by_trumps.items():
        counts[Tops.from_cards(game, hand + skat_trumps)] += count
    held = set(hand)
    entries = []
    for tops, count in sorted(counts.items(), key=lambda item: _tops_key(item[0])):
        holds, lacks = _condition(game, tops, held)
        value = _value(declaration, tops)
        entries.append(SkatTops(tops, count, value, holds, lacks, _change(alone, tops)))
    low = min(entry.value for entry in entries)
    return Option(
        game=game,
        hand=declaration.hand,
        ouvert=declaration.ouvert,
        tops_alone=alone,
        value_alone=_value(declaration, alone),
        value_low=low,
        value_high=max(entry.value for entry in entries),
        safe_bid=max_bid(low),
        possible_tops=tuple(entries),
        skats=len(skats),
        schneider=declaration.schneider,
        schwarz=declaration.schwarz,
        trumps=_trumps(game, hand),
        suggested=pick,
    )


def _null_option(hand_game: bool, ouvert: bool, skats: int, pick: bool) -> Option:
    value = NULL_VALUES[(hand_game, ouvert)]
    return Option(
        game=GameType.NULL,
        hand=hand_game,
        ouvert=ouvert,
        tops_alone=None,
        value_alone=value,
        value_low=value,
        value_high=value,
        safe_bid=max_bid(value),
        possible_tops=(),
        skats=skats,
        suggested=pick,
    )


def _value(declaration: Declaration, tops: Tops) -> int:
    # The scoring core decides the value, so the helper can never disagree with `value`.
    d = declaration
    return score(
        d.game,
        with_=tops.count if tops.with_ else None,
        without=None if tops.with_ else tops.count,
        hand=d.hand,
        schneider=d.schneider,
        schwarz=d.schwarz,
        ouvert=d.ouvert,
    ).value


def _condition(
    game: GameType, tops: Tops, held: set[Card]
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The trumps the skat must hold and must not hold for the 12 cards to have ``tops``."""
    order = trump_order(game)
    run, stop = order[: tops.count], order[tops.count : tops.count + 1]
    if tops.with_:
        # the run is held in the 12 cards; the trump after it is not
        holds = tuple(c for c in run if c not in held)
        lacks = tuple(c for c in stop if c not in held)
    else:
        # the run is missing from the 12 cards; the trump after it is held
        holds, lacks = tuple(c for c in stop if c not in held), run
    # a skat that must hold two cards is fully known: naming what it lacks would only confuse
    return holds, () if len(holds) == 2 else lacks


def _change(alone: Tops, tops: Tops) -> Change | None:
    if tops == alone:
        return None
    if tops.with_ and not alone.with_:
        return Change.WITH
    # The skat only adds cards: a "with" run can only grow, a "without" run only shrink.
    return Change.LONGER if tops.with_ else Change.SHORTER


def _tops_key(tops: Tops) -> tuple[int, bool]:
    return tops.count, tops.with_


def _rank(option: Option, picks: tuple[GameType, ...]) -> tuple[int, int, int, int]:
    # The games the hand suggests first, in the order suggested; then the others, longest
    # trumps first, Null last. Within a game: picked up, hand, schneider, schwarz, ouvert (the
    # Null variants by value), the order a player raises a game in.
    games = list(GameType)
    if option.game in picks:
        place = (0, picks.index(option.game))
    elif option.game.is_null:
        place = (2, 0)
    else:
        place = (1, -(option.trumps or 0) * 10 + games.index(option.game))
    variant = option.value_alone if option.game.is_null else _variant(option)
    return (*place, variant, 0)


def _variant(option: Option) -> int:
    d = option.declaration
    return [d.hand, d.schneider, d.schwarz, d.ouvert].count(True)
