"""The suite runs as a user runs it (issue 30): CI without the variables that hide buffering,
every property test without a wall-clock deadline, every pseudo-terminal read as a screen."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"


def _tests() -> list[tuple[Path, ast.Module]]:
    return [(path, ast.parse(path.read_text(encoding="utf-8"))) for path in TESTS.rglob("*.py")]


def test_property_tests_have_no_deadline() -> None:
    assert settings().deadline is None  # the project's profile, tests/conftest.py
    given = [
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for path, tree in _tests()
        for node in ast.walk(tree)
        if isinstance(node, ast.keyword) and node.arg == "deadline"
        if not (isinstance(node.value, ast.Constant) and node.value.value is None)
    ]
    assert given == []


def test_only_the_terminal_helper_reads_a_pseudo_terminal() -> None:
    """pexpect's reads are the byte stream; tests/terminal.py feeds it to a screen (pyte) and
    every test asks that screen."""
    importing = [
        str(path.relative_to(ROOT))
        for path, tree in _tests()
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        if "pexpect" in [alias.name for alias in node.names] + [getattr(node, "module", None)]
    ]
    assert importing == ["tests/terminal.py"]


def test_ci_runs_without_the_variables_a_user_has_not() -> None:
    script = ROOT / ".ci" / "run"
    if not script.is_file():
        pytest.skip("no .ci/run here (an unpacked sdist)")
    text = script.read_text(encoding="utf-8")
    unset = re.search(r"^unset PYTHONUNBUFFERED PYTHONDONTWRITEBYTECODE$", text, re.MULTILINE)
    first_test = re.search(r"^[^#\n]*pytest", text, re.MULTILINE)
    assert unset is not None and first_test is not None
    assert unset.start() < first_test.start()
