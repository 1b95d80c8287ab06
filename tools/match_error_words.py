"""Match an error's words, not its ``str``, in tests (issue 19).

``str(error)`` of a SkatError is its code and params since issue 19, so
``pytest.raises(TopsError, match="grand has 4 tops")`` no longer matches. This rewrites every
``pytest.raises(E, match=...)`` whose ``E`` is a SkatError class into
``raises_saying(E, match=...)`` (tests/said.py: the same match, on ``words.message(error)``) and
imports it. Run from the repository root; it changes nothing the second time:

    python tools/match_error_words.py && ruff check --fix --select F401,I tests && ruff format tests

A test that reads ``str(error)`` of a SkatError for its words is not found here: ``grep -rn
"str(error\\|str(caught\\|str(e\\." tests`` and call ``skatcalc.words.message`` instead.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
import sys
from pathlib import Path

import skatcalc
from skatcalc.errors import SkatError


def _classes() -> set[str]:
    for info in pkgutil.walk_packages(skatcalc.__path__, "skatcalc."):
        importlib.import_module(info.name)
    todo, found = [SkatError], set()
    while todo:
        cls = todo.pop()
        found.add(cls.__name__)
        todo.extend(cls.__subclasses__())
    return found


RAISES = re.compile(r"pytest\.raises\((\s*)(\w+),(\s*)match=")
IMPORT = "from tests.said import raises_saying\n"


def main() -> int:
    errors = _classes()
    for path in sorted(Path("tests").rglob("*.py")):
        if path.as_posix() == "tests/said.py":
            continue
        text = path.read_text(encoding="utf-8")

        def said(found: re.Match[str]) -> str:
            if found.group(2) not in errors:
                return found.group(0)
            return f"raises_saying({found.group(1)}{found.group(2)},{found.group(3)}match="

        new = RAISES.sub(said, text)
        if new == text:
            continue
        if IMPORT not in new:
            tree = ast.parse(new)
            last = max(
                n.end_lineno or 0 for n in tree.body if isinstance(n, ast.Import | ast.ImportFrom)
            )
            lines = new.splitlines(keepends=True)
            lines.insert(last, IMPORT)
            new = "".join(lines)
        path.write_text(new, encoding="utf-8")
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
