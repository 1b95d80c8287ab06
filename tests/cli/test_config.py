"""The config file (issue 23 point 4): where it is, what it sets, the command line beats it and
it beats the locale, a broken one is one line and exit 5, and nothing ever writes it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from skatcalc.errors import SheetFileError
from skatcalc.store import sheet as store
from skatcalc.store.config import CONFIG
from skatcalc.store.config_file import where
from tests.cli.helpers import cli

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
NO_LOCALE = {"SKATCALC_LANG": None, "LC_ALL": None, "LC_MESSAGES": None}
TERMUX = {**NO_LOCALE, "LANG": "en_US.UTF-8"}  # Termux always says English


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A config folder of this test's own: XDG_CONFIG_HOME/skatcalc/."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    folder = tmp_path / "xdg" / "skatcalc"
    folder.mkdir(parents=True)
    return folder


def _write(home: Path, text: str) -> Path:
    path = home / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_where_the_file_is_on_each_platform() -> None:
    assert where({"XDG_CONFIG_HOME": "/x"}, "win32") == Path("/x/skatcalc/config.toml")
    windows = where({"APPDATA": "C:\\Users\\anna\\AppData\\Roaming"}, "win32")
    assert windows == Path("C:\\Users\\anna\\AppData\\Roaming", "skatcalc", "config.toml")
    assert where({"HOME": "/data/data/com.termux/files/home"}, "android") == Path(
        "/data/data/com.termux/files/home/.config/skatcalc/config.toml"
    )
    assert where({"HOME": "/home/anna", "XDG_CONFIG_HOME": ""}, "linux") == Path(
        "/home/anna/.config/skatcalc/config.toml"
    )


def test_no_file(home: Path) -> None:
    done = cli("config", env={**NO_LOCALE, "LANG": None})
    assert (done.code, done.stderr) == (0, "")
    assert done.stdout == (
        f"Config file: {home / 'config.toml'} (none there: skatcalc uses its defaults; a person "
        "writes it, skatcalc never does)\n"
        "Language: en (English), the default (no --lang, SKATCALC_LANG, config file lang or "
        "locale says one).\n"
    )
    data = json.loads(cli("config", "--json", env=TERMUX).stdout)
    assert data == {
        "file": str(home / "config.toml"), "exists": False, "lang": None, "currency": None,
        "stake": None, "preset": None, "rules": {}, "language": "en", "language_from": "locale",
    }  # fmt: skip


FULL = """\
# our club
lang = "de"
currency = "€"
stake = "0,05"
preset = "pub"

[rules]
bock_length = 4
bock_triggers = ["lost-60", "hundred"]
"""


def test_what_the_file_sets(home: Path) -> None:
    path = _write(home, FULL)
    done = cli("config", env=TERMUX)
    assert (done.code, done.stderr) == (0, "")
    assert done.stdout == (
        f"Konfigurationsdatei: {path}\n"
        "Die Datei setzt:\n"
        '  lang = "de"\n'
        '  currency = "€"\n'
        '  stake = "0,05"\n'
        '  preset = "pub"\n'
        "  rules.bock_length = 4\n"
        '  rules.bock_triggers = ["lost-60", "hundred"]\n'
        "Sprache: de (Deutsch), aus der Konfigurationsdatei.\n"
    )
    data = json.loads(cli("config", "--json", env=TERMUX).stdout)
    assert data["rules"] == {"bock_length": 4, "bock_triggers": ["lost-60", "hundred"]}
    assert (data["exists"], data["language"], data["language_from"]) == (True, "de", "config")


def test_the_file_beats_the_locale_and_the_line_beats_the_file(home: Path) -> None:
    _write(home, 'lang = "de"\n')
    game = ("value", "kreuz", "m2", "56")
    assert cli(*game, env=TERMUX).stdout.startswith("Kreuz, mit 2\n")  # the file: German
    assert cli(*game, "--lang", "en", env=TERMUX).stdout.startswith("Clubs, with 2\n")
    assert cli(*game, env={**TERMUX, "SKATCALC_LANG": "en"}).stdout.startswith("Clubs, with 2\n")
    said = json.loads(cli("config", "--json", "--lang", "en", env=TERMUX).stdout)
    assert (said["language"], said["language_from"]) == ("en", "option")
    said = json.loads(cli("config", "--json", env={**TERMUX, "SKATCALC_LANG": "en"}).stdout)
    assert (said["language"], said["language_from"]) == ("en", "environment")


def test_a_new_sheet_takes_the_files_preset_and_rules(home: Path, tmp_path: Path) -> None:
    _write(home, 'preset = "pub"\n[rules]\nbock_length = 4\nramsch_ties = "split"\n')
    sheet = tmp_path / "pub.toml"
    assert cli("sheet", "new", str(sheet), "Anna", "Ben", "Carl").code == 0
    rules = store.load(sheet).rules
    assert (rules.scoring, rules.bock, rules.bock_length, rules.ramsch_ties) == (
        "standard", True, 4, "split"
    )  # fmt: skip
    # a rule on the line beats the file's
    assert cli("sheet", "new", str(tmp_path / "b.toml"), "A", "B", "C", "--bock-length", "2").code == 0  # fmt: skip
    assert store.load(tmp_path / "b.toml").rules.bock_length == 2
    # a preset on the line is that preset as it is: the file's preset and rules set aside
    assert cli("sheet", "new", str(tmp_path / "i.toml"), "A", "B", "C", "--preset", "isko").code == 0  # fmt: skip
    isko = store.load(tmp_path / "i.toml").rules
    assert (isko.kontra, isko.bock, isko.bock_length, isko.ramsch_ties) == (False, False, 0, "all-lose")  # fmt: skip
    # the tournament's tables play the same
    done = cli("tournament", "new", str(tmp_path / "cup.toml"), "A", "B", "C")
    assert done.code == 0, done.stderr
    assert "list: standard list;" in done.stdout and "rounds of 4 deals;" in done.stdout


def test_settle_takes_the_files_stake_and_currency(home: Path) -> None:
    evening = str(EXAMPLES / "evening-four.toml")
    _write(home, 'stake = 0.05\ncurrency = "EUR"\n')
    by_file = cli("sheet", "settle", evening, "--list", "standard", "--transfers", "pairs")
    by_line = cli("sheet", "settle", evening, "--list", "standard", "--stake", "0.05", "--currency", "EUR", "--transfers", "pairs")  # fmt: skip
    assert by_file == by_line
    assert by_file.code == 0 and "\nBen pays Anna EUR30.20\n" in by_file.stdout
    # the line beats the file
    other = cli("sheet", "settle", evening, "--list", "standard", "--stake", "0.10", "--currency", "€", "--transfers", "pairs")  # fmt: skip
    assert "\nBen pays Anna €60.40\n" in other.stdout


def test_no_stake_anywhere_says_where_one_comes_from(home: Path) -> None:
    done = cli("sheet", "settle", str(EXAMPLES / "evening-four.toml"))
    assert (done.code, done.stdout) == (2, "")
    assert done.stderr == (
        "error: --stake is needed: the money a point is worth, e.g. --stake 0.05 (or stake = 0.05 "
        f"in the config file {home / 'config.toml'})\n"
    )


def test_the_standings_take_the_files_currency(home: Path, tmp_path: Path) -> None:
    _write(home, 'currency = "CHF"\n')
    cup = tmp_path / "cup.toml"
    assert cli("tournament", "new", str(cup), "A", "B", "C").code == 0
    assert cli("tournament", "draw", str(cup), "--seed", "1").code == 0
    done = cli("tournament", "standings", str(cup), "--fee", "0.50")
    assert done.code == 0 and "CHF" in done.stdout


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('lang = "de"\ncurrency = "€\n', "line 2: not valid TOML: Illegal character '\\n'"),
        (
            'currency = "€"\n\nstakes = 0.05\n',
            "line 3: unknown key 'stakes': a config file sets lang, currency, stake, preset and rules",
        ),
        (
            'lang = "fr"\n',
            "line 1: lang: unknown language 'fr': skatcalc speaks en (English) and de (Deutsch)",
        ),
        ("lang = 1\n", "line 1: lang must be a string, not 1"),
        ('preset = "club"\n', "line 1: unknown preset 'club': the presets are isko, pub"),
        (
            'currency = "Euro-Dollar"\n',
            "line 1: the currency 'Euro-Dol' must be at most 8 printable characters, e.g. € or EUR",
        ),
        ("stake = true\n", 'line 1: stake must be an amount such as 0.05 or "0,05", not true'),
        (
            "[rules]\nbock = true\nbock_lenght = 4\n",
            "line 3: unknown rule 'bock_lenght': the rules are scoring, ",
        ),
        (
            '[rules]\nbock_length = "4"\n',
            "line 2: rule 'bock_length' must be a whole number, not '4'",
        ),
        ("[rules]\n\nbock_length = 40\n", "line 3: rule bock_length is 40: it takes 0 to 16"),
        (
            "[rules]\nbockramsch = true\n",
            "line 2: rule bockramsch is true: it needs bock and ramsch on too",
        ),
        ("rules = 4\n", "line 1: rules must be a [rules] table"),
    ],
)
def test_a_broken_file_is_one_line_with_its_line_and_exit_5(home: Path, text: str, said: str) -> None:  # fmt: skip
    path = _write(home, text)
    for args in (
        ("config",),
        ("value", "grand", "--with", "1"),
        ("sheet", "new", str(home / "x.toml"), "A", "B", "C"),
    ):
        done = cli(*args, env=TERMUX)
        assert (done.code, done.stdout) == (5, ""), args
        assert done.stderr.startswith(f"error: {path}: {said}"), (args, done.stderr)
        assert done.stderr.count("\n") == 1
    assert not (home / "x.toml").exists()


def test_a_broken_file_that_asks_for_german_says_its_problem_in_german(home: Path) -> None:
    path = _write(home, 'lang = "de"\n[rules]\nbock_length = 40\n')
    for args in (("config",), ("value", "grand", "--with", "1"), ("value", "gr", "m1", "70")):
        done = cli(*args, env=TERMUX)
        assert (done.code, done.stdout) == (5, ""), args
        assert done.stderr == (
            f"Fehler: {path}: Zeile 3: die Regel bock_length ist 40: erlaubt sind 0 bis 16\n"
        ), args


def test_a_bad_stake_is_the_files_problem_when_it_is_used(home: Path) -> None:
    path = _write(home, '# stake\n\nstake = "5 ct"\n')
    done = cli("sheet", "settle", str(EXAMPLES / "evening-four.toml"))
    assert (done.code, done.stdout) == (5, "")
    assert done.stderr.startswith(f"error: {path}: line 3: stake: invalid stake '5 ct'")
    assert cli("config").code == 5
    assert cli("value", "grand", "--with", "1").code == 0  # the stake is not its business


def test_a_folder_or_a_file_that_is_not_utf8(home: Path) -> None:
    (home / "config.toml").mkdir()
    done = cli("config")
    assert (done.code, done.stderr) == (5, f"error: {home / 'config.toml'} is a directory, not a config file\n")  # fmt: skip
    (home / "config.toml").rmdir()
    (home / "config.toml").write_bytes(b'lang = "de"\ncurrency = "\xa4"\n')
    done = cli("config")
    assert (done.code, done.stderr) == (5, f"error: {home / 'config.toml'}: line 2 is not UTF-8 text\n")  # fmt: skip


def test_nothing_ever_writes_the_file(home: Path, tmp_path: Path) -> None:
    path = _write(home, FULL)
    before = (path.read_bytes(), os.stat(path).st_mtime_ns)
    sheet = tmp_path / "s.toml"
    for args in (
        ("config",), ("config", "--json"), ("sheet", "new", str(sheet), "A", "B", "C"),
        ("sheet", "add", str(sheet), "a", "gr", "m1", "70"), ("sheet", "rules", str(sheet), "--bock-length", "3"),
        ("sheet", "settle", str(sheet)), ("value", "grand", "--with", "1"),
    ):  # fmt: skip
        assert cli(*args, env=TERMUX).code == 0, args
    assert (path.read_bytes(), os.stat(path).st_mtime_ns) == before
    assert sorted(p.name for p in home.iterdir()) == ["config.toml"]  # no temp files either
    with pytest.raises(SheetFileError) as refused:
        CONFIG.render(None)  # type: ignore[arg-type]
    assert refused.value.code == "err.config.read_only"


def test_a_phone_in_english_speaks_german_by_its_config_file(home: Path) -> None:
    """The whole program as Termux starts it (LANG=en_US.UTF-8), a config file saying German."""
    _write(home, 'lang = "de"\n')
    env = {k: v for k, v in os.environ.items() if k not in ("SKATCALC_LANG", "LC_ALL", "LC_MESSAGES")}  # fmt: skip
    env["LANG"] = "en_US.UTF-8"
    done = subprocess.run(
        [sys.executable, "-m", "skatcalc", "value", "kreuz", "m2", "56"],
        capture_output=True, text=True, env=env, check=False,
    )  # fmt: skip
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.startswith("Kreuz, mit 2\n")


def test_the_guide_in_short_names_the_config_file(home: Path) -> None:
    done = cli("docs")
    assert (done.code, done.stderr) == (0, "")
    assert done.stdout.startswith(
        "skatcalc: Skat scoring by the International Skat Order (ISkO).\n"
    )
    assert f"The config file (lang, currency, stake, preset, [rules]): {home / 'config.toml'}\n" in done.stdout  # fmt: skip
    assert "\n  skatcalc docs NAME " in done.stdout  # in the package: a row of its own
