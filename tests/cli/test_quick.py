"""A plain ``value`` call answered without Typer (skatcalc/cli/quick.py) answers exactly as the
Typer command does: the same generated command lines run both ways give the same stdout,
stderr and exit code, and everything the quick path does not read is left to Typer."""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

import pytest

from skatcalc import cli
from skatcalc.cli import quick
from skatcalc.cli.app import command
from skatcalc.notation import vocabulary
from skatcalc.spec import GAME_OPTIONS, SCORING_RULES

GAMES = ["kr", "pi", "he", "ka", "gr", "nu", "clubs", "grand", "null", "eichel", "♣", "karo"]
# value's options, from their tables: a new one is compared both ways the day it is written
TABLES = (*GAME_OPTIONS, *SCORING_RULES)
OWN = ["--bock", "--json"]  # value's own switches, beside the tables
OPTIONS_INT = [o.flag for o in TABLES if o.kind is int]
OPTIONS_STR = [o.flag for o in TABLES if o.kind is str]
OPTIONS_FLAG = [*(o.flag for o in TABLES if o.kind is bool), *OWN]
ODD = ["--lang", "de", "--help", "--batch", "--", "-5", "--foo", "--hand=1", "--with=", "-h", "x"]
CARDS = ["CJ SJ HJ DJ CA CT SA ST HA HT", "CJ SJ", "DJ", "C7 C8", "", "QQ"]


def test_the_lines_draw_every_option_value_takes() -> None:
    """Every option of the Typer command is drawn (or among the ODD ones Typer answers): an
    option the command takes and this test does not draw fails here."""
    value = command().commands["value"]
    taken = {flag for param in value.params for flag in param.opts if flag.startswith("--")}
    drawn = {*OPTIONS_INT, *OPTIONS_STR, *OPTIONS_FLAG, *(a for a in ODD if a.startswith("--"))}
    assert taken - drawn == set()
    assert len(OPTIONS_INT + OPTIONS_STR + OPTIONS_FLAG) == len(TABLES) + len(OWN)


def _word(rng: random.Random) -> str:
    r = rng.random()
    if r < 0.25:
        return rng.choice(["m1", "m2", "m3", "m4", "o1", "o2", "o4", "m11", "mit", "2"])
    if r < 0.45:
        return str(rng.choice([0, 30, 31, 56, 59, 60, 61, 70, 90, 95, 120, 121]))
    if r < 0.55:
        return rng.choice(["b18", "b20", "b46", "b48", "b19", "b264"])
    if r < 0.75:
        return rng.choice(
            ["h", "hand", "sn", "sw", "ov", "ko", "re", "bock", "won", "lost", "t0", "t3"]
        )
    return rng.choice(vocabulary())


def _option(rng: random.Random) -> list[str]:
    r = rng.random()
    if r < 0.45:
        flag = rng.choice(OPTIONS_INT)
        number = str(rng.choice([0, 1, 2, 4, 11, 12, 18, 20, 24, 36, 56, 61, 95, 120, 200]))
        number = rng.choice([number, number, number, "-2", "x", "02", " 3", "٣"])
        return [f"{flag}={number}"] if rng.random() < 0.3 else [flag, number]
    if r < 0.55:
        return [rng.choice(OPTIONS_STR), rng.choice(CARDS)]
    if r < 0.9:
        return [rng.choice(OPTIONS_FLAG)]
    return [rng.choice(ODD)]


def _plain(rng: random.Random) -> list[str]:
    """A game as players type it, now and then with an option instead of a word."""
    game = rng.choice(GAMES)
    if game in ("nu", "null"):
        words = [game, rng.choice(["t0", "t1", "--tricks=0"]), *rng.choice([[], ["h"], ["ov"]])]
    else:
        top = rng.choice(["m1", "m2", "o1", "o3", "--with 1", "--without=2"])
        points = rng.choice(["56", "61", "90", "30", "--points 70", "120"])
        words = [game, *top.split(), *points.split()]
    words += rng.choice([[], ["h"], ["b20"], ["--hand"], ["--bid", "18"], ["--json"], ["--bock"],
                         ["--kontra"], ["ko"], ["--grand-base", "20"], ["--lost-hand-single"],
                         ["--grand-ouvert-base", "36"], ["ov", "h"]])  # fmt: skip
    return words


def _line(rng: random.Random) -> list[str]:
    if rng.random() < 0.5:
        return _plain(rng)
    words = [rng.choice(GAMES)] if rng.random() < 0.9 else []
    words += [_word(rng) for _ in range(rng.randint(0, 4))]
    for _ in range(rng.randint(0, 3)):
        words[rng.randint(0, len(words)) : 0] = _option(rng)
    return words


def _answer(
    args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "argv", ["skatcalc", "value", *args])
    try:
        code: Any = cli._run(["skatcalc", "value", *args])
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    said = capsys.readouterr()
    return code, said.out, said.err


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "de"])
def test_a_plain_value_call_answers_as_the_typer_command_answers(
    language: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SKATCALC_LANG", language)
    rng = random.Random(language)
    answered = 0
    real = quick.value
    for _ in range(300):
        args = _line(rng)
        quick_answer = real(args)
        fast = (quick_answer, *capsys.readouterr()) if quick_answer is not None else None
        monkeypatch.setattr(quick, "value", lambda args: None)
        through_typer = _answer(args, capsys, monkeypatch)
        monkeypatch.setattr(quick, "value", real)
        via_main = _answer(args, capsys, monkeypatch)
        assert via_main == through_typer, args
        if fast is not None:
            answered += 1
            assert fast == through_typer, args
    assert answered >= 100  # the quick path answered many; Typer the rest


@pytest.mark.parametrize(
    "args",
    [
        ["kr", "m2", "h", "56", "b20"],
        ["clubs", "--with", "2", "--hand", "--points", "56", "--bid", "20"],
        ["gr", "--with=4", "95", "--json"],
        ["nu", "t0", "--grand-base", "20", "--bock"],
    ],
)
def test_the_usual_calls_take_the_quick_path(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert quick.value(args) == 0
    assert capsys.readouterr().out


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["--help"],
        ["kr", "m2", "56", "--lang", "de"],
        ["--batch"],
        ["kr", "m2", "56", "--with", "2", "--with", "2"],  # repeated
        ["kr", "m2", "56", "--hand", "--hand"],
        ["kr", "m1", "-5"],  # a negative number among the words
        ["kr", "--", "m2", "56"],
        ["kr", "m2", "56", "--jsn"],  # unknown
        ["kr", "m2", "56", "--bid", "x"],  # not a number
        ["kr", "m2", "56", "--bid", "٢٠"],  # a number Click reads, not ASCII digits
        ["kr", "m12", "56"],  # refused by the rules
        ["kr", "m2", "56", "won"],  # refused: the words say won, the points lost
        ["pass"],  # not a game
    ],
)
def test_anything_else_is_left_to_typer(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert quick.value(args) is None
    assert capsys.readouterr() == ("", "")


PROBE = """
import sys
sys.argv = ["skatcalc", "value", "kr", "m2", "h", "56", "b20"]
from skatcalc.cli import main
try:
    main()
except SystemExit:
    pass
print(sorted(m for m in sys.modules if m.split(".")[0] in ("typer", "click", "dataclasses")))
"""


def test_a_plain_value_call_imports_no_typer() -> None:
    out = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=True
    ).stdout
    assert out.splitlines()[0] == "Clubs hand, with 2"
    assert out.splitlines()[-1] == "[]"


@pytest.mark.parametrize("config", ['lang = "de"\n', 'lang = "en"\n', "lang = [\n"])
def test_the_config_files_language_is_spoken_both_ways(
    config: str, tmp_path: Any, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The config file's language (which beats the locale), or its one error line when it is
    broken, as the root group says it."""
    folder = tmp_path / "skatcalc"
    folder.mkdir()
    (folder / "config.toml").write_text(config)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    monkeypatch.delenv("SKATCALC_LANG")
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    real = quick.value
    for args in (["kr", "m2", "56"], ["grand", "--with", "1", "--points", "70", "--json"]):
        quick_way = _answer(args, capsys, monkeypatch)
        monkeypatch.setattr(quick, "value", lambda args: None)
        assert _answer(args, capsys, monkeypatch) == quick_way
        monkeypatch.setattr(quick, "value", real)
    if config == 'lang = "de"\n':
        assert quick_way[1].startswith('{"game": "grand"')
        assert _answer(["kr", "m2", "56"], capsys, monkeypatch)[1].startswith("Kreuz, mit 2\n")
