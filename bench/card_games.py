"""``score()`` of a game told by its cards, side by side with a game told by its tops (issue 32
item 9: a card game's score at most ~10 µs).

The games are bench/games.py's ``varied(20000)``, their options as ``value --batch`` passes
them (:func:`skatcalc.spec.options`): the 2,584 told by their cards (a hand and a skat in the
notation, ``CJ SA ...``) and the others; and parse_cards of texts written otherwise
(:data:`OTHER_TEXTS`). Each figure is the best of N passes over all of them,
in µs a game, with the ratio card game / tops game (the machine's noise hits both alike).
With trees (folders holding a ``skatcalc`` package, e.g. ``git archive main skatcalc | tar -x
-C /tmp/before``) each is measured in a fresh process (``python -S``, the tree first on the
path: an editable install's finder is not loaded), interleaved, so before and after are side by
side.

    python bench/card_games.py [--passes N] [--rounds N] [TREE ...]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import timeit
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def _games() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    from skatcalc.spec import options

    sys.path.insert(0, str(HERE))
    from games import varied

    cards, tops = [], []
    for game in varied(20000):
        data = json.loads(json.dumps(game))  # as a log line reads back
        data.pop("bock", None)
        (cards if "cards" in data else tops).append(options(data))
    return cards, tops


def _best(passes: int, run: Callable[[], object], count: int) -> float:
    return min(timeit.repeat(run, number=1, repeat=passes)) / count * 1e6


def measure(passes: int) -> str:
    """One line: the figures of the skatcalc this process imports."""
    from skatcalc.cards import parse_cards
    from skatcalc.errors import SkatError
    from skatcalc.value import score

    cards, tops = _games()

    def scored(games: list[dict[str, Any]]) -> Callable[[], None]:
        def run() -> None:
            for game in games:
                try:  # noqa: SIM105 - contextlib.suppress: a context manager a game, timed too
                    score(**game)
                except SkatError:
                    pass

        return run

    hands = [game["cards"] for game in cards]
    skats = [game["skat"] for game in cards]
    card = _best(passes, scored(cards), len(cards))
    top = _best(passes, scored(tops), len(tops))
    hand = _best(passes, lambda: [parse_cards(text) for text in hands], len(hands))
    skat = _best(passes, lambda: [parse_cards(text) for text in skats], len(skats))
    others = [
        _best(passes, lambda text=text: [parse_cards(text) for _ in range(2000)], 2000)
        for text in OTHER_TEXTS
    ]
    return (
        f"score(): card game {card:5.2f} µs, tops game {top:5.2f} µs, ratio {card / top:4.2f}; "
        f"parse_cards: hand {hand:4.2f} µs, skat {skat:4.2f} µs ({len(cards)} card games); "
        f"other texts: {' '.join(f'{t:4.2f}' for t in others)} µs"
    )


OTHER_TEXTS = (
    "cq ha dj ct h7 ca hq s9 hj c9",
    "CQ,HA,DJ,CT,H7,CA,HQ,S9,HJ,C9",
    "Kreuz Bube Herz Zehn Pik Ass",
    "♣J ♠10 ♥A ♦7",
)
"""Cards as players write them (lower case, commas, German words, symbols): parse_cards in µs
a text, so that a path for the notation is seen to cost them nothing."""


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--passes", type=int, default=9)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--here", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("trees", nargs="*")
    args = parser.parse_args()
    if args.here or not args.trees:
        print(measure(args.passes))
        return
    width = max(len(tree) for tree in args.trees)
    for _ in range(args.rounds):
        for tree in args.trees:
            env = {**os.environ, "PYTHONPATH": str(Path(tree).resolve())}
            cmd = [sys.executable, "-S", __file__, "--here", "--passes", str(args.passes)]
            done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
            print(f"{tree:<{width}}  {done.stdout.strip()}")


if __name__ == "__main__":
    main()
