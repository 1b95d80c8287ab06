"""The layout keeps its promise: the domain core returns data, words are made at the edge.

Read from the source (ast), so the checks hold for every line, not only the lines a test runs:

- the domain modules import no words, no terminal or CLI library, no file format and no store;
- the formats and the words are pure too: no terminal or CLI library, no store, no files;
- docs/development.md maps every module;
- every error skatcalc raises is data: its first argument is the key of a sentence that both
  word tables hold, never a sentence made at the raise site.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import skatcalc
from skatcalc.errors import SkatError
from skatcalc.words import de, en

ROOT = Path(skatcalc.__file__).parent

DOMAIN = [
    "cards.py", "games.py", "value.py", "bidding.py", "spec.py", "notation.py",
    "sheet/model.py", "sheet/stats.py", "sheet/entry.py",
    "tournament/model.py", "tournament/draw.py", "tournament/standings.py",
]  # fmt: skip
"""The pure core: rules, cards, the sheet and tournament models. ``errors.py`` is core too, and
asks the words layer for an error's sentence only when the error is shown (``__str__``)."""

EDGE = (
    "skatcalc.words", "skatcalc.cli", "skatcalc.store", "skatcalc.formats", "skatcalc.batch",
    "rich", "typer", "click", "prompt_toolkit", "tomllib", "tomli_w", "rtoml", "csv", "json",
    "os", "sys", "pathlib", "io", "shutil", "tempfile",
)  # fmt: skip


def _modules() -> list[str]:
    return sorted(str(p.relative_to(ROOT)) for p in ROOT.rglob("*.py"))


def _tree(name: str) -> ast.Module:
    return ast.parse((ROOT / name).read_text(encoding="utf-8"), name)


def _error_classes() -> set[str]:
    for info in pkgutil.walk_packages(skatcalc.__path__, "skatcalc."):
        importlib.import_module(info.name)
    found: set[str] = set()
    todo: list[type] = [SkatError]
    while todo:
        cls = todo.pop()
        found.add(cls.__name__)
        todo.extend(cls.__subclasses__())
    return found


def _imports(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def _sentences(tree: ast.Module, classes: set[str]) -> list[str]:
    """Every construction of a SkatError whose first argument is not a word key both tables hold
    (a key, an f-string of keys, or the ``code`` of another error), as ``line: source``."""
    bad = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name | ast.Attribute)):
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else node.func.attr
        if name not in classes or not node.args:
            continue
        first = node.args[0]
        if isinstance(first, ast.Constant) and first.value in en.WORDS and first.value in de.WORDS:
            continue
        if isinstance(first, ast.Attribute) and first.attr == "code":
            continue
        if isinstance(first, ast.Name) and first.id in {"code", "key"}:
            continue
        if isinstance(first, ast.JoinedStr) and isinstance(first.values[0], ast.Constant):
            prefix = str(first.values[0].value)
            if prefix.startswith("err.") and any(k.startswith(prefix) for k in en.WORDS):
                continue
        bad.append(f"{node.lineno}: {ast.unparse(node)[:100]}")
    return bad


@pytest.mark.parametrize("name", DOMAIN)
def test_the_domain_imports_no_edge(name: str) -> None:
    edge = {n for n in _imports(_tree(name)) if n.split(".")[0] in EDGE or n.startswith(EDGE)}
    assert not edge, f"{name} imports {sorted(edge)}: the domain core returns data"


@pytest.mark.parametrize("name", _modules())
def test_every_error_is_a_code(name: str) -> None:
    bad = _sentences(_tree(name), _error_classes())
    assert not bad, f"{name} raises sentences, not word keys:\n" + "\n".join(bad)


OUTPUTS = [name for name in _modules() if name.startswith(("formats/", "words/"))] + [
    "batch.py",
    "report.py",
]
"""Pure functions from data and words to text (and back, for imports): no I/O of their own."""
OUTPUT_EDGE = {
    e for e in EDGE if e not in {"skatcalc.words", "skatcalc.formats", "csv", "json", "io"}
}
"""What the domain may not import, less what text is made with (csv and json write to an
in-memory ``io.StringIO``; the words and formats are this layer)."""


@pytest.mark.parametrize("name", OUTPUTS)
def test_the_formats_and_words_do_no_io(name: str) -> None:
    edge = {
        n
        for n in _imports(_tree(name))
        if n.split(".")[0] in OUTPUT_EDGE
        or any(n == e or n.startswith(f"{e}.") for e in OUTPUT_EDGE)
    }
    if name == "words/__init__.py":
        edge -= {"os"}  # reads the environment's language (detect), never a file
    assert not edge, f"{name} imports {sorted(edge)}: formats and words are pure"


def test_the_module_map_names_every_module() -> None:
    text = (ROOT.parent / "docs" / "development.md").read_text(encoding="utf-8")
    named = set(re.findall(r"^\s+skatcalc/(\S+\.py)\s", text, flags=re.M))
    assert named == set(_modules()), (
        f"missing from docs/development.md: {sorted(set(_modules()) - named)}; "
        f"named but gone: {sorted(named - set(_modules()))}"
    )
