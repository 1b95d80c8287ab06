"""Click's and Typer's own usage errors speak the language in use (skatcalc/cli/usage.py).

Each kind of usage error, in English exactly as Click and Typer word it (scripts and people
who know the text keep it), and in German as skatcalc words it: the usage line, the hint to
``--help``, the error, exit 2 (docs/exit-codes.md). German output holds no English word but
the option names and the values the user typed.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import pytest
import typer

from skatcalc.cli.kinds import UsageError, declare, usage_error
from skatcalc.cli.lazy import note_refused
from skatcalc.cli.usage import message
from skatcalc.words import de, en
from tests.cli.helpers import cli

CONVERTS_WITH_PYDANTIC = tuple(map(int, typer.__version__.split(".")[:2])) >= (0, 29)
"""Typer 0.29 converts a value with pydantic, and words a refused one its own way."""

SHOW_EN = (
    "Usage: skatcalc sheet show [OPTIONS] {FILE}\nTry 'skatcalc sheet show --help' for help.\n\n"
)
SHOW_DE = "Aufruf: skatcalc sheet show [OPTIONEN] {DATEI}\nHilfe: 'skatcalc sheet show --help'.\n\n"
VALUE_EN = "Usage: skatcalc value [OPTIONS] [WORDS...]\nTry 'skatcalc value --help' for help.\n\n"
VALUE_DE = "Aufruf: skatcalc value [OPTIONEN] [WÖRTER...]\nHilfe: 'skatcalc value --help'.\n\n"
SHEET_EN = (
    "Usage: skatcalc sheet [OPTIONS] COMMAND [ARGS]...\nTry 'skatcalc sheet --help' for help.\n\n"
)
SHEET_DE = (
    "Aufruf: skatcalc sheet [OPTIONEN] BEFEHL [ARGUMENTE]...\nHilfe: 'skatcalc sheet --help'.\n\n"
)
ROOT_EN = "Usage: skatcalc [OPTIONS] COMMAND [ARGS]...\nTry 'skatcalc --help' for help.\n\n"
ROOT_DE = "Aufruf: skatcalc [OPTIONEN] BEFEHL [ARGUMENTE]...\nHilfe: 'skatcalc --help'.\n\n"

CASES = {
    # kind: (command line, English stderr, German stderr); S is a sheet
    "a number out of its range": (
        "sheet show S --last 0",
        SHOW_EN + "Error: Invalid value for '--last': 0 is not in the range x>=1.\n",
        SHOW_DE + "Fehler: Ungültiger Wert für '--last': 0 liegt nicht im Bereich x>=1.\n",
    ),
    "a range given no number": (
        "sheet show S --last x",
        SHOW_EN + "Error: Invalid value for '--last': 'x' is not a valid int range.\n",
        SHOW_DE + "Fehler: Ungültiger Wert für '--last': 'x' ist keine ganze Zahl.\n",
    ),
    "a number that is not a number": (
        "value clubs --with two",
        VALUE_EN + "Error: Invalid value for '--with': 'two' is not a valid int.\n",
        VALUE_DE + "Fehler: Ungültiger Wert für '--with': 'two' ist keine ganze Zahl.\n",
    ),
    "a missing argument": (
        "sheet new",
        "Usage: skatcalc sheet new [OPTIONS] {FILE} {PLAYER...}\n"
        "Try 'skatcalc sheet new --help' for help.\n\nError: Missing argument 'FILE'.\n",
        "Aufruf: skatcalc sheet new [OPTIONEN] {DATEI} {SPIELER...}\n"
        "Hilfe: 'skatcalc sheet new --help'.\n\nFehler: Argument 'DATEI' fehlt.\n",
    ),
    "a missing option": (
        "bid",
        "Usage: skatcalc bid [OPTIONS]\nTry 'skatcalc bid --help' for help.\n\n"
        "Error: Missing option '--cards'.\n",
        "Aufruf: skatcalc bid [OPTIONEN]\nHilfe: 'skatcalc bid --help'.\n\n"
        "Fehler: Option '--cards' fehlt.\n",
    ),
    "an unknown option, with the likely ones": (
        "value clubs --wiht 2",
        VALUE_EN + "Error: No such option: --wiht (Possible options: --with, --without)\n",
        VALUE_DE + "Fehler: Unbekannte Option: --wiht (gemeint vielleicht: --with, --without)\n",
    ),
    "an unknown option": (
        "sheet show S --zzz",
        SHOW_EN + "Error: No such option: --zzz\n",
        SHOW_DE + "Fehler: Unbekannte Option: --zzz\n",
    ),
    "an unknown option of the root": (
        "--zzz",
        ROOT_EN + "Error: No such option: --zzz\n",
        ROOT_DE + "Fehler: Unbekannte Option: --zzz\n",
    ),
    "an option without its value": (  # Click's parser knows no command here: no usage line
        "value clubs --points",
        "Error: Option '--points' requires an argument.\n",
        "Fehler: Option '--points' verlangt einen Wert.\n",
    ),
    "a flag given a value": (
        "value clubs --hand=x",
        "Error: Option '--hand' does not take a value.\n",
        "Fehler: Option '--hand' nimmt keinen Wert.\n",
    ),
    "an extra argument": (
        "sheet show S extra more",
        SHOW_EN + "Error: Got unexpected extra argument(s) (extra more)\n",
        SHOW_DE + "Fehler: Überzählige Argumente (extra more)\n",
    ),
    "an unknown command": (
        "sheet bogus",
        SHEET_EN + "Error: No such command 'bogus'.\n",
        SHEET_DE + "Fehler: Unbekannter Befehl 'bogus'.\n",
    ),
    "an unknown command, with the likely one": (
        "sheet shwo",
        SHEET_EN + "Error: No such command 'shwo'. Did you mean 'show'?\n",
        SHEET_DE + "Fehler: Unbekannter Befehl 'shwo'. Gemeint vielleicht: 'show'?\n",
    ),
    "a missing command": (
        "",
        ROOT_EN + "Error: Missing command.\n",
        ROOT_DE + "Fehler: Befehl fehlt.\n",
    ),
}


@pytest.fixture
def sheet(tmp_path: Path) -> str:
    path = tmp_path / "abend.toml"
    assert cli("sheet", "new", str(path), "Anna", "Ben", "Carl").code == 0
    return str(path)


def _line(text: str, sheet: str) -> list[str]:
    return [sheet if arg == "S" else arg for arg in text.split()]


@pytest.mark.parametrize("kind", CASES)
def test_english_stays_as_click_words_it(kind: str, sheet: str) -> None:
    line, english, _ = CASES[kind]
    done = cli("--lang", "en", *_line(line, sheet))
    assert (done.code, done.stdout, done.stderr) == (2, "", english)


@pytest.mark.parametrize("kind", CASES)
def test_german_says_it_in_german(kind: str, sheet: str) -> None:
    line, _, german = CASES[kind]
    done = cli("--lang", "de", *_line(line, sheet))
    assert (done.code, done.stdout, done.stderr) == (2, "", german)
    assert not _english(german), _english(german)


def _words(text: str) -> set[str]:
    text = re.sub(r"\{[^}]*\}", " ", text)  # a placeholder of the tables: no word
    return {word.casefold() for word in re.findall(r"[^\W\d_]{2,}", text)}


ENGLISH = set().union(
    *(_words(text) for key, text in en.WORDS.items() if key.startswith(("usage.", "help.frame.")))
) - set().union(
    *(_words(text) for key, text in de.WORDS.items() if key.startswith(("usage.", "help.frame.")))
)
"""The words Click and Typer write around a usage error in English, and German does not."""


def _english(said: str) -> set[str]:
    """English words in ``said``, but for option names, quoted values the user typed, and the
    command line quoted in the hint."""
    typed = re.sub(r"'[^']*'|--?[\w-]+|\(extra more\)|skatcalc(?: [a-z]+)*", " ", said)
    return _words(typed) & ENGLISH


def test_the_english_words_are_known_to_the_check() -> None:
    # the check above can fail: these are words it finds
    assert {"usage", "error", "invalid", "missing", "command", "try", "such"} <= ENGLISH
    assert _english(CASES["a missing command"][1]) == {"usage", "try", "for", "error",
                                                       "missing", "command", "help", "options",
                                                       "args"}  # fmt: skip


def test_the_language_may_stand_after_the_error() -> None:
    # Click stops at --bogus before it reads --lang: the error still speaks German
    done = cli("value", "clubs", "--bogus", "--lang", "de")
    assert done.code == 2
    assert done.stderr == VALUE_DE + "Fehler: Unbekannte Option: --bogus (gemeint vielleicht: --bock)\n"  # fmt: skip


MAIN = "import sys; sys.argv[0] = 'skatcalc'; from skatcalc.cli import main; main()"
"""skatcalc as its console script runs it, named ``skatcalc`` in the usage line."""


def test_the_language_of_the_environment_speaks_too(tmp_path: Path) -> None:
    # the whole program, as a user runs it: SKATCALC_LANG=de and no --lang
    sheet = tmp_path / "abend.toml"
    assert cli("sheet", "new", str(sheet), "Anna", "Ben", "Carl").code == 0
    done = subprocess.run(
        [sys.executable, "-c", MAIN, "sheet", "show", str(sheet), "--last", "0"],
        capture_output=True, text=True, check=False,
        env={**os.environ, "SKATCALC_LANG": "de"},
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == (
        SHOW_DE + "Fehler: Ungültiger Wert für '--last': 0 liegt nicht im Bereich x>=1.\n"
    )


def test_an_option_typed_with_a_terminal_escape_is_shown_escaped() -> None:
    done = cli("--lang", "de", "value", "clubs", "--\x1b[2Jx")
    assert done.code == 2
    assert done.stderr.endswith("Fehler: Unbekannte Option: --\\x1b[2Jx\n")


# --- the types no skatcalc option uses yet: a choice, a float -----------------------------------


class Colour(StrEnum):
    red = "red"
    blue = "blue"


def _refused(*args: str) -> Any:
    small = typer.Typer()

    @small.command()
    def one(
        file: Annotated[str, typer.Argument(metavar="FILE")],
        colour: Annotated[Colour, typer.Option()] = Colour.red,
        share: Annotated[float, typer.Option()] = 0.0,
    ) -> None:
        """One command."""

    command = typer.main.get_command(small)
    note_refused(command)
    declare(command, one)  # as skatcalc builds each command (cli/lazy.py)
    with pytest.raises(UsageError) as caught:
        command.make_context("one", list(args))
    return caught.value


@pytest.mark.parametrize(
    ("args", "in_english", "in_german"),
    [
        (["/", "--colour", "green"],
         "Invalid value for '--colour': 'green' is not one of 'red', 'blue'.",
         "Ungültiger Wert für '--colour': 'green' ist keiner der Werte 'red', 'blue'."),
        (["/", "--share", "half"],
         "Invalid value for '--share': 'half' is not a valid float.",
         "Ungültiger Wert für '--share': 'half' ist keine Zahl."),
    ],
)  # fmt: skip
def test_choices_and_floats_are_worded_too(
    args: list[str], in_english: str, in_german: str
) -> None:
    from skatcalc.words import use

    error = _refused(*args)
    assert message(error) == in_english
    if not CONVERTS_WITH_PYDANTIC:  # Typer 0.29 words it its own way; skatcalc keeps Click's
        assert error.format_message() == in_english  # Click's own words, the same
    use("de")
    assert message(error) == in_german


def test_an_error_of_a_callback_keeps_its_own_words() -> None:
    # a BadParameter a callback raises says its own sentence: there are no words for it here
    error = typer.BadParameter("only Deadpool")
    assert message(error) is None


def test_an_error_without_words_keeps_clicks_own(capsys: pytest.CaptureFixture[str]) -> None:
    # the fallback: an error none of the words fit is shown as Click shows it, exit 2 kept
    from skatcalc.cli.usage import Worded
    from skatcalc.words import speaking

    strange = usage_error("BadOptionUsage")("--x", "Option '--x' may not be given twice.")
    shown = Worded(strange)
    with speaking("de"):
        assert message(strange) is None
        assert shown.exit_code == 2
        shown.show()
    assert capsys.readouterr().err == "Error: Option '--x' may not be given twice.\n"


def test_an_option_of_two_values_given_one() -> None:
    # --fee-from N AMOUNT (nargs=2): Click's sentence, in words
    from skatcalc.words import speaking

    short = usage_error("BadOptionUsage")("--fee-from", "Option '--fee-from' requires 2 arguments.")
    assert message(short) == "Option '--fee-from' requires 2 arguments."
    with speaking("de"):
        assert message(short) == "Option '--fee-from' verlangt 2 Werte."


def test_a_call_without_a_usage_error_does_not_load_the_words_of_one() -> None:
    # start-up (bench/startup.py): skatcalc.cli.usage is imported only when an error is shown
    probe = (
        "import sys; sys.argv = ['skatcalc', 'value', 'clubs', '--with', '2', '--points', '56']\n"
        "from skatcalc.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('skatcalc.cli.usage' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines()[-1] == "False"


def test_no_command_looks_at_a_file_while_the_line_is_parsed() -> None:
    """Click's ``Path`` type stats a file and may refuse it (exit 2, its own sentence) before the
    store sees it; every path skatcalc takes is a plain ``Path``, so the store alone reads it and
    says why it cannot (exit 5), the same for every command (tests/test_layers.py: no file I/O
    outside the store)."""
    from skatcalc.cli.app import command as root

    found: list[str] = []

    def walk(command: Any, path: list[str]) -> None:
        for param in command.params:
            kind = type(getattr(param, "type", None))  # Click's Path type, by its name
            if any(k.__name__ in ("Path", "TyperPath") for k in kind.__mro__):
                found.append(f"{' '.join(path)} {param.name}")
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, [*path, name])

    walk(root(), ["skatcalc"])
    assert found == []
