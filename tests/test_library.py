"""The library as a Python user meets it: docs/library.md runs as it stands, every name of
``skatcalc.__all__`` resolves and says what it is, and ``import skatcalc`` stays cheap (the
sheet, the tournament, the store and the words are imported when first asked for)."""

from __future__ import annotations

import ast
import doctest
import inspect
import itertools
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import skatcalc

ROOT = Path(skatcalc.__file__).parent
GUIDE = ROOT.parent / "docs" / "library.md"


def _run(text: str) -> tuple[doctest.TestResults, str]:
    """The examples of ``text`` run as ``python -m doctest docs/library.md`` runs them (no
    option flags), and what the runner reported."""
    test = doctest.DocTestParser().get_doctest(text, {}, GUIDE.name, str(GUIDE), 0)
    runner = doctest.DocTestRunner(verbose=False)
    said: list[str] = []
    runner.run(test, out=said.append)
    return runner.summarize(verbose=False), "".join(said)


def test_the_library_guide_runs() -> None:
    result, said = _run(GUIDE.read_text(encoding="utf-8"))
    assert result.failed == 0, said
    assert result.attempted >= 60


def test_the_guide_has_its_examples() -> None:
    """At least ten blocks of examples, each about one of the things a library user does."""
    text = GUIDE.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.DOTALL)
    assert len(blocks) >= 10
    assert all(block.lstrip().startswith(">>>") for block in blocks)
    for used in (
        "skatcalc.score(", "skatcalc.Sheet.new(", ".add(", ".tally()", "seeger_fabian",
        "skatcalc.Rules(", "skatcalc.PRESETS", "skatcalc.settle(", "skatcalc.settle_sheets(",
        "skatcalc.Tournament.new(", "skatcalc.standings(", "skatcalc.create_sheet(",
        "skatcalc.load_sheet(", "skatcalc.update_sheet(", "skatcalc.speaking(\"de\")",
        "skatcalc.message(", ".code",
    ):  # fmt: skip
        assert used in text, used


@pytest.mark.parametrize(
    ("right", "wrong"),
    [
        ("[('Anna', 48, 1, 0, 138)", "[('Anna', 48, 1, 0, 139)"),  # a total
        ("(3, 4, 4)", "(3, 4, 3)"),  # a file written
        ("skatcalc.errors.SheetError: err.rule.ramsch_value(value=5)",
         "skatcalc.errors.SheetError: err.rule.ramsch_value(value=6)"),  # an error's code
    ],
)  # fmt: skip
def test_a_wrong_example_fails(right: str, wrong: str) -> None:
    """The runner compares what an example prints: one wrong value is one failure."""
    text = GUIDE.read_text(encoding="utf-8")
    assert text.count(right) == 1
    result, said = _run(text.replace(right, wrong))
    assert result.failed == 1, said


def test_the_guide_uses_only_exported_names() -> None:
    """Every ``skatcalc.NAME`` the guide uses is the package's (``report`` is a module)."""
    text = GUIDE.read_text(encoding="utf-8")
    used = set(re.findall(r"\bskatcalc\.([a-zA-Z]\w*)", text)) - {"errors", "report"}
    assert used <= set(skatcalc.__all__), sorted(used - set(skatcalc.__all__))


def _attribute_docstrings() -> set[str]:
    """The module-level names of skatcalc that a string right after their assignment
    documents (as Sphinx reads an attribute's docstring)."""
    found: set[str] = set()
    for path in ROOT.rglob("*.py"):
        body = ast.parse(path.read_text(encoding="utf-8")).body
        for node, after in itertools.pairwise(body):
            if not (
                isinstance(after, ast.Expr)
                and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str)
                and after.value.value.strip()
            ):
                continue
            if isinstance(node, ast.Assign):
                found.update(t.id for t in node.targets if isinstance(t, ast.Name))
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                found.add(node.target.id)
    return found


def _own_doc(value: object) -> str:
    """The docstring ``value`` itself has: not one a dataclass or named tuple makes of its
    fields (``Sheet(players, ...)``), nor one a class takes from its base."""
    own = vars(value).get("__doc__") if inspect.isclass(value) else value.__doc__
    doc = inspect.cleandoc(own) if isinstance(own, str) else ""
    return "" if doc.startswith(f"{getattr(value, '__name__', '')}(") else doc


@pytest.mark.parametrize("name", skatcalc.__all__)
def test_every_public_name_resolves_and_has_a_docstring(name: str) -> None:
    value = getattr(skatcalc, name)
    if inspect.isclass(value) or inspect.isroutine(value) or inspect.ismodule(value):
        assert _own_doc(value), f"skatcalc.{name} has no docstring"
    else:
        assert name in _attribute_docstrings(), f"skatcalc.{name} has no docstring"


def test_the_docstring_check_sees_what_is_missing() -> None:
    from typing import NamedTuple

    class Bare(NamedTuple):
        a: int

    class Said(NamedTuple):
        """A thing."""

        a: int

    class Inherits(Said):
        pass

    assert not _own_doc(Bare) and not _own_doc(Inherits) and _own_doc(Said) == "A thing."
    assert "BIDS" in _attribute_docstrings() and "_BID_SET" not in _attribute_docstrings()


def test_every_lazy_name_is_public_and_typed_where_it_is_imported() -> None:
    """``_LAZY`` (what runs) and the ``TYPE_CHECKING`` imports (what mypy reads) name the same
    objects from the same modules, so moving a module means changing both, and this fails until
    they agree."""
    tree = ast.parse((ROOT / "__init__.py").read_text(encoding="utf-8"))
    typed: dict[str, tuple[str, str]] = {}
    for node in tree.body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for imported in node.body:
                assert isinstance(imported, ast.ImportFrom) and imported.module
                if not imported.module.startswith("skatcalc."):
                    continue  # the types of the functions' signatures
                for alias in imported.names:
                    typed[alias.asname or alias.name] = (imported.module, alias.name)
    assert typed == skatcalc._LAZY
    assert set(skatcalc._LAZY) <= set(skatcalc.__all__)
    assert set(skatcalc.__all__) <= set(dir(skatcalc))


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="has no attribute 'Shet'"):
        _ = skatcalc.Shet
    assert not hasattr(skatcalc, "Shet")


PROBE = """
import json, sys
import skatcalc
seen = [sorted(sys.modules)]
skatcalc.Sheet
seen.append(sorted(sys.modules))
try:
    skatcalc.load_sheet("no-such-sheet.toml")
except skatcalc.SheetFileError:
    seen.append(sorted(sys.modules))
print(json.dumps(seen))
"""


def _of(modules: list[str], *prefixes: str) -> list[str]:
    return [m for m in modules if m.startswith(prefixes)]


def test_import_skatcalc_imports_the_sheet_and_the_store_only_when_asked(tmp_path: Path) -> None:
    """A process shows what ``import skatcalc`` imports: the tests' own process has
    everything imported already."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=True, cwd=tmp_path
    )
    imported, with_sheet, with_store = json.loads(done.stdout)
    later = ("skatcalc.sheet", "skatcalc.store", "skatcalc.tournament", "skatcalc.words",
             "skatcalc.spec", "skatcalc.formats", "skatcalc.cli", "tomllib", "rtoml", "rich",
             "typer", "click", "fractions")  # fmt: skip
    assert _of(imported, *later) == []
    assert "skatcalc.sheet.model" in with_sheet
    assert _of(with_sheet, "skatcalc.store", "skatcalc.store.sheet", "skatcalc.tournament") == []
    assert "skatcalc.store.sheet" in with_store and "skatcalc.store.files" in with_store


def test_the_files_take_a_path_as_text(tmp_path: Path) -> None:
    """A path as a str (what a script has) works as a Path does, for a sheet and a
    tournament."""
    sheet = skatcalc.Sheet.new(["Anna", "Ben", "Carl"])
    where = str(tmp_path / "evening.toml")
    skatcalc.create_sheet(where, sheet)
    assert skatcalc.load_sheet(where) == sheet
    _, after = skatcalc.update_sheet(where, lambda s: s.add(skatcalc.Deal.passed()))
    assert skatcalc.load_sheet(tmp_path / "evening.toml") == after
    club = skatcalc.Tournament.new("Club", ["Anna", "Ben", "Carl"]).draw_next(1)
    there = str(tmp_path / "club.toml")
    skatcalc.create_tournament(there, club)
    assert skatcalc.load_tournament(there) == club
    assert skatcalc.table_sheet(there, club.series[0].tables[0]) is None
    _, fewer = skatcalc.update_tournament(there, lambda t: t.leave("Carl"))
    assert skatcalc.load_tournament(there) == fewer
