"""The running-totals chart: as text for a terminal, as SVG, and in the HTML export."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from itertools import pairwise
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from skatcalc.errors import SkatError
from skatcalc.formats.chart import CHART_CSS, markers, svg_chart, terminal_chart
from skatcalc.formats.html import render_sheet as sheet_html
from skatcalc.sheet.model import Deal, Sheet, Tally
from skatcalc.spec import GameSpec
from skatcalc.store import sheet as store
from tests.said import raises_saying

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def example(name: str) -> tuple[Sheet, Tally]:
    sheet = store.load(EXAMPLES / name)
    return sheet, sheet.tally()


class Chart:
    """A text chart taken apart: the y labels by row, the plot's cells, the x labels, legend."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        axis = next(i for i, line in enumerate(lines) if re.fullmatch(r" *\+-+", line))
        self.offset = lines[axis].index("+") + 1  # the plot's first column
        # Above the axis: the title (one line or more), then the rows of the plot.
        self.plot = [line for line in lines[:axis] if re.match(r"[ 0-9-]* [+|]", line)]
        self.labels = [line[: self.offset - 2].strip() for line in self.plot]
        self.numbers = lines[axis + 1] if axis + 1 < len(lines) else ""
        self.legend = " ".join(lines[axis + 2 :])

    def column(self, index: int) -> list[str]:
        """The cells of one plot column, top to bottom, blanks and the zero line left out."""
        cells = [line[self.offset + index] if len(line) > self.offset + index else " "
                 for line in self.plot]  # fmt: skip
        return [c for c in cells if c not in " ."]

    def row_of(self, label: str) -> str:
        return self.plot[self.labels.index(label)][self.offset :]


def test_markers_at_the_first_and_the_last_deal() -> None:
    _, tally = example("evening-three.toml")
    chart = Chart(terminal_chart(tally))
    # After deal 1: Anna 36, Ben and Carl 0, sharing a place.
    assert chart.column(0) == ["A", "*"]
    assert chart.row_of("0")[0] == "*"
    # After deal 36: Carl 208 above Anna 170 above Ben 58, in the last column.
    last = max(len(line) for line in chart.plot) - chart.offset - 1
    assert chart.column(last) == ["C", "A", "B"]


def test_at_four_every_player_has_a_marker_at_the_end() -> None:
    _, tally = example("evening-four.toml")
    chart = Chart(terminal_chart(tally, width=100, height=40))
    last = max(len(line) for line in chart.plot) - chart.offset - 1
    # Anna 233, Carl -118, Dora -136, Ben -371.
    assert chart.column(last) == ["A", "C", "D", "B"]


def test_the_y_axis_labels_round_values_including_zero() -> None:
    _, tally = example("evening-three.toml")
    chart = Chart(terminal_chart(tally))
    values = [int(label) for label in chart.labels if label]
    assert 0 in values
    assert values == sorted(values, reverse=True)
    steps = {a - b for a, b in pairwise(values)}
    assert len(steps) == 1 and steps.pop() in (100, 200)
    assert values[0] >= 406 and values[-1] <= -109  # the highest and lowest totals fit
    assert set(chart.row_of("0")) <= {".", "A", "B", "C", "*"}  # the dotted zero line


def test_the_x_axis_numbers_the_first_and_the_last_deal() -> None:
    _, tally = example("evening-three.toml")
    chart = Chart(terminal_chart(tally))
    numbers = chart.numbers.split()
    assert numbers[0] == "1" and numbers[-1] == "36"
    assert [int(n) for n in numbers] == sorted(int(n) for n in numbers)
    assert chart.numbers[chart.offset] == "1"
    assert chart.numbers.endswith("36")


def test_the_legend_names_every_player() -> None:
    _, tally = example("evening-four.toml")
    chart = Chart(terminal_chart(tally))
    for entry in ("A Anna", "B Ben", "C Carl", "D Dora", "* several players"):
        assert entry in chart.legend


def test_players_sharing_an_initial_get_distinct_markers() -> None:
    sheet = Sheet.new(["Anna", "Andreas", "Ben"])
    sheet = sheet.add(Deal("Andreas", GameSpec("grand", with_=1, points=70)))
    chart = Chart(terminal_chart(sheet.tally()))
    assert chart.column(0) == ["N", "*"]
    assert "A Anna" in chart.legend and "N Andreas" in chart.legend
    assert markers(["Ann", "Anna", "Annika", "Nina"]) == ("A", "N", "I", "B")
    assert markers(["ß", "Ölaf", "Olaf"]) == ("A", "Ö", "O")  # ß would be SS, two letters


def test_the_chart_has_the_size_asked_for() -> None:
    _, tally = example("evening-four.toml")
    long = Sheet.new(["Anna", "Ben", "Carl", "Maximiliane Wilhelmine"]).tally()
    for width, height in ((24, 5), (40, 8), (72, 16), (120, 40)):
        assert all(len(line) <= width for line in terminal_chart(long, width, height))
        lines = terminal_chart(tally, width=width, height=height)
        assert len(Chart(lines).plot) == height
        assert all(len(line) <= width for line in lines), width
        assert lines == [line.rstrip() for line in lines]


def test_a_sheet_with_no_deals_draws_an_empty_chart_with_a_note() -> None:
    tally = Sheet.new(["Anna", "Ben", "Carl"]).tally()
    lines = terminal_chart(tally)
    chart = Chart(lines)
    assert "0" in chart.labels
    assert set(chart.row_of("0")) == {"."}
    assert lines[-1] == "No deals yet: the running totals are drawn here as deals are entered."
    assert "A Anna   B Ben   C Carl" in lines


def test_a_single_deal_and_more_deals_than_columns() -> None:
    sheet = Sheet.new(["Anna", "Ben", "Carl"]).add(Deal("Ben", GameSpec("null", tricks=1)))
    chart = Chart(terminal_chart(sheet.tally()))
    assert chart.column(0) == ["*", "B"]  # Anna and Carl at 0, Ben at -46
    assert chart.numbers.split() == ["1"]
    games = [Deal("Anna", GameSpec("grand", with_=1, points=70)), Deal.passed()] * 60
    long = Sheet.new(["Anna", "Ben", "Carl"]).extend(games)
    lines = terminal_chart(long.tally(), width=40, height=8)
    assert Chart(lines).numbers.split()[-1] == "120"
    assert all(len(line) <= 40 for line in lines)


def test_a_chart_too_small_to_draw_is_refused() -> None:
    tally = Sheet.new(["Anna", "Ben", "Carl"]).tally()
    with raises_saying(
        SkatError, match="a chart of 23 × 16 is too small: it needs at least 24 × 5"
    ):
        terminal_chart(tally, width=23)
    with raises_saying(SkatError, match="a chart of 720 × 100 is too small"):
        svg_chart(tally, height=100)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 2), st.integers(2, 118)), max_size=40),
    st.integers(24, 100),
    st.integers(5, 30),
)
def test_any_evening_fits_its_chart(games: list[tuple[int, int]], width: int, height: int) -> None:
    players = ["Anna", "Ben", "Carl"]
    deals = [Deal(players[seat], GameSpec("hearts", with_=1, points=points))
             for seat, points in games]  # fmt: skip
    tally = Sheet.new(players).extend(deals).tally()
    lines = terminal_chart(tally, width=width, height=height)
    assert all(len(line) <= width for line in lines)
    chart = Chart(lines)
    assert len(chart.plot) == height and "0" in chart.labels
    if games:
        assert chart.column(0) and chart.numbers.split()[-1] == str(len(games))
    ET.fromstring(svg_chart(tally))


# --- SVG --------------------------------------------------------------------------------------


def texts(svg: ET.Element) -> list[str]:
    return [element.text or "" for element in svg.iter("text")]


def test_svg_parses_and_draws_a_line_per_player() -> None:
    _, tally = example("evening-three.toml")
    svg = ET.fromstring(svg_chart(tally))
    assert svg.tag == "svg" and svg.get("viewBox") == "0 0 720 300"
    lines = svg.findall("polyline")
    assert len(lines) == 3
    assert all(len((line.get("points") or "").split()) == 36 for line in lines)
    assert len(svg.findall(".//circle")) == 3 * 36
    assert {"A Anna", "B Ben", "C Carl", "0", "1", "36"} <= set(texts(svg))
    assert "Running totals, standard list" in texts(svg)


def test_svg_is_self_contained() -> None:
    _, tally = example("evening-four.toml")
    markup = svg_chart(tally)
    for banned in (
        "<script",
        "http",
        "href",
        "src=",
        "url(",
        "<style",
        "@import",
        "<foreignobject",
    ):
        assert banned not in markup.lower()
    assert not re.search(r"\son\w+=", markup)  # no event handlers
    assert "/>" not in markup  # every element closed, so HTML and XML read it alike
    standalone = svg_chart(tally, standalone=True)
    assert ET.fromstring(standalone).tag == "{http://www.w3.org/2000/svg}svg"


def test_svg_escapes_names() -> None:
    names = ["<b>Anna</b>", 'Ben "the Bear" & Co', "Carl"]
    sheet = Sheet.new(names).add(Deal("<b>Anna</b>", GameSpec("grand", with_=1, points=70)))
    markup = svg_chart(sheet.tally())
    assert "&lt;b&gt;Anna&lt;/b&gt;" in markup and "<b>" not in markup
    assert "&quot;the Bear&quot; &amp; Co" in markup
    svg = ET.fromstring(markup)
    assert "B <b>Anna</b>" in texts(svg)  # its first letter is the b of the tag, as typed
    assert 'E Ben "the Bear" & Co' in texts(svg)
    assert "<b>Anna</b>" in (svg.get("aria-label") or "")


def test_svg_of_a_sheet_with_no_deals_has_a_note() -> None:
    svg = ET.fromstring(svg_chart(Sheet.new(["Anna", "Ben", "Carl", "Dora"]).tally()))
    assert "No deals yet: the running totals are drawn here as deals are entered." in texts(svg)
    assert svg.findall("polyline") == []
    assert "0" in texts(svg) and "D Dora" in texts(svg)


def test_svg_end_letters_keep_apart() -> None:
    # Evening four ends with Carl at -118 and Dora at -136: close, but their letters are not.
    _, tally = example("evening-four.toml")
    svg = ET.fromstring(svg_chart(tally))
    ends = {
        element.text: float(element.get("y") or 0)
        for element in svg.iter("text")
        if element.get("font-weight") == "700"
    }
    assert set(ends) == {"A", "B", "C", "D"}
    assert abs(ends["C"] - ends["D"]) >= 11


# --- HTML -------------------------------------------------------------------------------------


def test_html_export_carries_the_chart_under_the_list() -> None:
    sheet, tally = example("evening-three.toml")
    page = sheet_html(sheet, tally)
    # wide and low, so a full series, its account and the chart share one A4 page; in the list
    # that decides the sheet
    chart = svg_chart(tally, 900, 200, scoring=sheet.rules.scoring)
    assert f'<figure class="chart">\n{chart}\n</figure>' in page
    assert page.index("</table>") < page.index("<svg") < page.index("</main>")
    assert CHART_CSS in page
    assert re.search(r"figure\.chart \{[^}]*max-width: 180mm;", page)
    assert re.search(r"figure\.chart \{[^}]*page-break-inside: avoid;", page)


def test_html_export_of_a_new_sheet_has_the_empty_chart() -> None:
    sheet = Sheet.new(["<b>Anna</b>", "Ben", "Carl"])
    page = sheet_html(sheet, sheet.tally())
    assert "No deals yet" in page and "<b>" not in page
