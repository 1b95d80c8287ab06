"""`skatcalc sheet settle`: a season in one call, the fee per lost game, German decimals."""

from __future__ import annotations

from pathlib import Path

from skatcalc import words
from skatcalc.store import sheet as store
from tests.cli.helpers import cli
from tests.data import season_of_two


def files(tmp_path: Path) -> list[str]:
    paths = []
    for index, (sheet, _) in enumerate(season_of_two(), start=1):
        path = tmp_path / f"evening{index}.toml"
        store.create(path, sheet)
        paths.append(str(path))
    return paths


def test_a_season_with_fees_to_the_others(tmp_path: Path) -> None:
    # tests/sheet/test_stats.py works these numbers out by hand
    out = cli("sheet", "settle", *files(tmp_path), "--stake", "0.01", "--lost-fee", "0.50",
              "--fee-to", "others", "--currency", "€", "--list", "standard",
              "--transfers", "pairs")  # fmt: skip
    assert (out.code, out.stderr) == (0, "")
    assert out.stdout == (
        "Settlement of 2 sheets by the standard list, €0.01 a point: each pair settles the "
        "difference of their points times the stake, rounded to whole cents. Each lost game "
        "costs €0.50, paid to each other player at that table.\n"
        "  Player  Points  Lost  Balance\n"
        "  Anna      -150     2   -€7.44\n"
        "  Ben        -96     1   -€3.28\n"
        "  Carl       +46     0   +€3.90\n"
        "  Dora      +144     0   +€6.82\n"
        "Anna pays Ben €1.04\n"
        "Anna pays Carl €2.96\n"
        "Anna pays Dora €3.44\n"
        "Ben pays Carl €1.92\n"
        "Ben pays Dora €2.40\n"
        "Carl pays Dora €0.98\n"
    )


def test_a_season_with_fees_into_the_kitty_in_german(tmp_path: Path) -> None:
    words.use("de")
    out = cli("sheet", "settle", *files(tmp_path), "--stake", "0,01", "--lost-fee", "0,50",
              "--list", "standard", "--transfers", "pairs")  # fmt: skip
    assert out.code == 0
    lines = out.stdout.splitlines()
    assert lines[0].startswith("Abrechnung über 2 Listen nach der Standardliste, 0,01 je Punkt")
    assert lines[1:6] == [
        "  Spieler  Punkte  Verl.  Saldo",
        "  Anna       -150      2  -6,44",
        "  Ben         -96      1  -3,78",
        "  Carl        +46      0  +2,40",
        "  Dora       +144      0  +6,32",
    ]
    assert lines[6] == "In die Kasse: 1,50 (Anna 1,00, Ben 0,50)"
    assert lines[7] == "Anna zahlt Ben 0,54"


def test_stake_zero_is_not_level_scores(tmp_path: Path) -> None:
    out = cli("sheet", "settle", *files(tmp_path), "--stake", "0")
    assert out.stdout.splitlines()[-1] == "Nobody pays anybody: the stake is 0."


def test_a_decimal_comma_is_read_in_either_language(tmp_path: Path) -> None:
    # 0,05 was refused in English and taken in German (and in the config file): a German
    # table types the comma whatever language skatcalc speaks (a new user's finding)
    season = files(tmp_path)
    comma = cli("sheet", "settle", *season, "--stake", "0,05")
    point = cli("sheet", "settle", *season, "--stake", "0.05")
    assert (comma.code, comma.stderr) == (0, "")
    assert comma.stdout == point.stdout
    assert "0.05 a point" in comma.stdout.splitlines()[0]
    for stake in ("1.5,0", "0,0,5"):
        out = cli("sheet", "settle", *season, "--stake", stake)
        assert (out.code, out.stderr) == (
            2,
            (
                f"error: invalid stake '{stake}': expected an amount per point in the currency, "
                "e.g. '0.05' (5 cents a point) or '1/200' (half a cent)\n"
            ),
        )


def test_a_negative_stake_is_said_as_typed_with_the_range(tmp_path: Path) -> None:
    out = cli("sheet", "settle", *files(tmp_path), "--stake=-1")
    assert (out.code, out.stderr) == (
        2,
        "error: the stake is -1 per point: skatcalc settles 0 to 1000 per point\n",
    )


def test_the_deciding_list_pays_by_default(tmp_path: Path) -> None:
    # both sheets are decided by Seeger-Fabian (the default rules): Anna -210, Ben -76,
    # Carl +206, Dora +224 (tests/sheet/test_stats.py); 1 cent a point, pair by pair:
    # Anna pays Ben 134, Carl 416, Dora 434; Ben pays Carl 282, Dora 300; Carl pays Dora 18
    out = cli("sheet", "settle", *files(tmp_path), "--stake", "0.01")
    lines = out.stdout.splitlines()
    assert lines[0].startswith("Settlement of 2 sheets by the Seeger-Fabian list, 0.01 a point")
    assert lines[2:6] == [
        "  Anna      -210     2    -9.84",  # -134 - 416 - 434
        "  Ben        -76     1    -4.48",  # 134 - 282 - 300
        "  Carl      +206     0    +6.80",  # 416 + 282 - 18
        "  Dora      +224     0    +7.52",  # 434 + 300 + 18
    ]


def test_german_money_and_decimals_read_as_german() -> None:
    from fractions import Fraction

    from skatcalc.words import money

    words.use("de")
    try:
        # German writes the amount, a decimal comma, then the currency: 0,85 €
        assert money(85, "€") == "0,85 €"
        assert money(-1250, "€") == "-12,50 €"
        assert money(435) == "4,35"
        assert money(Fraction(1, 2), "€") == "0,005 €"
    finally:
        words.use("en")
    assert money(85, "€") == "€0.85"
