"""Probes of what a skatcalc command does, for the tests of its quick paths and kept parts:
the modules it imports (run in a fresh interpreter), its answer as the command gives it (run
in the process), the sheets it reads whole."""

from __future__ import annotations

import ast
import subprocess
import sys
from typing import Any

import pytest

_PROBE = """
import sys
sys.argv = ["skatcalc", *sys.argv[1:]]
from skatcalc.cli import main
try:
    main()
except SystemExit:
    pass
print(sorted(m for m in sys.modules if m.split(".")[0] in ("typer", "click")))
"""


def typer_imported(*args: str) -> tuple[str, list[str]]:
    """``skatcalc ARGS`` run in a fresh interpreter: what it wrote on stdout, and the Typer and
    Click modules it imported."""
    out = subprocess.run(
        [sys.executable, "-c", _PROBE, *args], capture_output=True, text=True, check=True
    ).stdout
    said, _, last = out.rstrip("\n").rpartition("\n")
    return said, ast.literal_eval(last)  # the sorted list of names the probe printed


def as_command(
    args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> tuple[int, str, str]:
    """``skatcalc ARGS`` through skatcalc.cli's run in this process, as the command runs it
    (the quick paths first): its exit code, stdout and stderr."""
    from skatcalc import cli

    line = ["skatcalc", *args]
    monkeypatch.setattr(sys, "argv", line)
    try:
        code: Any = cli._run(line)
    except SystemExit as done:
        code = done.code
    said = capsys.readouterr()
    return code, said.out, said.err


class Read:
    """SHEET.parse (through the cache's module), counting the sheets read whole."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        from dataclasses import replace

        from skatcalc.sheet.model import Sheet
        from skatcalc.store import stats_cache

        self.count = 0
        codec = stats_cache.SHEET

        def parse(text: str) -> Sheet:
            self.count += 1
            return codec.parse(text)

        monkeypatch.setattr(stats_cache, "SHEET", replace(codec, parse=parse))
