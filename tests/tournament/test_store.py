"""The tournament file: the codec round-trips, a change keeps comments, a file that does not
parse (or is newer) is refused and left as it is."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skatcalc.errors import SheetError, SheetFileError
from skatcalc.tournament import store
from skatcalc.tournament.model import Tournament
from tests.said import raises_saying

names = (
    st.text(
        st.characters(blacklist_categories=("Cc", "Cf", "Cs", "Zl", "Zp")), min_size=1, max_size=12
    )
    .map(str.strip)
    .filter(bool)
)


@given(
    st.lists(names, min_size=3, max_size=14, unique_by=str.casefold).filter(lambda n: len(n) != 5),
    st.integers(min_value=0, max_value=3),
    st.integers(min_value=0, max_value=10**6),
    names,
)
@settings(max_examples=60, deadline=None)
def test_round_trip(players: list[str], series: int, seed: int, title: str) -> None:
    tournament = Tournament.new(title, players, planned=max(series, 1), length_three=12)
    for n in range(series):
        tournament = tournament.draw_next(seed + n)
    assert store.parse(store.render(tournament)) == tournament


def test_a_change_keeps_hand_comments(tmp_path: Path) -> None:
    path = tmp_path / "cup.toml"
    store.create(path, Tournament.new("Cup", ["Anna", "Ben", "Carl"]))
    path.write_text(path.read_text().replace("[rules]", "# rules agreed on the night\n[rules]"))
    store.update(path, lambda t: t.draw_next(1, stem="cup"))
    store.update(path, lambda t: t.join("Dora"))
    text = path.read_text()
    assert "# rules agreed on the night\n[rules]" in text
    assert 'players = ["Anna", "Ben", "Carl", "Dora"]' in text
    assert store.load(path).players == ("Anna", "Ben", "Carl", "Dora")


def test_create_never_overwrites(tmp_path: Path) -> None:
    path = tmp_path / "cup.toml"
    path.write_text("mine")
    with raises_saying(SheetError, match="already exists"):
        store.create(path, Tournament.new("Cup", ["Anna", "Ben", "Carl"]))
    assert path.read_text() == "mine"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("format = 1\nname = 'x'\nplayers = [\n", "line 3: not valid TOML"),
        ("format = 2\nname = 'x'\nplayers = []\n", "line 1: this tournament has format 2"),
        ("format = 1\nname = 'x'\nplayers = ['A', 'B', 'C']\ncolour = 1\n", "line 4: unknown key"),
        (
            "format = 1\nname = 'x'\nplayers = ['A', 'B', 'C']\n[[series]]\nseed = 1\n"
            "[[series.table]]\nplayers = ['A', 'B', 'Z']\nsheet = 's.toml'\n",
            "line 4: series 1, table 1: 'Z' is not in the field",
        ),
    ],
)
def test_a_file_with_a_problem_is_refused_and_kept(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "cup.toml"
    path.write_text(text)
    with raises_saying(SheetFileError, match=message):
        store.update(path, lambda t: t.join("Dora"))
    assert path.read_text() == text
