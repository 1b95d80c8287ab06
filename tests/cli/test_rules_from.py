"""Issue 29 item 1: a rule agreed mid-evening counts from the next deal; the past stays as it was
played unless ``--from N`` says otherwise, out loud.

Every number here is worked by hand from /work/shared/skat-scoring.md (the arithmetic beside
it): Seeger-Fabian +50 / -50 for the declarer, +30 for each other player at four (+40 at three)
for a lost game; Kontra doubles the game's score, a Bock deal doubles it (two rounds: x 4), never
the bonuses.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from tests.cli.helpers import cli, ok, refused, show
from tests.terminal import answer, environment, fits, terminals

FOUR = ("Anna", "Ben", "Carl", "Dora")


def _new(tmp_path: Path, *players: str, options: tuple[str, ...] = ("--kontra",)) -> Path:
    path = tmp_path / "evening.toml"
    ok("sheet", "new", str(path), *players, *options)
    return path


def _add(path: Path, *entries: str) -> None:
    for entry in entries:
        ok("sheet", "add", str(path), "--declarer", *entry.split())


def _sf(path: Path) -> dict[str, int]:
    return {p["name"]: p["seeger_fabian"] for p in show(path)["players"]}


# --- the issue as reported ------------------------------------------------------------------------


def test_the_issues_evening_keeps_bens_138(tmp_path: Path) -> None:
    """The issue's reproduction: Ben's 138 stays 138 after `sheet rules --bock`.

    Deal 1, Anna: clubs with 2 (3 x 12 = 36), 56 points: lost, -72, Kontra x 2: -144;
    Seeger-Fabian -144 - 50 = -194, Ben and Carl +40 each. Deal 2, Ben: grand with 1
    (2 x 24 = 48), won: +48, Seeger-Fabian 48 + 50 = 98; Ben 40 + 98 = 138.
    """
    path = tmp_path / "a.toml"
    ok("sheet", "new", str(path), "Anna", "Ben", "Carl", "--kontra")
    ok("sheet", "add", str(path), "an", "kr", "m2", "56", "--kontra")
    ok("sheet", "add", str(path), "be", "gr", "m1", "70")
    before = path.read_text()
    out = ok("sheet", "rules", str(path), "--bock")
    assert out.endswith("From deal 3 on; the deals before keep their rules and their scores.\n")
    assert _sf(path) == {"Anna": -194, "Ben": 138, "Carl": 40}
    data = show(path)
    assert data["bock_ahead"] == []  # the Kontra of deal 1 was played before Bock: no round
    assert [g["bock_triggers"] for g in data["games"]] == [[], []]
    assert data["rules_changes"] == [{"from": 3, "bock": True}]
    # the file: [rules] as before (Bock off from deal 1), the change after the last deal
    text = path.read_text()
    assert text == before + (
        "\n[[rules_change]]\n"
        "from = 3  # the rules below hold from deal 3 on; the deals before keep theirs\n"
        "bock = true  # Bock rounds: the deals after a trigger count double\n"
    )
    assert tomllib.loads(text)["rules"]["bock"] is False


def test_from_1_rescores_the_issues_evening_out_loud(tmp_path: Path) -> None:
    """``--from 1``: deal 1's Kontra opens a round of 3 deals (2-4); deal 2 in it: 48 x 2 = 96,
    Seeger-Fabian 96 + 50 = 146; Ben 40 + 146 = 186 (the issue's number)."""
    path = tmp_path / "a.toml"
    ok("sheet", "new", str(path), "Anna", "Ben", "Carl", "--kontra")
    ok("sheet", "add", str(path), "an", "kr", "m2", "56", "--kontra")
    ok("sheet", "add", str(path), "be", "gr", "m1", "70")
    out = ok("sheet", "rules", str(path), "--bock", "--from", "1")
    assert out.endswith(
        "From deal 1 on; each deal whose score changed, in the Seeger-Fabian list:\n"
        "Deal 2: Ben +98 → +146\n"
        "Before: Totals, Seeger-Fabian list: Anna -194, Ben +138, Carl +40\n"
        "After: Totals, Seeger-Fabian list: Anna -194, Ben +186, Carl +40\n"
    )
    assert _sf(path) == {"Anna": -194, "Ben": 186, "Carl": 40}
    text = path.read_text()
    assert "rules_change" not in text  # from deal 1: the [rules] table itself
    assert tomllib.loads(text)["rules"]["bock"] is True


# --- a four-player evening worked by hand ---------------------------------------------------------

FIRST = (
    "Ben clubs --with 2 --points 56 --kontra",  # deal 1, Anna deals
    "Carl grand --with 1 --points 70",  # deal 2, Ben deals
    "Dora hearts --with 1 --points 50",  # deal 3, Carl deals
)
LATER = (
    "Anna spades --without 2 --points 40 --kontra",  # deal 4, Dora deals
    "Ben grand --with 1 --points 70",  # deal 5, Anna deals
    "Carl clubs --with 1 --points 70",  # deal 6, Ben deals
)


def test_a_four_player_evening_with_bock_agreed_after_deal_3_and_then_from_1(
    tmp_path: Path,
) -> None:
    """Anna, Ben, Carl, Dora; Seeger-Fabian decides; Kontra allowed; Bock (default triggers:
    lost with 60, won grand hand, Kontra, a round hundred; rounds of 4 deals at four) agreed
    after deal 3.

    Bock from deal 4 (``rules --bock`` after deal 3):
    1. Ben clubs with 2 (3 x 12 = 36) lost, -72, Kontra: -144. SF Ben -194; Anna, Carl, Dora +30.
       Bock not agreed yet: the Kontra opens no round.
    2. Carl grand with 1 (2 x 24 = 48) won: +48. SF Carl +98.
    3. Dora hearts with 1 (2 x 10 = 20) lost: -40. SF Dora -90; Anna, Ben, Carl +30.
    4. Anna spades without 2 (3 x 11 = 33) lost, -66, Kontra: -132, in no round. SF Anna -182;
       Ben, Carl, Dora +30. Kontra: a round over deals 5-8.
    5. Ben grand with 1, 48, Bock x 2: +96. SF Ben +146.
    6. Carl clubs with 1 (2 x 12 = 24), Bock x 2: +48. SF Carl +98.
    (No standard total lands on a round hundred: -144, 48, -40, -132, -48, 96.)
    SF totals: Anna 30 + 30 - 182 = -122; Ben -194 + 30 + 30 + 146 = 12;
    Carl 30 + 98 + 30 + 30 + 98 = 286; Dora 30 - 90 + 30 = -30. Bock ahead: deals 7, 8.

    Then ``rules --bock --from 1``:
    1. -144 as before; its Kontra now opens a round over deals 2-5.
    2. Carl 48 x 2 = 96: SF +146 (was +98).
    3. Dora -40 x 2 = -80: SF -130 (was -90).
    4. Anna -132 x 2 = -264: SF -314 (was -182); its Kontra opens a round over deals 5-8.
    5. Ben 48 in both rounds, x 4 = 192: SF +242 (was +146).
    6. Carl 24 in the second round, x 2 = 48: SF +98, unchanged.
    (Standard totals: -144, 96, -80, -264, 48, 144: no round hundred.)
    SF totals: Anna 30 + 30 - 314 = -254; Ben -194 + 30 + 30 + 242 = 108;
    Carl 30 + 146 + 30 + 30 + 98 = 334; Dora 30 - 130 + 30 = -70. Bock ahead: deals 7, 8.
    """
    path = _new(tmp_path, *FOUR)
    _add(path, *FIRST)
    out = ok("sheet", "rules", str(path), "--bock")
    assert out.endswith("From deal 4 on; the deals before keep their rules and their scores.\n")
    _add(path, *LATER)
    data = show(path)
    assert [g["bock_factor"] for g in data["games"]] == [1, 1, 1, 1, 2, 2]
    assert [g["seeger_fabian"] for g in data["games"]] == [-194, 98, -90, -182, 146, 98]
    assert _sf(path) == {"Anna": -122, "Ben": 12, "Carl": 286, "Dora": -30}
    assert data["bock_ahead"] == [2, 2]
    out = ok("sheet", "rules", str(path), "--bock", "--from", "1")
    assert out.endswith(
        "From deal 1 on; each deal whose score changed, in the Seeger-Fabian list:\n"
        "Deal 2: Carl +98 → +146\n"
        "Deal 3: Dora -90 → -130\n"
        "Deal 4: Anna -182 → -314\n"
        "Deal 5: Ben +146 → +242\n"
        "Before: Totals, Seeger-Fabian list: Anna -122, Ben +12, Carl +286, Dora -30\n"
        "After: Totals, Seeger-Fabian list: Anna -254, Ben +108, Carl +334, Dora -70\n"
    )
    data = show(path)
    assert [g["bock_factor"] for g in data["games"]] == [1, 2, 2, 2, 4, 2]
    assert _sf(path) == {"Anna": -254, "Ben": 108, "Carl": 334, "Dora": -70}
    assert data["bock_ahead"] == [2, 2]
    assert "rules_changes" not in data  # Bock from deal 1: the change from 4 says nothing more


def test_opponents_four_40_counts_from_the_next_lost_game(tmp_path: Path) -> None:
    """At four the others get +30 a lost game; ``--opponents-four 40`` after deal 3 leaves
    deals 1 and 3 at +30 each. Deal 4 (Anna, lost): +40 to Ben, Carl, Dora.
    Anna: 30 + 30 - 182 = -122 (as before, deal 4 in no Bock round: Bock is off here);
    Ben: -194 + 30 + 40 = -124; Carl: 30 + 98 + 30 + 40 = 198; Dora: 30 - 90 + 40 = -20."""
    path = _new(tmp_path, *FOUR)
    _add(path, *FIRST)
    assert _sf(path) == {"Anna": 60, "Ben": -164, "Carl": 158, "Dora": -60}
    ok("sheet", "rules", str(path), "--opponents-four", "40")
    assert _sf(path) == {"Anna": 60, "Ben": -164, "Carl": 158, "Dora": -60}
    _add(path, LATER[0])
    assert _sf(path) == {"Anna": -122, "Ben": -124, "Carl": 198, "Dora": -20}
    # --from 1: each lost game's others +40: deal 1 and 3 ten more for each other player
    out = ok("sheet", "rules", str(path), "--opponents-four", "40", "--from", "1")
    assert "Deal 1: Anna +30 → +40, Carl +30 → +40, Dora +30 → +40\n" in out
    assert "Deal 3: Anna +30 → +40, Ben +30 → +40, Carl +30 → +40\n" in out
    assert "Deal 4" not in out
    assert _sf(path) == {"Anna": -102, "Ben": -114, "Carl": 218, "Dora": -10}


def test_a_bock_round_running_ends_where_bock_is_switched_off(tmp_path: Path) -> None:
    """The rules in force at each deal decide whether it is doubled: Bock off from deal 4 ends
    the round deal 3's Kontra opened (deals 4-6 would have been in it) at three players.
    Deal 3: Carl clubs with 1 (24), won, Kontra: +48; deal 4: Anna grand with 1: +48, single."""
    path = _new(tmp_path, "Anna", "Ben", "Carl", options=("--kontra", "--bock"))
    ok("sheet", "pass", str(path))
    ok("sheet", "pass", str(path))
    _add(path, "Carl clubs --with 1 --points 70 --kontra")
    assert show(path)["bock_ahead"] == [2, 2, 2]
    out = ok("sheet", "rules", str(path), "--no-bock")
    assert "From deal 4 on;" in out
    assert show(path)["bock_ahead"] == []
    _add(path, "Anna grand --with 1 --points 70")
    assert show(path)["games"][3]["bock_factor"] == 1
    assert show(path)["games"][3]["score"] == 48


def test_kontra_allowed_from_the_next_deal_only(tmp_path: Path) -> None:
    """A rule that allows something holds from its deal: ``--kontra --from 2`` lets deal 2
    have Kontra, and turning it off from deal 2 again is refused (deal 2 has one)."""
    path = _new(tmp_path, "Anna", "Ben", "Carl", options=())
    ok("sheet", "pass", str(path))
    ok("sheet", "rules", str(path), "--kontra")
    _add(path, "Ben grand --with 1 --points 70 --kontra")
    refused(path, "sheet", "rules", str(path), "--no-kontra", "--from", "2")
    ok("sheet", "rules", str(path), "--no-kontra")  # from deal 3 on
    assert show(path)["games"][1]["score"] == 96


@pytest.mark.parametrize("start", ["0", "4", "99"])
def test_from_must_be_a_deal_played_or_the_next(tmp_path: Path, start: str) -> None:
    path = _new(tmp_path, "Anna", "Ben", "Carl")
    ok("sheet", "pass", str(path))
    ok("sheet", "pass", str(path))
    if start == "0":  # below 1: the option's own range (a usage error)
        result = refused(path, "sheet", "rules", str(path), "--bock", "--from", start, code=2)
        assert result.stderr.endswith(
            "Error: Invalid value for '--from': 0 is not in the range x>=1.\n"
        )
        return
    result = refused(path, "sheet", "rules", str(path), "--bock", "--from", start)
    assert result.stderr == (
        f"error: --from {start}: a change of the rules takes effect at a deal played or the "
        "next one, from 1 to 3\n"
    )
    result = refused(path, "sheet", "rules", str(path), "--bock", "--from", start, "--lang", "de")
    assert result.stderr == (
        f"Fehler: --from {start}: eine Regeländerung gilt ab einem gespielten Spiel oder dem "
        "nächsten, von 1 bis 3\n"
    )


def test_on_a_sheet_with_no_deals_the_rules_table_changes_as_before(tmp_path: Path) -> None:
    path = _new(tmp_path, "Anna", "Ben", "Carl")
    out = ok("sheet", "rules", str(path), "--bock")
    assert "From deal" not in out
    text = path.read_text()
    assert "rules_change" not in text and tomllib.loads(text)["rules"]["bock"] is True


def test_the_list_that_decides_changes_for_the_whole_sheet(tmp_path: Path) -> None:
    """``scoring`` is no rule of a deal: it changes for the whole sheet, no deal's score."""
    path = _new(tmp_path, "Anna", "Ben", "Carl")
    _add(path, "Ben grand --with 1 --points 70")
    out = ok("sheet", "rules", str(path), "--scoring", "standard")
    assert "From deal" not in out
    text = path.read_text()
    assert "rules_change" not in text and 'scoring = "standard"' in text
    assert show(path)["players"][1]["score"] == 48


# --- the file -------------------------------------------------------------------------------------


def test_a_hand_edited_change_reads_and_a_wrong_one_is_named_with_its_line(
    tmp_path: Path,
) -> None:
    path = _new(tmp_path, "Anna", "Ben", "Carl")
    _add(path, "Ben grand --with 1 --points 70", "Carl grand --with 1 --points 70")
    text = path.read_text()
    # by hand: Bock from deal 2 (before its [[deal]]), with a grand base of 20 (2 x 20 = 40)
    at = text.index('[[deal]]\ndeclarer = "Carl"')
    edited = text[:at] + "[[rules_change]]\nfrom = 2\ngrand_base = 20\n\n" + text[at:]
    path.write_text(edited)
    assert ok("sheet", "check", str(path)).endswith("no problems\n")
    assert [g["score"] for g in show(path)["games"]] == [48, 40]
    line = edited[: edited.index("from = 2")].count("\n") + 1
    for wrong, message in (
        ("from = 1", "'from' must be a deal number, 2 or more"),
        ('from = "2"', "'from' must be a deal number, 2 or more"),
        ("from = 2\nscoring = 'standard'", "the rule scoring holds for the whole sheet"),
    ):
        path.write_text(edited.replace("from = 2", wrong))
        result = cli("sheet", "check", str(path))
        assert result.code != 0
        assert result.stderr.startswith(f"{path}:{line + ('scoring' in wrong)}: {message}")
        assert result.stderr.endswith(f"error: {path} has 1 problem\n")


def test_a_change_from_a_deal_to_come_is_allowed_and_appending_keeps_it_before(
    tmp_path: Path,
) -> None:
    """from = deals + 1 (the default) sits at the end of the file; the next deal goes after
    it, so the change stands right before the deal it starts from."""
    path = _new(tmp_path, "Anna", "Ben", "Carl")
    _add(path, "Ben grand --with 1 --points 70")
    ok("sheet", "rules", str(path), "--grand-base", "20")
    assert ok("sheet", "check", str(path)).endswith("no problems\n")
    _add(path, "Carl grand --with 1 --points 70")
    text = path.read_text()
    assert text.index("[[rules_change]]") < text.index('declarer = "Carl"')
    assert [g["score"] for g in show(path)["games"]] == [48, 40]  # 2 x 24, then 2 x 20
    assert len(tomllib.loads(text)["deal"]) == 2
    try:  # where rtoml is installed (not on a phone's install: .ci/run's pass without it)
        import rtoml
    except ImportError:
        return
    assert rtoml.loads(text)["rules_change"] == tomllib.loads(text)["rules_change"]
    assert len(rtoml.loads(text)["deal"]) == 2


# --- the exports and the list mark where a rule changed -------------------------------------------


def test_the_exports_mark_where_the_rules_changed(tmp_path: Path) -> None:
    path = _new(tmp_path, "Anna", "Ben", "Carl")
    _add(path, "Ben grand --with 1 --points 70")
    ok("sheet", "rules", str(path), "--bock")
    _add(path, "Carl grand --with 1 --points 70")
    shown = ok("sheet", "show", str(path))
    assert "Rules from deal 2: bock = true." in shown
    html = ok("sheet", "export", str(path), "--format", "html")
    assert '<tr class="rules-change"><td colspan=' in html
    assert "rules from deal 2: bock = true</td></tr>" in html
    deals = html[html.index('<tbody class="deals">') :]
    assert deals.index("rules from deal 2") < deals.index("</tr>", deals.index("<tr") + 1) + 200
    german = ok("sheet", "show", str(path), "--lang", "de")
    assert "Regeln ab Spiel 2: bock = true." in german


# --- the table mode, through a real terminal ------------------------------------------------------

SCREENS = [(80, "en"), (40, "en"), (80, "de"), (40, "de")]
PROMPT = {"en": "Deal {n} · {dealer} deals", "de": "Spiel {n} · {dealer} gibt"}
FROM_NEXT = {
    "en": "From deal 3 on; the deals before keep their rules and their scores.",
    "de": "Ab Spiel 3; die Spiele davor behalten ihre Regeln und ihre Werte.",
}
RESCORED = {
    "en": ("From deal 1 on; each deal whose score changed, in the", "Deal 2: Ben +98 → +146"),
    "de": ("Ab Spiel 1; jedes Spiel, dessen Wert sich ändert, in der", "Spiel 2: Ben +98 → +146"),
}


@pytest.fixture
def spawn(tmp_path: Path) -> Any:
    with terminals(tmp_path, lambda lang: environment(tmp_path, lang)) as start:
        yield lambda cols, lang, *args: start(args, cols=cols, rows=24, lang=lang)


@pytest.mark.slow
@pytest.mark.parametrize(("cols", "lang"), SCREENS)
def test_the_table_mode_says_from_which_deal_and_what_changed(
    spawn: Any, tmp_path: Path, cols: int, lang: str
) -> None:
    """The issue's evening at the table: ``rules --bock`` after deal 2 holds from deal 3 (Ben
    keeps +98 for his grand); ``rules --bock --from 1`` rescores deal 2 (48 x 2 = 96, +146)."""
    path = _new(tmp_path, "Anna", "Ben", "Carl")
    rules = "rules" if lang == "en" else "regeln"
    child = spawn(cols, lang, "sheet", "play", str(path))
    prompt = PROMPT[lang]
    child.expect_exact(prompt.format(n=1, dealer="Anna"))
    answer(child, "an kr m2 56 k", prompt.format(n=2, dealer="Ben"))
    answer(child, "be gr m1 70", prompt.format(n=3, dealer="Carl"))
    said = answer(child, f"{rules} --bock", prompt.format(n=3, dealer="Carl"))
    fits(said, cols, ("Anna", "Ben", "Carl"))
    joined = " ".join(line.strip() for line in said)
    assert FROM_NEXT[lang] in joined
    said = answer(child, f"{rules} --bock --from 1", prompt.format(n=3, dealer="Carl"))
    fits(said, cols, ("Anna", "Ben", "Carl"))
    joined = " ".join(line.strip() for line in said)
    for part in RESCORED[lang]:
        assert part in joined
    assert "+186" in joined  # Ben after: 40 + 146
    child.send("quit\r" if lang == "en" else "ende\r")
    assert child.wait_for_end() == 0
    assert tomllib.loads(path.read_text())["rules"]["bock"] is True


@pytest.mark.parametrize(
    "export",
    [("json",), ("json", "--compact"), ("csv",), ("csv", "--lang", "de")],
    ids=["json", "compact", "csv", "csv-de"],
)
def test_an_export_keeps_the_changes_and_imports_back_byte_for_byte(
    tmp_path: Path, export: tuple[str, ...]
) -> None:
    """The CSV export marks each change under the rules (``from 2: bock``), the JSON export in
    ``rules_changes``; ``sheet import`` makes the very file again."""
    path = _new(tmp_path, "Anna", "Ben", "Carl")
    _add(path, "Ben grand --with 1 --points 70")
    ok("sheet", "rules", str(path), "--bock")
    _add(path, "Carl clubs --with 1 --points 70 --kontra")
    ok("sheet", "rules", str(path), "--bock-triggers", "kontra,lost-60")
    out = tmp_path / f"out.{export[0]}"
    cli("sheet", "export", str(path), "--format", *export, "-o", str(out))
    text = out.read_text(encoding="utf-8")
    if export[0] == "csv":
        assert "from 2: bock" in text and "from 3: bock_triggers" in text
    else:
        assert '"rules_changes"' in text
    back = tmp_path / "back.toml"
    ok("sheet", "import", str(out), str(back))
    assert back.read_bytes() == path.read_bytes()


def test_the_markdown_export_marks_the_change_before_its_deal(tmp_path: Path) -> None:
    path = _new(tmp_path, "Anna", "Ben", "Carl")
    _add(path, "Ben grand --with 1 --points 70")
    ok("sheet", "rules", str(path), "--bock")
    _add(path, "Carl grand --with 1 --points 70")
    ok("sheet", "rules", str(path), "--no-kontra")
    lines = ok("sheet", "export", str(path), "--format", "markdown").splitlines()
    at = lines.index("|  |  |  | rules from deal 2: bock = true |  |  |  |  |")
    assert lines[at + 1].startswith("| 2 | Ben | Carl | Grand")
    assert "rules from deal 3: kontra = false" in lines  # from a deal to come: under the list


def test_the_a4_lists_seeger_fabian_account_counts_each_deal_by_its_rules(
    tmp_path: Path,
) -> None:
    """Deal 1: Ben loses (grand with 1, -96): Anna and Carl +40 each (three players). Then
    ``--opponents-three 45``; deal 2: Carl loses (clubs with 1, -48): Anna and Ben +45 each.
    The others' row: Anna 40 + 45 = 85, Ben 45, Carl 40. Lost: Ben -50, Carl -50."""
    path = _new(tmp_path, "Anna", "Ben", "Carl")
    _add(path, "Ben grand --with 1 --points 50")
    ok("sheet", "rules", str(path), "--opponents-three", "45")
    _add(path, "Carl clubs --with 1 --points 50")
    assert _sf(path) == {"Anna": 85, "Ben": -146 + 45, "Carl": 40 - 98}
    html = ok("sheet", "export", str(path), "--format", "html")
    account = html[html.index('<tbody class="sf">') :]
    assert "<td>+85</td><td>+45</td><td>+40</td></tr>" in account
    assert "<td>0</td><td>\u221250</td><td>\u221250</td></tr>" in account  # a true minus


def test_ramsch_turned_on_mid_evening_holds_from_the_next_deal(tmp_path: Path) -> None:
    """A pass on a sheet that plays Ramsch from now on gets the hint how to enter a Ramsch;
    the Ramsch itself is allowed from the change on, and refused before it (--from 1 with a
    passed deal 1 stays a passed deal: passing is always allowed)."""
    path = _new(tmp_path, "Anna", "Ben", "Carl", options=())
    ok("sheet", "pass", str(path))
    assert cli("sheet", "pass", str(path)).stderr == ""  # no Ramsch yet: a pass is a pass
    ok("sheet", "rules", str(path), "--ramsch")
    passed = cli("sheet", "pass", str(path))
    assert passed.stderr.startswith("note: this sheet plays a Ramsch when everybody passes;")
    ok("sheet", "ramsch", str(path), "Anna=60", "Ben=40", "Carl=20")
    assert show(path)["games"][3]["scores"] == {"Anna": -60, "Ben": 0, "Carl": 0}


def test_sheet_rules_from_n_alone_shows_the_rules_in_force_at_deal_n(tmp_path: Path) -> None:
    path = _new(tmp_path, "Anna", "Ben", "Carl")
    ok("sheet", "pass", str(path))
    ok("sheet", "rules", str(path), "--bock")
    assert "Bock: off\n" in ok("sheet", "rules", str(path), "--from", "1")
    assert "Bock: off\n" not in ok("sheet", "rules", str(path), "--from", "2")
    assert "Bock: off\n" not in ok("sheet", "rules", str(path))  # the rules now
    refused(path, "sheet", "rules", str(path), "--from", "3")


def test_a_change_among_the_deals_keeps_every_comment_through_edit_and_undo(
    tmp_path: Path,
) -> None:
    # A [[rules_change]] between the deals made every later edit or undo write the whole sheet
    # anew, and a hand-written comment anywhere in it was lost. Only the deals that change are
    # rewritten, as on a sheet without changes.
    path = _new(tmp_path, "Anna", "Ben", "Carl", options=())
    for line in ("an kr m2 56", "be gr m1 70"):
        ok("sheet", "add", str(path), *line.split())
    ok("sheet", "rules", str(path), "--bock")  # from deal 3 on
    ok("sheet", "add", str(path), "ca", "he", "o1", "80")
    text = path.read_text(encoding="utf-8")
    text = "# Thursday night\n" + text.replace(
        'game = "grand"\n', 'game = "grand"  # checked twice\n'
    )
    path.write_text(text, encoding="utf-8")
    ok("sheet", "edit", str(path), "1", "an", "kr", "m2", "65")
    edited = path.read_text(encoding="utf-8")
    assert edited == text.replace("points = 56\n", "points = 65\n", 1)
    ok("sheet", "undo", str(path))
    undone = path.read_text(encoding="utf-8")
    assert undone.startswith("# Thursday night\n") and "# checked twice" in undone
    assert "[[rules_change]]\nfrom = 3" in undone and 'game = "hearts"' not in undone


def test_a_deal_added_without_a_cache_is_scored_by_the_change_among_the_deals(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Without a kept state, an add reads the sheet a piece at a time; a sheet with a change of
    # the rules among its deals is read whole, so the change counts. By hand, at three:
    # deal 1 Anna clubs with 2, 56 points: lost, 3 x 12 = 36, -72, Seeger-Fabian -72 - 50 = -122,
    # Ben and Carl +40 each (the rules then). From deal 2 each other player gets 60 for a lost
    # game: deal 2 Ben grand with 1, 50 points: lost, 2 x 24 = 48, -96 - 50 = -146, Anna and
    # Carl +60 each. Anna -122 + 60 = -62; Ben +40 - 146 = -106; Carl 40 + 60 = +100.
    monkeypatch.setenv("SKATCALC_CACHE_DIR", "")
    path = _new(tmp_path, "Anna", "Ben", "Carl", options=())
    ok("sheet", "add", str(path), "an", "kr", "m2", "56")
    ok("sheet", "rules", str(path), "--opponents-three", "60")  # from deal 2 on
    said = ok("sheet", "add", str(path), "be", "gr", "m1", "50")
    assert "Totals, Seeger-Fabian list: Anna -62, Ben -106, Carl +100" in said  # the add's tally
    assert _sf(path) == {"Anna": -62, "Ben": -106, "Carl": 100}  # the whole read's


def test_a_rule_set_from_deal_1_holds_for_the_whole_evening(tmp_path: Path) -> None:
    # `--bock --from 1` after `--no-bock` from deal 3 did nothing and said nothing: Bock was on
    # at deal 1 already, and the change at deal 3 stayed. A rule set from a deal holds from there
    # on: the later change of it is dropped, and the sheet plays Bock throughout.
    path = _new(tmp_path, "Anna", "Ben", "Carl", "Dora", options=("--preset", "pub"))
    for line in ("be kr m2 56", "ca gr m1 70"):
        ok("sheet", "add", str(path), *line.split())
    ok("sheet", "rules", str(path), "--no-bock")  # from deal 3 on
    assert "[[rules_change]]" in path.read_text(encoding="utf-8")
    ok("sheet", "rules", str(path), "--bock", "--from", "1")
    text = path.read_text(encoding="utf-8")
    assert "[[rules_change]]" not in text and "\nbock = true" in text
