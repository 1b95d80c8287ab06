"""``tournament standings`` from each table's kept part (skatcalc/store/stats_cache.py,
skatcalc/store/tournament.py ``read_tables_kept``) and without Typer (skatcalc/cli/quick.py
``standings``) says exactly what the sheets read whole say through Typer: the same stdout,
stderr and exit code, in every output form (text, --json, CSV, Markdown, HTML, --after), in
English and German, with the cache cold, warm, after an edit of a table's sheet, damaged, and
without one. The tournament has tables of three and four, a paper list, a closed table, a
sheet whose rules change among its deals, an incomplete table and a broken sheet.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from skatcalc.cli import quick
from skatcalc.errors import SkatError
from skatcalc.sheet.deal import sitting_out
from skatcalc.sheet.model import Deal, Sheet
from skatcalc.sheet.stats import sum_parts
from skatcalc.store import sheet as sheets
from skatcalc.store import stats_cache
from skatcalc.store import tournament as store
from skatcalc.tournament.model import Tournament
from skatcalc.tournament.standings import table_sheet
from tests.probe import Read, as_command, typer_imported
from tests.sheet.test_stats_cache import BROKEN, _game, evening

FIELD = ["Anna", "Bärbel", "Carl", "Dora", "Emil", "Frieda", "Gustav", "Hanne", "Ida", "Jörg"]


def _played(players: tuple[str, ...], rules: Any, count: int, seed: int) -> Sheet:
    """A table's sheet of ``count`` random deals."""
    rng = random.Random(seed)
    sheet = Sheet.new(players, rules)
    while len(sheet.deals) < count:
        dealer = sheet.dealer(len(sheet.deals))
        playing = [p for p in players if p not in sitting_out(players, dealer)]
        deal = Deal.passed() if rng.random() < 0.1 else Deal(rng.choice(playing), _game(rng))
        try:
            sheet = sheet.add(deal)
        except SkatError:
            continue  # a deal these rules refuse: the next
    return sheet


def cup(folder: Path) -> Path:
    """Ten players in three series (tables of four and three, 8 and 6 deals): series 1 played;
    series 2 with a paper list, a closed table and a sheet whose rules change; series 3 with
    an incomplete table and a broken sheet."""
    t = Tournament.new("Cup", FIELD, planned=3, length_three=6, length_four=8)
    path = folder / "cup.toml"
    for s in range(3):
        t = t.draw_next(s + 1, stem="cup")
        for n, table in enumerate(t.series[s].tables, 1):
            length = t.length(len(table.players))
            sheet = _played(table.players, t.rules, length, 10 * s + n)
            if (s, n) == (1, 1):  # the paper list: no deals in the sheet
                lines = [(p, 10 * i, i, 0) for i, p in enumerate(table.players)]
                t = t.with_paper(2, 1, lines)
                sheet = Sheet.new(table.players, t.rules)
            elif (s, n) == (1, 2):
                sheet = Sheet(sheet.players, sheet.rules, sheet.deals[:4])
                t = t.close(2, 2, 4)
            elif (s, n) == (1, 3):
                sheet = Sheet(sheet.players, sheet.rules, sheet.deals[:3])
                sheet = sheet.change_rules(lambda r: replace(r, bock=not r.bock))
                sheet = sheet.extend(_played(table.players, sheet.rules, 3, 99).deals)
            elif (s, n) == (2, 2):
                sheet = Sheet(sheet.players, sheet.rules, sheet.deals[:2])
            text = sheets.render(sheet)
            if (s, n) == (2, 3):
                text += BROKEN
            (folder / table.sheet).write_text(text)
    store.create(path, t)
    return path


def _main(
    args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> tuple[int, str, str]:
    """Through skatcalc.cli's run, as the ``skatcalc`` command (the quick path first)."""
    return as_command(["tournament", "standings", *args], capsys, monkeypatch)


@pytest.fixture
def full(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> Callable[[list[str]], tuple[int, str, str]]:
    """``skatcalc tournament standings ARGS`` as before any part was kept: through Typer,
    every table's sheet read whole (store.read_tables), no cache folder."""

    def run(args: list[str]) -> tuple[int, str, str]:
        with monkeypatch.context() as inside:
            inside.setattr(quick, "standings", lambda args: None)
            inside.setattr(store, "read_tables_kept", store.read_tables)
            inside.setenv("SKATCALC_CACHE_DIR", "")
            return _main(args, capsys, monkeypatch)

    return run


FORMS = [[], ["--json"], ["--format", "csv"], ["--format=markdown"], ["--format", "html"],
         ["--after", "1"], ["--after=2", "--json"], ["--format", "html", "--after", "1"],
         ["--after", "9"], ["--fee", "0.50"]]  # fmt: skip


@pytest.mark.parametrize("language", ["en", "de"])
def test_standings_from_kept_parts_and_without_typer_say_what_the_full_path_says(
    language: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    full: Callable[[list[str]], tuple[int, str, str]],
) -> None:
    monkeypatch.setenv("SKATCALC_LANG", language)
    monkeypatch.setenv("COLUMNS", "80")
    cache = tmp_path / "cache"
    cache.mkdir(mode=0o700)
    path = str(cup(tmp_path))
    read = Read(monkeypatch)
    for form in FORMS:
        monkeypatch.setenv("SKATCALC_CACHE_DIR", str(cache))
        args = [path, *form]
        whole = full(args)
        assert whole[1] or whole[0], whole
        assert _main(args, capsys, monkeypatch) == whole, form  # cold, or kept from before
        before = read.count
        assert _main(args, capsys, monkeypatch) == whole, form
        assert read.count == before + 1, form  # warm: the broken sheet alone read whole
        monkeypatch.setenv("SKATCALC_CACHE_DIR", "")
        assert _main(args, capsys, monkeypatch) == whole, form  # no cache folder
    monkeypatch.setenv("SKATCALC_CACHE_DIR", str(cache))
    held = full([path, "--after", "2", "--json"])[1]  # every kind of table is there
    assert '"rules"' in held and '"closed": []' not in held and '"paper": []' not in held
    assert '"unreadable"' in full([path, "--json"])[1]
    # an edit of a table's sheet: that sheet read whole again, the others kept
    edited = tmp_path / "cup-s1-t2.toml"
    was = sheets.parse(edited.read_text())
    edited.write_text(sheets.render(_played(was.players, was.rules, len(was.deals), 12345)))
    for form in FORMS[:2]:
        whole = full([path, *form])
        before = read.count
        assert _main([path, *form], capsys, monkeypatch) == whole
        assert read.count == before + 1 + (form == [])  # the broken sheet, the edited once
    # damaged parts: read whole, without a word
    for part in cache.glob("*.parts"):
        part.write_bytes(part.read_bytes()[:-3])
    assert _main([path], capsys, monkeypatch) == full([path])


def test_a_table_sheet_made_unreadable_or_missing_is_said_as_the_full_path_says_it(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    full: Callable[[list[str]], tuple[int, str, str]],
) -> None:
    cache = tmp_path / "cache"
    cache.mkdir(mode=0o700)
    monkeypatch.setenv("SKATCALC_CACHE_DIR", str(cache))
    path = str(cup(tmp_path))
    assert _main([path], capsys, monkeypatch)[0] == 0  # every sound sheet's part kept
    first = tmp_path / "cup-s1-t1.toml"
    first.write_text(first.read_text() + BROKEN)
    (tmp_path / "cup-s1-t3.toml").unlink()
    (tmp_path / "cup-s3-t1.toml").unlink()
    (tmp_path / "cup-s3-t1.toml").symlink_to(tmp_path / "cup-s3-t2.toml")
    for form in ([], ["--json"]):
        assert _main([path, *form], capsys, monkeypatch) == full([path, *form])
    missing = str(tmp_path / "none.toml")
    assert _main([missing], capsys, monkeypatch) == full([missing])


@pytest.mark.parametrize("seed", range(20))
def test_what_is_kept_of_a_table_sheet_is_what_the_standings_take_of_it_read_whole(
    seed: int,
) -> None:
    sheet = sheets.parse(sheets.render(evening(seed)))
    tally = sheet.tally()
    part = stats_cache.sheet_part(sheet, tally)
    kept = stats_cache.Kept(len(tally.deals), tally.players, sheet.rules, bool(sheet.changes), part)
    for each in (kept, kept._replace(part=None)):  # kept by sheet stats, or by the standings
        back = stats_cache.kept_of(stats_cache.plain_kept(each))
        assert back == each
        assert stats_cache.table_sheet(back) == table_sheet(sheet)


def test_the_standings_keep_no_part_of_the_statistics_and_sheet_stats_make_it(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    full: Callable[[list[str]], tuple[int, str, str]],
) -> None:
    """A first standings run counts no player's games (~25 ms over 198 sheets, for nothing
    they show); ``sheet stats`` over those sheets then reads each whole once and keeps it with
    its part, and the standings after it read none whole."""
    cache = tmp_path / "cache"
    cache.mkdir(mode=0o700)
    monkeypatch.setenv("SKATCALC_CACHE_DIR", str(cache))
    path = str(cup(tmp_path))
    read = Read(monkeypatch)
    counted: list[int] = []
    made = stats_cache.sheet_part
    monkeypatch.setattr(stats_cache, "sheet_part", lambda *a: counted.append(1) or made(*a))
    whole = full([path])
    assert _main([path], capsys, monkeypatch) == whole
    assert not counted  # the standings made no part
    tables = sorted(p for p in tmp_path.glob("cup-s*-t*.toml") if "s3-t3" not in p.name)
    before = read.count
    figures = quick.season_stats(tables)
    assert read.count - before == len(counted) == len(tables)  # each read whole once
    plain = [sheets.parse(p.read_text()) for p in tables]
    parts = [made(sheet, sheet.tally(), n) for n, sheet in enumerate(plain)]
    assert figures == sum_parts(parts)  # as the sheets read whole
    assert quick.season_stats(tables) == figures and read.count - before == len(tables)
    before = read.count
    assert _main([path], capsys, monkeypatch) == whole
    assert read.count == before + 1  # the broken sheet alone read whole


@pytest.mark.parametrize(
    "args",
    [[], ["a.toml", "b.toml"], ["a.toml", "--json", "--json"], ["a.toml", "--json=1"],
     ["a.toml", "--format", "pdf"], ["a.toml", "--format"], ["a.toml", "--after", "-1"],
     ["a.toml", "--after", "1x"], ["a.toml", "--after", "12345"], ["a.toml", "--lang", "de"],
     ["a.toml", "--fee", "1"], ["a.toml", "-o", "x.html"], ["-"], ["a.toml", ""],
     ["a.toml", "--help"], ["a.toml", "--"]],
)  # fmt: skip
def test_anything_but_the_plain_call_is_left_to_typer(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert quick.standings(args) is None
    assert capsys.readouterr() == ("", "")


def test_plain_standings_import_no_typer(tmp_path: Path) -> None:
    said, loaded = typer_imported("tournament", "standings", str(cup(tmp_path)), "--json")
    assert '"players"' in said
    assert loaded == []
