"""``sheet show`` as a paper block: one line a deal on an 80-column terminal, names whole."""

from __future__ import annotations

import os
import pty
import re
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from skatcalc import words
from skatcalc.formats.terminal import cells
from skatcalc.sheet.model import PRESETS, Deal, Ramsch, Sheet
from skatcalc.spec import GameSpec
from skatcalc.store import sheet as store
from tests.cli.helpers import cli, on_a_terminal

FOUR = ["Maximilian12", "Hans-Joachim", "Annegret-Max", "Bernadette-K"]
THREE = ["Maximilian12", "Hans-Joachim", "Annegret-Max"]


@pytest.fixture(autouse=True)
def eighty(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")


def _pub_evening(path: Path) -> None:
    """Nine deals at four, each kind of row once; the numbers are worked out in the tests."""
    m, h, a, b = FOUR
    deals = [
        Deal(h, GameSpec("clubs", with_=2, hand=True, points=56, bid=20)),
        Deal(m, GameSpec("grand", with_=4, hand=True, points=90, kontra=True, re=True)),
        Deal.passed(),
        Deal.of_ramsch(Ramsch(((m, 62), (h, 58), (a, 0)), jungfrau=(a,))),
        Deal(a, GameSpec("null", ouvert=True, tricks=0)),
        Deal(b, GameSpec("diamonds", with_=1, points=85, bid=20)),
        Deal.of_ramsch(Ramsch(((m, 40), (h, 40), (b, 40)))),
        Deal.of_ramsch(Ramsch(((m, 120), (h, 0), (a, 0)), durchmarsch=m)),
        Deal(h, GameSpec("grand", with_=1, points=70)),
    ]
    store.create(path, Sheet.new(FOUR, PRESETS["pub"]).extend(deals))


# Worked out by hand (standard list; Bock: a round is one deal per player, rounds overlap
# double; Ramsch: the most points lose them, a Jungfrau doubles, Durchmarsch +120):
# 1 Hans-Joachim clubs with 2 hand, 56: lost, -2 x 4 x 12 = -96.
# 2 Maximilian12 grand with 4 hand schneider, Re: 7 x 24 = 168, x 4 = +672; a won grand hand
#   and a Re start two Bock rounds, so deals 3 to 6 count x 4.
# 3 passed (x 4). 4 Ramsch: Maximilian12 loses 62 x 2 (Jungfrau) x 4 = -496: 176.
# 5 Annegret-Max Null ouvert won: 46 x 4 = +184. 6 Bernadette-K diamonds with 1, 85, bid 20:
#   18 does not reach 20, overbid: -2 x 27 x 4 = -216.
# 7 Ramsch, three tied at 40: each -40. 8 Ramsch, Durchmarsch by Maximilian12: +120.
# 9 Hans-Joachim grand with 1, 70: 2 x 24 = +48.
# Seeger-Fabian: the score, +50 won / -50 lost, +30 to each other player per lost game (two).
PUB_EN = """\
Score sheet, series 1
Ma = Maximilian12, Ha = Hans-Joachim, An = Annegret-Max, Be = Bernadette-K
#  Dlr  Game                         Decl  Score  Bock   Ma     Ha    An     Be
1  Ma   cl w2 h 56                   Ha      -96          0    -96*    0      0
2  Ha   gr w4 h re 90                Ma     +672        672*   -96     0      0
3  An   passed                                     × 4  672    -96     0      0
4  Be   Ramsch Ma -496 jf An                       × 4  176*   -96     0      0
5  Ma   nu ov won                    An     +184   × 4  176    -96   184*     0
6  Ha   di w1 85 b20                 Be     -216   × 4  176    -96   184   -216*
7  An   Ramsch Ma -40 Ha -40 Be -40                     136*  -136*  184   -256*
8  Be   Ramsch Ma +120 dm                               256*  -136   184   -256
9  Ma   gr w1 70                     Ha      +48        256    -88*  184   -256

Totals
Player        Score  Won  Lost  Seeger-Fabian
Maximilian12   +256    1     0           +366
Hans-Joachim    -88    1     1            -58
Annegret-Max   +184    1     0           +294
Bernadette-K   -256    0     1           -276
Running totals in the standard list, which decides.
*: the totals each deal changed.

Series 1: deal 9 of 48; Hans-Joachim deals next.
Rules: standard list, Kontra/Re, Bock, Ramsch.
"""

PUB_DE = """\
Skatliste, Serie 1
Ma = Maximilian12, Ha = Hans-Joachim, An = Annegret-Max, Be = Bernadette-K
Nr Gb Spiel                       Allein  Pkt Bock  Ma    Ha   An    Be
 1 Ma kr m2 h 56                  Ha      -96        0   -96*   0     0
 2 Ha gr m4 h re 90               Ma     +672      672*  -96    0     0
 3 An eingepasst                               × 4 672   -96    0     0
 4 Be Ramsch Ma -496 Jf An                     × 4 176*  -96    0     0
 5 Ma nu ov gew                   An     +184  × 4 176   -96  184*    0
 6 Ha ka m1 85 r20                Be     -216  × 4 176   -96  184  -216*
 7 An Ramsch Ma -40 Ha -40 Be -40                  136* -136* 184  -256*
 8 Be Ramsch Ma +120 Dm                            256* -136  184  -256
 9 Ma gr m1 70                    Ha      +48      256   -88* 184  -256

Stand
Spieler       Punkte  Gew.  Verl.  Seeger-Fabian
Maximilian12    +256     1      0           +366
Hans-Joachim     -88     1      1            -58
Annegret-Max    +184     1      0           +294
Bernadette-K    -256     0      1           -276
Laufender Stand in der Standardliste, die entscheidet.
*: die Stände, die das Spiel geändert hat.

Serie 1: Spiel 9 von 48; Hans-Joachim gibt als Nächstes.
Regeln: Standardliste, Kontra/Re, Bock, Ramsch.
"""


def test_a_pub_evening_at_80_columns(tmp_path: Path) -> None:
    path = tmp_path / "pub.toml"
    _pub_evening(path)
    out = cli("sheet", "show", str(path))
    assert (out.code, out.stderr) == (0, "")
    assert out.stdout == PUB_EN


def test_a_pub_evening_in_german(tmp_path: Path) -> None:
    path = tmp_path / "pub.toml"
    _pub_evening(path)
    words.use("de")
    out = cli("sheet", "show", str(path))
    assert (out.code, out.stderr) == (0, "")
    assert out.stdout == PUB_DE


def test_a_narrow_terminal_moves_games_to_notes_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "50")
    path = tmp_path / "pub.toml"
    _pub_evening(path)
    lines = cli("sheet", "show", str(path)).stdout.splitlines()
    assert max(cells(line) for line in lines) <= 50
    assert "4 Be  [3]" + " " * 16 + "× 4 176*  -96    0     0" in lines
    start = lines.index("Notes:")
    assert lines[start + 3 : start + 8] == [
        "[3] 4: Ramsch Ma -496 jf An",
        "[4] 5: nu ov won",
        "[5] 6: di w1 85 b20",
        "[6] 7: Ramsch Ma -40 Ha -40 Be -40",
        "[7] 8: Ramsch Ma +120 dm",
    ]


def _evening(path: Path, players: list[str]) -> int:
    """A whole series (36 deals at three, 48 at four) of every kind of deal; returns its size."""
    games = [
        GameSpec("clubs", with_=2, hand=True, points=56, bid=20),
        GameSpec("grand", with_=4, hand=True, points=90, kontra=True, re=True),
        GameSpec("null", ouvert=True, hand=True, tricks=0),
        GameSpec("diamonds", with_=1, points=85, bid=20),
        GameSpec("hearts", without=3, hand=True, schwarz=True, tricks=10),
        GameSpec("spades", with_=1, ouvert=True, tricks=10, kontra=True),
        GameSpec("null", tricks=2),
        GameSpec("grand", without=4, points=92),
    ]
    seats = len(players)
    size = 12 * seats
    deals = []
    for i in range(size):
        dealer = players[i % seats]
        playing = [p for p in players if seats == 3 or p != dealer]
        if i % 7 == 3:
            first, second, third = playing
            ramsch = Ramsch(((first, 62), (second, 58), (third, 0)), jungfrau=(third,))
            deals.append(Deal.of_ramsch(ramsch))
        elif i % 11 == 10:
            deals.append(Deal.passed())
        else:
            deals.append(Deal(playing[i % 3], games[i % len(games)]))
    store.create(path, Sheet.new(players, PRESETS["pub"]).extend(deals))
    return size


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("players", [FOUR, THREE], ids=["four", "three"])
def test_a_series_fits_80_columns_one_line_a_deal(
    tmp_path: Path, players: list[str], lang: str
) -> None:
    path = tmp_path / "evening.toml"
    size = _evening(path, players)
    words.use(lang)
    out = cli("sheet", "show", str(path), "--all")
    assert (out.code, out.stderr) == (0, "")
    lines = out.stdout.splitlines()
    assert max(cells(line) for line in lines) <= 80
    numbered = [line for line in lines if re.match(r" *\d+ ", line)]
    assert [int(line.split()[0]) for line in numbered] == list(range(1, size + 1))
    legend = ", ".join(f"{name[:2]} = {name}" for name in players)
    assert legend in lines
    for name in players:  # whole in the legend, the totals and the next-dealer line
        assert [line for line in lines if line.startswith(name)]
    assert "…" not in out.stdout
    jungfrau = "Jf" if lang == "de" else "jf"
    ramsch = [line for line in numbered if int(line.split()[0]) % 7 == 4]
    assert len(ramsch) == size // 7 + (size % 7 >= 4)
    for line in ramsch:  # the Ramsch code whole: it ends with the Jungfrau
        assert re.search(rf"Ramsch \w\w [+-]\d+ {jungfrau} \w\w ", line), line


def test_long_names_are_never_cut(tmp_path: Path) -> None:
    names = ["Annegret-Maximiliane von Hohenzollern", "Hans-Joachim Friedrich", "Zoë"]
    path = tmp_path / "long.toml"
    store.create(path, Sheet.new(names).extend([Deal(names[1], GameSpec("grand", with_=1,
                                                                        points=70))]))  # fmt: skip
    lines = cli("sheet", "show", str(path)).stdout.splitlines()
    assert lines[1:3] == [
        "An = Annegret-Maximiliane von Hohenzollern, Ha = Hans-Joachim Friedrich,",
        "Zo = Zoë",
    ]
    assert lines[3:5] == [
        "#  Dlr  Game      Decl  Score  An   Ha   Zo",
        "1  An   gr w1 70  Ha      +48   0   98*   0",  # Seeger-Fabian decides: 48 + 50
    ]
    assert max(cells(line) for line in lines) <= 80


def test_add_pass_and_ramsch_say_who_deals_next(tmp_path: Path) -> None:
    path = tmp_path / "four.toml"
    cli("sheet", "new", str(path), *FOUR, "--preset", "pub")
    out = cli("sheet", "add", str(path), "--declarer", "Hans-Joachim", "grand", "--with", "1",
              "--points", "70")  # fmt: skip
    assert out.stdout.endswith(
        "Totals, standard list: Maximilian12 0, Hans-Joachim +48, Annegret-Max 0, Bernadette-K 0\n"
        "Hans-Joachim deals next and sits out.\n"
    )
    out = cli("sheet", "pass", str(path))
    assert out.stdout == (
        "Deal 2, dealer Hans-Joachim: everybody passed\n"
        "Totals, standard list: Maximilian12 0, Hans-Joachim +48, Annegret-Max 0, Bernadette-K 0\n"
        "Annegret-Max deals next and sits out.\n"
    )
    words.use("de")
    out = cli("sheet", "ramsch", str(path), "Maximilian12=62",
              "Hans-Joachim=58", "Bernadette-K=0")  # fmt: skip
    assert out.stdout.endswith(
        "Stand, Standardliste: Maximilian12 -62, Hans-Joachim +48, Annegret-Max 0, Bernadette-K 0\n"
        "Bernadette-K gibt als Nächstes und setzt aus.\n"
    )
    out = cli("sheet", "add", str(path), "--batch", input='{"pass": true}\n')
    assert out.stdout.endswith("Maximilian12 gibt als Nächstes und setzt aus.\n")


def test_the_real_terminal_width_without_columns() -> None:
    """No COLUMNS: the list fits the terminal it is printed on (here one 60 columns wide)."""
    import fcntl
    import termios

    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    main, child = pty.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 60, 0, 0))
    example = Path(__file__).resolve().parents[2] / "examples" / "evening-four.toml"
    argv = ["sheet", "show", str(example), "--all"]
    printed = on_a_terminal(argv, {**env, "NO_COLOR": "1"}, child, main)
    lines = printed.decode().replace("\r\n", "\n").splitlines()
    assert b"\x1b[" not in printed
    assert len([line for line in lines if re.match(r" *\d+ ", line)]) == 48
    assert max(cells(line) for line in lines) <= 60


def test_the_docs_show_the_list_as_printed() -> None:
    docs = Path(__file__).resolve().parents[2] / "docs" / "block.md"
    shown = docs.read_text().split("```\n")[1]
    assert PUB_EN.startswith(shown)


def test_a_pipe_without_columns_gets_80(tmp_path: Path) -> None:
    path = tmp_path / "pub.toml"
    _pub_evening(path)
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR")}
    done = subprocess.run(
        [sys.executable, "-m", "skatcalc", "sheet", "show", str(path)],
        capture_output=True, text=True, env=env, check=True,
    )  # fmt: skip
    assert done.stdout == PUB_EN
