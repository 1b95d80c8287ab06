"""The documents that travel with the package: ``docs/*.md``, shipped in a wheel as the folder
``skatcalc/documents`` (pyproject.toml: ``skatcalc.documents``, mapped to ``docs/``), read from
the repository's ``docs/`` in a source checkout or an editable install.

>>> "notation" in names() and "json" in names()
True
>>> read("notation").startswith("# ")
True
"""

from __future__ import annotations

from pathlib import Path

from skatcalc.errors import UsageError, any_of

__all__ = ["names", "read"]


def _folder() -> Path | None:
    """Where the documents are: the package's own folder (a wheel), else the repository's."""
    here = Path(__file__).resolve().parent.parent  # the package
    for folder in (here / "documents", here.parent / "docs"):
        if (folder / "notation.md").is_file():
            return folder
    return None


def names() -> list[str]:
    """The documents there are, by name (``notation`` for ``notation.md``), in order."""
    folder = _folder()
    return [] if folder is None else sorted(path.stem for path in folder.glob("*.md"))


def read(name: str) -> str:
    """The text of the document ``name``; a usage error (exit 2) naming those there are when
    there is none of that name.

    >>> try:
    ...     read("notes")
    ... except UsageError as error:
    ...     error.code
    'err.docs.unknown'
    """
    known = names()
    folder = _folder()
    if name not in known or folder is None:
        raise UsageError("err.docs.unknown", name=repr(name), names=any_of(known))
    return (folder / f"{name}.md").read_text(encoding="utf-8")
