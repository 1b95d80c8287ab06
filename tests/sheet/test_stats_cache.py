"""``sheet stats`` from each sheet's kept part (skatcalc/store/stats_cache.py) and without Typer
(skatcalc/cli/quick.py ``stats``) says exactly what the sheets read whole say through Typer:
the same stdout, stderr and exit code over a season of varied sheets (three, four and five
players, Bock, Ramsch, Bierlachs, rules changed among the deals, Windows line ends, a sheet
only tomllib reads, names that differ only in case, a file named twice, a broken sheet), in
English and German, with the cache cold, warm, after an edit, damaged, and without one.
The parts themselves: a kept part is the part of the sheet read whole, and the season's
figures summed from parts are those counted over every deal in order (the oracle below).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from skatcalc.cli import quick
from skatcalc.errors import SkatError
from skatcalc.names import name_key
from skatcalc.sheet.deal import sitting_out
from skatcalc.sheet.model import Deal, Ramsch, Rules, Sheet, Tally
from skatcalc.sheet.stats import CardPoints, sheet_part, stats, sum_parts
from skatcalc.spec import GameSpec
from skatcalc.store import sheet as store
from skatcalc.store import stats_cache
from skatcalc.value import Outcome
from tests.probe import Read, as_command, typer_imported

NAMES = {
    3: ("Anna", "Ben", "Carl"),
    4: ("anna", "Ben", "Carl", "Dora"),  # Anna elsewhere: one player, the first spelling kept
    5: ("Anna", "Ben", "Jürgen", "Dora", "Emil"),
}


def _game(rng: random.Random) -> GameSpec:
    kind = rng.choice(["clubs", "spades", "hearts", "diamonds", "grand", "grand", "null"])
    if kind == "null":
        return GameSpec("null", tricks=rng.choice([0, 0, 1]), hand=rng.random() < 0.3,
                        ouvert=rng.random() < 0.2)  # fmt: skip
    top = {rng.choice(["with_", "without"]): rng.randint(1, 4)}
    extra: dict[str, Any] = {"hand": rng.random() < 0.2}
    if rng.random() < 0.2:
        extra["bid"] = rng.choice([18, 20, 30, 46, 48, 72])
    if rng.random() < 0.1:
        extra["kontra"] = True
    return GameSpec(kind, **top, points=rng.choice([0, 30, 31, 59, 60, 61, 70, 89, 90, 120]),
                    **extra)  # fmt: skip


def _ramsch(rng: random.Random, playing: tuple[str, ...]) -> Ramsch:
    cuts = sorted(rng.sample(range(1, 120), 2))
    points = [cuts[0], cuts[1] - cuts[0], 120 - cuts[1]]
    return Ramsch(tuple(zip(playing, points, strict=True)))


def evening(seed: int) -> Sheet:
    """A sheet of random deals under random rules (now and then changed among the deals)."""
    rng = random.Random(seed)
    players = NAMES[rng.choice([3, 3, 4, 5])]
    rules = Rules(
        bock=rng.random() < 0.5, ramsch=rng.random() < 0.5, kontra=True,
        scoring=rng.choice(["seeger-fabian", "seeger-fabian", "standard", "bierlachs"]),
        series_length=rng.choice([0, 0, 6]),
    )  # fmt: skip
    sheet = Sheet.new(players, rules)
    for n in range(rng.randint(0, 40)):
        if n == 12 and rng.random() < 0.3:
            sheet = sheet.change_rules(lambda r: replace(r, bock=not r.bock))
        dealer = sheet.dealer(len(sheet.deals))
        playing = tuple(p for p in players if p not in sitting_out(players, dealer))
        r = rng.random()
        if r < 0.1:
            deal = Deal.passed()
        elif r < 0.2:
            deal = Deal.of_ramsch(_ramsch(rng, playing))
        else:
            deal = Deal(rng.choice(playing), _game(rng))
        try:
            sheet = sheet.add(deal)
        except SkatError:
            continue  # a deal these rules refuse: the next
    return sheet


def oracle(sheets: list[tuple[Sheet, Tally]]) -> dict[str, tuple[Any, ...]]:
    """Each player's figures counted over every deal of every sheet, in order (by the
    definitions of :func:`skatcalc.sheet.stats.stats`)."""
    found: dict[str, dict[str, Any]] = {}
    for index, (sheet, tally) in enumerate(sheets):
        out = Counter(n for e in tally.deals for n in sitting_out(sheet.players, e.dealer))
        for total in tally.players:
            mine = found.setdefault(name_key(total.name), {
                "name": total.name, "sheets": 0, "deals": 0, "declared": 0, "won": 0,
                "score": 0, "sf": 0, "series": Fraction(0), "value": 0, "highest": None,
                "points": [], "games": Counter(),
            })  # fmt: skip
            mine["sheets"] += 1
            mine["deals"] += len(tally.deals) - out[total.name]
            mine["score"] += total.score
            mine["sf"] += total.seeger_fabian
            mine["series"] += Fraction(len(tally.deals), tally.series_length)
        for entry in tally.deals:
            scoring, declarer = entry.scoring, entry.deal.declarer
            if declarer is None or scoring is None or scoring.scored_value is None:
                continue
            mine = found[name_key(declarer)]
            mine["declared"] += 1
            mine["won"] += scoring.outcome is Outcome.WON
            mine["value"] += scoring.scored_value
            won = scoring.outcome is Outcome.WON  # an overbid is lost
            mine["games"][scoring.game, Outcome.WON if won else Outcome.LOST] += 1
            best = mine["highest"]
            if scoring.outcome is Outcome.WON and (best is None or scoring.scored_value > best[0]):
                mine["highest"] = (scoring.scored_value, scoring.score, index, entry.n)
            play = scoring.play
            if not scoring.game.is_null and play is not None and play.points is not None:
                mine["points"].append(play.points)
    return {
        key: (m["name"], m["sheets"], m["deals"], m["declared"], m["won"], m["score"], m["sf"],
              m["series"], m["value"], m["highest"], CardPoints.of(m["points"]), m["games"])
        for key, m in found.items()
    }  # fmt: skip


def _figures(result: Any) -> dict[str, tuple[Any, ...]]:
    out = {}
    for p in result.players:
        best = p.highest
        games = Counter()
        for game, record in p.by_game:
            games[game, Outcome.WON] += record.won
            games[game, Outcome.LOST] += record.lost
        out[name_key(p.name)] = (
            p.name, p.sheets, p.deals, p.declared, p.won, p.score, p.seeger_fabian, p.series,
            p.value_total, None if best is None else (best.value, best.score, best.sheet_index,
                                                      best.deal),
            p.card_points, +games,
        )  # fmt: skip
    return out


@pytest.mark.parametrize("seed", range(6))
def test_the_figures_summed_from_parts_are_those_counted_over_every_deal(seed: int) -> None:
    sheets = [evening(seed * 10 + n) for n in range(6)]
    pairs = [(sheet, sheet.tally()) for sheet in sheets]
    assert _figures(stats(pairs)) == oracle(pairs)


@pytest.mark.parametrize("seed", range(20))
def test_a_kept_part_is_the_part_of_the_sheet_read_whole(seed: int) -> None:
    sheet = store.parse(store.render(evening(seed)))
    part = sheet_part(sheet, sheet.tally())
    tally = sheet.tally()
    kept = stats_cache.Kept(len(tally.deals), tally.players, sheet.rules, bool(sheet.changes), part)
    alone = kept._replace(part=None)  # as the standings keep it: no part of the statistics
    records = {"a.toml": (b"digest", stats_cache.plain_kept(kept))}
    records["b.toml"] = (b"other", stats_cache.plain_kept(alone))
    data = stats_cache.packed("/season", records)
    back = stats_cache.unpacked(data, "/season")
    assert back == records
    assert [stats_cache.kept_of(back[name][1]) for name in ("a.toml", "b.toml")] == [kept, alone]
    assert stats_cache.unpacked(data, "/another") == {}  # another folder's: not served
    assert stats_cache.unpacked(data[:-1], "/season") == {}  # not whole
    torn = data[:-9] + bytes([data[-9] ^ 1]) + data[-8:]  # a byte changed: the checksum
    assert stats_cache.unpacked(torn, "/season") == {}
    assert sum_parts([part, part]) == stats([(sheet, sheet.tally())] * 2)


# --- the command, every way ---------------------------------------------------------------------

ONLY_TOMLLIB = '# a note by hand: """ (a multi-line string in TOML 1.1)\n'


def season(folder: Path) -> list[str]:
    """The season's files: random evenings, one with Windows line ends, one only tomllib reads
    (store/toml.py ``_plain``), and the first named twice (a link)."""
    paths = []
    for n in range(10):
        path = folder / f"evening{n}.toml"
        text = store.render(evening(100 + n))
        if n == 3:
            text = text.replace("\n", "\r\n")
        if n == 4:
            text = ONLY_TOMLLIB + text
        path.write_bytes(text.encode())
        paths.append(str(path))
    os.symlink(paths[0], folder / "current.toml")
    return [*paths, str(folder / "current.toml")]


def _main(
    args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> tuple[int, str, str]:
    """Through skatcalc.cli's run, as the ``skatcalc`` command (the quick path first)."""
    return as_command(["sheet", "stats", *args], capsys, monkeypatch)


@pytest.fixture
def typer(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> Callable[[list[str], str], tuple[int, str, str]]:
    """``skatcalc sheet stats ARGS`` through Typer alone, with the cache folder given ("":
    none, every sheet read whole)."""

    def run(args: list[str], cache: str) -> tuple[int, str, str]:
        with monkeypatch.context() as inside:
            inside.setattr(quick, "stats", lambda args: None)
            inside.setenv("SKATCALC_CACHE_DIR", cache)
            return _main(args, capsys, monkeypatch)

    return run


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("json", [False, True])
def test_stats_from_kept_parts_and_without_typer_say_what_the_full_path_says(
    language: str,
    json: bool,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    typer: Callable[[list[str], str], tuple[int, str, str]],
) -> None:
    monkeypatch.setenv("SKATCALC_LANG", language)
    monkeypatch.setenv("COLUMNS", "80")
    cache = tmp_path / "cache"
    cache.mkdir(mode=0o700)
    monkeypatch.setenv("SKATCALC_CACHE_DIR", str(cache))
    args = [*season(tmp_path), *["--json"] * json]
    read = Read(monkeypatch)
    full = typer(args, "")
    assert full[0] == 0 and full[1], full
    assert ("current.toml" in full[2]) and len(full[2].splitlines()) == 1  # named twice: noted
    assert read.count == 10
    cold = _main(args, capsys, monkeypatch)  # the quick path, the parts kept
    assert cold == full
    assert len(list(cache.glob("*.parts"))) == 1 and read.count == 20  # one file: one folder
    warm = _main(args, capsys, monkeypatch)
    assert warm == full
    assert read.count == 20  # no sheet read whole: every part was kept
    assert typer(args, str(cache)) == full  # through Typer, the parts kept
    # an edit: that sheet read whole again, the others kept
    edited = Path(args[5])
    text = edited.read_text()
    edited.write_text(text.replace("points = 61", "points = 95", 1) + "\n# edited\n")
    full = typer(args, "")
    before = read.count
    assert _main(args, capsys, monkeypatch) == full
    assert read.count == before + 1
    # damaged parts: read whole, without a word
    for part in cache.glob("*.parts"):
        part.write_bytes(part.read_bytes()[:-3])
    assert _main(args, capsys, monkeypatch) == typer(args, "")


BROKEN = '\n[[deal]]\ndeclarer = "Nobody"\ngame = "grand"\nwith = 1\npoints = 70\n'


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_broken_sheet_among_them_is_said_as_the_full_path_says_it(
    language: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch, typer: Callable[[list[str], str], tuple[int, str, str]],
) -> None:  # fmt: skip
    monkeypatch.setenv("SKATCALC_LANG", language)
    cache = tmp_path / "cache"
    cache.mkdir(mode=0o700)
    monkeypatch.setenv("SKATCALC_CACHE_DIR", str(cache))
    args = season(tmp_path)
    assert _main(args, capsys, monkeypatch)[0] == 0  # every sound sheet's part kept
    broken = Path(args[6])
    broken.write_text(broken.read_text() + BROKEN)
    full = typer(args, "")
    assert full[0] == 5 and not full[1] and "evening6.toml" in full[2], full
    assert _main(args, capsys, monkeypatch) == full
    assert typer(args, str(cache)) == full
    assert not list(cache.glob("*.state"))  # stats keeps no sheet's state
    missing = [*args[:2], str(tmp_path / "none.toml")]
    assert _main(missing, capsys, monkeypatch) == typer(missing, "")


@pytest.mark.parametrize(
    "args",
    [[], ["--json"], ["a.toml", "--json", "--json"], ["a.toml", "--lang", "de"], ["-a.toml"],
     ["a.toml", ""], ["a.toml", "--help"], ["a.toml", "--"]],
)  # fmt: skip
def test_anything_but_files_and_json_is_left_to_typer(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert quick.stats(args) is None
    assert capsys.readouterr() == ("", "")


def test_plain_stats_import_no_typer(tmp_path: Path) -> None:
    said, loaded = typer_imported("sheet", "stats", *season(tmp_path)[:3])
    assert "Statistics over 3 sheet(s)" in said
    assert loaded == []


def test_a_folder_past_the_cap_keeps_this_runs_parts_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder's kept file past its cap (32 MB: here made smaller) keeps only the parts this
    run made, never a file past the cap beside them; the parts read from it stay right."""
    import os

    from skatcalc.store import stats_cache

    cache = tmp_path / "cache"
    cache.mkdir(mode=0o700)
    monkeypatch.setenv("SKATCALC_CACHE_DIR", str(cache))
    sheets = tmp_path / "season"
    sheets.mkdir()
    first, second = (Path(p) for p in season(sheets)[:2])
    folder = os.path.realpath(sheets)
    place = stats_cache._place(cache, folder)

    stats_cache.parts([first])
    alone = place.read_bytes()
    assert set(stats_cache.unpacked(alone, folder)) == {first.name}
    monkeypatch.setattr(stats_cache, "_MOST", len(alone) + 64)  # room for one sheet's part
    parts = stats_cache.parts([first, second])
    kept = stats_cache.unpacked(place.read_bytes(), folder)
    assert set(kept) == {second.name}  # the two would pass the cap: this run's alone
    assert parts == [stats_cache.parts([p])[0] for p in (first, second)]


# --- where a sheet's record is filed, and the hash --------------------------------------------


def test_a_sheets_folder_and_name_are_those_of_its_real_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Shelf._real (the folder's real path looked up once, the file's own name taken as it is
    unless it is a link) files each sheet where os.path.realpath of the sheet would: through
    a folder that is a link, a sheet that is a link to another folder's, a relative path, a
    path with ``..`` in it."""
    season = tmp_path / "season"
    season.mkdir()
    (season / "a.toml").write_text("a")
    other = tmp_path / "other"
    other.mkdir()
    (other / "b.toml").write_text("b")
    os.symlink(season / "a.toml", season / "now.toml")
    os.symlink(other / "b.toml", season / "b.toml")  # a link to a sheet of another folder
    os.symlink(season, tmp_path / "linked")
    monkeypatch.chdir(season)
    shelf = stats_cache.Shelf(None)
    given = [
        season / "a.toml", season / "now.toml", season / "b.toml", tmp_path / "linked" / "a.toml",
        tmp_path / "linked" / "b.toml", Path("a.toml"), Path("b.toml"), Path("../other/b.toml"),
        tmp_path / "linked" / ".." / "season" / "a.toml",
    ]  # fmt: skip
    for path in [*given, *given]:  # the second time, each folder as looked up
        assert shelf._real(path) == os.path.split(os.path.realpath(path)), path
    assert shelf._real(Path("now.toml")) == (str(season), "a.toml")


def test_a_records_totals_are_made_plain_once_and_read_either_way() -> None:
    """The totals a sheet's part holds are the tally's: one plain tuple in the record, written
    once; a record whose part holds totals of their own (two tuples, as version 3 wrote them
    before) reads the same."""
    import marshal

    sheet = store.parse(store.render(evening(3)))
    tally = sheet.tally()
    part = sheet_part(sheet, tally)
    assert part.totals is tally.players
    kept = stats_cache.Kept(len(tally.deals), tally.players, sheet.rules, False, part)
    plain = stats_cache.plain_kept(kept)
    assert plain[4][2] is plain[1]  # one tuple
    copy = plain[1][:1] + plain[1][1:]  # an equal tuple, not the same
    apart = (*plain[:4], (*plain[4][:2], copy, plain[4][3]))
    assert apart == plain and apart[4][2] is not apart[1]
    for record in (plain, apart, marshal.loads(marshal.dumps(apart))):
        assert stats_cache.kept_of(record) == kept
    own = kept._replace(part=part._replace(totals=tuple(part.totals)))  # totals of its own
    assert stats_cache.kept_of(stats_cache.plain_kept(own)) == own


def test_a_record_of_a_game_no_longer_known_is_read_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A kept record that no longer makes a part (a game's word unknown) serves nothing: that
    sheet is read whole, and its part is the one the sheet gives."""
    cache = tmp_path / "cache"
    cache.mkdir(mode=0o700)
    monkeypatch.setenv("SKATCALC_CACHE_DIR", str(cache))
    sheets = tmp_path / "season"
    sheets.mkdir()
    paths = [Path(p) for p in season(sheets)[:3]]
    made = stats_cache.parts(paths)
    folder = os.path.realpath(sheets)
    place = stats_cache._place(cache, folder)
    records = stats_cache.unpacked(place.read_bytes(), folder)
    digest, plain = records[paths[1].name]
    players = list(plain[4][3])
    assert any(player[6] for player in players)  # a game declared: its word in the record
    players = [(*p[:6], tuple(("skat", n) for _, n in p[6]), *p[7:]) for p in players]
    records[paths[1].name] = (digest, (*plain[:4], (*plain[4][:3], tuple(players))))
    place.write_bytes(stats_cache.packed(folder, records))
    read = Read(monkeypatch)
    assert stats_cache.parts(paths) == made
    assert read.count == 1
