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


SUITS = "CSHD"
RANKS = "789TJQKA"
DECK = [s + r for s in SUITS for r in RANKS]


def _game_of(rng: random.Random) -> dict[str, object]:
    """One game as varied as real ones: every game type, tops 1 to 11 (or cards dealt),
    hand, announcements, ouvert, Kontra and Re, bids."""
    kind = rng.choices(["suit", "grand", "null"], weights=[55, 33, 12])[0]
    if kind == "null":
        game: dict[str, object] = {"game": "null", "tricks": rng.choice([0, 0, 0, 1, 2, 5])}
        game["ouvert"], game["hand"] = rng.random() < 0.3, rng.random() < 0.25
        return _contested(rng, game)
    name = rng.choice(["clubs", "spades", "hearts", "diamonds"]) if kind == "suit" else "grand"
    game = {"game": name}
    if rng.random() < 0.15:  # the cards instead of the tops: ten in hand, two in the skat
        cards = rng.sample(DECK, 12)
        game["cards"], game["skat"] = " ".join(cards[:10]), " ".join(cards[10:])
    else:
        game[rng.choice(["with", "without"])] = rng.randint(1, 11 if kind == "suit" else 4)
    game["hand"] = rng.random() < 0.25
    if game["hand"] and rng.random() < 0.3:
        game["schneider"] = True  # announced
        if rng.random() < 0.3:
            game["schwarz"] = True
            game["ouvert"] = rng.random() < 0.3
    if game.get("schwarz"):
        game["tricks"] = rng.choice([10, 10, 9])
    else:
        game["points"] = rng.choice([p for p in range(0, 121) if p not in (1, 119)])
    return _contested(rng, game)


def _contested(rng: random.Random, game: dict[str, object]) -> dict[str, object]:
    """A bid (now and then one the game does not cover), Kontra and Re."""
    if rng.random() < 0.6:
        game["bid"] = rng.choice([18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 46, 48, 59,
                                  60, 72, 84, 96, 120])  # fmt: skip
    if rng.random() < 0.12:
        game["kontra"] = True
        game["re"] = rng.random() < 0.25
    return game


def varied(count: int, seed: int = 32) -> list[dict[str, object]]:
    """``count`` games as varied as real ones (:func:`_game_of`): few repeat, unlike
    :func:`games`, whose few kinds a batch keeps (issue 32 item 9)."""
    rng = random.Random(seed)
    return [_game_of(rng) for _ in range(count)]


if __name__ == "__main__":
    for game in games(int(sys.argv[1]) if len(sys.argv) > 1 else 20000):
        sys.stdout.write(json.dumps(game) + "\n")
