"""Rules are checked when they are built, and every valid sheet survives its own file."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skatcalc.errors import SheetError
from skatcalc.sheet.model import (
    BockOverlap,
    BockTrigger,
    Deal,
    Ramsch,
    RamschSkat,
    RamschTies,
    Rules,
    ScoringList,
    Sheet,
)
from skatcalc.spec import GameSpec
from skatcalc.store import sheet as store
from skatcalc.value import possible_points
from tests.said import raises_saying


def test_an_unknown_list_cannot_be_built() -> None:
    # The bug: Rules(scoring="tournament") was accepted, written, and refused on reading.
    with raises_saying(SheetError, match="rule scoring is 'tournament'") as error:
        Rules(scoring="tournament")
    assert error.value.field == "scoring"


@pytest.mark.parametrize(
    ("rule", "value"),
    [
        ("bock_overlap", "triple"),
        ("ramsch_skat", "dealer"),
        ("ramsch_ties", "coin"),
        ("bock_triggers", ("lost-61",)),
        ("ramsch_value", 12),
        ("bock_value", 0),
        ("bock_max", -1),
        ("grand_base", 23),
        ("bock_length", 17),
        ("won_bonus", True),
        ("kontra", 1),
        ("scoring", 3),
    ],
)
def test_no_invalid_rule_can_be_built(rule: str, value: object) -> None:
    with pytest.raises(SheetError) as error:
        Rules(**{rule: value})  # type: ignore[arg-type]
    assert error.value.field == rule


def test_bockramsch_needs_bock_and_ramsch() -> None:
    with raises_saying(SheetError, match="needs bock and ramsch"):
        Rules(bockramsch=True, bock=True)


def test_a_choice_is_its_enum_and_writes_its_word() -> None:
    rules = Rules(scoring="bierlachs", bock_triggers=("value", "re"))  # type: ignore[arg-type]
    assert rules.scoring is ScoringList.BIERLACHS
    assert rules.bock_triggers == (BockTrigger.VALUE, BockTrigger.RE)
    text = store.render(Sheet.new(["A", "B", "C"], rules))
    assert 'scoring = "bierlachs"' in text
    assert 'bock_triggers = ["value", "re"]' in text


# --- every valid sheet renders and parses back unchanged -----------------------------------

_EDGE = st.characters(blacklist_categories=("Cc", "Cf", "Cs", "Zl", "Zp", "Zs"))
_INNER = st.characters(blacklist_categories=("Cc", "Cf", "Cs", "Zl", "Zp"))
NAMES = st.one_of(
    _EDGE,
    st.builds(lambda a, mid, b: a + mid + b, _EDGE, st.text(_INNER, max_size=38), _EDGE),
    st.sampled_from(['Ben "the Bear"', "O'Neil", "a = b", "[[deal]]", "# not a comment", "Jö"]),
)

RULES = st.builds(
    Rules,
    scoring=st.sampled_from(ScoringList),
    won_bonus=st.integers(0, 1000),
    lost_penalty=st.integers(0, 1000),
    opponents_three=st.integers(0, 1000),
    opponents_four=st.integers(0, 1000),
    kontra=st.booleans(),
    bock=st.booleans(),
    bock_triggers=st.lists(st.sampled_from(BockTrigger), unique=True).map(tuple),
    bock_length=st.integers(0, 16),
    bock_overlap=st.sampled_from(BockOverlap),
    bock_value=st.integers(1, 500),
    bock_self=st.booleans(),
    bock_max=st.integers(0, 5),
    bockramsch=st.just(False),  # Bockramsch rounds take only Ramsch deals: see its own tests
    ramsch=st.booleans(),
    ramsch_skat=st.sampled_from(RamschSkat),
    ramsch_ties=st.sampled_from(RamschTies),
    ramsch_jungfrau=st.booleans(),
    ramsch_durchmarsch=st.booleans(),
    schieberamsch=st.booleans(),
    ramsch_value=st.sampled_from((0, 10, 15, 20)),
    bierlachs_limit=st.integers(1, 10000),
    bierlachs_dealer=st.booleans(),
    lost_hand_single=st.booleans(),
    grand_base=st.sampled_from((20, 24)),
    opponents_five=st.integers(0, 1000),
    grand_ouvert_base=st.sampled_from((24, 36)),
)

POINTS = [p for p in range(121) if possible_points(p)]
# Each split has one player with the most points, so no tie rule needs a last trick.
SPLITS = [(60, 40, 20), (70, 30, 20), (45, 40, 35), (110, 10, 0), (62, 58, 0)]


@st.composite
def sheets(draw: st.DrawFn) -> Sheet:
    players = draw(st.lists(NAMES, min_size=3, max_size=4, unique_by=str.casefold))
    sheet = Sheet.new(players, draw(RULES))
    # the names as the sheet keeps them (composed, NFC): a name drawn in another form (a CJK
    # compatibility ideograph) is not the dealer's name as the sheet says it
    players, rules = list(sheet.players), sheet.rules
    for _ in range(draw(st.integers(0, 8))):
        dealer = sheet.dealer(len(sheet.deals))
        playing = [p for p in players if len(players) == 3 or p != dealer]
        kind = draw(st.sampled_from(("suit", "null", "passed", "ramsch")))
        if kind == "passed" or (kind == "ramsch" and not rules.ramsch):
            deal = Deal.passed()
        elif kind == "ramsch":
            split = draw(st.permutations(SPLITS[draw(st.integers(0, len(SPLITS) - 1))]))
            assert all(possible_points(points) for points in split)
            deal = Deal.of_ramsch(Ramsch(tuple(zip(playing, split, strict=True))))
        else:
            declarer = draw(st.sampled_from(playing))
            said = draw(st.sampled_from(("", "kontra", "re"))) if rules.kontra else ""
            common = {"kontra": said == "kontra", "re": said == "re", "hand": draw(st.booleans())}
            if kind == "null":
                game = GameSpec("null", tricks=draw(st.integers(0, 10)), **common)
            else:
                name = draw(st.sampled_from(("clubs", "spades", "hearts", "diamonds", "grand")))
                tops = {draw(st.sampled_from(("with_", "without"))): draw(st.integers(1, 4))}
                game = GameSpec(name, points=draw(st.sampled_from(POINTS)), **tops, **common)
            deal = Deal(declarer, game)
        sheet = sheet.add(deal)
    return sheet


@settings(max_examples=150, deadline=None)
@given(sheets())
def test_every_valid_sheet_renders_and_parses_back_unchanged(sheet: Sheet) -> None:
    assert store.parse(store.render(sheet)) == sheet
