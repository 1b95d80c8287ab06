"""Issue 22 point 9 on a phone (Termux and the like: 40 columns), and at 80: ``sheet show``,
the table mode, ``sheet stats`` and ``tournament standings`` at five players with long names
with umlauts and a pub evening with Bock and four-digit totals, through a real pseudo-terminal
(pexpect; the screen as pyte draws it) in English and German; and ``sheet play`` fed by a pipe,
whose lines go whole.

What a screen must never show: a line wider than the terminal (the terminal would break it
anywhere, a name or a number mid-way), or a name or a number broken across two lines. Every
answer read here goes through :func:`_whole`. The totals are worked by hand beside each
evening, from skat-scoring.md, never by skatcalc's code.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from skatcalc import words
from skatcalc.width import cells, short_names
from tests.cli.helpers import cli
from tests.terminal import answer, environment, fits, terminals

SCREENS = [(80, "en"), (40, "en"), (80, "de"), (40, "de")]
FIVE = ("Annegret", "Bärbel-Sophie", "Hans-Joachim", "Jörg-Dietrich", "Maximilian")

# Twelve deals at five, the evening of tests/cli/test_five.py with these names in the same
# seats (an = Anna, bä = Ben, ha = Carl, jö = Dora, ma = Emil); its totals are worked by hand
# there: the standard list and Seeger-Fabian (+50 won, -50 lost, +24 to each other player per
# game lost). Seeger-Fabian decides (ISkO).
EVENING = [
    "bä kr m2 75", "jö gr m1 50", "pass", "ma he o2 h 80", "an null won", "ha sp m1 59",
    "an ka m1 95", "bä gr o2 31", "ma nu ov verl", "jö kr m1 61", "pass", "ha gr m2 h 90",
]  # fmt: skip
SCORES = {"Annegret": 50, "Bärbel-Sophie": -108, "Hans-Joachim": 76, "Jörg-Dietrich": -72,
          "Maximilian": -52}  # fmt: skip
SEEGER_FABIAN = {"Annegret": 246, "Bärbel-Sophie": -36, "Hans-Joachim": 148,
                 "Jörg-Dietrich": 0, "Maximilian": 20}  # fmt: skip

# A pub evening at three (the pub preset: the standard list decides, Kontra, Bock, Ramsch), by
# hand. Bärbel-Sophie deals first.
PUB = ("Bärbel-Sophie", "Hans-Joachim", "Jörg-Dietrich")
PUB_EVENING = [
    "ha gr m4 h 120 t10",  # 1 grand with 4 hand schwarz: 4+1+1+1+1 = 8 x 24 = 192, won: H +192;
    #                        a won grand hand: Bock for the next three deals (2, 3, 4)
    "jö gr m4 31",  # 2 (x 2) grand with 4, game 5 x 24 = 120, lost: -240 x 2 = -480: J -480
    "bä gr m4 31",  # 3 (x 2) the same: B -480
    "ha gr m4 31",  # 4 (x 2) the same: H 192 - 480 = -288
    "jö gr m4 20",  # 5 schneidered: with 4, game 5, schneider 6 x 24 = 144, lost -288: J -768
    "bä gr m4 20",  # 6 B -768
    "jö gr m4 20",  # 7 J -1056
    "bä gr m4 20",  # 8 B -1056
    "ha gr m4 20",  # 9 H -576
]  # no total lands on a round hundred, no game is lost with 60: no other Bock round
PUB_SCORES = {"Bärbel-Sophie": -1056, "Hans-Joachim": -576, "Jörg-Dietrich": -1056}
# Seeger-Fabian: B -1056 - 3 x 50 + 5 x 40 (games 2, 4, 5, 7, 9 lost by the others) = -1006;
# H -576 + 50 - 2 x 50 + 6 x 40 = -386; J -1056 - 3 x 50 + 5 x 40 = -1006
PUB_SEEGER_FABIAN = {"Bärbel-Sophie": -1006, "Hans-Joachim": -386, "Jörg-Dietrich": -1006}


def _signed(number: int) -> str:
    return f"{number:+d}" if number else "0"


@pytest.fixture
def spawn(tmp_path: Path) -> Iterator[Any]:
    """Start ``skatcalc ARGS`` in a pseudo-terminal COLS wide and 24 rows high, in the folder
    of the files (stderr, where a progress bar may go, to /dev/null); killed at the end."""
    with terminals(tmp_path, lambda lang: environment(tmp_path, lang)) as start:
        yield lambda cols, lang, *args: start(args, cols=cols, lang=lang, stderr=False)


def _run(spawn: Any, cols: int, lang: str, *args: str) -> list[str]:
    """What ``skatcalc ARGS`` shows on the terminal, line by line; it must succeed."""
    child = spawn(cols, lang, *args)
    assert child.wait_for_end() == 0, args
    lines = child.lines()
    return lines[:-1] if lines[-1:] == [""] else lines


def _whole(
    lines: Sequence[str], cols: int, names: Sequence[str] = (), numbers: Sequence[str] = ()
) -> None:
    """No line wider than the terminal, and every name and number printed whole on one line:
    no name broken across two lines (nor parted from its total), each of ``names`` on a line
    of its own whole, each of ``numbers`` on a line as a number of its own (not the end or the
    start of a longer one)."""
    fits(list(lines), cols, tuple(names))
    for name in names:
        assert [line for line in lines if name in line], f"{name} nowhere whole"
    for number in numbers:
        alone = re.compile(rf"(?<![\d+-]){re.escape(number)}(?!\d)")
        assert [line for line in lines if alone.search(line)], f"{number} nowhere whole"


def _new(tmp_path: Path, name: str, players: Sequence[str], deals: Sequence[str],
         *args: str) -> Path:  # fmt: skip
    path = tmp_path / name
    assert cli("sheet", "new", str(path), *players, *args).code == 0
    for line in deals:
        done = cli("sheet", "add", str(path), line)
        assert done.code == 0, (line, done)
    return path


def _totals(scores: dict[str, int], seeger_fabian: dict[str, int]) -> list[str]:
    return [_signed(n) for n in (*scores.values(), *seeger_fabian.values())]


# --- sheet show -----------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(("cols", "lang"), SCREENS)
def test_sheet_show_at_five_fits_a_phone(spawn: Any, tmp_path: Path, cols: int, lang: str) -> None:
    _new(tmp_path, "five.toml", FIVE, EVENING)
    numbers = _totals(SCORES, SEEGER_FABIAN)
    lines = _run(spawn, cols, lang, "sheet", "show", "five.toml")
    _whole(lines, cols, (*FIVE, "Seeger-Fabian"), numbers)
    rows = [line for line in lines if re.match(r" ?\d+ ", line)]
    assert [int(row.split()[0]) for row in rows] == list(range(1, 13))  # a line a deal
    if cols == 40:
        # the last deal's running totals (Seeger-Fabian) on its line, in the seats' order
        assert rows[-1].split()[-5:] == ["246", "-36", "148*", "0", "20"]
    last = _run(spawn, cols, lang, "sheet", "show", "five.toml", "--last", "3")
    _whole(last, cols, (*FIVE, "Seeger-Fabian"), numbers)
    rows = [line for line in last if re.match(r" ?\d+ ", line)]
    assert [int(row.split()[0]) for row in rows] == [10, 11, 12]


@pytest.mark.slow
@pytest.mark.parametrize(("cols", "lang"), SCREENS)
def test_a_pub_evening_with_bock_and_four_digit_totals_fits_a_phone(
    spawn: Any, tmp_path: Path, cols: int, lang: str
) -> None:
    _new(tmp_path, "pub.toml", PUB, PUB_EVENING, "--preset", "pub")
    lines = _run(spawn, cols, lang, "sheet", "show", "pub.toml")
    # the running totals of the standard list after the last deal, the Bock of deals 2 to 4
    _whole(lines, cols, PUB, [*_totals(PUB_SCORES, PUB_SEEGER_FABIAN), "-576*"])
    rows = [line for line in lines if re.match(r" ?\d+ ", line)]
    assert [int(row.split()[0]) for row in rows] == list(range(1, 10))
    assert rows[-1].split()[-3:] == ["-1056", "-576*", "-1056"]
    bock = [row for row in rows if "× 2" in row or "×\u00a02" in row]
    notes = [line for line in lines if re.match(r"(\[\d+\] )?[234]: .*×.2", line)]
    assert len(bock) + len(notes) == 3  # in its column, or after the game in the notes


@pytest.mark.slow
def test_every_narrow_layout_fits_from_40_columns() -> None:
    """The score list in process at widths from 40 to 80 (each from 40 to 50, where the layouts
    change most, then every fifth), three to five players, the ISkO and the pub rules, a
    Bierlachs list, totals of five digits with their sign."""
    from skatcalc.formats.terminal import screen_lines, sheet_lines
    from skatcalc.sheet.deal import sitting_out
    from skatcalc.sheet.model import PRESETS, Deal, Ramsch, Rules, Sheet
    from skatcalc.spec import GameSpec

    big = GameSpec("grand", with_=4, hand=True, points=95, kontra=True)
    lost = GameSpec("grand", with_=4, hand=True, points=40, kontra=True)
    bierlachs = Rules(scoring="bierlachs", ramsch=True, kontra=True)  # type: ignore[arg-type]
    widest = 0
    for count in (3, 4, 5):
        players = FIVE[:count]
        for rules in (PRESETS["isko"], PRESETS["pub"], bierlachs):
            sheet = Sheet.new(players, rules)
            for i in range(40):
                seated = [p for p in players if p not in sitting_out(players, sheet.dealer(i))]
                if i % 5 == 4:
                    first, second, third = seated
                    points = ((first, 62), (second, 58), (third, 0))
                    deal = (Deal.of_ramsch(Ramsch(points, jungfrau=(third,))) if rules.ramsch
                            else Deal.passed())  # fmt: skip
                else:
                    game = (lost if i % 2 else big)._replace(kontra=rules.kontra)
                    deal = Deal(seated[i % 3], game)
                sheet = sheet.add(deal)
            tally = sheet.tally()
            widest = max(widest, *(abs(t) for d in tally.deals for t in d.running(rules.scoring)))
            for lang in ("en", "de"):
                with words.speaking(lang):
                    for width in (*range(40, 51), *range(55, 81, 5)):
                        screen = screen_lines(sheet, tally, width, 23)
                        assert len(screen) <= 23
                        for lines in (sheet_lines(sheet, tally, width, every=True), screen):
                            wide = [line for line, _ in lines if cells(line) > width]
                            assert not wide, (count, rules.scoring, lang, width, wide[:2])
    assert widest >= 10_000  # five digits and a sign


# --- the table mode's show at five -------------------------------------------------------------

PROMPT = {"en": "Deal 13 · {dealer} deals", "de": "Spiel 13 · {dealer} gibt"}


@pytest.mark.slow
@pytest.mark.parametrize(("cols", "lang"), SCREENS)
def test_show_at_the_table_at_five_fits_the_screen(
    spawn: Any, tmp_path: Path, cols: int, lang: str
) -> None:
    _new(tmp_path, "five.toml", FIVE, EVENING)
    child = spawn(cols, lang, "sheet", "play", "five.toml")
    # deal 13: the third seat deals (12 deals after the first seat), Hans-Joachim, named whole
    # at 80 columns and by the short name on a phone
    dealer = "Hans-Joachim" if cols == 80 else short_names(FIVE)[2]
    prompt = PROMPT[lang].format(dealer=dealer)
    child.expect_exact(prompt)
    numbers = _totals(SCORES, SEEGER_FABIAN)
    show, rules, helping = ("show", "rules", "help") if lang == "en" else ("liste", "regeln",
                                                                          "hilfe")  # fmt: skip
    said = answer(child, show, prompt)
    _whole(said, cols, FIVE, numbers)
    assert len(said) <= 23  # the screen's 24 rows, one kept for the prompt
    rows = [line for line in said if re.match(r" ?\d+ ", line)]
    assert rows and rows[-1].split()[0] == "12"
    for line in (f"{show} all" if lang == "en" else f"{show} alle", rules, helping):
        _whole(answer(child, line, prompt), cols)
    typed = child.at[0]
    child.enter("quit" if lang == "en" else "ende")
    child.wait_for_end()
    closing = [line for line in child.below(typed) if line.strip()]  # below the line typed
    _whole(closing, cols)  # the closing line fitted too
    saved = "12 deals, each saved" if lang == "en" else "12 Spiele, jedes beim"
    assert saved in " ".join(line.strip() for line in closing)


# --- sheet stats --------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(("cols", "lang"), SCREENS)
def test_sheet_stats_fit_a_phone_in_readable_tables(
    spawn: Any, tmp_path: Path, cols: int, lang: str
) -> None:
    _new(tmp_path, "five.toml", FIVE, EVENING)
    lines = _run(spawn, cols, lang, "sheet", "stats", "five.toml")
    # games declared: Annegret 2 (5, 7), Bärbel-Sophie 2, Hans-Joachim 2, Jörg-Dietrich 2,
    # Maximilian 2; Seeger-Fabian as above
    _whole(lines, cols, FIVE, [_signed(n) for n in SEEGER_FABIAN.values()])
    with words.speaking(lang):
        heads = [words.w(f"stats.column.{key}") for key in (
            "player", "deals", "declared", "won", "lost", "rate", "average", "score",
            "seeger_fabian", "per_series")]  # fmt: skip
        heads += [words.w(f"game.{kind}") for kind in ("clubs", "spades", "hearts", "diamonds",
                                                       "grand", "null")]  # fmt: skip
    for head in heads:  # every column shown, none cropped
        alone = re.compile(rf"(^|\s){re.escape(head)}(\s|$)")
        assert [line for line in lines if alone.search(line)], head
    if cols == 40:  # the short names, each entry of their legend whole on a line
        for short, name in zip(short_names(FIVE), FIVE, strict=True):
            assert [line for line in lines if f"{short} = {name}" in line], name
        # each table in parts, Annegret's row (by her short name) in each part
        rows = [line for line in lines if line.strip().startswith("An ")]
        assert len(rows) >= 3


# --- tournament standings -----------------------------------------------------------------------

FIELD = (*FIVE, "Friederike")


@pytest.mark.slow
@pytest.mark.parametrize(("cols", "lang"), SCREENS)
def test_tournament_standings_keep_each_row_whole_on_a_phone(
    spawn: Any, tmp_path: Path, cols: int, lang: str
) -> None:
    club = tmp_path / "club.toml"
    assert cli("tournament", "new", str(club), "--series", "2", "--three", "3", *FIELD).code == 0
    # at each table of three, by hand (Seeger-Fabian): the first seat wins grand with 1 (2 x
    # 24 = 48, +48 + 50 = +98), the second loses clubs with 1 (2 x 12 = 24: -48 - 50 = -98, the
    # other two +40 each), then all pass: first +138 (1 won), second -98 (1 lost), third +40
    expected = dict.fromkeys(FIELD, 0)
    for seed in (1, 2):
        drawn = json.loads(cli("tournament", "draw", str(club), "--seed", str(seed),
                               "--json").stdout)  # fmt: skip
        for table in drawn["tables"]:
            first, second, third = table["players"]
            for line in (f"{first} gr m1 70", f"{second} kr m1 40", "pass"):
                assert cli("sheet", "add", table["sheet"], *line.split()).code == 0
            expected[first] += 138
            expected[second] -= 98
            expected[third] += 40
    assert cli("tournament", "team", str(club), "Nord", "Annegret", "Maximilian").code == 0
    lines = _run(spawn, cols, lang, "tournament", "standings", "club.toml", "--fee", "0.50")
    _whole(lines, cols, FIELD)
    # no row broken in two: no line goes on with a row's rest (a number, indented)
    assert not [line for line in lines if re.match(r"\s+[+-]?\d", line)]
    for name, total in expected.items():  # a row whole: the name and its total on one line
        assert [line for line in lines if name in line and _signed(total) in line.split()], name
    team = expected["Annegret"] + expected["Maximilian"]
    assert [line for line in lines if "Nord" in line and _signed(team) in line.split()]
    # to a pipe the whole table, as before: every series' column
    piped = cli("--lang", lang, "tournament", "standings", str(club), "--fee", "0.50").stdout
    assert re.search(r"S1\s+S2", piped)


WITHDRAWN = ("Anna", "Ben", "Carl", "Dora", "Emil", "Frieda")
MONEY = {"en": {"withdrawn": "Ben (withdrawn)", "fee": "€{}", "prize": "€{}", "dot": "."},
         "de": {"withdrawn": "Ben (ausgeschieden)", "fee": "{} €", "prize": "{} €", "dot": ","}}  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize(("cols", "lang"), SCREENS)
def test_tournament_standings_keep_the_fee_and_the_prize_on_a_phone(
    spawn: Any, tmp_path: Path, cols: int, lang: str
) -> None:
    club = tmp_path / "club.toml"
    assert cli("tournament", "new", str(club), "--series", "2", "--three", "3", *WITHDRAWN).code == 0  # fmt: skip
    # at each table of three: the first seat wins grand with 1 (+138 Seeger-Fabian), the
    # second loses clubs with 1 (-98, one lost game: a fee of 0.50), the third +40. The pot,
    # 6 x 10.00 = 60.00, pays 40 %, 25 %, 15 %: 24.00, 15.00, 9.00; the two first seats tie
    # for places 1 and 2 (19.50 each), the two third seats for 3 and 4 (4.50 each, 4th none)
    drawn = json.loads(cli("tournament", "draw", str(club), "--seed", "1", "--json").stdout)
    money: dict[str, tuple[str, str | None]] = {}
    for table in drawn["tables"]:
        first, second, third = table["players"]
        for line in (f"{first} gr m1 70", f"{second} kr m1 40", "pass"):
            assert cli("sheet", "add", table["sheet"], *line.split()).code == 0
        money |= {first: ("0.00", "19.50"), second: ("0.50", None), third: ("0.00", "4.50")}
    assert cli("tournament", "leave", str(club), "Ben").code == 0
    lines = _run(spawn, cols, lang, "--lang", lang, "tournament", "standings", "club.toml",
                 "--entry", "10", "--prizes", "40,25,15", "--fee", "0.50", "--currency", "€")  # fmt: skip
    said = MONEY[lang]
    _whole(lines, cols, [said["withdrawn"] if n == "Ben" else n for n in WITHDRAWN])
    for name, (fee, prize) in money.items():  # on a row with the name, never left out
        shown = said["withdrawn"] if name == "Ben" else name
        rows = [line for line in lines if re.match(rf"\S+\s+{re.escape(shown)}\s", line)]
        amounts = [said["fee"].format(fee.replace(".", said["dot"]))]
        if prize is not None:
            amounts.append(said["prize"].format(prize.replace(".", said["dot"])))
        assert [row for row in rows if all(a in row for a in amounts)], (name, amounts, lines)


# --- sheet play fed by a pipe -------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "de"])
def test_rules_and_help_go_whole_to_a_pipe(tmp_path: Path, lang: str) -> None:
    path = _new(tmp_path, "five.toml", FIVE, EVENING)
    typed = "rules\nhelp\n" if lang == "en" else "regeln\nhilfe\n"
    out = cli("--lang", lang, "sheet", "play", str(path), input=typed, env={"COLUMNS": "80"})
    assert (out.code, out.stderr) == (0, "")
    lines = out.stdout.splitlines()
    assert not [line for line in lines if line.startswith(" ")]  # no line goes on below
    # the Seeger-Fabian rule and the help's other commands: each one line, wider than 80
    assert [line for line in lines if line.startswith("Seeger-Fabian: ") and "+24" in line]
    also = "Also: pass · undo" if lang == "en" else "Außerdem: passe · zurück"
    ends = "quit (or exit, ende, Ctrl-D)" if lang == "en" else "help, quit gehen auch"
    assert [line for line in lines if line.startswith(also) and line.endswith(ends)]
    assert max(cells(line) for line in lines) > 80
    assert lines[-1] == (
        f"{path}: 12 deals, each saved as it was entered." if lang == "en"
        else f"{path}: 12 Spiele, jedes beim Eintragen gespeichert."
    )  # fmt: skip


HELPS = [(), ("sheet",), ("sheet", "new"), ("sheet", "add"), ("sheet", "rules"), ("value",),
         ("tournament", "new"), ("tournament", "standings"), ("sheet", "settle")]  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize(("cols", "lang"), SCREENS)
def test_help_fits_a_phone(spawn: Any, tmp_path: Path, cols: int, lang: str) -> None:
    """Click never made help narrower than 50 columns: on a phone the terminal broke every
    line of it again (a new user's finding). Every option still named whole on a line."""
    for command in HELPS:
        lines = _run(spawn, cols, lang, *command, "--help")
        fits(lines, cols, ())
        text = "\n".join(lines)
        for option in ("--ramsch-durchmarsch", "--no-ramsch-durchmarsch", "--opponents-three"):
            if command in (("sheet", "new"), ("tournament", "new")):
                assert re.search(rf"(?<![\w-]){option}(?![\w-])", text), (command, option)
