"""What the table mode's line editor costs to import, side by side with the bare interpreter.

``skatcalc sheet play`` imports prompt_toolkit (PromptSession, WordCompleter) inside the command,
and only at a terminal; every other command must not pay for it (tests/cli/test_startup.py).
This measures the price: each command N times, interleaved, median wall time.

    python bench/line_editor.py          # 20 rounds
    python bench/line_editor.py 50
"""

from __future__ import annotations

import sys

from timing import interleaved

EDITOR = (
    "from prompt_toolkit import PromptSession; from prompt_toolkit.completion import WordCompleter"
)


def commands() -> dict[str, list[str]]:
    python = sys.executable
    return {
        "python -c pass": [python, "-c", "pass"],
        "import prompt_toolkit": [python, "-c", EDITOR],
        "import skatcalc.cli.sheet": [python, "-c", "import skatcalc.cli.sheet"],
    }


def measure(rounds: int) -> dict[str, float]:
    return interleaved(commands(), rounds)


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    medians = measure(rounds)
    floor = medians["python -c pass"]
    print(f"import cost, median of {rounds} interleaved runs")
    for name, ms in medians.items():
        print(f"  {name:<26} {ms:7.1f} ms   +{ms - floor:6.1f} ms over python -c pass")


if __name__ == "__main__":
    main()
