"""Game value, outcome and score: worked examples, boundaries, properties."""

from __future__ import annotations

import pytest
from hypothesis import find, given, settings
from hypothesis import strategies as st

from skatcalc.cards import DECK, Card, parse_cards
from skatcalc.errors import BidError, CardError, ResultError, TopsError
from skatcalc.games import GameType
from skatcalc.value import (
    BIDS,
    Level,
    Outcome,
    Tops,
    check_bid,
    covering_value,
    max_bid,
    score,
    trump_order,
)
from tests.data import RULES_BIDS
from tests.said import raises_saying
from tests.strategies import games
from tests.test_rules_oracle import tops_of

# The overbid example: the hand lacks ♣J and ♠J (without 2, 48 covers 46); ♣J is in the skat.
OVERBID_HAND = "HJ CA CT CK CQ C9 C8 SA ST S9"


# --- the worked examples of skat-scoring.md, each a fact -------------------------------------


def test_grand_with_4_schneider_made() -> None:
    s = score("grand", with_=4, points=95)
    assert (s.outcome, s.multiplier, s.value, s.score) == (Outcome.WON, 6, 144, 144)


def test_diamonds_without_2_lost() -> None:
    s = score("diamonds", without=2, points=45)
    assert (s.outcome, s.value, s.score) == (Outcome.LOST, 27, -54)


def test_clubs_ouvert_with_2() -> None:
    s = score("clubs", with_=2, ouvert=True, tricks=10)
    assert (s.outcome, s.multiplier, s.score) == (Outcome.WON, 9, 108)


def test_grand_ouvert_with_4() -> None:
    s = score("grand", with_=4, ouvert=True, tricks=10)
    assert (s.outcome, s.value, s.score) == (Outcome.WON, 264, 264)


def test_clubs_hand_overbid_by_the_jack_in_the_skat() -> None:
    s = score("clubs", cards=OVERBID_HAND, skat="CJ D7", hand=True, bid=46, points=74)
    assert s.tops == Tops(with_=True, count=1)
    assert s.hand_tops == Tops(with_=False, count=2)
    assert (s.value, s.outcome, s.scored_value, s.score) == (36, Outcome.OVERBID, 48, -96)


def test_clubs_hand_rescued_by_schneider() -> None:
    s = score("clubs", cards=OVERBID_HAND, skat="CJ D7", hand=True, bid=46, points=95)
    assert (s.value, s.outcome, s.score) == (48, Outcome.WON, 48)


def test_diamonds_overbid_with_kontra() -> None:
    s = score("diamonds", with_=1, bid=20, points=85, kontra=True)
    assert (s.value, s.outcome, s.scored_value, s.score) == (18, Outcome.OVERBID, 27, -108)


def test_grand_hand_schneider_announced_missed_by_one() -> None:
    s = score("grand", with_=4, hand=True, schneider=True, points=89)
    assert (s.multiplier, s.outcome, s.score) == (8, Outcome.LOST, -384)


def test_null_ouvert_seeger_fabian() -> None:
    assert score("null", ouvert=True, tricks=0).seeger_fabian == 96
    assert score("null", ouvert=True, tricks=1).seeger_fabian == -142


def test_clubs_hand_with_2_lost() -> None:
    s = score("clubs", with_=2, hand=True, bid=20, points=56)
    assert (s.outcome, s.score) == (Outcome.LOST, -96)


def test_null_ouvert_hand_lost() -> None:
    assert score("null", ouvert=True, hand=True, tricks=1).score == -118


# --- the bid ladder ---------------------------------------------------------------------------


def test_bid_ladder_is_the_rules_list() -> None:
    assert list(BIDS) == RULES_BIDS
    assert len(BIDS) == 63


@pytest.mark.parametrize("bid", range(0, 300))
def test_every_number_is_a_bid_or_refused(bid: int) -> None:
    if bid in RULES_BIDS:
        assert check_bid(bid) == bid
    else:
        with raises_saying(BidError, match=f"{bid} is not a bid"):
            check_bid(bid)


@pytest.mark.parametrize("value", range(18, 265))
def test_max_bid_is_the_highest_bid_not_above(value: int) -> None:
    assert max_bid(value) == max(b for b in RULES_BIDS if b <= value)


@pytest.mark.parametrize("game", [g for g in GameType if not g.is_null])
@pytest.mark.parametrize("bid", RULES_BIDS)
def test_covering_value_is_lowest_multiple_reaching_the_bid(game: GameType, bid: int) -> None:
    value = covering_value(game.base_value, bid)
    assert value >= bid and value % game.base_value == 0
    assert value - game.base_value < bid


# --- boundaries -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "outcome", "levels"),
    [
        (0, Outcome.LOST, [Level.GAME, Level.SCHNEIDER]),
        (30, Outcome.LOST, [Level.GAME, Level.SCHNEIDER]),
        (31, Outcome.LOST, [Level.GAME]),
        (60, Outcome.LOST, [Level.GAME]),
        (61, Outcome.WON, [Level.GAME]),
        (89, Outcome.WON, [Level.GAME]),
        (90, Outcome.WON, [Level.GAME, Level.SCHNEIDER]),
        (120, Outcome.WON, [Level.GAME, Level.SCHNEIDER]),
    ],
)
def test_card_point_boundaries(points: int, outcome: Outcome, levels: list[Level]) -> None:
    s = score("spades", with_=1, points=points)
    assert (s.outcome, list(s.levels)) == (outcome, levels)
    value = 11 * (1 + len(levels))
    assert s.score == (value if outcome is Outcome.WON else -2 * value)


def test_schwarz_is_about_tricks_not_points() -> None:
    assert Level.SCHWARZ not in score("grand", with_=1, points=120).levels
    assert Level.SCHWARZ not in score("grand", with_=1, points=120, tricks=9).levels
    s = score("grand", with_=1, tricks=10)
    assert Level.SCHWARZ in s.levels and s.value == 24 * 4
    lost = score("grand", with_=1, points=0, tricks=0)
    assert lost.levels == (Level.GAME, Level.SCHNEIDER, Level.SCHWARZ)
    assert lost.score == -2 * 24 * 4


@pytest.mark.parametrize(
    ("points", "tricks", "won"),
    [(89, None, False), (90, None, True), (90, 7, True)],
)
def test_schneider_announced_needs_90(points: int, tricks: int | None, won: bool) -> None:
    s = score("hearts", with_=1, hand=True, schneider=True, points=points, tricks=tricks)
    assert (s.outcome is Outcome.WON) is won
    assert s.multiplier == 5  # with 1, game, hand, schneider, announced
    assert s.score == (50 if won else -100)


@pytest.mark.parametrize(("tricks", "won"), [(9, False), (10, True)])
def test_schwarz_announced_needs_ten_tricks(tricks: int, won: bool) -> None:
    s = score("hearts", with_=1, hand=True, schwarz=True, points=120, tricks=tricks)
    assert (s.outcome is Outcome.WON) is won
    assert s.multiplier == 7
    assert s.score == (70 if won else -140)


def test_schwarz_announced_and_120_points_needs_tricks() -> None:
    with raises_saying(ResultError, match="give --tricks 10"):
        score("hearts", with_=1, hand=True, schwarz=True, points=120)
    assert score("hearts", with_=1, hand=True, schwarz=True, points=118).outcome is Outcome.LOST


@pytest.mark.parametrize("bid", RULES_BIDS)
def test_every_bid_around_a_value(bid: int) -> None:
    s = score("hearts", with_=3, points=70, bid=bid)  # 4 × 10 = 40
    if bid <= 40:
        assert (s.outcome, s.score) == (Outcome.WON, 40)
    else:
        assert s.outcome is Outcome.OVERBID
        assert s.scored_value == -(-bid // 10) * 10
        assert s.score == -2 * s.scored_value


def test_a_lost_game_schneidered_covers_a_higher_bid() -> None:
    s = score("clubs", with_=1, points=25, bid=36)  # with 1, game 2, schneider 3 × 12 = 36
    assert (s.outcome, s.score) == (Outcome.LOST, -72)


@pytest.mark.parametrize(
    ("points", "tricks", "message"),
    [
        (-1, None, "card points run from 0 to 120, not -1"),
        (121, None, "card points run from 0 to 120, not 121"),
        (60, 11, "tricks run from 0 to 10, not 11"),
        (1, None, "exactly 1 card point"),
        (119, None, "exactly 119 card points"),
        (119, 10, "holds all 120 card points, not 119"),
        (23, 0, "at most 22 card points"),
        (9, 0, "exactly 9 is impossible"),
        (86, 9, "worth 87 to 120"),
    ],
)
def test_impossible_points_and_tricks(points: int, tricks: int | None, message: str) -> None:
    with raises_saying(ResultError, match=message):
        score("clubs", with_=1, points=points, tricks=tricks)


def test_null_needs_tricks_and_ignores_points() -> None:
    with raises_saying(ResultError, match="Null is decided by tricks"):
        score("null", points=60)
    assert score("null", points=0, tricks=0).score == 23


@pytest.mark.parametrize(("bid", "ok"), [(23, True), (24, False), (35, False), (59, False)])
def test_null_below_the_bid_is_refused(bid: int, ok: bool) -> None:
    if ok:
        assert score("null", bid=bid).value == 23
    else:
        with raises_saying(BidError, match=f"Null is worth 23 and does not reach the bid {bid}"):
            score("null", bid=bid)


def test_tops_errors() -> None:
    with raises_saying(TopsError, match="grand has 4 tops at most"):
        score("grand", with_=5)
    # "11 tops at most" for a count too low was wrong (a new user's finding)
    with raises_saying(TopsError, match="with 0 is no count of tops: they count from 1"):
        score("clubs", with_=0)
    with raises_saying(TopsError, match="without 0 is no count of tops"):
        score("grand", without=0)
    with raises_saying(TopsError, match="Null has no tops"):
        score("null", with_=1)
    with raises_saying(TopsError, match="not both"):
        score("clubs", with_=1, cards="CJ")


# --- properties -------------------------------------------------------------------------------


def by_hand(kwargs: dict[str, object]) -> tuple[bool, int]:
    """Won or lost, and the multiplier, from skat-scoring.md, not from skatcalc.

    Multiplier = tops + game + hand + schneider (a side on 30 or fewer, or announced) + schneider
    announced + schwarz (a side without a trick, or announced) + schwarz announced + ouvert;
    ouvert announces schwarz, schwarz announces schneider. Won: 61 points, 90 with schneider
    announced, all ten tricks with schwarz announced.
    """
    count = kwargs.get("with_", kwargs.get("without"))
    points, tricks = kwargs["points"], kwargs["tricks"]
    assert isinstance(count, int) and isinstance(points, int)
    schwarz_said = bool(kwargs["schwarz"] or kwargs["ouvert"])
    schneider_said = bool(kwargs["schneider"]) or schwarz_said
    levels = [
        True,
        bool(kwargs["hand"]),
        schneider_said or points >= 90 or points <= 30 or tricks in (0, 10),
        schneider_said,
        schwarz_said or tricks in (0, 10),
        schwarz_said,
        bool(kwargs["ouvert"]),
    ]
    won = tricks == 10 if schwarz_said else points >= (90 if schneider_said else 61)
    return won, count + sum(levels)


@given(games())
def test_value_is_base_times_multiplier(kwargs: dict[str, object]) -> None:
    s = score(**kwargs)  # type: ignore[arg-type]
    won, multiplier = by_hand(kwargs)
    assert s.multiplier == multiplier
    assert s.value == s.base_value * multiplier
    assert s.won_on_cards is won
    if s.value < s.bid:
        assert s.outcome is Outcome.OVERBID
    else:
        assert s.outcome is (Outcome.WON if won else Outcome.LOST)
    assert s.score is not None and s.seeger_fabian is not None
    if s.outcome is Outcome.WON:
        assert s.score > 0 and s.seeger_fabian == s.score + 50
    else:
        assert s.score < 0 and s.seeger_fabian == s.score - 50
    assert abs(s.score) % s.base_value == 0


@pytest.mark.slow
def test_the_games_strategy_draws_every_kind_of_result() -> None:
    """The strategy reaches ordinary lost games, schneider, schwarz and overbids."""
    plain = {"hand": False, "schneider": False, "schwarz": False, "ouvert": False}

    def ordinary_lost(k: dict[str, object]) -> bool:
        points = k["points"]
        assert isinstance(points, int)
        return all(k[key] == v for key, v in plain.items()) and 31 <= points <= 60

    for wanted in (
        ordinary_lost,
        lambda k: k["tricks"] == 0,
        lambda k: k["tricks"] == 10,
        lambda k: k["tricks"] is None,
        lambda k: score(**k).outcome is Outcome.OVERBID,  # type: ignore[arg-type]
    ):
        find(games(), wanted, settings=settings(database=None, max_examples=2000, derandomize=True))


@given(games(spare_top=True))
def test_more_tops_never_lower_the_value(kwargs: dict[str, object]) -> None:
    game = kwargs["game"]
    assert isinstance(game, GameType)
    key = "with_" if "with_" in kwargs else "without"
    count = kwargs[key]
    assert isinstance(count, int)
    low = score(**kwargs)  # type: ignore[arg-type]
    high = score(**{**kwargs, key: count + 1})  # type: ignore[arg-type]
    assert high.value == low.value + game.base_value


def test_trump_order_lengths() -> None:
    assert [len(trump_order(g)) for g in GameType] == [11, 11, 11, 11, 4, 0]


# --- tops from the cards, and the cards read once ------------------------------------------


def _run_of_trumps(game: GameType, held: set[Card]) -> Tops:
    """The rules' count, a trump at a time (the independent rules oracle's): the run from the
    highest trump that ``held`` has (with) or lacks (without)."""
    with_, count = tops_of(game.value, map(str, held))
    return Tops(with_=with_, count=count)


_TRUMP_GAMES = [game for game in GameType if not game.is_null]


@pytest.mark.parametrize("game", _TRUMP_GAMES)
def test_every_run_of_trumps_gives_its_tops(game: GameType) -> None:
    """Every tops a hand can show, with the rest of the deck held or not around the run."""
    order = trump_order(game)
    others = [card for card in DECK if card not in order]
    for with_ in (True, False):
        for count in range(1, len(order) + 1):
            # with: the first count trumps and not the next; without: none of them, the next
            run = set(order[:count]) if with_ else set(order[count : count + 1])
            after = set(order[count + 1 :])
            for held in (run, run | after, run | set(others), run | after | set(others)):
                tops = Tops.from_cards(game, held)
                assert tops == Tops(with_=with_, count=count) == _run_of_trumps(game, held)
                assert Tops.from_cards(game, sorted(held)) is tops  # one object a tops


@given(st.sampled_from(_TRUMP_GAMES), st.sets(st.sampled_from(DECK)))
def test_tops_from_cards_is_the_run_of_trumps(game: GameType, held: set[Card]) -> None:
    assert Tops.from_cards(game, held) == _run_of_trumps(game, held)


FULL_HAND = "CJ SJ HJ DJ CA CT CK CQ C9 C8"


def test_the_cards_are_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The discards are checked against the cards as the tops read them: each text read once
    (the hand and the skat were read again for the discards)."""
    from skatcalc import value

    read: list[str] = []

    def reading(text: str) -> tuple[Card, ...]:
        read.append(text)
        return parse_cards(text)

    monkeypatch.setattr(value, "parse_cards", reading)
    s = score("clubs", cards=FULL_HAND, skat="C7 SA", discards="SA C7", points=70)
    assert read == [FULL_HAND, "C7 SA", "SA C7"]
    assert s.discards == parse_cards("SA C7") and s.tops == Tops(with_=True, count=11)


@pytest.mark.parametrize(
    ("cards", "skat", "discards", "missing"),
    [
        (FULL_HAND, "C7 SA", "SA CJ", None),
        (FULL_HAND + " C7 SA", None, "C7 SA", None),  # twelve cards, no skat: the last two
        (FULL_HAND + " C7 SA", None, "C7 HA", "HA"),
        (FULL_HAND, "C7 SA", "HA C7", "HA"),
        (parse_cards(FULL_HAND), parse_cards("C7 SA"), parse_cards("D7 C7"), "D7"),
        (parse_cards(FULL_HAND), "C7 SA", "SA C7", None),
    ],
)
def test_discards_come_from_the_twelve_cards(
    cards: str | tuple[Card, ...],
    skat: str | tuple[Card, ...] | None,
    discards: str | tuple[Card, ...],
    missing: str | None,
) -> None:
    if missing is None:
        s = score("clubs", cards=cards, skat=skat, discards=discards, points=70)
        assert s.discards == (parse_cards(discards) if isinstance(discards, str) else discards)
        return
    with pytest.raises(CardError) as error:
        score("clubs", cards=cards, skat=skat, discards=discards, points=70)
    assert error.value.code == "err.discards.held"
    assert error.value.params["symbol"] == Card.parse(missing).said
    assert error.value.field == "discards"


def test_tops_and_declarations_are_one_object_per_value() -> None:
    """Tops and declarations are interned (skatcalc.frozen.Interned): however made (by its
    factory, by its fields, copied, pickled), a value is one object; equal means the same
    fields, and the hash follows equality, over every declaration and every tops."""
    import copy
    import itertools
    import pickle

    from skatcalc.errors import DeclarationError
    from skatcalc.games import Declaration

    made = []
    for game, flags in itertools.product(GameType, itertools.product((False, True), repeat=4)):
        hand, schneider, schwarz, ouvert = flags
        try:
            made.append(Declaration.make(game, hand=hand, schneider=schneider,
                                         schwarz=schwarz, ouvert=ouvert))  # fmt: skip
        except DeclarationError:
            continue
    tops = [Tops.of(GameType.CLUBS, **{side: n}) for side in ("with_", "without") for n in range(1, 12)]  # fmt: skip
    values = [*made, *tops]
    for value in values:
        fields = tuple(getattr(value, name) for name in type(value).__slots__)
        for again in (type(value)(*fields), copy.copy(value), copy.deepcopy(value),
                      pickle.loads(pickle.dumps(value))):  # fmt: skip
            assert again is value
    for one, other in itertools.product(values, repeat=2):
        same = type(one) is type(other) and all(
            getattr(one, n) == getattr(other, n) for n in type(one).__slots__
        )
        assert (one == other) is same and (one is other) is same
        assert not same or hash(one) == hash(other)
    fields_of = {tuple(getattr(d, n) for n in Declaration.__slots__) for d in made}
    assert len({*made}) == len(fields_of) == 29 and len({*tops}) == 22
