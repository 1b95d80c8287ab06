"""Issue 21's figures ("fast at any size"), each measured side by side in one run.

Whole processes, interleaved (machine noise hits every command of a round alike), medians of
the rounds after a warm-up; ratios against the anchors the issue names. With a second
interpreter (BEFORE_PYTHON, whose environment has another skatcalc installed with
`pip install .`), each skatcalc figure is measured for both installs in the same rounds, so
before and after are side by side too.

    python bench/fast.py [BEFORE_PYTHON] [--rounds N] [--only NAME,...]

The figures (NAME):
- startup: `skatcalc value kr m2 h 56 b20` against a bare one-command Typer app (target 0.7x)
  and `python -c pass`;
- show: `sheet show` on a 10-deal sheet against the bare Typer app (target 1.5x);
- add: `sheet add` on sheets of 10, 10,000 and 100,000 deals, each add to the same growing
  sheet (the first, which finds no state, is the warm-up): the ratios to the 10-deal sheet
  (targets 1.3x and 1.5x) and the peak memory at 100,000 (target 100 MB);
- enter: the table mode, one line typed to the next prompt, at 10 and 10,000 deals, in the
  process (bench/table_enter.py; target 2x);
- batch: `value --batch` on 20,000 games against a bare json.loads/json.dumps loop (2.0x);
- import: `sheet import` of a 100,000-deal CSV export against reading the same file with
  csv.DictReader (time 5x, memory 100 MB);
- roundtrip: the largest sheet allowed (8 MB) exported as CSV, JSON and compact JSON and
  imported back: time and peak memory of each (issue 20 point 2).
- many: `sheet stats` over a season of 200 evening sheets, and `tournament standings` over
  198 table sheets, each against reading the same files with tomllib alone (issue 32 item 7;
  target 1.0x).

The state of the sheets (skatcalc's cache) goes to a temporary folder (SKATCALC_CACHE_DIR).
Every command runs as a user runs it: without ``PYTHONUNBUFFERED`` (an output written a line at
a time, a write each: `value --batch` writes 11 times the bytes of the bare loop) and without
``PYTHONDONTWRITEBYTECODE``, which a shell or a sandbox may set (``--keep-env`` keeps them).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from games import games, varied  # noqa: E402

ADD = ["an", "gr", "m1", "70"]


TIME = shutil.which("time", path="/usr/bin:/bin")
"""GNU time, to read a command's peak memory: the rusage of a child forked by this (large)
process counts this process's memory too, one forked by `time` does not."""


def run(
    cmd: list[str], env: dict[str, str], stdin: Path | None = None, ok: tuple[int, ...] = (0,)
) -> tuple[float, int]:
    """Wall seconds and peak memory (KB; 0 without GNU time) of one whole process, run by
    GNU time where there is one (every command alike); it must succeed (exit with one of
    ``ok``)."""
    with tempfile.NamedTemporaryFile("r") as peak, open(stdin or os.devnull, "rb") as given:
        timed = [TIME, "-f", "%M", "-o", peak.name, *cmd] if TIME else cmd
        start = time.perf_counter()
        done = subprocess.run(timed, stdin=given, stdout=subprocess.DEVNULL, env=env, check=False)
        took = time.perf_counter() - start
        if done.returncode not in ok:
            raise SystemExit(f"failed ({done.returncode}): {' '.join(cmd)}")
        said = peak.read().split()
    return took, int(said[-1]) if said and said[-1].isdigit() else 0


def median_ms(values: list[tuple[float, int]]) -> float:
    return statistics.median(v[0] for v in values) * 1000


def peak_mb(values: list[tuple[float, int]]) -> float:
    return max(v[1] for v in values) / 1024


def rounds_of(
    commands: dict[str, Callable[[], tuple[float, int]]], rounds: int
) -> dict[str, list[tuple[float, int]]]:
    """Each command once per round, interleaved, after one warm-up round."""
    times: dict[str, list[tuple[float, int]]] = {name: [] for name in commands}
    for n in range(rounds + 1):
        for name, command in commands.items():
            measured = command()
            if n:
                times[name].append(measured)
    return times


def skatcalc(python: str) -> str:
    return str(Path(python).parent / "skatcalc")


MAKER = [sys.executable]
"""The interpreter whose skatcalc writes the benchmark's sheets: the oldest install measured
(``main`` sets it), so that every install reads them (a newer one writes rules an older one
does not know)."""

_MAKE = """
import sys
sys.path.insert(0, {here!r})
from pathlib import Path
from games import games
from skatcalc.store import sheet as store
from skatcalc.sheet.model import Deal, Sheet
from skatcalc.spec import GameSpec
players = ["Anna", "Ben", "Carl"]
deals = []
for i, game in enumerate(games({size}, seed={size})):
    kwargs = {{("with_" if k == "with" else k): v for k, v in game.items()}}
    deals.append(Deal(players[i % 3], GameSpec(**kwargs)))
path = Path({path!r})
if path.exists():
    path.unlink()
store.create(path, Sheet.new(players).extend(deals))
"""


_MAKE_SEASON = """
import sys
sys.path.insert(0, {here!r})
from pathlib import Path
from games import games
from skatcalc.store import sheet as store
from skatcalc.sheet.model import Deal, Sheet
from skatcalc.spec import GameSpec
players = ["Anna", "Ben", "Carl"]
for n in range({count}):
    deals = []
    for i, game in enumerate(games({size}, seed=1000 + n)):
        kwargs = {{("with_" if k == "with" else k): v for k, v in game.items()}}
        deals.append(Deal(players[i % 3], GameSpec(**kwargs)))
    path = Path({folder!r}) / f"evening{{n:03}}.toml"
    if path.exists():
        path.unlink()
    store.create(path, Sheet.new(players).extend(deals))
"""


def make_season(folder: Path, count: int, size: int) -> list[Path]:
    """``count`` evening sheets of ``size`` deals in ``folder``, each of other games (a seed
    of its own: a season's evenings differ), written by :data:`MAKER` in one process."""
    folder.mkdir(exist_ok=True)
    code = _MAKE_SEASON.format(here=str(HERE), count=count, size=size, folder=str(folder))
    env = {**os.environ, "SKATCALC_CACHE_DIR": ""}
    subprocess.run([MAKER[0], "-I", "-c", code], check=True, env=env)
    return sorted(folder.glob("evening*.toml"))


_MAKE_TOURNAMENT = """
import sys
sys.path.insert(0, {here!r})
from pathlib import Path
from tournament import make
print(make(Path({folder!r})))
"""


def make_tournament(folder: Path) -> tuple[Path, list[Path]]:
    """bench/tournament.py's tournament (200 players, 3 series: 198 table sheets of 36 deals
    played to the end), written by :data:`MAKER`: its file and the table sheets."""
    code = _MAKE_TOURNAMENT.format(here=str(HERE), folder=str(folder))
    env = {**os.environ, "SKATCALC_CACHE_DIR": ""}
    done = subprocess.run([MAKER[0], "-I", "-c", code], check=True, env=env, capture_output=True)
    return Path(done.stdout.decode().strip()), sorted(folder.glob("bench-s*.toml"))


def make_sheet(path: Path, size: int) -> None:
    """A sheet of ``size`` plausible deals at ``path`` (bench/games.py), written by
    :data:`MAKER`."""
    code = _MAKE.format(here=str(HERE), size=size, path=str(path))
    env = {**os.environ, "SKATCALC_CACHE_DIR": ""}
    subprocess.run(
        [MAKER[0], "-I", "-c", code], check=True, env=env
    )  # -I: not this folder's skatcalc


def largest_sheet(path: Path) -> int:
    """A sheet just under the 8 MB limit: the largest a sheet may be; its number of deals."""
    from skatcalc.store.files import FILE_LIMIT

    size = 100_000
    make_sheet(path, size)
    while path.stat().st_size < FILE_LIMIT - 80_000:
        size = int(size * (FILE_LIMIT - 40_000) / path.stat().st_size)
        make_sheet(path, size)
    while path.stat().st_size > FILE_LIMIT:
        size -= 500
        make_sheet(path, size)
    return size


def line(name: str, ms: float, ratio: float | None = None, anchor: str = "") -> None:
    said = f"  {name:<40} {ms:9.1f} ms"
    if ratio is not None:
        said += f"   {ratio:5.2f}x {anchor}"
    print(said)


Commands = dict[str, Callable[[], tuple[float, int]]]


def each_side(
    commands: Commands, name: str, sides: dict[str, str], args: list[str], env: dict[str, str],
    stdin: Path | None = None, caches: Path | None = None,
) -> Commands:  # fmt: skip
    """``commands`` and ``skatcalc ARGS`` of each install measured, as ``NAME (SIDE)``; with
    ``caches``, each side with its own cache folder in it (two versions that keep a file by
    the same name in one folder would each find the other's, never their own)."""
    for side, py in sides.items():
        own = env
        if caches is not None:
            folder = caches / side
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            own = {**env, "SKATCALC_CACHE_DIR": str(folder)}
        commands[f"{name} ({side})"] = lambda py=py, own=own: run([skatcalc(py), *args], own, stdin)
    return commands


def against(title: str, anchor: str, commands: Commands, rounds: int, memory: bool = False) -> None:
    """The commands run interleaved (:func:`rounds_of`); each one's median and its ratio to the
    command ``anchor``'s, under ``title`` (with ``memory``, the peak too)."""
    times = rounds_of(commands, rounds)
    floor = median_ms(times[anchor])
    print(f"{title}, median of {rounds} interleaved runs")
    for name, values in times.items():
        peak = f"; peak {peak_mb(values):.0f} MB" if memory else ""
        line(name, median_ms(values), median_ms(values) / floor, f"the {anchor}{peak}")


def startup(sides: dict[str, str], env: dict[str, str], rounds: int, tmp: Path) -> None:
    python = sys.executable
    commands = {
        "python -c pass": lambda: run([python, "-c", "pass"], env),
        "bare Typer app": lambda: run([python, str(HERE / "bare_typer.py")], env),
    }
    each_side(commands, "value kr m2 h 56 b20", sides, ["value", "kr", "m2", "h", "56", "b20"], env)
    against("start-up", "bare Typer app", commands, rounds)


def show(sides: dict[str, str], env: dict[str, str], rounds: int, tmp: Path) -> None:
    sheet = tmp / "show10.toml"
    make_sheet(sheet, 10)
    commands = {"bare Typer app": lambda: run([sys.executable, str(HERE / "bare_typer.py")], env)}
    each_side(commands, "sheet show, 10 deals", sides, ["sheet", "show", str(sheet)], env)
    against("sheet show on a 10-deal sheet", "bare Typer app", commands, rounds)


SIZES = (10, 10_000, 100_000)


def add(sides: dict[str, str], env: dict[str, str], rounds: int, tmp: Path) -> None:
    bases = {}
    for size in SIZES:
        bases[size] = tmp / f"base{size}.toml"
        make_sheet(bases[size], size)
    commands = {}
    for side, py in sides.items():
        for size in SIZES:
            sheet = tmp / f"{side}{size}.toml"
            shutil.copyfile(bases[size], sheet)  # one sheet that grows by a deal a round
            commands[(side, size)] = lambda py=py, sheet=sheet: run(
                [skatcalc(py), "sheet", "add", str(sheet), *ADD], env
            )
    times = rounds_of(commands, rounds)  # type: ignore[arg-type]
    print(f"sheet add to the same growing sheet, median of {rounds} interleaved runs")
    for side in sides:
        small = median_ms(times[(side, SIZES[0])])  # type: ignore[index]
        for size in SIZES:
            values = times[(side, size)]  # type: ignore[index]
            line(f"sheet add, {size:,} deals ({side})", median_ms(values),
                 median_ms(values) / small, f"the 10-deal add; peak {peak_mb(values):.0f} MB")  # fmt: skip


def enter(sides: dict[str, str], env: dict[str, str], rounds: int, tmp: Path) -> None:
    for size in (10, 10_000):
        make_sheet(tmp / f"enter{size}.toml", size)
    print(f"the table mode, Enter to the next prompt, in the process, median of {rounds} lines")
    for _ in range(2):  # interleaved: each side twice
        for side, py in sides.items():
            out = subprocess.run(
                [py, str(HERE / "table_enter.py"), str(tmp / "enter10.toml"),
                 str(tmp / "enter10000.toml"), str(rounds)],
                env=env, capture_output=True, text=True, check=True,
            ).stdout.split()  # fmt: skip
            small, large = float(out[0]), float(out[1])
            line(f"Enter, 10 deals ({side})", small)
            line(f"Enter, 10,000 deals ({side})", large, large / small, "the same at 10 deals")


def batch(sides: dict[str, str], env: dict[str, str], rounds: int, tmp: Path) -> None:
    import json

    source = tmp / "games.jsonl"
    source.write_text("".join(json.dumps(g) + "\n" for g in games(20_000)))
    commands = {
        "bare JSON loop": lambda: run([sys.executable, str(HERE / "bare_jsonl.py")], env, source)
    }
    each_side(commands, "value --batch", sides, ["value", "--batch"], env, source)
    against("20,000 games", "bare JSON loop", commands, rounds)


def import_(sides: dict[str, str], env: dict[str, str], rounds: int, tmp: Path) -> None:
    sheet = tmp / "import100k.toml"
    make_sheet(sheet, 100_000)
    export = tmp / "import100k.csv"
    run([skatcalc(MAKER[0]), "sheet", "export", str(sheet), "--format", "csv", "-o",
         str(export)], env)  # fmt: skip
    bare = [sys.executable, "-c", "import csv,sys\nfor row in csv.DictReader(open(sys.argv[1], "
            "newline='')): pass", str(export)]  # fmt: skip
    commands = {"csv.DictReader over the file": lambda: run(bare, env)}
    for side, py in sides.items():

        def one(py: str = py, side: str = side) -> tuple[float, int]:
            target = tmp / f"imported-{side}.toml"
            if target.exists():
                target.unlink()
            return run([skatcalc(py), "sheet", "import", str(export), str(target)], env)

        commands[f"sheet import, 100,000 deals ({side})"] = one
    mb = export.stat().st_size / 1e6
    title = f"a {mb:.1f} MB CSV export of 100,000 deals"
    against(title, "csv.DictReader over the file", commands, rounds, memory=True)


def roundtrip(sides: dict[str, str], env: dict[str, str], rounds: int, tmp: Path) -> None:
    sheet = tmp / "largest.toml"
    MAKER.insert(0, sys.executable)  # this install's sheet: it comes back byte for byte
    deals = largest_sheet(sheet)
    MAKER.pop(0)
    mb = sheet.stat().st_size / 1e6
    print(f"the largest sheet allowed ({mb:.2f} MB, {deals:,} deals) out and back in, "
          f"median of {rounds}")  # fmt: skip
    py = sys.executable
    for form in (["--format", "csv"], ["--format", "json"], ["--format", "json", "--compact"]):
        export = tmp / ("largest." + "-".join(form[1:]))
        back = tmp / "back.toml"

        def out(form: list[str] = form, export: Path = export) -> tuple[float, int]:
            return run([skatcalc(py), "sheet", "export", str(sheet), *form, "-o", str(export)], env)

        def into(export: Path = export, back: Path = back) -> tuple[float, int]:
            if back.exists():
                back.unlink()
            return run([skatcalc(py), "sheet", "import", str(export), str(back)], env)

        try:
            times = rounds_of({"export": out, "import": into}, rounds)
        except SystemExit as failed:
            print(f"  {' '.join(form)}: {failed}")
            continue
        same = back.read_bytes() == sheet.read_bytes()
        size = export.stat().st_size / 1e6
        for step, values in times.items():
            line(f"{step} {' '.join(form[1:])} ({size:.0f} MB)", median_ms(values), None)
            print(f"  {'':<40} peak {peak_mb(values):.0f} MB")
        print(f"  {'':<40} imported back byte for byte: {same}")


def nocache(sides: dict[str, str], env: dict[str, str], rounds: int, tmp: Path) -> None:
    """Issue 32 item 5: ``sheet add`` without the kept state (a hand edit, a sheet copied from
    another machine, a cache folder that cannot be used: here ``SKATCALC_CACHE_DIR=""``), at
    10 and 100,000 deals, against the add to 10 deals with it; time and peak memory."""
    bases = {}
    for size in (10, 100_000):
        bases[size] = tmp / f"nocache{size}.toml"
        make_sheet(bases[size], size)
    bare = {**env, "SKATCALC_CACHE_DIR": ""}
    commands: Commands = {}
    for side, py in sides.items():
        for size, how, given in ((10, "with the cache", env), (10, "without", bare),
                                 (100_000, "without", bare)):  # fmt: skip
            sheet = tmp / f"nocache-{side}-{size}-{how[:4]}.toml"
            shutil.copyfile(bases[size], sheet)
            commands[f"sheet add, {size:,} deals, {how} ({side})"] = (
                lambda py=py, sheet=sheet, given=given: run(
                    [skatcalc(py), "sheet", "add", str(sheet), *ADD], given
                )
            )
    for side in sides:
        anchor = f"sheet add, 10 deals, with the cache ({side})"
        mine = {name: c for name, c in commands.items() if name.endswith(f"({side})")}
        against(f"sheet add without the kept state ({side})", anchor, mine, rounds, memory=True)


def show_large(sides: dict[str, str], env: dict[str, str], rounds: int, tmp: Path) -> None:
    """Issue 32 item 6: ``sheet show`` (the default view) at 100,000 deals against 10, as after
    a season of adds: the sheet's state kept (one show before the rounds keeps it). Each
    install keeps its states in a folder of its own (a state of another version is not read,
    and one install's would replace the other's at every show)."""
    for size in (10, 100_000):
        make_sheet(tmp / f"showl{size}.toml", size)
    for side, py in sides.items():
        cache = tmp / f"cache-show-{side}"
        cache.mkdir(mode=0o700, exist_ok=True)
        own = {**env, "SKATCALC_CACHE_DIR": str(cache)}
        commands: Commands = {}
        for size in (10, 100_000):
            args = [skatcalc(py), "sheet", "show", str(tmp / f"showl{size}.toml")]
            run(args, own)
            name = f"sheet show, {size:,} deals ({side})"
            commands[name] = lambda args=args, own=own: run(args, own)
        anchor = f"sheet show, 10 deals ({side})"
        against(f"sheet show at 100,000 deals ({side})", anchor, commands, rounds, memory=True)


def many(sides: dict[str, str], env: dict[str, str], rounds: int, tmp: Path) -> None:
    """Issue 32 item 7: ``sheet stats`` over a season of 200 evening sheets (36 deals each, each
    evening of other games) against reading the same files with tomllib alone; and
    ``tournament standings`` over a tournament's 198 table sheets against tomllib over the
    tournament file and its sheets.

    The season's sheets were 200 copies of one evening until issue 32 item 7's third session:
    the sheet reader's memo keeps the last sheet's tally (skatcalc/store/memo.py), so each
    copy after the first was totalled for nothing (`sheet stats` at 1.2x against 1.6x over 200
    evenings that differ, the same command and machine)."""
    paths = [str(p) for p in make_season(tmp / "season", 200, 36)]
    commands: Commands = {"tomllib over the 200 files": lambda: run(_bare(paths), env)}
    # each side its own cache folder: both keep a sheet's part in a file by the sheet's path, so
    # in one folder each install of another part version read the other's and read every sheet
    # whole (2.06x for both, where each alone is 0.6x: issue 32 item 7's fourth session)
    caches = tmp / "many-caches"
    stats = ["sheet", "stats", *paths]
    each_side(commands, "sheet stats, 200 sheets", sides, stats, env, caches=caches)
    # each sheet's part kept (store/stats_cache.py): the first run of a season, with an empty
    # cache folder, and a run with none (SKATCALC_CACHE_DIR="") read every sheet whole
    firsts = iter(range(1_000_000))
    for side, py in sides.items():

        def first(py: str = py) -> tuple[float, int]:
            cache = tmp / f"first-{next(firsts)}"
            cache.mkdir(mode=0o700)
            return run(
                [skatcalc(py), "sheet", "stats", *paths], {**env, "SKATCALC_CACHE_DIR": str(cache)}
            )

        commands[f"sheet stats, first run ({side})"] = first
        commands[f"sheet stats, no cache ({side})"] = lambda py=py: run(
            [skatcalc(py), "sheet", "stats", *paths], {**env, "SKATCALC_CACHE_DIR": ""}
        )
    against("a season of 200 evening sheets", "tomllib over the 200 files", commands, rounds)
    folder = tmp / "cup"
    folder.mkdir(exist_ok=True)
    cup, tables = make_tournament(folder)
    read = [str(cup), *map(str, tables)]
    commands = {f"tomllib over the {len(read)} files": lambda: run(_bare(read), env)}
    standings = ["tournament", "standings", str(cup)]
    each_side(commands, "tournament standings", sides, standings, env, caches=caches)
    # as for sheet stats: a first run (each table's part kept) and a run without a cache
    for side, py in sides.items():

        def first_standings(py: str = py) -> tuple[float, int]:
            cache = tmp / f"first-{next(firsts)}"
            cache.mkdir(mode=0o700)
            return run([skatcalc(py), *standings], {**env, "SKATCALC_CACHE_DIR": str(cache)})

        commands[f"tournament standings, first run ({side})"] = first_standings
        commands[f"tournament standings, no cache ({side})"] = lambda py=py: run(
            [skatcalc(py), *standings], {**env, "SKATCALC_CACHE_DIR": ""}
        )
    for form in (["--json"], ["--format", "csv"], ["--format", "html"], ["--after", "2"]):
        each_side(commands, f"standings {' '.join(form)}", sides, [*standings, *form], env,
                  caches=caches)  # fmt: skip
    title = f"a tournament of {len(tables)} table sheets"
    against(title, f"tomllib over the {len(read)} files", commands, rounds)


def _bare(paths: list[str]) -> list[str]:
    """``python -c`` reading each of ``paths`` with tomllib alone."""
    return [sys.executable, "-c", "import sys, tomllib\nfor name in sys.argv[1:]:\n"
            "    with open(name, 'rb') as f: tomllib.load(f)", *paths]  # fmt: skip


def batch_varied(sides: dict[str, str], env: dict[str, str], rounds: int, tmp: Path) -> None:
    """Issue 32 item 9: ``value --batch`` on 20,000 games as varied as real ones
    (bench/games.py ``varied``: every game type, tops 1-11, cards, announcements, Kontra, Re,
    bids), against the bare JSON loop over the same lines."""
    import json

    source = tmp / "varied.jsonl"
    source.write_text("".join(json.dumps(g) + "\n" for g in varied(20_000)))
    commands = {
        "bare JSON loop": lambda: run([sys.executable, str(HERE / "bare_jsonl.py")], env, source)
    }
    for side, py in sides.items():  # a twentieth of the games is refused: exit 3, as documented
        commands[f"value --batch, varied ({side})"] = lambda py=py: run(
            [skatcalc(py), "value", "--batch"], env, source, ok=(0, 3)
        )
    against("20,000 varied games", "bare JSON loop", commands, rounds)


FIGURES = {
    "startup": (startup, 20), "show": (show, 20), "add": (add, 9), "enter": (enter, 30),
    "batch": (batch, 7), "import": (import_, 5), "roundtrip": (roundtrip, 3),
    "nocache": (nocache, 5), "show_large": (show_large, 5), "many": (many, 9),
    "varied": (batch_varied, 9),
}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("before", nargs="?")
    parser.add_argument("--rounds", type=int)
    parser.add_argument("--only", default=",".join(FIGURES))
    parser.add_argument("--keep-env", action="store_true")
    args = parser.parse_args()
    sides = {"after": sys.executable}
    if args.before:
        sides = {"before": args.before, **sides}
        MAKER[0] = args.before
    print(f"load average at the start: {os.getloadavg()}, {os.cpu_count()} CPUs")
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        cache = tmp / "cache"
        cache.mkdir(mode=0o700)
        env = {**os.environ, "SKATCALC_CACHE_DIR": str(cache), "COLUMNS": "80"}
        if not args.keep_env:
            for name in ("PYTHONUNBUFFERED", "PYTHONDONTWRITEBYTECODE"):
                env.pop(name, None)
        print(f"PYTHONUNBUFFERED={env.get('PYTHONUNBUFFERED', '')!r}")
        for name in args.only.split(","):
            figure, rounds = FIGURES[name]
            print()
            figure(sides, env, args.rounds or rounds, tmp)
    print(f"\nload average at the end: {os.getloadavg()}")


if __name__ == "__main__":
    main()
