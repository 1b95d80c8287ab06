"""`sheet edit` and `sheet undo` on a sheet of 10,000 games: a change that rewrites only the deals
that change (store/sheet_codec.py, its places found by store/layout.py), as whole processes.

Each round copies a fresh sheet (not timed) and times one `skatcalc sheet undo` and one
`skatcalc sheet edit 5000 Ben grand o1 92`; with BEFORE_PYTHON (another skatcalc's Python, say
main's) the same commands run with it in the same rounds, interleaved, and the ratios are
printed. Also the pure parts in this process: the layout of the sheet's text, its headers found
at once, and the patch.

    python bench/patch.py                       # 9 rounds
    BEFORE_PYTHON=../main/.venv/bin/python python bench/patch.py 15
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

from games import games  # noqa: E402

from skatcalc.sheet.model import Deal, Sheet  # noqa: E402
from skatcalc.spec import GameSpec  # noqa: E402
from skatcalc.store import layout, sheet_codec  # noqa: E402

PLAYERS = ["Anna", "Ben", "Carl"]
COMMANDS = {
    "undo": ["sheet", "undo"],
    "edit": ["sheet", "edit", "{file}", "5000", "Ben", "grand", "o1", "92"],
}


def sheet(size: int) -> Sheet:
    deals = []
    for i, game in enumerate(games(size, seed=size)):
        kwargs = {("with_" if k == "with" else k): v for k, v in game.items()}
        deals.append(Deal(PLAYERS[i % 3], GameSpec(**kwargs)))  # type: ignore[arg-type]
    return Sheet.new(PLAYERS).extend(deals)


def timed(python: str, args: list[str], original: Path, folder: Path) -> float:
    file = folder / "evening.toml"
    shutil.copyfile(original, file)
    args = [a.format(file=file) for a in args] if "{file}" in args else [*args, str(file)]
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("PYTHONUNBUFFERED", "PYTHONDONTWRITEBYTECODE")
    }
    env["SKATCALC_CACHE_DIR"] = str(folder / "cache")
    start = time.perf_counter()
    subprocess.run([python, "-m", "skatcalc", *args], check=True, capture_output=True, env=env)
    return time.perf_counter() - start


def median(f: object, n: int = 5) -> float:
    times = []
    for _ in range(n):
        start = time.perf_counter()
        f()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 9
    pythons = {"now": sys.executable}
    if os.environ.get("BEFORE_PYTHON"):
        pythons["before"] = os.environ["BEFORE_PYTHON"]
    big = sheet(10_000)
    text = sheet_codec.render(big)
    document = sheet_codec.read_document(text)
    undone = big.undo()
    print(f"layout of the 10,000-deal text     {median(lambda: layout.layout(text), 3):.3f} s")
    print(f"its headers found at once          {median(lambda: layout.headers(text)):.3f} s")
    print(
        f"the patch of an undo               {median(lambda: sheet_codec.patched(document, big, undone)):.3f} s"
    )
    with tempfile.TemporaryDirectory() as folder:
        original = Path(folder) / "original.toml"
        original.write_text(text)
        times: dict[tuple[str, str], list[float]] = {}
        for _ in range(rounds):
            for name, args in COMMANDS.items():
                for who, python in pythons.items():
                    times.setdefault((name, who), []).append(
                        timed(python, args, original, Path(folder))
                    )
    for name in COMMANDS:
        now = statistics.median(times[(name, "now")])
        line = f"sheet {name:5} on 10,000 deals       now {now:.3f} s"
        if "before" in pythons:
            before = statistics.median(times[(name, "before")])
            line += f"   before {before:.3f} s   now/before {now / before:.2f}"
        print(line)


if __name__ == "__main__":
    main()
