"""Drawing ``sheet stats``' answer in a cold process, two installs side by side.

    python bench/stats_drawing.py BEFORE_PYTHON AFTER_PYTHON FOLDER [--rounds 21] [--sheets 20]

Each round starts a new process of each Python in turn (interleaved, so the load of the
machine falls on both alike): it reads the first ``--sheets`` sheets of FOLDER (bench/fast.py's
season) with nothing kept, imports rich's console and table, then times, in ms, the import of
``skatcalc.cli.render``, and ``show_stats`` (the words' modules it imports, the tables and
prose to stdout, a pipe to /dev/null, COLUMNS as given, else 80). The answer is as large whatever
the number of sheets (a row a player). Medians of the rounds, and AFTER/BEFORE.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess

CHILD = """
import sys, time
from pathlib import Path
from skatcalc.cli import quick
files = sorted(Path(sys.argv[1]).glob("*.toml"))[: int(sys.argv[2])]
quick._spoken(["x"])
result = quick.season_stats(files)
import rich.console, rich.table
t0 = time.perf_counter()
import skatcalc.cli.render
t1 = time.perf_counter()
quick.show_stats(result, False)
sys.stdout.flush()
t2 = time.perf_counter()
print(f"{1000 * (t1 - t0):.3f} {1000 * (t2 - t1):.3f}", file=sys.stderr)
"""


def one(python: str, folder: str, sheets: int) -> list[float]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONUNBUFFERED", "PYTHONDONTWRITEBYTECODE")}  # fmt: skip
    env["SKATCALC_CACHE_DIR"] = ""
    env.setdefault("COLUMNS", "80")
    # cwd "/": the install's skatcalc, not this checkout's (``-c`` puts the cwd first on sys.path)
    done = subprocess.run(
        [python, "-c", CHILD, os.path.abspath(folder), str(sheets)], env=env, cwd="/",
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True,
    )  # fmt: skip
    return [float(x) for x in done.stderr.split()[-2:]]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("folder")
    parser.add_argument("--rounds", type=int, default=21)
    parser.add_argument("--sheets", type=int, default=20)
    args = parser.parse_args()
    runs: dict[str, list[list[float]]] = {"before": [], "after": []}
    for _ in range(args.rounds):
        for name, rows in runs.items():
            rows.append(one(getattr(args, name), args.folder, args.sheets))
    medians = {name: [statistics.median(c) for c in zip(*rows, strict=True)]
               for name, rows in runs.items()}  # fmt: skip
    for name, (imports, drawing) in medians.items():
        print(f"{name:7} import cli.render {imports:6.2f} ms  drawing {drawing:6.2f} ms")
    print(f"after/before: imports {medians['after'][0] / medians['before'][0]:.2f}, "
          f"drawing {medians['after'][1] / medians['before'][1]:.2f}")  # fmt: skip


if __name__ == "__main__":
    main()
