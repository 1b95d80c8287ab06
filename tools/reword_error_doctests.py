"""Rewrite the doctests whose expected traceback shows an error's sentence (issue 19).

``str(error)`` of a SkatError is its code and params since issue 19 (the words are made by the
edge that shows an error, ``skatcalc.words.message``). A doctest that expects a SkatError's
traceback with the old sentence fails; this script runs every doctest of the package and puts
the exception line the code raises now in place of the expected one, only where the expected
line is a SkatError's and the example raised a SkatError. Run it from the repository root; run
it again until it says nothing is left (an example may depend on one before it):

    python tools/reword_error_doctests.py            # rewrite in place, list what changed
    python tools/reword_error_doctests.py --check    # list only; exit 1 if anything would change
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import sys
from pathlib import Path
from typing import Any

import skatcalc
from skatcalc.errors import SkatError


class _Collect(doctest.DocTestRunner):
    def __init__(self) -> None:
        super().__init__(optionflags=doctest.NORMALIZE_WHITESPACE)
        self.found: list[tuple[doctest.DocTest, doctest.Example, str]] = []
        self.raised: BaseException | None = None

    def report_failure(self, out: Any, test: doctest.DocTest, example: doctest.Example,
                       got: str) -> None:  # fmt: skip
        if example.exc_msg is None or "Traceback (most recent call last)" not in got:
            return
        line = got.rstrip("\n").splitlines()[-1]
        if line.split(":", 1)[0].rsplit(".", 1)[-1] in _ERRORS:
            self.found.append((test, example, line))


def _classes(root: type) -> set[str]:
    todo, found = [root], set()
    while todo:
        cls = todo.pop()
        found.add(cls.__name__)
        todo.extend(cls.__subclasses__())
    return found


_ERRORS: set[str] = set()


def main() -> int:
    check = "--check" in sys.argv
    modules = [importlib.import_module(i.name)
               for i in pkgutil.walk_packages(skatcalc.__path__, "skatcalc.")]  # fmt: skip
    _ERRORS.update(_classes(SkatError))
    runner = _Collect()
    edits: dict[str, list[tuple[int, int, str, int]]] = {}
    for module in [skatcalc, *modules]:
        for test in doctest.DocTestFinder().find(module):
            if not test.examples or test.filename is None or test.lineno is None:
                continue
            runner.run(test, out=lambda _text: None)
    for test, example, line in runner.found:
        assert test.filename is not None and test.lineno is not None
        start = test.lineno + example.lineno + example.source.count("\n")
        end = start + example.want.count("\n")
        edits.setdefault(test.filename, []).append((start, end, line, test.lineno))
    for filename, changes in sorted(edits.items()):
        lines = Path(filename).read_text(encoding="utf-8").splitlines(keepends=True)
        for start, end, line, opened in sorted(changes, reverse=True):
            want = lines[start:end]
            head = next(n for n, text in enumerate(want) if text.strip().split(":", 1)[0]
                        .rsplit(".", 1)[-1] in _ERRORS and ":" in text)  # fmt: skip
            indent = want[head][: len(want[head]) - len(want[head].lstrip())]
            name = want[head].strip().split(":", 1)[0]
            said = line.split(":", 1)[1]
            if 'r"""' not in lines[opened]:  # in a plain docstring a backslash is written twice
                said = said.replace("\\", "\\\\")
            new = f"{indent}{name}:{said}\n"
            print(f"{filename}:{start + head + 1}: {new.strip()}")
            lines[start + head : end] = [new]
        if not check:
            Path(filename).write_text("".join(lines), encoding="utf-8")
    return 1 if check and edits else 0


if __name__ == "__main__":
    sys.exit(main())
