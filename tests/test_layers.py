"""The layout keeps its promise: the domain core returns data, words are made at the edge.

Read from the source (ast), so the checks hold for every line, not only the lines a test runs;
a module is checked the day it is written, with nothing to add here:

- every module is domain unless it sits under one of the edge folders (words/, formats/,
  store/, cli/) or is one of the few edge modules named in :data:`EDGE_MODULES`; the domain
  imports no words, no terminal or CLI library, no file format, no store, nothing of the OS;
- no import cycle among skatcalc's modules, counting the imports inside functions (a lazy
  import is still an edge) and relative ones;
- no file I/O outside store/ (one named exception, with its reason);
- no JSON outside formats/json.py (the json module imported);
- no sentence made outside words/: only words/ and formats/ read the word tables, and only
  words/, formats/ and cli/ put anything in words;
- the words and the formats import no CLI library and no store;
- no arrow runs back up: nothing under sheet/, tournament/ or words/ imports store/, formats/
  or cli/ (a store face lives in store/, a helper both sides need in a neutral leaf);
- docs/development.md maps every module;
- every error skatcalc raises is data: its first argument is the key of a sentence that both
  word tables hold, never a sentence made at the raise site.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

import skatcalc
from skatcalc.errors import SkatError
from skatcalc.words import de, en

ROOT = Path(skatcalc.__file__).parent

EDGE_FOLDERS = ("words/", "formats/", "store/", "cli/")
"""Where the edges live: words, output formats, file I/O, the command line."""
EDGE_MODULES = {
    "__init__.py": "the library API: names the sheet, the tournament, the store and the words "
    "for a Python user, each imported only when first asked for (docs/library.md)",
    "__main__.py": "python -m skatcalc: starts the command line",
    "batch.py": "JSON lines in and out for `value --batch`: the fast text path",
    "report.py": "the library name skatcalc.report for words/report.py",
}
"""The edge modules outside the edge folders, each with why it is an edge."""

EDGE = (
    "skatcalc.words", "skatcalc.cli", "skatcalc.store", "skatcalc.formats", "skatcalc.batch",
    "skatcalc.report",
    "rich", "typer", "click", "prompt_toolkit", "tomllib", "tomli_w", "rtoml", "csv", "json",
    "os", "sys", "pathlib", "io", "shutil", "tempfile", "subprocess", "socket", "signal",
)  # fmt: skip
"""What the domain may not import."""


def _modules() -> list[str]:
    return sorted(str(p.relative_to(ROOT)) for p in ROOT.rglob("*.py"))


def _is_edge(name: str) -> bool:
    return name.startswith(EDGE_FOLDERS) or name in EDGE_MODULES


DOMAIN = [name for name in _modules() if not _is_edge(name)]
"""The pure core, by exclusion: every module that is not an edge."""


def _dotted(name: str) -> str:
    """``sheet/model.py`` -> ``skatcalc.sheet.model``; ``words/__init__.py`` -> ``skatcalc.words``."""
    parts = ["skatcalc", *name.removesuffix(".py").split("/")]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_dotted(name): name for name in _modules()}


@cache
def _tree(name: str) -> ast.Module:
    return ast.parse((ROOT / name).read_text(encoding="utf-8"), name)


def _is_type_checking(node: ast.AST) -> bool:
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and isinstance(test, ast.Name | ast.Attribute) and (
        getattr(test, "id", None) == "TYPE_CHECKING" or getattr(test, "attr", None) == "TYPE_CHECKING"
    )  # fmt: skip


def _walk(node: ast.AST, *, typing: bool = True) -> Iterator[ast.AST]:
    """Every node under ``node``, in functions too; without ``typing``, not the imports of an
    ``if TYPE_CHECKING:`` block (they never run)."""
    for child in ast.iter_child_nodes(node):
        if not typing and _is_type_checking(child):
            assert isinstance(child, ast.If)
            for branch in child.orelse:  # ``else:`` runs
                yield branch
                yield from _walk(branch, typing=typing)
            continue
        yield child
        yield from _walk(child, typing=typing)


def _imports(name: str, *, typing: bool = True) -> set[str]:
    """The absolute names of the modules ``name`` imports anywhere (:func:`_imported`)."""
    return _imported(_tree(name), _dotted(name), name.endswith("__init__.py"), typing=typing)


def _imported(tree: ast.Module, dotted: str, package: bool, *, typing: bool = True) -> set[str]:
    """The absolute names of the modules the module ``dotted`` (a ``package`` or not) imports
    anywhere, relative imports resolved; ``from a import b`` is ``a``, whose ``__init__`` runs
    first (unless it is a parent, which runs anyway), and ``a.b`` too where that is a module of
    skatcalc."""
    home = dotted if package else dotted.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in _walk(tree, typing=typing):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = home.split(".")[: len(home.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, *([base] if base else [])])
            if not dotted.startswith(base + "."):
                found.add(base)
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                if sub in MODULES:
                    found.add(sub)
    return found


def _named(name: str) -> set[str]:
    """The modules of skatcalc ``name`` imports by their name as text: a string that is a
    module's dotted name (``COMMANDS`` in cli/app.py, for importlib), or the f-string given to
    ``importlib.import_module`` (``f"skatcalc.formats.{x}"``: every module it can make)."""
    found: set[str] = set()
    for node in _walk(_tree(name)):
        # "skatcalc" as text is the program's name (its cache and config folders), and the
        # package is every module's parent, which runs first anyway (as in _imported)
        if isinstance(node, ast.Constant) and node.value in MODULES and node.value != "skatcalc":
            found.add(str(node.value))
        elif isinstance(node, ast.Call) and ast.unparse(node.func).endswith("import_module"):
            made = node.args[0] if node.args else None
            if isinstance(made, ast.JoinedStr) and isinstance(made.values[0], ast.Constant):
                prefix = str(made.values[0].value)
                found.update(
                    m for m in MODULES if m.startswith(prefix) and "." not in m[len(prefix) :]
                )
    return found


@cache
def _graph() -> dict[str, set[str]]:
    """Module -> the skatcalc modules it imports when it runs, wherever the import stands."""
    graph: dict[str, set[str]] = {}
    for dotted, name in MODULES.items():
        imported = _imports(name, typing=False) | _named(name)
        graph[dotted] = {target for target in imported if target in MODULES} - {dotted}
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


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


# --- the domain ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", DOMAIN)
def test_the_domain_imports_no_edge(name: str) -> None:
    edge = {n for n in _imports(name) if n.split(".")[0] in EDGE or n.startswith(EDGE)}
    assert not edge, f"{name} imports {sorted(edge)}: the domain core returns data"


def test_the_named_edges_exist_and_are_not_in_an_edge_folder() -> None:
    for name in EDGE_MODULES:
        assert (ROOT / name).is_file(), name
        assert not name.startswith(EDGE_FOLDERS), name


def test_the_domain_is_found_by_exclusion() -> None:
    """A module nobody named is domain, and checked as such (the check cannot be dodged by
    forgetting to list a module)."""
    assert {"cards.py", "value.py", "sheet/model.py", "tournament/draw.py"} <= set(DOMAIN)
    assert not {n for n in DOMAIN if n.startswith(EDGE_FOLDERS)}


# --- import cycles ---------------------------------------------------------------------------


def test_no_import_cycle() -> None:
    cycles = _cycles(_graph())
    assert not cycles, "import cycles: " + "; ".join(" <-> ".join(c) for c in cycles)


def test_the_cycle_finder_sees_lazy_and_named_imports() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert _cycles(graph) == [["a", "b", "c"]]
    assert "skatcalc.words" not in _graph()["skatcalc.errors"]  # SkatError knows no words
    assert "skatcalc.cli.usage" in _graph()["skatcalc.cli.app"]  # imported inside a function
    assert "skatcalc.cli.play" in _graph()["skatcalc.cli.app"]  # named for importlib
    assert "skatcalc.formats.csv" in _graph()["skatcalc.formats"]  # an f-string for importlib


def test_the_cycle_finder_sees_a_package_and_the_else_of_type_checking() -> None:
    """``from skatcalc.words import en`` runs skatcalc/words/__init__.py first; an ``else:``
    beside ``if TYPE_CHECKING:`` runs too; a module's own package is no edge."""
    source = (
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import skatcalc.cli\n"
        "else:\n    import skatcalc.store\nfrom skatcalc.words import en\n"
        "from skatcalc.sheet import deal\n"
    )
    found = _imported(ast.parse(source), "skatcalc.sheet.probe", False, typing=False)
    assert found == {
        "typing",
        "skatcalc.store",
        "skatcalc.words",
        "skatcalc.words.en",
        "skatcalc.sheet.deal",
    }


# --- file I/O --------------------------------------------------------------------------------

IO_EXCEPTIONS = {
    "cli/__init__.py": (
        {"open()", "os.open", "os.dup2"},
        "started with stderr or stdout closed, the process points it at the null device "
        "(os.devnull): there is no file, only somewhere to write nothing to",
    ),
}
"""The modules outside store/ that may touch a file descriptor: the calls each may make, and
why."""

_PATH_METHODS = {
    "read_text", "read_bytes", "write_text", "write_bytes", "open", "unlink", "exists",
    "is_file", "is_dir", "is_symlink", "is_fifo", "stat", "lstat", "mkdir", "rmdir", "rename",
    "iterdir", "glob", "rglob", "touch", "chmod", "samefile", "owner", "hardlink_to",
    "symlink_to",
}  # fmt: skip
_OS = {
    "open", "unlink", "remove", "replace", "rename", "renames", "stat", "lstat", "fstat", "link",
    "symlink", "mkdir", "makedirs", "listdir", "scandir", "access", "chmod", "fsync", "dup2",
    "fdopen", "rmdir", "removedirs", "truncate", "ftruncate", "utime", "chown", "walk",
    "readlink", "mkfifo",
}  # fmt: skip
_OS_PATH = {"exists", "lexists", "isfile", "isdir", "islink", "getsize", "getmtime", "realpath"}
_IO_MODULES = {"tempfile", "shutil", "fcntl", "msvcrt", "mmap", "glob", "filecmp", "fileinput"}
_HARMLESS = {"shutil.get_terminal_size", "io.StringIO", "io.BytesIO", "io.TextIOWrapper"}


def _file_io(tree: ast.Module) -> list[str]:
    """Every place in ``tree`` that reads, writes, creates, removes or looks at a file: the
    ``open`` builtin, ``os``/``os.path`` calls, the file-system methods of a path, the modules
    made for files; a call of a skatcalc module's function (``store.write_text``) is not."""
    ours = {
        alias.asname or alias.name
        for node in _walk(tree)
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("skatcalc")
        for alias in node.names
    }
    named = {  # ``import os as o``, ``from os import path as p``: the names they go by
        alias.asname: alias.name if isinstance(node, ast.Import) else f"{node.module}.{alias.name}"
        for node in _walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
        if alias.asname and (alias.name.split(".")[0] == "os" or (
            isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "os"))
    }  # fmt: skip
    found = []
    for node in _walk(tree):
        said = None
        if isinstance(node, ast.ImportFrom) and node.module in ("os", "os.path"):
            calls = _OS if node.module == "os" else _OS_PATH
            taken = [a.name for a in node.names if a.name in calls or a.name == "*"]
            if taken:
                said = f"from {node.module} import {', '.join(taken)}"
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id == "open":
                said = "open()"
            elif isinstance(func, ast.Attribute):
                owner = func.value
                owner_name = owner.id if isinstance(owner, ast.Name) else None
                owner_name = named.get(owner_name or "", owner_name)
                dotted = f"{named.get(ast.unparse(owner), ast.unparse(owner))}.{func.attr}"
                os_call = (owner_name == "os" and func.attr in _OS) or (
                    dotted.startswith("os.path.") and func.attr in _OS_PATH
                )
                io_module = owner_name in _IO_MODULES or dotted == "io.open"
                if dotted in _HARMLESS:
                    pass
                elif os_call or io_module:
                    said = dotted
                elif func.attr in _PATH_METHODS and owner_name not in ours | {"os"}:
                    said = f".{func.attr}()"
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            names.append(getattr(node, "module", None) or "")
            for module in names:
                if module.split(".")[0] in _IO_MODULES - {"shutil"}:
                    said = f"import {module}"
        if said:
            found.append(f"{node.lineno}: {said}: {ast.unparse(node)[:80]}")
    return found


@pytest.mark.parametrize("name", [n for n in _modules() if not n.startswith("store/")])
def test_no_file_io_outside_the_store(name: str) -> None:
    found = _file_io(_tree(name))
    if name in IO_EXCEPTIONS:
        allowed, _ = IO_EXCEPTIONS[name]
        made = {line.split(": ")[1] for line in found}
        assert made, f"{name} is named an exception but does no file I/O: drop it"
        assert made <= allowed, f"{name} may make {sorted(allowed)}, not {sorted(made - allowed)}"
        return
    assert not found, f"{name} touches files; the store alone does:\n" + "\n".join(found)


def test_the_file_io_finder_finds_it_and_only_it() -> None:
    source = (
        "from pathlib import Path\nfrom skatcalc.store import files\nimport os, tempfile\n"
        "def f(p: Path) -> None:\n    open(p)\n    p.read_text()\n    os.replace('a', 'b')\n"
        "    os.path.exists(p)\n    p.exists()\n    files.write_text(p, '')\n"
        "    'x'.replace('a', 'b')\n"
    )
    found = [line.split(": ")[1] for line in _file_io(ast.parse(source))]
    assert found == ["import tempfile", "open()", ".read_text()", "os.replace", "os.path.exists",
                     ".exists()"]  # fmt: skip
    dodges = (
        "import os as o\no.replace('a', 'b')\nfrom os import unlink\nfrom os.path import exists\n"
        "from os import path as p\np.exists('x')\n"
    )
    found = [line.split(": ")[1] for line in _file_io(ast.parse(dodges))]
    assert found == ["os.replace", "from os import unlink", "from os.path import exists",
                     "os.path.exists"]  # fmt: skip


# --- Typer's and Click's public surface --------------------------------------------------------


def _private_part(dotted: str) -> bool:
    """``typer._click``, ``typer.core``, ``click._compat``, ``typer.main._x``: a part of Typer or
    Click that is not theirs to promise (issue 30: Typer 0.29 broke every one skatcalc used)."""
    root, *parts = dotted.split(".")
    if root not in ("typer", "click"):
        return False
    if root == "typer" and parts[:1] == ["core"]:
        return True
    return any(p.startswith("_") and not p.startswith("__") for p in parts)


def _private_uses(tree: ast.Module) -> list[str]:
    """Every import of a private part of Typer or Click, and every private attribute read off
    the modules (``typer._click``), whatever name they were imported as."""
    bound: dict[str, str] = {}  # local name -> the module it names
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                top = alias.name.split(".")[0]  # `import typer._click` binds `typer`
                bound[alias.asname or top] = alias.name if alias.asname else top
                if _private_part(alias.name):
                    found.append(f"{node.lineno}: import {alias.name}")
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                whole = f"{node.module}.{alias.name}"
                if _private_part(node.module) or _private_part(whole):
                    found.append(f"{node.lineno}: from {node.module} import {alias.name}")
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            chain, base = [node.attr], node.value
            while isinstance(base, ast.Attribute):
                chain.insert(0, base.attr)
                base = base.value
            if isinstance(base, ast.Name) and base.id in bound:
                dotted = ".".join([bound[base.id], *chain])
                if _private_part(dotted):
                    found.append(f"{node.lineno}: {dotted}")
    return sorted(set(found))


@pytest.mark.parametrize("name", _modules())
def test_only_the_public_surface_of_typer_and_click(name: str) -> None:
    found = _private_uses(_tree(name))
    assert not found, f"{name} uses a private part of Typer or Click:\n" + "\n".join(found)


def test_the_private_part_finder_finds_them() -> None:
    source = (
        "import typer\nimport typer as t\nimport click\nfrom typer._click import exceptions\n"
        "from typer.core import TyperGroup\nfrom typer import _types\nfrom typer import core\n"
        "import typer._click.types\nfrom click._compat import x\n"
        "def f() -> None:\n    typer._click.UsageError\n    t.core.TyperCommand\n"
        "    typer.main.get_command\n    typer.Context.formatter_class\n    typer.__version__\n"
        "    click.Group\n    other._click\n"
    )
    found = [line.split(": ", 1)[1] for line in _private_uses(ast.parse(source))]
    assert sorted(found) == sorted([
        "from typer._click import exceptions", "from typer.core import TyperGroup",
        "from typer import _types", "from typer import core", "import typer._click.types",
        "from click._compat import x", "typer._click.UsageError", "typer._click",
        "typer.core.TyperCommand", "typer.core",
    ])  # fmt: skip


TYPER_MAIN = frozenset({"get_command"})
"""The names of ``typer.main`` that Typer documents ("Using Click": ``typer.main.get_command``);
the rest of the module (``get_command_from_info``, ``get_command_name``, ...) is Typer's own."""


def _typer_main_uses(tree: ast.Module) -> list[str]:
    """Every name taken from ``typer.main``: ``typer.main.X`` (whatever ``typer`` or
    ``typer.main`` was imported as), ``from typer.main import X``, ``from typer import main``."""
    bound: dict[str, str] = {}  # local name -> "typer" or "typer.main"
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in ("typer", "typer.main"):
                    bound[alias.asname or "typer"] = alias.name if alias.asname else "typer"
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                if node.module == "typer.main":
                    found.append(alias.name)
                elif node.module == "typer" and alias.name == "main":
                    bound[alias.asname or "main"] = "typer.main"
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name | ast.Attribute):
            base = node.value
            if isinstance(base, ast.Attribute) and isinstance(base.value, ast.Name):
                if base.attr == "main" and bound.get(base.value.id) == "typer":
                    found.append(node.attr)
            elif isinstance(base, ast.Name) and bound.get(base.id) == "typer.main":
                found.append(node.attr)
    return sorted(found)


@pytest.mark.parametrize("name", _modules())
def test_only_kinds_reaches_typer_main_and_only_its_documented_names(name: str) -> None:
    """cli/kinds.py is the one place that reaches Typer's Click (issue 30): ``typer.main`` is
    used there alone, and only by the names Typer documents."""
    used = _typer_main_uses(_tree(name))
    if name == "cli/kinds.py":
        assert used and set(used) <= TYPER_MAIN, f"undocumented: {set(used) - TYPER_MAIN}"
    else:
        assert not used, f"{name} uses typer.main ({', '.join(used)}): go through cli/kinds.py"


def test_the_typer_main_finder_finds_them() -> None:
    source = (
        "import typer\nimport typer as t\nimport typer.main as m\nfrom typer import main as tm\n"
        "from typer.main import get_command_name\n"
        "def f() -> None:\n    typer.main.get_command\n    t.main.get_command_from_info\n"
        "    m.get_group\n    tm.x\n    typer.Typer\n    other.main.y\n"
    )
    assert _typer_main_uses(ast.parse(source)) == sorted(
        ["get_command_name", "get_command", "get_command_from_info", "get_group", "x"]
    )


# --- JSON ------------------------------------------------------------------------------------


def _uses_json(name: str) -> bool:
    return any(n == "json" or n.startswith("json.") for n in _imports(name))


JSON_SPELLERS = {
    "words/__init__.py": 'words.literal spells a value quoted in a message (not "2") as JSON '
    "does, with json.dumps: no JSON object is made there",
}
"""Modules that may import json without making JSON output, each with its reason."""


@pytest.mark.parametrize(
    "name", [n for n in _modules() if n != "formats/json.py" and n not in JSON_SPELLERS]
)
def test_json_is_made_in_formats_json_only(name: str) -> None:
    assert not _uses_json(name), f"{name} imports json: JSON is made in formats/json.py"


# --- sentences -------------------------------------------------------------------------------

TABLES = {"skatcalc.words.en", "skatcalc.words.de"}


@pytest.mark.parametrize(
    "name", [n for n in _modules() if not n.startswith(("words/", "formats/"))]
)
def test_only_words_and_formats_read_the_word_tables(name: str) -> None:
    read = (_imports(name) | _named(name)) & TABLES
    assert not read, f"{name} reads the word tables: ask skatcalc.words for words"


def _words_made(name: str) -> list[str]:
    """The calls of the words' lookup (``w(...)``, ``words.w(...)``) in ``name``."""
    found = []
    for node in _walk(_tree(name)):
        if isinstance(node, ast.Call):
            func = node.func
            if (isinstance(func, ast.Name) and func.id == "w") or (
                isinstance(func, ast.Attribute) and func.attr == "w"
            ):
                found.append(f"{node.lineno}: {ast.unparse(node)[:80]}")
    return found


@pytest.mark.parametrize(
    "name", [n for n in _modules() if not n.startswith(("words/", "formats/", "cli/"))]
)
def test_no_sentence_is_made_outside_the_words(name: str) -> None:
    found = _words_made(name)
    assert not found, f"{name} makes sentences; words/ does:\n" + "\n".join(found)


# --- the command line: it prints lines the words layer made ---------------------------------

CLI = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "cli").glob("*.py"))

FRAGMENTS = {
    "cli/errors.py": re.compile(r"error: |\n"),  # the one place an error becomes its line
    "cli/__init__.py": re.compile(r"error: |\n|: "),  # the last guard; Python's own names
    "cli/app.py": re.compile(r"skatcalc "),  # --version: the program's name and version
    "cli/sheet.py": re.compile(r"(jf|dm|lt)="),  # notation words handed to the notation reader
    "cli/render.py": re.compile(r"\x1b\[(0m)?|m"),  # a style's escape around a line
    "cli/help.py": re.compile(r"  \[|\]|; "),  # Click's own ``[default: x; required]`` marks
    "cli/output.py": re.compile(r"\\u|04x"),  # a JSON escape of a sign the encoding lacks
    "cli/kinds.py": re.compile(r"\[|\||\]"),  # Click's own mark of a choice: [isko|pub]
}
"""Text a module of cli/ may put in an f-string, join with, or glue on, and why; anything else
with a letter or punctuation there is a sentence made outside words/."""
_KEY_PART = re.compile(r"[a-z_]*(\.[a-z_]*)*")
"""A part of a word key or a module's name (``help.cmd.``, ``skatcalc.``): not a sentence."""
_JOINS = {"\n", " ", "", "."}
"""Joined with these: lines into text, typed words back into a line, a key from its parts."""


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


# --- the words and the formats ---------------------------------------------------------------

OUTPUT_EDGE = ("skatcalc.cli", "skatcalc.store", "rich", "typer", "click", "prompt_toolkit")


@pytest.mark.parametrize("name", [n for n in _modules() if n.startswith(("words/", "formats/"))])
def test_the_words_and_formats_use_no_cli_and_no_store(name: str) -> None:
    edge = {n for n in _imports(name) if n == OUTPUT_EDGE or n.startswith(OUTPUT_EDGE)}
    assert not edge, f"{name} imports {sorted(edge)}: formats and words are pure"


# --- no arrow back up ------------------------------------------------------------------------

LOWER = ("sheet/", "tournament/", "words/")
UPPER = ("skatcalc.store", "skatcalc.formats", "skatcalc.cli")


def _upward(imported: set[str]) -> set[str]:
    """Those of the modules ``imported`` that are of store/, formats/ or cli/."""
    return {n for n in imported if n in UPPER or n.startswith(tuple(u + "." for u in UPPER))}


@pytest.mark.parametrize("name", [n for n in _modules() if n.startswith(LOWER)])
def test_no_arrow_runs_back_up(name: str) -> None:
    """Following a sheet file through ``sheet add`` goes down from the command line to the
    store to the sheet, never back up (issue 28)."""
    up = _upward(_imports(name))  # in a function and under ``if TYPE_CHECKING:`` too
    assert not up, f"{name} imports {sorted(up)}: the sheet, the tournament and the words sit below"


def test_the_upward_check_sees_an_upward_import() -> None:
    source = (
        "from skatcalc.store import files\nimport skatcalc.formats.csv\n"
        "def f():\n    from skatcalc.cli import errors\nfrom skatcalc.storey import x\n"
        "from skatcalc.width import cells\n"
    )
    found = _upward(_imported(ast.parse(source), "skatcalc.words.probe", False))
    assert found == {"skatcalc.store", "skatcalc.store.files", "skatcalc.formats.csv",
                     "skatcalc.cli", "skatcalc.cli.errors"}  # fmt: skip


# --- errors and the map ----------------------------------------------------------------------


@pytest.mark.parametrize("name", _modules())
def test_every_error_is_a_code(name: str) -> None:
    bad = _sentences(_tree(name), _error_classes())
    assert not bad, f"{name} raises sentences, not word keys:\n" + "\n".join(bad)


def test_the_module_map_names_every_module() -> None:
    text = (ROOT.parent / "docs" / "development.md").read_text(encoding="utf-8")
    named = set(re.findall(r"^\s+skatcalc/(\S+\.py)\s", text, flags=re.M))
    assert named == set(_modules()), (
        f"missing from docs/development.md: {sorted(set(_modules()) - named)}; "
        f"named but gone: {sorted(named - set(_modules()))}"
    )
