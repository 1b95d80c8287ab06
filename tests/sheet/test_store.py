"""The sheet file: round-trips, messages with lines, comments kept, and never losing data."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skatcalc.errors import SheetError, SheetFileError
from skatcalc.sheet.model import Deal, Sheet
from skatcalc.spec import GameSpec
from skatcalc.store import sheet as store
from skatcalc.words import message as said
from tests.data import GOOD
from tests.said import raises_saying

GAME = GameSpec("clubs", with_=2, hand=True, points=56, bid=20)


def sheet_file(tmp_path: Path, text: str = GOOD) -> Path:
    path = tmp_path / "evening.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_parse_a_hand_written_sheet() -> None:
    sheet = store.parse(GOOD)
    assert sheet.players == ("Anna", "Ben", "Carl")
    assert sheet.deals == (Deal("Anna", GameSpec("clubs", with_=2, points=70)), Deal.passed())


NAMES = st.text(
    st.characters(blacklist_categories=("Cc", "Cf", "Cs", "Zl", "Zp")),
    min_size=1,
    max_size=12,
).filter(lambda s: s == s.strip())


@given(st.lists(NAMES, min_size=3, max_size=4, unique_by=str.casefold))
def test_any_printable_names_round_trip(names: list[str]) -> None:
    sheet = Sheet.new(names).add(Deal(names[1], GAME)).add(Deal.passed())
    assert store.parse(store.render(sheet)) == sheet


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ('format = 1\nplayers = ["A", "B"\n', 2, "not valid TOML"),
        ("this is not a sheet\n", 1, "not valid TOML"),
        (GOOD.replace("with = 2", "wiht = 2"), 10, "deal 1: unknown key 'wiht'"),
        (GOOD.replace("with = 2", "with = 12"), 10, "deal 1: clubs has 11 tops at most"),
        (GOOD.replace("points = 70", "points = 121"), 11, "deal 1: card points run from 0"),
        (GOOD.replace('declarer = "Anna"', 'declarer = "Dora"'), 8, "deal 1: 'Dora' is not at"),
        (GOOD.replace('game = "clubs"', 'game = "trumps"'), 9, "deal 1: unknown game 'trumps'"),
        (GOOD.replace("passed = true", "passed = false"), 14, "deal 2: a passed deal is just"),
        (GOOD.replace("won_bonus = 50", 'won_bonus = "50"'), 5, "rule 'won_bonus' must be"),
        (GOOD.replace("won_bonus = 50", "win_bonus = 50"), 5, "unknown rule 'win_bonus'"),
        (GOOD.replace("format = 1", "format = 2"), 1, "this sheet has format 2"),
        (
            GOOD.replace('"Carl"]', '"Carl", "Dora", "Emil", "Finn"]'),
            2,
            "three, four or five players, not 6",
        ),
        (GOOD.replace("players", "spieler"), 2, "unknown key 'spieler'"),
    ],
)
def test_problems_name_their_line(text: str, line: int, message: str) -> None:
    problems = store.check(text)
    assert problems, text
    assert problems[0].line == line, problems
    assert message in said(problems[0].error)
    with raises_saying(SheetFileError, match=f"line {line}: "):
        store.parse(text)


def test_check_lists_every_problem() -> None:
    text = GOOD.replace("with = 2", "wiht = 2").replace("passed = true", "passed = 1")
    assert [p.line for p in store.check(text)] == [10, 14]


def test_truncated_file(tmp_path: Path) -> None:
    path = sheet_file(tmp_path, GOOD[: GOOD.index("points = 70") + 8])
    before = path.read_bytes()
    with raises_saying(SheetFileError, match=r"line 11: not valid TOML"):
        store.update(path, lambda s: s.add(Deal.passed()))
    assert path.read_bytes() == before


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "x.toml"
    path.write_bytes(b"format = 1\n\xff\xfe")
    with raises_saying(SheetFileError, match="line 2: not UTF-8 text"):
        store.load(path)


def test_changes_keep_comments_and_hand_edits(tmp_path: Path) -> None:
    text = GOOD.replace("[[deal]]\npassed", "# the long break\n[[deal]]  # after the break\npassed")
    path = sheet_file(tmp_path, text)
    store.update(path, lambda s: s.add(Deal("Ben", GAME)))
    after = path.read_text()
    assert after.startswith(text.rstrip("\n"))
    assert after.endswith('[[deal]]\ndeclarer = "Ben"\ngame = "clubs"\nwith = 2\nhand = true\n'
                          "points = 56\nbid = 20\n")  # fmt: skip
    store.update(path, lambda s: s.undo())
    assert path.read_text() == text
    store.update(path, lambda s: s.edit(1, Deal("Carl", GAME)))
    edited = path.read_text()
    assert "# the long break" not in edited or edited.count("[[deal]]") == 2
    assert store.load(path).deals[0] == Deal("Carl", GAME)


def test_new_refuses_an_existing_file(tmp_path: Path) -> None:
    path = sheet_file(tmp_path)
    with raises_saying(SheetError, match="already exists"):
        store.create(path, Sheet.new(["A", "B", "C"]))
    assert path.read_text() == GOOD


def test_newer_format_is_left_alone(tmp_path: Path) -> None:
    path = sheet_file(tmp_path, GOOD.replace("format = 1", "format = 2"))
    with raises_saying(SheetFileError, match="format 2, written by a newer skatcalc"):
        store.update(path, lambda s: s.add(Deal.passed()))
    assert "format = 2" in path.read_text()


def test_full_disk_leaves_the_old_file_and_no_temp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = sheet_file(tmp_path)

    def no_space(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", no_space)
    with raises_saying(SheetFileError, match=r"cannot write .*No space left on device; the sheet"):
        store.update(path, lambda s: s.add(Deal.passed()))
    assert path.read_text() == GOOD
    assert sorted(p.name for p in tmp_path.iterdir()) == ["evening.toml"]


def test_read_only_file_is_not_replaced(tmp_path: Path) -> None:
    path = sheet_file(tmp_path)
    path.chmod(0o444)
    with raises_saying(SheetFileError, match="is read-only: the sheet is unchanged"):
        store.update(path, lambda s: s.add(Deal.passed()))
    assert path.read_text() == GOOD
    assert stat.S_IMODE(path.stat().st_mode) == 0o444


def test_mode_is_kept(tmp_path: Path) -> None:
    path = sheet_file(tmp_path)
    path.chmod(0o640)
    store.update(path, lambda s: s.add(Deal.passed()))
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_missing_file(tmp_path: Path) -> None:
    with raises_saying(SheetFileError, match=r"there is no sheet at .*: start one with"):
        store.load(tmp_path / "nope.toml")


def test_editing_the_last_deal_keeps_a_table_after_it(tmp_path: Path) -> None:
    text = GOOD.replace("[rules]\nwon_bonus = 50\n", "") + "\n[rules]\nlost_hand_single = true\n"
    path = sheet_file(tmp_path, text)
    store.update(path, lambda s: s.edit(2, Deal("Ben", GAME)))
    sheet = store.load(path)
    assert sheet.rules.lost_hand_single is True
    assert sheet.deals[1] == Deal("Ben", GAME)
    store.update(path, lambda s: s.undo())
    assert store.load(path).rules.lost_hand_single is True


def test_a_comment_above_a_deal_stays_with_it(tmp_path: Path) -> None:
    text = GOOD.replace("[[deal]]\npassed", "# after the break\n[[deal]]\npassed")
    path = sheet_file(tmp_path, text)
    store.update(path, lambda s: s.edit(1, Deal("Carl", GAME)))
    assert "# after the break\n[[deal]]\npassed = true" in path.read_text()


def test_an_export_never_replaces_a_sheet(tmp_path: Path) -> None:
    path = sheet_file(tmp_path)
    with raises_saying(
        SheetError, match=r"is a skatcalc file \(a sheet or a tournament\), or looks like one"
    ):
        store.write_text(path, "n,dealer\n")
    assert path.read_text() == GOOD


def test_a_sheet_behind_a_symbolic_link_is_changed_in_place(tmp_path: Path) -> None:
    real = sheet_file(tmp_path)
    link = tmp_path / "link.toml"
    link.symlink_to(real)
    store.update(link, lambda s: s.add(Deal.passed()))
    assert link.is_symlink()
    assert len(store.load(real).deals) == 3


# Each bad deal sits at a known line: the key it is about, worked out by counting the text.
_BAD_DEALS = """\
format = 1
players = ["Anna", "Ben", "Carl"]

[[deal]]
declarer = "Anna"
game = "clubs"
with = 12
points = 70

[[deal]]
declarer = "Anna"
game = "grand"
with = 2
points = 130

[[deal]]
declarer = "Anna"
game = "clubs"
with = 2
points = 70
bid = 19

[[deal]]
declarer = "Dora"
game = "clubs"
with = 2
points = 70

[[deal]]
declarer = "Anna"
game = "null"
hand = true
schneider = true
tricks = 0

[[deal]]
declarer = "Anna"
game = "grand"
with = 1
hand = true
discards = "D7 D8"
points = 70

[[deal]]
declarer = "Anna"
game = "grand"
with = 1
tricks = 11
points = 70

[[deal]]
declarer = "Anna"
game = "trumps"
with = 1
points = 70
"""
_BAD_LINES = [7, 14, 21, 24, 33, 41, 48, 53]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_bad_deal_has_the_same_line_in_every_language(lang: str) -> None:
    from skatcalc import words

    words.use(lang)
    assert [problem.line for problem in store.check(_BAD_DEALS)] == _BAD_LINES


def test_a_file_of_skatcalcs_own_is_written_beside_another_that_took_its_first_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``write_own`` makes its temp file under a name no file has (O_EXCL), trying another
    when the first is taken, mode 0600, and leaves no temp file behind."""
    from skatcalc.store import files

    drawn = iter([b"\0" * 6, b"\1" * 6, b"\0" * 6, b"\2" * 6])
    monkeypatch.setattr(os, "urandom", lambda n: next(drawn))
    taken = tmp_path / ".kept.parts.000000000000.tmp"
    taken.write_bytes(b"someone's")
    files.write_own(tmp_path / "kept.parts", b"one")
    files.write_own(tmp_path / "kept.parts", b"two")  # its first name taken again: the next
    assert (tmp_path / "kept.parts").read_bytes() == b"two"
    assert taken.read_bytes() == b"someone's"
    assert sorted(p.name for p in tmp_path.iterdir()) == [taken.name, "kept.parts"]
    if os.name == "posix":
        assert stat.S_IMODE((tmp_path / "kept.parts").stat().st_mode) == 0o600
