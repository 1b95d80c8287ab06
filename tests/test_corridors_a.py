"""The corridors of issue 19 that the layer test does not walk (read from the source, ast):

- the command line builds no sentence: every line it prints comes whole from the words layer
  (no f-string with words in it, no phrases joined, no text glued to words);
- JSON is written and read in one module, formats/json.py: no other module imports json;
- cli/sheet.py and cli/play.py do not import each other, in either direction, at any depth of a
  function.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import skatcalc

ROOT = Path(skatcalc.__file__).parent

CLI = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "cli").glob("*.py"))

FRAGMENTS = {
    "cli/errors.py": re.compile(r"error: |\n"),  # the one place an error becomes its line
    "cli/__init__.py": re.compile(r"error: |\n|: "),  # the last guard; Python's own names
    "cli/app.py": re.compile(r"skatcalc "),  # --version: the program's name and version
    "cli/sheet.py": re.compile(r"(jf|dm|lt)="),  # notation words handed to the notation reader
    "cli/render.py": re.compile(r"\x1b\[(0m)?|m"),  # a style's escape around a line
    "cli/help.py": re.compile(r"  \[|\]|; "),  # Click's own ``[default: x; required]`` marks
}
"""Text a module of cli/ may put in an f-string, join with, or glue on, and why; anything else
with a letter or punctuation there is a sentence made outside words/."""
_KEY_PART = re.compile(r"[a-z_]*(\.[a-z_]*)*")
"""A part of a word key or a module's name (``help.cmd.``, ``skatcalc.``): not a sentence."""
_JOINS = {"\n", " ", "", "."}
"""Joined with these: lines into text, typed words back into a line, a key from its parts."""


def _tree(name: str) -> ast.Module:
    return ast.parse((ROOT / name).read_text(encoding="utf-8"), name)


def _made_sentences(tree: ast.Module, allowed: re.Pattern[str] | None = None) -> list[str]:
    params: set[int] = set()  # values handed to an error as its params: data, not sentences
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            params.update(id(keyword.value) for keyword in node.keywords)
    bad = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            for part in node.values:
                if isinstance(part, ast.Constant):
                    text = str(part.value)
                    if not text.strip() or _KEY_PART.fullmatch(text):
                        continue
                    if allowed is not None and allowed.fullmatch(text):
                        continue
                    bad.append(f"{node.lineno}: f-string {ast.unparse(node)[:70]}")
                    break
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "join"
            and isinstance(node.func.value, ast.Constant)
            and node.func.value.value not in _JOINS
            and not (allowed and allowed.fullmatch(str(node.func.value.value)))
            and id(node) not in params
        ):
            bad.append(f"{node.lineno}: joined {ast.unparse(node)[:70]}")
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            sides = (node.left, node.right)
            text = [s.value for s in sides if isinstance(s, ast.Constant)]
            if (
                text
                and isinstance(text[0], str)
                and text[0] != "\n"
                and not _KEY_PART.fullmatch(text[0])
                and not (allowed and allowed.fullmatch(text[0]))
            ):
                bad.append(f"{node.lineno}: glued {ast.unparse(node)[:70]}")
    return bad


@pytest.mark.parametrize("name", [n for n in CLI if n not in {"cli/usage.py"}])
def test_the_command_line_builds_no_sentence(name: str) -> None:
    """cli/usage.py words Click's own usage errors from Click's parts (issue 19, point 7)."""
    bad = _made_sentences(_tree(name), FRAGMENTS.get(name))
    assert not bad, f"{name} builds lines the words layer should make:\n" + "\n".join(bad)


def test_the_check_sees_a_sentence() -> None:
    """The check above finds each kind of sentence it looks for."""
    source = 'f"{name} pays {amount}"\n", ".join(names)\n"  " + w("x")\nraise E("k", names=", ".join(n))\n'
    bad = _made_sentences(ast.parse(source))
    assert sorted(line.split(":")[0] for line in bad) == ["1", "2", "3"], bad


def _imports(tree: ast.Module, package: str) -> set[str]:
    """Every module a tree imports, relative imports resolved against ``package``."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def test_json_is_written_and_read_in_formats_json_alone() -> None:
    users = []
    for path in sorted(ROOT.rglob("*.py")):
        name = str(path.relative_to(ROOT))
        package = "skatcalc." + ".".join(Path(name).parent.parts)
        if name != "formats/json.py" and "json" in {
            n.split(".")[0] for n in _imports(_tree(name), package.rstrip("."))
        }:
            users.append(name)
    assert users == [], f"import json outside formats/json.py: {users}"


@pytest.mark.parametrize(
    ("name", "other"),
    [("cli/sheet.py", "skatcalc.cli.play"), ("cli/play.py", "skatcalc.cli.sheet")],
)
def test_sheet_and_play_do_not_import_each_other(name: str, other: str) -> None:
    imported = _imports(_tree(name), "skatcalc.cli")
    assert other not in imported, f"{name} imports {other}"
