"""The live page idle (issue 32 point 8): what `sheet serve` costs while the page is open and
nothing changes, and how soon a new deal is in its data; this tree and another install side
by side, at the same time, each on its own copy of one sheet.

    python bench/serve.py [BEFORE_PYTHON] [--deals 100000] [--seconds 20] [--adds 3]

Each server is asked for ``/data`` once a second, as the open page asks. Measured for each:
- the CPU seconds of the server process (user + system, /proc/PID/stat) over ``--seconds`` of
  that, and their share of one core;
- its memory: the peak (VmHWM) and what it holds at the end of the idle time (VmRSS);
- after a `sheet add` from another process, how long until ``/data`` holds the new deal
  (asked every 50 ms here; the page asks every second, so on the screen add up to one
  second); the median of ``--adds``.

Linux only (it reads /proc). The sheet is bench/games.py's plausible deals (bench/fast.py).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from fast import MAKER, make_sheet, skatcalc  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User and system CPU seconds of process ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def memory_mb(pid: int, what: str) -> float:
    """VmHWM (the peak) or VmRSS (now) of process ``pid``, in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(what + ":"):
            return int(line.split()[1]) / 1024
    return 0.0


class Server:
    """`skatcalc sheet serve SHEET --port 0` of one install, and its URL."""

    def __init__(self, python: str, sheet: Path, env: dict[str, str]) -> None:
        self.python, self.sheet, self.env = python, sheet, env
        self.process = subprocess.Popen(
            [skatcalc(python), "sheet", "serve", str(sheet), "--port", "0"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env,
        )  # fmt: skip
        assert self.process.stderr is not None
        said = self.process.stderr.readline()
        found = re.search(r"http://[^ ]+/", said)
        assert found, said
        self.url = found.group(0) + "data"

    def data(self) -> dict[str, object]:
        with urllib.request.urlopen(self.url, timeout=60) as answer:
            view: dict[str, object] = json.load(answer)
        return view

    def newest(self) -> str:
        """The number of the newest deal the data shows."""
        tables = self.data()["tables"]
        assert isinstance(tables, list)
        return str(tables[1]["rows"][0][0])

    def add(self) -> float:
        """A deal added by another process; seconds until the data shows it."""
        before = self.newest()
        subprocess.run(
            [skatcalc(self.python), "sheet", "add", str(self.sheet), "an", "gr", "m1", "70"],
            check=True, capture_output=True, env=self.env,
        )  # fmt: skip
        added = time.monotonic()
        while self.newest() == before:
            time.sleep(0.05)
        return time.monotonic() - added

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)
        assert self.process.stderr is not None
        self.process.stderr.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("before", nargs="?")
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--seconds", type=int, default=20)
    parser.add_argument("--adds", type=int, default=3)
    args = parser.parse_args()
    sides = {"after": sys.executable}
    if args.before:
        sides = {"before": args.before, **sides}
        MAKER[0] = args.before  # the oldest install writes the sheet: every install reads it
    print(f"load average at the start: {os.getloadavg()}, {os.cpu_count()} CPUs")
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        env = {**os.environ, "SKATCALC_CACHE_DIR": str(tmp / "cache")}
        for name in ("PYTHONUNBUFFERED", "PYTHONDONTWRITEBYTECODE"):
            env.pop(name, None)
        first = tmp / "sheet.toml"
        make_sheet(first, args.deals)
        servers: dict[str, Server] = {}
        for side, python in sides.items():
            copy = tmp / f"{side}.toml"
            shutil.copyfile(first, copy)
            servers[side] = Server(python, copy, env)
        try:
            measure(servers, args.seconds, args.adds, args.deals)
        finally:
            for server in servers.values():
                server.stop()
    print(f"load average at the end: {os.getloadavg()}")


def measure(servers: dict[str, Server], seconds: int, adds: int, deals: int) -> None:
    for server in servers.values():
        server.data()  # the page opened: its first ask
    start = {side: cpu_seconds(s.process.pid) for side, s in servers.items()}
    began = time.monotonic()
    for n in range(seconds):
        for server in servers.values():
            server.data()
        time.sleep(max(0.0, began + n + 1 - time.monotonic()))
    wall = time.monotonic() - began
    used = {side: cpu_seconds(s.process.pid) - start[side] for side, s in servers.items()}
    held = {side: memory_mb(s.process.pid, "VmRSS") for side, s in servers.items()}
    peak = {side: memory_mb(s.process.pid, "VmHWM") for side, s in servers.items()}
    shown = {side: statistics.median(s.add() for _ in range(adds)) for side, s in servers.items()}
    print(f"{deals:,} deals, /data asked once a second for {wall:.1f} s:")
    for side in servers:
        print(
            f"  {side:6}  CPU {used[side]:.2f} s ({used[side] / wall:.1%} of a core), "
            f"memory {held[side]:.0f} MB held, {peak[side]:.0f} MB peak; "
            f"a new deal in the data after {shown[side]:.2f} s (median of {adds})"
        )
    if "before" in servers:
        ratio = used["after"] / used["before"] if used["before"] else float("nan")
        print(
            f"  after/before: CPU {ratio:.3f}x, memory held {held['after'] / held['before']:.2f}x"
        )


if __name__ == "__main__":
    main()
