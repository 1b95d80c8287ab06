"""One print stylesheet for every A4 page; the pages differ only in its sizes."""

from __future__ import annotations

import re

from skatcalc.formats import html
from skatcalc.sheet.model import Sheet
from skatcalc.tournament.model import Tournament
from skatcalc.tournament.standings import standings


def _selectors(css: str) -> list[str]:
    return [line.split("{")[0].strip() for line in css.splitlines() if "{" in line]


def test_every_page_carries_the_one_stylesheet_in_its_sizes() -> None:
    sheet = Sheet.new(["Anna", "Ben", "Carl"])
    t = Tournament.new("Night", ["Anna", "Ben", "Carl"], planned=1).draw_next(1)
    pages = {
        html.SCORE_LIST: html.render_sheet(sheet, sheet.tally()),
        html.STANDINGS: html.render_standings(t, standings(t, {})),
        html.CARDS: html.render_cards(t, 1),
    }
    for paper, page in pages.items():
        assert f"<style>\n{html.stylesheet(paper)}" in page
        assert page.count("@page") == 1


def test_the_stylesheets_differ_only_in_sizes() -> None:
    score_list = html.stylesheet(html.SCORE_LIST)
    for paper in (html.STANDINGS, html.CARDS):
        other = html.stylesheet(paper)
        # the same rules in the same order; only the element that is a page may differ
        same = [s.replace("section.card", "main") for s in _selectors(other)]
        assert same == _selectors(score_list)
    # the sizes that set a score list apart: 9 mm margins, 7.5 pt type
    assert "@page { size: A4; margin: 9mm 9mm; }" in score_list
    assert re.search(r"font: 7\.5pt/1\.1 ", score_list)
    standings_css = html.stylesheet(html.STANDINGS)
    assert "@page { size: A4; margin: 10mm 12mm; }" in standings_css
    assert re.search(r"font: 8pt/1\.15 ", standings_css)
