"""Every command speaks one language: ``--lang de`` German throughout, ``--lang en`` English.

The commands are found in the Typer app itself, so a new command is walked as soon as it is
registered, and this test fails until it has a scenario here. For each command and language it
runs a success, ``--help`` and an error, on a sheet and a tournament made in a temp dir, and
looks for any word of the other language in what was printed.

A word "of the other language" is one of that language's exclusive vocabulary: a word in the
values of its word table (skatcalc/words/en.py, de.py) that never occurs in the other table's
values. Words both tables use (Grand, Null, Kontra, Bock, Ramsch, Seeger-Fabian, ...) are not
evidence either way, nor are the players' names and file names this test makes up, nor the
words of the deal notation (docs/notation.md), which reads German and English words alike and
which the help of either language quotes, nor the values the options take (``--list standard``,
``--bock-triggers hundred``) and the options themselves (``--all``), which are the same on
every command line. An error line starts with ``error:`` in English and ``Fehler:`` in German
(scripts look at the exit code: docs/exit-codes.md). An HTML page is read for its text: tag and class
names are not words a reader sees. JSON is not read: it is English by contract (docs/json.md).

``--help`` is checked like every other output: its texts come from the word tables, and so do
the labels Click and Typer write around them ("Usage:", "Options", "[default: ...]"), through
Click's documented ``Context.formatter_class`` (skatcalc/cli/help.py). Click's own usage errors
("Missing argument 'FILE'", "No such option") are worded by skatcalc/cli/usage.py and checked in
tests/cli/test_usage_words.py; the scenarios' errors here are skatcalc's own.
"""

from __future__ import annotations

import itertools
import os
import re
import shlex
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, fields
from pathlib import Path

import pytest

from skatcalc.cli.app import command as root
from skatcalc.cli.kinds import Command, Group
from skatcalc.notation import vocabulary
from skatcalc.sheet.model import (
    BockOverlap,
    BockTrigger,
    RamschSkat,
    RamschTies,
    Rules,
    ScoringList,
)
from skatcalc.words import de, en
from tests.cli.helpers import Outcome, cli

LANGUAGES = ("en", "de")
PLAYERS = ("Anna", "Ben", "Carl", "Dora", "Emil", "Fritz", "Gina", "Hanna")
FILES = ("a", "b", "e", "n", "t", "x", "toml", "json", "csv", "html", "md")
BOTH = {
    # Skat terms a German table says as the English one does, though one table happens to use
    # them only in one language's words so far
    "skat", "bock", "ramsch", "kontra", "re", "grand", "null", "hand", "ouvert", "schneider",
    "schwarz", "jungfrau", "durchmarsch", "bierlachs", "seeger", "fabian", "isko", "pub",
    "tandem", "ab", "skatcalc", "json", "csv", "html", "markdown", "toml", "stdin", "stdout",
}  # fmt: skip


VALUES = (
    frozenset(
        str(value)
        for choices in (ScoringList, BockOverlap, RamschSkat, RamschTies, BockTrigger)
        for value in choices
    )
    | {"kitty", "others", "text", "csv", "markdown", "html", "json", "isko", "pub"}
    | {field.name for field in fields(Rules)}
)
"""The values the options take (``--ramsch-ties last-trick``, ``--fee-to kitty``) and the
sheet file's rule keys (``won_bonus``, which the CSV export's rules rows carry as data, as the
TOML file does): the same words on a German command line as on an English one."""
_VALUE = re.compile(
    r"(?<![\w-])(?:--?[a-z][\w-]*|"
    + "|".join(sorted(map(re.escape, VALUES), key=len, reverse=True))
    + r")(?![\w-])"
)


def _words(text: str) -> set[str]:
    """The words of ``text``, lower case: letters only; placeholders, numbers, options
    (``--all``) and their values (``last-trick``) dropped, and single letters (``R: Re``,
    ``r20``), which are abbreviations in either language."""
    text = _VALUE.sub(" ", re.sub(r"\{[^}]*\}", " ", text))
    return {word.casefold() for word in re.findall(r"[^\W\d_]{2,}", text)}


def _table_words(table: dict[str, str]) -> set[str]:
    found: set[str] = set()
    for text in table.values():
        found |= _words(text)
    return found


def _ignored() -> set[str]:
    names = {word for name in (*PLAYERS, *FILES) for word in _words(name)}
    notation = {word for item in vocabulary() for word in _words(item)}
    return names | notation | BOTH


EXCLUSIVE = {
    "en": _table_words(en.WORDS) - _table_words(de.WORDS) - _ignored(),
    "de": _table_words(de.WORDS) - _table_words(en.WORDS) - _ignored(),
}
"""Each language's own words: what the other language must never print."""
OTHER = {"en": "de", "de": "en"}


# --- the commands ----------------------------------------------------------------------------


def _commands() -> list[str]:
    """Every command that runs something (the leaves of the app), as ``"sheet add"``."""
    found: list[str] = []

    def walk(command: object, path: list[str]) -> None:
        if isinstance(command, Group):
            for name, sub in command.commands.items():
                walk(sub, [*path, name])
        else:
            found.append(" ".join(path))

    walk(root(), [])
    return found


@dataclass(frozen=True)
class Scenario:
    """A command's runs: ``ok`` succeeds, ``error`` fails with ``code`` (one ``error:`` line).

    Arguments are one shell line each, ``{stake}`` filled in per language; ``stdin`` feeds
    the command (``sheet play``, ``--batch``).
    """

    ok: str
    error: str
    code: int
    ok_stdin: str | None = None
    error_stdin: str | None = None
    also: tuple[str, ...] = ()
    """More runs that succeed: the other formats of a command that writes several."""
    error_config: str | None = None
    """The text of a config file the error run reads (XDG_CONFIG_HOME pointed at it)."""


SCENARIOS: dict[str, Scenario] = {
    "value": Scenario("value clubs --with 2 --points 70 --kontra", "value grand --with 5", 3),
    "bid": Scenario('bid --cards "SJ HJ CA CT CK CQ C9 SA ST H7"', 'bid --cards "SJ SJ"', 3),
    "sheet new": Scenario("sheet new n.toml Anna Ben Carl Dora --preset pub --bock-length 4",
                          "sheet new n.toml Anna Ben Carl --preset zz", 2),
    "sheet add": Scenario("sheet add a.toml carl gr o1 92", "sheet add a.toml hugo kr m2 56", 3),
    "sheet pass": Scenario("sheet pass a.toml", "sheet pass gone.toml", 5),
    "sheet undo": Scenario("sheet undo a.toml", "sheet undo e.toml", 4),
    "sheet edit": Scenario("sheet edit a.toml 1 anna gr o1 70",
                           "sheet edit a.toml 1 --passed --ramsch Anna=62", 2),
    "sheet show": Scenario("sheet show a.toml --all --chart", "sheet show a.toml --all --last 2",
                           2, also=("sheet show a.toml --last 2",)),
    "sheet rules": Scenario("sheet rules a.toml --ramsch-ties split --bock-length 4",
                            "sheet rules a.toml --bock-overlap zz", 2),
    "sheet ramsch": Scenario("sheet ramsch a.toml Anna=62 Ben=58 Carl=0 --jungfrau Carl",
                             "sheet ramsch a.toml Anna=zz Ben=58 Carl=0", 4),
    "sheet export": Scenario("sheet export a.toml --format markdown",
                             "sheet export a.toml --format pdf", 2,
                             also=("sheet export a.toml --format html",
                                   "sheet export a.toml --format csv",
                                   "sheet export a.toml --format html -o p.html")),
    "sheet import": Scenario("sheet import x.json b.toml", "sheet import x.json a.toml", 4),
    "sheet stats": Scenario("sheet stats a.toml", "sheet stats a.toml gone.toml", 5),
    "sheet settle": Scenario("sheet settle a.toml --stake {stake} --lost-fee {stake}",
                             "sheet settle a.toml --stake zz", 2,
                             also=("sheet settle a.toml --stake {stake} --entry {stake} "
                                   "--card-money {stake} --passed-fee {stake} --prize "
                                   "Anna={stake} --carried {stake}",)),
    "season": Scenario("season a.toml t.toml --min-series 1 --best 2",
                       "season a.toml --best 0", 2,
                       also=("season a.toml t.toml --format csv",
                             "season a.toml t.toml --format html")),
    "sheet check": Scenario("sheet check a.toml", "sheet check bad.toml", 5),
    "sheet play": Scenario("sheet play a.toml", "sheet play a.toml", 2,
                           ok_stdin="ben kr m2 h 56\nundo\nhelp\npass\nquit\n",
                           error_stdin="edit 1\nquit\n"),
    "tournament new": Scenario("tournament new n.toml Anna Ben Carl Dora --series 2",
                               "tournament new n.toml Anna Ben Carl --preset zz", 2,
                               also=("tournament new m.toml Anna Ben Carl --tables threes",)),
    "tournament draw": Scenario("tournament draw t.toml --seed 7",
                                "tournament draw t.toml --seeded", 4,
                                also=("tournament close t.toml --series 1 --table 2",
                                      "sheet pass t-s2-t1.toml",  # a table closes with a deal
                                      "sheet pass t-s2-t2.toml",
                                      "tournament close t.toml --series 2 --table 1",
                                      "tournament close t.toml --series 2 --table 2",
                                      "tournament draw t.toml --seeded",
                                      "tournament show t.toml")),
    "tournament close": Scenario("tournament close t.toml --series 1 --table 2",
                                 "tournament close t.toml --series 1 --table 9", 4,
                                 also=("tournament close t.toml --series 1 --table 2 --reopen",)),
    "tournament join": Scenario("tournament join t.toml Hanna", "tournament join t.toml Anna", 4),
    "tournament leave": Scenario("tournament leave t.toml Gina", "tournament leave t.toml Hugo",
                                 4),
    "tournament team": Scenario("tournament team t.toml AB Anna Ben",
                                "tournament team t.toml AB Anna Hugo", 4),
    "tournament plan": Scenario("tournament plan t.toml --series 4",
                                "tournament plan t.toml --series 0", 4),
    "tournament show": Scenario("tournament show t.toml", "tournament show gone.toml", 5),
    "tournament standings": Scenario("tournament standings t.toml --fee {stake}",
                                     "tournament standings t.toml --format pdf", 2,
                                     also=("tournament standings t.toml --format csv --fee {stake}",
                                           "tournament standings t.toml --format markdown "
                                           "--fee {stake} --fee-from 4 {stake}",
                                           "tournament standings t.toml --format html -o s.html",
                                           "tournament standings t.toml --fee-from 4 {stake} "
                                           "--fee {stake} --format html")),
    "tournament result": Scenario("tournament result p.toml --series 1 --table 1 Anna=100/1/0 "
                                  "Ben=0/0/0 Carl=0/0/0",
                                  "tournament result p.toml --series 1 --table 1 Anna=1/0/0 "
                                  "Hugo=0/0/0 Ben=0/0/0", 4),
    "tournament category": Scenario("tournament category t.toml Damen Dora Gina",
                                    "tournament category t.toml Damen Hugo", 4),
    "tournament cards": Scenario("tournament cards t.toml --series 1",
                                 "tournament cards t.toml --series 9", 4),
    # serving runs until Ctrl-C: its help in place of a run (its page's words: test_serve.py)
    "sheet serve": Scenario("sheet serve a.toml --help", "sheet serve gone.toml", 5),
    "tournament serve": Scenario("tournament serve t.toml --help", "tournament serve gone.toml",
                                 5),
    "docs": Scenario("docs", "", 0),  # it reads nothing and takes nothing: it cannot fail
    "config": Scenario("config", "config", 5,
                       error_config='preset = "pub"\n[rules]\nbock_length = 99\n'),
}  # fmt: skip
STAKE = {"en": "0.05", "de": "0,05"}

# --- the runs --------------------------------------------------------------------------------


def _setup(root: Path) -> None:
    """A pub sheet with a few deals (a.toml), an empty one (e.toml), a broken one (bad.toml),
    its JSON export (x.json), and a tournament of seven with a series drawn (t.toml): a pair,
    table 1 closed with one passed deal (counted), table 2 open at one passed deal (its players
    listed apart); and a tournament of three drawn, its table's sheet empty (p.toml)."""
    for line in (
        "sheet new a.toml Anna Ben Carl --preset pub",
        "sheet add a.toml ben kr m2 h 56",
        "sheet add a.toml anna gr o1 70 kontra",
        "sheet pass a.toml",
        "sheet ramsch a.toml Anna=62 Ben=58 Carl=0 --jungfrau Carl",
        "sheet add a.toml carl null lost",
        "sheet new e.toml Anna Ben Carl",
        "sheet export a.toml --format json -o x.json",
        "tournament new t.toml Anna Ben Carl Dora Emil Fritz Gina --series 3",
        "tournament team t.toml Duo Carl Dora",
        "tournament draw t.toml --seed 4711",
        "sheet pass t-s1-t1.toml",  # a table with no deal entered is not closed
        "sheet pass t-s1-t2.toml",
        "tournament close t.toml --series 1 --table 1",
        "tournament new p.toml Anna Ben Carl --series 1",  # a table to type a paper list for
        "tournament draw p.toml --seed 1",
    ):
        done = _invoke("en", line)
        assert done.code == 0, (line, done.stdout, done.stderr)
    (root / "bad.toml").write_text(
        (root / "a.toml").read_text(encoding="utf-8").replace("points = 56", "points = 156"),
        encoding="utf-8",
    )


def _invoke(lang: str, line: str, stdin: str | None = None) -> Outcome:
    args = shlex.split(line.format(stake=STAKE[lang]))
    result = cli("--lang", lang, *args, input=stdin)
    return result


PREFIX = {"en": "error: ", "de": "Fehler: "}
"""An error line's first word in each language."""


@pytest.fixture
def place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> Iterator[Path]:
    """A temp dir as the working directory, so no printed path holds a word of its own."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "100")
    # a config folder whose path holds no word (`skatcalc config` prints it)
    # digits only: a random name (mkdtemp's) can hold a word of either language ("er")
    for n in itertools.count():
        home = os.path.join(tempfile.gettempdir(), f"{os.getpid()}{n}")
        try:
            os.mkdir(home)
            break
        except FileExistsError:
            continue
    request.addfinalizer(lambda: shutil.rmtree(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", home)
    _setup(tmp_path)
    yield tmp_path


def _leaks(text: str, lang: str) -> list[str]:
    """The words of the other language in ``text``, each with the line it stands in."""
    found = []
    if "<html" in text:
        text = re.sub(r"(?s)<style.*?</style>|<[^>]*>", " ", text)
    for printed in text.splitlines():
        line = printed.removeprefix(PREFIX[lang])
        foreign = sorted(_words(line) & EXCLUSIVE[OTHER[lang]])
        if foreign:
            found.append(f"{foreign}: {line}")
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("command", _commands())
def test_the_command_speaks_one_language(place: Path, command: str, lang: str) -> None:
    assert command in SCENARIOS, f"'{command}' has no scenario in {__name__}.SCENARIOS"
    scenario = SCENARIOS[command]
    ok = _invoke(lang, scenario.ok, scenario.ok_stdin)
    assert ok.code == 0, (ok.stdout, ok.stderr)
    assert ok.stdout.strip()
    if scenario.error_config is not None:
        home = Path(os.environ["XDG_CONFIG_HOME"])
        (home / "skatcalc").mkdir()
        (home / "skatcalc" / "config.toml").write_text(scenario.error_config)
    error = _invoke(lang, scenario.error or "--version", scenario.error_stdin)
    assert error.code == scenario.code, (error.stdout, error.stderr)
    errors = [line for line in error.stderr.splitlines() if line.startswith(PREFIX[lang])]
    assert errors or not scenario.error, error.stderr
    helped = _invoke(lang, f"{command} --help")
    assert helped.code == 0
    assert helped.stdout.startswith(("Usage: skatcalc ", "Aufruf: skatcalc "))
    said = ok.stdout + ok.stderr + error.stdout + error.stderr + helped.stdout
    for line in scenario.also:
        more = _invoke(lang, line)
        assert more.code == 0, (line, more.stdout, more.stderr)
        said += more.stdout + more.stderr
    assert not _leaks(said, lang), "\n".join(_leaks(said, lang))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    "group", ["", "sheet", "tournament"], ids=["skatcalc", "sheet", "tournament"]
)
def test_the_help_of_a_group_speaks_one_language(group: str, lang: str) -> None:
    helped = _invoke(lang, f"{group} --help")
    assert helped.code == 0
    assert not _leaks(helped.stdout, lang), "\n".join(_leaks(helped.stdout, lang))


def test_the_help_follows_lang_wherever_it_stands() -> None:
    """The help is put in words when it is shown, after ``--lang`` was read (before ``--help``
    on the line: Click acts on eager options in the order they stand)."""
    for line in (
        ["sheet", "new", "--lang", "de", "--help"],
        ["--lang", "de", "sheet", "new", "--help"],
    ):
        german = cli(*line).stdout
        assert german.startswith("Aufruf: skatcalc sheet new [OPTIONEN] {DATEI} {SPIELER...}\n")
        assert "\nArgumente:\n" in german and "\nOptionen:\n" in german
        assert "  --preset [isko|pub]  " in german and "[Vorgabe: isko]" in german
    english = cli("sheet", "new", "--lang", "en", "--help").stdout
    assert english.startswith("Usage: skatcalc sheet new [OPTIONS] {FILE} {PLAYER...}\n")
    assert "  --preset [isko|pub]  " in english and "[default: isko]" in english


def test_every_rule_is_an_option_of_the_commands_that_set_rules() -> None:
    """A rule of ``Rules`` is one option, declared once: ``sheet new``, ``sheet rules`` and
    ``tournament new`` all list it, with its words, in both languages; ``tournament new`` all
    but a sheet's length (``SHEET_ONLY``: its ``--three`` and ``--four`` are the lengths)."""
    from dataclasses import fields

    from skatcalc.sheet.model import Rules

    flags = [f"--{field.name.replace('_', '-')}" for field in fields(Rules)]
    assert len(flags) == 29
    sheet_only = ["--series-length", "--series-count"]
    for lang in LANGUAGES:
        for command in ("sheet new", "sheet rules", "tournament new"):
            shown = _invoke(lang, f"{command} --help").stdout
            listed = [f for f in flags if f"  {f} " in shown or f"  {f}/" in shown]
            wanted = [f for f in flags if command != "tournament new" or f not in sheet_only]
            assert listed == wanted, (command, lang)


def test_every_option_has_its_words_in_both_languages() -> None:
    """Every command, argument and option of the app has its help in the word tables: the code
    declares none, so a missing key would show no help."""
    from skatcalc import words

    missing: list[str] = []
    for lang in LANGUAGES:
        words.use(lang)
        _unsaid(root(), (), f"{lang}:", missing)
    assert not missing


def _unsaid(command: object, path: tuple[str, ...], lang: str, missing: list[str]) -> None:
    """Add to ``missing`` what of ``command`` and the commands under it has no help."""
    from skatcalc.cli.help import describe

    assert isinstance(command, Command | Group)
    describe(command, path)
    if not command.help or (not isinstance(command, Group) and not command.epilog):
        missing.append(f"{lang} {' '.join(path)}")
    missing += [
        f"{lang} {' '.join(path)} {p.name}" for p in command.params if not (p.hidden or p.help)
    ]
    for name, sub in getattr(command, "commands", {}).items():
        _unsaid(sub, (*path, name), lang, missing)


def test_the_command_lines_own_words_in_german(place: Path) -> None:
    """What skatcalc/cli says itself, exactly: the walk above finds no foreign word, this pins
    the German sentences and the German decimal comma."""
    refused = _invoke("de", "sheet export a.toml --format pdf")
    assert (refused.code, refused.stderr) == (
        2,
        "Fehler: unbekanntes Exportformat 'pdf': erwartet csv, json, markdown oder html\n",
    )
    wrote = _invoke("de", "sheet export a.toml --format html -o p.html")
    assert (wrote.code, wrote.stderr) == (0, "p.html geschrieben\n")
    fee = _invoke("de", "tournament standings t.toml --fee 0,50 --currency €")
    assert fee.code == 0, fee.stderr
    # a decimal comma is read in English too (a German table types it so, whatever language
    # skatcalc speaks; a new user found 0,05 refused in English and taken in German)
    english = _invoke("en", "tournament standings t.toml --fee 0,50")
    assert (english.code, english.stderr) == (0, "")
    assert "Fee: 0.50 a lost game." in english.stdout
    imported = _invoke("de", "sheet import x.json b.toml")
    assert imported.stdout.splitlines()[0] == (
        "5 Spiele in b.toml übernommen (Spiele 1 bis 5): 3 gespielt, 1 eingepasst, 1 Ramsch"
    )
