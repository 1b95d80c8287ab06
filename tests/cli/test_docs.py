"""docs/json.md says exactly the keys the commands print: a key printed but not documented, or
documented but not printed, fails here."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.cli.helpers import cli

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def documented() -> dict[str, list[set[str]]]:
    """Each ``## `command` `` section of docs/json.md: the keys of each of its tables."""
    sections: dict[str, list[set[str]]] = {}
    title = ""
    for line in (ROOT / "docs" / "json.md").read_text().splitlines():
        if line.startswith("## "):
            title = line[3:].strip()
            sections[title] = []
        elif line.startswith("| key |"):
            sections[title].append(set())
        elif line.startswith("| `") and sections.get(title):
            cell = line.split("|")[1]
            sections[title][-1].update(re.findall(r"`([a-z_]+)`", cell))
    return sections


DOCS = documented()


def section(start: str) -> list[set[str]]:
    return next(tables for title, tables in DOCS.items() if title.startswith(start))


def test_value() -> None:
    data = json.loads(cli("value", "clubs", "--with", "2", "--points", "70", "--json").stdout)
    assert set(data) == section("`skatcalc value --json`")[0]
    assert set(data["declaration"]) == {"hand", "schneider", "schwarz", "ouvert"}


def test_batch_errors() -> None:
    line = cli("value", "--batch", input='{"game": "grand"}\n').stdout
    assert set(json.loads(line)) == section("`skatcalc value --batch`")[0]


def test_sheet_show(tmp_path: Path) -> None:
    top, players, deal = section("`skatcalc sheet show FILE --json`")
    value_keys = section("`skatcalc value --json`")[0]
    path = tmp_path / "pub.toml"
    cli("sheet", "new", str(path), "Anna", "Ben", "Carl", "--preset", "pub")
    cli("sheet", "add", str(path), "--declarer", "Ben", "grand", "--with", "1", "--points", "70")
    cli("sheet", "pass", str(path))
    cli("sheet", "ramsch", str(path), "Anna=62", "Ben=58", "Carl=0", "--jungfrau", "Carl")
    data = json.loads(cli("sheet", "show", str(path), "--json").stdout)
    assert set(data) == top - {"rules_changes"}  # only on a sheet whose rules changed
    cli("sheet", "rules", str(path), "--no-kontra")
    changed = json.loads(cli("sheet", "show", str(path), "--json").stdout)
    assert set(changed) == top
    assert changed["rules_changes"] == [{"from": 4, "kontra": False}]
    assert set(data["players"][0]) == players
    game, passed, ramsch = data["games"]
    assert set(game) == (deal - {"ramsch"}) | value_keys
    assert set(passed) == deal - {"ramsch", "entered"}
    assert set(ramsch) == deal - {"entered"}
    listed = (ROOT / "docs" / "json.md").read_text().split("## `sheet rules FILE --json`")[1]
    assert set(data["rules"]) == set(re.findall(r"`([a-z_]+)`", listed.split("##")[0]))


def test_sheet_import_undo_settle(tmp_path: Path) -> None:
    path = tmp_path / "e.toml"
    cli("sheet", "new", str(path), "Anna", "Ben", "Carl")
    lines = '{"declarer": "Ben", "game": "grand", "with": 1, "points": 70}\n{"pass": true}\n'
    imported = json.loads(cli("sheet", "add", str(path), "--batch", "--json", input=lines).stdout)
    assert set(imported) == section("`sheet add FILE --batch --json`")[0]
    undone = json.loads(cli("sheet", "undo", str(path), "--json").stdout)
    assert set(undone) == section("`sheet undo --json`")[0]
    paid = json.loads(cli("sheet", "settle", str(path), "--stake", "0.05", "--json").stdout)
    top, player, payment = section("`sheet settle")
    assert set(paid) == top
    assert set(paid["players"][0]) == player
    assert {frozenset(p) for p in paid["payments"]} == {frozenset(payment)}


def test_export(tmp_path: Path) -> None:
    """The JSON export is show's object with every game; the compact one keeps each game's
    sheet keys, those of its section."""
    (compact,) = section("`sheet export FILE --format json`")
    _, _, deal = section("`skatcalc sheet show FILE --json`")
    value_keys = section("`skatcalc value --json`")[0]
    path = tmp_path / "pub.toml"
    cli("sheet", "new", str(path), "Anna", "Ben", "Carl", "--preset", "pub")
    cli("sheet", "add", str(path), "--declarer", "Ben", "grand", "--with", "1", "--points", "70")
    cli("sheet", "ramsch", str(path), "Anna=62", "Ben=58", "Carl=0", "--jungfrau", "Carl")
    full = json.loads(cli("sheet", "export", str(path), "--format", "json").stdout)
    assert full == json.loads(cli("sheet", "show", str(path), "--json").stdout)
    data = json.loads(cli("sheet", "export", str(path), "--format", "json", "--compact").stdout)
    assert set(data) == set(full)
    game, ramsch = data["games"]
    assert compact == deal
    assert set(game) == compact - {"ramsch"} and set(ramsch) == compact - {"entered"}
    assert set(full["games"][0]) == set(game) | value_keys


def test_stats() -> None:
    top, player = section("`sheet stats")
    data = json.loads(cli("sheet", "stats", str(EXAMPLES / "evening-three.toml"), "--json").stdout)
    assert set(data) == top
    assert set(data["players"][0]) == player


def test_bid() -> None:
    top, option = section("`skatcalc bid")
    data = json.loads(cli("bid", "--cards", "SJ HJ CA CT CK CQ C9 SA ST H7", "--json").stdout)
    assert set(data) == top
    assert set(data["options"][0]) == option


def test_config(tmp_path: Path) -> None:
    home = tmp_path / "skatcalc"
    home.mkdir()
    (home / "config.toml").write_text('lang = "en"\nstake = 0.05\n[rules]\nbock = true\n')
    data = json.loads(cli("config", "--json", env={"XDG_CONFIG_HOME": str(tmp_path)}).stdout)
    assert set(data) == section("`skatcalc config --json`")[0]
    assert data["rules"] == {"bock": True}


def test_tournament(tmp_path: Path) -> None:
    file = tmp_path / "cup.toml"
    cli("tournament", "new", str(file), "--three", "2", "Anna", "Ben", "Carl", "Dora", "Emil",
        "Fritz")  # fmt: skip
    cli("tournament", "team", str(file), "Duo", "Anna", "Ben")
    (series,) = section("`skatcalc tournament draw")
    drawn = json.loads(cli("tournament", "draw", str(file), "--seed", "1", "--json").stdout)
    assert set(drawn) == series - {"by", "new_to_ranking", "by_season"}  # with --by only
    assert set(drawn["tables"][0]) == {"table", "players", "deals", "sheet", "closed", "paper"}
    (shown,) = section("`skatcalc tournament show")
    data = json.loads(cli("tournament", "show", str(file), "--json").stdout)
    assert set(data) == shown
    assert set(data["series"][0]) == series - {"by", "new_to_ranking", "by_season"} and set(
        data["teams"][0]
    ) == {"name", "members"}
    top, player = section("`skatcalc tournament standings")
    out = cli("tournament", "standings", str(file), "--json", "--fee", "0.50", "--fee-from",
              "4", "1.00", "--entry", "10", "--prizes", "50,30,20")  # fmt: skip
    data = json.loads(out.stdout)
    assert set(data) == top
    assert set(data["players"][0]) == player
    assert set(data["not_counted"][0]) == {
        "series", "table", "sheet", "reason", "detail", "deals", "length", "closed"
    }  # fmt: skip
    assert set(data["fee"]) == {"per_lost_cents", "from_lost", "then_cents", "total_cents"}
    assert set(data["prizes"]) == {
        "entry_cents", "pot_cents", "places", "round_cents", "total_cents", "categories"
    }  # fmt: skip
    assert set(data["teams"][0]) == {
        "place", "tied", "name", "members", "pending", "seeger_fabian", "won", "lost"
    }  # fmt: skip
    assert cli("sheet", "pass", str(tmp_path / "cup-s1-t1.toml")).code == 0  # 1 of 2 deals
    assert cli("tournament", "close", str(file), "--series", "1", "--table", "1").code == 0
    data = json.loads(cli("tournament", "standings", str(file), "--json").stdout)
    assert set(data) == top - {"fee", "prizes"}
    assert set(data["closed"][0]) == {"series", "table", "sheet", "deals", "length"}
    assert set(data["players"][0]) == player - {"fee_cents", "prize_cents"}
    assert set(data["players"][0]["series"][0]) == {
        "table", "counted", "seeger_fabian", "won", "lost"
    }  # fmt: skip


def test_live_data(tmp_path: Path) -> None:
    """``/data`` of ``sheet serve``: its keys, and a table's, as the page reads them."""
    from skatcalc.errors import SheetFileError
    from skatcalc.formats.live import error_view, sheet_view
    from skatcalc.sheet.model import Sheet

    [top] = section("`/data` of")
    sheet = Sheet.new(["Anna", "Ben", "Carl"])
    view = json.loads(json.dumps(sheet_view("evening", sheet, sheet.tally())))
    assert set(view) == top
    assert set(view["tables"][0]) == {"caption", "heads", "rows", "numbers", "big"}
    assert set(error_view("evening", SheetFileError("err.sheet.deals_type"))) == {"title", "error"}


@pytest.mark.parametrize("title", list(DOCS))
def test_every_section_is_checked(title: str) -> None:
    checked = (
        "`skatcalc value --json`",
        "`skatcalc value --batch`",
        "`skatcalc sheet show",
        "`sheet add`, ",
        "`sheet add FILE --batch",
        "`sheet undo",
        "`sheet rules",
        "`sheet settle",
        "`sheet stats",
        "`skatcalc bid",
        "`skatcalc tournament",
        "`sheet export",
        "`skatcalc config",
        "`/data` of",
        "`skatcalc season",
        "`sheet new",
        "`sheet import",
        "`sheet check",
    )  # fmt: skip; the last three:
    # tests/cli/test_json_more.py
    assert title.startswith(checked), f"docs/json.md section {title} has no test"
