"""Start-up stays lean: what a plain `value` call must not import (bench/startup.py times it)."""

from __future__ import annotations

import json
import subprocess
import sys

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
    for banned in ("pydantic", "rich", "rich.table", "tomllib", "tomli_w", "skatcalc.sheet"):
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


def test_the_batch_fast_path_answers_like_the_command() -> None:
    lines = '{"game": "grand", "with": 4, "points": 95}\n{"game": "grand"}\n'
    done = subprocess.run(
        [sys.executable, "-m", "skatcalc", "value", "--batch"],
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


def test_an_unknown_language_is_refused_on_the_batch_path_too() -> None:
    for args in (["--lang", "xx", "value", "--batch"], ["value", "--batch", "--lang"]):
        done = subprocess.run(
            [sys.executable, "-m", "skatcalc", *args], input="", capture_output=True, text=True,
            check=False,
        )  # fmt: skip
        assert done.returncode == 2, args
        assert done.stderr.startswith("error: ")
