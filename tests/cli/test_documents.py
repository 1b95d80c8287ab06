"""Docs that travel with the package (issue 30 point 6) and the manual page (point 5):
``skatcalc docs NAME`` shows a document of docs/, the words cite that command instead of a
path a wheel's user does not have, ``skatcalc docs --man`` writes a manual page, and the README
names no link that breaks on the package index page."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from skatcalc.store import documents
from skatcalc.words import de, en
from tests.cli.helpers import cli

ROOT = Path(__file__).resolve().parents[2]
DOCS = sorted(path.stem for path in (ROOT / "docs").glob("*.md"))


def test_every_document_is_named() -> None:
    assert documents.names() == DOCS
    assert {"notation", "json"} <= set(DOCS)


@pytest.mark.parametrize("name", ["notation", "json", "exit-codes"])
def test_a_document_is_shown_as_it_is(name: str) -> None:
    out = cli("docs", name)
    assert (out.code, out.stderr) == (0, "")
    assert out.stdout == (ROOT / "docs" / f"{name}.md").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("lang", "said"), [("en", "error: no document 'notes': the documents are block, config"),
                       ("de", "Fehler: kein Dokument 'notes': die Dokumente sind block, config")]
)  # fmt: skip
def test_an_unknown_document_is_a_usage_error(lang: str, said: str) -> None:
    out = cli("--lang", lang, "docs", "notes")
    assert out.code == 2
    assert out.stdout == ""
    assert out.stderr.startswith(said)
    assert out.stderr.count("\n") == 1
    assert "notation" in out.stderr and "tournament" in out.stderr


def test_the_guide_names_the_documents() -> None:
    out = cli("docs")
    assert out.code == 0
    assert "\n  skatcalc docs NAME " in out.stdout and "\n  skatcalc docs notation " in out.stdout
    assert "skatcalc docs --man" in out.stdout
    assert "pip download" not in out.stdout


def test_a_wheel_reads_the_documents_in_the_package(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """In a wheel the documents are the folder skatcalc/documents (no docs/ beside it)."""
    package = tmp_path / "site-packages" / "skatcalc"
    (package / "documents").mkdir(parents=True)
    (package / "store").mkdir()
    (package / "documents" / "notation.md").write_text("# From the wheel\n", encoding="utf-8")
    monkeypatch.setattr(documents, "__file__", str(package / "store" / "documents.py"))
    assert documents.names() == ["notation"]
    assert documents.read("notation") == "# From the wheel\n"


@pytest.mark.parametrize("words", [en.WORDS, de.WORDS], ids=["en", "de"])
def test_the_words_cite_the_command_not_a_path(words: dict[str, str]) -> None:
    cited = set()
    for key, text in words.items():
        assert not re.search(r"docs/[a-z-]+\.md", text), key
        cited |= set(re.findall(r"skatcalc docs ([a-z][a-z-]*)", text))
    assert {"notation", "json"} <= cited
    assert cited <= set(DOCS)


def test_the_readme_has_no_link_the_package_index_breaks() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)]+)\)", text)
    assert all(target.startswith(("https://", "#")) for target in targets), targets
    for name in re.findall(r"`skatcalc docs ([a-z][a-z-]*)`", text):
        assert name in DOCS


def test_the_readme_says_the_lock_works_on_windows() -> None:
    text = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert "on Windows, or a file system without them, a change is refused" not in text
    assert "`msvcrt`" in text


def test_the_manual_page() -> None:
    out = cli("docs", "--man")
    assert (out.code, out.stderr) == (0, "")
    page = out.stdout
    assert page.startswith('.TH SKATCALC 1 "" "skatcalc ')
    for command in ("value", "sheet new", "sheet add", "tournament draw", "docs", "season"):
        assert f'.SS "skatcalc {command}"\n' in page
    assert "\\-\\-preset [isko|pub]" in page  # the help, choices and all
    assert not re.search(r"^[.'](?!TH |SH |SS |B |nf$|fi$)", page, re.MULTILINE)  # no stray request
    german = cli("--lang", "de", "docs", "--man").stdout
    assert ".SH BESCHREIBUNG\n" in german and "Aufruf: skatcalc sheet new" in german


def test_the_manual_page_takes_no_document() -> None:
    out = cli("docs", "notation", "--man")
    assert out.code == 2
    assert out.stderr.startswith("error: --man prints the manual page")


@pytest.mark.skipif(shutil.which("groff") is None, reason="no groff")
def test_man_reads_the_manual_page(tmp_path: Path) -> None:
    page = tmp_path / "skatcalc.1"
    page.write_text(cli("docs", "--man").stdout, encoding="utf-8")
    done = subprocess.run(
        ["groff", "-man", "-Tutf8", "-ww", "-z", str(page)],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert (done.returncode, done.stderr) == (0, "")


def test_the_german_guide_teaches_the_german_words_the_german_help_teaches() -> None:
    """`skatcalc --lang de docs` writes the bid and the defenders' points as the German help
    does (r48, geg28: German words the notation reads), not as b20 and d35; its example runs."""
    guide = cli("--lang", "de", "docs").stdout
    help_line = de.WORDS["play.help.line"]
    assert re.search(r"\br\d+\b", help_line) and re.search(r"\bgeg\d+\b", help_line)
    assert re.findall(r"\b[bd]\d+\b", guide) == [], guide
    assert "der Gegenspieler (geg35)" in guide and "r20 (der Reizwert)" in guide
    [example] = re.findall(r"skatcalc (value [^\n]*?)  ", guide)
    out = cli("--lang", "de", *example.split())
    assert (out.code, out.stderr) == (0, ""), out
    assert "Reizwert 20" in out.stdout
