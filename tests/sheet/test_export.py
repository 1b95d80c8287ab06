"""Sheet exports: CSV, JSON, Markdown and HTML of one small evening, names that fight back."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable
from html.parser import HTMLParser

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skatcalc.errors import SkatError
from skatcalc.formats import SHEET_FORMATS, sheet_format
from skatcalc.formats.csv import CSV_COLUMNS
from skatcalc.formats.csv import render_sheet as sheet_csv
from skatcalc.formats.html import render_sheet as sheet_html
from skatcalc.formats.json import render_sheet as sheet_json
from skatcalc.formats.json import sheet_dict
from skatcalc.formats.markdown import render_sheet as sheet_markdown
from skatcalc.names import name_key, nfc
from skatcalc.sheet.model import Deal, Ramsch, Rules, Sheet, Tally
from skatcalc.spec import GameSpec
from tests.said import raises_saying
from tests.strategies import printable

ANNA = "<b>Anna</b>"
BEN = 'Ben "the Bear", Jr.'
ZOE = "Zoë | *Z* & [co] \\"
PLAYERS = [ANNA, BEN, ZOE]
SEATS = ["B", "E", "Z"]  # the chart's letters: "<b>Anna</b>" starts with b; Ben takes his e

# Dealers rotate Anna, Ben, Zoë (and Dora, at four); every kind of row a list has.
DEALS = [
    Deal.passed(),
    # with 2, game 3, hand 4 × 12 = 48, 56 points: lost -96
    Deal(ANNA, GameSpec("clubs", with_=2, hand=True, points=56, bid=20)),
    # with 1, game 2 × 9 = 18 < bid 20: overbid at 27, -54
    Deal(BEN, GameSpec("diamonds", with_=1, points=85, bid=20)),
    # Null ouvert 46, no trick: won +46
    Deal(ZOE, GameSpec("null", ouvert=True, tricks=0)),
    # the cards give with 3; game 4, schneider 5 × 24 = 120
    Deal(
        ZOE,
        GameSpec("grand", cards="CJ SJ HJ SA ST S9 HA HT DA DT", skat="C7 D8", points=92),
    ),
]


def evening(players: list[str] = PLAYERS, rules: Rules | None = None) -> tuple[Sheet, Tally]:
    names = dict(zip(PLAYERS, players, strict=False))
    deals = [d if d.is_passed else Deal(names[d.declarer or ""], d.game) for d in DEALS]
    sheet = Sheet.new(players, rules).extend(deals)
    return sheet, sheet.tally()


def test_the_evening_totals_are_what_the_rules_say() -> None:
    # Pins the sheet the other tests read, so a failure there is about the export.
    _, tally = evening()
    assert [(p.score, p.won, p.lost, p.seeger_fabian) for p in tally.players] == [
        (-96, 0, 1, -96 - 50 + 40),
        (-54, 0, 1, -54 - 50 + 40),
        (166, 2, 0, 166 + 2 * 50 + 2 * 40),
    ]


# --- CSV --------------------------------------------------------------------------------------


def read_csv(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text, newline="")))


def test_csv_parses_back_to_one_row_per_deal() -> None:
    sheet, tally = evening()
    no = ["false", "false", "false", "false"]  # hand, schneider, schwarz, ouvert as entered
    ramsch = ["", "", "", "", ""]
    rows = read_csv(sheet_csv(sheet, tally, "standard"))
    assert rows[:6] == [
        [*CSV_COLUMNS, ANNA, BEN, ZOE],
        ["1", ANNA, *[""] * 23, "1", "", *ramsch, "0", "0", "0"],
        ["2", BEN, ANNA, "clubs", "2", "", "", "", "true", "false", "false", "false",
         "56", "", "20", "false", "false", "",
         "12", "with 2", "game hand", "4", "48", "48", "lost", "1", "-96", *ramsch,
         "-96", "0", "0"],
        # the value 18 does not reach the bid 20: the score rests on 27, -2 × 27
        ["3", ZOE, BEN, "diamonds", "1", "", "", "", *no, "85", "", "20", "false", "false", "",
         "9", "with 1", "game", "2", "18", "27", "overbid", "1", "-54", *ramsch,
         "-96", "-54", "0"],
        ["4", ANNA, ZOE, "null", "", "", "", "", "false", "false", "false", "true",
         "", "0", "18", "false", "false", "",
         "", "", "", "", "46", "46", "won", "1", "46", *ramsch, "-96", "-54", "46"],
        ["5", BEN, ZOE, "grand", "", "", "CJ SJ HJ SA ST S9 HA HT DA DT", "C7 D8", *no,
         "92", "", "18", "false", "false", "",
         "24", "with 3", "game schneider", "5", "120", "120", "won", "1", "120", *ramsch,
         "-96", "-54", "166"],
    ]  # fmt: skip
    # then the rules, one a row, for `sheet import`
    assert rows[6:9] == [[], ["rule", "value"], ["scoring", "seeger-fabian"]]
    assert ["bock_triggers", "lost-60,grand-hand,kontra,hundred"] in rows[9:]
    assert ["kontra", "true"] in rows[9:] and ["grand_base", "24"] in rows[9:]


def test_csv_header_names_the_columns_in_order() -> None:
    assert CSV_COLUMNS == (
        "n", "dealer", "declarer",
        "game", "with", "without", "cards", "skat", "hand", "schneider", "schwarz", "ouvert",
        "points", "tricks", "bid", "kontra", "re", "discards",
        "base_value", "tops", "levels", "multiplier", "value", "scored_value", "outcome",
        "bock_factor", "score", "ramsch_points", "jungfrau", "durchmarsch", "pushes",
        "last_trick",
    )  # fmt: skip


def test_csv_quotes_names_with_commas_and_quotes() -> None:
    sheet, tally = evening()
    first = sheet_csv(sheet, tally, "standard").splitlines()[0]
    assert first.endswith(',<b>Anna</b>,"Ben ""the Bear"", Jr.",Zoë | *Z* & [co] \\')


def test_csv_ouvert_suit_game_counts_hand_schneider_schwarz() -> None:
    sheet = Sheet.new(["A", "B", "C"]).add(
        Deal("B", GameSpec("clubs", with_=2, ouvert=True, tricks=10))
    )
    row = read_csv(sheet_csv(sheet, sheet.tally()))[1]
    columns = dict(zip(CSV_COLUMNS, row, strict=False))
    # as entered: ouvert; as it counts: every level (with 2: 2 + 7 = 9)
    entered = [columns[k] for k in ("hand", "schneider", "schwarz", "ouvert")]
    assert entered == ["false", "false", "false", "true"]
    assert columns["levels"] == (
        "game hand schneider schneider_announced schwarz schwarz_announced ouvert"
    )
    assert columns["multiplier"] == "9"
    # all ten tricks: won at the full ouvert value
    assert (columns["value"], columns["outcome"], columns["score"]) == ("108", "won", "108")


# --- JSON -------------------------------------------------------------------------------------


def test_json_is_the_sheet_show_object() -> None:
    sheet, tally = evening()
    text = sheet_json(sheet, tally)
    # through JSON: a tuple in the rules reads back as a list
    assert json.loads(text) == json.loads(json.dumps(sheet_dict(sheet, tally)))
    assert text == json.dumps(sheet_dict(sheet, tally), ensure_ascii=False, indent=2) + "\n"
    assert '"name": "Zoë' in text  # as typed, not \u00eb


# --- Markdown ---------------------------------------------------------------------------------


def md_cells(row: str) -> list[str]:
    """A GFM table row's cells, unescaped: what a renderer shows."""
    assert row.startswith("| ") and row.endswith(" |"), row
    cells = re.split(r"(?<!\\)\|", row)[1:-1]
    return [re.sub(r"\\(.)", r"\1", cell.strip()) for cell in cells]


def md_tables(text: str) -> list[list[str]]:
    """The tables of a Markdown text, each as its lines."""
    return [block.splitlines() for block in text.split("\n\n") if block.startswith("|")]


def test_markdown_has_one_row_per_deal_and_a_totals_table() -> None:
    sheet, tally = evening()
    deals, totals = md_tables(sheet_markdown(sheet, tally, "standard"))
    assert md_cells(deals[0]) == ["#", "Dealer", "Declarer", "Game", "Score", *PLAYERS]
    assert deals[1] == "|--:|---|---|---|--:|--:|--:|--:|"
    assert [md_cells(row) for row in deals[2:]] == [
        ["1", ANNA, "", "passed", "", "0", "0", "0"],
        ["2", BEN, ANNA, "Clubs hand, with 2 (48): lost -96; bid 20, 56 card points", "-96",
         "-96", "0", "0"],
        ["3", ZOE, BEN, "Diamonds, with 1 (18): overbid -54; bid 20, 85 card points", "-54",
         "-96", "-54", "0"],
        ["4", ANNA, ZOE, "Null ouvert (46): won +46; bid 18, 0 tricks", "+46", "-96", "-54",
         "46"],
        ["5", BEN, ZOE, "Grand, with 3 (120): won +120; bid 18, 92 card points, cards CJ SJ HJ "
         "SA ST S9 HA HT DA DT, skat C7 D8", "+120", "-96", "-54", "166"],
    ]  # fmt: skip
    assert len(deals) == 2 + len(sheet.deals)
    assert totals[1] == "|---|--:|--:|--:|--:|"
    assert [md_cells(row) for row in totals[:1] + totals[2:]] == [
        ["Player", "Score", "Won", "Lost", "Seeger-Fabian"],
        [ANNA, "-96", "0", "1", "-106"],
        [BEN, "-54", "0", "1", "-64"],
        [ZOE, "+166", "2", "0", "+346"],
    ]


def test_markdown_escapes_what_would_break_a_cell_or_format_a_name() -> None:
    sheet, tally = evening()
    text = sheet_markdown(sheet, tally, "standard")
    assert "Zoë \\| \\*Z\\* \\& \\[co\\] \\\\" in text
    assert "\\<b\\>Anna\\</b\\>" in text
    assert "| Zoë |" not in text and "<b>" not in text


class Cells(HTMLParser):
    """The text of every table cell, row by row, with the row's class and its tbody's."""

    VOID = frozenset({"meta", "col", "br", "hr", "img", "input", "link", "wbr"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.rows: list[tuple[str, str, list[str]]] = []
        self.tbody = ""
        self.cell: list[str] | None = None
        self.texts: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in self.VOID:
            self.stack.append(tag)
        kind = dict(attrs).get("class") or ""
        if tag == "tbody":
            self.tbody = kind
        elif tag == "tr":
            self.rows.append((self.tbody, kind, []))
        elif tag in ("td", "th"):
            self.cell = []

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        assert tag in self.VOID, f"<{tag}/> is not a void element"

    def handle_endtag(self, tag: str) -> None:
        assert tag not in self.VOID, f"</{tag}> closes a void element"
        assert self.stack and self.stack[-1] == tag, f"</{tag}> closes <{self.stack[-1:]}>"
        self.stack.pop()
        if tag in ("td", "th") and self.cell is not None:
            self.rows[-1][2].append("".join(self.cell).strip())
            self.cell = None
        if tag == "tbody":
            self.tbody = ""

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)
        if self.stack:
            self.texts[self.stack[-1]] = self.texts.get(self.stack[-1], "") + data


def column_heads(page: Cells) -> list[str]:
    """The second header row of the score list: tops, levels and the players."""
    return [cells for body, _, cells in page.rows if not body][1]


def parse_html(page: str) -> Cells:
    parser = Cells()
    parser.feed(page)
    parser.close()
    assert parser.stack == [], f"unclosed: {parser.stack}"
    return parser


def rendered_cells(markdown: str) -> list[list[str]]:
    markdown_it = pytest.importorskip("markdown_it")  # rich's own Markdown renderer
    page = markdown_it.MarkdownIt("commonmark").enable("table").render(markdown)
    return [cells for _, _, cells in parse_html(f"<div>{page}</div>").rows]


def test_markdown_names_render_as_typed() -> None:
    sheet, tally = evening()
    rows = rendered_cells(sheet_markdown(sheet, tally, "standard"))
    assert rows[0][5:] == PLAYERS
    assert [row[2] for row in rows[1:6]] == ["", ANNA, BEN, ZOE, ZOE]
    assert [row[0] for row in rows[-3:]] == PLAYERS


def names_at_table(count: int) -> st.SearchStrategy[list[str]]:
    """Names as a sheet keeps them: composed (NFC), no two that look the same (name_key)."""
    name = st.text(st.characters(blacklist_categories=("Cc", "Cs")), min_size=1, max_size=10)
    kept = name.map(nfc).filter(lambda n: printable(n) and len(n) <= 10)  # NFC may lengthen
    return st.lists(kept, min_size=count, max_size=count, unique_by=name_key)


@settings(max_examples=60, deadline=None)
@given(names_at_table(3))
def test_any_names_survive_every_format(names: list[str]) -> None:
    sheet, tally = evening(names)
    # a name a spreadsheet would run as a formula gets a leading ' (OWASP: CSV injection);
    # so does one that starts with ', so that `sheet import` takes exactly one off again
    formula = [
        "'" + n if n[0] in "=+-@'" and not re.fullmatch(r"[+-]?[0-9]+(\.[0-9]+)?", n) else n
        for n in names
    ]
    assert read_csv(sheet_csv(sheet, tally, "standard"))[0][-3:] == formula
    assert [
        row[0] for row in rendered_cells(sheet_markdown(sheet, tally, "standard"))[-3:]
    ] == names
    assert column_heads(parse_html(sheet_html(sheet, tally, "standard")))[-3:] == names


# --- HTML -------------------------------------------------------------------------------------


def number(text: str) -> int:
    return int(text.replace("\N{MINUS SIGN}", "-"))


def footer(page: Cells) -> dict[str, list[int]]:
    return {
        cells[0]: [number(c) for c in cells[1:]] for body, _, cells in page.rows if body == "sf"
    }


def test_html_parses_cleanly_and_is_self_contained() -> None:
    sheet, tally = evening()
    page = sheet_html(sheet, tally, "standard")
    assert page.startswith('<!DOCTYPE html>\n<html lang="en">')
    assert page.endswith("</html>\n")
    parsed = parse_html(page)
    assert re.search(r"@page\s*\{[^}]*size:\s*A4;[^}]*margin:", page)
    for banned in ("<script", "http", "src=", "href=", "url(", "@import", "<link"):
        assert banned not in page.lower()
    assert parsed.texts["h1"] == "Skat score sheet"
    assert parsed.texts["title"] == f"Skat score sheet: {', '.join(PLAYERS)}"


def test_html_escapes_every_name() -> None:
    sheet, tally = evening()
    page = sheet_html(sheet, tally, "standard")
    assert "&lt;b&gt;Anna&lt;/b&gt;" in page
    assert "Ben &quot;the Bear&quot;, Jr." in page
    assert "<b>" not in page and 'Ben "the' not in page
    # a name longer than 10 characters: seat letters (the chart's) in the narrow columns, and
    # the full names, each with its letter, at the head of the page
    assert column_heads(parse_html(page))[-3:] == SEATS  # the running-total columns
    assert '<span class="seat">B</span>&lt;b&gt;Anna&lt;/b&gt;' in page
    assert '<span class="seat">E</span>Ben &quot;the Bear&quot;, Jr.' in page


def test_html_short_names_stand_in_the_columns() -> None:
    sheet, tally = evening(["Anna", "Ben", "Zoë"])
    page = parse_html(sheet_html(sheet, tally))
    assert column_heads(page)[-3:] == ["Anna", "Ben", "Zoë"]
    rows = [cells for body, _, cells in page.rows if body == "deals"]
    assert [row[1:3] for row in rows[1:]] == [["Ben", "Anna"], ["Zoë", "Ben"], ["Anna", "Zoë"],
                                              ["Ben", "Zoë"]]  # fmt: skip


def test_html_rows_read_like_the_paper_list() -> None:
    sheet, tally = evening()
    rows = [(kind, cells) for body, kind, cells in parse_html(sheet_html(sheet, tally, "standard")).rows
            if body == "deals"]  # fmt: skip
    assert len(rows) == len(sheet.deals)
    minus = "\N{MINUS SIGN}"
    # deal, dealer, declarer, base value, with, without, hand, schneider, announced, schwarz,
    # announced, ouvert, bid, points, won/lost, value, score, running totals
    anna, ben, zoe = SEATS
    assert rows == [
        ("passed", ["1", anna, "passed", "0", "0", "0"]),
        ("", ["2", ben, anna, "♣ 12", "2", "", "x", "", "", "", "", "", "20", "56",
              "lost", "48", f"{minus}96", f"{minus}96", "0", "0"]),
        ("", ["3", zoe, ben, "♦ 9", "1", "", "", "", "", "", "", "", "20", "85",
              "overbid", "27", f"{minus}54", f"{minus}96", f"{minus}54", "0"]),
        ("", ["4", anna, zoe, "Null", "", "", "", "", "", "", "", "x", "18", "0 tr.",
              "won", "46", "+46", f"{minus}96", f"{minus}54", "46"]),
        ("", ["5", ben, zoe, "Grand 24", "3", "", "", "x", "", "", "", "", "18", "92",
              "won", "120", "+120", f"{minus}96", f"{minus}54", "166"]),
    ]  # fmt: skip
    page = sheet_html(sheet, tally)
    assert '<tr title="cards CJ SJ HJ SA ST S9 HA HT DA DT, skat C7 D8">' in page


def test_html_footer_is_the_seeger_fabian_account() -> None:
    sheet, tally = evening()
    account = footer(parse_html(sheet_html(sheet, tally, "standard")))
    assert account == {
        "Score": [-96, -54, 166],
        "Games won": [0, 0, 2],
        "Games lost": [1, 1, 0],
        "+50 per game won": [0, 0, 100],
        "\N{MINUS SIGN}50 per game lost": [-50, -50, 0],
        "+40 per game lost by another player (three players)": [40, 40, 80],
        "Seeger-Fabian": [p.seeger_fabian for p in tally.players],
    }


@pytest.mark.parametrize("seats", [3, 4])
def test_html_footer_takes_its_constants_from_the_rules(seats: int) -> None:
    rules = Rules(won_bonus=60, lost_penalty=40, opponents_three=30, opponents_four=20)
    players = PLAYERS if seats == 3 else [*PLAYERS, "Dora"]
    sheet, tally = evening(players, rules)
    account = footer(parse_html(sheet_html(sheet, tally, "standard")))
    others = "+30 per game lost by another player (three players)"
    if seats == 4:
        others = "+20 per game lost by another player (four players)"
    assert list(account) == [
        "Score", "Games won", "Games lost", "+60 per game won",
        "\N{MINUS SIGN}40 per game lost", others, "Seeger-Fabian",
    ]  # fmt: skip
    total = account.pop("Seeger-Fabian")
    assert total == [p.seeger_fabian for p in tally.players]
    del account["Games won"], account["Games lost"]
    assert [sum(column) for column in zip(*account.values(), strict=True)] == total


def house_rules_evening() -> tuple[Sheet, Tally]:
    rules = Rules(ramsch=True, bock=True, bock_triggers=("kontra",))
    sheet = Sheet.new(["A", "B", "C"], rules).extend(
        [
            Deal("B", GameSpec("grand", with_=1, points=70, kontra=True)),  # +96, starts Bock
            Deal.of_ramsch(Ramsch((("A", 60), ("B", 40), ("C", 20)))),  # A -60, Bock: -120
            Deal("C", GameSpec("grand", with_=1, points=50, re=True)),  # -96 × 4 × 2 Bock
        ]
    )
    return sheet, sheet.tally()


def test_kontra_re_bock_and_ramsch_rows_say_what_they_are() -> None:
    sheet, tally = house_rules_evening()
    assert [entry.scores for entry in tally.deals] == [(0, 96, 0), (-120, 0, 0), (0, 0, -768)]
    html = parse_html(sheet_html(sheet, tally, "standard"))
    rows = [cells for body, _, cells in html.rows if body == "deals"]
    ramsch = "Ramsch (A 60, B 40, C 20): A -120"
    assert [rows[0][14], rows[1][2], rows[2][14]] == ["won K", ramsch, "lost R B"]
    assert "K: Kontra" in html.texts["p"] and "B: Bock" in html.texts["p"]
    deals = md_tables(sheet_markdown(sheet, tally, "standard"))[0]
    assert [md_cells(row)[3] for row in deals[2:]] == [
        "Grand, with 1 (48): won +96, Kontra; bid 18, 70 card points",
        ramsch,
        "Grand, with 1 (48): lost -768, Re, Bock; bid 18, 50 card points",
    ]
    rows = [
        dict(zip(CSV_COLUMNS, row, strict=False)) for row in read_csv(sheet_csv(sheet, tally))[1:4]
    ]
    doubling = ("game", "kontra", "re", "bock_factor", "score", "ramsch_points", "jungfrau")
    assert [[row[key] for key in doubling] for row in rows] == [
        ["grand", "true", "false", "1", "96", "", ""],
        ["ramsch", "", "", "2", "", '{"A": 60, "B": 40, "C": 20}', "[]"],
        ["grand", "false", "true", "2", "-768", "", ""],  # Re as entered: Kontra not typed
    ]


# --- the formats by name ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fmt", "function"),
    [("csv", sheet_csv), ("json", sheet_json), ("markdown", sheet_markdown), ("html", sheet_html)],
)
def test_export_picks_the_format_by_name(fmt: str, function: Callable[[Sheet, Tally], str]) -> None:
    sheet, tally = evening()
    assert sheet_format(fmt).render_sheet(sheet, tally) == function(sheet, tally)


def test_export_names_the_formats_it_knows() -> None:
    assert SHEET_FORMATS == ("csv", "json", "markdown", "html")
    message = "unknown export format 'CSV': expected csv, json, markdown or html"
    with raises_saying(SkatError, match=f"^{re.escape(message)}$"):
        sheet_format("CSV")


def test_an_empty_sheet_exports_headers_only() -> None:
    sheet = Sheet.new(["A", "B", "C", "D"])
    tally = sheet.tally()
    assert read_csv(sheet_csv(sheet, tally, "standard"))[:3] == [
        [*CSV_COLUMNS, "A", "B", "C", "D"],
        [],
        ["rule", "value"],
    ]
    assert len(md_tables(sheet_markdown(sheet, tally, "standard"))[0]) == 2
    rows = parse_html(sheet_html(sheet, tally, "standard")).rows
    assert [body for body, _, _ in rows].count("deals") == 0
