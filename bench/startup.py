"""Start-up cost of `skatcalc value`, side by side with its floors, in one run.

Runs each command N times, interleaved (so machine noise hits all alike), and prints the median
wall time of each and the ratios. The commands:

- ``python -c pass``: the interpreter alone;
- ``python bench/bare_typer.py``: a bare one-command Typer app, the framework's floor;
- ``skatcalc value clubs --with 2 --hand --points 56 --bid 20``: a plain value call.

Run it in the environment where skatcalc is installed (``pip install .``, not ``-e``, so the
bytecode is compiled as a user's would be):

    python bench/startup.py            # 40 rounds
    python bench/startup.py 100        # more rounds
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from timing import interleaved

HERE = Path(__file__).resolve().parent


def commands() -> dict[str, list[str]]:
    python = sys.executable
    skatcalc = shutil.which("skatcalc", path=str(Path(python).parent)) or "skatcalc"
    game = ["value", "clubs", "--with", "2", "--hand", "--points", "56", "--bid", "20"]
    return {
        "python -c pass": [python, "-c", "pass"],
        "bare Typer app": [python, str(HERE / "bare_typer.py")],
        "skatcalc value": [skatcalc, *game],
    }


def measure(rounds: int) -> dict[str, float]:
    return interleaved(commands(), rounds, {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    medians = measure(rounds)
    bare = medians["bare Typer app"]
    print(f"start-up, median of {rounds} interleaved runs")
    for name, ms in medians.items():
        print(f"  {name:<16} {ms:7.1f} ms   {ms / bare:5.2f}x the bare Typer app")
    ratio = medians["skatcalc value"] / bare
    verdict = "within" if ratio <= 1.25 else "OVER"
    print(f"skatcalc value / bare Typer app = {ratio:.2f} ({verdict} the 1.25 target)")


if __name__ == "__main__":
    main()
