"""The evening's cash (issue 31 item 3): entries, card money per series, a fee per passed deal,
the lost-game fees into the kitty, prizes paid out, the kitty carried; worked by hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skatcalc import words
from skatcalc.errors import SheetError
from skatcalc.sheet.cash import CashLine, CashRule, cash
from skatcalc.sheet.model import Deal, Rules, Sheet
from skatcalc.sheet.stats import settle_sheets
from skatcalc.spec import GameSpec
from skatcalc.store import sheet as store
from tests.cli.helpers import cli

LOST = GameSpec("clubs", with_=1, points=50)  # 2 x 12 = 24, lost -48
WON = GameSpec("grand", with_=1, points=70)  # 2 x 24 = 48, won


def two_evenings() -> list[tuple[Sheet, object]]:
    # A: three players, series of 2 deals; 3 deals: 2 series begun (ceil(3 / 2)); deal 2 passed
    #    with nobody sitting out. Anna loses one game.
    a = Sheet.new(["Anna", "Ben", "Carl"], Rules(series_length=2)).extend(
        [Deal("Anna", LOST), Deal.passed(), Deal("Ben", WON)]
    )
    # B: four players, series of 48; 2 deals: 1 series begun. Deal 1 passed: Anna deals and
    #    sits out, Ben, Carl and Dora sat in it. Carl loses one game.
    b = Sheet.new(["Anna", "Ben", "Carl", "Dora"]).extend([Deal.passed(), Deal("Carl", LOST)])
    return [(a, a.tally()), (b, b.tally())]


RULE = CashRule(entry=500, card_money=100, passed=10, prizes=(("Anna", 800), ("Ben", 400)),
                carried=250)  # fmt: skip
# By hand, in cents, with a lost-game fee of 50 into the kitty:
#   Anna: entry 500 + 500, cards 2 x 100 + 1 x 100 = 300, lost 1 x 50, passed 10 (A only);
#         pays 1000 + 300 + 50 + 10 = 1360, gets 800: net -560
#   Ben:  1000, 300, 0, 10 + 10 = 20; pays 1320, gets 400: net -920
#   Carl: 1000, 300, 50, 20; pays 1370, gets 0: net -1370
#   Dora: 500, 100, 0, 10; pays 610: net -610
#   came in 1360 + 1320 + 1370 + 610 = 4660 (entries 3500, cards 1000, lost 100, passed 60)
#   paid out 800 + 400 = 1200; kitty 250 + 4660 - 1200 = 3710


def test_the_cash_worked_by_hand() -> None:
    sheets = two_evenings()
    done = settle_sheets(sheets, 0, fee_cents=50)  # type: ignore[arg-type]
    money = cash(sheets, RULE, dict(done.kitty))  # type: ignore[arg-type]
    assert money.players == (
        CashLine("Anna", 1000, 300, 50, 10, 800),
        CashLine("Ben", 1000, 300, 0, 20, 400),
        CashLine("Carl", 1000, 300, 50, 20, 0),
        CashLine("Dora", 500, 100, 0, 10, 0),
    )
    assert [line.net for line in money.players] == [-560, -920, -1370, -610]
    assert (money.came_in, money.paid_out, money.kitty) == (4660, 1200, 3710)
    assert [money.total(k) for k in ("entry", "card_money", "lost_fees", "passed_fees")] == [
        3500, 1000, 100, 60,
    ]  # fmt: skip


def test_a_prize_for_somebody_who_did_not_play_is_refused() -> None:
    with pytest.raises(SheetError) as raised:
        cash(two_evenings(), CashRule(prizes=(("Zoe", 100),)))  # type: ignore[arg-type]
    assert raised.value.code == "err.cash.prize_player"


def test_a_prize_twice_and_a_fraction_of_a_cent_are_refused() -> None:
    with pytest.raises(SheetError) as twice:
        CashRule(prizes=(("Anna", 100), ("ANNA", 200)))
    assert twice.value.code == "err.cash.prize_twice"
    with pytest.raises(SheetError) as cents:
        CashRule(passed=__import__("fractions").Fraction(1, 2))
    assert cents.value.code == "err.fee.cents"


def files(tmp_path: Path) -> list[str]:
    paths = []
    for n, (sheet, _) in enumerate(two_evenings(), 1):
        path = tmp_path / f"evening{n}.toml"
        store.create(path, sheet)
        paths.append(str(path))
    return paths


ARGS = ["--stake", "0", "--lost-fee", "0.50", "--list", "standard", "--entry", "5",
        "--card-money", "1.00", "--passed-fee", "0.10", "--prize", "Anna=8", "--prize",
        "Ben=4.00", "--carried", "2.50", "--currency", "€"]  # fmt: skip


def test_settle_shows_the_cash_in_english(tmp_path: Path) -> None:
    out = cli("sheet", "settle", *files(tmp_path), *ARGS)
    assert (out.code, out.stderr) == (0, "")
    # with a stake of 0 the balance is only the lost-game fee, so the evening is the net
    assert out.stdout.splitlines()[-8:] == [
        "The cash:",
        "  Player   Entry  Cards  Lost fees  Passed  Prizes      Net  Evening",
        "  Anna    €10.00  €3.00      €0.50   €0.10   €8.00   -€5.60   -€5.60",
        "  Ben     €10.00  €3.00      €0.00   €0.20   €4.00   -€9.20   -€9.20",
        "  Carl    €10.00  €3.00      €0.50   €0.20   €0.00  -€13.70  -€13.70",
        "  Dora     €5.00  €1.00      €0.00   €0.10   €0.00   -€6.10   -€6.10",
        "Lost fees are the fees the Balance above has already taken off: paid once, shown in "
        "both tables. Evening = Balance + Net + Lost fees: all the evening brings (+) or costs "
        "(-) each player.",
        "Carried into the kitty: €2.50. Came in: €46.60 (entries €35.00, card money €10.00, "
        "lost-game fees €1.00, passed deals €0.60). Paid out: prizes €12.00. In the kitty: "
        "€37.10.",
    ]


def test_settle_shows_the_cash_in_german_with_decimal_commas(tmp_path: Path) -> None:
    words.use("de")
    german = [a.replace("0.50", "0,50").replace("1.00", "1,00").replace("0.10", "0,10")
              .replace("4.00", "4,00").replace("2.50", "2,50") for a in ARGS]  # fmt: skip
    out = cli("sheet", "settle", *files(tmp_path), *german)
    assert (out.code, out.stderr) == (0, "")
    assert out.stdout.splitlines()[-7] == (
        "  Spieler    Start  Karten  Verlust  Eingep.  Preise     Netto     Abend"
    )
    assert out.stdout.splitlines()[-6] == (
        "  Anna     10,00 €  3,00 €   0,50 €   0,10 €  8,00 €   -5,60 €   -5,60 €"
    )
    assert out.stdout.splitlines()[-1] == (
        "Übertrag in die Kasse: 2,50 €. Eingenommen: 46,60 € (Startgeld 35,00 €, Kartengeld "
        "10,00 €, Verlustgeld 1,00 €, eingepasste Spiele 0,60 €). Ausgezahlt: Preise 12,00 €. "
        "In der Kasse: 37,10 €."
    )


def test_settle_json_has_the_cash(tmp_path: Path) -> None:
    out = cli("sheet", "settle", *files(tmp_path), *ARGS, "--json")
    assert out.code == 0
    money = json.loads(out.stdout)["cash"]
    assert (money["came_in_cents"], money["paid_out_cents"], money["kitty_cents"]) == (
        4660, 1200, 3710,
    )  # fmt: skip
    assert money["players"][0] == {
        "name": "Anna", "entry_cents": 1000, "card_money_cents": 300, "lost_fees_cents": 50,
        "passed_fees_cents": 10, "prizes_cents": 800, "pays_cents": 1360, "net_cents": -560,
        "evening_cents": -560,
    }  # fmt: skip
    assert money["totals"] == {"entry_cents": 3500, "card_money_cents": 1000,
                               "lost_fees_cents": 100, "passed_fees_cents": 60,
                               "prizes_cents": 1200}  # fmt: skip
    assert (money["entry_cents"], money["card_money_cents"], money["passed_fee_cents"],
            money["carried_cents"]) == (500, 100, 10, 250)  # fmt: skip
    plain = cli("sheet", "settle", *files(tmp_path / ".."), "--stake", "0", "--json")
    assert json.loads(plain.stdout)["cash"] is None


@pytest.mark.parametrize(("args", "said"), [
    (["--prize", "Zoe=5"], "error: a prize for Zoe, who played on none of these sheets: the "
                           "players are Anna, Ben, Carl, Dora\n"),
    (["--prize", "Anna"], "error: --prize is 'Anna': expected a player and an amount, e.g. "
                          "--prize Anna=20.00\n"),
    (["--prize", "Anna=1", "--prize", "anna=2"],
     "error: a prize for Anna is given twice: give each player's prize once\n"),
    (["--card-money", "0.505"],
     "error: the fee 0.505 is not whole cents: a fee is whole cents, e.g. 0.50 or 0.51\n"),
])  # fmt: skip
def test_bad_cash_options_one_line_files_unchanged(
    tmp_path: Path, args: list[str], said: str
) -> None:
    paths = files(tmp_path)
    before = {p: Path(p).read_bytes() for p in paths}
    out = cli("sheet", "settle", *paths, "--stake", "0", *args)
    assert (out.code, out.stdout, out.stderr) == (2, "", said)
    assert {p: Path(p).read_bytes() for p in paths} == before
    assert sorted(tmp_path.iterdir()) == sorted(Path(p) for p in paths)


def test_the_cash_json_is_as_docs_json_md_says(tmp_path: Path) -> None:
    from tests.cli.test_docs import section

    top, player = section("`sheet settle FILE... --entry")
    money = json.loads(cli("sheet", "settle", *files(tmp_path), *ARGS, "--json").stdout)["cash"]
    assert set(money) == top
    assert set(money["players"][0]) == player


# One evening at four with a stake, by hand (the treasurer's question: are lost-game fees paid
# twice?). Deal 1 passed (Anna deals and sits out: Ben, Carl, Dora pay 0.10); deal 2 Carl loses
# clubs with 1, -48 on the standard list. At 0.10 a point Carl pays Anna, Ben and Dora 4.80
# each; his lost-game fee 0.50 goes into the kitty: balances Anna, Ben, Dora +4.80, Carl -14.90.
# The cash (entry 5.00, card money 1.00 for the one series begun, a prize of 3.00 for Dora):
#   Anna pays 6.00: net -6.00, evening 4.80 - 6.00 = -1.20
#   Ben pays 6.10: net -6.10, evening -1.30
#   Carl pays 6.60 (the 0.50 fee among it): net -6.60, evening -14.90 - 6.60 + 0.50 = -21.00,
#        which is all he pays: 14.40 for the points + 0.50 fee + 5.00 + 1.00 + 0.10
#   Dora pays 6.10, gets 3.00: net -3.10, evening +1.70
# The evenings add up to what the kitty kept: -1.20 - 1.30 - 21.00 + 1.70 = -21.80 = 24.80 - 3.00.
ONE = ["--stake", "0.10", "--list", "standard", "--lost-fee", "0.50", "--entry", "5",
       "--card-money", "1", "--passed-fee", "0.10", "--prize", "Dora=3", "--currency", "€"]  # fmt: skip


def _one_evening(tmp_path: Path) -> str:
    sheet = Sheet.new(["Anna", "Ben", "Carl", "Dora"]).extend([Deal.passed(), Deal("Carl", LOST)])
    path = tmp_path / "evening.toml"
    store.create(path, sheet)
    return str(path)


def test_the_evening_counts_each_lost_game_fee_once(tmp_path: Path) -> None:
    out = cli("sheet", "settle", _one_evening(tmp_path), *ONE)
    assert (out.code, out.stderr) == (0, "")
    lines = out.stdout.splitlines()
    assert lines[1:6] == [
        "  Player  Points  Lost  Balance",
        "  Anna         0     0   +€4.80",
        "  Ben          0     0   +€4.80",
        "  Carl       -48     1  -€14.90",
        "  Dora         0     0   +€4.80",
    ]
    assert lines[-7:-1] == [
        "  Player  Entry  Cards  Lost fees  Passed  Prizes     Net  Evening",
        "  Anna    €5.00  €1.00      €0.00   €0.00   €0.00  -€6.00   -€1.20",
        "  Ben     €5.00  €1.00      €0.00   €0.10   €0.00  -€6.10   -€1.30",
        "  Carl    €5.00  €1.00      €0.50   €0.10   €0.00  -€6.60  -€21.00",
        "  Dora    €5.00  €1.00      €0.00   €0.10   €3.00  -€3.10   +€1.70",
        "Lost fees are the fees the Balance above has already taken off: paid once, shown in "
        "both tables. Evening = Balance + Net + Lost fees: all the evening brings (+) or costs "
        "(-) each player.",
    ]
    assert lines[-1].endswith("In the kitty: €21.80.")
    data = json.loads(cli("sheet", "settle", _one_evening(tmp_path / ".."), *ONE, "--json").stdout)
    assert [p["evening_cents"] for p in data["cash"]["players"]] == [-120, -130, -2100, 170]


def test_the_evening_in_german(tmp_path: Path) -> None:
    german = [a.replace(".", ",") for a in ONE]
    out = cli("--lang", "de", "sheet", "settle", _one_evening(tmp_path), *german)
    assert (out.code, out.stderr) == (0, "")
    assert out.stdout.splitlines()[-7:] == [
        "  Spieler   Start  Karten  Verlust  Eingep.  Preise    Netto     Abend",
        "  Anna     5,00 €  1,00 €   0,00 €   0,00 €  0,00 €  -6,00 €   -1,20 €",
        "  Ben      5,00 €  1,00 €   0,00 €   0,10 €  0,00 €  -6,10 €   -1,30 €",
        "  Carl     5,00 €  1,00 €   0,50 €   0,10 €  0,00 €  -6,60 €  -21,00 €",
        "  Dora     5,00 €  1,00 €   0,00 €   0,10 €  3,00 €  -3,10 €   +1,70 €",
        "Verlust ist das Verlustgeld, das der Saldo oben schon abzieht: einmal gezahlt, in "
        "beiden Tabellen gezeigt. Start: Startgeld, Karten: Kartengeld, Eingep.: eingepasste "
        "Spiele. Abend = Saldo + Netto + Verlust: was der Abend jedem Spieler im Ganzen bringt "
        "(+) oder kostet (-).",
        "Eingenommen: 24,80 € (Startgeld 20,00 €, Kartengeld 4,00 €, Verlustgeld 0,50 €, "
        "eingepasste Spiele 0,30 €). Ausgezahlt: Preise 3,00 €. In der Kasse: 21,80 €.",
    ]
