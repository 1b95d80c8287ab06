"""An HTML page printed as a person prints it: headless Chromium to an A4 PDF, read back with
poppler's pdfinfo and pdftotext (Debian packages chromium and poppler-utils; .ci/run installs
them). The one place the printed-list tests start Chromium."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

TOOLS = ("chromium", "pdfinfo", "pdftotext")


def print_pdf(page: Path, pdf: Path) -> None:
    """Print ``page`` to ``pdf`` with headless Chromium (no header or footer, a new profile,
    none of its network traffic); the test fails where a tool is missing."""
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if missing:
        pytest.fail(f"{', '.join(missing)} needed: apt-get install chromium poppler-utils")
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
             "--no-first-run", "--disable-background-networking", "--disable-component-update",
             "--disable-sync", f"--user-data-dir={profile}", f"--print-to-pdf={pdf}",
             "--no-pdf-header-footer", page.as_uri()],
            check=True, capture_output=True, timeout=180,
        )  # fmt: skip


def pdf_pages(pdf: Path) -> tuple[int, tuple[int, int]]:
    """The pages of ``pdf`` and their size in points, rounded (A4: 595 x 842)."""
    info = subprocess.run(["pdfinfo", str(pdf)], check=True, capture_output=True, text=True)
    pages = re.search(r"^Pages:\s+(\d+)$", info.stdout, re.MULTILINE)
    size = re.search(r"^Page size:\s+([\d.]+) x ([\d.]+) pts", info.stdout, re.MULTILINE)
    assert pages is not None and size is not None, info.stdout
    return int(pages[1]), (round(float(size[1])), round(float(size[2])))


def pdf_text(pdf: Path) -> str:
    """The text of ``pdf`` as laid out (pages apart by form feeds)."""
    return subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True, text=True
    ).stdout
