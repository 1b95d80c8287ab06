"""Packaging: one version, the type hints ship with the package (PEP 561), the metadata the
package index shows, rtoml only where a wheel exists, and an sdist a packager can test."""

from __future__ import annotations

import importlib.metadata
import importlib.resources
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

import skatcalc

ROOT = Path(__file__).resolve().parent.parent


def test_the_version_is_written_once() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "version" not in project
    assert project["dynamic"] == ["version"]
    assert importlib.metadata.version("skatcalc") == skatcalc.__version__


def test_py_typed_is_in_the_package_and_its_data() -> None:
    assert importlib.resources.files("skatcalc").joinpath("py.typed").is_file()
    tool = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]
    assert "py.typed" in tool["setuptools"]["package-data"]["skatcalc"]


def _project() -> dict[str, Any]:
    project: dict[str, Any] = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "project"
    ]
    return project


def test_the_license_file_is_the_mit_license_the_metadata_names() -> None:
    project = _project()
    assert project["license"] == "MIT"
    assert project["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n")
    assert 'THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND' in text
    classifiers = project["classifiers"]
    assert not any(c.startswith("License ::") for c in classifiers)  # PEP 639: the expression
    versions = [c.rsplit(" ", 1)[1] for c in classifiers if c.startswith("Programming Language :: Python :: 3.")]  # fmt: skip
    assert versions == ["3.11", "3.12", "3.13"]  # the ones CI runs the suite on (.ci/run)


# Where rtoml 0.14 has a wheel and where not (PyPI's file list, looked up with
# `pip download --only-binary :all: --platform TAG --python-version V`): the marker must give it
# where a wheel exists and a marker can tell, and never where installing it means a Rust build.
_LINUX = {"sys_platform": "linux", "platform_system": "Linux"}
_PLATFORMS = [
    ("Windows x64", {"sys_platform": "win32", "platform_machine": "AMD64"}, True),
    ("Windows on ARM", {"sys_platform": "win32", "platform_machine": "ARM64"}, True),
    ("macOS arm64", {"sys_platform": "darwin", "platform_machine": "arm64"}, True),
    ("Debian x86_64", {**_LINUX, "platform_machine": "x86_64"}, True),
    ("Alpine aarch64 (musllinux wheel)", {**_LINUX, "platform_machine": "aarch64"}, True),
    ("Raspberry Pi OS 32-bit", {**_LINUX, "platform_machine": "armv7l"}, False),
    ("Termux, Python 3.13", {"sys_platform": "android", "platform_machine": "aarch64"}, False),
    (
        "PyPy on Linux",
        {**_LINUX, "platform_machine": "x86_64", "platform_python_implementation": "PyPy"},
        False,
    ),
]


@pytest.mark.parametrize(("where", "environment", "wanted"), _PLATFORMS, ids=[p[0] for p in _PLATFORMS])  # fmt: skip
def test_rtoml_is_a_dependency_only_where_a_wheel_exists(
    where: str, environment: dict[str, str], wanted: bool
) -> None:
    from packaging.requirements import Requirement

    [rtoml] = [Requirement(r) for r in _project()["dependencies"] if r.startswith("rtoml")]
    assert rtoml.marker is not None
    environment = {"platform_python_implementation": "CPython", **environment}
    assert rtoml.marker.evaluate(environment) is wanted, where
    # the extra gives it anywhere (where a wheel or a Rust compiler is)
    assert _project()["optional-dependencies"]["fast"] == [str(rtoml).split(";")[0]]


def test_sheets_read_alike_without_rtoml(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where rtoml is not installed (a phone, PyPy), tomllib reads every sheet alone: the same
    data, the same refusals (CI also runs the quick suite in an install without it)."""
    from skatcalc.store import toml
    from tests.data import GOOD

    with_rtoml = toml.loads(GOOD)
    monkeypatch.setitem(sys.modules, "rtoml", None)  # import rtoml raises ImportError
    assert toml.loads(GOOD) == with_rtoml
    with pytest.raises(tomllib.TOMLDecodeError, match="at line 2"):
        toml.loads('a = 1\nb = "\n')


def test_the_source_distribution_holds_what_the_tests_read() -> None:
    """A packager runs the suite from the sdist: the tests read the examples, the README, the
    docs and the bench evenings, so MANIFEST.in takes them (CI builds the sdist and runs the
    tests from it unpacked: .ci/run)."""
    manifest = (ROOT / "MANIFEST.in").read_text(encoding="utf-8").splitlines()
    grafted = {line.split()[1] for line in manifest if line.startswith("graft ")}
    assert grafted >= {"tests", "docs", "examples", "bench"}
    included = {word for line in manifest if line.startswith("include ") for word in line.split()[1:]}  # fmt: skip
    assert included >= {"LICENSE", "README.md", "CHANGELOG.md"}


def test_the_readmes_recipe_without_rtoml_installs_what_the_package_needs() -> None:
    """The phone's recipe (`pip install --no-deps .`, then the dependencies by hand) names
    every dependency but rtoml; one with an upper bound with the very range pyproject.toml
    gives it (a bare name installs the newest, past the bound: issue 30's bare `typer`), the
    others bare or so."""
    import re

    from packaging.requirements import Requirement

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    [recipe] = re.findall(r"`pip install --no-deps \.` then\s+`pip install ([^`]*)`", readme)
    named = {r.name: r.specifier for r in (Requirement(w.strip("'")) for w in recipe.split())}
    needed = {r.name: r.specifier for r in map(Requirement, _project()["dependencies"])}
    del needed["rtoml"]
    assert named.keys() == needed.keys()
    for name, given in named.items():
        bounded = any(spec.operator.startswith("<") for spec in needed[name])
        assert given == needed[name] or (not bounded and not given), (name, str(given))


def test_the_readme_says_pips_error_line_after_the_recipe_is_expected() -> None:
    """pip's resolver prints an ERROR line for the rtoml the recipe leaves out, and exits 0: the
    README says so right beside the recipe, so a phone user is not scared off."""
    import re

    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    [after] = re.findall(r"`pip install --no-deps \.` then (.{0,400})", readme)
    assert "ERROR: pip's dependency resolver" in after and "requires rtoml" in after, after
    assert "exit 0" in after and "harmless" in after, after


def test_the_package_data_holds_the_documents() -> None:
    """docs/*.md ship in the wheel as skatcalc/documents (``skatcalc docs NAME``), and the
    packages are listed by name: the list holds every package folder."""
    tool = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]
    setup = tool["setuptools"]
    assert setup["package-dir"] == {"skatcalc.documents": "docs"}
    assert setup["package-data"]["skatcalc.documents"] == ["*.md"]
    found = sorted(
        ".".join(path.parent.relative_to(ROOT).parts)
        for path in (ROOT / "skatcalc").rglob("__init__.py")
    )
    assert sorted(setup["packages"]) == sorted([*found, "skatcalc.documents"])


KEEP_A_CHANGELOG = ("Added", "Changed", "Deprecated", "Removed", "Fixed", "Security")


def test_each_release_of_the_changelog_is_one_list_a_kind() -> None:
    """CHANGELOG.md merges as a union (.gitattributes), which can leave a heading twice or a
    blank line that splits a list: each release has each kind of change once, in Keep a
    Changelog's order, each a list without a gap."""
    import re

    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    for release in re.split(r"^## ", text, flags=re.M)[1:]:
        title, _, body = release.partition("\n")
        kinds = re.findall(r"^### (.+)$", body, flags=re.M)
        assert kinds == sorted(kinds, key=KEEP_A_CHANGELOG.index), (title, kinds)
        assert len(kinds) == len(set(kinds)), (title, kinds)
        for kind in re.split(r"^### .+\n", body, flags=re.M)[1:]:
            assert "\n\n" not in kind.strip("\n"), (title, kind.strip("\n").split("\n\n")[1][:80])
