"""Hypothesis strategies the tests share: each draws valid input, or input close to it (valid,
then damaged by a slip), so no test throws draws away and most draws reach past the first check
of the code under test (a test says how many with ``event``: ``--hypothesis-show-statistics``)."""

from __future__ import annotations

from hypothesis import strategies as st

from skatcalc.cards import DECK, Card, Rank
from skatcalc.games import GameType
from tests.data import GERMAN_RANKS, GERMAN_SUITS, RULES_BIDS

SUIT_OR_GRAND = st.sampled_from([g for g in GameType if not g.is_null])


@st.composite
def games(draw: st.DrawFn, spare_top: bool = False) -> dict[str, object]:
    """A valid suit or grand game with its result, built so that nothing is refused.

    The declarer's card points are the points of cards drawn from the deck: the skat and three
    per trick taken, so every points/tricks pair is one the cards allow, won or lost, schneider or
    schwarz on either side. Sometimes the tricks are not told (a result by points alone).
    ``spare_top`` keeps the tops one below the game's most, for a test that adds one.
    """
    game = draw(SUIT_OR_GRAND)
    count = draw(st.integers(1, game.max_tops - 1 if spare_top else game.max_tops))
    hand = draw(st.booleans())
    announce = draw(st.sampled_from(["", "schneider", "schwarz", "ouvert"])) if hand else ""
    tricks: int | None = draw(st.integers(0, 10))
    assert tricks is not None
    taken = draw(st.permutations(DECK))[: 3 * tricks + 2]
    points = sum(card.points for card in taken)
    # with schwarz announced, 120 points without the tricks cannot be decided (refused): such a
    # game keeps its tricks rather than being thrown away
    if draw(st.booleans()) and not (announce in ("schwarz", "ouvert") and points == 120):
        tricks = None
    return {
        "game": game,
        "with_" if draw(st.booleans()) else "without": count,
        "hand": hand,
        "schneider": announce == "schneider",
        "schwarz": announce == "schwarz",
        "ouvert": announce == "ouvert",
        "points": points,
        "tricks": tricks,
        "bid": draw(st.sampled_from(RULES_BIDS)),
        "kontra": draw(st.booleans()),
    }


def printable(name: str) -> bool:
    """A name a sheet takes (no control or invisible characters, not too long)."""
    from skatcalc.errors import SheetError
    from skatcalc.sheet.model import check_name

    try:
        check_name(name)
    except SheetError:
        return False
    return True


# --- near-valid text: valid by construction, then sometimes damaged ---------------------------


def spellings(card: Card) -> list[str]:
    """Every way cards.py's docstring says a player may write ``card``: the server notation
    (``CT``, ``ct``, ``C10``), suit symbols on either side (``♣10``, ``10♣``), English words
    (``ten of clubs``, ``clubs ten``) and German ones (``Kreuz Zehn``, ``Kreuz-10``)."""
    rank10 = "10" if card.rank is Rank.TEN else card.rank.value
    found = [
        str(card),
        str(card).lower(),
        f"{card.suit.value}{rank10}",
        card.symbol,
        f"{card.rank.label}{card.suit.symbol}",
        f"{card.rank.name.lower()} of {card.suit.word}",
        f"{card.suit.word} {card.rank.name.lower()}",
    ]
    for word in GERMAN_SUITS[card.suit]:
        found += [f"{word} {GERMAN_RANKS[card.rank]}", f"{word}-{rank10}"]
    return found


@st.composite
def spelled_cards(draw: st.DrawFn) -> tuple[str, Card]:
    """A card and one of its spellings."""
    card = draw(st.sampled_from(DECK))
    return draw(st.sampled_from(spellings(card))), card


NEAR_MISSES = st.sampled_from(list(" -_/.,ßSsUuOoBb10♣♠♥♦♡xX\x00\u202e"))
"""Characters a damaged card text gets: separators, German letters that make a card ambiguous,
rank and suit marks, and a few that belong in no card."""


@st.composite
def damaged(draw: st.DrawFn, text: str) -> str:
    """``text`` with one to three small slips: a character dropped, doubled, replaced or put in,
    the case flipped, spaces around."""
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(text)))
        slip = draw(st.sampled_from(["drop", "double", "replace", "insert", "case", "pad"]))
        if slip == "drop":
            text = text[:at] + text[at + 1 :]
        elif slip == "double":
            text = text[:at] + text[at : at + 1] + text[at:]
        elif slip == "replace":
            text = text[:at] + draw(NEAR_MISSES) + text[at + 1 :]
        elif slip == "insert":
            text = text[:at] + draw(st.one_of(NEAR_MISSES, st.characters())) + text[at:]
        elif slip == "case":
            text = text.swapcase()
        else:
            text = f" {text}\t"
    return text


@st.composite
def card_texts(draw: st.DrawFn) -> tuple[str, Card | None]:
    """A card's text, whole (with the card it spells) or damaged (with None): most draws are a
    card or close to one, so a test reaches past the parser's first refusal."""
    text, card = draw(spelled_cards())
    if draw(st.integers(0, 2)):  # two in three whole
        return text, card
    return draw(damaged(text)), None


@st.composite
def hand_texts(draw: st.DrawFn) -> tuple[str, tuple[Card, ...] | None]:
    """Several cards as one text, separated as players separate them (spaces, commas): the
    cards it spells (None where a card repeats, or the text is damaged)."""
    cards = draw(st.lists(st.sampled_from(DECK), min_size=1, max_size=10, unique=True))
    if draw(st.integers(0, 4)) == 0:  # one card written twice
        cards.insert(draw(st.integers(0, len(cards))), draw(st.sampled_from(cards)))
    texts = [draw(st.sampled_from(spellings(card))) for card in cards]
    separators = [draw(st.sampled_from([" ", ", ", ",", "  "])) for _ in texts[1:]]
    text = texts[0] + "".join(sep + t for sep, t in zip(separators, texts[1:], strict=True))
    whole = len(set(cards)) == len(cards)
    if draw(st.integers(0, 3)) == 0:
        return draw(damaged(text)), None
    return text, tuple(cards) if whole else None
