"""`sheet show --all` against the default `sheet show` on one 10,000-game sheet, side by side.

The default view draws the current series (at most 36 deals) and the totals; `--all` draws every
deal. Both read and total the whole sheet, so the ratio is the cost of drawing 10,000 rows.
Rounds are interleaved so machine noise hits both alike; output goes to /dev/null with
COLUMNS=80, as to a pipe. Prints the medians and the ratio.

    python bench/show.py           # 9 rounds
    python bench/show.py 15
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

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from sheet import make  # noqa: E402

SIZE = 10000


def timed(cmd: list[str]) -> float:
    env = {**os.environ, "COLUMNS": "80"}
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=env)
    return time.perf_counter() - start


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 9
    skatcalc = shutil.which("skatcalc", path=str(Path(sys.executable).parent)) or "skatcalc"
    with tempfile.TemporaryDirectory() as tmp:
        sheet = Path(tmp) / "sheet.toml"
        make(sheet, SIZE)
        views: dict[str, list[float]] = {"default": [], "--all": []}
        for _ in range(rounds + 1):  # the first round warms up and is dropped
            views["default"].append(timed([skatcalc, "sheet", "show", str(sheet)]))
            views["--all"].append(timed([skatcalc, "sheet", "show", str(sheet), "--all"]))
    medians = {view: statistics.median(times[1:]) * 1000 for view, times in views.items()}
    print(f"sheet show on {SIZE:,} games, median of {rounds} interleaved runs (whole processes)")
    for view, ms in medians.items():
        print(f"  sheet show {view:<8} {ms:8.1f} ms")
    ratio = medians["--all"] / medians["default"]
    print(f"--all / default = {ratio:.2f}")


if __name__ == "__main__":
    main()
