"""`sheet show` from the kept state and the file's tail (issue 32 point 6,
skatcalc/store/state.py `shown`): the default list (the current series) is made from the tally's
end kept at the series' start and the series' own deals, read from the end of the file; it
must be byte for byte what the whole read shows, after every command of random evenings, and
anything the state does not serve (a hand edit, Bockramsch, rules changed among the deals,
Windows line ends) reads the whole sheet.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from skatcalc.store import sheet_codec, state
from tests.cli.helpers import cli
from tests.sheet.test_state import NAMES, _commands, _hand_edit, _rules, _run, _take


class Shown:
    """state.shown, counting the shows it served."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.served = self.left = 0
        real = state.shown

        def shown(*args: Any, **kwargs: Any) -> Any:
            done = real(*args, **kwargs)
            self.served += done is not None
            self.left += done is None
            return done

        monkeypatch.setattr(state, "shown", shown)


def _show(rng: random.Random) -> list[str]:
    out = ["sheet", "show", "FILE"]
    if rng.random() < 0.3:
        out += ["--list", rng.choice(["standard", "seeger-fabian", "bierlachs"])]
    return out


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(10))
def test_the_show_from_the_state_is_the_show_of_the_whole_sheet(
    seed: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    counted = Shown(monkeypatch)
    rng = random.Random(1000 + seed)
    players = NAMES[rng.choice([3, 3, 4, 5])]
    rules = _rules(rng)
    if rng.random() < 0.6:  # short series: the list's start moves often
        rules += ["--series-length", str(rng.choice([2, 3, 4]))]
    fast, full, cache = tmp_path / "fast", tmp_path / "full", tmp_path / "cache"
    for folder in (fast, full):
        folder.mkdir()
    cache.mkdir(mode=0o700)
    new = ["sheet", "new", "FILE", *players, *rules]
    for args, stdin in [(new, None), *_take(_commands(rng, players), 80)]:
        if args == ["hand-edit"]:
            text = _hand_edit(rng, (fast / "sheet.toml").read_text()).encode()
            for folder in (fast, full):
                (folder / "sheet.toml").write_bytes(text)
        else:
            _run(fast, args, stdin, str(cache), monkeypatch)
            _run(full, args, stdin, "", monkeypatch)
        show = _show(rng)
        with_state = _run(fast, show, None, str(cache), monkeypatch)
        without = _run(full, show, None, "", monkeypatch)
        assert with_state == without, (seed, args, show)
        assert (fast / "sheet.toml").read_bytes() == (full / "sheet.toml").read_bytes()
    if "--bockramsch" not in rules:  # Bock: served once adds start a series (state._start_of)
        assert counted.served >= 3, (counted.served, counted.left)


def _evening(folder: Path, count: int, *rules: str) -> Path:
    sheet = folder / "sheet.toml"
    assert cli("sheet", "new", sheet, "Anna", "Ben", "Carl", *rules).code == 0
    rng = random.Random(count)
    for _ in range(count):
        who = rng.choice(["Anna", "Ben", "Carl"])
        points = str(rng.choice([30, 61, 90]))
        assert cli("sheet", "add", sheet, "--declarer", who, "grand", "--with", "1", "--points", points,
                   env={state.ENV: str(folder / "cache")}).code == 0  # fmt: skip
    return sheet


def test_a_long_sheet_is_shown_without_reading_its_deals_before_the_series(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sheet = _evening(tmp_path, 40)  # the second series: 4 deals
    whole = cli("sheet", "show", sheet, env={state.ENV: ""})
    assert "Score sheet, series 2" in whole.stdout, whole.stdout

    def parse(*args: Any) -> Any:
        raise AssertionError("the whole sheet was read")

    monkeypatch.setattr(sheet_codec, "parse", parse)
    monkeypatch.setattr("skatcalc.store.sheet.parse", parse)
    assert cli("sheet", "show", sheet, env={state.ENV: str(tmp_path / "cache")}) == whole


@pytest.mark.parametrize(
    ("rules", "edit"),
    [
        (["--bockramsch", "--bock", "--ramsch"], None),
        ([], "crlf"),
        ([], "points"),
    ],
)
def test_what_the_state_does_not_serve_is_shown_from_the_whole_sheet(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, rules: list[str], edit: str | None
) -> None:
    sheet = _evening(tmp_path, 5, *rules)
    monkeypatch.setenv(state.ENV, str(tmp_path / "cache"))
    if edit == "crlf":
        sheet.write_bytes(sheet.read_bytes().replace(b"\n", b"\r\n"))
    elif edit == "points":
        text = sheet.read_text()
        at = text.rfind("points = ")
        sheet.write_text(text[:at] + "points = 95" + text[text.index("\n", at) :])
    place = state._place(sheet)
    assert place is not None
    assert state._read(place) is not None  # a state kept, which does not serve
    assert state.shown(sheet) is None
    whole = cli("sheet", "show", sheet, env={state.ENV: ""})
    assert cli("sheet", "show", sheet, env={state.ENV: str(tmp_path / "cache")}) == whole


def test_the_state_keeps_the_tallys_end_at_the_series_start() -> None:
    import marshal

    from skatcalc.sheet.model import Deal, Sheet
    from skatcalc.spec import GameSpec

    sheet = Sheet.new(["Anna", "Ben", "Carl"]).extend(
        [Deal("Ben", GameSpec("grand", with_=1, points=70))] * 3
    )
    start = sheet.tally()
    kept = state._Kept(b"digest", 1, sheet, start, start)
    back = state._kept(marshal.loads(marshal.dumps(state._payload(kept))))
    assert back is not None
    assert back.start == state._ended(start)


@pytest.mark.parametrize("seed", range(6))
def test_the_series_start_read_off_the_running_totals_is_the_walks(seed: int) -> None:
    """The state's tally end at the last series' start, taken from the whole tally's running
    totals (no walk), is what walking the deals before it gives, to the last count."""
    from dataclasses import replace

    from skatcalc.sheet.model import Deal, Ramsch, Rules, Sheet
    from skatcalc.spec import GameSpec

    rng = random.Random(seed)
    players = NAMES[rng.choice([3, 4, 5])]
    scoring = rng.choice(["standard", "seeger-fabian", "bierlachs"])
    rules = Rules(
        series_length=rng.choice([2, 3, 5]), scoring=scoring, bierlachs_limit=150, ramsch=True
    )
    sheet = Sheet.new(players, rules)
    for _ in range(rng.randint(0, 40)):
        if rng.random() < 0.15:
            deal = Deal.passed()
        elif rng.random() < 0.1 and len(players) == 3:
            deal = Deal(None, None, Ramsch((("Anna", 70), ("Ben", 30), ("Carl", 20))))
        else:
            points = rng.choice([30, 59, 61, 90, 120])
            out = sheet.sitting_out(len(sheet.deals))
            who = rng.choice([name for name in players if name not in out])
            deal = Deal(who, GameSpec("grand", with_=1, points=points))
        sheet = sheet.add(deal)
    tally = sheet.tally()
    start = state._start_of(sheet, tally)
    assert start is not None
    walked = replace(sheet, deals=sheet.deals[: start.deals_played]).tally()
    assert start == state._ended(walked)


def test_a_bierlachs_decided_in_the_last_series_is_not_decided_at_its_start() -> None:
    from dataclasses import replace

    from skatcalc.sheet.model import Deal, Rules, Sheet
    from skatcalc.spec import GameSpec

    rules = Rules(series_length=3, scoring="bierlachs", bierlachs_limit=100)
    lost = Deal("Ben", GameSpec("grand", with_=1, points=30))
    sheet = Sheet.new(["Anna", "Ben", "Carl"], rules).extend([Deal.passed()] * 3 + [lost] * 2)
    tally = sheet.tally()
    assert tally.decided is not None and tally.decided[1] > 3  # in the last series: 4 to 6
    start = state._start_of(sheet, tally)
    assert start is not None
    assert start.deals_played == 3
    assert start == state._ended(replace(sheet, deals=sheet.deals[:3]).tally())
