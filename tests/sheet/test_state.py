"""A sheet's kept state (skatcalc/store/state.py): deals added against it give exactly what the
full path gives (output, file, exit code), under every house rule, and anything that is not
exactly the file the state was made from takes the full path.

The differential test runs the same random evenings twice, in two folders, the same file name
in each: once with the cache (deals added against the state where it serves) and once without
(SKATCALC_CACHE_DIR empty: every change reads the whole sheet), and requires the same exit
code, stdout, stderr and file bytes after every command: adds, passes, Ramsch, batches, edits,
undos, rules changes, hand edits of every kind, refused deals.
"""

from __future__ import annotations

import os
import random
import shlex
import stat
from collections.abc import Iterator
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from skatcalc.sheet.model import Tally
from skatcalc.sheet.rules import RULES
from skatcalc.store import files, state
from skatcalc.store import sheet as store
from tests.cli.helpers import Outcome, cli

NAMES = {
    3: ("Anna", "Ben", "Carl"),
    4: ("Anna", "Ben", "Carl", "Dora"),
    5: ("Anna", "Ben", "Carl", "Dora", "Emil"),
}


class Counted:
    """state.append, counting the calls it served (and those it left to the full path)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.served = self.left = 0
        real = state.append

        def append(*args: Any, **kwargs: Any) -> state.Added | None:
            done = real(*args, **kwargs)
            if os.environ.get(state.ENV):  # the side with the cache
                self.served += done is not None
                self.left += done is None
            return done

        monkeypatch.setattr(state, "append", append)


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Counted:
    return Counted(monkeypatch)


# --- random evenings ---------------------------------------------------------------------------


def _game(rng: random.Random, players: tuple[str, ...]) -> list[str]:
    """A game's words and options for ``sheet add`` (now and then one the sheet refuses)."""
    who = rng.choice(players) if rng.random() > 0.03 else "Zoe"
    out = ["--declarer", who if rng.random() > 0.5 else who[:2].lower()]
    kind = rng.choices(["suit", "grand", "null"], [6, 3, 1])[0]
    if kind == "null":
        out += ["null", "--tricks", str(rng.choice([0, 0, 1, 3]))]
        out += ["--hand"] * (rng.random() < 0.3) + ["--ouvert"] * (rng.random() < 0.3)
    else:
        out.append(rng.choice(["clubs", "spades", "hearts", "diamonds"]) if kind == "suit"
                   else "grand")  # fmt: skip
        top = rng.randint(1, 4)
        out += [rng.choice(["--with", "--without"]), str(top)]
        hand = rng.random() < 0.25
        out += ["--hand"] * hand
        out += ["--points", str(rng.choice([0, 30, 31, 59, 60, 61, 70, 89, 90, 95, 120]))]
        if rng.random() < 0.2:
            out += ["--bid", str(rng.choice([18, 20, 30, 46, 48, 72]))]
    if rng.random() < 0.15:
        out.append("--kontra")
    if rng.random() < 0.05:
        out.append("--re")
    return out


def _ramsch(rng: random.Random, players: tuple[str, ...]) -> list[str]:
    seated = rng.sample(players, 3)  # at four, one of them deals and sits out: now and then refused
    cuts = sorted(rng.sample(range(1, 120), 2))
    points = [cuts[0], cuts[1] - cuts[0], 120 - cuts[1]]
    if rng.random() < 0.2:
        points = [120, 0, 0]
    rng.shuffle(points)
    out = [f"{name}={p}" for name, p in zip(seated, points, strict=True)]
    if rng.random() < 0.2:
        out += ["--jungfrau", seated[points.index(min(points))]]
    if rng.random() < 0.2:
        out += ["--last-trick", rng.choice(seated)]
    return out


def _batch(rng: random.Random, players: tuple[str, ...]) -> str:
    lines = []
    for _ in range(rng.randint(1, 4)):
        if rng.random() < 0.2:
            lines.append('{"pass": true}')
            continue
        game = rng.choice(["clubs", "grand", "hearts"])
        points = rng.choice([40, 60, 61, 90])
        who = rng.choice(players)
        lines.append(f'{{"declarer": "{who}", "game": "{game}", "with": 1, "points": {points}}}')
    return "\n".join(lines) + "\n"


def _rules(rng: random.Random) -> list[str]:
    out = [rng.choice(["--preset=isko", "--preset=pub"])]
    out.append(rng.choice(["--bock", "--no-bock", "--bock"]))
    out.append(rng.choice(["--ramsch", "--ramsch", "--no-ramsch"]))
    if rng.random() < 0.4:
        out.append("--bockramsch")
        out += ["--bock", "--ramsch"]
    if rng.random() < 0.4:
        triggers = rng.sample(
            ["lost-60", "grand-hand", "kontra", "hundred", "lost-kontra", "re", "lost-grand",
             "null-ouvert-hand", "value"], rng.randint(1, 4))  # fmt: skip
        out += ["--bock-triggers", ",".join(triggers), "--bock-value", "48"]
    out += rng.choice([[], ["--bock-overlap", "queue"], ["--bock-self"], ["--bock-max", "1"]])
    out += rng.choice([[], ["--bock-length", "2"], ["--scoring", "standard"]])
    if rng.random() < 0.3:
        out += ["--scoring", "bierlachs", "--bierlachs-limit", "150"]
        out += rng.choice([[], ["--no-bierlachs-dealer"]])
    out += rng.choice([[], ["--ramsch-ties", "split"], ["--ramsch-value", "10"]])
    out += rng.choice([[], ["--lost-hand-single"], ["--grand-base", "20"], ["--kontra"]])
    # a sheet that ends: its last deals refused on both paths (Sheet.room, asked by each)
    out += rng.choice([[], [], ["--series-length", "4", "--series-count", "3"],
                       ["--series-length", "5", "--series-count", "2"], ["--series-length", "7"]])  # fmt: skip
    return out


def _hand_edit(rng: random.Random, text: str) -> str:
    """The sheet's text as a person might leave it after an edit by hand."""
    choice = rng.randrange(9)
    if choice == 0:
        return text + "# a comment at the end\n"
    if choice == 1:
        return text + "\n\n"
    if choice == 2:
        return text.rstrip("\n")
    if choice == 3 and "points = " in text:
        at = text.rfind("points = ")
        end = text.index("\n", at)
        return text[:at] + f"points = {rng.choice([30, 60, 61, 95])}" + text[end:]
    if choice == 4:
        return text + "\n[[deal]]\npassed = true\n"
    if choice == 5:
        return text.replace("\n", "\r\n")
    if choice == 6 and "[[deal]]" in text:
        return text.replace("[[deal]]", "# moved by hand\n[[deal]]", 1)
    if choice == 7:
        return text + '\n[[deal]]\ndeclarer = "Nobody"\ngame = "grand"\nwith = 1\npoints = 70\n'
    return text.replace("points = 70", "points = 71")


def _commands(
    rng: random.Random, players: tuple[str, ...]
) -> Iterator[tuple[list[str], str | None]]:
    """Command lines (``FILE`` for the sheet) and their stdin, or a hand edit (``["edit"]``)."""
    more = random.Random(repr(rng.getstate()[1][:4]))  # draws nothing from rng
    while True:
        r = rng.random()
        if r < 0.45:
            yield (
                ["sheet", "add", "FILE", *_game(rng, players), *["--json"] * (rng.random() < 0.2)],
                None,
            )
        elif r < 0.55:
            yield ["sheet", "pass", "FILE", *["--json"] * (rng.random() < 0.2)], None
        elif r < 0.63:
            yield ["sheet", "ramsch", "FILE", *_ramsch(rng, players)], None
        elif r < 0.68:
            yield (
                ["sheet", "add", "FILE", "--batch", *["--json"] * (rng.random() < 0.5)],
                _batch(rng, players),
            )
        elif r < 0.74:
            yield ["sheet", "undo", "FILE"], None
        elif r < 0.78:
            yield ["sheet", "edit", "FILE", str(rng.randint(1, 12)), *_game(rng, players)], None
        elif r < 0.80:
            changes = ["--bock", "--no-bock", "--kontra", "--series-count=0", "--series-length=6"]
            change = rng.choice(changes)
            # rules changed from the next deal (the default) or from a deal played, and a few
            # more rules, drawn by a generator of their own: the evenings stay as they were
            if more.random() < 0.5:
                change = more.choice(["--opponents-four=40", "--bock-length=2", "--no-kontra",
                                      change])  # fmt: skip
            start = [f"--from={more.randint(1, 6)}"] * (more.random() < 0.4)
            yield ["sheet", "rules", "FILE", change, *start], None
        elif r < 0.85:
            yield ["hand-edit"], None
        elif r < 0.88:
            line = " ".join(shlex.quote(w) for w in _game(rng, players)[1:])
            yield ["sheet", "play", "FILE"], f"{line}\npass\nundo\n{line}\n"
        elif r < 0.90:
            yield ["sheet", "check", "FILE"], None
        else:
            yield ["sheet", "show", "FILE", "--json"], None


def _run(
    folder: Path, args: list[str], stdin: str | None, cache: str, monkeypatch: pytest.MonkeyPatch
) -> Outcome:
    monkeypatch.chdir(folder)
    line = ["sheet.toml" if arg == "FILE" else arg for arg in args]
    return cli(*line, input=stdin, env={state.ENV: cache})


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(8))
def test_deals_added_from_the_state_give_what_the_full_path_gives(
    seed: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, counted: Counted
) -> None:
    rng = random.Random(seed)
    players = NAMES[rng.choice([3, 3, 4, 5])]
    fast, full, cache = tmp_path / "fast", tmp_path / "full", tmp_path / "cache"
    for folder in (fast, full):
        folder.mkdir()
    cache.mkdir(mode=0o700)
    new = ["sheet", "new", "FILE", *players, *_rules(rng)]
    sound = b""  # the text before a hand edit that broke the sheet
    broken = 0  # commands since
    for args, stdin in [(new, None), *_take(_commands(rng, players), 100)]:
        if args == ["hand-edit"] or broken > 3:
            text = _hand_edit(rng, (fast / "sheet.toml").read_text()).encode()
            if broken > 3:  # the hand edit mended by hand
                text, broken = sound, 0
            for folder in (fast, full):
                sound = sound or (folder / "sheet.toml").read_bytes()
                (folder / "sheet.toml").write_bytes(text)
            if args == ["hand-edit"]:
                continue
        with_state = _run(fast, args, stdin, str(cache), monkeypatch)
        without = _run(full, args, stdin, "", monkeypatch)
        assert with_state == without, (seed, args, stdin)
        assert (fast / "sheet.toml").read_bytes() == (full / "sheet.toml").read_bytes(), args
        if with_state.code == 5:
            broken += 1
        else:
            sound, broken = (fast / "sheet.toml").read_bytes(), 0
        _kept_is_the_end(fast / "sheet.toml", cache, monkeypatch)
    assert sorted(os.listdir(fast)) == ["sheet.toml"]  # the state is never beside the sheet
    # the fast path did serve (and left to the full path what it must: rules change, edits)
    assert counted.served >= 8, (counted.served, counted.left)


def _end(tally: Tally) -> tuple[object, ...]:
    return (tally.players, tally.deals_played, tally.series_length, tally.bock_ahead,
            tally.decided, tally.next_dealer, tally.ramsch_ahead, tally.bock_rounds)  # fmt: skip


def test_the_state_keeps_every_field_of_a_tallys_end_by_name() -> None:
    """Every field of a tally but its deals goes into the state and comes back as it was (each
    given a value other than its default here): a field added to Tally and not kept fails."""
    import marshal

    from skatcalc.sheet.model import PlayerTotal, Sheet

    players = ("Anna", "Ben", "Carl")
    totals = tuple(PlayerTotal(name, 10 * n, n, 2, 50 * n, 1) for n, name in enumerate(players))
    end = Tally(
        deals=(), players=totals, series_length=36, bock_ahead=(1, 2), decided=(("Ben",), 7),
        next_dealer=2, ramsch_ahead=3, bock_rounds=(4, 1), first=9,
    )  # fmt: skip
    for field in fields(Tally):
        if field.name != "deals":
            assert getattr(end, field.name) != field.default, field.name
    kept = state._Kept(b"digest", 1, Sheet.new(players), end)
    back = state._kept(marshal.loads(marshal.dumps(state._payload(kept))))
    assert back is not None
    assert back.tally == end


def _kept_is_the_end(sheet: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The state kept for the sheet (if any) is the end of its whole tally, to the last count:
    also what no command prints after an add (the games won and lost)."""
    monkeypatch.setenv(state.ENV, str(cache))
    place = state._place(sheet)
    assert place is not None
    kept = state._read(place)
    if kept is None:
        return
    data = sheet.read_bytes()
    from hashlib import blake2b

    if blake2b(data).digest() != kept.digest:  # kept for the file before a hand edit
        return
    whole = store.load(sheet)
    assert (kept.sheet.players, kept.sheet.rules) == (whole.players, whole.rules)
    assert _end(kept.tally) == _end(whole.tally())


def _take(
    commands: Iterator[tuple[list[str], str | None]], count: int
) -> list[tuple[list[str], str | None]]:
    return [next(commands) for _ in range(count)]


# --- every house rule on the fast path ----------------------------------------------------------

# Each rule set away from its default (Bock and Ramsch on besides, so that their rules count).
AWAY = {
    "scoring": ["--scoring", "bierlachs", "--bierlachs-limit", "100"],
    "won_bonus": ["--won-bonus", "10"],
    "lost_penalty": ["--lost-penalty", "7"],
    "opponents_three": ["--opponents-three", "11"],
    "opponents_four": ["--opponents-four", "13"],
    "kontra": ["--no-kontra"],
    "bock": ["--no-bock"],
    "bock_triggers": [
        "--bock-triggers",
        "lost-60,grand-hand,kontra,hundred,lost-kontra,re,lost-grand,null-ouvert-hand,value",
    ],
    "bock_length": ["--bock-length", "5"],
    "bock_overlap": ["--bock-overlap", "queue"],
    "bock_value": ["--bock-triggers", "value", "--bock-value", "40"],
    "bock_self": ["--bock-self"],
    "bock_max": ["--bock-max", "1"],
    "bockramsch": ["--bockramsch"],
    "ramsch": ["--no-ramsch"],
    "ramsch_skat": ["--ramsch-skat", "loser"],
    "ramsch_ties": ["--ramsch-ties", "split"],
    "ramsch_jungfrau": ["--no-ramsch-jungfrau"],
    "ramsch_durchmarsch": ["--no-ramsch-durchmarsch"],
    "schieberamsch": ["--schieberamsch"],
    "ramsch_value": ["--ramsch-value", "15"],
    "bierlachs_limit": ["--scoring", "bierlachs", "--bierlachs-limit", "50"],
    "bierlachs_dealer": ["--scoring", "bierlachs", "--no-bierlachs-dealer"],
    "lost_hand_single": ["--lost-hand-single"],
    "grand_base": ["--grand-base", "20"],
    "opponents_five": ["--opponents-five", "7"],  # (counts at five only: the evening is three)
    "grand_ouvert_base": ["--grand-ouvert-base", "36"],
    "series_length": ["--series-length", "5"],  # deals 6 and 11 start series 2 and 3
    "series_count": ["--series-length", "5", "--series-count", "3"],  # the 16th deal: refused
}

EVENING = [
    "add --declarer Anna grand --with 1 --hand --points 70",  # grand hand: Bock
    "add --declarer Ben clubs --with 1 --points 60",  # lost with 60
    "pass",
    "ramsch Anna=60 Ben=60 Carl=0 --jungfrau Carl --last-trick Ben",
    "add --declarer Carl hearts --with 2 --points 80 --kontra",
    "add --declarer Anna grand --with 4 --hand --points 95",
    "add --declarer Ben null --ouvert --hand --tricks 1",
    "add --declarer Carl diamonds --with 1 --hand --points 40 --re",
    "ramsch Anna=0 Ben=120 Carl=0 --jungfrau Anna --jungfrau Carl",
    "add --declarer Anna spades --without 2 --points 20",
    "add --declarer Ben grand --with 2 --points 61 --bid 72",
    "ramsch Anna=40 Ben=40 Carl=40",
    "add --declarer Carl clubs --with 3 --points 100",
    "pass",
    "add --declarer Anna hearts --with 1 --points 59",
    "add --declarer Ben grand --with 2 --ouvert --tricks 10",  # a Grand ouvert (base 36?)
]


@pytest.mark.parametrize("rule", [option.name for option in RULES])
def test_every_house_rule_works_on_the_fast_path(
    rule: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, counted: Counted
) -> None:
    """By design no rule falls back: every add after the first is served by the state (the
    first finds none), and each gives what the full path gives."""
    fast, full, cache = tmp_path / "fast", tmp_path / "full", tmp_path / "cache"
    for folder in (fast, full):
        folder.mkdir()
    cache.mkdir(mode=0o700)
    new = ["sheet", "new", "FILE", *NAMES[3], "--preset", "pub", "--bock", "--ramsch", *AWAY[rule]]
    refused = 0
    for line in [None, *EVENING]:
        args = new if line is None else ["sheet", *line.split()[:1], "FILE", *line.split()[1:]]
        with_state = _run(fast, args, None, str(cache), monkeypatch)
        assert with_state == _run(full, args, None, "", monkeypatch), (rule, line)
        assert (fast / "sheet.toml").read_bytes() == (full / "sheet.toml").read_bytes()
        refused += with_state.code != 0
    # refused: Kontra and Re without the rule, a Ramsch without it, a game in a Bockramsch round,
    # the 16th deal on a sheet of 3 series of 5
    assert not refused or rule in ("kontra", "ramsch", "bockramsch", "series_count")
    assert rule != "series_count" or refused == 1
    assert (counted.served, counted.left) == (len(EVENING) - 1 - refused, 1)


CHANGES = [
    "rules --bock-length 2",  # from the next deal on
    "rules --opponents-three 45 --from 2",  # deals 2 on scored anew
    "rules --no-bock",
    "rules --bockramsch --from 3",  # refused where a deal after does not fit
    "rules --lost-hand-single",
    "rules --grand-base 20 --from 1",
    "undo",
    "undo",
]


@pytest.mark.slow
@pytest.mark.parametrize("rule", [option.name for option in RULES][:12:3])
def test_rules_changed_mid_evening_work_on_the_fast_path(
    rule: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, counted: Counted
) -> None:
    """The evening with a change of the rules after every other deal (from the next deal, or
    from a deal played): each command gives what the full path gives, and the deals added
    after a change from the next deal are served by the state (the change sits at the end of
    the file, before the deal it starts from)."""
    fast, full, cache = tmp_path / "fast", tmp_path / "full", tmp_path / "cache"
    for folder in (fast, full):
        folder.mkdir()
    cache.mkdir(mode=0o700)
    new = ["sheet", "new", "FILE", *NAMES[3], "--preset", "pub", "--bock", "--ramsch", *AWAY[rule]]
    lines = [None, *(x for pair in zip(EVENING, CHANGES * 2, strict=False) for x in pair)]
    for line in lines:
        args = new if line is None else ["sheet", *line.split()[:1], "FILE", *line.split()[1:]]
        with_state = _run(fast, args, None, str(cache), monkeypatch)
        assert with_state == _run(full, args, None, "", monkeypatch), (rule, line)
        assert (fast / "sheet.toml").read_bytes() == (full / "sheet.toml").read_bytes(), line
        _kept_is_the_end(fast / "sheet.toml", cache, monkeypatch)
    assert "[[rules_change]]" in (fast / "sheet.toml").read_text()
    assert counted.served >= 4, (counted.served, counted.left)


# --- what is not exactly the file, or not ours, takes the full path -----------------------------

ADD = ["--declarer", "Ben", "grand", "--with", "1", "--points", "70"]


def _evening(tmp_path: Path, deals: int = 3) -> Path:
    path = tmp_path / "sheet.toml"
    assert cli("sheet", "new", str(path), *NAMES[3]).code == 0
    for _ in range(deals):
        assert cli("sheet", "add", str(path), *ADD).code == 0
    return path


def _twin(path: Path, tmp_path: Path) -> Path:
    """A copy of the sheet elsewhere, to add to without a cache (the same name in its folder)."""
    other = tmp_path / "twin"
    other.mkdir(exist_ok=True)
    (other / path.name).write_bytes(path.read_bytes())
    return other / path.name


def _both(path: Path, twin: Path, monkeypatch: pytest.MonkeyPatch, *args: str) -> Outcome:
    """``args`` (FILE the sheet) on the sheet and on its twin without a cache: the same."""
    monkeypatch.chdir(path.parent)
    one = cli(*[path.name if a == "FILE" else a for a in args])
    monkeypatch.chdir(twin.parent)
    other = cli(*[twin.name if a == "FILE" else a for a in args], env={state.ENV: ""})
    assert one == other
    assert path.read_bytes() == twin.read_bytes()
    return one


def test_the_state_is_kept_in_the_cache_folder_and_never_beside_the_sheet(
    tmp_path: Path, cache: Path, counted: Counted
) -> None:
    path = _evening(tmp_path)
    assert sorted(os.listdir(tmp_path)) == ["sheet.toml"]
    kept = os.listdir(cache)
    assert len(kept) == 1 and kept[0].endswith(".state")
    assert (counted.served, counted.left) == (2, 1)
    assert b"Ben" not in path.read_bytes()[-1:]  # the sheet holds deals only, no state


def test_a_hand_edit_takes_the_full_path_and_the_state_is_made_anew(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, counted: Counted
) -> None:
    path = _evening(tmp_path)
    path.write_text(path.read_text().replace("points = 70", "points = 50", 1))  # by hand
    twin = _twin(path, tmp_path)
    said = _both(path, twin, monkeypatch, "sheet", "add", "FILE", *ADD)
    # by hand: grand with 1 = 48; the first deal now lost, -96 - 50 = -146 and +40 to each other
    # player; three won, +98 each: Ben -146 + 3 x 98 = +148 (the state would have said +392)
    assert "Totals, Seeger-Fabian list: Anna +40, Ben +148, Carl +40" in said.stdout
    assert (counted.served, counted.left) == (2, 2)
    _both(path, twin, monkeypatch, "sheet", "add", "FILE", *ADD)
    assert (counted.served, counted.left) == (3, 2)  # the full path kept the new state


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data[:-1] + bytes([data[-1] ^ 1]),  # a bit flipped
        lambda data: data[: len(data) // 2],  # cut short
        lambda data: b"",
        lambda data: b"\x00" * 64,
        lambda data: data.replace(b"skatcalc sheet state", b"skatcalc sheet stat3"),
    ],
)
def test_a_damaged_state_takes_the_full_path_without_a_word(
    damage: Any, tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch, counted: Counted
) -> None:
    path = _evening(tmp_path)
    (kept,) = cache.iterdir()
    kept.write_bytes(damage(kept.read_bytes()))
    twin = _twin(path, tmp_path)
    _both(path, twin, monkeypatch, "sheet", "add", "FILE", *ADD)
    assert (counted.served, counted.left) == (2, 2)
    _both(path, twin, monkeypatch, "sheet", "add", "FILE", *ADD)
    assert (counted.served, counted.left) == (3, 2)


def test_a_state_of_another_version_is_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, counted: Counted
) -> None:
    path = _evening(tmp_path)
    monkeypatch.setattr(state, "_VERSION", state._VERSION + 1)
    twin = _twin(path, tmp_path)
    _both(path, twin, monkeypatch, "sheet", "add", "FILE", *ADD)
    assert (counted.served, counted.left) == (2, 2)


def _not_ours(kind: str, place: Path, tmp_path: Path) -> None:
    if kind == "link":
        target = tmp_path / "elsewhere"
        target.mkdir(mode=0o700)
        place.symlink_to(target)
    elif kind == "file":
        place.write_text("not a folder\n")
    elif kind == "group-writable":
        place.mkdir(mode=0o700)
        place.chmod(0o770)
    elif kind == "another's":
        if os.geteuid() != 0:
            pytest.skip("needs root to give the folder to another user")
        place.mkdir(mode=0o700)
        os.chown(place, 65534, 65534)


@pytest.mark.parametrize("kind", ["link", "file", "group-writable", "another's"])
def test_a_cache_folder_that_is_not_ours_is_neither_read_nor_written(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, counted: Counted
) -> None:
    place = tmp_path / "cache-not-ours"
    _not_ours(kind, place, tmp_path)
    monkeypatch.setenv(state.ENV, str(place))
    before = _tree(tmp_path)
    path = tmp_path / "sheet.toml"
    assert cli("sheet", "new", str(path), *NAMES[3]).code == 0
    twin = _twin(path, tmp_path)
    notes = []
    for _ in range(3):
        monkeypatch.chdir(path.parent)
        one = cli("sheet", "add", path.name, *ADD)
        monkeypatch.chdir(twin.parent)
        other = cli("sheet", "add", twin.name, *ADD, env={state.ENV: ""})
        assert (one.code, one.stdout) == (other.code, other.stdout) and other.stderr == ""
        assert path.read_bytes() == twin.read_bytes()
        notes.append(one.stderr)
    # said once, by the first change, never again: not on every add
    note = (
        f"note: skatcalc cannot keep a sheet's state in its cache folder {place} (a folder of"
        " yours that nobody else may write), so every change reads the whole sheet, which is"
        " slower on a long sheet (said once)\n"
    )
    assert notes == [note, "", ""]
    assert (counted.served, counted.left) == (0, 3)
    after = _tree(tmp_path)
    assert {p: after[p] for p in before} == before  # nothing written in what was there
    assert sorted(set(after) - set(before)) == ["sheet.toml", "twin", "twin/sheet.toml"]


def _tree(folder: Path) -> dict[str, bytes | None]:
    """Every path under ``folder`` (not through links) and the bytes of each file."""
    found: dict[str, bytes | None] = {}
    for root, dirs, names in os.walk(folder):
        for name in [*dirs, *names]:
            at = Path(root, name)
            found[str(at.relative_to(folder))] = at.read_bytes() if at.is_file() else None
    return found


def test_an_empty_variable_keeps_no_state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(state.ENV, "")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    _evening(tmp_path)
    assert state.folder() is None
    assert sorted(os.listdir(tmp_path)) == ["sheet.toml"]


def test_the_platform_cache_folder_is_made_private(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(state.ENV)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    folder = state.folder()
    assert folder == tmp_path / "xdg" / "skatcalc"
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700


def test_sheet_check_never_looks_at_the_state(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _evening(tmp_path)

    def looked(*args: object) -> None:
        raise AssertionError("sheet check looked at the state")

    monkeypatch.setattr(state, "_read", looked)
    monkeypatch.setattr(state, "append", looked)
    assert cli("sheet", "check", str(path)).code == 0


def test_a_read_only_sheet_is_refused_as_the_full_path_refuses_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, counted: Counted
) -> None:
    path = _evening(tmp_path)
    twin = _twin(path, tmp_path)
    for sheet in (path, twin):
        sheet.chmod(0o444)
    said = _both(path, twin, monkeypatch, "sheet", "add", "FILE", "--declarer", "Zoe", *ADD[2:])
    assert (
        said.stderr
        == "error: sheet.toml is read-only: the sheet is unchanged (chmod u+w sheet.toml)\n"
    )
    assert said.code == 5


def test_a_sheet_is_never_made_larger_than_it_may_be_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, counted: Counted
) -> None:
    path = _evening(tmp_path)
    twin = _twin(path, tmp_path)
    monkeypatch.setattr(files, "FILE_LIMIT", path.stat().st_size + 10)
    said = _both(path, twin, monkeypatch, "sheet", "add", "FILE", *ADD)
    assert said.code == 4
    assert said.stderr == (
        "error: sheet.toml would grow past 0 MB, more than any sheet skatcalc reads: the sheet "
        "is unchanged (start a new sheet for the next evening)\n"
    )
    assert (counted.served, counted.left) == (2, 1)  # the fast path refused it (and the twin's)


@pytest.mark.parametrize("failure", [OSError(28, "No space left on device"), KeyboardInterrupt()])
def test_an_append_that_fails_leaves_the_sheet_as_it_was(
    failure: BaseException, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, counted: Counted
) -> None:
    path = _evening(tmp_path)
    before = path.read_bytes()
    real_write = os.write

    def half(fd: int, data: Any) -> int:
        real_write(fd, bytes(data[: len(data) // 2]))  # the first half lands, then it fails
        raise failure

    monkeypatch.setattr(files.os, "write", half)
    if isinstance(failure, KeyboardInterrupt):
        with pytest.raises(KeyboardInterrupt):
            state.append(path, lambda sheet: [sheet_deal()])
    else:
        said = cli("sheet", "add", str(path), *ADD)
        assert (said.code, said.stderr) == (
            5,
            f"error: cannot write {path}: No space left on device; the sheet is unchanged\n",
        )
    assert path.read_bytes() == before
    monkeypatch.undo()


def sheet_deal() -> Any:
    from skatcalc.sheet.model import Deal
    from skatcalc.spec import GameSpec

    return Deal("Ben", GameSpec("grand", with_=1, points=70))


# --- the table mode answers from the state -------------------------------------------------------


def test_the_table_mode_says_the_next_prompt_without_reading_the_sheet_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, counted: Counted
) -> None:
    from skatcalc.cli.play import Table
    from skatcalc.store import sheet as sheet_store

    path = _evening(tmp_path, deals=2)
    table = Table(path)
    sheet = sheet_store.load(path)  # as `sheet play` starts: the sheet read once
    table.seen(sheet, sheet.tally())
    assert table.prompt() == "Deal 3 · Carl deals > "
    table.answer("be gr m1 70")  # the state of the last change (made by the full path here)
    read = []
    real_read = sheet_store.read  # the table mode reads the sheet whole, keeping its state
    monkeypatch.setattr(sheet_store, "read", lambda p: read.append(p) or real_read(p))
    for n, dealer in ((5, "Ben"), (6, "Carl"), (7, "Anna")):
        table.answer("an gr m1 70")
        assert table.prompt() == f"Deal {n} · {dealer} deals > "
    assert read == []  # no second read per Enter
    assert counted.served >= 3
    # another shell adds a deal: the file changed, so the notice reads it (and says the deal)
    assert cli("sheet", "add", str(path), *ADD).code == 0
    assert table.notice()
    assert table.prompt() == "Deal 8 · Ben deals > "
    assert read == [path]


def test_no_home_no_cache(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(state.ENV)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setattr(Path, "home", lambda: (_ for _ in ()).throw(RuntimeError("no home")))
    assert state.folder() is None
    _evening(tmp_path)  # and every change works as ever


# --- no state: the whole sheet read a thousand deals at a time (issue 32 item 5) ---------------


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(6))
def test_deals_added_to_a_sheet_read_a_piece_at_a_time_give_what_the_full_path_gives(
    seed: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three ways, the same random evening: from the kept state; without a cache, the sheet
    read a piece at a time (three deals a piece here, so that the pieces meet often); and the
    full path (the whole sheet parsed and held): the same exit code, stdout, stderr and file
    after every command."""
    from skatcalc.store import sheet_codec

    monkeypatch.setattr(sheet_codec, "STREAM_EVERY", 3)
    read, whole, served = state.append_read, [False], []

    def append_read(*args: Any, **kwargs: Any) -> state.Added | None:
        if whole[0]:
            return None
        done = read(*args, **kwargs)
        served.append(done is not None)
        return done

    monkeypatch.setattr(state, "append_read", append_read)
    rng = random.Random(100 + seed)
    players = NAMES[rng.choice([3, 3, 4, 5])]
    sides = {"fast": str(tmp_path / "cache"), "stream": "", "full": ""}
    (tmp_path / "cache").mkdir(mode=0o700)
    for side in sides:
        (tmp_path / side).mkdir()
    new = ["sheet", "new", "FILE", *players, *_rules(rng)]
    for args, stdin in [(new, None), *_take(_commands(rng, players), 80)]:
        if args == ["hand-edit"]:
            text = _hand_edit(rng, (tmp_path / "full" / "sheet.toml").read_text()).encode()
            for side in sides:
                (tmp_path / side / "sheet.toml").write_bytes(text)
            continue
        said = {}
        for side, cache in sides.items():
            whole[0] = side == "full"
            said[side] = _run(tmp_path / side, args, stdin, cache, monkeypatch)
        assert said["fast"] == said["stream"] == said["full"], (seed, args, stdin)
        files = {(tmp_path / side / "sheet.toml").read_bytes() for side in sides}
        assert len(files) == 1, args
    # the piece-at-a-time path did serve (a CRLF hand edit ends that for the evening: such a file
    # is written anew, in its own line ends, by the full path)
    assert served.count(True) >= 3, served


def test_a_deal_added_without_a_state_reads_the_sheet_a_piece_at_a_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without a cache, adding a deal to a sound sheet never parses the whole sheet at once,
    and holds far less than the full path does (tracemalloc's peak: memory, not time)."""
    import tracemalloc

    from skatcalc.sheet.model import Deal, Sheet
    from skatcalc.spec import GameSpec
    from skatcalc.store import sheet_codec

    monkeypatch.setenv(state.ENV, "")
    deals = [Deal(("Anna", "Ben", "Carl")[i % 3], GameSpec("grand", with_=1 + i % 4,
                  points=40 + i % 70)) for i in range(6000)]  # fmt: skip
    path = tmp_path / "sheet.toml"
    store.create(path, Sheet.new(NAMES[3]).extend(deals))
    twin = _twin(path, tmp_path)
    peaks, streamed = [], state.append_read
    for at, way in ((path, streamed), (twin, lambda *a: None)):
        monkeypatch.setattr(state, "append_read", way)
        tracemalloc.start()
        assert cli("sheet", "add", str(at), *ADD).code == 0
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
    assert path.read_bytes() == twin.read_bytes()
    assert peaks[0] * 3 < peaks[1], peaks
    whole = []
    monkeypatch.setattr(state, "append_read", streamed)
    monkeypatch.setattr(sheet_codec, "read_document", lambda *a, **k: whole.append(1))
    assert cli("sheet", "add", str(path), *ADD).code == 0
    assert whole == []


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "note: skatcalc cannot keep a sheet's state in its cache folder {}"),
        ("de", "Hinweis: skatcalc kann den Stand eines Blatts nicht in seinem Cache-Ordner {}"),
    ],
)
def test_a_cache_folder_that_cannot_be_used_is_said_once_per_folder(
    language: str, said: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Once: the first change that looks for the folder says so on stderr; the next changes,
    in this process or another (a marker remembers it), do not; another folder is said once
    again; an empty variable (no state, on purpose) says nothing."""
    path = _evening(tmp_path, deals=0)
    place = tmp_path / "in-the-way"
    place.write_text("a file where the folder should be\n")
    monkeypatch.setenv(state.ENV, str(place))
    first = cli("sheet", "add", str(path), *ADD, "--lang", language)
    assert first.stderr.startswith(said.format(place)) and first.stderr.count("\n") == 1
    assert cli("sheet", "add", str(path), *ADD).stderr == ""
    monkeypatch.setattr(state, "_TOLD", set())  # as another process
    assert cli("sheet", "pass", str(path)).stderr == ""
    other = tmp_path / "other-in-the-way"
    other.write_text("")
    monkeypatch.setenv(state.ENV, str(other))
    again = cli("sheet", "add", str(path), *ADD, "--lang", language)
    assert again.stderr.startswith(said.format(other))
    monkeypatch.setenv(state.ENV, "")
    monkeypatch.setattr(state, "_TOLD", set())
    monkeypatch.setattr(state, "_said_folder", lambda: str(tmp_path / "no-such-folder"))
    assert cli("sheet", "add", str(path), *ADD).stderr == ""


@pytest.mark.parametrize(
    "reading", [["sheet", "show", "FILE"], ["sheet", "export", "FILE", "--format", "csv"]]
)
def test_a_command_that_reads_the_whole_sheet_keeps_its_state(
    reading: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, counted: Counted
) -> None:
    """After a hand edit no state serves; a command that reads the whole sheet anyway keeps
    it, so the next add reads no deal (and says what the full path says)."""
    path = _evening(tmp_path)
    path.write_text(path.read_text().replace("points = 70", "points = 50", 1))  # by hand
    twin = _twin(path, tmp_path)
    _both(path, twin, monkeypatch, *reading)
    _both(path, twin, monkeypatch, "sheet", "add", "FILE", *ADD)
    assert (counted.served, counted.left) == (3, 1)  # the evening's first add: no state yet
    _kept_is_the_end(path, Path(os.environ[state.ENV]), monkeypatch)
