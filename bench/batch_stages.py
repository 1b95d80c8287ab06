"""Where ``value --batch`` spends its time, in a fresh process (the caches start cold, as in a
real batch): the whole ``run()`` and the parts in the scoring and in the JSON answer.

    python bench/batch_stages.py [FILE.jsonl] [--plain]

FILE: JSON lines of games (default: 20,000 of bench/games.py's ``varied``, made here).
``--plain``: no timers around the parts (each adds about 0.3 µs a call), the run alone.
Run it several times, each a fresh process, and compare runs side by side (one install
against another: ``BEFORE/bin/python bench/batch_stages.py`` from outside the work tree).
"""

from __future__ import annotations

import io
import json
import sys
import time
from pathlib import Path
from typing import Any

from skatcalc import batch

sys.path.insert(0, str(Path(__file__).resolve().parent))
from games import varied

clock = time.perf_counter
spent = {"score": 0.0, "json": 0.0}
_json, _score = batch.fast_scoring_json, batch.score


def timed_json(*args: Any) -> str:
    start = clock()
    said = _json(*args)
    spent["json"] += clock() - start
    return said


def timed_score(**given: Any) -> Any:
    start = clock()
    try:
        return _score(**given)
    finally:
        spent["score"] += clock() - start


def main() -> None:
    given = [a for a in sys.argv[1:] if not a.startswith("--")]
    if given:
        data = Path(given[0]).read_bytes()
    else:
        data = "".join(json.dumps(g) + "\n" for g in varied(20_000)).encode()
    if "--plain" not in sys.argv:
        batch.fast_scoring_json, batch.score = timed_json, timed_score  # type: ignore[assignment]
    start = clock()
    batch.run(batch.read_lines(io.BytesIO(data)), lambda text: None, gathered=True)
    parts = (
        ""
        if "--plain" in sys.argv
        else "; " + ", ".join(f"{name} {seconds * 1000:.0f} ms" for name, seconds in spent.items())
    )
    print(f"run {(clock() - start) * 1000:.0f} ms{parts}")


if __name__ == "__main__":
    main()
