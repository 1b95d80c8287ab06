"""A tournament file a person wrote and commented keeps every comment through every change
skatcalc makes to it (issue 20, point 3; issue 24: closing a table): the field over several
lines, a team named, changed or dissolved, a series drawn, a table closed and opened again."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skatcalc.store import tournament as store
from skatcalc.tournament.model import TableMode, Tournament

HAND = """\
# Vereinsmeisterschaft: written by hand, the night before
format = 1
name = "Cup"  # the title on the printed list
players = [  # the field, in order of entry
    "Anna",  # captain of Die Buben
    "Ben",
    "Carl",
    # the guests
    "Dora",
    "Emil",
    'Fritz',  # a literal string, as a person may type it
]
withdrawn = [
]  # nobody yet
planned = 2
length_three = 3
length_four = 4
tables = "fours"  # the club plays fours

[rules]  # every table plays these
scoring = "seeger-fabian"
kontra = false  # no Kontra at the club

[teams]  # pairs
"Die Buben" = [
    "Anna",  # since 2019
    "Ben",
]
"""


def _lost(before: str, after: str) -> list[str]:
    """The comments of ``before`` that ``after`` no longer has."""
    comments = re.findall(r"#[^\n]*", before)
    return [c for c in comments if after.count(c) < comments.count(c)]


def _change(path: Path, change: Callable[[Tournament], Tournament]) -> Tournament:
    old = store.load(path)
    before = path.read_text(encoding="utf-8")
    _, new = store.update(path, change)
    assert new == change(old)
    text = path.read_text(encoding="utf-8")
    skatcalcs = "# closed by the organiser: counts with"  # its own note follows the number
    lost = [c for c in _lost(before, text) if not c.startswith(skatcalcs)]
    assert not lost, (lost, text)
    assert store.load(path) == new
    return new


def test_every_change_keeps_every_comment(tmp_path: Path) -> None:
    path = tmp_path / "cup.toml"
    path.write_text(HAND, encoding="utf-8")
    t = _change(path, lambda t: t.join("Gina"))
    assert "    'Fritz',  # a literal string, as a person may type it\n    \"Gina\",\n]" in (
        path.read_text()
    )
    t = _change(path, lambda t: t.leave("Ben"))
    assert 'withdrawn = ["Ben"]  # nobody yet\n' in path.read_text()
    t = _change(path, lambda t: t.join("Ben"))  # back again: out of withdrawn
    t = _change(path, lambda t: t.with_team("Die Buben", ["Anna", "Ben", "Carl"]))
    assert '    "Ben",\n    "Carl",\n]\n' in path.read_text()
    t = _change(path, lambda t: t.with_team("Gäste", ["Dora", "Emil"]))
    assert '"Gäste" = ["Dora", "Emil"]' in path.read_text()
    t = _change(path, lambda t: t.with_team("Die Buben", ["Anna", "Carl"]))  # Ben leaves it
    assert '"Die Buben" = [\n    "Anna",  # since 2019\n    "Carl",\n]' in path.read_text()
    t = _change(path, lambda t: t.draw_next(4711, stem="cup"))
    # a person's note on the series drawn, then more changes
    path.write_text(
        path.read_text().replace("seed = 4711\n", "seed = 4711  # drawn at 19:02\n"),
        encoding="utf-8",
    )
    t = _change(path, lambda t: t.close(1, 2, 2))
    assert "closed = 2  # closed by the organiser: counts with 2 deals\n" in path.read_text()
    t = _change(path, lambda t: t.close(1, 2, 1))
    text = path.read_text()
    assert "closed = 1  # closed by the organiser: counts with 1 deal\n" in text
    assert "counts with 2" not in text
    t = _change(path, lambda t: t.reopen(1, 2))
    assert "closed" not in path.read_text()
    t = _change(path, lambda t: t.with_team("Gäste", []))
    assert "Gäste" not in path.read_text()
    t = _change(path, lambda t: t.with_planned(3))
    t = _change(path, lambda t: t.draw_next(815, stem="cup"))
    assert len(t.series) == 2
    assert "# drawn at 19:02" in path.read_text()
    assert all(c in path.read_text() for c in re.findall(r"#[^\n]*", HAND))


def test_a_team_named_in_a_file_without_teams_goes_before_the_series(tmp_path: Path) -> None:
    path = tmp_path / "cup.toml"
    text = HAND.split("[teams]", maxsplit=1)[0]
    path.write_text(text, encoding="utf-8")
    _change(path, lambda t: t.draw_next(1, stem="cup"))
    _change(path, lambda t: t.with_team("Die Buben", ["Anna", "Ben"]))
    written = path.read_text()
    assert written.index('[teams]  # pairs and teams: NAME = [players]\n"Die Buben"') < (
        written.index("[[series]]")
    )


def test_a_comment_inside_a_list_rewritten_whole_is_kept_above_it(tmp_path: Path) -> None:
    # a team's players named in another order is no append: the list is written anew, its
    # comments kept on lines of their own above it
    from skatcalc.store import layout
    from skatcalc.store.tournament_codec import TOURNAMENT

    old, write = TOURNAMENT.edit(HAND)
    new = old.with_team("Die Buben", ["Ben", "Anna"])
    text = write(new)
    assert text is not None
    assert '[teams]  # pairs\n# since 2019\n"Die Buben" = ["Ben", "Anna"]\n' in text
    assert store.parse(text) == new
    assert layout.layout(text) is not None


CHANGES: dict[str, Callable[[Tournament, int], Tournament]] = {
    "join": lambda t, n: t.join(f"Late{n}"),
    "leave": lambda t, n: t.leave(t.active[n % len(t.active)]),
    "back": lambda t, n: t.join(t.withdrawn[n % len(t.withdrawn)]),
    "team": lambda t, n: t.with_team(f"Team{n % 3}", list(t.players[n % 4 :: 4][:3])),
    "dissolve": lambda t, n: t.with_team(t.teams[n % len(t.teams)][0], []),
    "plan": lambda t, n: t.with_planned(len(t.series) + 1 + n % 2),
    "draw": lambda t, n: t.with_planned(len(t.series) + 1).draw_next(n, stem="cup"),
    "close": lambda t, n: t.close(len(t.series), 1, n % 3),
    "reopen": lambda t, n: t.reopen(len(t.series), 1),
}


def _possible(t: Tournament, name: str) -> bool:
    if name == "back":
        return bool(t.withdrawn)
    if name == "leave":
        return len(t.active) > 6
    if name == "dissolve":
        return bool(t.teams)
    if name == "close":
        return bool(t.series)
    if name == "reopen":
        return bool(t.series) and t.series[-1].tables[0].closed is not None
    if name == "team":
        return True
    return True


@given(st.lists(st.tuples(st.sampled_from(sorted(CHANGES)), st.integers(0, 50)), max_size=12))
@settings(max_examples=40, deadline=None)
def test_any_run_of_changes_keeps_every_comment(changes: list[tuple[str, int]]) -> None:
    from hypothesis import event

    from skatcalc.errors import SheetError
    from skatcalc.store.tournament_codec import TOURNAMENT

    text = HAND
    tournament = store.parse(text)
    made = 0
    for name, n in changes:
        if not _possible(tournament, name):
            continue
        try:
            new = CHANGES[name](tournament, n)
        except SheetError:  # a team of a player in another team, and the like
            continue
        if new == tournament:
            continue
        old, write = TOURNAMENT.edit(text)
        assert old == tournament
        written = write(new)
        assert written is not None
        lost = [c for c in _lost(text, written) if "closed by the organiser" not in c]
        assert not lost, (name, lost, written)
        assert store.parse(written) == new
        text, tournament = written, new
        made += 1
    event(f"changes made: {min(made, 6)}+" if made >= 6 else f"changes made: {made}")


@pytest.mark.parametrize("mode", list(TableMode))
def test_the_table_mode_is_kept_by_every_change(tmp_path: Path, mode: TableMode) -> None:
    path = tmp_path / "cup.toml"
    path.write_text(HAND.replace('"fours"', f'"{mode}"'), encoding="utf-8")
    _change(path, lambda t: t.join("Gina"))
    assert store.load(path).tables == mode


def test_a_file_with_windows_line_ends_keeps_them_and_its_comments() -> None:
    from skatcalc.store.tournament_codec import TOURNAMENT

    text = HAND.replace("\n", "\r\n")
    for change in (
        lambda t: t.join("Gina"),
        lambda t: t.with_team("Gäste", ["Dora", "Emil"]),
        lambda t: t.draw_next(1, stem="cup"),
        lambda t: t.close(1, 1, 1),
    ):
        old, write = TOURNAMENT.edit(text)
        new = change(old)
        written = write(new)
        assert written is not None and store.parse(written) == new
        assert not _lost(text, written)
        assert "\n" not in written.replace("\r\n", "")
        text = written
