"""Start-up stays lean: what a plain `value` call must not import (bench/startup.py times it)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.helpers import cli

PROBE = """
import json, sys
sys.argv = ["skatcalc", "value", "clubs", "--with", "2", "--hand", "--points", "56", "--json"]
from skatcalc.cli import main
try:
    main()
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)))
"""


def test_a_value_call_imports_neither_pydantic_nor_rich_nor_the_sheet() -> None:
    out = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=True
    ).stdout
    modules = json.loads(out.splitlines()[-1])
    assert json.loads(out.splitlines()[0])["score"] == -96
    banned_modules = (
        "pydantic", "rich", "rich.table", "tomllib", "tomli_w", "skatcalc.sheet",
        "prompt_toolkit",  # the table mode's line editor: 0.1-0.25 s (pyproject.toml)
        "fractions", "decimal",  # 2-3 ms together: money and stakes only (bench/startup.py)
        # the other commands' modules: only the command that runs is built (cli/lazy.py)
        "skatcalc.cli.sheet", "skatcalc.cli.tournament", "skatcalc.cli.bid",
        # no config file (the tests' XDG_CONFIG_HOME is empty): one look, nothing more read
        "skatcalc.store.files", "skatcalc.store.config", "skatcalc.cli.config",
    )  # fmt: skip
    for banned in banned_modules:
        assert banned not in modules, f"a plain value call imports {banned}"


WORDS_ONLY = """
import sys
sys.argv = ["skatcalc", "value", "clubs", "--with", "2", "--hand", "--points", "56"]
from skatcalc.cli import main
try:
    main()
except SystemExit:
    pass
print("json" in sys.modules)
"""


def test_a_value_call_in_words_does_not_import_json() -> None:
    out = subprocess.run(
        [sys.executable, "-c", WORDS_ONLY], capture_output=True, text=True, check=True
    ).stdout
    assert out.splitlines()[-1] == "False"


@pytest.mark.parametrize(
    "args",
    [["value", "--batch"], ["--lang", "en", "value", "--batch"], ["value", "--batch", "--lang=en"]],
)
def test_the_batch_answers_line_by_line_and_sums_up_the_failures(args: list[str]) -> None:
    """The exact call skips building the Typer app; through Typer the answer is the same."""
    lines = '{"game": "grand", "with": 4, "points": 95}\n{"game": "grand"}\n'
    done = subprocess.run(
        [sys.executable, "-m", "skatcalc", *args],
        input=lines,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 3
    first, second = done.stdout.splitlines()
    assert json.loads(first)["score"] == 144
    assert json.loads(second) == {
        "line": 2,
        "error": "grand needs its tops: give --with N or --without N (1 to 4), or the "
        "declarer's cards with --cards and --skat",
    }
    assert done.stderr == (
        'error: 1 line could not be scored; each has {"line": N, "error": ...} in the output\n'
    )


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--lang", "xx", "value", "--batch"], "error: unknown language 'xx': skatcalc speaks"),
        (["value", "--batch", "--lang", "xx"], "error: unknown language 'xx': skatcalc speaks"),
        (["value", "--batch", "--lang="], "error: --lang needs a language: en or de"),
        # Click's own usage error: an option that takes a value was given none
        (["value", "--batch", "--lang"], "Error: Option '--lang' requires an argument."),
    ],
)
def test_an_unknown_language_is_refused_on_the_batch_path_too(args: list[str], said: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "skatcalc", *args], input="", capture_output=True, text=True,
        check=False,
    )  # fmt: skip
    assert done.returncode == 2, args
    assert said in done.stderr
    assert done.stdout == ""


SHEET_ADD = """
import sys
sys.argv = ["skatcalc", "sheet", "add", sys.argv[1], "pass"]
from skatcalc.cli import main
try:
    main()
except SystemExit:
    pass
print("prompt_toolkit" in sys.modules, "skatcalc.cli.play" in sys.modules,
      "skatcalc.cli.tournament" in sys.modules)
"""


def test_only_the_table_mode_imports_prompt_toolkit(tmp_path: Path) -> None:
    sheet = tmp_path / "evening.toml"
    subprocess.run(
        [sys.executable, "-m", "skatcalc", "sheet", "new", str(sheet), "Anna", "Ben", "Carl"],
        capture_output=True, check=True,
    )  # fmt: skip
    out = subprocess.run(
        [sys.executable, "-c", SHEET_ADD, str(sheet)], capture_output=True, text=True, check=True
    ).stdout
    # the play command is registered (its module loaded), its line editor is not imported; the
    # tournament's commands are not built, nor their module imported
    assert out.splitlines()[-1] == "False True False"
    assert sheet.read_text().count("[[deal]]") == 1


MANY = """
import sys
sys.argv = ["skatcalc", "sheet", "stats", *sys.argv[1:]]
from skatcalc.cli import main
try:
    main()
except SystemExit:
    pass
print("rtoml" in sys.modules)
"""


def _evenings(folder: Path, count: int) -> list[str]:
    """``count`` evening sheets of one deal each in ``folder``, made by the CLI."""
    paths = []
    for n in range(count):
        path = folder / f"evening{n}.toml"
        assert cli("sheet", "new", str(path), "Anna", "Ben", "Carl").code == 0
        assert cli("sheet", "add", str(path), "an", "gr", "m1", "70").code == 0
        paths.append(str(path))
    return paths


def test_many_small_sheets_are_read_by_the_fast_reader_one_by_tomllib(tmp_path: Path) -> None:
    """An evening's sheet alone is read by tomllib (importing rtoml costs more than it saves);
    a command that reads many files imports rtoml once and reads each with it (issue 32
    item 7: 200 evening sheets read one by one with tomllib cost 2x the bare tomllib read)."""
    paths = _evenings(tmp_path, 3)
    from importlib.util import find_spec

    there = find_spec("rtoml") is not None  # an install without it (a phone) reads all by tomllib
    for given, fast in ((paths[:1], "False"), (paths, str(there))):
        out = subprocess.run(
            [sys.executable, "-c", MANY, *given], capture_output=True, text=True, check=True
        ).stdout
        assert out.splitlines()[-1] == fast, given


ADD_PROBE = """
import sys
already = "pathlib" in sys.modules
sys.argv = ["skatcalc", *sys.argv[1:]]
from skatcalc.cli import main
try:
    main()
except SystemExit:
    pass
print(already, *(name in sys.modules for name in ("pathlib", "fractions", "decimal")))
"""


def test_no_call_imports_what_it_does_not_need(tmp_path: Path) -> None:
    """``sheet add`` imports neither ``fractions`` nor ``decimal`` (money and stakes only),
    and a plain ``value`` call not ``pathlib`` (issue 32 item 9; where the interpreter has
    it already, an editable install's finder, that one is not asked)."""
    path = tmp_path / "evening.toml"
    assert cli("sheet", "new", str(path), "Anna", "Ben", "Carl").code == 0
    # what Typer itself imports is not ours to hold: Typer 0.29 (past the pin, CI forces it in)
    # brings pydantic, which imports decimal and fractions as a command runs (the pin's reason)
    from importlib.metadata import version

    pydantic_typer = tuple(int(x) for x in version("typer").split(".")[:2]) >= (0, 29)
    for args, banned in (
        (["sheet", "add", str(path), "an", "gr", "m1", "70"], ("fractions", "decimal")),
        (["value", "kr", "m2", "h", "56", "b20"], ("pathlib", "fractions", "decimal")),
    ):
        out = subprocess.run(
            [sys.executable, "-c", ADD_PROBE, *args], capture_output=True, text=True, check=True
        ).stdout.split()[-4:]
        already, found = out[0] == "True", dict(zip(("pathlib", "fractions", "decimal"),
                                                    (o == "True" for o in out[1:]), strict=True))  # fmt: skip
        for name in banned:
            if (name == "pathlib" and already) or (args[0] == "sheet" and pydantic_typer):
                continue
            assert not found[name], f"{args[0]} imports {name}"


BATCH_PROBE = """
import sys
already = "pathlib" in sys.modules
sys.argv = ["skatcalc", "value", "--batch"]
from skatcalc.cli import main
try:
    main()
except SystemExit as done:
    code = done.code
print(code, already, *(name in sys.modules for name in
      ("pathlib", "dataclasses", "skatcalc.store.config")), file=sys.stderr)
"""


def test_a_batch_with_a_failed_line_reads_no_config_file_it_lacks(tmp_path: Path) -> None:
    """The summary of ``value --batch``'s failed lines asks the config file for its language:
    where there is none, nothing more is imported (pathlib, the codec and dataclasses were 7 ms
    of the batch's start; issue 32 item 9)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("SKATCALC_")}
    env["XDG_CONFIG_HOME"] = str(tmp_path)  # no skatcalc/config.toml there
    done = subprocess.run(
        [sys.executable, "-c", BATCH_PROBE], input='{"game": "null", "bid": 30}\n',
        capture_output=True, text=True, env=env, check=True,
    )  # fmt: skip
    code, already, pathlib, dataclasses, config = done.stderr.split()[-5:]
    assert code == "3"
    assert (dataclasses, config) == ("False", "False")
    assert pathlib == "False" or already == "True"  # an editable install's finder has it


COLD = """
import sys
names = sys.argv[1].split(",")
sys.argv = ["skatcalc", *sys.argv[2:]]
from skatcalc.cli import main
try:
    main()
except SystemExit:
    pass
print(sorted(name for name in names if name in sys.modules))
"""

NOT_READING = ("tempfile", "skatcalc.sheet.stats", "fractions", "decimal",
               "skatcalc.tournament.prizes")  # fmt: skip


@pytest.mark.parametrize("cached", [False, True])
def test_a_cold_read_imports_only_what_its_answer_needs(tmp_path: Path, cached: bool) -> None:
    """``tournament standings`` counts no player's games, no prize and no fee: it imports
    neither the statistics nor fractions nor the prizes (6 ms of a cold run); a first run of
    it or of ``sheet stats`` writes what it keeps without tempfile (2.5 ms:
    ``files.write_own``). With no cache folder, and with an empty one."""
    from tests.tournament.test_standings_cache import cup

    env = {k: v for k, v in os.environ.items() if not k.startswith("SKATCALC_")}
    env["SKATCALC_CACHE_DIR"] = ""
    if cached:
        (tmp_path / "cache").mkdir(mode=0o700)
        env["SKATCALC_CACHE_DIR"] = str(tmp_path / "cache")
    evenings = _evenings(tmp_path, 2)
    for args, banned in (
        (["tournament", "standings", str(cup(tmp_path))], NOT_READING),
        (["sheet", "stats", *evenings], ("tempfile",)),
    ):
        done = subprocess.run(
            [sys.executable, "-c", COLD, ",".join(banned), *args], capture_output=True,
            text=True, env=env, check=True,
        )  # fmt: skip
        said, _, last = done.stdout.rstrip("\n").rpartition("\n")
        assert "Anna" in said, args  # answered, by the quick path
        assert last == "[]", args
    if cached:
        assert len(list((tmp_path / "cache").iterdir())) >= 1  # the sheets were kept, hashed
