"""The tournament file keeps a table's paper list and the categories: round trip, and a change
patched where it stands (every comment kept)."""

from __future__ import annotations

import pytest

from skatcalc.errors import SheetFileError
from skatcalc.store.tournament_codec import edit, parse, render
from skatcalc.tournament.model import Tournament

FIELD = ["Anna", "Ben", "Carl", "Dora", "Emil", "Fritz", "Gina"]


def _drawn() -> Tournament:
    return Tournament.new("Cup", FIELD, length_three=12, length_four=16).draw_next(1)


def _lines(t: Tournament, table: int) -> list[tuple[str, int, int, int]]:
    seats = t.table(1, table).players
    return [(name, 100 * i, i, 1) for i, name in enumerate(seats)]


def test_a_paper_list_and_a_category_round_trip() -> None:
    t = _drawn().with_paper(1, 2, _lines(_drawn(), 2))
    t = t.with_categories([("Damen", ["Anna", "Dora", "Gina"])])
    assert parse(render(t)) == t
    assert t.table(1, 2).paper == ((0, 0, 1), (100, 1, 1), (200, 2, 1))


def test_typing_a_paper_list_adds_one_line_and_keeps_the_comments() -> None:
    t = _drawn()
    text = "# our club night\n" + render(t).replace("seed = 1\n", "seed = 1  # drawn at 19:00\n")
    old, write = edit(text)
    new = write(old.with_paper(1, 2, _lines(old, 2)))
    added = [line for line in new.splitlines() if line not in text.splitlines()]
    assert added == [
        "paper = [[0, 0, 1], [100, 1, 1], [200, 2, 1]]  # the paper list's bottom line: points, "
        "won, lost in seat order"
    ]
    assert "# our club night" in new and "# drawn at 19:00" in new
    # replaced: only the numbers change, the note stays
    again = _lines(old, 2)
    again[0] = (again[0][0], 50, 0, 1)
    newer = edit(new)[1](parse(new).with_paper(1, 2, again, again=True))
    changed = [line for line in newer.splitlines() if line not in new.splitlines()]
    assert changed == [
        "paper = [[50, 0, 1], [100, 1, 1], [200, 2, 1]]  # the paper list's bottom line: points, "
        "won, lost in seat order"
    ]


def test_naming_a_category_adds_its_table_before_the_series() -> None:
    text = render(_drawn())
    old, write = edit(text)
    new = write(old.with_categories([("Jugend", ["Ben", "Emil"])]))
    assert (
        new.replace(
            "[categories]  # categories with their own prizes: NAME = [players]\n"
            'Jugend = ["Ben", "Emil"]\n\n',
            "",
        )
        == text
    )


@pytest.mark.parametrize(
    "paper",
    [
        "[[1, 1, 0], [0, 0, 1]]",  # a line short
        "[[1, 1, 0], [0, 0, 1], [0.5, 0, 0]]",  # not a whole number
        "[[1, 1, 0], [0, -1, 1], [0, 0, 0]]",  # a negative count
        "[[1, 9, 0], [0, 0, 4], [0, 0, 0]]",  # 13 games, 12 deals at three
    ],
)
def test_a_paper_list_that_cannot_be_is_refused_with_its_line(paper: str) -> None:
    t = _drawn()
    three = t.series[0].tables[1]
    assert len(three.players) == 3
    text = render(t).replace(
        f'sheet = "{three.sheet}"\n', f'sheet = "{three.sheet}"\npaper = {paper}\n'
    )
    with pytest.raises(SheetFileError) as refused:
        parse(text)
    assert refused.value.code == "err.file.line"
    assert "err.tfile.paper" in str(refused.value)
