"""The command line: a thin Typer layer over the domain core.

It parses options, calls the domain and the store, picks the output (plain, rich, JSON), and
turns the domain's errors into a message and an exit code in one place (:mod:`.errors`).
"""

from __future__ import annotations


def main() -> None:
    """Run the ``skatcalc`` command."""
    import sys

    language = _take_language(sys.argv)
    if language is not None and language not in ("en", "de"):
        sys.stderr.write(
            f"error: unknown language {language!r}: skatcalc speaks en (English) and de (Deutsch)\n"
            if language
            else "error: --lang needs a language: en or de\n"
        )
        sys.exit(2)
    if sys.argv[1:] == ["value", "--batch"]:
        # The scripting hot path takes no other option, so it skips building the Typer app
        # (about 45 ms of start-up; bench/batch.py).
        from skatcalc.batch import run, summary

        failed = run(sys.stdin, sys.stdout.write)
        if failed:
            sys.stderr.write(f"error: {summary(failed)}\n")
        sys.exit(3 if failed else 0)
    from skatcalc.cli.app import build
    from skatcalc.errors import SkatError
    from skatcalc.words import detect, use

    try:
        if language == "":
            raise SkatError("--lang needs a language: en or de")
        use(detect(language))
    except SkatError as error:
        sys.stderr.write(f"error: {error}\n")
        sys.exit(2)
    build(sys.argv[1] if len(sys.argv) > 1 else None)()


def _take_language(argv: list[str]) -> str | None:
    """Take ``--lang CODE`` (or ``--lang=CODE``) out of the arguments, wherever it stands:
    the language is one setting for the whole call, before or after the command."""
    for i, arg in enumerate(argv[1:], 1):
        if arg == "--":
            return None
        if arg.startswith("--lang="):
            del argv[i]
            return arg.removeprefix("--lang=")
        if arg == "--lang":
            code = argv[i + 1] if i + 1 < len(argv) else ""
            del argv[i : i + 2]
            return code
    return None
