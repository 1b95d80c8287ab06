"""`sheet add` on a 10-deal sheet and `sheet show`, whole processes, this skatcalc against another
one side by side: what building only the command that runs saves (docs/performance.md).

Each round copies a fresh 10-deal sheet for each side (not timed), then times, interleaved, a
whole `skatcalc sheet add` and a `sheet show` of each side; it prints the median wall time and
the median CPU time (user + system of the child) of each, and the ratios after / before.

    python bench/commands.py BEFORE_PYTHON [AFTER_PYTHON] [ROUNDS]

Each PYTHON is an interpreter whose environment has one skatcalc installed (`pip install .`, not
`-e`, so bytecode is compiled as a user's would be); the `skatcalc` script beside it is run
(never `python -m skatcalc`, which would import a skatcalc folder in the current directory).
AFTER_PYTHON defaults to this one. E.g.:

    git archive main | tar -x -C /tmp/before && python -m venv /tmp/vb \\
        && /tmp/vb/bin/pip install /tmp/before
    python -m venv /tmp/va && /tmp/va/bin/pip install .
    python bench/commands.py /tmp/vb/bin/python /tmp/va/bin/python 40
"""

from __future__ import annotations

import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from sheet import make  # noqa: E402

ADD = ["--declarer", "Anna", "grand", "--with", "1", "--points", "70"]


def timed(cmd: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of one whole process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env={**os.environ, "COLUMNS": "80"})
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    args = sys.argv[1:]
    rounds = int(args.pop()) if args and args[-1].isdigit() else 40
    if not args:
        sys.exit(__doc__)
    pythons = {"before": args[0], "after": args[1] if len(args) > 1 else sys.executable}
    times: dict[tuple[str, str], list[tuple[float, float]]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        make(folder / "base.toml", 10)
        for n in range(rounds + 1):  # the first round warms up and is dropped
            for side, python in pythons.items():
                sheet = folder / f"{side}.toml"
                shutil.copyfile(folder / "base.toml", sheet)
                run = [str(Path(python).parent / "skatcalc"), "sheet"]  # as a user runs it
                for action, cmd in (
                    ("add", [*run, "add", str(sheet), *ADD]),
                    ("show", [*run, "show", str(sheet)]),
                ):
                    measured = timed(cmd)
                    if n:
                        times.setdefault((action, side), []).append(measured)
    print(f"a 10-deal sheet, median of {rounds} interleaved runs (whole processes)")
    for action in ("add", "show"):
        medians = {}
        for side in pythons:
            walls, cpus = zip(*times[(action, side)], strict=True)
            medians[side] = (statistics.median(walls) * 1000, statistics.median(cpus) * 1000)
            wall, cpu = medians[side]
            print(f"  sheet {action:<4} {side:<6}  wall {wall:6.1f} ms   cpu {cpu:6.1f} ms")
        wall_ratio = medians["after"][0] / medians["before"][0]
        cpu_ratio = medians["after"][1] / medians["before"][1]
        print(f"  sheet {action:<4} after / before: wall {wall_ratio:.2f}, cpu {cpu_ratio:.2f}")


if __name__ == "__main__":
    main()
