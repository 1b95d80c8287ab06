"""The TOML readers that could read a sheet, on a 10,000-deal sheet, in one process.

Times import and parse of each reader that is installed (the standard library's tomllib,
tomli, rtoml, and others if present) and of skatcalc's own reader (``store``: rtoml behind the
check that keeps it to what tomllib reads), median of N parses, and checks that all agree.

    python bench/toml_readers.py
"""

from __future__ import annotations

import importlib
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from sheet import make  # noqa: E402

READERS = ("tomllib", "tomli", "rtoml", "toml_rs", "pytomlpp", "skatcalc.store.sheet")


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "big.toml"
        make(path, 10000)
        text = path.read_text()
    print(f"parsing a 10,000-deal sheet ({len(text) // 1024} KiB), median of {rounds}")
    reference = None
    for name in READERS:
        start = time.perf_counter()
        try:
            module = importlib.import_module(name)
        except ImportError:
            print(f"  {name:<9} not installed")
            continue
        imported = (time.perf_counter() - start) * 1000
        runs = []
        for _ in range(rounds):
            start = time.perf_counter()
            data = module.loads(text)
            runs.append((time.perf_counter() - start) * 1000)
        reference = reference or data
        same = "same result" if data == reference else "DIFFERENT RESULT"
        parse = statistics.median(runs)
        print(
            f"  {name.rsplit('.', 1)[-1]:<9} import {imported:5.1f} ms  parse {parse:6.1f} ms  {same}"
        )


if __name__ == "__main__":
    main()
