"""One way to time whole commands side by side: each N times, interleaved (so machine noise hits
all alike), after one warm-up run each (bytecode written, files in the page cache); the median
wall time of each in milliseconds. Used by bench/startup.py and bench/line_editor.py."""

from __future__ import annotations

import statistics
import subprocess
import time
from collections.abc import Mapping, Sequence


def interleaved(
    commands: Mapping[str, Sequence[str]], rounds: int, env: Mapping[str, str] | None = None
) -> dict[str, float]:
    """The median milliseconds of each command over ``rounds`` interleaved runs."""
    times: dict[str, list[float]] = {name: [] for name in commands}
    for command in commands.values():  # warm-up
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=env)
    for _ in range(rounds):
        for name, command in commands.items():
            start = time.perf_counter()
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=env)
            times[name].append(time.perf_counter() - start)
    return {name: statistics.median(values) * 1000 for name, values in times.items()}
