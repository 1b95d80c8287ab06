"""Fuzzing: whatever comes in, the only outcomes are a result or a documented error.

Never a traceback, never a changed file after an error.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from skatcalc.cards import Card
from skatcalc.errors import CardError, SheetFileError
from skatcalc.games import GameType
from skatcalc.store import sheet as store
from skatcalc.value import score
from skatcalc.words import message
from tests.cli.helpers import cli
from tests.data import GOOD
from tests.strategies import games, hand_texts

pytestmark = pytest.mark.slow  # property tests through the whole command line
DOCUMENTED = {0, 2, 3, 4, 5}

SLIPS = st.sampled_from(["x", "", "1.5", "-0", "-1", "121", "11", "19", "99999", "1e3", "٣"])
"""What a value typed by hand may be instead: not a number, out of range, not a bid."""


@st.composite
def value_args(draw: st.DrawFn) -> tuple[list[str], dict[str, object] | None]:
    """The command line of ``value`` for a game the rules allow (tests/strategies.py ``games``),
    and that game; or, one time in three, the same line with a slip (a value mistyped, an
    option dropped or doubled, a contradicting or unknown option) and None."""
    game = draw(games())
    kind = game["game"]
    assert isinstance(kind, GameType)
    german = {"clubs": "kreuz", "spades": "pik", "hearts": "herz", "diamonds": "karo"}
    args = [draw(st.sampled_from([kind.value, kind.value.upper(), german.get(kind.value, "gr")]))]
    tops = "with_" if "with_" in game else "without"
    args += ["--with" if tops == "with_" else "--without", str(game[tops])]
    for flag in ("hand", "schneider", "schwarz", "ouvert", "kontra"):
        if game[flag]:
            args.append(f"--{flag}")
    args += ["--points", str(game["points"]), "--bid", str(game["bid"])]
    if game["tricks"] is not None:
        args += ["--tricks", str(game["tricks"])]
    if draw(st.booleans()):
        args.append("--json")
    if draw(st.integers(0, 2)):
        return args, game
    slip = draw(st.sampled_from(["value", "drop", "double", "contradict", "unknown"]))
    at = draw(st.sampled_from([n for n, arg in enumerate(args) if arg.startswith("--")]))
    if slip == "value" and at + 1 < len(args) and not args[at + 1].startswith("--"):
        args[at + 1] = draw(SLIPS)
    elif slip == "drop":
        del args[at : at + 2 if at + 1 < len(args) and not args[at + 1].startswith("-") else at + 1]
    elif slip == "double":
        args += [args[at], draw(SLIPS)]
    elif slip == "contradict":
        args += ["--without" if tops == "with_" else "--with", str(game[tops])]
    else:
        args.insert(at, draw(st.sampled_from(["--pionts", "--wiht", "-x", "--hand=yes"])))
    return args, None


@settings(max_examples=300, deadline=None)
@given(value_args())
def test_value_never_tracebacks(drawn: tuple[list[str], dict[str, object] | None]) -> None:
    """A game the rules allow is scored, as the library scores it; a line with a slip is scored
    or refused with one error line (ours, exit 3, or Click's usage, exit 2), never a traceback."""
    args, game = drawn
    result = cli("value", *args)
    assert result.code in DOCUMENTED
    event(f"exit {result.code}{'' if game is None else ', a game the rules allow'}")
    if game is not None:
        assert result.code == 0, (args, result.stderr)
        if "--json" in args:
            assert json.loads(result.stdout)["score"] == score(**game).score  # type: ignore[arg-type]
    elif result.code == 0 and "--json" in args:
        json.loads(result.stdout)
    if result.code == 3:
        assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1


@settings(max_examples=150, deadline=None)
@given(st.lists(st.one_of(st.text(max_size=40), st.sampled_from([
    '{"game": "clubs", "with": 2, "points": 70}', '{"game": "null"}', "{}", "[]", "null",
    '{"game": "grand", "with": true}', '{"game": 5}',
])), max_size=8))  # fmt: skip
def test_batch_answers_every_line(lines: list[str]) -> None:
    lines = [line.replace("\n", " ").replace("\r", " ") for line in lines]
    text = "".join(line + "\n" for line in lines)
    result = cli("value", "--batch", input=text)
    answers = result.stdout.split("\n")[:-1]
    assert len(answers) == text.count("\n")
    for n, answer in enumerate(answers, 1):
        data = json.loads(answer)
        assert "score" in data or data["line"] == n


SHEET = GOOD  # a sound hand-written sheet, damaged below


@st.composite
def mutated(draw: st.DrawFn) -> str:
    text = SHEET
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["cut", "insert", "delete", "replace"]))
        if kind == "cut":
            text = text[:at]
        elif kind == "insert":
            text = text[:at] + draw(st.text(max_size=6)) + text[at:]
        elif kind == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 8)) :]
        else:
            text = (
                text[:at]
                + draw(st.sampled_from(["1", "true", '"x"', "=", "[", "]"]))
                + text[at + 1 :]
            )
    return text


@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(mutated())
def test_a_damaged_sheet_loads_or_is_refused_untouched(tmp_path: Path, text: str) -> None:
    path = tmp_path / "fuzz.toml"
    path.write_text(text, encoding="utf-8")
    before = path.read_bytes()
    try:
        store.parse(text)
        sound = True
    except SheetFileError as error:
        sound = False
        said = message(error)
        assert "line " in said or "format" in said or "players" in said
    result = cli("sheet", "add", str(path), "--declarer", "Ben", "grand", "--with", "1",
              "--points", "70",
    )  # fmt: skip
    assert result.code in DOCUMENTED
    if result.code != 0:
        assert path.read_bytes() == before
        assert result.stderr.startswith("error: ")
    else:
        assert sound
        assert len(store.load(path).deals) == len(store.parse(text).deals) + 1
    check = cli("sheet", "check", str(path))
    assert check.code in (0, 5)


@given(hand_texts())
def test_any_card_text_is_cards_or_a_card_error(drawn: tuple[str, tuple[Card, ...] | None]) -> None:
    """Cards as players write them, separated by spaces or commas, whole or with slips: the
    cards written (when whole), never one twice, or one error that says why."""
    from skatcalc.cards import parse_cards

    text, written = drawn
    try:
        cards = parse_cards(text)
    except CardError as error:
        assert written is None, text
        assert error.code in ("err.card.invalid", "err.card.ambiguous", "err.card.twice")
        event(f"refused: {error.code}")
        return
    event("cards")
    assert len(set(cards)) == len(cards)
    assert written in (None, cards)


# --- argv and stdin as bytes, through the real entry point (issue 12) -----------------------


def call_main(args: list[bytes], stdin: bytes, folder: Path) -> tuple[int, str, str]:
    """Run ``skatcalc`` in-process as the shell would: argv and stdin are bytes."""
    import io
    import os
    import sys

    import pytest

    from skatcalc import cli, words

    out, err = io.BytesIO(), io.BytesIO()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(cli, "_signals", lambda: None)  # the test process keeps its handlers
        patch.chdir(folder)
        patch.setattr(sys, "argv", ["skatcalc", *(os.fsdecode(arg) for arg in args)])
        patch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
        patch.setattr(sys, "stdout", io.TextIOWrapper(out, encoding="utf-8", write_through=True))
        patch.setattr(sys, "stderr", io.TextIOWrapper(err, encoding="utf-8", write_through=True))
        try:
            cli.main()
        except SystemExit as done:
            code = done.code
        words.use("en")
        said, complained = out.getvalue().decode(), err.getvalue().decode()
    assert isinstance(code, int)
    return code, said, complained


WORDS = [
    b"value", b"sheet", b"bid", b"add", b"show", b"export", b"settle", b"ramsch", b"rules",
    b"check", b"stats", b"new", b"pass", b"undo", b"edit", b"clubs", b"grand", b"null",
    b"--with", b"--points", b"--tricks", b"--cards", b"--skat", b"--stake", b"--format",
    b"--list", b"--pushes", b"--bock-length", b"--preset", b"-o", b"--json", b"--batch",
    b"--lang", b"de", b"--declarer", b"Anna", b"Anna=60", b"Ben=40", b"Carl=20", b"1", b"70",
    b"20000", b"1e5000", b"-", b"csv", b"\xff", b"\xed\xa0\x80", b"\x1b[31m", b"A=\xc2\xb2",
    b"SHEET", b"SHEET", b"SHEET",
]  # fmt: skip
ARGV = st.lists(st.one_of(st.sampled_from(WORDS), st.binary(max_size=8)), max_size=10)
PUB_SHEET = SHEET.replace("[rules]\n", "[rules]\nramsch = true\nschieberamsch = true\n")


@settings(max_examples=250, deadline=None)
@given(ARGV, st.binary(max_size=200))
def test_argv_and_stdin_as_bytes_give_a_result_or_one_error(
    args: list[bytes], stdin: bytes
) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        sheet = Path(folder) / "evening.toml"
        sheet.write_text(PUB_SHEET, encoding="utf-8")
        args = [str(sheet).encode() if arg == b"SHEET" else arg for arg in args]
        code, _out, err = call_main(args, stdin, Path(folder))
        changed = sheet.read_bytes() != PUB_SHEET.encode()
    assert code in DOCUMENTED, (code, err)
    assert "Traceback" not in err
    assert "\x1b" not in err and "\r" not in err  # no terminal controls, whoever wrote it
    if code != 0:
        assert not changed, err
        if code == 2 and (err.startswith(("Usage: ", "Error: ", "Aufruf: ", "Fehler: "))):
            # Click's usage errors, in English or German (cli/usage.py)
            assert any(
                err.startswith(mark) or f"\n{mark}" in err
                for mark in ("Error: ", "Fehler: ", "Options:\n", "Optionen:\n")
            ), err
        else:
            assert err.endswith("\n") and err.splitlines()[-1].startswith("error: "), err


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.binary(max_size=60), st.sampled_from([
    b'{"game": "clubs", "with": 2, "points": 70}', b"\xff\xfe", b"\xed\xa0\x80", b"[" * 600,
    b'{"game": "null", "tricks": 0}', b"\xef\xbb\xbf{}", b"1" * 5000,
])), max_size=8))  # fmt: skip
def test_batch_stdin_as_bytes_answers_every_line(lines: list[bytes]) -> None:
    import tempfile

    stdin = b"".join(line.replace(b"\n", b" ") + b"\n" for line in lines)
    with tempfile.TemporaryDirectory() as folder:
        code, out, err = call_main([b"value", b"--batch"], stdin, Path(folder))
    answers = out.split("\n")[:-1]
    assert len(answers) == len(lines)
    failed = 0
    for n, answer in enumerate(answers, 1):
        data = json.loads(answer)
        assert "score" in data or data["line"] == n
        failed += "score" not in data
    assert code == (3 if failed else 0)
    assert err == ("" if not failed else f"error: {failed} line{'s' if failed > 1 else ''} could "
                   'not be scored; each has {"line": N, "error": ...} in the output\n')  # fmt: skip
