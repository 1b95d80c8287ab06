"""Issue 29 item 7: a settlement in the fewest transfers (skatcalc/sheet/stats.py
``fewest_transfers``, ``with_transfers``). Balances worked by hand beside each case; a property
test: every balance kept to the cent, at most one transfer fewer than the players."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skatcalc.errors import SkatError
from skatcalc.sheet.stats import (
    Payment,
    balances,
    fewest_transfers,
    settle,
    settle_sheets,
    with_transfers,
)
from tests.data import season_of_two


def test_four_players_pay_in_three_transfers_not_six() -> None:
    # standard list, 1 cent a point: Anna 0, Ben -120, Carl +30, Dora +90 (they add up to 0).
    # Pair by pair (the one behind pays the difference): Ben->Anna 120, Anna->Carl 30,
    # Anna->Dora 90, Ben->Carl 150, Ben->Dora 210, Carl->Dora 60: six payments.
    pairs = settle([("Anna", 0), ("Ben", -120), ("Carl", 30), ("Dora", 90)], 1)
    assert len(pairs) == 6
    # balances: Anna +120 - 30 - 90 = 0; Ben -120 - 150 - 210 = -480; Carl +30 + 150 - 60 =
    # +120; Dora +90 + 210 + 60 = +360 (4 x each one's points minus the sum, which is 0)
    net = balances(pairs)
    assert net == {"Ben": -480, "Anna": 0, "Carl": 120, "Dora": 360}
    # the fewest: Ben owes 480: 360 to Dora (the one owed most), then 120 to Carl. Anna is level
    # and pays nothing: two transfers
    assert fewest_transfers(net) == [Payment("Ben", "Dora", 360), Payment("Ben", "Carl", 120)]


def test_two_who_owe_and_two_who_are_owed() -> None:
    # Anna +700, Ben -400, Carl +100, Dora -400. Ben and Dora owe 400 each (Ben first, as
    # named first); Anna is owed most: Ben pays Anna 400; Anna is owed 300 more, Dora owes 400:
    # Dora pays Anna 300; Dora owes 100, Carl is owed 100: Dora pays Carl 100. Three: n - 1.
    net = {"Anna": 700, "Ben": -400, "Carl": 100, "Dora": -400}
    assert fewest_transfers(net) == [
        Payment("Ben", "Anna", 400),
        Payment("Dora", "Anna", 300),
        Payment("Dora", "Carl", 100),
    ]


def test_level_balances_need_no_transfer() -> None:
    assert fewest_transfers({"Anna": 0, "Ben": 0}) == []
    assert fewest_transfers({}) == []


def test_balances_that_do_not_add_up_are_refused() -> None:
    with pytest.raises(SkatError) as raised:
        fewest_transfers({"Anna": 5, "Ben": -4})
    assert (raised.value.code, raised.value.params["total"]) == ("err.settle.balances", 1)


def test_a_season_settled_in_the_fewest_transfers_keeps_every_balance() -> None:
    # tests/cli/test_settle.py: standard list, a cent a point, 50 cents a lost game to the
    # others: balances Anna -744, Ben -328, Carl +390, Dora +682 (pair by pair, six payments).
    # Fewest: Anna (owes most) pays Dora (owed most) 682; then Ben owes most (328 to Anna's
    # 62) and Carl is owed 390: Ben pays Carl 328; Anna pays Carl the last 62.
    done = settle_sheets(season_of_two(), 1, scoring="standard", fee_cents=50, fee_to="others")
    assert len(done.payments) == 6
    fewest = with_transfers(done, "fewest")
    assert fewest.payments == (
        Payment("Anna", "Dora", 682),
        Payment("Ben", "Carl", 328),
        Payment("Anna", "Carl", 62),
    )
    assert (fewest.transfers, fewest.pairs) == ("fewest", done.payments)
    assert fewest.players == done.players  # the balances are the settlement's own
    assert with_transfers(done, "pairs") == done
    with pytest.raises(SkatError, match=r"err\.settle\.transfers"):
        with_transfers(done, "few")


@st.composite
def _balances(draw: st.DrawFn) -> dict[str, int]:
    """Balances of 2 to 8 players that add up to 0, by construction: the last takes the rest."""
    count = draw(st.integers(2, 8))
    cents = draw(st.lists(st.integers(-100_000, 100_000), min_size=count - 1, max_size=count - 1))
    names = [f"P{i}" for i in range(count)]
    return dict(zip(names, [*cents, -sum(cents)], strict=True))


@given(_balances())
def test_fewest_transfers_keep_every_balance_in_at_most_n_minus_1(net: dict[str, int]) -> None:
    transfers = fewest_transfers(net)
    paid = balances(transfers)
    assert {name: paid.get(name, 0) for name in net} == net
    assert len(transfers) <= len(net) - 1
    assert all(t.cents > 0 and t.payer != t.payee for t in transfers)
    # nobody both pays and is paid
    assert not {t.payer for t in transfers} & {t.payee for t in transfers}
