"""The year's ranking as an A4 page (`season --format html`), printed by headless Chromium and
its pages counted with pdfinfo, as tests/tournament/test_print.py prints the standings."""

from __future__ import annotations

from pathlib import Path

import pytest

from skatcalc import words
from skatcalc.formats.html import render_season
from skatcalc.season import season
from skatcalc.sheet.model import Deal, Rules, Sheet
from skatcalc.spec import GameSpec
from tests.printed import pdf_pages, print_pdf

pytestmark = pytest.mark.slow  # headless Chromium prints the page


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_season_of_60_players_prints_on_one_a4_page(tmp_path: Path, lang: str) -> None:
    # 60 players with long names, 25 evenings of three (players 0-14 twice, the rest once),
    # each a won grand by the first seat;
    # with --min-series 2 those with fewer are listed apart under a row of their own
    names = [f"Maximilian-Alexander Mustermann-Schulz{i:02d}" for i in range(60)]
    sheets = [
        Sheet.new(names[3 * e % 60 : 3 * e % 60 + 3], Rules(series_length=1)).add(
            Deal(names[3 * e % 60], GameSpec("grand", with_=1, points=70))
        )
        for e in range(25)
    ]
    result = season(sheets, min_series=2, best=1)
    assert len(result.ranking) + len(result.apart) == 60 and result.apart
    with words.speaking(lang):
        page = tmp_path / "season.html"
        page.write_text(render_season(result), encoding="utf-8")
        pdf = tmp_path / "season.pdf"
        print_pdf(page, pdf)
        pages, size = pdf_pages(pdf)
    assert pages == 1
    assert size == (595, 842)  # A4
