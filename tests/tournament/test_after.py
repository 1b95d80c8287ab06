"""Issue 29 point 3: the standings while the next series is played. Once series 2 is drawn the
standings stay those after series 1 (every player ranked, none listed with ``?``), the open series
marked; ``--after N`` gives the standings after series N in text, JSON, HTML and on the live page.
Through a real pseudo-terminal at 80 and 40 columns, in English and German; the points by hand.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.cli.helpers import cli
from tests.printed import pdf_text, print_pdf
from tests.terminal import environment, fits, terminals

FIELD = ("Annegret", "Bärbel-Sophie", "Hans-Joachim", "Jörg-Dietrich", "Maximilian", "Ute")
SCREENS = [(80, "en"), (40, "en"), (80, "de"), (40, "de")]


def _club(tmp_path: Path, second: int = 1) -> tuple[Path, dict[str, int]]:
    """A club of six at tables of three, series of 3 deals, 3 planned: series 1 played, series 2
    drawn and ``second`` deals played at its first table. By hand (Seeger-Fabian), at each table
    of series 1: the first seat wins grand with 1 (2 x 24 = 48: +98), the second loses clubs
    with 1 (2 x 12 = 24: -48 - 50 = -98, the others +40), then all pass: first +138, second
    -98, third +40."""
    club = tmp_path / "club.toml"
    made = cli("tournament", "new", str(club), "--series", "3", "--three", "3", "--tables",
               "threes", *FIELD)  # fmt: skip
    assert made.code == 0, made
    after_one = dict.fromkeys(FIELD, 0)
    drawn = json.loads(cli("tournament", "draw", str(club), "--seed", "1", "--json").stdout)
    for table in drawn["tables"]:
        first, second_seat, third = table["players"]
        for line in (f"{first} gr m1 70", f"{second_seat} kr m1 40", "pass"):
            assert cli("sheet", "add", table["sheet"], *line.split()).code == 0
        after_one[first] += 138
        after_one[second_seat] -= 98
        after_one[third] += 40
    drawn = json.loads(cli("tournament", "draw", str(club), "--seed", "2", "--json").stdout)
    for table in drawn["tables"][:1]:
        for _ in range(second):
            assert cli("sheet", "add", table["sheet"], table["players"][0], "gr", "m1", "70").code == 0  # fmt: skip
    return club, after_one


def _signed(number: int) -> str:
    return f"{number:+d}" if number else "0"


@pytest.fixture
def spawn(tmp_path: Path) -> Iterator[Any]:
    with terminals(tmp_path, lambda lang: environment(tmp_path, lang)) as start:
        yield lambda cols, lang, *args: start(args, cols=cols, lang=lang, stderr=False)


@pytest.mark.slow
@pytest.mark.parametrize(("cols", "lang"), SCREENS)
def test_while_series_2_is_played_everyone_is_ranked_after_series_1(
    spawn: Any, tmp_path: Path, cols: int, lang: str
) -> None:
    _, after_one = _club(tmp_path)
    child = spawn(cols, lang, "tournament", "standings", "club.toml")
    assert child.wait_for_end() == 0
    lines = child.lines()
    fits(lines, cols, FIELD)
    assert not [line for line in lines if line.startswith("?")]  # nobody listed apart
    ranked = [line for line in lines if re.match(r"\d+=?\s", line)]
    assert len(ranked) == len(FIELD)
    for name, total in after_one.items():  # each ranked with series 1's points
        assert [r for r in ranked if name in r.split() and _signed(total) in r.split()], name
    said = " ".join(" ".join(lines).split())
    mark = {"en": "series 2 being played", "de": "Serie 2 läuft noch"}[lang]
    assert mark in said
    head = {"en": "standings after 1 of 3 series", "de": "Stand nach 1 von 3 Serien"}[lang]
    assert head in said
    assert not [line for line in lines if re.search(r"\bS2\b", line)]  # no column of series 2


def test_after_1_in_json_when_series_2_is_complete_too(tmp_path: Path) -> None:
    club, after_one = _club(tmp_path, second=3)
    # series 2 played at its first table only; complete the second table too
    drawn = json.loads(cli("tournament", "show", str(club), "--json").stdout)
    for table in drawn["series"][1]["tables"][1:]:
        for _ in range(3):
            assert cli("sheet", "add", table["sheet"], "pass").code == 0
    out = cli("tournament", "standings", str(club), "--after", "1", "--json")
    assert out.code == 0, out
    data = json.loads(out.stdout)
    assert data["series_drawn"] == 2
    assert data["series_listed"] == 1
    assert data["series_later"] == [2]
    assert data["series_playing"] == []
    assert {p["name"]: p["seeger_fabian"] for p in data["players"]} == after_one
    assert all(p["place"] is not None and len(p["series"]) == 1 for p in data["players"])
    text = cli("tournament", "standings", str(club), "--after", "1").stdout
    assert "standings after 1 of 3 series (series 2 left out)" in text.splitlines()[0]
    full = json.loads(cli("tournament", "standings", str(club), "--json").stdout)
    assert full["series_listed"] == 2 and full["series_later"] == []


@pytest.mark.parametrize("after", ["0", "3"])
def test_after_a_series_not_drawn_is_refused(tmp_path: Path, after: str) -> None:
    club, _ = _club(tmp_path)
    out = cli("tournament", "standings", str(club), "--after", after)
    assert out.code != 0
    assert out.stdout == ""
    assert out.stderr == f"error: there is no series {after}: 2 drawn\n"


def test_the_live_page_ranks_after_series_1(tmp_path: Path) -> None:
    club, _ = _club(tmp_path)
    server = subprocess.Popen(
        [sys.executable, "-m", "skatcalc", "tournament", "serve", str(club), "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert server.stderr is not None
        found = re.search(r"http://[^ ]+:\d+/", server.stderr.readline())
        assert found
        with urllib.request.urlopen(found.group(0) + "data", timeout=10) as answer:
            view = json.loads(answer.read())
    finally:
        server.terminate()
        server.communicate(timeout=10)
    assert "series 2 being played" in view["subtitle"]
    [ranking, *_] = view["tables"]
    assert sorted(row[1] for row in ranking["rows"]) == sorted(FIELD)
    assert all(row[0] != "?" for row in ranking["rows"])


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "de"])
def test_after_1_prints_on_a4_in_chromium(tmp_path: Path, lang: str) -> None:
    club, after_one = _club(tmp_path)
    page = tmp_path / "after.html"
    out = cli("--lang", lang, "tournament", "standings", str(club), "--after", "1",
              "--format", "html", "-o", str(page))  # fmt: skip
    assert out.code == 0, out
    pdf = tmp_path / "after.pdf"
    print_pdf(page, pdf)
    text = pdf_text(pdf)
    mark = {"en": "series 2 being played", "de": "Serie 2 läuft noch"}[lang]
    assert mark in " ".join(text.split())
    for name, total in after_one.items():
        row = [line for line in text.splitlines() if name in line]
        assert row and _signed(total).replace("-", "−") in row[0].replace("-", "−"), name
    assert not re.search(r"^\s*\?\s", text, re.M)
