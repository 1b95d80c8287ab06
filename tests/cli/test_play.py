"""``skatcalc sheet play`` fed from a pipe: every answer, error and exit code exactly.

The scores are worked out by hand from skat-scoring.md (the arithmetic sits beside each one);
the terminal itself (completion, history, Ctrl-C, Ctrl-D) is tested in test_play_pty.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from skatcalc import words
from tests.cli.helpers import cli

THREE = ("Anna", "Ben", "Carl")


def _sheet(tmp_path: Path, *args: str, name: str = "evening.toml") -> str:
    path = str(tmp_path / name)
    assert cli("sheet", "new", path, *args).code == 0
    return path


def test_an_evening_piped_in_is_answered_line_by_line(tmp_path: Path) -> None:
    path = _sheet(tmp_path, *THREE)
    lines = "be kr m2 h 56\npass\nzz\nan nu lost\nundo\nedit 2 ca gr o1 d28\nedit x\n\nquit\n"
    out = cli("sheet", "play", path, input=lines)
    assert out.stdout == (
        # clubs with 2 hand: 2 + 1 game + 1 hand = 4 x 12 = 48; 56 points lose: -2 x 48
        "Deal 1, Ben: Clubs · with 2, game 3, hand 4 × 12 = 48; lost -96\n"
        # Seeger-Fabian decides (ISkO): Ben -96 - 50, each other player +40
        "Totals, Seeger-Fabian list: Anna +40, Ben -146, Carl +40\n"
        "Deal 2, dealer Ben: everybody passed\n"
        # Null 23, lost: -2 x 23; Anna 40 - 46 - 50 = -56, Ben -146 + 40, Carl 40 + 40
        "Deal 3, Anna: Null: fixed value 23; lost -46\n"
        "Totals, Seeger-Fabian list: Anna -56, Ben -106, Carl +80\n"
        "Removed: Deal 3, Anna: Null: fixed value 23; lost -46\n"
        "Totals, Seeger-Fabian list: Anna +40, Ben -146, Carl +40\n"
        # grand without 1, defenders 28 so the declarer 92: schneider; 1 + 1 + 1 = 3 x 24 = 72;
        # Carl 40 + 72 + 50
        "Deal 2, Carl: Grand · without 1, game 2, schneider 3 × 24 = 72; won +72\n"
        "Totals, Seeger-Fabian list: Anna +40, Ben -146, Carl +162\n"
        f"{path}: 2 deals, each saved as it was entered.\n"
    )
    assert out.stderr == (
        "error: line 3: unknown word 'zz': a deal line holds the declarer (on a sheet), a game "
        "(kr pi he ka gr nu), tops (m2 o1), hand, the card points (56), the bid (b20); every "
        "word is in skatcalc docs notation\n"
        "error: line 7: edit takes the deal's number and its line, e.g. 'edit 3 ben kr m2 56' "
        "(or 'edit 3 pass')\n"
    )
    assert out.code == 3  # the first refused line's code, so a script notices

    by_options = _sheet(tmp_path, *THREE, name="options.toml")
    for args in (
        ["--declarer", "Ben", "clubs", "--with", "2", "--hand", "--points", "56"],
        ["--declarer", "Carl", "grand", "--without", "1", "--points", "92"],
    ):
        assert cli("sheet", "add", by_options, *args).code == 0
    assert Path(path).read_text() == Path(by_options).read_text()


def test_the_end_of_input_leaves_like_quit_with_exit_code_0(tmp_path: Path) -> None:
    path = _sheet(tmp_path, *THREE)
    out = cli("sheet", "play", path, input="pass\n")
    assert (out.code, out.stderr) == (0, "")
    assert out.stdout == (
        f"Deal 1, dealer Anna: everybody passed\n{path}: 1 deal, saved as it was entered.\n"
    )


def test_kontra_ramsch_and_a_sitting_out_dealer_at_four(tmp_path: Path) -> None:
    path = _sheet(tmp_path, *THREE, "Dora", "--preset", "pub", "--no-bock")
    lines = "be kr m1 k 70\nra an=60 ca=30 do=30\nca he m1 70\nexit\n"
    out = cli("sheet", "play", path, input=lines)
    assert out.stdout == (
        # clubs with 1: 2 x 12 = 24, won; Kontra doubles: +48
        "Deal 1, Ben: Clubs · with 1, game 2 × 12 = 24; won +48 (Kontra: ×\u00a02)\n"
        "Totals, standard list: Anna 0, Ben +48, Carl 0, Dora 0\n"
        # Ramsch: the most card points (Anna 60) are lost; nobody without a trick
        "Deal 2: Ramsch: Anna loses 60\n"
        "Totals, standard list: Anna -60, Ben +48, Carl 0, Dora 0\n"
        f"{path}: 2 deals, each saved as it was entered.\n"
    )
    assert out.stderr == (
        "error: line 3: deal 3: Carl deals and sits out at four players; the declarer is one of "
        "Anna, Ben, Dora\n"
    )
    assert out.code == 4


def test_german(tmp_path: Path) -> None:
    path = _sheet(tmp_path, *THREE, "Dora", "--preset", "pub", "--no-bock")
    words.use("de")
    try:
        out = cli("sheet", "play", path, input="be kr m1 ko 70\nra an=60 ca=30 do=30\nxx y\nende\n")
    finally:
        words.use("en")
    assert out.stdout == (
        "Nr. 1, Ben: Kreuz · mit 1, Spiel 2 × 12 = 24; gewonnen +48 (Kontra: ×\u00a02)\n"
        "Stand, Standardliste: Anna 0, Ben +48, Carl 0, Dora 0\n"
        "Nr. 2: Ramsch: Anna -60\n"
        "Stand, Standardliste: Anna -60, Ben +48, Carl 0, Dora 0\n"
        f"{path}: 2 Spiele, jedes beim Eintragen gespeichert.\n"
    )
    assert out.stderr.startswith("Fehler: Zeile 3: unbekanntes Wort 'xx'")


def test_help_names_the_ramsch_line_only_on_a_sheet_with_ramsch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # the words whole; at 80 columns they wrap (below)
    isko = _sheet(tmp_path, *THREE)
    pub = str(tmp_path / "pub.toml")
    cli("sheet", "new", pub, *THREE, "--preset", "pub")
    line = (
        "A deal line: declarer, game, tops, hand …, card points, bid, e.g. 'ben kr m2 h 56', "
        "'anna gr o1 d28 b48', 'carl nu lost' (skatcalc docs notation)\n"
    )
    ramsch = "A Ramsch: each player's card points, e.g. 'ramsch an=62 be=58 ca=0 jf=ca'\n"
    rest = (
        "Also: pass · undo (the last deal) · edit N LINE (replace deal N) · show [N|all] (the "
        "last deals) · rules [--kontra …] (as sheet rules) · help · quit (or exit, ende, Ctrl-D)\n"
        "Tab completes players, games and words; the up arrow brings back a line; Ctrl-C drops "
        "the line being typed.\n"
    )
    assert cli("sheet", "play", isko, input="help\n").stdout == (
        line + rest + f"{isko}: no deals yet.\n"
    )
    assert cli("sheet", "play", pub, input="HELP\n").stdout == (
        line + ramsch + rest + f"{pub}: no deals yet.\n"
    )


def test_show_prints_what_sheet_show_prints(tmp_path: Path) -> None:
    path = _sheet(tmp_path, *THREE)
    cli("sheet", "add", path, "be", "kr", "m2", "h", "56")
    shown = cli("sheet", "play", path, input="show\n").stdout
    assert "cl w2 h 56" in shown
    assert shown == cli("sheet", "show", path).stdout + (
        f"{path}: 1 deal, saved as it was entered.\n"
    )


def test_a_command_with_words_after_it_is_refused(tmp_path: Path) -> None:
    path = _sheet(tmp_path, *THREE)
    out = cli("sheet", "play", path, input="undo now\nquit please\nedit ² pass\nedit 2\n")
    edit = (
        "edit takes the deal's number and its line, e.g. 'edit 3 ben kr m2 56' (or 'edit 3 pass')\n"
    )
    assert out.stderr == (
        "error: line 1: undo stands alone on its line: drop 'now'\n"
        "error: line 2: quit stands alone on its line: drop 'please'\n"
        f"error: line 3: {edit}error: line 4: {edit}"
    )
    assert out.code == 2
    assert cli("sheet", "play", path, input="undo\n").stderr == (
        "error: line 1: the sheet has no deal to undo\n"
    )


def test_a_missing_sheet_is_the_error_sheet_add_gives(tmp_path: Path) -> None:
    missing = str(tmp_path / "nope.toml")
    out = cli("sheet", "play", missing, input="pass\n")
    added = cli("sheet", "add", missing, "pass")
    assert (out.code, out.stdout, out.stderr) == (5, "", added.stderr)
    assert out.stderr.startswith("error: ")


README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readme_session_is_what_the_table_mode_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from skatcalc.sheet.model import Sheet
    from skatcalc.store import sheet as store
    from skatcalc.words.sheet import prompt as _prompt

    section = README.read_text().split("## At the table: `skatcalc sheet play`")[1]
    # a ```text block: a typed session, which the README test (one command, its output) skips
    block = section.split("```text\n")[1].split("```")[0].splitlines()
    assert block[0] == "$ skatcalc sheet play evening.toml"
    prompts, typed, said = [], [], []
    for line in block[1:]:
        prompt, mark, words = line.partition(" > ")
        if mark and prompt.startswith("Deal "):
            prompts.append(prompt + " > ")
            typed.append(words)
        else:
            said.append(line)
    monkeypatch.chdir(tmp_path)
    cli("sheet", "new", "evening.toml", *THREE)
    out = cli("sheet", "play", "evening.toml", input="\n".join(typed) + "\n")
    assert (out.code, out.stderr) == (0, "")
    assert out.stdout.splitlines() == said
    deals = store.load(tmp_path / "evening.toml").deals
    assert prompts == [_prompt(Sheet(THREE, deals=deals[:k])) for k in range(len(prompts))]


def test_every_answer_fits_80_columns_at_four_and_goes_whole_to_a_pipe(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import fcntl
    import os
    import pty
    import struct
    import termios

    from skatcalc.width import cells
    from tests.cli.helpers import on_a_terminal

    names = ("Hans-Joachim", "Maximilian", "Annegret", "Dora-Mathild")
    lines = "ma gr m2 h 80\nan pi m1 h sn 92\ndo nu ov h gew\nha he m1 k 72\nhelp\nundo\n"
    # to a pipe every line whole, as every command writes (issue 22 point 9), however wide
    monkeypatch.setenv("COLUMNS", "80")
    out = cli("sheet", "play", _sheet(tmp_path, *names, "--preset", "pub"), input=lines)
    assert (out.code, out.stderr) == (0, "")
    piped = out.stdout.splitlines()
    assert not [line for line in piped if line.startswith("  ")]  # no line goes on below
    totals = [line for line in piped if line.startswith("Totals")]
    assert len(totals) == 5 and all(all(name in line for name in names) for line in totals)
    assert max(cells(line) for line in piped) > 80
    # the same lines piped in, answered on a terminal 80 columns wide: every line fits it
    path = _sheet(tmp_path, *names, "--preset", "pub", name="terminal.toml")
    main, child = pty.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    printed = on_a_terminal(["sheet", "play", path], {**env, "NO_COLOR": "1"}, child, main,
                            input=lines.encode())  # fmt: skip
    shown = printed.decode().replace("\r\n", "\n").splitlines()
    assert len(shown) > len(piped)
    assert max(cells(line) for line in shown) <= 80
    # names are never cut: each stands whole on a line (the short names' legend at 80)
    for name in names:
        assert [line for line in shown if name in line]
    assert "Totals, standard list: Ha\u00a00, Ma\u00a0+96, An\u00a00, Do\u00a00" in shown


def test_a_sheet_left_with_no_deals_says_so_not_zero_deals_each_saved(tmp_path: Path) -> None:
    path = _sheet(tmp_path, *THREE)
    assert cli("sheet", "play", path, input="ende\n").stdout == f"{path}: no deals yet.\n"
    de = cli("--lang", "de", "sheet", "play", path, input="ende\n")
    assert de.stdout == f"{path}: noch kein Spiel.\n"


def test_the_german_rules_name_the_bock_triggers_as_german_is_read(tmp_path: Path) -> None:
    path = _sheet(tmp_path, *THREE, "--preset", "pub")
    out = cli("--lang", "de", "sheet", "rules", path)
    assert "Bock, ausgelöst durch: mit 60 verloren (lost-60), " in out.stdout, out.stdout


def test_the_german_help_calls_the_short_guide_kurzanleitung() -> None:
    out = cli("--lang", "de", "--help")
    assert "Die Kurzanleitung: skatcalc docs." in " ".join(out.stdout.split()), out.stdout
    assert "in kurz" not in cli("--lang", "de", "docs", "--help").stdout
