"""Make a JSON-lines file of plausible games (deterministic), for the batch benchmarks.

python bench/games.py 20000 > /tmp/games.jsonl
"""

from __future__ import annotations

import json
import random
import sys


def games(count: int, seed: int = 36) -> list[dict[str, object]]:
    rng = random.Random(seed)
    out: list[dict[str, object]] = []
    for _ in range(count):
        kind = rng.choices(["suit", "grand", "null"], weights=[60, 30, 10])[0]
        if kind == "null":
            game: dict[str, object] = {"game": "null", "tricks": rng.choice([0, 0, 0, 1, 2])}
            game["ouvert"] = rng.random() < 0.3
            game["hand"] = rng.random() < 0.2
            out.append(game)
            continue
        name = rng.choice(["clubs", "spades", "hearts", "diamonds"]) if kind == "suit" else "grand"
        top = 4 if name == "grand" else 11
        game = {"game": name, rng.choice(["with", "without"]): rng.randint(1, min(top, 4))}
        game["hand"] = rng.random() < 0.2
        game["points"] = rng.choice([p for p in range(0, 121) if p not in (1, 119)])
        if rng.random() < 0.3:
            game["bid"] = rng.choice([18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 46, 48])
        if rng.random() < 0.05:
            game["kontra"] = True
        out.append(game)
    return out


if __name__ == "__main__":
    for game in games(int(sys.argv[1]) if len(sys.argv) > 1 else 20000):
        sys.stdout.write(json.dumps(game) + "\n")
