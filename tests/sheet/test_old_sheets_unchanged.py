"""A sheet under the rules that existed before issue 13 scores exactly as before.

The new rules (Ramsch ties split/last-trick, a fixed Ramsch value, the Bierlachs dealer at four,
the new Bock triggers, bock_self, bock_max) all default to the old behaviour. This checks it
against :func:`old_tally`, a frozen copy of the sheet's totalling as it was before issue 13
(skatcalc/sheet/model.py at e454a03: ``Sheet.tally``, ``Ramsch.scores``, ``_book``,
``_triggers``, ``_next_rounds``, ``_ahead``), fed with the scores of hand-worked games written
as literals, not with anything the code under test computes.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skatcalc.sheet.model import Deal, Ramsch, Rules, Sheet
from skatcalc.spec import GameSpec

OLD_TRIGGERS = ("lost-60", "grand-hand", "kontra", "hundred")


class Game(NamedTuple):
    """A game and its standard score outside Bock, worked by hand (skat-scoring.md)."""

    spec: GameSpec
    score: int  # grand base 24, lost hand games double
    won: bool
    points: int | None
    grand_hand: bool = False
    score_old: int | None = None  # under grand base 20 / lost hand single, where it differs


GAMES = (
    Game(GameSpec("clubs", with_=1, points=70), 24, True, 70),  # (1 + 1) x 12
    Game(GameSpec("spades", with_=1, points=60), -44, False, 60),  # (1 + 1) x 11, x -2
    # grand hand with 1: (1 + 1 + 1) x 24 = 72; base 20: 60
    Game(GameSpec("grand", with_=1, hand=True, points=75), 72, True, 75, True, 60),
    # clubs hand with 2: (2 + 1 + 1) x 12 = 48, x -2; lost hand single: -48
    Game(GameSpec("clubs", with_=2, hand=True, points=56, bid=20), -96, False, 56, False, -48),
    Game(GameSpec("null", tricks=0), 23, True, None),
    Game(GameSpec("null", ouvert=True, tricks=1), -92, False, None),  # 46 x -2
    Game(GameSpec("diamonds", without=2, points=50), -54, False, 50),  # (2 + 1) x 9, x -2
    # grand with 4, schneider: (4 + 1 + 1) x 24 = 144; base 20: 120
    Game(GameSpec("grand", with_=4, points=92), 144, True, 92, False, 120),
)
# hearts with 2, Kontra: (2 + 1) x 10 = 30, x 2 = 60 (only where Kontra is allowed)
KONTRA_GAME = Game(GameSpec("hearts", with_=2, points=75, kontra=True), 60, True, 75)

# Ramsch deals by seat among the three playing: points, Jungfrauen, Durchmarsch (positions)
RAMSCHES = (
    ((60, 60, 0), (2,), None),
    ((70, 50, 0), (2,), None),
    ((40, 40, 40), (), None),
    ((120, 0, 0), (), 0),
    ((62, 58, 0), (), None),
    ((55, 55, 10), (), None),
    ((0, 100, 20), (0,), None),
)


def game_score(game: Game, rules: Rules) -> int:
    """The literal score under the sheet's old rules."""
    if game.score_old is not None and (
        (rules.grand_base == 20 and game.spec.game == "grand")
        or (rules.lost_hand_single and game.spec.hand and not game.won)
    ):
        return game.score_old
    return game.score


# --- the frozen copy -------------------------------------------------------------------------


def old_ramsch_scores(
    points: list[int], jungfrau: set[int], durchmarsch: int | None, pushes: int, rules: Rules
) -> list[int]:
    """``Ramsch.scores`` before issue 13, by position among the playing."""
    factor = 1 << pushes
    out = [0] * len(points)
    if durchmarsch is not None:
        if rules.ramsch_durchmarsch:
            out[durchmarsch] = 120 * factor
            return out
        jungfrau = jungfrau | {i for i in range(len(points)) if i != durchmarsch}
    top = max(points)
    losers = [i for i, p in enumerate(points) if p == top]
    if len(losers) > 1 and rules.ramsch_ties == "nobody":
        return out
    if rules.ramsch_jungfrau:
        factor <<= len(jungfrau)
    for i in losers:
        out[i] = -top * factor
    return out


def old_tally(count: int, rules: Rules, deals: list[tuple[Any, ...]]) -> dict[str, Any]:
    """``Sheet.tally`` before issue 13, on literal game scores."""
    opponents = rules.opponents_three if count == 3 else rules.opponents_four
    double = rules.bock_overlap == "double"
    score, seeger, minus, won, lost = ([0] * count for _ in range(5))
    rounds: list[int] = []
    factors = []
    for deal in deals:
        bock = len(rounds) if double else min(len(rounds), 1)
        factors.append(1 << bock)
        gains = [0] * count
        game = None
        if deal[0] == "game":
            _, at, game = deal
            points = game_score(game, rules) << bock
            gains[at] = points
            score[at] += points
            if game.won:
                won[at] += 1
                seeger[at] += points + rules.won_bonus
                for other in range(count):
                    if other != at:
                        minus[other] -= points
            else:
                lost[at] += 1
                seeger[at] += points - rules.lost_penalty
                minus[at] += points
                for other in range(count):
                    if other != at:
                        seeger[other] += opponents
        elif deal[0] == "ramsch":
            _, seats, (points_, jungfrau, durchmarsch), pushes = deal
            result = old_ramsch_scores(list(points_), set(jungfrau), durchmarsch, pushes, rules)
            for seat, gain in zip(seats, result, strict=True):
                gains[seat] = gain << bock
            for i, gain in enumerate(gains):
                score[i] += gain
                seeger[i] += gain
                if gain < 0:
                    minus[i] += gain
                elif gain > 0:
                    for other in range(count):
                        if other != i:
                            minus[other] -= gain
        if rules.bock:
            fired = []
            wanted = rules.bock_triggers
            if game is not None:
                if "lost-60" in wanted and not game.won and game.points == 60:
                    fired.append("lost-60")
                if "grand-hand" in wanted and game.grand_hand and game.won:
                    fired.append("grand-hand")
                if "kontra" in wanted and game.spec.kontra:
                    fired.append("kontra")
            if "hundred" in wanted and any(
                gain and score[i] and score[i] % 100 == 0 for i, gain in enumerate(gains)
            ):
                fired.append("hundred")
            new = [rules.bock_length or count] * len(fired)
            if double:
                rounds = [left - 1 for left in rounds if left > 1] + new
            else:
                if rounds:
                    rounds = [rounds[0] - 1, *rounds[1:]] if rounds[0] > 1 else rounds[1:]
                rounds = rounds + new
    if double:
        ahead = [sum(1 for left in rounds if left > k) for k in range(max(rounds, default=0))]
    else:
        ahead = [1] * sum(rounds)
    return {
        "score": score, "seeger": seeger, "minus": minus, "won": won, "lost": lost,
        "factors": factors, "ahead": [1 << level for level in ahead],
    }  # fmt: skip


# --- random sheets under the old rules --------------------------------------------------------


@st.composite
def old_rules(draw: st.DrawFn) -> Rules:
    """Any rules a sheet could have before issue 13 (the new ones left at their defaults)."""
    return Rules(
        scoring=draw(st.sampled_from(("seeger-fabian", "standard", "bierlachs"))),
        won_bonus=draw(st.sampled_from((50, 0, 25))),
        lost_penalty=draw(st.sampled_from((50, 0, 25))),
        kontra=draw(st.booleans()),
        bock=draw(st.booleans()),
        bock_triggers=tuple(draw(st.lists(st.sampled_from(OLD_TRIGGERS), unique=True))),
        bock_length=draw(st.integers(0, 4)),
        bock_overlap=draw(st.sampled_from(("double", "queue"))),
        ramsch=draw(st.booleans()),
        ramsch_ties=draw(st.sampled_from(("all-lose", "nobody"))),
        ramsch_jungfrau=draw(st.booleans()),
        ramsch_durchmarsch=draw(st.booleans()),
        schieberamsch=draw(st.booleans()),
        bierlachs_limit=draw(st.integers(1, 400)),
        lost_hand_single=draw(st.booleans()),
        grand_base=draw(st.sampled_from((24, 20))),
    )


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(data=st.data(), rules=old_rules(), count=st.sampled_from((3, 4)))
def test_an_old_sheet_scores_exactly_as_before(
    data: st.DataObject, rules: Rules, count: int
) -> None:
    names = ("Anna", "Ben", "Carl", "Dora")[:count]
    games = (*GAMES, KONTRA_GAME) if rules.kontra else GAMES
    deals: list[Deal] = []
    frozen: list[tuple[Any, ...]] = []
    kinds = ["pass", "game", *(["ramsch"] if rules.ramsch else [])]
    for index in range(data.draw(st.integers(0, 14))):
        dealer = index % count
        playing = [s for s in range(count) if count == 3 or s != dealer]
        kind = data.draw(st.sampled_from(kinds))
        if kind == "pass":
            deals.append(Deal.passed())
            frozen.append(("pass",))
        elif kind == "game":
            at = data.draw(st.sampled_from(playing))
            game = data.draw(st.sampled_from(games))
            deals.append(Deal(names[at], game.spec))
            frozen.append(("game", at, game))
        else:
            points, jungfrau, durchmarsch = data.draw(st.sampled_from(RAMSCHES))
            pushes = data.draw(st.integers(0, 3)) if rules.schieberamsch else 0
            ramsch = Ramsch(
                tuple((names[s], p) for s, p in zip(playing, points, strict=True)),
                tuple(names[playing[i]] for i in jungfrau),
                None if durchmarsch is None else names[playing[durchmarsch]],
                pushes,
            )
            deals.append(Deal.of_ramsch(ramsch))
            frozen.append(("ramsch", playing, (points, jungfrau, durchmarsch), pushes))
    tally = Sheet.new(names, rules).extend(deals).tally()
    expected = old_tally(count, rules, frozen)
    players = tally.players
    assert [p.score for p in players] == expected["score"]
    assert [p.seeger_fabian for p in players] == expected["seeger"]
    assert [p.bierlachs for p in players] == expected["minus"]
    assert [p.won for p in players] == expected["won"]
    assert [p.lost for p in players] == expected["lost"]
    assert [1 << entry.bock for entry in tally.deals] == expected["factors"]
    assert [entry.dealer for entry in tally.deals] == [names[i % count] for i in range(len(deals))]
    assert [1 << level for level in tally.bock_ahead] == expected["ahead"]


def test_an_old_file_without_the_new_rules_reads_as_before() -> None:
    from skatcalc.store.sheet import parse

    text = (
        'format = 1\nplayers = ["Anna", "Ben", "Carl"]\n\n[rules]\nscoring = "standard"\n'
        "bock = true\nramsch = true\n\n[[deal]]\nramsch = { Anna = 60, Ben = 60, Carl = 0 }\n"
        'jungfrau = ["Carl"]\n'
    )
    sheet = parse(text)
    assert sheet.rules == Rules(scoring="standard", bock=True, ramsch=True)
    assert (sheet.rules.ramsch_ties, sheet.rules.ramsch_value) == ("all-lose", 0)
    assert (sheet.rules.bock_self, sheet.rules.bock_max, sheet.rules.bierlachs_dealer) == (
        False, 0, True,
    )  # fmt: skip
    # both tied lose 60 x 2 (Jungfrau) = 120, as before
    assert [p.score for p in sheet.tally().players] == [-120, -120, 0]
