"""Two Typers side by side: the measured reason of the pin in pyproject.toml (issue 30).

Give two interpreters whose environments have skatcalc installed with different Typers (the
oldest the pin admits, and the newest, forced in with ``pip install --no-deps``); each command
runs under both, interleaved, and the ratio newer/older is printed:

- a bare one-command Typer app (bench/bare_typer.py), the framework's floor;
- ``skatcalc --help`` and ``skatcalc sheet new`` + ``sheet show`` on a new sheet: commands that
  go through Typer (a plain ``value`` call does not: cli/quick.py);
- ``python -c "import typer"``.

    python bench/typers.py OLDER_PYTHON NEWER_PYTHON [ROUNDS]

Run without ``PYTHONUNBUFFERED`` and ``PYTHONDONTWRITEBYTECODE``, as a user's shell is.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from timing import interleaved

HERE = Path(__file__).resolve().parent


def skatcalc(python: str) -> str:
    return str(Path(python).parent / "skatcalc")


def version(python: str) -> str:
    done = subprocess.run(
        [python, "-c", "import typer; print(typer.__version__)"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    return done.stdout.strip()


def main() -> None:
    older, newer = sys.argv[1:3]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 15
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("PYTHONUNBUFFERED", "PYTHONDONTWRITEBYTECODE")
    }
    with tempfile.TemporaryDirectory() as folder:
        env["SKATCALC_CACHE_DIR"] = folder
        sheet = Path(folder) / "evening.toml"
        subprocess.run([skatcalc(older), "sheet", "new", str(sheet), "Anna", "Ben", "Cleo"],
                       check=True, stdout=subprocess.DEVNULL, env=env)  # fmt: skip
        commands = {}
        sides = {"older": older, "newer": newer}
        for side, python in sides.items():
            commands[("import typer", side)] = [python, "-c", "import typer"]
            commands[("bare Typer app", side)] = [python, str(HERE / "bare_typer.py")]
            commands[("skatcalc --help", side)] = [skatcalc(python), "--help"]
            commands[("skatcalc sheet show", side)] = [
                skatcalc(python),
                "sheet",
                "show",
                str(sheet),
            ]
        times = interleaved({" ".join(k): v for k, v in commands.items()}, rounds, env)
    print(f"Typer {version(older)} (older) against {version(newer)} (newer), median of {rounds} "
          f"interleaved runs, load {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")  # fmt: skip
    for name in dict.fromkeys(k[0] for k in commands):
        old, new = times[f"{name} older"], times[f"{name} newer"]
        print(f"  {name:<22} {old:7.1f} ms  {new:7.1f} ms  {new / old:5.2f}x")


if __name__ == "__main__":
    main()
