"""`sheet stats` over a season of 1,000 evening sheets, against another checkout side by side.

A season is 1,000 copies of examples/evening-three.toml (36 deals each). Times, interleaved so
machine noise hits both alike: the statistics alone (``stats()`` over the 1,000 tallied sheets,
in-process) and the whole ``skatcalc sheet stats`` command (reading the 1,000 files too).

    python bench/stats.py                  # this checkout only
    python bench/stats.py /tmp/base 7      # and the checkout at /tmp/base, 7 rounds

A checkout to compare with: ``git archive main | tar -x -C /tmp/base``.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
SHEETS = 1000

_IN_PROCESS = """
import sys, time
from pathlib import Path
from skatcalc.store import sheet as store
from skatcalc.sheet.stats import stats
files = sorted(Path(sys.argv[1]).glob("*.toml"))
sheets = [store.load(f) for f in files]
pairs = [(s, s.tally()) for s in sheets]
start = time.perf_counter()
stats(pairs)
print(time.perf_counter() - start)
"""


def _env(tree: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(tree), "NO_COLOR": "1", "COLUMNS": "80"}


def _in_process(tree: Path, folder: Path) -> float:
    done = subprocess.run(
        [sys.executable, "-c", _IN_PROCESS, str(folder)],
        check=True, capture_output=True, text=True, env=_env(tree),
    )  # fmt: skip
    return float(done.stdout)


def _command(tree: Path, folder: Path) -> float:
    files = sorted(str(f) for f in folder.glob("*.toml"))
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "skatcalc", "sheet", "stats", *files],
        check=True, stdout=subprocess.DEVNULL, env=_env(tree),
    )  # fmt: skip
    return time.perf_counter() - start


def main() -> None:
    trees = {"this": HERE}
    if len(sys.argv) > 1:
        trees["base"] = Path(sys.argv[1]).resolve()
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    times: dict[tuple[str, str], list[float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for i in range(SHEETS):
            shutil.copyfile(HERE / "examples" / "evening-three.toml", folder / f"e{i:04}.toml")
        for _ in range(rounds):
            for name, tree in trees.items():
                times.setdefault((name, "stats()"), []).append(_in_process(tree, folder))
                times.setdefault((name, "command"), []).append(_command(tree, folder))
    print(f"sheet stats over {SHEETS} evening sheets, median of {rounds} interleaved runs")
    for (name, what), values in times.items():
        print(f"  {name:<5} {what:<8} {statistics.median(values) * 1000:8.1f} ms")


if __name__ == "__main__":
    main()
