"""Hypothesis strategies the tests share: each draws valid input, so no test throws draws away."""

from __future__ import annotations

from hypothesis import assume
from hypothesis import strategies as st

from skatcalc.cards import DECK
from skatcalc.games import GameType
from tests.data import RULES_BIDS

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
    if draw(st.booleans()):
        tricks = None
        # with schwarz announced, 120 points without the tricks cannot be decided (refused)
        assume(not (announce in ("schwarz", "ouvert") and points == 120))
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
