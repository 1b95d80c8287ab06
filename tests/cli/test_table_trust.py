"""Issue 29 ("The table trusts it"), items 2, 4, 5 and 9, as a player meets them: through a real
pseudo-terminal (the screen as pyte draws it, tests/terminal.py) at 80 and 40 columns, in English
and German; item 5 also through a pipe, as a script feeds the table mode. Every score is worked by
hand from skat-scoring.md beside it.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.cli.helpers import cli
from tests.terminal import TIMEOUT, answer, environment, fits, terminals

NAMES = ("Anna", "Ben", "Carl")
SCREENS = [(80, "en"), (40, "en"), (80, "de"), (40, "de")]
PROMPT = {"en": "Deal {n} · {dealer} deals >", "de": "Spiel {n} · {dealer} gibt >"}


@pytest.fixture
def spawn(tmp_path: Path) -> Iterator[Any]:
    """``skatcalc --lang LANG sheet play FILE`` in a pseudo-terminal COLS wide; killed at the
    end."""
    with terminals(tmp_path, lambda lang: environment(tmp_path, lang)) as start:
        yield lambda cols, lang, path: start(
            ["sheet", "play", path.name], cols=cols, rows=30, lang=lang
        )


def _sheet(tmp_path: Path, *args: str) -> Path:
    path = tmp_path / "abend.toml"
    done = cli("sheet", "new", str(path), *NAMES, *args)
    assert done.code == 0, done
    return path


def _prompt(lang: str, n: int) -> str:
    return PROMPT[lang].format(n=n, dealer=NAMES[(n - 1) % 3])


# --- 2. Tab completes a whole word and the space after it ----------------------------------------


@pytest.mark.parametrize(("cols", "lang"), SCREENS)
def test_tab_completes_a_word_and_its_space(
    spawn: Any, tmp_path: Path, cols: int, lang: str
) -> None:
    path = _sheet(tmp_path)
    child = spawn(cols, lang, path)
    child.expect_exact(_prompt(lang, 1))
    # no space typed: Tab puts it after each whole word, so this is Ben's grand with 1, 70 points
    # (each Tab waits for the screen, as a person's eye does: the completion is computed
    # while the line editor goes on reading keys)
    child.send("be\t")
    child.expect_exact("Ben")
    child.send("gra\t")
    child.expect_exact("Ben grand")
    child.send("m1 70\r")
    # grand with 1: 2 x 24 = 48, won: +48
    won = {"en": "Deal 1, Ben: Grand · with 1", "de": "Nr. 1, Ben: Grand · mit 1"}[lang]
    child.expect_exact(won)
    child.expect_exact(_prompt(lang, 2))
    assert any(line.endswith("> Ben grand m1 70") for line in child.lines()), child.lines()
    fits(child.lines(), cols, NAMES)
    assert 'declarer = "Ben"' in path.read_text()


# --- 4. an overbid's one line names the bid and the covering value ------------------------------


@pytest.mark.parametrize(("cols", "lang"), SCREENS)
def test_an_overbid_says_its_bid_and_covering_value(
    spawn: Any, tmp_path: Path, cols: int, lang: str
) -> None:
    path = _sheet(tmp_path)
    child = spawn(cols, lang, path)
    child.expect_exact(_prompt(lang, 1))
    # clubs without 3: game 4 x 12 = 48 < bid 50; the lowest clubs value reaching 50 is
    # 5 x 12 = 60, lost doubled: -120
    said = " ".join(line.strip() for line in answer(child, "be kr o3 70 b50", _prompt(lang, 2)))
    wanted = {
        "en": "overbid, bid 50 > 48: counted as 60, -120",
        "de": "überreizt, Reizwert 50 > 48: gewertet als 60, -120",
    }[lang]
    assert wanted in said, said
    fits(child.lines(), cols, NAMES)


# --- 9. a deal entered in another shell is said, and the prompt follows ---------------------------


@pytest.mark.parametrize(("cols", "lang"), SCREENS)
def test_a_deal_from_another_shell_is_said_while_the_prompt_waits(
    spawn: Any, tmp_path: Path, cols: int, lang: str
) -> None:
    path = _sheet(tmp_path)
    child = spawn(cols, lang, path)
    child.expect_exact(_prompt(lang, 1))
    child.send("ca")  # half a line typed: it stays
    child.expect_exact("ca")
    other = subprocess.run(
        [sys.executable, "-m", "skatcalc", "sheet", "add", str(path), "be", "gr", "m1", "70"],
        env=environment(tmp_path, lang), capture_output=True, text=True, timeout=TIMEOUT,
        check=False,
    )  # fmt: skip
    assert other.returncode == 0, other.stderr
    # nothing typed: the deal is said, and the prompt names deal 2
    said = {
        "en": "Came in from elsewhere: Deal 1, Ben:",
        "de": "Anderswo eingetragen: Nr. 1, Ben:",
    }[lang]
    # the notice is drawn where the prompt was, the prompt again below it: read from that row
    child.at = (child.began[0], 0)
    child.expect_exact(said)
    child.expect_exact(_prompt(lang, 2))
    # grand with 1 won: 2 x 24 = +48, Seeger-Fabian +50: Ben +98 (Be at 40 columns)
    assert re.search(r"\bBen?\s\+98", " ".join(child.lines())), child.lines()
    child.send(" he m1 70\r")  # Carl's hearts with 1 is deal 2, as the prompt says
    child.expect_exact({"en": "Deal 2, Carl: Hearts", "de": "Nr. 2, Carl: Herz"}[lang])
    child.expect_exact(_prompt(lang, 3))
    fits(child.lines(), cols, NAMES)
    declarers = [line for line in path.read_text().splitlines() if line.startswith("declarer")]
    assert declarers == ['declarer = "Ben"', 'declarer = "Carl"']


# --- 5. pass on a sheet that plays a Ramsch: asked at a terminal, told in a pipe ------------------


@pytest.mark.parametrize(("cols", "lang"), SCREENS)
def test_pass_on_a_ramsch_sheet_asks_for_the_ramsch(
    spawn: Any, tmp_path: Path, cols: int, lang: str
) -> None:
    path = _sheet(tmp_path, "--ramsch")
    child = spawn(cols, lang, path)
    child.expect_exact(_prompt(lang, 1))
    child.enter("pass" if lang == "en" else "passe")
    child.expect_exact("Ramsch >")
    asked = " ".join(" ".join(child.lines()).split())
    wanted = {
        "en": "this sheet plays a Ramsch then: type each player's card points now "
        "(e.g. 'an=62 be=58 ca=0 jf=ca'), or Enter for a plain pass:",
        "de": "auf dieser Liste wird dann Ramsch gespielt: gib jetzt die Augen jedes Spielers "
        "ein (z. B. 'an=62 be=58 ca=0 jf=ca'), oder Enter für ein Einpassen ohne Ramsch:",
    }
    assert wanted[lang] in asked, asked
    # the card points, as asked (the word ramsch not needed): Anna took the most, 62, and loses
    # them; Carl took no trick (Jungfrau), which doubles the loss: 2 x 62 = -124
    said = answer(child, "an=62 be=58 ca=0 jf=ca", _prompt(lang, 2))
    assert re.search(r"\bAnn?a?\s-124\b", " ".join(said)), said
    fits(child.lines(), cols, NAMES)
    # asked again, Enter: a plain pass
    child.enter("pass" if lang == "en" else "passe")
    child.expect_exact("Ramsch >")
    said = answer(child, "", _prompt(lang, 3))
    passed = {"en": "Deal 2, dealer Ben: everybody passed", "de": "Spiel 2, Geber Ben: eingepasst"}
    assert passed[lang] in " ".join(said), said
    fits(child.lines(), cols, NAMES)
    # asked a third time, Ctrl-C: neither is entered, deal 3 is still to come
    child.enter("pass" if lang == "en" else "passe")
    child.expect_exact("Ramsch >")
    child.send("\x03")
    child.expect_exact({"en": "(line dropped: Ctrl-C)", "de": "(Zeile verworfen: Strg-C)"}[lang])
    child.expect_exact(_prompt(lang, 3))
    text = path.read_text()
    assert text.count("[[deal]]") == 2
    assert "ramsch" in text.split("[[deal]]")[1]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_typo_at_the_ramsch_prompt_says_what_a_ramsch_line_is_and_asks_again(
    spawn: Any, tmp_path: Path, lang: str
) -> None:
    path = tmp_path / "abend.toml"
    assert cli("sheet", "new", str(path), *NAMES, "Dora", "--ramsch").code == 0
    child = spawn(80, lang, path)
    child.expect_exact({"en": "Deal 1 · Anna deals", "de": "Spiel 1 · Anna gibt"}[lang])
    child.enter("pass" if lang == "en" else "passe")
    child.expect_exact("Ramsch >")
    # a word no Ramsch line holds: what a Ramsch line is (Anna deals and sits out: Ben, Carl,
    # Dora play), not a deal line's words, and the same prompt again
    said = " ".join(" ".join(answer(child, "liste", "Ramsch >")).split())
    wanted = {
        "en": "error: unknown word 'liste': a Ramsch line holds each player's card points, "
        "e.g. 'be=62 ca=58 do=0 jf=do' (jf= names who took no trick); nothing was recorded: "
        "type the Ramsch line, or Enter for a plain pass",
        "de": "Fehler: unbekanntes Wort 'liste': eine Ramsch-Zeile hat die Augen jedes Spielers, "
        "z. B. 'be=62 ca=58 do=0 jf=do' (jf= nennt, wer keinen Stich bekam); nichts "
        "eingetragen: gib die Ramsch-Zeile ein, oder Enter für ein Einpassen ohne Ramsch",
    }
    assert wanted[lang] in said, said
    assert "[[deal]]" not in path.read_text()
    # asked again, the Ramsch line: Ben took the most, 62, and loses them twice (Dora's
    # Jungfrau): -124; deal 2 comes next
    said = answer(child, "be=62 ca=58 do=0 jf=do", {"en": "Deal 2", "de": "Spiel 2"}[lang])
    assert re.search(r"\bBen\s-124\b", " ".join(said)), said
    assert path.read_text().count("[[deal]]") == 1


@pytest.mark.parametrize("lang", ["en", "de"])
def test_pass_on_a_ramsch_sheet_in_a_pipe_says_how_to_enter_it(tmp_path: Path, lang: str) -> None:
    path = _sheet(tmp_path, "--ramsch")
    done = cli("--lang", lang, "sheet", "play", str(path), input="pass\n")
    assert done.code == 0, done  # the pass is entered as typed: nothing asked, nothing refused
    passed = {
        "en": "Deal 1, dealer Anna: everybody passed",
        "de": "Spiel 1, Geber Anna: eingepasst",
    }
    assert passed[lang] in done.stdout
    how = {
        "en": "note: this sheet plays a Ramsch when everybody passes; if this deal was one, undo",
        "de": "Hinweis: auf dieser Liste wird bei Einpassen Ramsch gespielt",
    }
    assert done.stderr.startswith(how[lang]), done.stderr
    assert "'ramsch an=62 be=58 ca=0'" in done.stderr
    assert "Ramsch >" not in done.stdout + done.stderr
