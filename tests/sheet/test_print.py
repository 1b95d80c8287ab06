"""The printed list as a person meets it: the HTML export printed to PDF by headless Chromium.

A series (36 deals at three, 48 at four, 60 at five, with names of up to 30 characters) prints
on one A4 page with its Seeger-Fabian account; each further series starts a page of its own.
In both languages no column head runs out of its cell into a neighbour, and no number in the
list is cut short (measured in the page by Chromium, laid out at the printed width). Needs
Debian's ``chromium`` and ``poppler-utils`` (``pdfinfo``, ``pdftotext``): ``.ci/run`` installs
them and sets SKATCALC_REQUIRE_CHROMIUM, so in CI these tests run and never skip.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from skatcalc import words
from skatcalc.formats.html import render_sheet as sheet_html
from skatcalc.sheet.deal import sitting_out
from skatcalc.sheet.model import Deal, Ramsch, Rules, Sheet
from skatcalc.spec import GameSpec
from tests.printed import pdf_pages, pdf_text, print_pdf

_TOOLS = ("chromium", "pdfinfo", "pdftotext")
_MISSING = [tool for tool in _TOOLS if shutil.which(tool) is None]
if _MISSING and os.environ.get("SKATCALC_REQUIRE_CHROMIUM"):
    raise RuntimeError(
        f"the print tests need {', '.join(_MISSING)}: apt-get install chromium poppler-utils"
    )
pytestmark = [
    pytest.mark.skipif(
        bool(_MISSING), reason=f"needs {', '.join(_MISSING)} (Debian: chromium poppler-utils)"
    ),
    pytest.mark.slow,  # headless Chromium prints each page
]

LONG = [
    "Annegret Müller-Lüdenscheidt",  # 28 characters
    "Bernhard-Maximilian Oberkirchen",  # 31: one over, cut to 30 below
    "Christiane Zimmermann-Lößnitz",
    "Dorothea von Hohenzollern-Bach",
]
LONG[1] = LONG[1][:30]

# Every kind of row a list has: lost, won, overbid, Null, Kontra and Re, ouvert, schneider.
GAMES = [
    GameSpec("clubs", with_=2, hand=True, points=56, bid=20),
    GameSpec("grand", with_=4, hand=True, schneider=True, points=95),
    GameSpec("null", ouvert=True, hand=True, tricks=1),
    GameSpec("spades", without=3, points=88, kontra=True),
    GameSpec("hearts", with_=1, points=61, bid=33),
    GameSpec("diamonds", ouvert=True, with_=2, tricks=10),
    GameSpec("grand", with_=1, points=50, re=True),
]


def evening(players: list[str], deals: int) -> Sheet:
    """``deals`` deals: games, a passed deal and a Ramsch every seventh, Bock rounds on."""
    rules = Rules(kontra=True, ramsch=True, bock=True)
    sheet = Sheet.new(players, rules)
    out = []
    for i in range(deals):
        dealer = players[i % len(players)]
        seated = sitting_out(players, dealer)
        playing = [p for p in players if p not in seated]
        if i % 14 == 6:
            out.append(Deal.passed())
        elif i % 14 == 13:
            points = tuple(zip(playing, (60, 40, 20), strict=True))
            out.append(Deal.of_ramsch(Ramsch(points)))
        else:
            others = [p for p in playing if p != dealer]
            declarer = others[i % len(others)]
            out.append(Deal(declarer, GAMES[i % len(GAMES)]))
    return sheet.extend(out)


def printed(sheet: Sheet, tmp_path: Path) -> tuple[int, list[str]]:
    """Print the HTML export with headless Chromium: the page count and each page's text."""
    page = tmp_path / "list.html"
    page.write_text(sheet_html(sheet, sheet.tally()), encoding="utf-8")
    pdf = tmp_path / "list.pdf"
    print_pdf(page, pdf)
    pages, size = pdf_pages(pdf)
    assert size == (595, 842)  # A4
    text = pdf_text(pdf)
    return pages, text.split("\f")[:pages]


# Laid out as printed (the page's screen frame taken away: A4 less its margins is 192 mm), each
# head's text measured against its cell, and each cell of the list against its column.
_MEASURE = """<style>@media screen { body { padding: 0 !important; background: none !important; }
main { max-width: 192mm !important; padding: 0 !important; box-shadow: none !important; } }
</style><script>
const found = {heads: [], cells: []};
for (const th of document.querySelectorAll('thead th')) {
  const box = th.getBoundingClientRect();
  const range = document.createRange();
  range.selectNodeContents(th);
  const text = range.getBoundingClientRect();
  if (th.scrollWidth > th.clientWidth || th.scrollHeight > th.clientHeight
      || text.left < box.left - 0.5 || text.right > box.right + 0.5
      || text.top < box.top - 0.5 || text.bottom > box.bottom + 0.5) {
    found.heads.push(th.textContent);
  }
}
for (const td of document.querySelectorAll('tbody td')) {
  if (td.scrollWidth > td.clientWidth) found.cells.push(td.textContent);
}
const pre = document.createElement('pre');
pre.id = 'measured';
pre.textContent = JSON.stringify(found);
document.body.appendChild(pre);
</script>"""


def measured(sheet: Sheet, tmp_path: Path) -> dict[str, list[str]]:
    """The heads whose text leaves their cell and the cells whose text is cut, as Chromium
    lays out the HTML export at the printed width."""
    page = tmp_path / "measure.html"
    text = sheet_html(sheet, sheet.tally()).replace("</body>", _MEASURE + "</body>")
    page.write_text(text, encoding="utf-8")
    profile = tmp_path / "measure-profile"
    profile.mkdir()
    dom = subprocess.run(
        [
            "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            f"--user-data-dir={profile}", "--dump-dom", page.as_uri(),
        ],
        check=True, capture_output=True, text=True, timeout=180,
    ).stdout  # fmt: skip
    found = re.search(r'<pre id="measured">(.*?)</pre>', dom, re.DOTALL)
    assert found is not None, dom[-500:]
    result: dict[str, list[str]] = json.loads(html.unescape(found[1]))
    return result


FIVE = ["Anna", "Ben", "Carl", "Dora", "Emil"]
LONG_FIVE = [*LONG, "Emilia Fürstenberg-Ohlendorf"]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(
    ("players", "deals"),
    [
        (["Anna", "Ben", "Carl"], 36),
        (["Wilhelmine", "Maximilian", "Carl", "Dora"], 48),  # names of 10: in the columns
        (LONG, 48),  # longer names: seat letters
        (["Wilhelmine", "Maximilian", "Carl", "Dora", "Emil"], 60),
        (LONG_FIVE, 60),
    ],
)
def test_no_head_runs_into_its_neighbour(
    players: list[str], deals: int, lang: str, tmp_path: Path
) -> None:
    # issue 23 point 8: in German "Alleinspieler" ran into "Grundwert"
    words.use(lang)
    assert measured(evening(players, deals), tmp_path) == {"heads": [], "cells": []}


def test_a_series_at_three_is_one_page(tmp_path: Path) -> None:
    pages, text = printed(evening(["Anna", "Ben", "Carl"], 36), tmp_path)
    assert pages == 1
    assert "Seeger-Fabian" in text[0].splitlines()[-1] or "Seeger-Fabian" in text[0]
    assert re.search(r"^\s*36\s", text[0], re.MULTILINE)


def test_48_deals_at_four_with_long_names_is_one_page(tmp_path: Path) -> None:
    assert max(len(name) for name in LONG) == 30
    pages, text = printed(evening(LONG, 48), tmp_path)
    assert pages == 1
    assert re.search(r"^\s*48\s", text[0], re.MULTILINE)
    assert "+30 per game lost by another player (four players)" in text[0]
    for name in LONG:  # in full in the legend, never broken mid-word
        assert name in text[0]


@pytest.mark.parametrize(("players", "deals"), [(["Anna", "Ben", "Carl"], 100), (LONG, 96)])
def test_each_series_starts_a_page(players: list[str], deals: int, tmp_path: Path) -> None:
    length = 36 if len(players) == 3 else 48
    series = -(-deals // length)
    pages, text = printed(evening(players, deals), tmp_path)
    assert pages == series
    for number in range(2, series + 1):
        first = (number - 1) * length + 1
        assert f"Series {number}: deals {first} to" in text[number - 1]
        assert f"Series {number}:" not in text[number - 2]
    assert "Seeger-Fabian" in text[-1]


def test_in_german_48_deals_at_four_with_long_names_are_one_page(tmp_path: Path) -> None:
    # German heads and notes are longer than English ones: the page must hold them as well.
    words.use("de")
    pages, text = printed(evening(LONG, 48), tmp_path)
    assert pages == 1
    assert re.search(r"^\s*48\s", text[0], re.MULTILINE)
    assert "+30 je verlorenes Spiel eines Mitspielers (vier Spieler)" in text[0]
    assert "Laufender Stand" in text[0] and "Running totals" not in text[0]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("players", [FIVE, LONG_FIVE])
def test_60_deals_at_five_are_one_page(players: list[str], lang: str, tmp_path: Path) -> None:
    words.use(lang)
    pages, text = printed(evening(players, 60), tmp_path)
    assert pages == 1
    assert re.search(r"^\s*60\s", text[0], re.MULTILINE)
    others = {
        "en": "+24 per game lost by another player (five players)",
        "de": "+24 je verlorenes Spiel eines Mitspielers (fünf Spieler)",
    }
    assert others[lang] in text[0]
    for name in players:  # in full in the head of the page, never cut at its edge
        assert name in text[0]


def test_each_series_at_five_starts_a_page(tmp_path: Path) -> None:
    pages, text = printed(evening(FIVE, 130), tmp_path)
    assert pages == 3  # 60 + 60 + 10
    assert "Series 2: deals 61 to 120" in text[1]
    assert "Series 3: deals 121 to 130" in text[2]
