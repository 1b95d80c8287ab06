"""`value --batch` from a file and through a pipe, two source trees side by side (issue 30
point 3: the co-process change must keep the chunked path's speed).

Each round runs, interleaved, both trees on 20,000 games with stdin a file and with stdin a
pipe (a writer process, as `cat games | skatcalc value --batch > out`), stdout a file. Prints
the medians and the ratio NEW/OLD for each.

    python bench/batch_pipes.py OLD_TREE NEW_TREE [GAMES] [ROUNDS]
    python bench/batch_pipes.py /work/main . 20000 9
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from games import games  # noqa: E402

CODE = (
    "import sys; sys.argv = ['skatcalc', 'value', '--batch']; from skatcalc.cli import main; main()"
)


def run(tree: str, source: Path, piped: bool, out: Path) -> float:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONUNBUFFERED",)}
    env["PYTHONPATH"] = str(Path(tree).resolve())
    start = time.perf_counter()
    with out.open("wb") as sink:
        if piped:
            cat = subprocess.Popen(["cat", str(source)], stdout=subprocess.PIPE)
            subprocess.run(
                [sys.executable, "-c", CODE], stdin=cat.stdout, stdout=sink, env=env, check=False
            )
            assert cat.stdout is not None
            cat.stdout.close()
            cat.wait()
        else:
            with source.open("rb") as given:
                subprocess.run(
                    [sys.executable, "-c", CODE], stdin=given, stdout=sink, env=env, check=False
                )
    return time.perf_counter() - start


def main() -> None:
    old, new = sys.argv[1], sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 20000
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 9
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder, "games.jsonl")
        source.write_text("".join(json.dumps(game) + "\n" for game in games(count)))
        out = Path(folder, "out.jsonl")
        times: dict[tuple[str, bool], list[float]] = {}
        for _ in range(rounds):
            for piped in (False, True):
                for tree in (old, new):
                    times.setdefault((tree, piped), []).append(run(tree, source, piped, out))
        for piped in (False, True):
            a = statistics.median(times[old, piped])
            b = statistics.median(times[new, piped])
            how = "pipe" if piped else "file"
            print(f"{how}: old {a * 1000:.0f} ms, new {b * 1000:.0f} ms, new/old {b / a:.2f}")


if __name__ == "__main__":
    main()
