"""Each answer is made in one place, and every path asks it (issue 28): ``value``'s answer
(:func:`skatcalc.cli.quick.scored` and :func:`~skatcalc.cli.quick.answer`), the start of
``value --batch`` (:func:`~skatcalc.cli.quick.batch`) and the language's precedence
(:func:`skatcalc.cli.language.chosen_language`), on the quick path without Typer and through
Typer alike. A second copy on either path stops calling the one, and fails here; a copy of the
language's order anywhere else is found by reading the package's code."""

from __future__ import annotations

import ast
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from skatcalc import cli as skatcalc_cli
from skatcalc.cli import language, quick
from tests.cli.helpers import cli

PACKAGE = Path(__file__).resolve().parents[2] / "skatcalc"


class Calls:
    """The calls of the functions it watches, by name, each passed on to the real one."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, module: object, *names: str) -> None:
        self.made: list[str] = []
        for name in names:
            monkeypatch.setattr(module, name, self._watched(name, getattr(module, name)))

    def _watched(self, name: str, real: Callable[..., Any]) -> Callable[..., Any]:
        def watched(*args: Any, **kwargs: Any) -> Any:
            self.made.append(name)
            return real(*args, **kwargs)

        return watched

    def take(self) -> list[str]:
        made, self.made = self.made, []
        return made


def _through_main(monkeypatch: pytest.MonkeyPatch, *args: str) -> int:
    """``skatcalc ARGS`` as :func:`skatcalc.cli.main` runs it (the quick paths first)."""
    argv = ["skatcalc", *args]
    monkeypatch.setattr(sys, "argv", argv)
    try:
        return skatcalc_cli._run(argv)
    except SystemExit as done:
        return done.code if isinstance(done.code, int) else 1


def test_a_value_answer_is_scored_and_written_by_the_one_place_on_both_paths(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    calls = Calls(monkeypatch, quick, "scored", "answer")
    for line in (["kr", "m2", "56"], ["grand", "--with", "1", "--points", "70", "--json"]):
        assert quick.value(line) == 0  # the quick path
        quickly = calls.take(), capsys.readouterr().out
        typed = cli("value", *line)  # through Typer
        assert (calls.take(), typed.stdout) == quickly == (["scored", "answer"], quickly[1])
    assert cli("value", "kr", "m12", "56").code != 0  # refused: scored, not answered
    assert calls.take() == ["scored"]


def test_a_batch_starts_in_the_one_place_on_both_paths(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    started: list[str] = []
    monkeypatch.setattr(quick, "batch", lambda: started.append("batch") or 0)
    assert _through_main(monkeypatch, "value", "--batch") == 0  # the exact call: no Typer
    assert started == ["batch"]
    assert cli("--lang", "en", "value", "--batch").code == 0  # through Typer
    assert started == ["batch", "batch"]


def test_the_language_is_chosen_in_the_one_place_on_every_path(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    calls = Calls(monkeypatch, language, "chosen_language")
    assert quick.value(["kr", "m2", "56"]) == 0  # the quick path
    assert calls.take()
    assert cli("value", "kr", "m2", "56", "--lang", "de").stdout.startswith("Kreuz")  # the root
    assert calls.take()
    assert cli("config").code == 0  # where the language comes from
    assert calls.take()
    assert _through_main(monkeypatch, "value", "\udcff") == 2  # said before Typer runs
    assert calls.take()
    assert _through_main(monkeypatch, "value", "kr", "m2", "56", "--lang", "en") == 0  # full
    assert calls.take()


def _code_strings(tree: ast.AST) -> set[str]:
    """The string constants of a module's code (its docstrings left out)."""
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }
    return {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
        and id(node) not in docstrings
    }  # fmt: skip


def _called(tree: ast.AST) -> set[str]:
    return {
        node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
    }


def test_only_the_one_place_reads_where_the_language_comes_from() -> None:
    """The language's variables (SKATCALC_LANG and the locale's) and ``--lang`` on the line are
    read in skatcalc/cli/language.py alone: anywhere else, a second copy of the order."""
    sources = ("SKATCALC_LANG", "LC_ALL", "LC_MESSAGES", "LANG")
    readers: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        name = path.relative_to(PACKAGE.parent).as_posix()
        for source in set(sources) & _code_strings(tree):
            readers.setdefault(source, set()).add(name)
        if "given_language" in _called(tree):
            readers.setdefault("--lang", set()).add(name)
    assert readers == {name: {"skatcalc/cli/language.py"} for name in (*sources, "--lang")}
