"""Helpers for CLI tests: run skatcalc in-process and see exit code, stdout and stderr."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from typer.testing import CliRunner

from skatcalc.cli.app import app

Run = Callable[..., "Outcome"]


class Outcome:
    """What a command did: exit code, stdout, stderr."""

    def __init__(self, code: int, stdout: str, stderr: str) -> None:
        self.code = code
        self.stdout = stdout
        self.stderr = stderr

    def __repr__(self) -> str:
        return f"Outcome({self.code}, {self.stdout!r}, {self.stderr!r})"


@pytest.fixture
def run() -> Run:
    runner = CliRunner()

    def invoke(*args: str, input: str | None = None) -> Outcome:
        result = runner.invoke(app, list(args), input=input)
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception
        return Outcome(result.exit_code, result.stdout, result.stderr)

    return invoke
