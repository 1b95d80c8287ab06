"""Fuzzing: whatever comes in, the only outcomes are a result or a documented error.

Never a traceback, never a changed file after an error.
"""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from skatcalc.cards import DECK
from skatcalc.cli.app import app
from skatcalc.errors import SheetFileError, SkatError
from skatcalc.sheet import store
from tests.sheet.test_store import GOOD

RUNNER = CliRunner()
DOCUMENTED = {0, 2, 3, 4, 5}

NUMBERS = st.one_of(st.integers(-5, 300), st.sampled_from(["x", "", "1.5", "-0"]))
CARD_TEXT = st.lists(
    st.one_of(
        st.sampled_from([str(c) for c in DECK] + [c.symbol for c in DECK]),
        st.text(max_size=4),
    ),
    max_size=13,
).map(" ".join)


@st.composite
def value_args(draw: st.DrawFn) -> list[str]:
    args = [draw(st.sampled_from(["clubs", "grand", "null", "kreuz", "S", "", "nul", "GRAND"]))]
    for option in ("--with", "--without", "--points", "--tricks", "--bid"):
        if draw(st.booleans()):
            args += [option, str(draw(NUMBERS))]
    for flag in ("--hand", "--schneider", "--schwarz", "--ouvert", "--kontra", "--re", "--json"):
        if draw(st.booleans()):
            args.append(flag)
    if draw(st.booleans()):
        args += ["--cards", draw(CARD_TEXT)]
    if draw(st.booleans()):
        args += ["--skat", draw(CARD_TEXT)]
    return args


@settings(max_examples=300, deadline=None)
@given(value_args())
def test_value_never_tracebacks(args: list[str]) -> None:
    result = RUNNER.invoke(app, ["value", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), args
    assert result.exit_code in DOCUMENTED
    if result.exit_code == 0 and "--json" in args:
        json.loads(result.stdout)
    if result.exit_code == 3:
        assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1


@settings(max_examples=150, deadline=None)
@given(st.lists(st.one_of(st.text(max_size=40), st.sampled_from([
    '{"game": "clubs", "with": 2, "points": 70}', '{"game": "null"}', "{}", "[]", "null",
    '{"game": "grand", "with": true}', '{"game": 5}',
])), max_size=8))  # fmt: skip
def test_batch_answers_every_line(lines: list[str]) -> None:
    lines = [line.replace("\n", " ").replace("\r", " ") for line in lines]
    text = "".join(line + "\n" for line in lines)
    result = RUNNER.invoke(app, ["value", "--batch"], input=text)
    assert result.exception is None or isinstance(result.exception, SystemExit)
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
        assert "line " in str(error) or "format" in str(error) or "players" in str(error)
    result = RUNNER.invoke(
        app, ["sheet", "add", str(path), "--declarer", "Ben", "grand", "--with", "1",
              "--points", "70"],
    )  # fmt: skip
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.exit_code in DOCUMENTED
    if result.exit_code != 0:
        assert path.read_bytes() == before
        assert result.stderr.startswith("error: ")
    else:
        assert sound
        assert len(store.load(path).deals) == len(store.parse(text).deals) + 1
    check = RUNNER.invoke(app, ["sheet", "check", str(path)])
    assert check.exit_code in (0, 5)


@given(st.text(max_size=30))
def test_any_card_text_is_cards_or_a_card_error(text: str) -> None:
    from skatcalc.cards import parse_cards

    try:
        cards = parse_cards(text)
    except SkatError:
        return
    assert len(set(cards)) == len(cards)
