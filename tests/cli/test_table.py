"""At the table: bid, German output, exports, colour only on a terminal."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from skatcalc import words
from tests.cli.helpers import cli, on_a_terminal

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_bid_shows_what_the_skat_can_do() -> None:
    out = cli("bid", "--cards", "SJ HJ CA CT CK CQ C9 SA ST H7")
    assert out.code == 0
    lines = out.stdout.splitlines()
    assert lines[:2] == [
        "Hand: ♠J ♥J ♣A ♣10 ♣K ♣Q ♣9 ♠A ♠10 ♥7",
        "The hand suggests Clubs (7 trumps).",
    ]
    # clubs without 1: 24 with 210 skats, 48 with ♣J (20), 120 with ♣J ♦J (1)
    assert lines[3:11] == [
        "Clubs, without 1:",
        "  game                       value 24 (24 to 120)  covered to 24",
        "      27-48: overbid with 210 of 231 skats, -72 to -96",
        "      50-120: overbid with 230 of 231 skats, -120 to -240",
        "      ♣J in the skat, but not ♦J, would make it with 3 (value 48 instead of 24; 20 of "
        "231 skats)",
        "      ♣J and ♦J in the skat would make it with 9 (value 120 instead of 24; 1 of 231 skats)",
        "  hand                       value 36 (36 to 132)  covered to 36",
        "      40-60: overbid with 210 of 231 skats, -96 to -120",
    ]
    # the games the hand does not suggest are named, and --all shows them
    assert lines[-2].startswith("A declarer who picks up the skat may still switch")
    assert lines[-1] == (
        "5 more games (Spades, Hearts, Diamonds, Grand, Null) are not suggested: --all shows them."
    )
    every = cli("bid", "--cards", "SJ HJ CA CT CK CQ C9 SA ST H7", "--all").stdout.splitlines()
    assert "  ouvert hand                value 59                covered to 59" in every
    assert every[-1].startswith("A declarer who picks up the skat may still switch")
    assert "safe" not in out.stdout


def test_bid_json_and_errors() -> None:
    data = json.loads(cli("bid", "--cards", "SJ HJ CA CT CK CQ C9 SA ST H7", "--json").stdout)
    assert data["skats"] == 231
    out = cli("bid", "--cards", "SJ HJ CA")
    assert out.code == 3
    assert out.stderr.startswith("error: a hand has 10 cards, got 3")


def test_value_in_german() -> None:
    words.use("de")
    out = cli("value", "clubs", "--with", "2", "--hand", "--points", "56", "--bid", "20")
    assert out.stdout == (
        "Kreuz Hand, mit 2\n"
        "  mit 2, Spiel 3, Hand 4 × 12 = 48\n"
        "  Reizwert 20: gedeckt (der Spielwert deckt jedes Gebot bis 48)\n"
        "Verloren: 56 Augen, der Alleinspieler braucht 61\n"
        "Punkte -96: ein verlorenes Spiel zählt doppelt, -2 × 48\n"
        "Seeger-Fabian -146: die Punkte und -50 für das verlorene Spiel "
        "(jeder andere Spieler am Tisch +40 zu dritt, +30 zu viert, +24 zu fünft)\n"
    )
    data = json.loads(cli("value", "clubs", "--with", "2", "--points", "56", "--json").stdout)
    assert (data["name"], data["reason"]) == (
        "Clubs",
        "lost: 56 card points, the declarer needs 61",
    )


@pytest.mark.parametrize(
    ("args", "env"),
    [
        (["--lang", "de", "value", "grand", "--with", "1"], {}),
        (["value", "grand", "--with", "1", "--lang=de"], {}),
        (["value", "grand", "--with", "1"], {"SKATCALC_LANG": "de"}),
        (["value", "grand", "--with", "1"], {"SKATCALC_LANG": "", "LANG": "de_DE.UTF-8"}),
    ],
)
def test_how_german_is_chosen(args: list[str], env: dict[str, str]) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "skatcalc", *args], capture_output=True, text=True, check=True,
        env={**os.environ, "LC_ALL": "", "LC_MESSAGES": "", **env},
    )  # fmt: skip
    assert done.stdout.startswith("Grand, mit 1\n  mit 1, Spiel 2 × 24 = 48\n")


def test_unknown_language() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "skatcalc", "--lang", "fr", "value", "grand", "--with", "1"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 2
    assert (
        done.stderr
        == "error: unknown language 'fr': skatcalc speaks en (English) and de (Deutsch)\n"
    )


def test_sheet_show_in_german() -> None:
    words.use("de")
    out = cli("sheet", "show", str(EXAMPLES / "evening-three.toml"), "--last", "2")
    assert "Skatliste, die letzten 2 Spiele" in out.stdout
    assert "Geber" in out.stdout and "Stand" in out.stdout
    assert "Serie 1 ist voll (36 Spiele); Anna gibt als Nächstes." in out.stdout


@pytest.mark.parametrize("fmt", ["csv", "json", "markdown", "html"])
def test_export_formats(tmp_path: Path, fmt: str) -> None:
    out = cli("sheet", "export", str(EXAMPLES / "evening-three.toml"), "--format", fmt)
    assert out.code == 0 and out.stdout
    target = tmp_path / f"list.{fmt}"
    written = cli("sheet", "export", str(EXAMPLES / "evening-three.toml"), "--format", fmt,
                  "-o", str(target))  # fmt: skip
    assert (written.code, written.stdout) == (0, "")
    assert target.read_text() == out.stdout


def test_export_unknown_format() -> None:
    out = cli("sheet", "export", str(EXAMPLES / "evening-three.toml"), "--format", "pdf")
    assert out.code == 2
    assert "unknown export format 'pdf'" in out.stderr


def _on_a_terminal(args: list[str], env: dict[str, str]) -> bytes:
    base = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    main, child = pty.openpty()
    full = {**base, "TERM": "xterm-256color", "COLUMNS": "100", **env}
    return on_a_terminal(args, full, child, main)


def test_colour_on_a_terminal_but_not_with_no_color() -> None:
    show = ["sheet", "show", str(EXAMPLES / "evening-three.toml"), "--last", "1"]
    assert b"\x1b[" in _on_a_terminal(show, {})
    assert b"\x1b[" not in _on_a_terminal(show, {"NO_COLOR": "1"})


def test_stats_over_two_sheets_add_up() -> None:
    files = [str(EXAMPLES / "evening-three.toml"), str(EXAMPLES / "evening-four.toml")]
    data = json.loads(cli("sheet", "stats", *files, "--json").stdout)
    shown = [json.loads(cli("sheet", "show", f, "--json").stdout)["players"] for f in files]
    for player in data["players"]:
        own = [p for sheet in shown for p in sheet if p["name"] == player["name"]]
        assert player["score"] == sum(p["score"] for p in own)
        assert player["seeger_fabian"] == sum(p["seeger_fabian"] for p in own)
    assert "Statistics over 2 sheet(s)" in cli("sheet", "stats", *files).stdout


def test_settle_sums_to_zero() -> None:
    out = cli("sheet", "settle", str(EXAMPLES / "evening-four.toml"), "--stake", "0.05", "--json")
    data = json.loads(out.stdout)
    balance: dict[str, int] = {}
    for payment in data["payments"]:
        balance[payment["payer"]] = balance.get(payment["payer"], 0) - payment["cents"]
        balance[payment["payee"]] = balance.get(payment["payee"], 0) + payment["cents"]
    assert sum(balance.values()) == 0
    assert balance == {p["name"]: p["balance"] for p in data["players"]}
    # Ben -371 against Anna +233: 604 points × 5 cents
    four = str(EXAMPLES / "evening-four.toml")
    standard = cli(
        "sheet", "settle", four, "--stake", "0.05", "--list", "standard", "--transfers", "pairs"
    ).stdout
    assert "\nBen pays Anna 30.20\n" in standard
    bad = cli("sheet", "settle", str(EXAMPLES / "evening-four.toml"), "--stake", "five")
    assert bad.code == 2 and "invalid stake 'five'" in bad.stderr


def test_show_with_the_chart() -> None:
    out = cli("sheet", "show", str(EXAMPLES / "evening-three.toml"), "--last", "1", "--chart")
    assert "Running totals, Seeger-Fabian list" in out.stdout  # the list that decides
    assert "A Anna   B Ben   C Carl" in out.stdout


@pytest.mark.parametrize("lang", ["en", "de"])
def test_stats_headers_fit_80_columns(
    lang: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # a season of 1,000 evenings: numbers six and seven digits wide, a long name
    from fractions import Fraction

    from skatcalc.cli import render
    from skatcalc.sheet.stats import GameCounts, PlayerStats, Stats

    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("NO_COLOR", "1")
    words.use(lang)
    big = PlayerStats(
        "Annegret Müller-Lüdenscheidt", 1000, 36000, 12000, 8000, 4000,
        GameCounts(3000, 2000, 2000, 1000, 3000, 1000), None, -123456, 1234567,
        Fraction(1000), 600000,
    )  # fmt: skip
    render.stats(Stats((big,), ()))
    printed = capsys.readouterr().out.splitlines()
    assert max(len(line.rstrip()) for line in printed) <= 80
    header = next(line for line in printed if words.w("stats.column.deals") in line)
    for key in ("deals", "declared", "won", "lost", "rate", "average", "score",
                "seeger_fabian", "per_series"):  # fmt: skip
        assert words.w(f"stats.column.{key}") in header, key
    assert "+1234567" in "\n".join(printed) and "-123456" in "\n".join(printed)
