"""Hardening, round three (issue 20): the classes found on the sheet's surfaces, each closed
with a test that failed before. One section per point; the shared folder (point 1) and the
locks (issue 23) have their own modules (test_shared_folders.py, test_locks.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from skatcalc.store import sheet as store
from tests.cli.helpers import cli, new_sheet, play
from tests.data import GOOD


def sheet_at(tmp_path: Path, text: str = GOOD, name: str = "evening.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# --- 10. still open from the last round ---------------------------------------------------------


@pytest.mark.parametrize("version", ["0", "-7"])
def test_a_format_below_1_is_refused(tmp_path: Path, version: str) -> None:
    path = sheet_at(tmp_path, GOOD.replace("format = 1", f"format = {version}"))
    said = (
        f"format is the version of the file format, from 1 (this skatcalc writes 1), not {version}"
    )
    check = cli("sheet", "check", str(path))
    assert (check.code, check.stdout) == (5, "")
    assert check.stderr == f"{path}:1: {said}\nerror: {path} has 1 problem\n"
    show = cli("sheet", "show", str(path))
    assert (show.code, show.stderr) == (5, f"error: {path}: line 1: {said}\n")
    tournament = tmp_path / "cup.toml"
    assert cli("tournament", "new", str(tournament), "Anna", "Ben", "Carl").code == 0
    tournament.write_text(tournament.read_text().replace("format = 1", f"format = {version}"))
    result = cli("tournament", "show", str(tournament))
    assert result.code == 5
    assert result.stderr == f"error: {tournament}: line 4: {said}\n"


def test_a_stake_without_an_exact_decimal_is_shown_as_its_fraction(tmp_path: Path) -> None:
    path = new_sheet(tmp_path)
    play(path, "Anna: grand --with 1 --points 70")
    result = cli("sheet", "settle", str(path), "--stake", "1/3", "--currency", "€")
    assert (result.code, result.stderr) == (0, "")
    assert result.stdout == (
        "Settlement of one sheet by the Seeger-Fabian list, €1/3 a point: each pair settles the "
        "difference of their points times the stake, rounded to whole cents.\n"
        "  Player  Points  Lost  Balance\n"
        "  Anna       +98     0  +€65.34\n"  # grand with 1: 48, +50 won; 98 × 1/3 € = 32.67 €
        "  Ben          0     0  -€32.67\n"
        "  Carl         0     0  -€32.67\n"
        "Ben pays Anna €32.67\n"
        "Carl pays Anna €32.67\n"
    )
    german = cli("--lang", "de", "sheet", "settle", str(path), "--stake", "1/3", "--lost-fee",
                 "2/3", "--currency", "€")  # fmt: skip
    assert german.code == 0
    assert german.stdout.splitlines()[0].startswith(
        "Abrechnung über eine Liste nach der Seeger-Fabian-Liste, 1/3 € je Punkt"
    )
    assert "2/3 €" in german.stdout.splitlines()[0]


# --- 7. imports --------------------------------------------------------------------------------


def _export(tmp_path: Path, fmt: str) -> str:
    path = new_sheet(tmp_path, "--preset pub")
    play(path, "Anna: grand --with 1 --points 70", "ramsch Anna=62 Ben=58 Carl=0")
    result = cli("sheet", "export", str(path), "--format", fmt)
    assert result.code == 0
    return result.stdout


def test_a_csv_cell_over_the_csv_modules_limit_is_one_line_exit_5(tmp_path: Path) -> None:
    export = tmp_path / "big.csv"
    export.write_text(_export(tmp_path, "csv").replace(",grand,", "," + "x" * 140_000 + ",", 1))
    result = cli("sheet", "import", str(export), str(tmp_path / "new.toml"))
    assert (result.code, result.stdout) == (5, "")
    assert result.stderr == (
        f"error: {export}: line 2: a cell of more than 131072 characters: no export of a sheet "
        "holds one; no sheet was written\n"
    )
    assert not (tmp_path / "new.toml").exists()


@pytest.mark.parametrize(
    "text",
    ["x" * 200_000, "[" * 100_000 + "]" * 100_000, '"' + "x" * 200_000 + '"'],
    ids=["a cell", "brackets", "a quoted cell"],
)
def test_a_first_line_past_the_csv_modules_limit_is_no_export(tmp_path: Path, text: str) -> None:
    """The separator is sought in the first line: a cell there past the limit is no header."""
    export = tmp_path / "big.csv"
    export.write_text(text)
    result = cli("sheet", "import", str(export), str(tmp_path / "new.toml"))
    assert (result.code, result.stdout) == (5, "")
    assert result.stderr.startswith(f"error: {export}: not a skatcalc CSV export: ")
    assert result.stderr.count("\n") == 1


@pytest.mark.parametrize("depth", [20, 500, 990, 100_000])
def test_deeply_nested_json_is_one_line_exit_5(tmp_path: Path, depth: int) -> None:
    text = _export(tmp_path, "json")
    nested = "[" * depth + "]" * depth
    for where, export in (
        ("whole", '{"players": ' * depth + "1" + "}" * depth),
        ("a game's cards", text.replace('"entered": {', f'"entered": {{"cards": {nested}, ', 1)),
        ("a rule", text.replace('"kontra": false', f'"kontra": {nested}', 1)),
    ):
        path = tmp_path / "deep.json"
        path.write_text(export)
        result = cli("sheet", "import", str(path), str(tmp_path / "new.toml"))
        assert (result.code, result.stdout) == (5, ""), where
        assert result.stderr == (
            f"error: {path}: not JSON skatcalc reads: nested too deep; no export of a sheet "
            "nests so deep; no sheet was written\n"
        ), where


@pytest.mark.parametrize("depth", [900, 60_000])  # 60,000: a cell within the csv module's limit
def test_a_deeply_nested_cell_of_a_csv_export_is_named(tmp_path: Path, depth: int) -> None:
    lines = _export(tmp_path, "csv").splitlines()
    ramsch = next(i for i, line in enumerate(lines) if line.startswith("2,"))
    lines[ramsch] = lines[ramsch].replace(
        '"{""Anna"": 62', '"' + "[" * depth + "]" * depth + '{""Anna"": 62', 1
    )
    path = tmp_path / "deep.csv"
    path.write_text("\n".join(lines) + "\n")
    result = cli("sheet", "import", str(path), str(tmp_path / "new.toml"))
    assert (result.code, result.stdout) == (5, "")
    assert result.stderr.startswith(f"error: {path}: deal 2: ramsch_points is '[[[[")
    assert result.stderr.endswith(
        "': expected JSON, as the export writes it; no sheet was written\n"
    )


@pytest.mark.parametrize("depth", [5, 500, 900])
def test_a_deeply_nested_batch_line_is_its_error_object(tmp_path: Path, depth: int) -> None:
    line = '{"game": "clubs", "cards": ' + "[" * depth + "]" * depth + "}\n"
    result = cli("value", "--batch", input=line + '{"game": "null", "tricks": 0}\n')
    answers = result.stdout.splitlines()
    assert (result.code, len(answers)) == (3, 2)
    assert answers[0] == (
        '{"line": 1, "error": "not JSON skatcalc reads: nested too deep; a game is one flat '
        'object"}'
    )
    path = new_sheet(tmp_path)
    added = cli("sheet", "add", str(path), "--batch", input=line)
    assert (added.code, added.stderr) == (3, "error: line 1: not JSON skatcalc reads: nested "
                                         "too deep; a game is one flat object; nothing was "
                                         "imported\n")  # fmt: skip


# --- 4. nothing counted twice --------------------------------------------------------------------


def _season(tmp_path: Path) -> tuple[Path, Path, Path]:
    """Two evenings in a season folder, and current.toml: a link to the second."""
    season = tmp_path / "season"
    season.mkdir()
    first, second = season / "2026-05-01.toml", season / "2026-05-08.toml"
    for path, entry in ((first, "Anna: grand --with 1 --points 70"),
                        (second, "Ben: clubs --with 2 --points 70")):  # fmt: skip
        assert cli("sheet", "new", str(path), "Anna", "Ben", "Carl").code == 0
        play(path, entry)
    current = season / "current.toml"
    current.symlink_to(second.name)
    return first, second, current


@pytest.mark.parametrize("command", [["settle", "--stake", "0.05"], ["stats"], ["stats", "--json"]])
def test_a_file_reached_by_several_names_counts_once(tmp_path: Path, command: list[str]) -> None:
    first, second, current = _season(tmp_path)
    once = cli("sheet", command[0], str(first), str(second), *command[1:])
    assert (once.code, once.stderr) == (0, "")
    names = sorted(first.parent.glob("*.toml"))  # season/*.toml: current.toml among them
    assert names == [first, second, current]
    glob_twice = [*names, *sorted(first.parent.glob("2026-*.toml"))]  # and an overlapping glob
    result = cli("sheet", command[0], *map(str, glob_twice), *command[1:])
    assert result.code == 0
    assert result.stdout == once.stdout
    assert result.stderr == (
        f"note: {current} is the same file as {second}: counted once\n"
        f"note: {first} is given twice: counted once\n"
        f"note: {second} is given twice: counted once\n"
    )


def test_a_hard_link_is_the_same_file_too(tmp_path: Path) -> None:
    import os

    first, _, _ = _season(tmp_path)
    copy = tmp_path / "copy.toml"
    os.link(first, copy)
    result = cli("sheet", "settle", str(first), str(copy), "--stake", "0.05", "--json")
    assert result.stderr == f"note: {copy} is the same file as {first}: counted once\n"
    assert '"sheets": 1' in result.stdout


# --- 8. names that look the same are the same ----------------------------------------------------

NFC = "J\u00fcrgen"
NFD = "Ju\u0308rgen"


def test_a_name_typed_composed_and_decomposed_is_one_name(tmp_path: Path) -> None:
    path = tmp_path / "evening.toml"
    twice = cli("sheet", "new", str(path), NFC, NFD, "Carl")
    assert (twice.code, twice.stdout) == (4, "")
    assert twice.stderr.startswith(f"error: '{NFC}' and '{NFC}' name the same player")
    assert not path.exists()
    assert cli("sheet", "new", str(path), NFD, "Ben", "Carl").code == 0
    assert NFC in path.read_text() and NFD not in path.read_text()  # kept composed
    for who in (["--declarer", NFC], ["--declarer", NFD.upper()], [NFD[:3]], [NFC[:2]]):
        result = cli("sheet", "add", str(path), *who, "grand", "--with", "1", "--points", "70")
        assert result.code == 0, (who, result)
    deals = store.load(path).deals
    assert [d.declarer for d in deals] == [NFC] * 4


def test_a_files_players_that_look_the_same_are_refused(tmp_path: Path) -> None:
    path = sheet_at(tmp_path, GOOD.replace('"Carl"]', f'"{NFC}", "{NFD}"]').replace('"Ben", ', ""))
    result = cli("sheet", "show", str(path))
    assert (result.code, result.stdout) == (5, "")
    assert result.stderr.startswith(
        f"error: {path}: line 2: '{NFC}' and '{NFC}' name the same player"
    )


def test_a_file_written_decomposed_is_read_composed(tmp_path: Path) -> None:
    text = GOOD.replace("Anna", NFD)
    path = sheet_at(tmp_path, text)
    assert store.load(path).players[0] == NFC
    assert cli("sheet", "add", str(path), NFC[:2], "null", "--tricks", "0").code == 0
    assert [d.declarer for d in store.load(path).deals] == [NFC, None, NFC]


# --- 5. a saved deal is reported as saved ----------------------------------------------------


@pytest.fixture(scope="module")
def latin1(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The environment of a German Latin-1 terminal (``de_DE.ISO-8859-1``): the locale made
    with localedef in a folder of the run's own (LOCPATH); where it cannot be made, emulated by
    PYTHONIOENCODING=latin-1 (the same stdout and stderr encoding, English words)."""
    import os
    import shutil
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONIOENCODING", "PYTHONUTF8")}
    env.pop("SKATCALC_LANG", None)
    folder = tmp_path_factory.mktemp("locale")
    if shutil.which("localedef"):
        subprocess.run(["localedef", "-i", "de_DE", "-f", "ISO-8859-1",
                        str(folder / "de_DE.ISO-8859-1")], capture_output=True, check=False)  # fmt: skip
    made = {**env, "LOCPATH": str(folder), "LC_ALL": "de_DE.ISO-8859-1", "LANG": "de_DE.ISO-8859-1"}
    probe = [sys.executable, "-c", "import sys; print(sys.stdout.encoding)"]
    found = subprocess.run(probe, env=made, capture_output=True, text=True, check=False)
    if found.stdout.strip().lower().replace("-", "").replace("_", "") == "iso88591":
        return made
    return {**env, "PYTHONIOENCODING": "latin-1"}  # emulated: no localedef, or no de_DE


def _latin1_run(env: dict[str, str], *args: str) -> tuple[int, str, str]:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "skatcalc", *args], env=env,
                          capture_output=True, timeout=60, check=False)  # fmt: skip
    return done.returncode, done.stdout.decode("latin-1"), done.stderr.decode("latin-1")


def test_a_latin1_terminal_gets_letters_for_the_suits(
    tmp_path: Path, latin1: dict[str, str]
) -> None:
    path = new_sheet(tmp_path)
    code, out, err = _latin1_run(latin1, "sheet", "add", str(path), "--declarer", "Carl",
                                 "--cards", "HA HT HK HQ H9 H8 H7 DA D9 DT", "--skat", "CJ SJ",
                                 "grand", "--points", "70")  # fmt: skip
    assert (code, err) == (0, "")
    assert "CJ SJ" in out and "?" not in out  # the skat's jacks in the card notation's letters
    assert len(store.load(path).deals) == 1
    code, out, err = _latin1_run(latin1, "value", "grand", "--cards",
                                 "HA HT HK HQ H9 H8 H7 DA D9 DT", "--skat", "CJ SJ", "--points", "70")  # fmt: skip
    assert (code, err) == (0, "")
    assert "CJ SJ" in out


def test_json_on_a_latin1_terminal_is_exact(tmp_path: Path, latin1: dict[str, str]) -> None:
    import json

    path = new_sheet(tmp_path, players=("Zoë", "Ben ♣", "Carl 😀"))
    code, out, err = _latin1_run(latin1, "sheet", "show", str(path), "--json")
    assert (code, err) == (0, "")
    assert [p["name"] for p in json.loads(out)["players"]] == ["Zoë", "Ben ♣", "Carl 😀"]
    assert "\\u2663" in out and "\\ud83d\\ude00" in out
    code, out, err = _latin1_run(latin1, "sheet", "export", str(path), "--format", "csv")
    assert (code, err) == (0, "")
    assert "Ben ♣" in out.encode("latin-1").decode("utf-8")  # an export is UTF-8, as -o writes it


def test_a_report_that_cannot_be_printed_says_the_change_is_saved(tmp_path: Path) -> None:
    import subprocess
    import sys

    path = new_sheet(tmp_path)
    with open("/dev/full", "w") as full:  # a device that is always full
        done = subprocess.run(
            [sys.executable, "-m", "skatcalc", "sheet", "add", str(path), "--declarer", "Anna",
             "grand", "--with", "1", "--points", "70"],
            stdout=full, stderr=subprocess.PIPE, text=True, timeout=60, check=False,
        )  # fmt: skip
    assert done.returncode == 5
    assert done.stderr == (
        f"error: the change is saved in {path}, but its report cannot be written (No space left "
        "on device): do not make it again\n"
    )
    assert len(store.load(path).deals) == 1


@pytest.mark.parametrize("how", ["--lang", "config"])
def test_the_saved_note_speaks_the_language_of_the_line(tmp_path: Path, how: str) -> None:
    """The last words of the process (a change saved, its report lost) are in the language the
    line or the config file asked for, not the environment's."""
    import os
    import subprocess
    import sys

    path = new_sheet(tmp_path)
    env = {k: v for k, v in os.environ.items() if k not in ("SKATCALC_LANG", "LANG", "LC_ALL")}
    lang: list[str] = []
    if how == "--lang":
        lang = ["--lang", "de"]
    else:
        (tmp_path / "cfg" / "skatcalc").mkdir(parents=True)
        (tmp_path / "cfg" / "skatcalc" / "config.toml").write_text('lang = "de"\n')
        env["XDG_CONFIG_HOME"] = str(tmp_path / "cfg")
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "skatcalc", *lang, "sheet", "add", str(path), "an", "gr",
             "m1", "70"],
            stdout=full, stderr=subprocess.PIPE, text=True, timeout=60, check=False, env=env,
        )  # fmt: skip
    assert done.returncode == 5
    assert done.stderr == (
        f"Fehler: die Änderung ist in {path} gespeichert, aber ihr Bericht kann nicht geschrieben "
        "werden (No space left on device): nicht noch einmal eingeben\n"
    )


# --- 3. comments survive sheet rules ---------------------------------------------------------

COMMENTED = """\
# Thursday club, back room
format = 1
players = ["Anna", "Ben", "Carl"]

# our rules, as agreed in April
[rules]
won_bonus = 50  # the club's
kontra = false # we argued about this

# the first deal of the night
[[deal]]
declarer = "Anna"
game = "clubs"
with = 2
points = 70

[[deal]]
passed = true  # nobody bid
"""


def test_sheet_rules_keeps_every_comment(tmp_path: Path) -> None:
    path = sheet_at(tmp_path, COMMENTED)
    # --from 1: the sheet's own [rules] change (without it, a change counts from the next deal)
    result = cli("sheet", "rules", str(path), "--kontra", "--bock-length", "4", "--from", "1")
    assert (result.code, result.stderr) == (0, "")
    assert path.read_text() == COMMENTED.replace(
        "kontra = false # we argued about this",
        "kontra = true # we argued about this\n"
        "bock_length = 4  # deals in a Bock round; 0: one per player at the table",
    )
    again = cli("sheet", "rules", str(path), "--no-kontra", "--from", "1")
    assert again.code == 0
    assert path.read_text() == COMMENTED.replace(
        "kontra = false # we argued about this",
        "kontra = false # we argued about this\n"
        "bock_length = 4  # deals in a Bock round; 0: one per player at the table",
    )


def test_a_sheet_without_a_rules_table_gets_one_and_keeps_its_comments(tmp_path: Path) -> None:
    text = COMMENTED.replace(
        "# our rules, as agreed in April\n[rules]\nwon_bonus = 50  # the club's\n"
        "kontra = false # we argued about this\n\n", "")  # fmt: skip
    path = sheet_at(tmp_path, text)
    assert store.load(path).rules.kontra  # a rule left out: as sheets were before rules
    result = cli("sheet", "rules", str(path), "--no-kontra", "--from", "1")
    assert result.code == 0
    assert path.read_text() == text.replace(
        "\n# the first deal of the night",
        "\n[rules]\nkontra = false  # Kontra and Re allowed\n\n# the first deal of the night",
    )
    assert not store.load(path).rules.kontra


def test_a_bug_after_the_change_was_written_says_it_is_saved(tmp_path: Path) -> None:
    import subprocess
    import sys

    path = new_sheet(tmp_path)
    bug = (
        "import skatcalc.words.sheet as words\n"
        "def added_lines(*args):\n    raise ZeroDivisionError('a bug in the report')\n"
        "words.added_lines = added_lines\n"
        "from skatcalc.cli import main\nmain()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", bug, "sheet", "add", str(path), "--declarer", "Anna", "grand",
         "--with", "1", "--points", "70"],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert (done.returncode, done.stdout) == (70, "")
    assert done.stderr == (
        "error: internal error in skatcalc (ZeroDivisionError: a bug in the report) after the "
        f"change was saved in {path}: do not make it again; please report it to the skatcalc "
        "maintainers with the command you ran; set SKATCALC_TRACEBACK=1 to see the traceback\n"
    )
    assert len(store.load(path).deals) == 1
