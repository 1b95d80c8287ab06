"""Move every CLI test onto the one runner, ``tests/cli/helpers.py`` ``cli`` (issue 19).

Before issue 19 there were two: the ``run`` fixture of ``tests/cli/conftest.py`` and
``helpers.cli``, with two result types, and several tests drove typer's ``CliRunner`` on a freshly
built app themselves. This rewrites the tests, textually, so that each calls ``cli(...)`` and
reads an ``Outcome(code, stdout, stderr)``; it is safe to run again (it changes nothing the
second time). Run from the repository root, then let ruff tidy the imports:

    python tools/one_cli_runner.py && ruff check --fix --select F401,I tests && ruff format tests

The rules, in order, for every ``tests/**/*.py`` but ``tests/cli/helpers.py``:

1. the fixture, in a file that takes it: a ``run: Run`` parameter is dropped (from tests and
   from the helpers that took the fixture along, and ``run`` passed on to such a helper too);
   ``run(`` becomes ``cli(``;
2. typer's runner: ``RUNNER.invoke(app, ARGS`` (also ``CliRunner().invoke``, ``runner.invoke``)
   becomes ``cli(*ARGS``, and ``cli(*["a", b])`` becomes ``cli("a", b)``; ``RUNNER =
   CliRunner()`` and ``runner = CliRunner()`` lines go;
3. in a file that used typer's runner, its result's ``.exit_code`` is ``.code``, ``.output`` (in
   assertion messages) is the outcome itself, ``typer.testing.Result`` is ``Outcome``, and the
   checks that a crash was caught go (``cli`` lets a crash fail the test);
4. ``from tests.cli.helpers import cli`` (and ``Outcome``) is added where used.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

FIXTURE = [
    (re.compile(r"\(run: Run\)"), "()"),
    (re.compile(r"\(\s*run: Run,\s*"), "("),
    (re.compile(r"\n(\s*)run: Run,\n"), "\n"),
    (re.compile(r",\s*run: Run\b"), ""),
    (re.compile(r"(?<=\()run,\s*"), ""),
    (re.compile(r"(?<=\()run\)"), ")"),
    (re.compile(r",\s*run\)"), ")"),
    (re.compile(r"(?<![\w.])run\("), "cli("),
]
TYPER = [
    (re.compile(r"(?:RUNNER|CliRunner\(\)|runner)\.invoke\(\s*app,\s*"), "cli(*"),
    (re.compile(r"^\s*(?:RUNNER|runner) = CliRunner\(\)\n", re.M), ""),
]
CAUGHT = r"^\s*assert \w+\.exception is None or isinstance\(\w+\.exception, SystemExit\)(, \w+)?\n"
RAISED = (
    r"^\s*if (\w+)\.exception is not None and not isinstance\(\1\.exception, SystemExit\):\n"
    r"\s*raise \1\.exception\n"
)
RESULTS = [
    (re.compile(r"\.exit_code\b"), ".code"),
    (re.compile(r"\b(\w+)\.output\b"), r"\1"),
    (re.compile(r"typer\.testing\.Result\b"), "Outcome"),
    (re.compile(CAUGHT, re.M), ""),
    (re.compile(RAISED, re.M), ""),
]


def _apply(text: str, rules: list[tuple[re.Pattern[str], str]]) -> str:
    for pattern, new in rules:
        text = pattern.sub(new, text)
    return text


def _unwrapped(text: str) -> str:
    """``cli(*["a", b])`` as ``cli("a", b)``: a list written out is given as the arguments it
    holds (a comprehension is left as it is)."""
    out, at = [], 0
    while (start := text.find("cli(*[", at)) != -1:
        depth, end = 0, start + 5
        for end in range(start + 5, len(text)):
            depth += {"[": 1, "(": 1, "{": 1, "]": -1, ")": -1, "}": -1}.get(text[end], 0)
            if depth == 0:
                break
        inner = text[start + 6 : end]
        whole = ast.parse(f"[{inner}]", mode="eval").body
        if isinstance(whole, ast.List):
            out.append(text[at:start] + "cli(" + inner.rstrip().rstrip(","))
        else:
            out.append(text[at : end + 1])
        at = end + 1
    return "".join(out) + text[at:]


def _import(text: str, name: str) -> str:
    """``text`` with ``from tests.cli.helpers import NAME`` after its last top-level import."""
    tree = ast.parse(text)
    for node in tree.body:
        helpers = isinstance(node, ast.ImportFrom) and node.module == "tests.cli.helpers"
        if helpers and any(alias.name == name for alias in node.names):  # type: ignore[union-attr]
            return text
    last = max(n.end_lineno or 0 for n in tree.body if isinstance(n, ast.Import | ast.ImportFrom))
    lines = text.splitlines(keepends=True)
    lines.insert(last, f"from tests.cli.helpers import {name}\n")
    return "".join(lines)


def main() -> int:
    changed = []
    for path in sorted(Path("tests").rglob("*.py")):
        if path.as_posix() in ("tests/cli/helpers.py", "tests/cli/conftest.py"):
            continue
        text = original = path.read_text(encoding="utf-8")
        if "run: Run" in text:  # the fixture (test_batch.py's run is skatcalc.batch.run)
            text = _apply(text, FIXTURE)
        if any(p.search(text) for p, _ in TYPER[:1]):
            text = _apply(_apply(text, TYPER), RESULTS)
        text = _unwrapped(text)
        if "cli(" in text and "def cli(" not in text:
            text = _import(text, "cli")
        if re.search(r"\bOutcome\b", text) and "Outcome" not in original:
            text = _import(text, "Outcome")
        if text != original:
            path.write_text(text, encoding="utf-8")
            changed.append(str(path))
    conftest = Path("tests/cli/conftest.py")
    if conftest.exists() and "def run(" in conftest.read_text(encoding="utf-8"):
        conftest.unlink()  # the fixture it held is the runner no more
        changed.append(f"{conftest} (removed)")
    print("\n".join(changed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
