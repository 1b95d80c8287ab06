"""Tops, multiplier levels, game value, the bid ladder, overbid, outcome and score.

Everything here follows ``skat-scoring.md`` (the International Skat Order). The one entry point
most callers need is :func:`score`:

>>> result = score("clubs", with_=2, hand=True, points=56, bid=20)
>>> result.value, result.outcome, result.score, result.seeger_fabian
(48, <Outcome.LOST: 'lost'>, -96, -146)
>>> score("grand", with_=5)
Traceback (most recent call last):
...
skatcalc.errors.TopsError: err.tops.max(game=game.word.grand, most=4, what=err.tops.grand, tops=tops.with(count=5))
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Sequence
from enum import StrEnum
from functools import cache
from typing import NamedTuple

from skatcalc.cards import DECK, Card, Rank, Suit, parse_cards
from skatcalc.errors import BidError, CardError, GameError, ResultError, Say, TopsError, say
from skatcalc.frozen import Frozen, Interned, init
from skatcalc.games import BASE_VALUES, NULL_VALUES, Declaration, GameType

__all__ = [
    "BIDS",
    "Level",
    "Outcome",
    "Play",
    "Scoring",
    "Tops",
    "check_bid",
    "covering_value",
    "max_bid",
    "possible_points",
    "score",
    "trump_order",
]


# --- tops -------------------------------------------------------------------------------------

_JACKS = tuple(Card(suit, Rank.JACK) for suit in Suit)
_SUIT_TRUMP_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)


@cache  # a constant table of 6 games: it was built twice for each game told by its cards
def trump_order(game: GameType) -> tuple[Card, ...]:
    """The trumps of a game, highest first: the jacks, then the trump suit's A 10 K Q 9 8 7.

    >>> [c.symbol for c in trump_order(GameType.HEARTS)][:6]
    ['♣J', '♠J', '♥J', '♦J', '♥A', '♥10']
    >>> len(trump_order(GameType.GRAND)), trump_order(GameType.NULL)
    (4, ())
    """
    if game.is_null:
        return ()
    suit = game.trump_suit
    if suit is None:
        return _JACKS
    return _JACKS + tuple(Card(suit, rank) for rank in _SUIT_TRUMP_RANKS)


class Tops(Interned):
    """Tops ("Spitzen"): playing *with* or *without* a run of the highest trumps. One object
    per value (:class:`~skatcalc.frozen.Interned`): a batch keeps a game's answer by its tops
    and declaration, whose hashes in Python were 45,376 calls for bench/games.py's varied games;
    interned, the batch ran 5 % fewer instructions (1,987 M against 1,884 M, valgrind
    --tool=callgrind).

    >>> str(Tops(with_=False, count=2)), Tops(with_=True, count=3)
    ('without 2', Tops(with_=True, count=3))
    >>> Tops(True, 3) is Tops(with_=True, count=3)
    True
    """

    __slots__ = ("with_", "count")  # noqa: RUF023 - the fields in order (__new__, repr, copies)
    with_: bool
    count: int

    def __new__(cls, with_: bool, count: int) -> Tops:
        return cls.one((with_, count))

    def __str__(self) -> str:
        return f"{'with' if self.with_ else 'without'} {self.count}"

    @classmethod
    def of(cls, game: GameType, *, with_: int | None = None, without: int | None = None) -> Tops:
        """Tops given as numbers, checked against what the game can have.

        >>> Tops.of(GameType.CLUBS, without=11)
        Tops(with_=False, count=11)
        >>> Tops.of(GameType.SPADES, with_=2, without=2)
        Traceback (most recent call last):
        ...
        skatcalc.errors.TopsError: err.tops.both(with_=2, without=2)
        """
        if with_ is not None and without is not None:
            raise TopsError("err.tops.both", with_=with_, without=without, field="with")
        if with_ is None and without is None:
            raise TopsError(
                "err.tops.needed", game=_game_word(game), most=game.max_tops, field="with"
            )
        held = with_ is not None
        count = with_ if with_ is not None else without
        assert count is not None
        if game.is_null or not 1 <= count <= game.max_tops:
            tops = say("tops.with" if held else "tops.without", count=count)
            field = "with" if held else "without"
            if game.is_null:
                raise TopsError("err.tops.null", tops=tops, field=field)
            if count < 1:
                raise TopsError("err.tops.zero", tops=tops, most=game.max_tops, field=field)
            what = say("err.tops.grand" if game is GameType.GRAND else "err.tops.suit")
            raise TopsError(
                "err.tops.max", game=_game_word(game), most=game.max_tops, what=what, tops=tops,
                field=field,
            )  # fmt: skip
        return cls(with_=held, count=count)

    @classmethod
    def from_cards(cls, game: GameType, cards: Iterable[Card]) -> Tops:
        """Count the tops in the declarer's cards (the 12 with the skat, by the rules).

        >>> hand = parse_cards("CJ SJ DJ HA HT HK HQ H9 SA ST C7 D8")
        >>> Tops.from_cards(GameType.HEARTS, hand), Tops.from_cards(GameType.GRAND, hand)
        (Tops(with_=True, count=2), Tops(with_=True, count=2))
        >>> Tops.from_cards(GameType.CLUBS, parse_cards("HJ CA"))
        Tops(with_=False, count=2)
        """
        held = cards if isinstance(cards, set) else set(cards)
        order = trump_order(game)
        if not order:
            raise TopsError("err.tops.none", field="cards")
        return _counted(order, held)


def _counted(order: tuple[Card, ...], held: set[Card]) -> Tops:
    """The tops ``held`` shows in a game whose trumps are ``order`` (not empty): the run of
    trumps from the highest that ``held`` has, or lacks. Each trump looked up in C (a card's
    hash is its identity), the run found by ``list.index``, the tops taken from a table
    (:data:`_HELD_TOPS`): twice a game told by its cards (with the skat, and the hand alone),
    1.30-1.31 µs the two in a Python loop building new Tops, 1.11-1.14 µs so (python -m timeit).

    >>> _counted(trump_order(GameType.GRAND), set(DECK)), _counted(_JACKS, set())
    (Tops(with_=True, count=4), Tops(with_=False, count=4))
    """
    has = [*map(held.__contains__, order)]
    with_ = has[0]
    has.append(not with_)  # the run ends at the last trump at the latest
    return _HELD_TOPS[with_, has.index(not with_)]


_HELD_TOPS = {
    (with_, count): Tops(with_, count) for with_ in (True, False) for count in range(1, 12)
}
"""Every tops a hand can show (a run of 1 to 11 trumps held, or lacked): one object each."""


def _game_word(game: GameType) -> Say:
    """The game's name inside a sentence (``clubs``, ``Kreuz``), put in words at the edge."""
    return say(f"game.word.{game.value}")


# --- levels and the bid ladder ----------------------------------------------------------------


class Level(StrEnum):
    """A multiplier level beyond the tops; the value is the name in JSON output (its words:
    ``level.*`` in the word tables).

    >>> [level.value for level in Level][:4]
    ['game', 'hand', 'schneider', 'schneider_announced']
    """

    GAME = "game"
    HAND = "hand"
    SCHNEIDER = "schneider"
    SCHNEIDER_ANNOUNCED = "schneider_announced"
    SCHWARZ = "schwarz"
    SCHWARZ_ANNOUNCED = "schwarz_announced"
    OUVERT = "ouvert"


GRAND_OUVERT_LEVELS = 6
"""Under the old rule ``grand_ouvert_base = 36`` a Grand ouvert counts the tops and six levels
(game, hand, schneider, schneider announced, schwarz, schwarz announced), not ouvert."""


@cache  # a constant table per pair of old rules (four at most): built once, documented as such
def bids(grand_base: int = 24, grand_ouvert_base: int = 24) -> tuple[int, ...]:
    """The legal bids: every value a game can have, from 18 up, for a grand base value and a
    Grand ouvert base value (24: the grand's base and its ouvert level; 36: 36 × (tops + 6)).

    >>> len(bids()), bids()[:6], bids()[-1]
    (63, (18, 20, 22, 23, 24, 27), 264)
    >>> 200 in bids(20), 200 in bids()
    (True, False)
    >>> bids(24, 36)[-5:], 264 in bids(24, 36)
    ((240, 252, 288, 324, 360), False)
    """
    values = set(NULL_VALUES.values())
    for game in GameType:
        if not game.is_null:
            base = grand_base if game is GameType.GRAND else game.base_value
            # multiplier: tops 1..max, game, and up to six more levels (seven with ouvert)
            most = game.max_tops + 7
            if game is GameType.GRAND and grand_ouvert_base == 36:
                most -= 1  # ouvert is a game of its own on base 36: the grand's ouvert is gone
                tops = range(1, game.max_tops + 1)
                values.update(36 * (count + GRAND_OUVERT_LEVELS) for count in tops)
            values.update(base * m for m in range(2, most + 1))
    return tuple(sorted(v for v in values if v >= 18))


BIDS: tuple[int, ...] = bids()
"""Every legal bid: the values a game can have, from 18 up (63 values, 18 to 264)."""
_BID_SET = frozenset(BIDS)


def check_bid(bid: int, grand_base: int = 24, grand_ouvert_base: int = 24) -> int:
    """Return ``bid`` if it is a legal bid, else raise a :class:`BidError` naming the nearest.

    >>> check_bid(46), check_bid(288, grand_ouvert_base=36)
    (46, 288)
    >>> check_bid(19)
    Traceback (most recent call last):
    ...
    skatcalc.errors.BidError: err.bid(bid=19, listed='18, 20, 22, 23, 24, 27, ... 264', hint=err.bid.nearest(low=18, high=20))
    >>> check_bid(264, grand_ouvert_base=36)
    Traceback (most recent call last):
    ...
    skatcalc.errors.BidError: err.bid(bid=264, listed='18, 20, 22, 23, 24, 27, ... 360', hint=err.bid.nearest(low=252, high=288))
    """
    ladder = bids(grand_base, grand_ouvert_base)
    if bid in ladder:
        return bid
    listed = f"{', '.join(map(str, ladder[:6]))}, ... {ladder[-1]}"
    if bid < ladder[0]:
        hint = say("err.bid.lowest")
    elif bid > ladder[-1]:
        hint = say("err.bid.highest", top=ladder[-1])
    else:
        at = bisect.bisect(ladder, bid)
        hint = say("err.bid.nearest", low=ladder[at - 1], high=ladder[at])
    raise BidError("err.bid", bid=bid, listed=listed, hint=hint, field="bid")


def max_bid(value: int, grand_base: int = 24, grand_ouvert_base: int = 24) -> int | None:
    """The highest legal bid a game value covers; None below 18.

    >>> max_bid(36), max_bid(37), max_bid(17), max_bid(200), max_bid(200, grand_base=20)
    (36, 36, None, 198, 200)
    >>> max_bid(300), max_bid(300, grand_ouvert_base=36)
    (264, 288)
    """
    ladder = bids(grand_base, grand_ouvert_base)
    at = bisect.bisect(ladder, value)
    return ladder[at - 1] if at else None


def covering_value(base_value: int, bid: int) -> int:
    """The lowest multiple of the base value that reaches the bid.

    >>> covering_value(12, 46), covering_value(9, 20), covering_value(24, 48)
    (48, 27, 48)
    """
    return -(-bid // base_value) * base_value


# --- the play: card points and tricks ---------------------------------------------------------


@cache  # a constant table of the deck: built once
def _sums_by_size() -> tuple[int, ...]:
    """For each number of cards 0..32, a bit mask of the card-point totals such a set can have."""
    masks = [1] + [0] * 32
    for card in DECK:
        for size in range(31, -1, -1):
            masks[size + 1] |= masks[size] << card.points
    return tuple(masks)


@cache  # a constant table of the deck: built once
def _any_tricks() -> int:
    """A bit mask of the card-point totals the declarer can hold after any number of tricks
    (the skat and three cards a trick)."""
    mask = 0
    for size in range(2, 33, 3):
        mask |= _sums_by_size()[size]
    return mask


def _possible(points: int, cards: int) -> bool:
    return bool(_sums_by_size()[cards] >> points & 1)


def possible_points(points: int) -> bool:
    """Whether some set of Skat cards is worth exactly ``points`` card points.

    >>> possible_points(0), possible_points(1), possible_points(62), possible_points(119)
    (True, False, True, False)
    """
    return 0 <= points <= 120 and any(_possible(points, size) for size in range(33))


class Play(Frozen):
    """How the game went: the declarer's card points (with the skat) and tricks, if known.

    >>> Play.make(GameType.CLUBS, points=None, tricks=10)
    Play(points=120, tricks=10)
    >>> Play.make(GameType.CLUBS, points=118, tricks=10)
    Traceback (most recent call last):
    ...
    skatcalc.errors.ResultError: err.points.ten(points=118)
    """

    __slots__ = ("points", "tricks")
    points: int | None
    tricks: int | None

    def __init__(self, points: int | None, tricks: int | None) -> None:
        init(self, "points", points)
        init(self, "tricks", tricks)

    @classmethod
    def make(cls, game: GameType, *, points: int | None, tricks: int | None) -> Play:
        """Check points and tricks against each other and against what the cards allow."""
        if points is not None and not 0 <= points <= 120:
            raise ResultError("err.points.range", points=points, field="points")
        if tricks is not None and not 0 <= tricks <= 10:
            raise ResultError("err.tricks.range", tricks=tricks, field="tricks")
        if points is not None:
            _check_points(points, tricks)
        if game.is_null:
            if tricks is None:
                # a Null given card points and no tricks: the points are the key in the way
                raise ResultError("err.null.tricks", field="points")
            return cls(points=points, tricks=tricks)
        if points is None and tricks == 10:
            return cls(points=120, tricks=10)
        if points is None and tricks is None:  # pragma: no cover - score() asks for neither
            raise ResultError("err.points.or_tricks", field="points")
        # Tricks alone decide a game only when no trick was taken or schwarz was announced;
        # the scoring asks for the points otherwise, knowing the declaration.
        return cls(points=points, tricks=tricks)


def _check_points(points: int, tricks: int | None) -> None:
    if tricks is None:
        if not _any_tricks() >> points & 1:
            raise ResultError("err.points.none", count=points, field="points")
        return
    if tricks == 10 and points != 120:
        raise ResultError("err.points.ten", points=points, field="points")
    size = 3 * tricks + 2
    if tricks == 0 and not _possible(points, size):
        raise ResultError("err.points.zero", points=points, field="points")
    if not _possible(points, size):
        mask = _sums_by_size()[size]
        low = (mask & -mask).bit_length() - 1
        high = mask.bit_length() - 1
        raise ResultError(
            "err.points.cards", tricks=tricks, size=size, low=low, high=high, points=points,
            field="points",
        )  # fmt: skip


# --- the scoring ------------------------------------------------------------------------------


class Outcome(StrEnum):
    """How the game ended for the declarer."""

    WON = "won"
    LOST = "lost"
    OVERBID = "overbid"


class Failure(StrEnum):
    """Why a game was lost on the cards (an overbid is told apart by :attr:`Scoring.overbid`)."""

    CARD_POINTS = "card_points"
    SCHNEIDER_ANNOUNCED = "schneider_announced"
    SCHWARZ_ANNOUNCED = "schwarz_announced"
    NULL_TRICK = "null_trick"


_NULL, _GRAND = GameType.NULL, GameType.GRAND
_WON, _LOST, _OVERBID = Outcome.WON, Outcome.LOST, Outcome.OVERBID
_CARD_POINTS_LOST, _NULL_TRICK = Failure.CARD_POINTS, Failure.NULL_TRICK
_SCHNEIDER_LOST, _SCHWARZ_LOST = Failure.SCHNEIDER_ANNOUNCED, Failure.SCHWARZ_ANNOUNCED
_GAME, _HAND, _OUVERT = Level.GAME, Level.HAND, Level.OUVERT
_SCHNEIDER, _SCHNEIDER_ANNOUNCED = Level.SCHNEIDER, Level.SCHNEIDER_ANNOUNCED
_SCHWARZ, _SCHWARZ_ANNOUNCED = Level.SCHWARZ, Level.SCHWARZ_ANNOUNCED
_parse_game = GameType.parse
"""The members (and the reader of games) the scoring of each game reads, as the module's
names. Read from its class, ``Outcome.WON`` is a call of Python 3.11's ``EnumType`` hook (it
has a ``__getattr__``, so every attribute of an enum class goes through it): 1.1 k
instructions against 0.1 k for a global name, and a game read ten of them (valgrind
--tool=callgrind, a loop over the 5,285 distinct games of bench/fast.py's season)."""


class Scoring(NamedTuple):
    """Everything the rules say about one game: value, outcome, score and how they came about.

    Build it with :func:`score`. ``value`` is the game value as played (before Kontra/Re);
    ``scored_value`` is what the score rests on (for an overbid, the lowest covering value).

    A named tuple rather than a frozen dataclass, for a measured reason: it is built once per
    scored game, and a frozen dataclass of this size takes 1.5 µs to build against 0.3 µs,
    the largest single cost of ``value --batch`` (bench/batch.py).
    """

    declaration: Declaration
    tops: Tops | None
    levels: tuple[Level, ...]
    value: int
    bid: int
    play: Play | None = None
    outcome: Outcome | None = None
    won_on_cards: bool | None = None
    failure: Failure | None = None
    kontra: bool = False
    re: bool = False
    bock: int = 0
    """How many Bock rounds this deal lies in: each doubles the score."""
    hand_tops: Tops | None = None
    skat: tuple[Card, ...] = ()
    scored_value: int | None = None
    """The value the score rests on: the value, or for an overbid the covering value."""
    score: int | None = None
    """The declarer's score in the standard list: +value won, -2 × value lost, × the factor."""
    base_value: int = 0
    """The base value (0 for Null, which has fixed values); grand is 20 under the old rule, a
    Grand ouvert 36 under the other old rule (``grand_ouvert_base``)."""
    loss_factor: int = 2
    """A lost game counts this many times its value: 2, or 1 for a hand game under the old rule."""
    discards: tuple[Card, ...] = ()
    """The two cards the declarer put away after picking up the skat (when given)."""

    @property
    def game(self) -> GameType:
        """The game type."""
        return self.declaration.game

    @property
    def multiplier(self) -> int | None:
        """Tops plus the levels; None for Null."""
        return None if self.tops is None else self.tops.count + len(self.levels)

    @property
    def max_bid(self) -> int | None:
        """The highest legal bid the value covers (under the game's grand base value; a Grand
        ouvert on base 36 under the bids of that old rule)."""
        if self.declaration.game is not GameType.GRAND:
            return max_bid(self.value)
        if self.base_value == 36:
            return max_bid(self.value, grand_ouvert_base=36)
        return max_bid(self.value, self.base_value)

    @property
    def overbid(self) -> bool:
        """The final value does not reach the bid (only known once the game is played)."""
        return self.outcome is Outcome.OVERBID

    @property
    def covering_value(self) -> int:
        """The lowest value of this game that reaches the bid."""
        if self.game.is_null:
            return self.value
        return max(self.value, covering_value(self.base_value, self.bid))

    @property
    def factor(self) -> int:
        """Kontra doubles the score, Re doubles it again, a Bock deal doubles it once more."""
        return _factor(self.kontra, self.re, self.bock)

    @property
    def seeger_fabian(self) -> int | None:
        """The declarer's Seeger-Fabian points: the score, +50 won or -50 lost."""
        points = self.score
        if points is None:
            return None
        return points + (50 if self.outcome is Outcome.WON else -50)


def score(
    game: GameType | str,
    with_: int | None = None,
    without: int | None = None,
    cards: Sequence[Card] | str | None = None,
    skat: Sequence[Card] | str | None = None,
    hand: bool = False,
    schneider: bool = False,
    schwarz: bool = False,
    ouvert: bool = False,
    points: int | None = None,
    tricks: int | None = None,
    bid: int = 18,
    kontra: bool = False,
    re: bool = False,
    discards: Sequence[Card] | str | None = None,
    *,
    bock: bool | int = False,
    grand_base: int = 24,
    lost_hand_single: bool = False,
    grand_ouvert_base: int = 24,
) -> Scoring:
    """Score one game from what a player at the table knows.

    The game's options come in the order of :class:`~skatcalc.spec.GameSpec`'s fields, so a
    game record is passed as it is (``score(*spec, bock=...)``: 7 k instructions fewer than
    by name for each game a sheet scores, valgrind --tool=callgrind); the rules by name only.

    Tops come from ``with_``/``without`` or from the cards (``cards`` with ``skat``, or all 12
    in ``cards``). A result needs ``points`` (suit and grand) or ``tricks`` (Null); without one
    the scoring shows the value and the bids it covers.

    ``skat`` is the skat as dealt; ``discards`` the two cards put away in a game where the
    skat was picked up. The card points of the cards the declarer owns (the dealt skat in a
    hand game, the discards otherwise) count for the declarer, so ``points`` cannot be below
    them.

    >>> score("grand", with_=4, points=92).score
    144
    >>> score("diamonds", without=2, points=50).score
    -54
    >>> score("null", ouvert=True, tricks=1).seeger_fabian
    -142

    The old rules: ``grand_base`` 20 (before 1950), ``lost_hand_single`` (before 1999), and
    ``grand_ouvert_base`` 36 (before 1999), under which a Grand ouvert is worth
    36 × (tops + 6), its ouvert level not counted:

    >>> s = score("grand", ouvert=True, with_=4, grand_ouvert_base=36)
    >>> s.value, s.base_value, s.multiplier, s.levels[-1].value
    (360, 36, 10, 'schwarz_announced')
    >>> score("null", bid=30, tricks=0)
    Traceback (most recent call last):
    ...
    skatcalc.errors.BidError: err.null.bid(value=23, bid=30, options=err.null.bid.covering(variants=err.null.bid.list(first=err.null.bid.variant(name=null.hand, value=35), rest=err.null.bid.list(first=err.null.bid.variant(name=null.ouvert, value=46), rest=err.null.bid.variant(name=null.ouvert_hand, value=59))), bid=30))
    """
    game_type = _parse_game(game)
    if grand_base not in (20, 24):
        raise GameError("err.grand_base", base=grand_base, field="grand_base")
    if grand_ouvert_base not in (24, 36):
        raise GameError("err.grand_ouvert_base", base=grand_ouvert_base, field="grand_ouvert_base")
    declaration = _declaration(game_type, hand, schneider, schwarz, ouvert)
    if grand_base != 24 or grand_ouvert_base != 24 or bid not in _BID_SET:
        check_bid(bid, grand_base, grand_ouvert_base)
    skat_cards: tuple[Card, ...] = ()
    if cards is None and skat is None:  # tops by number (a Null has none unless given):
        numbered = game_type is not _NULL or with_ is not None or without is not None
        tops = _numbered_tops(game_type, with_, without) if numbered else None
        hand_tops, held = None, None  # here, not in _tops: 1.4 % fewer instructions for
    else:  # bench/games.py's varied batch (valgrind --tool=callgrind)
        cards = cards if isinstance(cards, str | None) else tuple(cards)
        skat = skat if isinstance(skat, str | None) else tuple(skat)
        tops, hand_tops, skat_cards, held = _tops(game_type, with_, without, cards, skat)
    put_away: tuple[Card, ...] = ()
    if discards is not None:
        put_away = _discards(declaration, _as_cards(discards, "discards"), held)
    play = None
    if points is not None or tricks is not None:
        # the cards the declarer owns: the dealt skat in a hand game, else the discards
        owned = skat_cards if declaration.hand else put_away
        # owning no cards, the play is the constant table's; _judge's two calls made here:
        # 0.9 % fewer instructions for bench/games.py's varied batch (valgrind)
        play = (
            _played(declaration, points, tricks, owned)
            if owned
            else _play(game_type, points, tricks)
        )
    kontra = kontra or re
    doubled = int(bock)
    single = lost_hand_single and declaration.hand
    if game_type is _NULL:
        return _null_scoring(
            declaration, bid, play, kontra, re, doubled, hand_tops, skat_cards, single, put_away
        )
    assert tops is not None
    levels = _levels(declaration, play)
    failure = None if play is None else _failure(declaration, play)
    base, levels = _base(declaration, grand_base, grand_ouvert_base, levels)
    value = base * (tops.count + len(levels))
    won = None if play is None else failure is None
    return _scoring(
        declaration, tops, levels, value, bid, play, won, failure, kontra, re, doubled,
        hand_tops, skat_cards, base, single, put_away,
    )  # fmt: skip


def _played(
    declaration: Declaration,
    points: int | None,
    tricks: int | None,
    owned: tuple[Card, ...],
) -> Play:
    """The play as given, checked against the card points of the cards the declarer ``owned``
    (in a suit or grand game the declarer's points include them)."""
    play = _play(declaration.game, points, tricks)
    if owned and points is not None and not declaration.game.is_null:
        in_skat = sum(map(_CARD_POINTS.__getitem__, owned))
        if points < in_skat:
            shown = Say("join.space", {"items": tuple(c.said for c in owned)})
            key = "err.points.skat" if declaration.hand else "err.points.discards"
            raise ResultError(key, skat=shown, worth=in_skat, points=points, field="points")
    return play


_CARD_POINTS = {card: card.points for card in DECK}
"""Each card's points, at once: ``card.points`` is two properties in Python (the card's, the
rank's). The two cards the declarer owns in a game told by its cards, summed: 0.39-0.41 µs by
``card.points``, 0.18 µs from here; ``_played`` with them 0.63 µs before, 0.46 µs now
(python -m timeit)."""


def _null_scoring(
    declaration: Declaration,
    bid: int,
    play: Play | None,
    kontra: bool,
    re: bool,
    bock: int,
    hand_tops: Tops | None,
    skat: tuple[Card, ...],
    single: bool,
    discards: tuple[Card, ...],
) -> Scoring:
    """A Null game's scoring: its fixed value, refused when it does not reach the bid (a Null
    game cannot be overbid, only not declared); lost with the declarer's first trick."""
    value = declaration.null_value
    if value < bid:
        raise BidError(
            "err.null.bid", value=value, bid=bid, options=_null_covering(bid), field="bid"
        )
    won = None if play is None else play.tricks == 0
    failure = _NULL_TRICK if won is False else None
    return _scoring(
        declaration, None, (), value, bid, play, won, failure, kontra, re, bock,
        hand_tops, skat, 0, single, discards,
    )  # fmt: skip


def _base(
    declaration: Declaration, grand_base: int, grand_ouvert_base: int, levels: tuple[Level, ...]
) -> tuple[int, tuple[Level, ...]]:
    """The base value of a suit or grand game and the levels counted on it."""
    game = declaration.game
    if game is not _GRAND:
        return BASE_VALUES[game], levels
    if grand_ouvert_base == 36 and declaration.ouvert:
        # the old rule: the base 36 takes the place of the ouvert level (XSkat 3.0, 1998)
        return 36, tuple(level for level in levels if level is not _OUVERT)
    return grand_base, levels


def _factor(kontra: bool, re: bool, bock: int) -> int:
    return (4 if re else 2 if kontra else 1) << bock


def _scoring(
    declaration: Declaration,
    tops: Tops | None,
    levels: tuple[Level, ...],
    value: int,
    bid: int,
    play: Play | None,
    won: bool | None,
    failure: Failure | None,
    kontra: bool,
    re: bool,
    bock: int,
    hand_tops: Tops | None,
    skat: tuple[Card, ...],
    base: int,
    single: bool,
    discards: tuple[Card, ...] = (),
) -> Scoring:
    """The outcome and the score, computed once: won, lost, or overbid at the covering value."""
    outcome = scored = total = None
    loss = 1 if single else 2
    if won is not None:
        scored = value
        if value < bid:
            outcome = _OVERBID
            scored = max(value, covering_value(base, bid))
        else:
            outcome = _WON if won else _LOST
        total = (scored if outcome is _WON else -loss * scored) * _factor(kontra, re, bock)
    # made as Scoring._make makes it, without the Python frame of its __new__'s 19
    # parameters: 9.2 k instructions against 7.1 k for each game scored (valgrind
    # --tool=callgrind)
    return _new_tuple(Scoring, (
        declaration, tops, levels, value, bid, play, outcome, won, failure, kontra, re, bock,
        hand_tops, skat, scored, total, base, loss, discards,
    ))  # fmt: skip


_new_tuple = tuple.__new__


@cache  # a constant table: only valid plays are kept, 6 games x 122 x 12 at most (8,784)
def _play(game: GameType, points: int | None, tricks: int | None) -> Play:
    return Play.make(game, points=points, tricks=tricks)


@cache  # a constant table: 6 games x 16 announcements at most (192 entries)
def _declaration(
    game: GameType, hand: bool, schneider: bool, schwarz: bool, ouvert: bool
) -> Declaration:
    return Declaration.make(game, hand=hand, schneider=schneider, schwarz=schwarz, ouvert=ouvert)


def _tops(
    game: GameType,
    with_: int | None,
    without: int | None,
    cards: tuple[Card, ...] | str | None,
    skat: tuple[Card, ...] | str | None,
) -> tuple[Tops | None, Tops | None, tuple[Card, ...], set[Card] | None]:
    """Tops from the cards (``cards`` or ``skat`` given: :func:`score` counts tops given by
    number itself), the tops the hand alone shows, the skat, and the 12 cards the declarer
    held."""
    if with_ is not None or without is not None:
        given = (
            say("tops.with", count=with_)
            if with_ is not None
            else say("tops.without", count=without)
        )
        raise TopsError(
            "err.tops.cards", given=given, field="with" if with_ is not None else "without"
        )
    hand_cards = _as_cards(cards or (), "cards")
    skat_cards = _as_cards(skat or (), "skat")
    if skat is None and len(hand_cards) == 12:
        hand_cards, skat_cards = hand_cards[:10], hand_cards[10:]
    if len(hand_cards) != 10 or len(skat_cards) != 2:
        raise CardError(
            "err.cards.count", hand=len(hand_cards), skat=len(skat_cards),
            # the skat is amiss beside a sound hand, or beside a hand that holds it already
            field="cards" if cards is not None and len(hand_cards) not in (10, 12) else "skat",
        )  # fmt: skip
    in_hand = set(hand_cards)
    if not in_hand.isdisjoint(skat_cards):
        card = min(in_hand.intersection(skat_cards))
        raise CardError("err.cards.both", symbol=card.said, card=str(card), field="cards")
    held = in_hand.union(skat_cards)
    if game.is_null:
        return None, None, skat_cards, held
    order = trump_order(game)
    return _counted(order, held), _counted(order, in_hand), skat_cards, held


@cache  # a constant table: only valid tops are kept, 5 games x 2 x 11 at most (110)
def _numbered_tops(game: GameType, with_: int | None, without: int | None) -> Tops:
    return Tops.of(game, with_=with_, without=without)


def _discards(
    declaration: Declaration, discards: tuple[Card, ...], held: set[Card] | None
) -> tuple[Card, ...]:
    """The two cards put away, checked: only after picking up the skat, and from the 12 cards
    ``held`` (as :func:`_tops` read them: the cards are read once; None: not given).

    >>> _discards(Declaration.make(GameType.CLUBS, hand=True), parse_cards("D7 D8"), None)
    Traceback (most recent call last):
    ...
    skatcalc.errors.CardError: err.discards.hand
    >>> _discards(Declaration.make(GameType.CLUBS), parse_cards("D7 D8"), set(parse_cards("D7")))
    Traceback (most recent call last):
    ...
    skatcalc.errors.CardError: err.discards.held(symbol=card.symbol(suit='♦', rank=card.rank.8))
    """
    if declaration.hand:
        raise CardError("err.discards.hand", field="discards")
    if len(discards) != 2:
        raise CardError("err.discards.count", count=len(discards), field="discards")
    if held is not None:
        missing = [card for card in discards if card not in held]
        if missing:
            raise CardError("err.discards.held", symbol=missing[0].said, field="discards")
    return discards


def _as_cards(cards: Sequence[Card] | str, field: str) -> tuple[Card, ...]:
    """The cards of the option ``field`` (``cards``, ``skat``, ``discards``), read or checked;
    an error names that field (the cards' reader cannot know which option it reads)."""
    if isinstance(cards, str):
        try:
            return parse_cards(cards)
        except CardError as error:
            raise CardError(error.code, field=field, **error.params) from None
    parsed = tuple(cards)
    if len(set(parsed)) != len(parsed):
        twice = min(card for card in parsed if parsed.count(card) > 1)
        raise CardError("err.card.twice", symbol=twice.said, card=str(twice), field=field)
    return parsed


_NULL_NAMES = {(False, False): "null.plain", (True, False): "null.hand",
               (False, True): "null.ouvert", (True, True): "null.ouvert_hand"}  # fmt: skip


@cache  # a constant table: one phrase per legal bid (checked before), 2.7 µs to build each
def _null_covering(bid: int) -> Say:  # time (a twentieth of bench/games.py's varied games)
    """The games that would reach ``bid``: the Null games worth it, then suit and grand."""
    covering = [
        say("err.null.bid.variant", name=say(_NULL_NAMES[variant]), value=v)
        for variant, v in NULL_VALUES.items()
        if v >= bid
    ]
    if not covering:
        return say("err.null.bid.only", bid=bid)
    variants = covering[-1]
    for first in reversed(covering[:-1]):  # "a, b, c": each comma kept, whatever the language
        variants = say("err.null.bid.list", first=first, rest=variants)
    return say("err.null.bid.covering", variants=variants, bid=bid)


def _levels(declaration: Declaration, play: Play | None) -> tuple[Level, ...]:
    points = None if play is None else play.points
    tricks = None if play is None else play.tricks
    levels = [_GAME]
    if declaration.hand:
        levels.append(_HAND)
    if (
        declaration.schneider
        or (points is not None and (points >= 90 or points <= 30))
        or tricks in (0, 10)
    ):
        levels.append(_SCHNEIDER)
    if declaration.schneider:
        levels.append(_SCHNEIDER_ANNOUNCED)
    if declaration.schwarz or tricks in (0, 10):
        levels.append(_SCHWARZ)
    if declaration.schwarz:
        levels.append(_SCHWARZ_ANNOUNCED)
    if declaration.ouvert:
        levels.append(_OUVERT)
    return tuple(levels)


def _failure(declaration: Declaration, play: Play) -> Failure | None:
    points = play.points
    if points is None:
        if declaration.schwarz:
            return None if play.tricks == 10 else _SCHWARZ_LOST
        if play.tricks == 0:
            return _CARD_POINTS_LOST
        raise ResultError("err.points.needed", game=_game_word(declaration.game), field="tricks")
    if declaration.schwarz:
        if play.tricks is None and points == 120:
            raise ResultError("err.schwarz.tricks", field="points")
        return None if play.tricks == 10 else _SCHWARZ_LOST
    if declaration.schneider:
        return None if points >= 90 else _SCHNEIDER_LOST
    return None if points >= 61 else _CARD_POINTS_LOST
