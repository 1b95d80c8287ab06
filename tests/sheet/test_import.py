"""Exports that come back: every JSON and CSV export imports to the very sheet it came from."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skatcalc import words
from skatcalc.errors import SheetFileError
from skatcalc.formats import read_export
from skatcalc.formats.csv import render_sheet as sheet_csv
from skatcalc.formats.json import render_sheet as sheet_json
from skatcalc.formats.json import sheet_dict
from skatcalc.sheet.model import ALL_BOCK_TRIGGERS, Deal, Ramsch, Rules, Sheet
from skatcalc.spec import GameSpec
from skatcalc.store.sheet_codec import from_data
from tests.said import raises_saying
from tests.strategies import printable


def parse_export(export: str) -> Sheet:
    """What ``sheet import`` makes of an export: its data, checked as a sheet file is."""
    return from_data(read_export(export))


# Valid at any table: each kind of game as entered, the cards given or the tops, every flag.
GAMES = [
    GameSpec("clubs", with_=2, hand=True, points=56, bid=20),
    GameSpec("grand", with_=4, hand=True, schneider=True, points=95),
    GameSpec("grand", with_=1, hand=True, schwarz=True, tricks=10),
    GameSpec("null", ouvert=True, hand=True, tricks=1),
    GameSpec("null", tricks=0, bid=23),
    GameSpec("spades", without=3, points=88),
    GameSpec("hearts", with_=1, points=61, bid=33),
    GameSpec("diamonds", ouvert=True, with_=2, tricks=10),
    GameSpec(
        "clubs", cards="HJ CA CT CK CQ C9 C8 SA ST S9", skat="CJ D7", hand=True, bid=46, points=74
    ),
    GameSpec("grand", cards="CJ SJ HJ SA ST S9 HA HT DA DT C7 D8", points=92),
    GameSpec("diamonds", with_=1, bid=20, points=85),
    # the skat picked up and two cards put away (docs/rules.md): clubs with 1, 15 points, lost
    GameSpec(
        "clubs", cards="CJ C7 C8 C9 CQ D7 D8 D9 H7 H8", skat="SA HA", discards="D7 D8", points=15
    ),
]
DOUBLED = [
    GameSpec("spades", without=3, points=88, kontra=True),
    GameSpec("grand", with_=1, points=50, re=True, kontra=True),
]
RAMSCH = [  # card points, who took no trick, Durchmarsch, pushed once (Schieberamsch only)
    ((60, 40, 20), (), None, False),
    ((62, 58, 0), (2,), None, False),
    ((120, 0, 0), (), 0, False),
    ((70, 50, 0), (2,), None, True),
    ((60, 60, 0), (2,), None, False),  # a tie: the ties rule decides, maybe by the last trick
]


awkward = st.one_of(
    st.sampled_from(["=SUM(A1)", '"Bär", Jr.', "rule", "{json}", "n", "Zoë | *Z*", "-5", "a,b"]),
    st.text(st.characters(blacklist_categories=("Cc", "Cs")), min_size=1, max_size=30),
).filter(printable)


@st.composite
def rules(draw: st.DrawFn) -> Rules:
    bock, ramsch = draw(st.booleans()), draw(st.booleans())
    return Rules(
        scoring=draw(st.sampled_from(["seeger-fabian", "standard", "bierlachs"])),
        won_bonus=draw(st.integers(0, 100)),
        lost_penalty=draw(st.integers(0, 100)),
        opponents_three=draw(st.integers(0, 60)),
        opponents_four=draw(st.integers(0, 60)),
        kontra=draw(st.booleans()),
        bock=bock,
        bock_triggers=tuple(draw(st.lists(st.sampled_from(ALL_BOCK_TRIGGERS), unique=True))),
        bock_length=draw(st.integers(0, 6)),
        bock_overlap=draw(st.sampled_from(["double", "queue"])),
        bock_value=draw(st.sampled_from([100, 96, 1])),
        bock_self=draw(st.booleans()),
        bock_max=draw(st.integers(0, 3)),
        bockramsch=(bock and ramsch and draw(st.booleans())),
        ramsch=ramsch,
        ramsch_skat=draw(st.sampled_from(["last-trick", "loser"])),
        ramsch_ties=draw(st.sampled_from(["all-lose", "split", "last-trick", "nobody"])),
        ramsch_jungfrau=draw(st.booleans()),
        ramsch_durchmarsch=draw(st.booleans()),
        schieberamsch=draw(st.booleans()),
        ramsch_value=draw(st.sampled_from([0, 10, 15, 20])),
        bierlachs_limit=draw(st.integers(1, 1000)),
        bierlachs_dealer=draw(st.booleans()),
        lost_hand_single=draw(st.booleans()),
        grand_base=draw(st.sampled_from([24, 20])),
        opponents_five=draw(st.integers(0, 100)),
        grand_ouvert_base=draw(st.sampled_from([24, 36])),
    )


@st.composite
def sheets(draw: st.DrawFn) -> Sheet:
    count = draw(st.sampled_from([3, 4]))
    names = draw(st.lists(awkward, min_size=count, max_size=count, unique_by=str.casefold))
    table = draw(rules())
    sheet = Sheet.new(names, table)
    games = GAMES + (DOUBLED if table.kontra else [])
    for index in range(draw(st.integers(0, 40))):
        dealer = names[index % count]
        playing = [p for p in names if count == 3 or p != dealer]
        kind = draw(st.sampled_from(["game", "game", "game", "passed", "ramsch"]))
        if table.bockramsch and sheet.tally().ramsch_ahead:
            kind = "ramsch"  # a Ramsch round after a Bock round: every deal is a Ramsch
        if kind == "passed" or (kind == "ramsch" and not table.ramsch):
            deal = Deal.passed()
        elif kind == "ramsch":
            options = [r for r in RAMSCH if table.schieberamsch or not r[3]]
            points, virgins, marcher, pushed = draw(st.sampled_from(options))
            order = draw(st.permutations(playing))
            # the last trick: taken by a player with card points (the first always has some)
            tie = points[0] == points[1]
            last = order[0] if tie and table.ramsch_ties == "last-trick" else (
                draw(st.sampled_from([None, order[0]]))
            )  # fmt: skip
            deal = Deal.of_ramsch(
                Ramsch(
                    tuple(zip(order, points, strict=True)),
                    tuple(order[i] for i in virgins),
                    None if marcher is None else order[marcher],
                    int(pushed),
                    last,
                )
            )
        else:
            declarer = draw(st.sampled_from([p for p in names if count == 3 or p != dealer]))
            deal = Deal(declarer, draw(st.sampled_from(games)))
        sheet = sheet.add(deal)
    return sheet


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(sheets())
def test_every_export_imports_to_the_same_sheet(sheet: Sheet) -> None:
    tally = sheet.tally()
    assert parse_export(sheet_json(sheet, tally)) == sheet
    assert parse_export(sheet_csv(sheet, tally)) == sheet
    # a German export (German heads, rules head Regel;Wert, a byte-order mark and semicolons
    # for German spreadsheets) reads back in either language
    words.use("de")
    try:
        german = sheet_csv(sheet, tally)
        assert german.startswith("\ufeffNr;Geber;Alleinspieler;")
        assert parse_export(german) == sheet
    finally:
        words.use("en")
    assert parse_export(german) == sheet
    # what a script reads back from `sheet show --json` with every deal, on one line
    assert parse_export(json.dumps(sheet_dict(sheet, tally), ensure_ascii=False)) == sheet


def test_a_partial_or_foreign_export_is_refused() -> None:
    sheet = Sheet.new(["Anna", "Ben", "Carl"]).extend([Deal.passed(), Deal.passed()])
    tally = sheet.tally()
    with raises_saying(SheetFileError, match="holds 1 of 2 deals"):
        parse_export(json.dumps(sheet_dict(sheet, tally, last=1)))
    with raises_saying(SheetFileError, match="not a skatcalc CSV export"):
        parse_export("name,score\nAnna,3\n")
    with raises_saying(SheetFileError, match=r"^not valid JSON"):
        parse_export("{players")
    broken = sheet_csv(sheet, tally).replace("\n2,Ben,", "\n3,Ben,")
    with raises_saying(SheetFileError, match="expected deal 2, got '3'"):
        parse_export(broken)


def test_a_deal_the_rules_refuse_is_refused_on_import() -> None:
    # as in a sheet file: Kontra on a sheet whose rules do not allow it
    kontra = Sheet.new(["Anna", "Ben", "Carl"]).add(Deal("Anna", DOUBLED[0]))
    isko = json.loads(sheet_json(kontra, kontra.tally()))
    isko["rules"]["kontra"] = False
    with raises_saying(SheetFileError, match="deal 1: this sheet's rules do not allow Kontra"):
        parse_export(json.dumps(isko))
