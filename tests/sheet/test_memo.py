"""The reading path's speed caches (skatcalc/store/memo.py) change no number: a sheet read from
its file, which scores through the kept scorings and the last tally, totals exactly as the same
sheet built in code, which works everything out anew."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skatcalc.sheet.model import PLAIN, Deal, Rules, Sheet
from skatcalc.spec import GameSpec
from skatcalc.store.memo import KEPT
from skatcalc.store.sheet_codec import parse, render
from tests.strategies import games

NAMES = ("Anna", "Ben", "Carl")
# (the games drawn bid on the ISkO ladder: the old grand base is the next test's)
RULES = st.builds(
    Rules,
    bock=st.booleans(),
    bock_self=st.booleans(),
    bock_triggers=st.sampled_from([("lost-60", "grand-hand", "kontra", "hundred"), ("value",)]),
    bock_value=st.sampled_from([24, 48, 100]),
    lost_hand_single=st.booleans(),
)


def _spec(game: dict[str, Any]) -> GameSpec:
    return GameSpec(**{**game, "game": game["game"].value})


@settings(max_examples=60, deadline=None)
@given(rules=RULES, drawn=st.lists(games(), min_size=1, max_size=12))
def test_a_sheet_read_from_its_file_totals_as_the_sheet_built_in_code(
    rules: Rules, drawn: list[dict[str, Any]]
) -> None:
    deals = [Deal(NAMES[i % 3], _spec(game)) for i, game in enumerate(drawn)]
    built = Sheet.new(NAMES, rules).extend(deals)
    read = parse(render(built))
    assert (built.memo, read.memo) == (PLAIN, KEPT)
    assert read == built
    assert read.tally() == built.tally()
    assert read.tally() == built.tally()  # the kept tally, asked again
    longer = read.add(deals[0])
    assert longer.memo is KEPT
    assert longer.tally() == built.add(deals[0]).tally()


def test_a_kept_grand_ouvert_is_kept_under_its_base_only() -> None:
    game = Deal("Anna", GameSpec("grand", with_=4, ouvert=True, tricks=10))
    for rules in (Rules(), Rules(grand_ouvert_base=36), Rules()):
        read = replace(Sheet.new(NAMES, rules), memo=KEPT).add(game)
        # by hand: with 4 and seven levels, 11 x 24 = 264; on base 36 (the old rule) the
        # ouvert level is not counted: 36 x 10 = 360
        expected = {24: 264, 36: 360}[rules.grand_ouvert_base]
        assert [p.score for p in read.tally().players] == [expected, 0, 0]


def test_a_kept_scoring_is_kept_under_its_rules_only() -> None:
    game = Deal("Anna", GameSpec("grand", with_=1, hand=True, points=50))
    for rules in (Rules(), Rules(grand_base=20), Rules(lost_hand_single=True), Rules()):
        read = replace(Sheet.new(NAMES, rules), memo=KEPT).add(game)
        # by hand: grand hand with 1, game 2, hand 3 = 3 x 24 = 72 (base 20: 60), lost: x -2
        # (a lost hand game counts single under the old rule: -72)
        expected = {24: -144, 20: -120}[rules.grand_base] // (2 if rules.lost_hand_single else 1)
        assert [p.score for p in read.tally().players] == [expected, 0, 0]


def test_the_kept_scorings_stay_bounded_and_each_is_the_one_worked_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Past the most kept, every table is emptied (one a checker holds too) and the scorings
    are kept anew; a scoring kept or worked out again is the one worked out."""
    from skatcalc.spec import ScoringRules
    from skatcalc.store import memo

    monkeypatch.setattr(memo, "_MOST", 5)
    kept = memo.Kept()
    plain, old = ScoringRules(), ScoringRules(grand_base=20)
    check = kept.unbocked(plain)
    games = [GameSpec("grand", with_=1, points=points) for points in range(61, 75)]
    for game in games:
        assert check(game) == game.score(rules=plain)
        assert kept.score(game, 1, old) == game.score(bock=1, rules=old)
        assert kept.score(game, 0, plain) is check(game)
        assert sum(len(table) for table in kept._tables.values()) <= 5
