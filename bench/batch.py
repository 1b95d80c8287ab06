"""`skatcalc value --batch` on 20,000 games, side by side with a bare JSON-lines loop.

The floor is bench/bare_jsonl.py: a Python loop that reads the same 20,000 JSON lines and
writes each back (json.loads, json.dumps). Both run as whole processes, interleaved, N rounds;
the script prints the medians and the ratio. Target: skatcalc at least a third as fast (ratio
at most 3).

    python bench/batch.py          # 20,000 games, 9 rounds
    python bench/batch.py 20000 15
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


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 9
    python = sys.executable
    skatcalc = shutil.which("skatcalc", path=str(Path(python).parent)) or "skatcalc"
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "games.jsonl"
        import json

        source.write_text("".join(json.dumps(g) + "\n" for g in games(count)))
        cmds = {
            "bare JSON loop": [python, str(HERE / "bare_jsonl.py")],
            "value --batch": [skatcalc, "value", "--batch"],
        }
        times: dict[str, list[float]] = {name: [] for name in cmds}
        for _ in range(rounds + 1):
            for name, cmd in cmds.items():
                with source.open("rb") as stdin:
                    start = time.perf_counter()
                    done = subprocess.run(cmd, stdin=stdin, stdout=subprocess.PIPE, check=False)
                    times[name].append(time.perf_counter() - start)
                lines = done.stdout.count(b"\n")
                assert lines == count, f"{name}: {lines} lines out for {count} in"
        medians = {name: statistics.median(values[1:]) * 1000 for name, values in times.items()}
    print(f"{count} games, median of {rounds} interleaved runs (whole processes)")
    for name, ms in medians.items():
        print(f"  {name:<15} {ms:7.1f} ms  {count / ms * 1000:9.0f} games/s")
    ratio = medians["value --batch"] / medians["bare JSON loop"]
    verdict = "within" if ratio <= 3 else "OVER"
    print(f"value --batch / bare loop = {ratio:.2f} ({verdict} the target of 3)")


if __name__ == "__main__":
    main()
