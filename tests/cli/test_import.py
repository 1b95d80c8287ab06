"""`skatcalc sheet import`: an export back into a sheet file, never over one."""

from __future__ import annotations

import json
from pathlib import Path

from skatcalc.store import sheet as store
from tests.cli.helpers import cli

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_import_on_the_command_line(tmp_path: Path) -> None:
    sheet = store.load(EXAMPLES / "evening-four.toml")
    # the totals line names the list that decides the sheet, with the sheet's own totals
    own = json.loads(cli("sheet", "show", str(EXAMPLES / "evening-four.toml"), "--json").stdout)
    listed = ", ".join(f"{p['name']} {p['seeger_fabian']:+d}" for p in own["players"])
    for fmt in ("json", "csv"):
        exported = tmp_path / f"evening.{fmt}"
        assert cli("sheet", "export", str(EXAMPLES / "evening-four.toml"), "--format", fmt,
                   "-o", str(exported)).code == 0  # fmt: skip
        target = tmp_path / f"from-{fmt}.toml"
        out = cli("sheet", "import", str(exported), str(target))
        # evening four: 48 deals, 5 of them passed; the totals of its list
        assert (out.code, out.stdout) == (
            0,
            f"Imported 48 deals into {target} (deals 1 to 48): 43 games, 5 passed\n"
            f"Totals, Seeger-Fabian list: {listed}\n",
        )
        assert store.load(target) == sheet
        again = cli("sheet", "import", str(exported), str(target))
        assert again.code == 4 and "already exists" in again.stderr


def test_a_foreign_file_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("name,score\n", encoding="utf-8")
    out = cli("sheet", "import", str(bad), str(tmp_path / "x.toml"))
    assert out.code == 5
    assert out.stderr == (
        f"error: {bad}: not a skatcalc CSV export: the header row starts "
        "n,dealer,declarer,game,with,... and names the players after last_trick; no sheet was "
        "written\n"
    )
    assert not (tmp_path / "x.toml").exists()
    missing = cli("sheet", "import", str(tmp_path / "none.json"), str(tmp_path / "x.toml"))
    assert missing.code == 5 and "there is no file" in missing.stderr


def test_a_directory_or_fifo_is_no_export(tmp_path: Path) -> None:
    import os

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for path in (tmp_path, fifo):
        out = cli("sheet", "import", str(path), str(tmp_path / "x.toml"))
        assert out.code == 5 and "not an export" in out.stderr, out
    assert not (tmp_path / "x.toml").exists()


def test_a_csv_export_in_either_language_imports_in_either(tmp_path: Path) -> None:
    source = EXAMPLES / "evening-four.toml"
    sheet = store.load(source)
    for written in ("en", "de"):
        exported = tmp_path / f"evening-{written}.csv"
        out = cli("sheet", "export", str(source), "--format", "csv", "--lang", written,
                  "-o", str(exported))  # fmt: skip
        assert out.code == 0
        head = exported.read_text(encoding="utf-8").splitlines()[0]
        assert head.startswith(
            "n,dealer,declarer," if written == "en" else "\ufeffNr;Geber;Alleinspieler;"
        )
        for reading in ("en", "de"):
            target = tmp_path / f"{written}-{reading}.toml"
            out = cli("sheet", "import", str(exported), str(target), "--lang", reading)
            assert out.code == 0, out.stderr
            assert store.load(target) == sheet


def test_a_csv_export_that_is_none_is_named_in_the_language_in_use(tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("name,score\n", encoding="utf-8")
    out = cli("sheet", "import", str(bad), str(tmp_path / "x.toml"), "--lang", "de")
    assert out.code == 5
    assert (
        "kein skatcalc-CSV-Export: die Kopfzeile beginnt mit Nr;Geber;Alleinspieler;Spiel;mit"
        in out.stderr
    )


def test_the_html_export_in_german_says_so_first() -> None:
    out = cli("sheet", "export", str(EXAMPLES / "evening-three.toml"), "--lang", "de",
              "--format", "html")  # fmt: skip
    assert out.code == 0
    assert out.stdout.startswith('<!DOCTYPE html>\n<html lang="de">\n')
    out = cli("sheet", "export", str(EXAMPLES / "evening-three.toml"), "--lang", "en",
              "--format", "html")  # fmt: skip
    assert out.stdout.startswith('<!DOCTYPE html>\n<html lang="en">\n')
