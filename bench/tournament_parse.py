"""Reading a tournament file is linear in its size: a field of N and of 2N players, N and 2N
series, timed side by side; the ratio of each pair is what counts (2 for linear, 4 for the
quadratic parse issue 20 found: 40,000 players or 8,000 series took about a minute).

    python bench/tournament_parse.py [PLAYERS] [SERIES] [ROUNDS]

Defaults: 20,000 players (one series drawn: 6,666 tables), 4,000 series of one table, with
half the field withdrawn and in pairs (teams); medians of ROUNDS (default 5), interleaved.
The text is parsed in one process by the codec (:func:`skatcalc.store.tournament_codec.parse`),
beside ``tomllib.loads`` of the same text, the floor.
"""

from __future__ import annotations

import statistics
import sys
import time
import tomllib

from skatcalc.store.tournament_codec import parse


def field(players: int) -> str:
    """A tournament of ``players``, one series drawn at tables of three, half of them
    withdrawn, every two of them a pair."""
    names = [f"P{i}" for i in range(players)]
    lines = [
        'format = 1\nname = "Bench"',
        "players = [" + ", ".join(f'"{n}"' for n in names) + "]",
        "withdrawn = [" + ", ".join(f'"{n}"' for n in names[::2]) + "]",
        "planned = 1\n\n[teams]",
        *(f'T{i} = ["{names[i]}", "{names[i + 1]}"]' for i in range(0, players - 1, 2)),
        "\n[[series]]\nseed = 1",
    ]
    for t in range(0, players - 2, 3):
        table = ", ".join(f'"{n}"' for n in names[t : t + 3])
        lines.append(f'\n[[series.table]]\nplayers = [{table}]\nsheet = "b-s1-t{t // 3 + 1}.toml"')
    return "\n".join(lines) + "\n"


def series(count: int) -> str:
    """A tournament of three players and ``count`` series of one table."""
    lines = ['format = 1\nname = "Bench"\nplayers = ["A", "B", "C"]', f"planned = {count}"]
    for s in range(1, count + 1):
        lines.append(
            f'\n[[series]]\nseed = {s}\n\n[[series.table]]\nplayers = ["A", "B", "C"]\n'
            f'sheet = "b-s{s}-t1.toml"'
        )
    return "\n".join(lines) + "\n"


def timed(what: object, text: str) -> float:
    start = time.perf_counter()
    what(text)  # type: ignore[operator]
    return time.perf_counter() - start


def main() -> None:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 4_000
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    texts = {
        f"{players} players": field(players),
        f"{2 * players} players": field(2 * players),
        f"{count} series": series(count),
        f"{2 * count} series": series(2 * count),
    }
    times: dict[str, list[float]] = {f"{k} {w}": [] for k in texts for w in ("parse", "tomllib")}
    for _ in range(rounds):
        for name, text in texts.items():
            times[f"{name} parse"].append(timed(parse, text))
            times[f"{name} tomllib"].append(timed(tomllib.loads, text))
    median = {k: statistics.median(v) for k, v in times.items()}
    for name, text in texts.items():
        ours, floor = median[f"{name} parse"], median[f"{name} tomllib"]
        print(f"{name:>16}: {len(text) >> 10:6} KB  parse {ours:6.3f} s  tomllib {floor:6.3f} s"
              f"  ({ours / floor:4.1f}x)")  # fmt: skip
    names = list(texts)
    for small, large in (names[0:2], names[2:4]):
        ratio = median[f"{large} parse"] / median[f"{small} parse"]
        print(f"{large} / {small}: {ratio:.2f} (linear: 2, quadratic: 4)")


if __name__ == "__main__":
    main()
