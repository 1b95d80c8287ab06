"""Totalling sheets and counting their parts of the statistics, alone (issue 32 item 7).

    python bench/walk_part.py FOLDER [--passes N] [--step tally|part|both]

Each ``*.toml`` sheet in FOLDER (bench/fast.py's season: ``make_season``; bench/read_whole.py
gives every step of the read) is parsed once; then each pass totals every sheet
(``Sheet.tally``: :func:`skatcalc.sheet.tally.walk`, the last tally kept emptied first, as in
a new process) and counts their parts (``stats.sheet_part`` of each, then ``sum_parts``). It
prints the medians of 15 passes after one warm-up, in ms. With ``--passes N`` it runs N passes
of ``--step`` and prints nothing: for an instruction count, whose difference between N and 0
passes over N is one pass's (deterministic on a busy machine, unlike the times)::

    bench/ir.sh python bench/walk_part.py FOLDER --passes 2 --step tally   # and --passes 0
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from skatcalc.sheet.model import Sheet, Tally
from skatcalc.sheet.stats import sheet_part, sum_parts
from skatcalc.store import memo, toml
from skatcalc.store.sheet_codec import SHEET


def tallied(sheets: list[Sheet]) -> list[Tally]:
    """Each sheet's tally, worked out anew."""
    out = []
    for sheet in sheets:
        memo.KEPT._last = None
        out.append(sheet.tally())
    return out


def counted(sheets: list[Sheet], tallies: list[Tally]) -> None:
    """The season's statistics from each sheet's part."""
    sum_parts([sheet_part(s, t, i) for i, (s, t) in enumerate(zip(sheets, tallies, strict=True))])


def main() -> None:
    folder = Path(sys.argv[1])
    texts = [path.read_text(encoding="utf-8") for path in sorted(folder.glob("*.toml"))]
    toml.reading_many(len(texts))
    sheets = [SHEET.parse(text) for text in texts]
    tallies = tallied(sheets)
    if "--passes" in sys.argv:
        step = sys.argv[sys.argv.index("--step") + 1] if "--step" in sys.argv else "both"
        for _ in range(int(sys.argv[sys.argv.index("--passes") + 1])):
            if step in ("tally", "both"):
                tallied(sheets)
            if step in ("part", "both"):
                counted(sheets, tallies)
        return
    took: list[tuple[float, float]] = []
    for _ in range(16):
        a = time.perf_counter()
        tallied(sheets)
        b = time.perf_counter()
        counted(sheets, tallies)
        took.append((b - a, time.perf_counter() - b))
    for index, name in enumerate(("tally", "part")):
        print(f"{name:6} {statistics.median(t[index] for t in took[1:]) * 1000:6.1f} ms")


if __name__ == "__main__":
    main()
