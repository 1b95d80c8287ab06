"""`sheet add` and `sheet show` on sheets of 10, 1,000 and 10,000 games, side by side.

Each round copies a fresh sheet of each size (not timed) and times a whole `skatcalc sheet add`
process on it, and a `sheet show` (the default view: the current series and the totals);
rounds are interleaved so machine noise hits all sizes alike. Prints the medians and the ratios
to the 10-game sheet. Target: adding to 10,000 games costs at most 3x adding to 10.

    python bench/sheet.py           # 9 rounds
    python bench/sheet.py 15
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from games import games  # noqa: E402

from skatcalc.sheet.model import Deal, Sheet  # noqa: E402
from skatcalc.spec import GameSpec  # noqa: E402
from skatcalc.store import sheet as store  # noqa: E402

SIZES = (10, 1000, 10000)
PLAYERS = ["Anna", "Ben", "Carl"]


def make(path: Path, size: int) -> None:
    deals = []
    for i, game in enumerate(games(size, seed=size)):
        kwargs = {("with_" if k == "with" else k): v for k, v in game.items()}
        deals.append(Deal(PLAYERS[i % 3], GameSpec(**kwargs)))  # type: ignore[arg-type]
    store.create(path, Sheet.new(PLAYERS).extend(deals))


def timed(cmd: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 9
    skatcalc = shutil.which("skatcalc", path=str(Path(sys.executable).parent)) or "skatcalc"
    add = ["sheet", "add", "--declarer", "Anna", "grand", "--with", "1", "--points", "70"]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for size in SIZES:
            make(folder / f"base{size}.toml", size)
        times: dict[tuple[str, int], list[float]] = {}
        for _ in range(rounds + 1):  # the first round warms up and is dropped
            for size in SIZES:
                sheet = folder / f"sheet{size}.toml"
                shutil.copyfile(folder / f"base{size}.toml", sheet)
                cmd = [skatcalc, *add[:2], str(sheet), *add[2:]]
                times.setdefault(("add", size), []).append(timed(cmd))
                show = [skatcalc, "sheet", "show", str(sheet)]
                times.setdefault(("show", size), []).append(timed(show))
    medians = {key: statistics.median(values[1:]) * 1000 for key, values in times.items()}
    print(f"sheet add / sheet show, median of {rounds} interleaved runs (whole processes)")
    for action in ("add", "show"):
        base = medians[(action, SIZES[0])]
        for size in SIZES:
            ms = medians[(action, size)]
            print(f"  sheet {action:<4} {size:>6} games  {ms:7.1f} ms  {ms / base:5.2f}x")
    ratio = medians[("add", 10000)] / medians[("add", 10)]
    verdict = "within" if ratio <= 3 else "OVER"
    print(f"add to 10,000 games / add to 10 = {ratio:.2f} ({verdict} the target of 3)")


if __name__ == "__main__":
    main()
