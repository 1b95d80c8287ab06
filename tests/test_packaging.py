"""Packaging: one version, and the type hints ship with the package (PEP 561)."""

from __future__ import annotations

import importlib.metadata
import importlib.resources
import tomllib
from pathlib import Path

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
