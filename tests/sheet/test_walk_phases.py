"""The walk (skatcalc/sheet/tally.py) takes up the rules in force at a deal only where they
change: a sheet whose Bock and Bockramsch are switched off and on among its deals, with Bock
and Ramsch rounds running at each switch, is tallied whole as it is carried on from any cut
(where the walk starts in the rules of its first deal), and a deal whose rules have no Bock
lies in no round and sets none off, none comes in a Ramsch round."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from skatcalc.errors import SkatError
from skatcalc.sheet.model import Deal, Ramsch, Rules, Sheet
from skatcalc.spec import GameSpec

PLAYERS = ("Anna", "Ben", "Carl")


def _game(rng: random.Random) -> GameSpec:
    """A game that often sets Bock off (Kontra, a lost 60, a Grand Hand)."""
    kind = rng.choice(["clubs", "spades", "grand"])
    return GameSpec(kind, with_=rng.randint(1, 3), hand=rng.random() < 0.3,
                    points=rng.choice([30, 60, 61, 70, 90]), kontra=rng.random() < 0.3)  # fmt: skip


def _deal(rng: random.Random, sheet: Sheet) -> Deal:
    if sheet.tally().ramsch_ahead and rng.random() < 0.8:  # a Ramsch round: mostly Ramsch
        cuts = sorted(rng.sample(range(1, 120), 2))
        points = (cuts[0], cuts[1] - cuts[0], 120 - cuts[1])
        return Deal.of_ramsch(Ramsch(tuple(zip(PLAYERS, points, strict=True))))
    return Deal(rng.choice(PLAYERS), _game(rng))


def evening(seed: int) -> Sheet:
    """A sheet under Bock and Bockramsch, switched off and on again every few deals."""
    rng = random.Random(seed)
    on = {"bock": True, "bockramsch": True}
    rules = Rules(ramsch=True, kontra=True, bock_length=rng.choice([0, 2]),
                  bock_overlap=rng.choice(["double", "queue"]), **on)  # fmt: skip
    sheet = Sheet.new(PLAYERS, rules)
    for n in range(rng.randint(8, 30)):
        if n and rng.random() < 0.2:
            switched = {name: not sheet.rules_at(len(sheet.deals)).bock for name in on}
            sheet = sheet.change_rules(lambda r, switched=switched: replace(r, **switched))
        try:
            sheet = sheet.add(_deal(rng, sheet))
        except SkatError:
            continue  # a deal these rules refuse (a game in a Ramsch round): the next
    return sheet


@pytest.mark.parametrize("seed", range(40))
def test_a_sheet_switched_among_its_deals_is_tallied_whole_as_carried_on(seed: int) -> None:
    sheet = evening(seed)
    whole = sheet.tally()
    for index, entry in enumerate(whole.deals):
        if not sheet.rules_at(index).bock:
            assert (entry.bock, entry.triggers) == (0, ())
    for cut in range(len(sheet.deals) + 1):
        head = replace(sheet, deals=sheet.deals[:cut])
        if not sheet.rules_at(cut).bockramsch:
            assert head.tally().ramsch_ahead == 0
        deals, carried = head.carry_on(head.tally(), sheet.deals[cut:])
        assert deals == sheet.deals[cut:]
        assert carried.deals == whole.deals[cut:]
        assert carried.players == whole.players
        assert (carried.bock_ahead, carried.bock_rounds, carried.next_dealer,
                carried.ramsch_ahead) == (whole.bock_ahead, whole.bock_rounds, whole.next_dealer,
                                          whole.ramsch_ahead)  # fmt: skip


def test_the_evenings_run_rounds_into_the_switches() -> None:
    """The test above sees what it is for: Bock and Ramsch rounds running when the rules
    switch them off."""
    bock = ramsch = 0
    for seed in range(40):
        sheet = evening(seed)
        for change in sheet.changes:  # the deals before it, without it
            earlier = tuple(c for c in sheet.changes if c.start < change.start)
            before = replace(sheet, deals=sheet.deals[: change.start - 1], changes=earlier)
            bock += bool(before.tally().bock_rounds)
            ramsch += bool(before.tally().ramsch_ahead)
    assert bock >= 20 and ramsch >= 10, (bock, ramsch)
