"""Every format speaks the language in use: its heads in that language, no word of the other.

The words checked are ones only one language uses ("Geber" and "Dealer", "Spiel" and "Deal"),
matched as whole words, in what a reader sees (for HTML: the text and the title and aria-label
attributes, not the style sheet or class names). JSON is the one exception: always English.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from html.parser import HTMLParser

import pytest

from skatcalc import words
from skatcalc.formats import chart, csv, html, json, markdown, terminal
from skatcalc.sheet.model import Deal, Sheet, Tally
from skatcalc.spec import GameSpec
from skatcalc.tournament.model import Tournament
from skatcalc.tournament.standings import FeeRule, Standings, standings

# Words of one language that the other never prints.
ENGLISH = ["Deal", "Dealer", "Declarer", "Running totals", "Player", "Score", "Place", "won"]
GERMAN = ["Spiel", "Geber", "Alleinspieler", "Laufender Stand", "Spieler", "Punkte",
          "gewonnen", "verloren"]  # fmt: skip


def _has(text: str, word: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text) is not None


@pytest.fixture(params=["en", "de"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    words.use(request.param)
    yield request.param
    words.use("en")


def evening() -> tuple[Sheet, Tally]:
    """Won and lost games, a passed deal: every kind of row's words."""
    sheet = Sheet.new(["Anna", "Ben", "Carl"]).extend(
        [
            Deal("Ben", GameSpec("clubs", with_=2, points=61)),  # won +36
            Deal("Carl", GameSpec("grand", with_=1, points=50)),  # lost -96
            Deal.passed(),
        ]
    )
    return sheet, sheet.tally()


def night(fee: int | None = None) -> tuple[Tournament, Standings]:
    players = ["Anna", "Ben", "Carl"]
    t = Tournament.new("Night", players, planned=2, length_three=1).draw_next(1)
    table = t.series[0].tables[0]
    # the second seat loses a grand with 1 (48, -96): 1 lost game
    sheet = Sheet.new(table.players, t.rules).add(
        Deal(table.players[1], GameSpec("grand", with_=1, points=50))
    )
    return t, standings(t, {(1, 1): sheet}, None if fee is None else FeeRule(fee))


class _Seen(HTMLParser):
    """What a reader of an HTML page sees: its text and its titles, not its style sheet."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._style = tag == "style"
        self.parts += [v or "" for k, v in attrs if k in ("title", "aria-label")]

    def handle_endtag(self, tag: str) -> None:
        self._style = False

    def handle_data(self, data: str) -> None:
        if not self._style:
            self.parts.append(data)


def seen(page: str) -> str:
    parser = _Seen()
    parser.feed(page)
    return "\n".join(parser.parts)


def _check(text: str, language: str, heads: dict[str, list[str]]) -> None:
    mine, other = (ENGLISH, GERMAN) if language == "en" else (GERMAN, ENGLISH)
    for word in heads[language]:
        assert _has(text, word), f"{word!r} missing in {language}:\n{text}"
    for word in other:
        assert not _has(text, word), f"{word!r} in the {language} output:\n{text}"
    assert mine  # the lists are the checks' source of exclusive words


SHEET_FORMATS: dict[str, Callable[[Sheet, Tally], str]] = {
    "csv": csv.render_sheet,
    "markdown": markdown.render_sheet,
    "html": lambda sheet, tally: seen(html.render_sheet(sheet, tally)),
    "terminal": lambda sheet, tally: "\n".join(
        t for t, _ in terminal.sheet_lines(sheet, tally, 80)
    ),
}
SHEET_HEADS = {
    "csv": {"en": ["n", "dealer", "declarer", "game", "rule"],
            "de": ["Nr", "Geber", "Alleinspieler", "Spiel", "Regel"]},
    "markdown": {"en": ["Dealer", "Declarer", "Game", "Score", "Player", "Running totals"],
                 "de": ["Geber", "Alleinspieler", "Spiel", "Punkte", "Spieler",
                        "Laufender Stand"]},
    "html": {"en": ["Deal", "Dealer", "Declarer", "Base value", "Running totals", "Games won"],
             "de": ["Spiel", "Geber", "Alleinspieler", "Grundwert", "Laufender Stand",
                    "Gewonnene Spiele"]},
    "terminal": {"en": ["Dealer", "Game", "Declarer", "Totals", "Player"],
                 "de": ["Geber", "Spiel", "Spieler", "Stand"]},
}  # fmt: skip


@pytest.mark.parametrize("name", SHEET_FORMATS)
def test_a_sheet_in_every_format_speaks_one_language(name: str, language: str) -> None:
    sheet, tally = evening()
    text = SHEET_FORMATS[name](sheet, tally)
    if name == "csv":  # the cells are data (game names, true/false, won/lost), as in JSON
        lines = text.splitlines()
        text = "\n".join([lines[0], lines[lines.index("") + 1]])  # the deals' and rules' heads
    _check(text, language, SHEET_HEADS[name])


def test_the_html_export_says_its_language(language: str) -> None:
    sheet, tally = evening()
    assert html.render_sheet(sheet, tally).startswith(
        f'<!DOCTYPE html>\n<html lang="{language}">\n'
    )


def test_the_charts_speak_one_language(language: str) -> None:
    sheet = Sheet.new(["Anna", "Ben", "Carl"])
    heads = {"en": ["Running totals", "No deals yet"], "de": ["Laufender Stand", "Spiele"]}
    _check("\n".join(chart.terminal_chart(sheet.tally())), language, heads)
    _check(seen(chart.svg_chart(sheet.tally())), language, heads)
    # several players on one point: the legend says so
    sheet, tally = evening()
    heads = {"en": ["several players"], "de": ["mehrere Spieler"]}
    _check("\n".join(chart.terminal_chart(tally, scoring="standard")), language, heads)


def test_json_is_english_in_every_language(language: str) -> None:
    sheet, tally = evening()
    text = json.render_sheet(sheet, tally)
    words.use("en")
    assert text == json.render_sheet(sheet, tally)
    t, result = night(50)
    words.use(language)
    text = json.render_standings(t, result)
    words.use("en")
    assert text == json.render_standings(t, result)


STANDINGS_HEADS = {"en": ["Place", "Player", "Won", "Lost", "Fee"],
                   "de": ["Platz", "Spieler", "Gew.", "Verl.", "Abgabe"]}  # fmt: skip


@pytest.mark.parametrize(
    "render",
    [
        terminal.render_standings,
        markdown.render_standings,
        lambda *a: seen(html.render_standings(*a)),
    ],
    ids=["text", "markdown", "html"],
)
def test_the_standings_speak_one_language_with_its_money(
    render: Callable[..., str], language: str
) -> None:
    t, result = night(85)
    text = render(t, result, "€")
    _check(text, language, STANDINGS_HEADS)
    # 85 cents a lost game, one lost game: German writes the comma and the sign after
    money = {"en": "€0.85", "de": "0,85 €"}
    assert money[language] in text
    assert money["de" if language == "en" else "en"] not in text


def test_the_standings_csv_heads_speak_one_language(language: str) -> None:
    t, result = night(85)
    head = csv.render_standings(t, result).splitlines()[0]
    assert (
        head
        == {
            "en": "place,tied,player,withdrawn,seeger_fabian,won,lost,series_1,fee_cents",
            # German spreadsheets: a byte-order mark and semicolons (formats/csv_dialect.py)
            "de": "\ufeffPlatz;gleichauf;Spieler;ausgeschieden;Seeger-Fabian;gewonnen;verloren;"
            "Serie 1;Abgabe in Cent",
        }[language]
    )


def test_the_table_cards_speak_one_language(language: str) -> None:
    t, _ = night()
    heads = {"en": ["Deal", "Dealer", "Declarer", "Games won"],
             "de": ["Spiel", "Geber", "Alleinspieler", "Gewonnene Spiele"]}  # fmt: skip
    page = html.render_cards(t, 1)
    assert f'<html lang="{language}">' in page
    _check(seen(page), language, heads)
