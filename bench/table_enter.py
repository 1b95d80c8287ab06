"""The table mode's cost of one line: from Enter to the next prompt, in the process.

What a person at the table waits for after typing a deal: the line answered (scored and
saved) and the next prompt said (``Table.answer`` then ``Table.prompt`` in
skatcalc/cli/play.py, as the terminal loop calls them). Each sheet gets ROUNDS lines, one
deal each, after two lines of warm-up (the first finds no kept state); prints the median
milliseconds for SMALL and LARGE, in that order. Run by bench/fast.py with each install's
interpreter, so it uses only what every version of the table mode has.

    python bench/table_enter.py SMALL.toml LARGE.toml [ROUNDS]
"""

from __future__ import annotations

import io
import statistics
import sys
import time
from pathlib import Path


def enter(sheet: Path, rounds: int) -> float:
    from skatcalc.cli.play import Table

    table = Table(sheet)
    table.prompt()
    took = []
    out = sys.stdout
    for n in range(rounds + 2):
        sys.stdout = io.StringIO()  # the answer is printed by the caller: not measured
        start = time.perf_counter()
        table.answer("an gr m1 70" if n % 2 else "be kr m2 61")
        table.prompt()
        took.append(time.perf_counter() - start)
        sys.stdout = out
    return statistics.median(took[2:]) * 1000


def main() -> None:
    small, large = Path(sys.argv[1]), Path(sys.argv[2])
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 30
    print(f"{enter(small, rounds):.2f} {enter(large, rounds):.2f}")


if __name__ == "__main__":
    main()
