"""Helpers for CLI tests: run skatcalc in-process and see exit code, stdout and stderr."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from skatcalc.cli.app import app
from tests.cli.helpers import Outcome, Run


@pytest.fixture
def run() -> Run:
    runner = CliRunner()

    def invoke(*args: str, input: str | None = None) -> Outcome:
        result = runner.invoke(app, list(args), input=input)
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception
        return Outcome(result.exit_code, result.stdout, result.stderr)

    return invoke
