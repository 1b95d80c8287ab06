"""Shell completion (issue 30 point 5): option values, players and the deal words, in bash,
zsh and fish, through the program as the shell starts it.

Typer's completion scripts (``skatcalc --install-completion``, ``--show-completion``) call
``skatcalc`` with ``_SKATCALC_COMPLETE=complete_bash`` and ``COMP_WORDS``/``COMP_CWORD``
(bash), ``complete_zsh`` or ``complete_fish`` with ``_TYPER_COMPLETE_ARGS`` (zsh, fish; fish
with ``_TYPER_COMPLETE_FISH_ACTION=get-args``): Typer's order of Click's instruction
(``complete_bash`` where Click documents ``bash_complete``). These tests set the same
variables on a real process of the installed program.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.helpers import cli, new_sheet

PROGRAM = Path(sys.executable).with_name("skatcalc.exe" if os.name == "nt" else "skatcalc")
pytestmark = pytest.mark.skipif(not PROGRAM.exists(), reason="skatcalc is not installed")
ENV = {k: v for k, v in os.environ.items() if k not in ("PYTHONUNBUFFERED", "SKATCALC_LANG")}


def complete(shell: str, line: str, cwd: Path | None = None) -> list[str]:
    """What ``shell`` offers for the last word of ``line`` (after a space: a new word)."""
    env = {**ENV, "_SKATCALC_COMPLETE": f"complete_{shell}"}
    if shell == "bash":
        words = line.split(" ")
        env |= {"COMP_WORDS": line, "COMP_CWORD": str(len(words) - 1)}
    else:
        env["_TYPER_COMPLETE_ARGS"] = line
        if shell == "fish":
            env["_TYPER_COMPLETE_FISH_ACTION"] = "get-args"
    done = subprocess.run(
        [PROGRAM], env=env, cwd=cwd, capture_output=True, text=True, timeout=60, check=False
    )
    assert (done.returncode, done.stderr) == (0, ""), done
    return _offered(shell, done.stdout)


def _offered(shell: str, out: str) -> list[str]:
    if shell == "bash":
        return out.split()
    if shell == "fish":  # value TAB help
        return [line.split("\t")[0] for line in out.splitlines() if line]
    # zsh: _arguments '*: :(("value":"help"\n"value"))', or _files when nothing matches
    import re

    if "((" not in out:
        return []
    return re.findall(r'^\(?\(?"((?:[^"\\]|\\.)*)"', out.split("((", 1)[1], re.MULTILINE)


SHELLS = ["bash", "zsh", "fish"]


@pytest.mark.parametrize("shell", SHELLS)
@pytest.mark.parametrize(
    ("line", "offered"),
    [
        ("skatcalc sheet new x.toml --preset ", ["isko", "pub"]),
        ("skatcalc sheet new x.toml --scoring s", ["seeger-fabian", "standard"]),
        ("skatcalc sheet export x.toml --format ", ["csv", "json", "markdown", "html"]),
        ("skatcalc sheet export x.toml --list b", ["bierlachs"]),
        ("skatcalc tournament standings x.toml --format ", ["text", "csv", "markdown", "html"]),
        ("skatcalc season x.toml --format ", ["text", "csv", "html"]),
        ("skatcalc --lang ", ["en", "de"]),
        ("skatcalc value kr --lang d", ["de"]),
    ],
)
def test_option_values_complete(shell: str, line: str, offered: list[str]) -> None:
    assert complete(shell, line) == offered


@pytest.mark.parametrize("shell", SHELLS)
def test_players_and_deal_words_complete(shell: str, tmp_path: Path) -> None:
    path = new_sheet(tmp_path)  # Anna, Ben, Carl
    assert complete(shell, f"skatcalc sheet add {path} An") == ["Anna"]
    assert complete(shell, f"skatcalc sheet add {path} be") == ["ben"]  # as typed: Ben
    words = complete(shell, f"skatcalc sheet add {path} Anna gr")
    assert "grand" in words
    assert "Carl" in complete(shell, f"skatcalc sheet edit {path} 1 Ca")
    assert "kontra" in complete(shell, "skatcalc value kr ko")


@pytest.mark.parametrize("shell", SHELLS)
def test_a_name_completes_case_and_umlauts_aside(shell: str, tmp_path: Path) -> None:
    """As in the table mode: 'ba' is Bärbel; the shell keeps what was typed, so the word
    offered begins as typed, and the notation reads it as her name."""
    path = tmp_path / "s.toml"
    assert cli("sheet", "new", str(path), "Anna", "Bärbel", "Carl").code == 0
    assert complete(shell, f"skatcalc sheet add {path} Bä") == ["Bärbel"]
    assert complete(shell, f"skatcalc sheet add {path} ba") == ["barbel"]
    out = cli("sheet", "add", str(path), "barbel", "gr", "m1", "70")
    assert out.code == 0, out
    assert "Bärbel plays" in out.stdout


def test_a_sheet_that_does_not_read_still_completes_the_words(tmp_path: Path) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text("not a sheet [\n")
    assert "grand" in complete("bash", f"skatcalc sheet add {broken} gr")


@pytest.mark.parametrize(
    ("args", "shown"),
    [
        (["sheet", "new"], "--preset [isko|pub]"),
        (["sheet", "new"], "--scoring [seeger-fabian|standard|bierlachs]"),
        (["tournament", "new"], "--preset [isko|pub]"),
        (["sheet", "export"], "--format [csv|json|markdown|html]"),
        (["sheet", "export"], "--list [seeger-fabian|standard|bierlachs]"),
        (["sheet", "settle"], "--list [seeger-fabian|standard|bierlachs]"),
        (["tournament", "standings"], "--format [text|csv|markdown|html]"),
        (["season"], "--format [text|csv|html]"),
        ([], "--lang [en|de]"),
    ],
)
def test_help_shows_the_choices(args: list[str], shown: str) -> None:
    for lang in ("en", "de"):
        out = cli("--lang", lang, *args, "--help")
        assert out.code == 0
        assert shown in out.stdout, out.stdout
