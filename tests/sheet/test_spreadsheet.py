"""A CSV export through a spreadsheet and back (issue 23 point 3): export, open and save again
as a spreadsheet does, ``sheet import``: the same sheet.

Two ways: LibreOffice itself, headless (Debian ``libreoffice-calc-nogui``: ``.ci/run`` installs
it and sets SKATCALC_REQUIRE_LIBREOFFICE, so in CI those tests run and never skip); and, on
any machine, the changes spreadsheets make when they save a CSV again, written out one by one
(Excel's among them, which no test here can run): the byte-order mark dropped, CRLF line ends,
flags as ``TRUE``/``FALSE`` or ``WAHR``/``FALSCH`` or ``1``/``0``, numbers with decimals that are
zero or grouped thousands, rows padded to one width.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from skatcalc.sheet.model import Deal, Ramsch, Rules, Sheet
from skatcalc.spec import GameSpec
from skatcalc.store import sheet as store
from tests.cli.helpers import cli

SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")
if SOFFICE is None and os.environ.get("SKATCALC_REQUIRE_LIBREOFFICE"):
    raise RuntimeError(
        "the spreadsheet tests need LibreOffice: apt-get install libreoffice-calc-nogui"
    )
needs_libreoffice = pytest.mark.skipif(
    SOFFICE is None, reason="needs LibreOffice (Debian: libreoffice-calc-nogui)"
)

# Names a spreadsheet might mangle: umlauts (Windows-1252 without the BOM), a comma, a quote, a
# formula, a leading apostrophe.
PLAYERS = ["Jürgen", 'Anna "Ass", Jr.', "=SUM(A1)", "'Zoë"]


def evening() -> Sheet:
    """Every kind of cell: flags true and false, Kontra and Re, a hand game, Null, a passed deal,
    Ramsch with Jungfrau and pushes (a JSON cell), Bock, rules of every kind (a list of
    triggers, numbers over 999, choices)."""
    rules = Rules(kontra=True, bock=True, ramsch=True, schieberamsch=True, bierlachs_limit=1200)
    sheet = Sheet.new(PLAYERS, rules)
    j, a, s, z = PLAYERS
    deals = [
        Deal(a, GameSpec("clubs", with_=2, hand=True, points=56, bid=20)),
        Deal(s, GameSpec("grand", without=1, points=92, bid=48, kontra=True)),
        Deal.passed(),
        Deal(j, GameSpec("null", ouvert=True, tricks=0)),
        Deal.of_ramsch(Ramsch(((a, 62), (s, 58), (z, 0)), (z,), None, 1, None)),  # Jürgen deals
        Deal(
            z,
            GameSpec("spades", with_=1, schneider=True, hand=True, points=95, re=True, kontra=True),
        ),
        Deal(a, GameSpec("hearts", without=2, points=60)),
    ]
    for deal in deals:
        sheet = sheet.add(deal)
    return sheet


def _exported(tmp_path: Path, language: str) -> tuple[Path, Sheet]:
    source = tmp_path / "evening.toml"
    sheet = evening()
    if not source.exists():
        store.create(source, sheet)
    export = tmp_path / f"evening-{language}.csv"
    done = cli(
        "sheet", "export", str(source), "--format", "csv", "--lang", language, "-o", str(export)
    )
    assert done.code == 0, done.stderr
    return export, store.load(source)


def _imports_as(export: Path, sheet: Sheet, tmp_path: Path, language: str = "en") -> None:
    target = tmp_path / f"{export.stem}.toml"
    done = cli("sheet", "import", str(export), str(target), "--lang", language)
    assert (done.code, done.stderr) == (0, "")
    assert store.load(target) == sheet


def test_the_german_export_is_what_german_spreadsheets_read(tmp_path: Path) -> None:
    export, _ = _exported(tmp_path, "de")
    data = export.read_bytes()
    assert data.startswith(b"\xef\xbb\xbfNr;Geber;Alleinspieler;Spiel;mit;ohne;")  # BOM, UTF-8
    assert "Jürgen".encode() in data
    text = data.decode("utf-8-sig")
    assert "\n\nRegel;Wert\n" in text
    assert "\nbock_triggers;lost-60,grand-hand,kontra,hundred\n" in text
    # a cell with the separator in it is quoted; a comma is no separator here
    assert ';"Anna ""Ass"", Jr.";' in text.splitlines()[0] + ";"
    english, _ = _exported(tmp_path, "en")
    assert english.read_bytes().startswith(b"n,dealer,declarer,game,")  # as it always was


# --- the changes a spreadsheet makes, written out ----------------------------------------------


def _cells(text: str, change: Callable[[str], str]) -> str:
    """``change`` applied to every cell of a CSV text in either dialect, saved again as a
    spreadsheet quotes (only what needs it), the byte-order mark kept."""
    import csv
    import io

    body = text.removeprefix("\ufeff")
    sep = ";" if body.startswith("Nr;") else ","
    out = io.StringIO()
    writer = csv.writer(out, delimiter=sep, lineterminator="\n")
    for row in csv.reader(io.StringIO(body, newline=""), delimiter=sep):
        writer.writerow([change(cell) for cell in row])
    return text[: len(text) - len(body)] + out.getvalue()


RESAVES: dict[str, Callable[[str], str]] = {
    "no byte-order mark": lambda t: t.removeprefix("\ufeff"),
    "CRLF": lambda t: t.replace("\n", "\r\n"),
    "TRUE/FALSE (an English spreadsheet)": lambda t: _cells(
        t, lambda c: {"true": "TRUE", "false": "FALSE", "WAHR": "TRUE", "FALSCH": "FALSE"}.get(c, c)
    ),
    "WAHR/FALSCH (a German spreadsheet)": lambda t: _cells(
        t, lambda c: {"true": "WAHR", "false": "FALSCH"}.get(c, c)
    ),
    "1/0": lambda t: _cells(
        t, lambda c: {"true": "1", "false": "0", "WAHR": "1", "FALSCH": "0"}.get(c, c)
    ),
    "padded rows": lambda t: "\n".join(
        line + (";" if ";" in line else ",") * 3 if line else line for line in t.split("\n")
    ),
}


@pytest.mark.parametrize(
    ("language", "resave"),
    [
        (language, resave)
        for resave in RESAVES
        for language in ("en", "de")
        if (resave, language) != ("no byte-order mark", "en")
        and (resave, language) != ("WAHR/FALSCH (a German spreadsheet)", "de")
    ],  # the English one has no byte-order mark; the German one writes WAHR/FALSCH itself
)
def test_an_export_saved_again_imports_as_the_same_sheet(
    tmp_path: Path, language: str, resave: str
) -> None:
    export, sheet = _exported(tmp_path, language)
    text = export.read_text(encoding="utf-8")
    changed = RESAVES[resave](text)
    assert changed != text
    export.write_bytes(changed.encode("utf-8"))
    _imports_as(export, sheet, tmp_path)


def test_numbers_as_a_spreadsheet_writes_them_back(tmp_path: Path) -> None:
    """A number column formatted with decimals or grouped thousands: ``92,00`` and ``1.200``
    in a German file, ``92.00`` and ``1,200`` in an English one."""
    for language, decimals, thousands in (("de", "92,00", "1.200"), ("en", "92.00", "1,200")):
        export, sheet = _exported(tmp_path, language)
        text = export.read_text(encoding="utf-8")
        changed = _changed(text, {("2", "points"): decimals, ("bierlachs_limit", ""): thousands})
        export.write_text(changed, encoding="utf-8")
        _imports_as(export, sheet, tmp_path)


def _changed(text: str, cells: dict[tuple[str, str], str]) -> str:
    """``text`` with the cells named by their row's first cell and their column (the English
    column name; "" for a rule's value) set, saved again as a spreadsheet quotes."""
    import csv
    import io

    from skatcalc.formats.csv import CSV_COLUMNS

    body = text.removeprefix("\ufeff")
    sep = ";" if body.startswith("Nr;") else ","
    rows = list(csv.reader(io.StringIO(body, newline=""), delimiter=sep))
    for (first, column), value in cells.items():
        [row] = [row for row in rows if row and row[0] == first]
        row[CSV_COLUMNS.index(column) if column else 1] = value
    out = io.StringIO()
    csv.writer(out, delimiter=sep, lineterminator="\n").writerows(rows)
    return text[: len(text) - len(body)] + out.getvalue()


def test_a_fraction_is_no_card_points(tmp_path: Path) -> None:
    export, _ = _exported(tmp_path, "de")
    text = export.read_text(encoding="utf-8")
    export.write_text(_changed(text, {("2", "points"): "92,5"}), encoding="utf-8")
    done = cli("sheet", "import", str(export), str(tmp_path / "x.toml"))
    assert (done.code, done.stdout) == (5, "")
    assert done.stderr == (
        f"error: {export}: deal 2: points is '92,5': expected a whole number; no sheet was written\n"
    )


# --- LibreOffice itself ----------------------------------------------------------------------


def _libreoffice(
    source: Path, out: Path, separator: str, language: int, *, saved_with: str | None = None,
    into: str = "saved",
) -> Path:  # fmt: skip
    """Open ``source`` in LibreOffice Calc (separator ``separator``, locale ``language``: 1031
    de-DE, 1033 en-US, special numbers and flags recognised as a person opening it gets them)
    and save it again as CSV in that separator (or ``saved_with``), as UTF-8, in the folder
    ``into`` of ``out``: what File > Save (As) does."""
    opened, saved_sep = str(ord(separator)), str(ord(saved_with or separator))
    profile = out / "profile"
    done = subprocess.run(
        [
            SOFFICE or "soffice",
            "--headless",
            "--norestore",
            f"-env:UserInstallation={profile.as_uri()}",
            f"--infilter=CSV:{opened},34,76,1,,{language},false,true",
            "--convert-to",
            f"csv:Text - txt - csv (StarCalc):{saved_sep},34,76,1,,{language}",
            "--outdir",
            str(out / into),
            str(source),
        ],
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    saved = out / into / source.name
    assert done.returncode == 0 and saved.exists(), done.stderr
    return saved


@pytest.mark.slow
@needs_libreoffice
@pytest.mark.parametrize(
    ("language", "separator", "locale"),
    [("de", ";", 1031), ("en", ",", 1033)],
    ids=["German export, German Calc", "English export, English Calc"],
)
def test_libreoffice_saves_an_export_again_and_it_imports(
    tmp_path: Path, language: str, separator: str, locale: int
) -> None:
    export, sheet = _exported(tmp_path, language)
    saved = _libreoffice(export, tmp_path, separator, locale)
    text = saved.read_text(encoding="utf-8-sig")
    assert text != export.read_text(encoding="utf-8-sig")  # it did change something
    if language == "en":
        assert ",FALSE," in text  # English Calc took the flags for booleans
    _imports_as(saved, sheet, tmp_path)


@pytest.mark.slow
@needs_libreoffice
def test_an_english_export_saved_by_german_calc_imports(tmp_path: Path) -> None:
    """Opened with a comma, saved as German Calc saves: semicolons, English heads."""
    export, sheet = _exported(tmp_path, "en")
    opened = _libreoffice(export, tmp_path, ",", 1031)
    # saved again with German Calc's separator: open the comma file, save with ";"
    saved = _libreoffice(opened, tmp_path, ",", 1031, saved_with=";", into="semicolons")
    assert saved.read_text(encoding="utf-8-sig").startswith("n;dealer;declarer;")
    _imports_as(saved, sheet, tmp_path, "de")
