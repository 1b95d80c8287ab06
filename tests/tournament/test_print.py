"""The printed standings and table cards as a person meets them: printed to PDF by headless
Chromium, pages counted with pdfinfo (Debian packages chromium and poppler-utils; .ci/run
installs them)."""

from __future__ import annotations

from pathlib import Path

import pytest

from skatcalc import words
from skatcalc.formats.html import render_cards as cards_html
from skatcalc.formats.html import render_standings as standings_html
from skatcalc.sheet.model import Deal, Sheet
from skatcalc.spec import GameSpec
from skatcalc.tournament.model import Tournament
from skatcalc.tournament.standings import FeeRule, standings
from tests.printed import pdf_pages, print_pdf

pytestmark = pytest.mark.slow  # headless Chromium prints each page


def _pdf(html: str, folder: Path) -> tuple[int, tuple[int, int]]:
    page = folder / "page.html"
    page.write_text(html, encoding="utf-8")
    pdf = folder / "page.pdf"
    print_pdf(page, pdf)
    return pdf_pages(pdf)


def test_standings_of_60_players_print_on_one_a4_page(tmp_path: Path) -> None:
    # 60 players, long names, 3 series, every table played: a won grand by the second seat.
    names = [f"Maximilian-Alexander Mustermann-Schulz{i:02d}" for i in range(60)]  # 40: the most
    tournament = Tournament.new("Vereinsmeisterschaft 2026", names, length_three=1, length_four=1)
    sheets = {}
    for s in range(3):
        tournament = tournament.draw_next(s)
        for t, table in enumerate(tournament.series[s].tables, 1):
            game = Deal(table.players[1], GameSpec("grand", with_=s + 1, points=70))
            sheets[s + 1, t] = Sheet.new(table.players, tournament.rules).add(game)
    result = standings(tournament, sheets)
    assert not result.held and len(result.ranking) == 60
    pages, size = _pdf(standings_html(tournament, result), tmp_path)
    assert pages == 1
    assert size == (595, 842)  # A4


def test_each_table_card_prints_on_one_page(tmp_path: Path) -> None:
    # 10 players: tables of 3, 3 and 4 with ISkO series of 36 and 48 deals.
    names = [f"Spielerin mit langem Namen {i}" for i in range(10)]
    tournament = Tournament.new("Pokal", names).draw_next(5)
    pages, size = _pdf(cards_html(tournament, 1), tmp_path)
    assert pages == 3
    assert size == (595, 842)  # A4


def test_in_german_standings_and_cards_keep_their_pages(tmp_path: Path) -> None:
    words.use("de")
    names = [f"Maximilian-Alexander Mustermann-Schulz{i:02d}" for i in range(60)]
    tournament = Tournament.new("Vereinsmeisterschaft 2026", names, length_three=1, length_four=1)
    tournament = tournament.draw_next(0)
    sheets = {}
    for t, table in enumerate(tournament.series[0].tables, 1):
        game = Deal(table.players[1], GameSpec("grand", with_=1, points=70))
        sheets[1, t] = Sheet.new(table.players, tournament.rules).add(game)
    page = standings_html(tournament, standings(tournament, sheets))
    assert '<html lang="de">' in page and "Platz" in page
    assert _pdf(page, tmp_path)[0] == 1
    # tables of 3, 3 and 4 with ISkO series of 36 and 48 deals: a card a page
    pokal = Tournament.new("Pokal", [f"Spielerin mit langem Namen {i}" for i in range(10)])
    cards = cards_html(pokal.draw_next(5), 1)
    assert "Alleinspieler" in cards and "Declarer" not in cards
    assert _pdf(cards, tmp_path)[0] == 3


@pytest.mark.parametrize("language", ["en", "de"])
def test_60_players_with_the_fee_players_apart_and_closed_tables_keep_one_page(
    tmp_path: Path, language: str
) -> None:
    # the longest list issue 24 adds to: the fee per player and in all, the players of two
    # tables not counted listed apart under a title row, two tables closed early and noted,
    # two tables not counted named; 3 series, names of 40 characters
    names = [f"Maximilian-Alexander Mustermann-Schulz{i:02d}" for i in range(60)]
    tournament = Tournament.new("Vereinsmeisterschaft 2026", names, length_three=2, length_four=2)
    sheets = {}
    for s in range(3):
        tournament = tournament.draw_next(s)
        for t, table in enumerate(tournament.series[s].tables, 1):
            sheet = Sheet.new(table.players, tournament.rules)
            deals = 1 if (s == 2 and t <= 4) else 2  # four tables of the last series short
            for _ in range(deals):  # the player after the dealer declares
                seat = table.players[(len(sheet.deals) + 1) % len(table.players)]
                sheet = sheet.add(Deal(seat, GameSpec("grand", with_=1, points=50)))
            sheets[s + 1, t] = sheet
    tournament = tournament.close(3, 1, 1).close(3, 2, 1)
    words.use(language)
    try:
        result = standings(tournament, sheets, FeeRule(50, from_lost=2, then=100))
        assert len(result.closed) == 2 and len(result.held) == 2 and len(result.apart) == 8
        page = standings_html(tournament, result, "€")
    finally:
        words.use("en")
    assert ("Fees in all" if language == "en" else "Abgaben insgesamt") in page
    pages, size = _pdf(page, tmp_path)
    assert pages == 1
    assert size == (595, 842)  # A4
