"""Reading sheets whole, in one process, step by step (issue 32 item 7's sixth session).

    python bench/read_whole.py FOLDER [--profile]

Each ``*.toml`` sheet in FOLDER (bench/fast.py's season: ``make_season``) is read as
``sheet stats`` reads a sheet it keeps nothing of (``store/stats_cache.py`` ``Shelf.one``):
rtoml's ``loads``, ``SHEET.parse`` (its time less the ``loads`` in it), ``Sheet.tally`` and
``stats.sheet_part``; the scorings' memo and the last tally emptied before each pass, as in a
new process. The medians of 7 passes after one warm-up, in ms; ``--profile``: cProfile's 30
costliest functions of one pass instead.
"""

from __future__ import annotations

import cProfile
import pstats
import statistics
import sys
import time
from pathlib import Path

from skatcalc.sheet.stats import sheet_part
from skatcalc.store import memo, toml
from skatcalc.store.sheet_codec import SHEET

STEPS = ("loads", "parse less loads", "tally", "part")


def one_pass(texts: list[str]) -> list[float]:
    """Each step's seconds over all ``texts``."""
    memo.KEPT.clear()
    took = [0.0] * len(STEPS)
    for index, text in enumerate(texts):
        a = time.perf_counter()
        toml.loads(text)
        b = time.perf_counter()
        sheet = SHEET.parse(text)
        c = time.perf_counter()
        tally = sheet.tally()
        d = time.perf_counter()
        sheet_part(sheet, tally, index)
        e = time.perf_counter()
        for step, seconds in enumerate((b - a, (c - b) - (b - a), d - c, e - d)):
            took[step] += seconds
    return took


def main() -> None:
    folder = Path(sys.argv[1])
    texts = [path.read_text(encoding="utf-8") for path in sorted(folder.glob("*.toml"))]
    toml.reading_many(len(texts))
    one_pass(texts)
    if "--profile" in sys.argv:
        profile = cProfile.Profile()
        profile.runcall(one_pass, texts)
        pstats.Stats(profile).sort_stats("tottime").print_stats(30)
        return
    passes = [one_pass(texts) for _ in range(7)]
    for step, name in enumerate(STEPS):
        print(f"{name:18} {statistics.median(p[step] for p in passes) * 1000:6.1f} ms")
    print(f"{'in all':18} {statistics.median(sum(p) for p in passes) * 1000:6.1f} ms")


if __name__ == "__main__":
    main()
