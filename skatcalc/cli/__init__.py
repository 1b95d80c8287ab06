"""The command line: a thin Typer layer over the domain core.

It parses options, calls the domain and the store, picks the output (plain, rich, JSON), and
turns the domain's errors into a message and an exit code in one place (:mod:`.errors`).
"""

from __future__ import annotations


def main() -> None:
    """Run the ``skatcalc`` command."""
    import sys

    if sys.argv[1:] == ["value", "--batch"]:
        # The scripting hot path takes no other option, so it skips building the Typer app
        # (about 45 ms of start-up; bench/batch.py).
        from skatcalc.batch import run, summary

        failed = run(sys.stdin, sys.stdout.write)
        if failed:
            sys.stderr.write(f"error: {summary(failed)}\n")
        sys.exit(3 if failed else 0)
    from skatcalc.cli.app import build

    build(sys.argv[1] if len(sys.argv) > 1 else None)()
