"""Cards and every notation: enumerated over the deck, round-trips property-tested."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skatcalc.cards import DECK, Card, Rank, Suit, parse_cards
from skatcalc.errors import CardError
from skatcalc.words import message
from tests.said import raises_saying

GERMAN_SUITS = {
    Suit.CLUBS: ["Kreuz", "Eichel", "Treff"],
    Suit.SPADES: ["Pik", "Grün", "Gruen", "Laub", "Blatt"],
    Suit.HEARTS: ["Herz", "Rot"],
    Suit.DIAMONDS: ["Karo", "Schellen"],
}
GERMAN_RANKS = {
    Rank.SEVEN: "Sieben",
    Rank.EIGHT: "Acht",
    Rank.NINE: "Neun",
    Rank.TEN: "Zehn",
    Rank.JACK: "Bube",
    Rank.QUEEN: "Dame",
    Rank.KING: "König",
    Rank.ACE: "Ass",
}


def test_the_deck_has_32_cards_worth_120() -> None:
    assert len(DECK) == len(set(DECK)) == 32
    assert sum(card.points for card in DECK) == 120


@pytest.mark.parametrize("card", DECK, ids=str)
def test_every_notation_of_every_card(card: Card) -> None:
    rank10 = "10" if card.rank is Rank.TEN else card.rank.value
    notations = [
        str(card),
        str(card).lower(),
        f"{card.suit.value}{rank10}",
        card.symbol,
        f"{card.rank.label}{card.suit.symbol}",
        f"{card.rank.name.lower()} of {card.suit.word}",
        f"{card.suit.word} {card.rank.name.lower()}",
    ]
    for word in GERMAN_SUITS[card.suit]:
        notations += [f"{word} {GERMAN_RANKS[card.rank]}", f"{word}-{rank10}"]
    for text in notations:
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


@given(st.text(max_size=8))
def test_any_text_is_a_card_or_a_card_error(text: str) -> None:
    try:
        card = Card.parse(text)
    except CardError:
        return
    assert card in DECK
