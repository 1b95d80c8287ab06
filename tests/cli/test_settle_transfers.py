"""Issue 29 item 7: ``sheet settle --transfers fewest|pairs``, the fewest transfers by default;
in text (en, de; through a pseudo-terminal at 80 and 40 columns) and in JSON. The season is
tests/data.py's, its balances worked by hand in tests/sheet/test_transfers.py."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from skatcalc.store import sheet as store
from tests.cli.helpers import cli
from tests.data import season_of_two
from tests.terminal import environment, fits, terminals

TERMS = ("--stake", "0.01", "--lost-fee", "0.50", "--fee-to", "others", "--list", "standard")


def files(tmp_path: Path) -> list[str]:
    """The season's two sheets in ``tmp_path`` (written the first time), by their names."""
    paths = []
    for index, (sheet, _) in enumerate(season_of_two(), start=1):
        path = tmp_path / f"evening{index}.toml"
        if not path.exists():
            store.create(path, sheet)
        paths.append(path.name)
    return paths


def test_the_fewest_transfers_by_default(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)
    out = cli("sheet", "settle", *files(tmp_path), *TERMS, "--currency", "€")
    assert (out.code, out.stderr) == (0, "")
    # balances Anna -7.44, Ben -3.28, Carl +3.90, Dora +6.82, as pair by pair (test_settle.py)
    assert out.stdout.splitlines()[1:] == [
        "  Player  Points  Lost  Balance",
        "  Anna      -150     2   -€7.44",
        "  Ben        -96     1   -€3.28",
        "  Carl       +46     0   +€3.90",
        "  Dora      +144     0   +€6.82",
        "Paid in the fewest transfers: 3 instead of 6 pair by pair, each balance the same "
        "(--transfers pairs for each pair's own).",
        "Anna pays Dora €6.82",
        "Ben pays Carl €3.28",
        "Anna pays Carl €0.62",
    ]
    pairs = cli("sheet", "settle", *files(tmp_path), *TERMS, "--transfers", "pairs")
    assert pairs.code == 0
    assert len([line for line in pairs.stdout.splitlines() if " pays " in line]) == 6
    assert "fewest" not in pairs.stdout


def test_german(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)
    out = cli("--lang", "de", "sheet", "settle", *files(tmp_path), *TERMS)
    assert out.code == 0, out
    assert out.stdout.splitlines()[-4:] == [
        "Mit möglichst wenigen Zahlungen: 3 statt 6 paarweise, jeder Saldo gleich "
        "(--transfers pairs für die Zahlungen jedes Paars).",
        "Anna zahlt Dora 6,82",
        "Ben zahlt Carl 3,28",
        "Anna zahlt Carl 0,62",
    ]


def test_json_gives_each_transfer_and_how(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)
    fewest = json.loads(cli("sheet", "settle", *files(tmp_path), *TERMS, "--json").stdout)
    assert fewest["transfers"] == "fewest"
    assert fewest["payments"] == [
        {"payer": "Anna", "payee": "Dora", "cents": 682},
        {"payer": "Ben", "payee": "Carl", "cents": 328},
        {"payer": "Anna", "payee": "Carl", "cents": 62},
    ]
    pairs = json.loads(
        cli("sheet", "settle", *files(tmp_path), *TERMS, "--transfers", "pairs", "--json").stdout
    )
    assert pairs["transfers"] == "pairs"
    assert len(pairs["payments"]) == 6
    assert pairs["players"] == fewest["players"]  # the same balances


@pytest.mark.parametrize("lang", ["en", "de"])
def test_an_unknown_way_to_pay_is_a_usage_error(tmp_path: Path, lang: str) -> None:
    out = cli("--lang", lang, "sheet", "settle", str(tmp_path / "none.toml"), "--stake", "0.01",
              "--transfers", "few")  # fmt: skip
    said = {
        "en": "error: the players pay in the fewest transfers or pair by pair: --transfers "
        "fewest or --transfers pairs, not 'few'\n",
        "de": "Fehler: gezahlt wird mit möglichst wenigen Zahlungen oder paarweise: --transfers "
        "fewest oder --transfers pairs, nicht 'few'\n",
    }
    assert (out.code, out.stdout, out.stderr) == (2, "", said[lang])


@pytest.fixture
def spawn(tmp_path: Path) -> Iterator[Any]:
    with terminals(tmp_path, lambda lang: environment(tmp_path, lang)) as start:
        yield start


@pytest.mark.parametrize(("cols", "lang"), [(80, "en"), (40, "en"), (80, "de"), (40, "de")])
def test_at_a_terminal(spawn: Any, tmp_path: Path, cols: int, lang: str) -> None:
    child = spawn(["sheet", "settle", *files(tmp_path), *TERMS], cols=cols, rows=40, lang=lang)
    assert child.wait_for_end() == 0
    lines = child.lines()
    fits(lines, cols, ["Anna", "Ben", "Carl", "Dora"])
    pays = {"en": " pays ", "de": " zahlt "}[lang]
    assert [line for line in lines if pays in line and line.startswith(("Anna", "Ben"))] == [
        line.replace(" pays ", pays).replace("€", "").replace(".", "," if lang == "de" else ".")
        for line in ("Anna pays Dora 6.82", "Ben pays Carl 3.28", "Anna pays Carl 0.62")
    ]
