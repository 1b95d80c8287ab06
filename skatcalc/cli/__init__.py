"""The command line: a thin Typer layer over the domain core.

It parses options, calls the domain and the store, picks the output (plain, rich, JSON), and
turns the domain's errors into a message and an exit code in one place (:mod:`.errors`).
"""

from __future__ import annotations


def main() -> None:
    """Run the ``skatcalc`` command."""
    import sys

    from skatcalc.cli.app import build

    build(sys.argv[1] if len(sys.argv) > 1 else None)()
