"""Tournament standings at scale: 200 players, 3 series (198 table sheets of 36 or 48 deals),
against reading the same sheets with the standard library's tomllib alone, side by side.

    python bench/tournament.py [ROUNDS]

(a) in one process: ``tournament standings``' work (read the tournament file, read and check
every sheet through the store, total and rank) against ``tomllib.loads`` of every file;
(b) whole processes: ``skatcalc tournament standings FILE`` against ``python -c`` reading every
sheet with tomllib. Medians of ROUNDS (default 7), interleaved; the ratios are what count.
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from skatcalc.sheet.model import Deal, Sheet
from skatcalc.spec import GameSpec
from skatcalc.store import sheet as sheets
from skatcalc.store import tournament as store
from skatcalc.tournament.model import TableMode, Tournament
from skatcalc.tournament.standings import standings

GAMES = ("clubs", "spades", "hearts", "diamonds", "grand")


def make(folder: Path, players: int = 200, series: int = 3) -> Path:
    """A tournament file with every table's sheet played to the end with random legal deals."""
    rng = random.Random(2026)
    names = [f"Player {i:03d}" for i in range(players)]
    path = folder / "bench.toml"
    # tables of three first, as this bench measured before fours first was the default: the
    # same 198 sheets, so its figures in docs/performance.md stay comparable
    tournament = Tournament.new("Bench", names, planned=series).with_tables(TableMode.THREES)
    for s in range(series):
        tournament = tournament.draw_next(s, stem="bench")
        for table in tournament.series[s].tables:
            sheet = Sheet.new(table.players, tournament.rules)
            deals = []
            for n in range(tournament.length(len(table.players))):
                if rng.random() < 0.1:
                    deals.append(Deal.passed())
                    continue
                dealer = table.players[n % len(table.players)]
                seats = [p for p in table.players if len(table.players) == 3 or p != dealer]
                game = rng.choice(GAMES)
                spec = GameSpec(game, with_=rng.randint(1, 2), points=rng.randint(31, 89))
                deals.append(Deal(rng.choice(seats), spec))
            sheet = sheet.extend(deals)
            (folder / table.sheet).write_text(sheets.render(sheet))
    store.create(path, tournament)
    return path


def ours(path: Path) -> None:
    tournament = store.load(path)
    found = {}
    for s, series in enumerate(tournament.series, 1):
        for t, table in enumerate(series.tables, 1):
            found[s, t] = sheets.load(store.sheet_path(path, table))
    result = standings(tournament, found)
    assert not result.held


def bare(paths: list[Path]) -> None:
    import tomllib

    for path in paths:
        tomllib.loads(path.read_text(encoding="utf-8"))


BARE = "import sys, tomllib\nfor p in sys.argv[1:]:\n    tomllib.loads(open(p, encoding='utf-8').read())\n"


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    with tempfile.TemporaryDirectory() as tmp:
        path = make(Path(tmp))
        files = sorted(p for p in Path(tmp).glob("bench-s*.toml"))
        deals = sum(len(sheets.load(p).deals) for p in files)
        print(f"200 players, 3 series: {len(files)} sheets, {deals} deals")
        a, b = [], []
        for _ in range(rounds):
            start = time.perf_counter()
            ours(path)
            a.append(time.perf_counter() - start)
            start = time.perf_counter()
            bare(files)
            b.append(time.perf_counter() - start)
        x, y = statistics.median(a), statistics.median(b)
        print(
            f"(a) in one process: standings {x * 1000:.0f} ms, tomllib alone {y * 1000:.0f} ms: {x / y:.2f}x"
        )
        skatcalc = [sys.executable, "-m", "skatcalc", "tournament", "standings", str(path)]
        plain = [sys.executable, "-c", BARE, *map(str, files)]
        a, b = [], []
        for _ in range(rounds):
            start = time.perf_counter()
            subprocess.run(skatcalc, check=True, capture_output=True)
            a.append(time.perf_counter() - start)
            start = time.perf_counter()
            subprocess.run(plain, check=True, capture_output=True)
            b.append(time.perf_counter() - start)
        x, y = statistics.median(a), statistics.median(b)
        print(
            f"(b) whole processes: skatcalc tournament standings {x * 1000:.0f} ms, python + tomllib {y * 1000:.0f} ms: {x / y:.2f}x"
        )


if __name__ == "__main__":
    main()
