"""The bidding helper: tops and values over every skat, safe bids, explanations, JSON."""

from __future__ import annotations

import json
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skatcalc.bidding import Analysis, Change, Option, Step, analyse
from skatcalc.cards import DECK, Card, parse_cards
from skatcalc.errors import CardError, DeclarationError
from skatcalc.formats.json import bidding_dict as to_dict
from skatcalc.games import NULL_VALUES, GameType
from skatcalc.value import BIDS, Tops, score
from skatcalc.words.bidding import explain, name
from tests.data import RULES_BIDS

# The acceptance hand: ♠J ♥J but not ♣J, so "without 1" in every trump game.
ACCEPTANCE = "SJ HJ CA CT CK CQ C9 SA ST H7"
# skat-scoring.md's overbid example: without 2 (no ♣J, no ♠J), worth 48 as clubs hand.
WITHOUT_2 = "HJ CA CT CK CQ C9 C8 SA ST S9"
ALL_JACKS = "CJ SJ HJ DJ CA CT CK SA ST HA"
NO_JACK = "CA CT CK SA ST SK HA HT HK DA"
WITH_1 = "CJ DJ CA CT CK SA ST HA HT H9"

CJ, SJ, HJ, DJ = parse_cards("CJ SJ HJ DJ")


def with_(count: int) -> Tops:
    return Tops(with_=True, count=count)


def without(count: int) -> Tops:
    return Tops(with_=False, count=count)


def tops_counts(option: Option) -> dict[Tops, int]:
    return {entry.tops: entry.skats for entry in option.possible_tops}


# --- the acceptance case -----------------------------------------------------------------------


def test_acceptance_hand_without_1_may_become_with() -> None:
    clubs = analyse(ACCEPTANCE).option(GameType.CLUBS, hand=False)
    assert clubs.tops_alone == without(1)
    # 21 skats hold ♣J: 20 with another card (with 3: ♣J ♠J ♥J), 1 with ♦J too (with 9)
    assert tops_counts(clubs) == {without(1): 210, with_(3): 20, with_(9): 1}
    assert (clubs.value_alone, clubs.value_low, clubs.value_high) == (24, 24, 120)
    assert clubs.safe_bid == 24
    assert explain(clubs) == (
        "♣J in the skat, but not ♦J, would make it with 3 (value 48 instead of 24; 20 of 231 skats)",
        "♣J and ♦J in the skat would make it with 9 (value 120 instead of 24; 1 of 231 skats)",
    )


def test_acceptance_hand_from_hand() -> None:
    clubs = analyse(ACCEPTANCE).option(GameType.CLUBS, hand=True)
    assert (clubs.value_alone, clubs.value_low, clubs.value_high, clubs.safe_bid) == (
        36,
        36,
        132,
        36,
    )


def test_acceptance_hand_structured_changes() -> None:
    clubs = analyse(ACCEPTANCE).option(GameType.CLUBS, hand=False)
    entries = {entry.tops: entry for entry in clubs.possible_tops}
    assert entries[without(1)][3:] == ((), (CJ,), None)
    assert entries[with_(3)][3:] == ((CJ,), (DJ,), Change.WITH)
    assert entries[with_(9)][3:] == ((CJ, DJ), (), Change.WITH)


def test_acceptance_hand_leads_with_clubs() -> None:
    # 7 trumps in clubs (♠J ♥J and five clubs): the natural game leads, not the safest bid
    options = analyse(ACCEPTANCE).options
    assert [(name(o), o.safe_bid) for o in options[:5]] == [
        ("Clubs", 24),
        ("Clubs hand", 36),
        ("Clubs hand, schneider announced", 60),  # without 1, game, hand, schneider, announced
        ("Clubs hand, schwarz announced", 84),  # 7 × 12
        ("Clubs ouvert", 96),  # 8 × 12
    ]
    assert [name(o) for o in options if o.suggested] == [name(o) for o in options[:5]]


# --- the skat lowers a "without" hand: the rules' overbid example -----------------------------


def test_without_2_can_be_shortened_or_turned_with() -> None:
    clubs = analyse(WITHOUT_2).option(GameType.CLUBS, hand=True)
    assert clubs.tops_alone == without(2)
    assert tops_counts(clubs) == {
        without(1): 20,
        with_(1): 20,
        without(2): 190,
        with_(3): 1,
    }
    # the hand alone shows 48, which covers 46; but ♣J in the skat makes it 36 (skat-scoring.md)
    assert clubs.value_alone == 48
    assert clubs.value_low == score("clubs", cards=WITHOUT_2, skat="CJ D7", hand=True).value == 36
    assert clubs.safe_bid == 36
    assert explain(clubs)[:2] == (
        "♠J in the skat, but not ♣J, would shorten without 2 to without 1 "
        "(value 36 instead of 48; 20 of 231 skats)",
        "♣J in the skat, but not ♠J, would make it with 1 (value 36 instead of 48; 20 of 231 skats)",
    )
    changes = [entry.change for entry in clubs.possible_tops]
    assert changes == [Change.SHORTER, Change.WITH, None, Change.WITH]


def test_with_1_can_be_lengthened() -> None:
    clubs = analyse(WITH_1).option(GameType.CLUBS, hand=False)
    assert tops_counts(clubs) == {with_(1): 210, with_(2): 20, with_(7): 1}
    assert clubs.safe_bid == clubs.value_low == clubs.value_alone == 24
    assert explain(clubs)[0] == (
        "♠J in the skat, but not ♥J, would lengthen with 1 to with 2 "
        "(value 36 instead of 24; 20 of 231 skats)"
    )
    assert {entry.change for entry in clubs.possible_tops} == {None, Change.LONGER}


# --- what the skat cannot change, and what it changes most --------------------------------------


def test_all_four_jacks_grand_is_always_with_4() -> None:
    analysis = analyse(ALL_JACKS)
    for hand in (False, True):
        grand = analysis.option(GameType.GRAND, hand=hand)
        assert tops_counts(grand) == {with_(4): 231}
        assert explain(grand) == ()
        assert grand.value_low == grand.value_high == grand.value_alone
    assert analysis.option(GameType.GRAND, hand=True).safe_bid == 144
    assert analysis.option(GameType.GRAND, hand=False).safe_bid == 120


def test_no_jack_every_jack_in_the_skat_counts() -> None:
    grand = analyse(NO_JACK).option(GameType.GRAND, hand=False)
    assert grand.tops_alone == without(4)
    assert tops_counts(grand) == {
        with_(1): 20,  # ♣J and any card but ♠J
        with_(2): 1,  # ♣J ♠J
        without(1): 20,  # ♠J, not ♣J
        without(2): 19,  # ♥J, neither ♣J nor ♠J
        without(3): 18,  # ♦J and no higher jack
        without(4): 153,  # C(18, 2): no jack at all
    }
    assert (grand.value_alone, grand.value_low, grand.value_high, grand.safe_bid) == (
        120,
        48,
        120,
        48,
    )


def test_exactly_21_skats_hold_the_club_jack() -> None:
    # The hand lacks ♣J: it lies in 21 of the C(22, 2) = 231 skats, and only those make "with".
    for game in (GameType.CLUBS, GameType.SPADES, GameType.GRAND):
        option = analyse(ACCEPTANCE).option(game, hand=False)
        with_skats = sum(entry.skats for entry in option.possible_tops if entry.tops.with_)
        assert (option.skats, with_skats) == (231, 21)


def test_every_option_counts_all_231_skats() -> None:
    for cards in (ACCEPTANCE, WITHOUT_2, ALL_JACKS, NO_JACK, WITH_1):
        analysis = analyse(cards)
        assert analysis.skats == 231
        for option in analysis.options:
            if option.game is not GameType.NULL:
                assert sum(entry.skats for entry in option.possible_tops) == 231


def test_conditions_match_the_enumeration() -> None:
    # holds/lacks describe exactly the skats that give each tops: recount them independently
    for cards in (ACCEPTANCE, WITHOUT_2, ALL_JACKS, NO_JACK, WITH_1):
        hand = parse_cards(cards)
        skats = list(combinations([c for c in DECK if c not in hand], 2))
        for option in analyse(hand).options:
            for entry in option.possible_tops:
                matching = [
                    s
                    for s in skats
                    if all(c in s for c in entry.holds) and not any(c in s for c in entry.lacks)
                ]
                assert len(matching) == entry.skats, (name(option), entry)
                got = {Tops.from_cards(option.game, hand + s) for s in matching}
                assert got == {entry.tops}


# --- safe bids, Null, order --------------------------------------------------------------------


def test_safe_bid_is_max_bid_of_the_lowest_value() -> None:
    for cards in (ACCEPTANCE, WITHOUT_2, ALL_JACKS, NO_JACK, WITH_1):
        for option in analyse(cards).options:
            # the highest bid on the rules' ladder not above the lowest value
            assert option.safe_bid == max(b for b in RULES_BIDS if b <= option.value_low)
            assert option.safe_bid in BIDS
            if option.possible_tops:
                values = [entry.value for entry in option.possible_tops]
                assert (option.value_low, option.value_high) == (min(values), max(values))


def test_null_options_have_their_fixed_values() -> None:
    analysis = analyse(ACCEPTANCE)
    for (hand, ouvert), value in NULL_VALUES.items():
        null = analysis.option(GameType.NULL, hand=hand, ouvert=ouvert)
        assert (null.tops_alone, null.possible_tops, explain(null)) == (None, (), ())
        assert null.value_alone == null.value_low == null.value_high == null.safe_bid == value
    names = sorted(name(o) for o in analysis.options if o.game is GameType.NULL)
    assert names == ["Null", "Null hand", "Null ouvert", "Null ouvert hand"]


def test_every_game_offered_once() -> None:
    options = analyse(ACCEPTANCE).options
    keys = {(o.game, o.hand, o.schneider, o.schwarz, o.ouvert) for o in options}
    trump_games = [g for g in GameType if not g.is_null]
    variants = [
        (False, False, False, False),
        (True, False, False, False),
        (True, True, False, False),
        (True, True, True, False),
        (True, True, True, True),
    ]
    expected = {(g, *v) for g in trump_games for v in variants}
    expected |= {(GameType.NULL, h, False, False, o) for h, o in NULL_VALUES}
    assert len(options) == len(keys) == len(expected) == 29
    assert keys == expected


def test_announced_games_from_the_rules() -> None:
    # ALL_JACKS holds clubs with 7 (♣J ♠J ♥J ♦J ♣A ♣10 ♣K); the skat may add ♣Q and more
    analysis = analyse(ALL_JACKS)
    values = {
        (False, False, False): 8 * 12,  # with 7, game 8
        (True, False, False): 9 * 12,  # hand 9
        (True, True, False): 11 * 12,  # schneider 10, announced 11
        (True, False, True): 13 * 12,  # schwarz 12, announced 13
    }
    for (hand, schneider, schwarz), value in values.items():
        clubs = analysis.option(GameType.CLUBS, hand=hand, schneider=schneider, schwarz=schwarz)
        assert (clubs.value_alone, clubs.value_low) == (value, value)
    ouvert = analysis.option(GameType.CLUBS, hand=True, ouvert=True)
    assert (ouvert.value_low, ouvert.safe_bid) == (14 * 12, 168)  # with 7 + game + 6 levels
    grand = analysis.option(GameType.GRAND, hand=True, ouvert=True)
    assert grand.value_low == grand.value_high == 264  # the largest value of all
    assert grand.ladder == ()


def test_games_the_hand_suggests_come_first() -> None:
    # 3 jacks and a long hearts: hearts (3 + 3 = 6 trumps), then grand (3 jacks)
    hearts = analyse("CJ SJ DJ HA HT HK SA ST DA D7")
    assert [name(o) for o in hearts.options if o.suggested][:1] == ["Hearts"]
    assert {o.game for o in hearts.options if o.suggested} == {GameType.HEARTS, GameType.GRAND}
    assert [o.game for o in hearts.options[:10]] == [GameType.HEARTS] * 5 + [GameType.GRAND] * 5
    # no ace and no king: Null leads
    null = analyse("C7 C8 C9 S7 S8 ST H7 H9 D8 DQ")
    assert [name(o) for o in null.options[:4]] == [
        "Null",
        "Null hand",
        "Null ouvert",
        "Null ouvert hand",
    ]
    # nothing stands out: the longest trumps first, Null last
    flat = analyse("CA CK C7 SA SK S7 HA HK DA DK")
    assert not any(o.suggested for o in flat.options)
    assert [o.game for o in flat.options[::5]][:4] == [
        GameType.CLUBS,
        GameType.SPADES,
        GameType.HEARTS,
        GameType.DIAMONDS,
    ]
    assert flat.options[-1].game is GameType.NULL


def test_ladder_of_the_rules_overbid_example() -> None:
    # WITHOUT_2 as clubs hand: 36 with 40 skats (♠J or ♣J alone: without 1 / with 1, 3 × 12),
    # 48 with 190 (without 2, 4 × 12), 60 with 1 (♣J ♠J: with 3, 5 × 12).
    clubs = analyse(WITHOUT_2).option(GameType.CLUBS, hand=True)
    assert clubs.safe_bid == 36
    assert clubs.ladder == (
        # bids 40 44 45 46 48: the 40 skats worth 36 overbid them; covering 48, -2 × 48
        Step(40, 48, 40, -96, -96),
        # bids 50 54 55 59 60: only ♣J ♠J (60) covers; covering 60, -2 × 60
        Step(50, 60, 230, -120, -120),
    )


def test_ladder_acceptance_hand() -> None:
    # clubs picked up: 24 (210 skats), 48 (20), 120 (1)
    clubs = analyse(ACCEPTANCE).option(GameType.CLUBS, hand=False)
    assert clubs.ladder == (
        Step(27, 48, 210, -72, -96),  # 27 needs 36 (-72); 48 is 48 (-96)
        Step(50, 120, 230, -120, -240),  # 50 needs 60 (-120); 120 is 120 (-240)
    )
    assert analyse(ACCEPTANCE).option(GameType.NULL, hand=False).ladder == ()


@settings(max_examples=100, deadline=None)
@given(st.permutations(DECK))
def test_ladder_counts_the_skats_below_each_bid(cards: list[Card]) -> None:
    option = analyse(cards[:10]).option(GameType.GRAND, hand=False)
    for step in option.ladder:
        for bid in (step.low, step.high):
            assert step.overbid == sum(e.skats for e in option.possible_tops if e.value < bid)
            assert 0 < step.overbid < 231
        assert step.loss_low == -2 * 24 * -(-step.low // 24)


def test_option_lookup_of_an_announcement_needs_hand() -> None:
    with pytest.raises(DeclarationError, match="only in a hand game"):
        analyse(ACCEPTANCE).option(GameType.CLUBS, hand=False, schneider=True)


# --- input -------------------------------------------------------------------------------------


def test_cards_as_a_sequence_give_the_same_analysis() -> None:
    assert analyse(parse_cards(ACCEPTANCE)) == analyse(ACCEPTANCE)
    assert analyse(list(parse_cards(ACCEPTANCE))).cards == parse_cards(ACCEPTANCE)


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        (
            "SJ HJ CA CT CK CQ C9 SA ST",
            "a hand has 10 cards, got 9: give the 10 cards you hold (the skat stays unseen)",
        ),
        (
            "SJ HJ CA CT CK CQ C9 SA ST H7 H8",
            "a hand has 10 cards, got 11: give the 10 cards you hold (the skat stays unseen)",
        ),
        ("", "a hand has 10 cards, got 0: give the 10 cards you hold (the skat stays unseen)"),
        ("SJ HJ CA CT CK CQ C9 SA ST SJ", "card ♠J (SJ) is given twice"),
        ("SJ HJ CA CT CK CQ C9 SA ST CX", "invalid card 'CX': expected a suit"),
    ],
)
def test_invalid_hands_from_text(cards: str, message: str) -> None:
    with pytest.raises(CardError) as error:
        analyse(cards)
    assert str(error.value).startswith(message)


def test_duplicate_cards_in_a_sequence() -> None:
    cards = [*parse_cards("SJ HJ CA CT CK CQ C9 SA"), CJ, CJ]
    with pytest.raises(CardError) as error:
        analyse(cards)
    assert str(error.value) == "a hand has 10 different cards: ♣J (CJ) given twice"


# --- JSON --------------------------------------------------------------------------------------


def test_to_dict_schema() -> None:
    data = to_dict(analyse(ACCEPTANCE))
    assert json.loads(json.dumps(data, ensure_ascii=False)) == data
    assert list(data) == ["cards", "skats", "options"]
    assert data["cards"] == ACCEPTANCE.split()
    clubs = next(o for o in data["options"] if o["name"] == "Clubs")
    assert clubs == {
        "game": "clubs",
        "hand": False,
        "ouvert": False,
        "name": "Clubs",
        "tops_alone": {"with": False, "count": 1},
        "value_alone": 24,
        "value_low": 24,
        "value_high": 120,
        "safe_bid": 24,
        "possible_tops": [
            {
                "tops": {"with": False, "count": 1},
                "skats": 210,
                "value": 24,
                "skat_holds": [],
                "skat_lacks": ["CJ"],
                "change": None,
            },
            {
                "tops": {"with": True, "count": 3},
                "skats": 20,
                "value": 48,
                "skat_holds": ["CJ"],
                "skat_lacks": ["DJ"],
                "change": "with",
            },
            {
                "tops": {"with": True, "count": 9},
                "skats": 1,
                "value": 120,
                "skat_holds": ["CJ", "DJ"],
                "skat_lacks": [],
                "change": "with",
            },
        ],
        "skats": 231,
        "explanations": list(explain(analyse(ACCEPTANCE).option(GameType.CLUBS, hand=False))),
        "schneider": False,
        "schwarz": False,
        "trumps": 7,
        "suggested": True,
        "ladder": [
            {"from": 27, "to": 48, "overbid_skats": 210, "loss_from": -72, "loss_to": -96},
            {"from": 50, "to": 120, "overbid_skats": 230, "loss_from": -120, "loss_to": -240},
        ],
    }
    null = next(o for o in data["options"] if o["name"] == "Null ouvert hand")
    assert (null["tops_alone"], null["possible_tops"], null["value_low"]) == (None, [], 59)


# --- tied to the scoring core ------------------------------------------------------------------


@st.composite
def hands_and_skats(draw: st.DrawFn) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    cards = draw(st.permutations(DECK))
    hand = tuple(cards[:10])
    unseen = sorted(cards[10:])
    assert len(unseen) == 22
    skat = draw(st.lists(st.sampled_from(unseen), min_size=2, max_size=2, unique=True))
    return hand, tuple(skat)


@settings(max_examples=200, deadline=None)
@given(hands_and_skats())
def test_any_skat_scores_within_the_range(case: tuple[tuple[Card, ...], tuple[Card, ...]]) -> None:
    hand, skat = case
    analysis: Analysis = analyse(hand)
    assert analysis.cards == hand
    for option in analysis.options:
        d = option.declaration
        played = score(
            option.game,
            cards=hand,
            skat=skat,
            hand=d.hand,
            schneider=d.schneider,
            schwarz=d.schwarz,
            ouvert=d.ouvert,
        )
        assert option.value_low <= played.value <= option.value_high, (name(option), skat)
        assert played.hand_tops == option.tops_alone
        if option.game is not GameType.NULL:
            entry = next(e for e in option.possible_tops if e.tops == played.tops)
            assert entry.value == played.value
            assert all(c in skat for c in entry.holds)
            assert not any(c in skat for c in entry.lacks)
