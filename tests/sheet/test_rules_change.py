"""A sheet's rules changed from a later deal (issue 29 item 1), in the domain and the codec: the
deals before a change are scored as they were, a change from deal 1 is the sheet's own rules,
the file says each change before its deal and reads back the same sheet (tomllib and rtoml
alike), and a tally carried on from the end of another equals the whole one."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from skatcalc.errors import SheetError
from skatcalc.sheet.model import Deal, Rules, RulesChange, Sheet
from skatcalc.sheet.rules import in_force
from skatcalc.spec import GameSpec
from skatcalc.store.sheet_codec import parse, render
from tests.strategies import games

PLAYERS = ("Anna", "Ben", "Carl")

# rules of a deal a table may change mid-evening, each with the values drawn for it
CHANGES: dict[str, Any] = {
    "bock": st.booleans(),
    "bock_length": st.integers(0, 4),
    "bock_overlap": st.sampled_from(["double", "queue"]),
    "bock_self": st.booleans(),
    "bock_triggers": st.sampled_from([("kontra",), ("lost-60", "value"), ("hundred", "kontra")]),
    "opponents_three": st.integers(0, 60),
    "won_bonus": st.integers(0, 60),
    "lost_hand_single": st.booleans(),
    "grand_base": st.sampled_from([20, 24]),
}


@st.composite
def evenings(draw: st.DrawFn) -> tuple[Sheet, dict[str, Any], int]:
    """A sheet of games and passed deals under Bock rules, a change of some rules, and the
    deal it starts from (1 to the deals + 1)."""
    rules = Rules(bock=True, kontra=True)
    deals = []
    for _ in range(draw(st.integers(0, 9))):
        if draw(st.integers(0, 4)) == 0:
            deals.append(Deal.passed())
            continue
        game = draw(games())
        spec = GameSpec(**{**game, "game": game["game"].value})  # type: ignore[attr-defined]
        deals.append(Deal(draw(st.sampled_from(PLAYERS)), spec))
    sheet = Sheet.new(PLAYERS, rules).extend(deals)
    names = draw(st.lists(st.sampled_from(sorted(CHANGES)), min_size=1, max_size=3, unique=True))
    values = {name: draw(CHANGES[name]) for name in names}
    start = draw(st.integers(1, len(deals) + 1))
    return sheet, values, start


def _changed(sheet: Sheet, values: dict[str, Any], start: int) -> Sheet:
    """The sheet with the change; a change that a deal after it no longer fits (a bid of 240
    under a Grand base of 20) is refused, as it must be, and drawn again."""
    try:
        return sheet.change_rules(lambda rules: rules.changed(values), start)
    except SheetError as error:
        assert error.code == "err.sheet.misfit", error
        assume(False)
        raise


@given(evenings())
def test_the_deals_before_a_change_keep_their_scores(
    evening: tuple[Sheet, dict[str, Any], int],
) -> None:
    sheet, values, start = evening
    changed = _changed(sheet, values, start)
    before, after = sheet.tally(), changed.tally()
    assert after.deals[: start - 1] == before.deals[: start - 1]
    # from deal 1: the sheet's own rules, as if the sheet had been started with them
    if start == 1:
        assert changed.changes == ()
        assert after == replace(sheet, rules=sheet.rules.changed(values)).tally()
    # the file says it and reads back the same sheet; tomllib and rtoml read the same data
    text = render(changed)
    assert parse(text) == changed
    try:  # where rtoml is installed (not on a phone's install: .ci/run's pass without it)
        import rtoml
    except ImportError:
        return
    assert rtoml.loads(text) == tomllib.loads(text)


@given(evenings(), st.integers(0, 9))
def test_a_tally_carried_on_from_another_ones_end_is_the_whole_one(
    evening: tuple[Sheet, dict[str, Any], int], cut: int
) -> None:
    """What the kept state does (store/state.py): the deals after ``cut`` carried on from the
    tally of those before give the whole tally's end, across the change."""
    sheet, values, start = evening
    changed = _changed(sheet, values, start)
    cut = min(cut, len(changed.deals))
    head = replace(changed, deals=changed.deals[:cut])
    deals, carried = head.carry_on(head.tally(), changed.deals[cut:])
    whole = changed.tally()
    assert deals == changed.deals[cut:]
    assert carried.players == whole.players
    assert (carried.bock_ahead, carried.bock_rounds, carried.next_dealer) == (
        whole.bock_ahead, whole.bock_rounds, whole.next_dealer,
    )  # fmt: skip
    assert carried.deals == whole.deals[cut:]


def test_a_change_is_merged_normalised_and_left_out_when_it_changes_nothing() -> None:
    sheet = Sheet.new(PLAYERS).extend([Deal.passed()] * 3)
    one = sheet.change_rules(lambda r: r.changed({"bock": True}), 3)
    two = one.change_rules(lambda r: r.changed({"bock_length": 2}), 3)
    assert two.changes == (RulesChange(3, (("bock", True), ("bock_length", 2))),)
    # Bock on from deal 2 makes the change at 3 say only its length
    three = two.change_rules(lambda r: r.changed({"bock": True}), 2)
    assert three.changes == (
        RulesChange(2, (("bock", True),)),
        RulesChange(3, (("bock_length", 2),)),
    )
    # from deal 1: [rules]; the changes after it that now change nothing are gone
    four = three.change_rules(lambda r: r.changed({"bock": True, "bock_length": 2}), 1)
    assert (four.rules.bock, four.rules.bock_length, four.changes) == (True, 2, ())
    # a rule changed from a deal holds from there on: a later change of it is dropped
    # (`--bock --from 2` after `--no-bock` from deal 4 is Bock from deal 2 to the end)
    off = one.change_rules(lambda r: r.changed({"bock": False}), 4)
    on_again = off.change_rules(lambda r: r.changed({"bock": True}), 2)
    assert [r.bock for r in (on_again.rules_at(i) for i in range(4))] == [False, True, True, True]
    assert on_again.changes == (RulesChange(2, (("bock", True),)),)


def test_the_list_that_decides_and_the_length_are_the_whole_sheets() -> None:
    sheet = Sheet.new(PLAYERS).add(Deal("Ben", GameSpec("grand", with_=1, points=70)))
    changed = sheet.change_rules(lambda r: r.changed({"scoring": "standard", "bock": True}))
    assert changed.rules.scoring == "standard" and not changed.rules.bock
    assert changed.changes == (RulesChange(2, (("bock", True),)),)
    with pytest.raises(SheetError) as raised:
        RulesChange(2, (("series_length", 6),))
    assert (raised.value.code, raised.value.field) == ("err.rules_change.whole", "series_length")


def test_changes_must_go_forward() -> None:
    with pytest.raises(SheetError) as raised:
        in_force(Rules(), (RulesChange(4, ()), RulesChange(3, ())))
    assert raised.value.code == "err.rules_change.order"
