"""Exports made and imports read a piece at a time (issue 21; issue 20 point 2): the text
streamed is the text the whole object gives, the JSON reader says what is wrong exactly as
json.loads says it, and what skatcalc exports it imports back, byte for byte, whatever the
size: within the limits, never holding the export or every deal."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

from skatcalc.errors import SheetFileError, SkatError
from skatcalc.formats import csv as csv_format
from skatcalc.formats import json as json_format
from skatcalc.sheet.model import Deal, Ramsch, Rules, Sheet
from skatcalc.spec import GameSpec
from skatcalc.store import files
from skatcalc.store.toml import render
from tests.cli.helpers import cli

NAMES = ("Anna", "Ben", 'Zoë "the Bear"')


def _sheet(rng: random.Random, count: int, rules: Rules | None = None) -> Sheet:
    deals = []
    for i in range(count):
        seated = NAMES
        r = rng.random()
        if r < 0.1:
            deals.append(Deal.passed())
        elif r < 0.2:
            deals.append(Deal.of_ramsch(Ramsch(((seated[0], 60), (seated[1], 60), (seated[2], 0)),
                                               (seated[2],))))  # fmt: skip
        else:
            game = rng.choice(["clubs", "grand", "hearts", "null"])
            spec = (GameSpec(game, tricks=rng.choice([0, 1])) if game == "null" else
                    GameSpec(game, with_=rng.randint(1, 4), points=rng.randint(0, 120),
                             kontra=rng.random() < 0.1, hand=rng.random() < 0.2))  # fmt: skip
            deals.append(Deal(seated[i % 3], spec))
    sheet = Sheet.new(NAMES, rules or Rules(ramsch=True, bock=True))
    ramsch = Deal.of_ramsch(Ramsch(((NAMES[0], 70), (NAMES[1], 50), (NAMES[2], 0))))
    for deal in deals:  # what the rules refuse there (in a Bockramsch round: a Ramsch)
        for one in (deal, ramsch, Deal.passed()):
            try:
                sheet = sheet.add(one)
                break
            except SkatError:
                continue
    return sheet


# --- writing ----------------------------------------------------------------------------------


@pytest.mark.parametrize("count", [0, 1, 7, 1003])
def test_the_json_export_made_in_pieces_is_the_whole_object_indented(count: int) -> None:
    sheet = _sheet(random.Random(count), count)
    tally = sheet.tally()
    whole = json.dumps(json_format.sheet_dict(sheet, tally), ensure_ascii=False, indent=2) + "\n"
    assert "".join(json_format.write_sheet(sheet, tally)) == whole


@pytest.mark.parametrize("count", [0, 1, 1003])
def test_the_compact_export_is_the_same_object_with_fewer_keys_a_game_a_line(count: int) -> None:
    sheet = _sheet(random.Random(count), count)
    tally = sheet.tally()
    text = "".join(json_format.write_sheet(sheet, tally, compact=True))
    full = json_format.sheet_dict(sheet, tally)
    compact = json.loads(text)
    assert compact.keys() == full.keys()
    assert {k: v for k, v in compact.items() if k != "games"} == {
        k: v for k, v in full.items() if k != "games"
    }
    assert len(compact["games"]) == count
    for small, big in zip(compact["games"], full["games"], strict=True):
        assert small == {k: v for k, v in big.items() if k in small}
        assert set(small) <= {"n", "dealer", "declarer", "passed", "bock_factor", "entered",
                              "ramsch", "scores", "bock_triggers", "totals"}  # fmt: skip
    assert len(text.splitlines()) == (count + 11 if count else 10)  # a member or a game a line
    if count:
        assert len(text.encode()) < 6 * len(render(sheet).encode())  # the full one: 18 times


def test_the_csv_export_made_in_pieces_reads_as_one() -> None:
    sheet = _sheet(random.Random(5), 2500)
    pieces = list(csv_format.write_sheet(sheet, sheet.tally()))
    assert len(pieces) == 3  # a thousand rows a piece, then the rest and the rules
    rows = list(__import__("csv").reader(io.StringIO("".join(pieces), newline="")))
    assert [row[0] for row in rows[1:2501]] == [str(n) for n in range(1, 2501)]
    assert rows[2501] == [] and rows[2502] == ["rule", "value"]


# --- reading: the JSON reader says what json.loads says ---------------------------------------


def _damaged(rng: random.Random, text: str) -> str:
    at = rng.randrange(len(text) + 1)
    kind = rng.randrange(5)
    if kind == 0:
        return text[:at]  # cut short
    if kind == 1:
        return (
            text[:at]
            + rng.choice(['"', ",", "}", "]", "{", "[", ":", "x", "\\", "\n", "1"])
            + text[at:]
        )
    if kind == 2:
        return text[:at] + text[at + 1 :]
    if kind == 3:
        return text + rng.choice(["x", "}", " {}", "\n\n"])
    return text[:at] + '"' + "\x01" + text[at:]  # a control character in a string


def _loads_error(text: str) -> tuple[str, int, int] | None:
    try:
        json.loads(text)
    except json.JSONDecodeError as error:
        return error.msg, error.lineno, error.colno
    return None


@pytest.mark.slow
@pytest.mark.parametrize("piece", [3, 64, 1 << 16])
def test_the_json_reader_finds_what_json_loads_finds(
    piece: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(json_format, "_PIECE", piece)  # every value across pieces
    rng = random.Random(piece)
    sheet = _sheet(rng, 6)
    exports = [json_format.render_sheet(sheet, sheet.tally()),
               "".join(json_format.write_sheet(sheet, sheet.tally(), compact=True))]  # fmt: skip
    found = 0
    for _ in range(400):
        text = _damaged(rng, rng.choice(exports))
        if not text.lstrip().startswith("{"):
            continue  # read as CSV
        expected = _loads_error(text)
        try:
            json_format.export_head(io.StringIO(text))
        except SheetFileError as error:
            if error.code == "err.import.json":
                assert (
                    error.params["msg"],
                    error.params["line"],
                    error.params["column"],
                ) == expected, text
                found += 1
                continue
        assert expected is None, (text, expected)
    assert found > 150


def test_a_value_larger_than_any_export_holds_is_not_read_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(json_format, "VALUE_LIMIT", 1000)
    monkeypatch.setattr(json_format, "_PIECE", 100)  # the reader holds a value and a piece
    text = '{"players": [], "rules": {}, "games": ["' + "x" * 5000 + '"]}'
    with pytest.raises(SheetFileError) as raised:
        json_format.export_head(io.StringIO(text))
    assert raised.value.code == "err.import.not_json"


def test_json_nested_too_deep_is_no_export(tmp_path: Path) -> None:
    export = tmp_path / "deep.json"
    export.write_text('{"players": ' + "[" * 100_000 + "]" * 100_000 + "}")
    said = cli("sheet", "import", str(export), str(tmp_path / "s.toml"))
    assert (said.code, said.stderr) == (5, (
        f"error: {export}: not JSON skatcalc reads: nested too deep; no export of a sheet nests "
        "so deep; no sheet was written\n"))  # fmt: skip


def test_a_csv_cell_larger_than_the_csv_module_reads_is_no_export(tmp_path: Path) -> None:
    export = tmp_path / "big.csv"
    export.write_text(",".join(csv_format.CSV_COLUMNS) + ',A,B,C\n1,A,"' + "x" * 200_000 + '"\n')
    said = cli("sheet", "import", str(export), str(tmp_path / "s.toml"))
    assert (said.code, said.stderr) == (5, (
        f"error: {export}: line 2: a cell of more than 131072 characters: no export of a sheet "
        "holds one; no sheet was written\n"))  # fmt: skip


# --- round trips ------------------------------------------------------------------------------


@pytest.mark.parametrize("form", [["--format", "json"], ["--format", "json", "--compact"],
                                  ["--format", "csv"]])  # fmt: skip
@pytest.mark.parametrize("rules", [Rules(), Rules(ramsch=True, bock=True, bockramsch=True),
                                   Rules(scoring="bierlachs", bierlachs_limit=200)])  # fmt: skip
def test_what_is_exported_is_imported_back_byte_for_byte(
    form: list[str], rules: Rules, tmp_path: Path
) -> None:
    sheet = _sheet(random.Random(str(rules)), 1200, rules)
    path = tmp_path / "sheet.toml"
    path.write_text(render(sheet))
    export = tmp_path / "export"
    assert cli("sheet", "export", str(path), *form, "-o", str(export)).code == 0
    back = tmp_path / "back.toml"
    said = cli("sheet", "import", str(export), str(back))
    assert said.code == 0, said
    assert back.read_bytes() == path.read_bytes()
    shown = [cli("sheet", "show", str(p), "--json").stdout for p in (path, back)]
    assert shown[0] == shown[1]


def test_an_import_that_would_make_a_sheet_too_large_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sheet = _sheet(random.Random(1), 300)
    path = tmp_path / "sheet.toml"
    path.write_text(render(sheet))
    export = tmp_path / "export.csv"
    assert cli("sheet", "export", str(path), "--format", "csv", "-o", str(export)).code == 0
    monkeypatch.setattr(files, "FILE_LIMIT", path.stat().st_size - 100)
    back = tmp_path / "back.toml"
    said = cli("sheet", "import", str(export), str(back))
    assert (said.code, said.stderr) == (4, (
        f"error: {back} would be larger than 0 MB, more than any sheet skatcalc reads: "
        "nothing was written\n"))  # fmt: skip
    assert not back.exists()


def test_a_batch_that_would_make_a_sheet_too_large_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "sheet.toml"
    assert cli("sheet", "new", str(path), "Anna", "Ben", "Carl").code == 0
    before = path.read_bytes()
    monkeypatch.setattr(files, "FILE_LIMIT", len(before) + 200)
    lines = '{"declarer": "Anna", "game": "grand", "with": 1, "points": 70}\n' * 10
    said = cli("sheet", "add", str(path), "--batch", input=lines)
    assert said.code == 4
    assert "would grow past 0 MB" in said.stderr
    assert path.read_bytes() == before


def test_an_export_not_utf8_is_named_by_its_line_in_a_large_file(tmp_path: Path) -> None:
    export = tmp_path / "export.csv"
    export.write_bytes(b"n,dealer\n" * 300_000 + b"\xff\n")
    said = cli("sheet", "import", str(export), str(tmp_path / "s.toml"))
    said_before = f"error: {export}: {export}: line 300001: not UTF-8 text; no sheet was written\n"
    assert (said.code, said.stderr) == (5, said_before)  # worded as before it was streamed


def test_an_export_larger_than_any_sheet_is_replaced_by_the_next_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What skatcalc wrote it writes again: an export is larger than the sheet it came from
    (and may be larger than any sheet), and is no sheet; data that is no text stays."""
    sheet = _sheet(random.Random(3), 200)
    path = tmp_path / "sheet.toml"
    path.write_text(render(sheet))
    export = tmp_path / "export.json"
    monkeypatch.setattr(files, "FILE_LIMIT", path.stat().st_size + 10)
    for _ in range(2):
        said = cli("sheet", "export", str(path), "--format", "json", "-o", str(export))
        assert (said.code, said.stderr) == (0, f"wrote {export}\n")
    assert export.stat().st_size > files.FILE_LIMIT
    data = tmp_path / "data.bin"
    data.write_bytes(b"\xff" * (files.FILE_LIMIT + 10))
    said = cli("sheet", "export", str(path), "--format", "json", "-o", str(data))
    assert said.code == 4 and "is not UTF-8 text" in said.stderr
    monkeypatch.setattr(files, "EXPORT_LIMIT", files.FILE_LIMIT + 20)
    said = cli("sheet", "export", str(path), "--format", "json", "-o", str(export))
    assert said.code == 4 and "is larger than 0 MB: an export does not replace it" in said.stderr


def test_a_blank_line_inside_a_quoted_cell_does_not_end_the_deals() -> None:
    """The first pass finds the rules by the rows' line ends outside quotes: a quoted cell
    holding an empty line (hand-made) is a cell, as the csv module reads it."""
    head = ",".join(csv_format.CSV_COLUMNS) + ",A,B,C\n"
    deal = "1,A,B,grand,1,,,,,,,,70" + "," * 22 + "\n"
    odd = '2,B,"C\n\n,,,",grand,1,,,,,,,,70' + "," * 22 + "\n"
    text = head + deal + odd + "\nrule,value\nkontra,false\n"
    found = csv_format.export_head(io.StringIO(text, newline=""))
    assert (found["deals"], found["rules"]) == (2, {"kontra": False})
    whole = list(__import__("csv").reader(io.StringIO(text, newline="")))
    assert whole[2][2] == "C\n\n,,,"  # what the csv module reads: one cell
    deals = list(csv_format.export_deals(io.StringIO(text, newline=""), found))
    assert [d["declarer"] for d in deals] == ["B", "C\n\n,,,"]
