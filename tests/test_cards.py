"""Cards and every notation: enumerated over the deck, round-trips property-tested."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from skatcalc.cards import DECK, Card, Rank, Suit, parse_cards
from skatcalc.errors import CardError
from skatcalc.words import message
from tests.said import raises_saying
from tests.strategies import card_texts, hand_texts, spellings


def test_the_deck_has_32_cards_worth_120() -> None:
    assert len(DECK) == len(set(DECK)) == 32
    assert sum(card.points for card in DECK) == 120


@pytest.mark.parametrize("card", DECK, ids=str)
def test_every_notation_of_every_card(card: Card) -> None:
    for text in spellings(card):
        assert Card.parse(text) == card, text


@pytest.mark.parametrize("text", ["SU", "so", "S Bube", "S-Unter", "sb"])
def test_s_with_a_german_rank_is_ambiguous(text: str) -> None:
    with raises_saying(CardError, match=r"ambiguous card .*Schellen"):
        Card.parse(text)


@pytest.mark.parametrize("text", ["", "CX", "XJ", "C", "J", "C1", "C11", "♣", "CJJ", "Kreuz"])
def test_invalid_cards_name_what_is_expected(text: str) -> None:
    with pytest.raises(CardError) as error:
        Card.parse(text)
    assert message(error.value) == (
        f"invalid card {text!r}: expected a suit C S H D and a rank 7 8 9 T J Q K A, e.g. 'CJ' "
        "(also '♣J', 'C10', 'Kreuz Bube')"
    )


def test_parse_cards_separators_and_words() -> None:
    assert parse_cards("CJ,SJ , HJ  DJ") == tuple(Card.parse(c) for c in ["CJ", "SJ", "HJ", "DJ"])
    assert parse_cards("Kreuz Bube Herz Zehn jack of spades") == (
        Card(Suit.CLUBS, Rank.JACK),
        Card(Suit.HEARTS, Rank.TEN),
        Card(Suit.SPADES, Rank.JACK),
    )
    assert parse_cards("") == ()


def test_parse_cards_refuses_duplicates_in_any_notation() -> None:
    with raises_saying(CardError, match=r"card ♣J \(CJ\) is given twice"):
        parse_cards("CJ Kreuz Bube")


@given(st.lists(st.sampled_from(DECK), unique=True))
def test_cards_round_trip_through_str(cards: list[Card]) -> None:
    assert parse_cards(" ".join(str(c) for c in cards)) == tuple(cards)
    assert parse_cards(",".join(c.symbol for c in cards)) == tuple(cards)


@given(st.sampled_from(DECK))
def test_repr_round_trips(card: Card) -> None:
    assert eval(repr(card)) == card


@given(card_texts())
def test_any_text_is_a_card_or_a_card_error(drawn: tuple[str, Card | None]) -> None:
    """Text near a card (a spelling, whole or with slips): a card, the one it spells when whole,
    or a CardError that names it; never another exception."""
    text, spelled = drawn
    try:
        card = Card.parse(text)
    except CardError as error:
        assert spelled is None, text
        assert error.code in ("err.card.invalid", "err.card.ambiguous")
        event("refused")
        return
    event("a card")
    assert card in DECK
    assert spelled in (None, card)
    assert Card.parse(str(card)) == card


def test_a_card_read_again_reads_as_the_first_time() -> None:
    """The cards' reader keeps what each text names (issue 32 item 9); never an error: an
    ambiguous or unknown card is refused each time it is read."""
    from skatcalc.cards import parse_cards
    from skatcalc.errors import CardError

    assert parse_cards("CJ SA, ht d7") == parse_cards("CJ SA, ht d7")
    for wrong in ("SU", "XX"):
        for _ in range(2):
            with pytest.raises(CardError):
                parse_cards(wrong)


@pytest.mark.parametrize("card", DECK, ids=str)
def test_the_notation_read_at_once_is_the_card_the_full_reader_reads(card: Card) -> None:
    """parse_cards takes a card written as the notation writes it from a table: the card the
    full reader finds in that text alone, and in a hand of such texts."""
    from skatcalc.cards import _NOTATION, _parse_run

    assert len(_NOTATION) == 32
    assert _parse_run([str(card)], 0) == (card, 1) == (_NOTATION[str(card)], 1)


@pytest.mark.parametrize("card", DECK, ids=str)
def test_each_card_is_one_object(card: Card) -> None:
    """A card is the deck's object however it is made (built, parsed, copied, pickled): its
    equality and hash are the identity's, so a second object would be another card."""
    import copy
    import pickle

    assert Card(card.suit, card.rank) is card
    assert Card(Suit(card.suit.value), Rank(card.rank.value)) is card
    assert Card(card.suit.value, card.rank.value) is card  # type: ignore[arg-type]
    assert Card.parse(str(card)) is card
    assert Card.parse(card.symbol) is card
    assert copy.copy(card) is card
    assert copy.deepcopy([card])[0] is card
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(card, protocol)) is card
    assert eval(repr(card)) is card
    assert hash(card) == hash(Card(card.suit, card.rank))
    assert {card: 1}[Card(card.suit, card.rank)] == 1


def test_cards_are_equal_only_to_themselves() -> None:
    for card in DECK:
        assert [other for other in DECK if other == card] == [card]
        assert [other for other in DECK if other != card] == [c for c in DECK if c is not card]
        assert card != str(card)
        assert card != (card.suit, card.rank)
    assert len({*DECK, *(Card(c.suit, c.rank) for c in DECK)}) == 32


def test_cards_are_ordered_by_suit_then_rank_letter() -> None:
    assert sorted(DECK) == sorted(DECK, key=lambda c: (c.suit.value, c.rank.value))
    assert sorted(DECK, reverse=True) == sorted(DECK, key=str, reverse=True)
    first, second = DECK[0], DECK[1]
    assert first < second and first <= second and second > first and second >= first
    again = Card(first.suit, first.rank)
    assert first <= again and first >= again and not first < again and not first > again


@pytest.mark.parametrize(("suit", "rank"), [("X", "J"), ("C", "X"), ("C", "10"), ("", "")])
def test_no_card_of_what_is_no_suit_or_no_rank(suit: str, rank: str) -> None:
    with pytest.raises(ValueError, match="is not a valid"):
        Card(suit, rank)  # type: ignore[arg-type]


def test_a_card_cannot_be_changed() -> None:
    card = DECK[0]
    with pytest.raises(AttributeError):
        card.suit = Suit.HEARTS  # type: ignore[misc]
    assert card.suit is Suit.CLUBS


def _outcome(read: Callable[[str], tuple[Card, ...]], text: str) -> object:
    """The cards ``read`` finds in ``text``, or its error as data (code and parameters)."""
    try:
        return read(text)
    except CardError as error:
        return (error.code, error.params)


@st.composite
def _plain_or_not(draw: st.DrawFn) -> str:
    """Cards as one text: half in the notation alone (``CJ SA``, the fast path; a card twice at
    times), half as players write them (lower case, German, symbols, commas, slips)."""
    if draw(st.booleans()):
        return draw(hand_texts())[0]
    cards = draw(st.lists(st.sampled_from(DECK), max_size=12, unique=draw(st.integers(0, 3)) > 0))
    size = len(cards) + 1
    spaces = draw(st.lists(st.sampled_from([" ", "  ", "\t", "\n"]), min_size=size, max_size=size))
    return spaces[0] + "".join(str(c) + space for c, space in zip(cards, spaces[1:], strict=True))


@given(_plain_or_not())
def test_the_notation_read_at_once_equals_the_full_reader(text: str) -> None:
    """parse_cards reads a text in the notation alone at once (cards.py ``_plain``): it finds
    the cards, or the error, the full reader finds, in any text."""
    from skatcalc.cards import _plain, _read_cards

    plain = _plain(text)
    event("read at once" if plain is not None else "read in full")
    if plain is not None:
        assert plain == _read_cards(text)
    assert _outcome(parse_cards, text) == _outcome(_read_cards, text)


@pytest.mark.parametrize(
    ("text", "at_once"),
    [
        ("CJ SA HT D7 C7 C8 C9 CT CQ CK", True),
        ("  CJ\tSA\n", True),
        ("", True),
        ("CJ SA CJ", False),  # twice: the full reader says which card
        ("cj SA", False),
        ("SA cj", False),
        ("CJ,SA", False),
        ("CJ, SA", False),
        ("C10 SA", False),
        ("Kreuz Bube SA", False),
        ("♣J SA", False),
        ("CJ SX", False),
    ],
)
def test_which_texts_are_read_at_once(text: str, at_once: bool) -> None:
    from skatcalc.cards import _plain, _read_cards

    assert (_plain(text) is not None) is at_once
    assert _outcome(parse_cards, text) == _outcome(_read_cards, text)
    if at_once:
        assert parse_cards(text) == tuple(Card.parse(t) for t in text.split())
