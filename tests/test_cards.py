"""Cards and every notation: enumerated over the deck, round-trips property-tested."""

from __future__ import annotations

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from skatcalc.cards import DECK, Card, Rank, Suit, parse_cards
from skatcalc.errors import CardError
from skatcalc.words import message
from tests.said import raises_saying
from tests.strategies import card_texts, spellings


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
