"""A skatcalc command run in a fresh interpreter, and the modules it imported: for the tests
that hold a path to what it may import (a plain call that starts without Typer)."""

from __future__ import annotations

import ast
import subprocess
import sys

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
