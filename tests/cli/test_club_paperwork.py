"""Issue 31, finished as a new club organiser meets it: the prize pot's refusals in money, a
category as a table in HTML, the evening's cash at a phone's 40 columns; and item 5's rest:
`tournament draw --seeded --by FILE` seats a series by a season's ranking, the file that `skatcalc season FILES... --json -o FILE` writes; a file that is neither a
tournament nor such a ranking is refused with one line (exit 5) and nothing is written.

The season's order is worked BY HAND (Seeger-Fabian at three: a game won is its value + 50, a
game lost −2 × value − 50, and +40 to each other player for a game lost):
- sheet 1 (Anna, Ben, Carl): Carl grand with 1, 70 points: (1 + 1) × 24 = 48, +50 = 98;
  Ben clubs with 1, 70 points: 2 × 12 = 24, +50 = 74; Anna 0.
- sheet 2 (Dora, Emil, Fritz): Dora diamonds with 1, 50 points, lost: −2 × 18 − 50 = −86, Emil
  and Fritz +40; Fritz hearts with 1, 70 points: 2 × 10 + 50 = 70, in all 110.
The season: Fritz 110, Carl 98, Ben 74, Emil 40, Anna 0, Dora −86.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skatcalc.sheet.model import Deal, Sheet
from skatcalc.spec import GameSpec
from skatcalc.store import sheet as store
from tests.cli.helpers import cli, paper_cup
from tests.terminal import environment, fits, terminals

FIELD = ["Anna", "Ben", "Carl", "Dora", "Emil", "Fritz", "Gina", "Hanna", "Ida"]


def _season(tmp_path: Path) -> Path:
    one, two = tmp_path / "one.toml", tmp_path / "two.toml"
    assert cli("sheet", "new", one, "Anna", "Ben", "Carl").code == 0
    assert cli("sheet", "add", one, "Carl", "grand", "--with", "1", "--points", "70").code == 0
    assert cli("sheet", "add", one, "Ben", "clubs", "--with", "1", "--points", "70").code == 0
    assert cli("sheet", "new", two, "Dora", "Emil", "Fritz").code == 0
    assert cli("sheet", "add", two, "Dora", "diamonds", "--with", "1", "--points", "50").code == 0
    assert cli("sheet", "add", two, "Fritz", "hearts", "--with", "1", "--points", "70").code == 0
    ranking = tmp_path / "season.json"
    out = cli("season", one, two, "--json", "-o", ranking)
    assert out.code == 0, out
    return ranking


def test_a_series_is_seated_by_a_seasons_ranking(tmp_path: Path) -> None:
    ranking = _season(tmp_path)
    cup = tmp_path / "cup.toml"
    assert cli("tournament", "new", cup, *FIELD).code == 0
    out = cli("tournament", "draw", cup, "--seeded", "--by", ranking, "--seed", "7", "--json")
    assert (out.code, out.stderr) == (0, ""), out
    data = json.loads(out.stdout)
    # 9 players, 3 tables of three: Fritz, Carl, Ben; Emil, Anna, Dora; the three new to it
    assert [sorted(t["players"]) for t in data["tables"]] == [
        ["Ben", "Carl", "Fritz"], ["Anna", "Dora", "Emil"], ["Gina", "Hanna", "Ida"]
    ]  # fmt: skip
    assert sorted(data["new_to_ranking"]) == ["Gina", "Hanna", "Ida"]
    assert (data["seeded"], data["by"], data["by_season"]) == (True, str(ranking), True)


def test_the_draw_says_it_was_a_seasons_ranking_in_english_and_german(tmp_path: Path) -> None:
    ranking = _season(tmp_path)
    for lang, said in (
        ("en", f"Seated by the season's ranking in {ranking}."),
        ("de", f"Gesetzt nach der Jahreswertung in {ranking}."),
    ):
        cup = tmp_path / f"cup-{lang}.toml"
        assert cli("tournament", "new", cup, *FIELD[:6]).code == 0
        out = cli("--lang", lang, "tournament", "draw", cup, "--seeded", "--by", ranking)
        assert out.code == 0 and out.stderr == "", out
        assert out.stdout.splitlines()[-1] == said


def test_a_file_that_is_neither_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    ranking = _season(tmp_path)
    cup = tmp_path / "cup.toml"
    assert cli("tournament", "new", cup, *FIELD).code == 0
    other = tmp_path / "other.json"
    other.write_text('{"name": "not a season", "players": []}\n')
    before = {p: p.read_bytes() for p in tmp_path.iterdir()}
    said = ("neither a tournament nor a season's ranking: --by takes a tournament file or the "
            "file skatcalc season FILE... --json -o FILE writes\n")  # fmt: skip
    for wrong in (tmp_path / "one.toml", other):  # a sheet; JSON that is no season's
        out = cli("tournament", "draw", cup, "--seeded", "--by", wrong)
        assert out == (5, "", f"error: {wrong}: {said}")
    out = cli("--lang", "de", "tournament", "draw", cup, "--seeded", "--by", other)
    assert out == (5, "", f"Fehler: {other}: weder ein Turnier noch eine Jahreswertung: --by "
                   "nimmt eine Turnierdatei oder die Datei, die skatcalc season DATEI... --json "
                   "-o DATEI schreibt\n")  # fmt: skip
    missing = tmp_path / "nope.json"
    out = cli("tournament", "draw", cup, "--seeded", "--by", missing)
    assert out == (5, "", f"error: there is no file at {missing}: --by takes a tournament file "
                   "or the file skatcalc season FILE... --json -o FILE writes\n")  # fmt: skip
    assert {p: p.read_bytes() for p in tmp_path.iterdir()} == before
    assert ranking.exists()


def test_prizes_over_the_pot_are_said_in_money_not_cents(tmp_path: Path) -> None:
    """An organiser typed amounts (--entry 10): the refusal says 13 × 10.00 = 130.00 and
    40 + 25 + 15 + 10 + 10 % (= 130.00) + 10.00 + 5.00 for the ladies = 145.00, not cents."""
    cup = tmp_path / "cup.toml"
    names = [*FIELD, "Jan", "Karl", "Lena", "Max"]  # 13
    assert cli("tournament", "new", cup, *names).code == 0
    assert cli("tournament", "category", cup, "Damen", "Anna", "Dora").code == 0
    args = ["--entry", "10", "--prizes", "40,25,15,10,10", "--prizes-for", "Damen=€10,€5"]
    out = cli("tournament", "standings", cup, *args)
    assert out == (2, "", "error: the prizes add up to 145.00, more than the pot of 130.00: "
                   "give less (percents of the pot add up to 100 at most)\n")  # fmt: skip
    de = cli("--lang", "de", "tournament", "standings", cup, *args[:-1], "Damen=10 €;5 €")
    assert de.stderr.startswith("Fehler: die Preise ergeben 145,00, mehr als der Topf von 130,00:")


def test_a_category_prints_as_a_table_in_html(tmp_path: Path) -> None:
    """Its lines of text lost their columns in HTML (each a bold paragraph, spaces collapsed).
    One table of three on paper: Anna 100 + 50 × 1 + 40 × 1 (Ben's lost game) = 190; Ben
    0 + 50 × 0 + 0 = 0; Carl 0 + 0 + 40 × 1 = 40. The category Damen (Anna, Carl): Anna first,
    Carl second."""
    cup = paper_cup(tmp_path, "Anna=100/1/0", "Ben=0/1/1", "Carl=0/0/0")
    assert cli("tournament", "category", cup, "Damen", "Anna", "Carl").code == 0
    html = cli("tournament", "standings", cup, "--entry", "10", "--prizes", "50",
               "--prizes-for", "Damen=€5,€2", "--currency", "€", "--format", "html").stdout  # fmt: skip
    assert (
        '<table class="category">\n'
        '<tr><td>1</td><td class="nm">Anna</td><td>€5.00</td></tr>\n'
        '<tr><td>2</td><td class="nm">Carl</td><td>€2.00</td></tr>\n'
        "</table>"
    ) in html


# One evening at four, worked by hand in tests/sheet/test_cash.py (ONE): deal 1 passed (Ben,
# Carl, Dora pay 0.10), deal 2 Carl loses clubs with 1 (-48, standard list); 0.10 a point.
# Evening: Anna -1.20, Ben -1.30, Carl -21.00, Dora +1.70.
ONE = ["sheet", "settle", "evening.toml", "--stake", "0.10", "--list", "standard", "--lost-fee",
       "0.50", "--entry", "5", "--card-money", "1", "--passed-fee", "0.10", "--prize", "Dora=3",
       "--currency", "€"]  # fmt: skip
EVENINGS = {"en": {"Anna": "-€1.20", "Ben": "-€1.30", "Carl": "-€21.00", "Dora": "+€1.70"},
            "de": {"Anna": "-1,20 €", "Ben": "-1,30 €", "Carl": "-21,00 €", "Dora": "+1,70 €"}}  # fmt: skip


@pytest.mark.parametrize(("cols", "lang"), [(40, "en"), (40, "de"), (80, "en"), (80, "de")])
def test_the_cash_fits_a_phone_in_parts_each_row_whole(
    tmp_path: Path, cols: int, lang: str
) -> None:
    """At 40 columns the cash's rows were broken by the terminal width (a row in two lines, its
    numbers under no head); now the table goes in parts, each row whole with its name."""
    sheet = Sheet.new(["Anna", "Ben", "Carl", "Dora"]).extend(
        [Deal.passed(), Deal("Carl", GameSpec("clubs", with_=1, points=50))]
    )
    store.create(tmp_path / "evening.toml", sheet)
    args = [a.replace(".", ",") if lang == "de" and a[0].isdigit() else a for a in ONE]
    with terminals(tmp_path, environment(tmp_path, lang)) as start:
        child = start(args, cols=cols, stderr=False)
        assert child.wait_for_end() == 0
        lines = child.lines()
    fits(lines, cols, ["Anna", "Ben", "Carl", "Dora"])
    for name, evening in EVENINGS[lang].items():  # the last column: the name on its line
        assert [x for x in lines if x.startswith(f"  {name} ") and x.rstrip().endswith(evening)]


def test_a_season_counts_a_tournaments_tables_kept_on_paper_lists(tmp_path: Path) -> None:
    """A club night typed from its paper lists counted nothing in the year's ranking (its
    tables' sheets have no deals): every player 0, with 0 series. By hand, a table of three:
    Anna 300 + 50 × 2 + 40 × 1 (Ben's lost game) = 440; Ben 0 − 50 + 0 = −50; Carl 0 + 0 +
    40 × 1 = 40; each one whole series."""
    cup = paper_cup(tmp_path, "Anna=300/2/0", "Ben=0/0/1", "Carl=0/0/0")
    data = json.loads(cli("season", cup, "--json").stdout)
    assert [(p["place"], p["name"], p["seeger_fabian"], p["series_played"])
            for p in data["players"]] == [(1, "Anna", 440, 1.0), (2, "Carl", 40, 1.0),
                                          (3, "Ben", -50, 1.0)]  # fmt: skip
    assert (data["sheets"], data["not_counted"]) == (1, [])
