"""``value``'s answers, built once for both paths, and a plain ``value`` call answered without
Typer.

Importing Typer is about 80 % of a bare one-command Typer app, and building the ``value``
command reads the type hints of its options (docs/performance.md): more than the whole work of
scoring a game. The plain call is the most common one (``skatcalc value kr m2 h 56 b20``), so
:func:`value` reads it here, narrowly: the words of the deal notation and the usual options
(the game's options, the scoring rules' ``--grand-base``, ``--lost-hand-single`` and
``--grand-ouvert-base``, ``--bock``, ``--json``), each
given at most once, as ``--opt VALUE`` or ``--opt=VALUE``, numbers as ASCII digits. It answers
only when all goes well; anything else, help, ``--lang``, ``--batch``, ``--``, a word or value
that starts with ``-``, an unknown or repeated option, a refused game, any error, is answered
by Typer as always (:func:`skatcalc.cli.main` asks this first). The answer is the one Typer's
command gives: both paths score with :func:`scored` and write with :func:`answer`, and
``value --batch`` starts in :func:`batch` on both (tests/cli/test_quick.py runs generated
command lines both ways; tests/cli/test_one_answer.py sees both paths call these).

``sheet stats FILE...`` (with ``--json`` or without) is answered here too (:func:`stats`):
over a season of 200 evening sheets, the Typer app's import and build were 30 of 270 ms
(bench/fast.py ``many``, whole processes). Both paths read and write with
:func:`season_stats` and :func:`show_stats` (tests/cli/test_quick_stats.py runs command lines
both ways).

``tournament standings FILE`` (with ``--json``, ``--format F``, ``--after N``, each at most
once, to a pipe or a file) is answered here too (:func:`standings`): over bench/tournament.py's
198 table sheets, with each table's part kept, the Typer app's import and build were about 35
of some 150 ms (``python -X importtime``; bench/fast.py ``many``). Both paths make the page with
:func:`standings_text` (tests/tournament/test_standings_cache.py runs command lines both
ways).

Light on purpose: it imports no Typer, and what it needs only when it runs.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from contextlib import AbstractContextManager
    from pathlib import Path

    from skatcalc.formats import StandingsFormat
    from skatcalc.sheet.stats import Stats
    from skatcalc.spec import ScoringRules
    from skatcalc.tournament.model import Tournament
    from skatcalc.tournament.prizes import PrizeRule
    from skatcalc.tournament.standings import FeeRule, Read, Standings
    from skatcalc.value import Scoring

__all__ = [
    "answer", "batch", "distinct_files", "scored", "season_stats", "show_stats", "standings",
    "standings_text", "stats", "value",
]  # fmt: skip

_DIGITS = frozenset("0123456789")


def scored(
    words: Sequence[str],
    options: Mapping[str, Any],
    *,
    bock: bool,
    rules: ScoringRules,
    guard: Callable[[], AbstractContextManager[object]] | None = None,
) -> Scoring:
    """The game ``value``'s ``words`` and game ``options`` (by field; None: not given) name,
    scored under the scoring ``rules`` (and ``bock``, or the words' ``bock``). A
    :class:`SkatError` when it is no game or the rules refuse it: raised inside ``guard()``
    (the Typer command's ``reported``), so that it is worded as it was entered. A line of the
    notation (``kr 56``) is answered in the notation; a game named alone (``clubs``) or with
    options (``clubs --points 56``) in the options."""
    from contextlib import nullcontext

    from skatcalc.notation import Kind, NotationError, combine, parse
    from skatcalc.spec import GameSpec
    from skatcalc.words import entered

    given = len(words) < 2 or any(value is not None for value in options.values())
    with entered("options" if given else "words"), (guard or nullcontext)():
        line = parse(words)
        if line.kind is not Kind.GAME:
            raise NotationError("err.notation.value_kind", kind=line.kind.value)
        spec = GameSpec(**combine(line, options))
        scoring = spec.score(bock=bock or line.bock, rules=rules)
        line.confirm(scoring)
    return scoring


def answer(scoring: Scoring, as_json: bool) -> None:
    """Write ``value``'s answer: the scoring in words, or as one JSON line."""
    if as_json:
        from skatcalc.cli.output import fit_streams
        from skatcalc.formats.json import scoring_json

        fit_streams(json_lines=True)  # JSON escapes where the encoding lacks a sign
        sys.stdout.write(scoring_json(scoring) + "\n")
    else:
        from skatcalc.cli.output import write
        from skatcalc.words import report

        write(report.lines(scoring))


def batch() -> int:
    """``value --batch``: score JSON lines from stdin, one answer line each, in order; the
    number of lines that failed (their answers flushed, so the summary the caller says about
    them comes after)."""
    from skatcalc.batch import gathering, read_lines, run
    from skatcalc.cli.output import fit_streams
    from skatcalc.cli.streams import games_in, patient

    fit_streams(json_lines=True)  # JSON escapes where the encoding lacks a sign
    out = patient(sys.stdout)  # a non-blocking stdout written whole, never dropped
    # a co-process: what is answered goes out before a read that would wait for more games;
    # from a file, 64 answers at a time (batch.run)
    games, waits = games_in(sys.stdin, out.flush)
    failed = run(read_lines(games), out.write, gathered=gathering(out) and not waits)
    out.flush()  # the answers first, then the summary; a stdout replaced by patient() too
    return failed


def value(args: Sequence[str]) -> int | None:
    """Answer ``skatcalc value ARGS`` when it is a plain call that goes well: the exit code
    (0); None when Typer must answer it (then nothing was written)."""
    read = _read(args)
    if read is None:
        return None
    from skatcalc.cli.language import environment_language, run_language
    from skatcalc.errors import SkatError
    from skatcalc.words import use

    try:  # as skatcalc.cli.main: the environment's language (refused by Typer's path)
        use(environment_language())
    except SkatError:
        return None
    # as the root group (cli/app.py): the config file's, when SKATCALC_LANG gives none; a
    # broken config file is said and ends the run there, as through Typer
    code = run_language(args)
    if code is None:
        return _answer(*read)
    from skatcalc.words import speaking

    with speaking(code):
        return _answer(*read)


def _answer(words: list[str], found: dict[str, Any]) -> int | None:
    from skatcalc.errors import SkatError
    from skatcalc.spec import GAME_OPTIONS, SCORING_RULES, ScoringRules

    options = {o.name: found.get(o.name) for o in GAME_OPTIONS}
    rules = ScoringRules(**{row.name: found.get(row.name, row.default) for row in SCORING_RULES})
    try:
        scoring = scored(words, options, bock=found.get("bock", False), rules=rules)
    except SkatError:  # Typer's command says it, in its words, with its exit code
        return None
    answer(scoring, found.get("json", False))
    return 0


def _read(args: Sequence[str]) -> tuple[list[str], dict[str, Any]] | None:
    """The words and the options given (by name), as Click would read them; None for anything
    but a plain call."""
    kinds = _kinds()
    found: dict[str, Any] = {}
    words: list[str] = []
    rest = list(reversed(args))
    while rest:
        arg = rest.pop()
        if not arg.startswith("-"):
            words.append(arg)
            continue
        option = _option(arg, rest, kinds)
        if option is None or option[0] in found:
            return None
        found[option[0]] = option[1]
    return (words, found) if words else None


def _kinds() -> dict[str, tuple[str, type]]:
    """Each option the quick path reads, by its flag: its name and its kind."""
    from skatcalc.spec import GAME_OPTIONS, SCORING_RULES

    kinds: dict[str, tuple[str, type]] = {o.flags: (o.name, o.kind) for o in GAME_OPTIONS}
    kinds.update({row.flag: (row.name, row.kind) for row in SCORING_RULES}, **_OWN)
    return kinds


def _option(
    arg: str, rest: list[str], kinds: Mapping[str, tuple[str, type]]
) -> tuple[str, Any] | None:
    """The option ``arg`` and its value (the next of ``rest``, last first, when not after
    ``=``); None when Typer must read it."""
    flag, eq, given = arg.partition("=")
    if flag not in kinds:
        return None
    name, kind = kinds[flag]
    if kind is bool:
        return None if eq else (name, True)
    if not eq:
        if not rest:
            return None
        given = rest.pop()
    found = _value(given, kind)
    return None if found is None else (name, found)


def _value(given: str, kind: type) -> object | None:
    """An option's value as Click reads it, narrowly: a number in at most four ASCII digits;
    None for anything else Click might read otherwise (a dash first, another number)."""
    if given.startswith("-"):
        return None
    if kind is not int:
        return given
    if not given or not _DIGITS.issuperset(given) or len(given) > 4:
        return None
    return int(given)


def season_stats(files: Sequence[Path]) -> Stats:
    """``sheet stats``' figures over the sheets at ``files`` (each file once:
    :func:`distinct_files`), each sheet's part kept or read (:mod:`skatcalc.store.stats_cache`),
    with a progress bar at a terminal; a sheet that cannot be read raises its error."""
    from skatcalc.cli.progress import each
    from skatcalc.sheet.stats import sum_parts
    from skatcalc.store import stats_cache

    kept = distinct_files(files)
    return sum_parts(stats_cache.parts(kept, lambda paths: each(paths, "progress.files")))


def show_stats(result: Stats, as_json: bool) -> None:
    """Write ``sheet stats``' answer: the tables, or one JSON line."""
    if as_json:
        from skatcalc.cli.output import write_json
        from skatcalc.formats.json import stats_dict

        write_json(stats_dict(result))
        return
    from skatcalc.cli import render

    render.stats(result)


def distinct_files(files: Sequence[Path]) -> list[Path]:
    """``files`` with each file once, however many names reach it; the others noted on
    stderr (a ``current.toml`` link beside its evening would count every deal twice)."""
    from skatcalc.store.files import distinct
    from skatcalc.words import shown, w

    kept, again = distinct(files)
    for path, first in again:
        key = "note.same_file.twice" if path == first else "note.same_file"
        sys.stderr.write(w(key, file=shown(path), first=shown(first)) + "\n")
    return kept


def stats(args: Sequence[str]) -> int | None:
    """Answer ``skatcalc sheet stats ARGS`` when it is files alone, and ``--json`` at most
    once: the exit code (an error said as the Typer command says it); None when Typer must
    answer it (then nothing was done)."""
    files = [arg for arg in args if arg != "--json"]
    if not files or len(args) - len(files) > 1 or any(not f or f[0] == "-" for f in files):
        return None
    if not _spoken(args):
        return None
    from pathlib import Path

    from skatcalc.cli.errors import cache_note, error_lines
    from skatcalc.errors import SkatError
    from skatcalc.words import message, working_on

    working_on(None)
    try:
        result = season_stats([Path(f) for f in files])
    except SkatError as error:  # as the command's reported(): its words and exit code
        sys.stderr.write(error_lines(message(error)) + "\n")
        return error.exit_code
    finally:
        cache_note()
    show_stats(result, len(files) < len(args))
    return 0


def _spoken(args: Sequence[str]) -> bool:
    """Speak the language of the run, as skatcalc.cli.main and the root group do (kept for
    the run's last words too, as through Typer: cli/__init__.py ``_typer``); False when the
    environment names a language Typer's path must refuse."""
    from skatcalc.cli.language import environment_language, run_language
    from skatcalc.errors import SkatError
    from skatcalc.words import use

    try:
        use(environment_language())
    except SkatError:
        return False
    code = run_language(args)
    if code is not None:
        use(code)
    return True


def standings_text(
    file: Path,
    tournament: Tournament,
    writer: StandingsFormat,
    terminal: bool,
    after: int | None,
    currency: str,
    fee: FeeRule | None = None,
    prizes: PrizeRule | None = None,
) -> str:
    """``tournament standings``' page of the tournament at ``file``: each table's sheet as
    the standings take it, kept for its text (:func:`_tables_kept`),
    ranked after series ``after`` or as it stands now (:func:`_ranked`), written by
    ``writer``, or narrowed to the terminal's width where ``terminal``."""
    result = _ranked(tournament, _tables_kept(file, tournament), fee, after, prizes)
    if terminal:
        import shutil

        from skatcalc.formats import terminal as screen

        # at a terminal the table narrows to its width (a phone); to a pipe it stays whole
        width = shutil.get_terminal_size((80, 24)).columns
        return screen.render_standings(tournament, result, currency, width)
    return writer.render_standings(tournament, result, currency)


def _tables_kept(file: Path, tournament: Tournament) -> dict[tuple[int, int], Read]:
    """What the standings take of every table's sheet, kept for its text
    (:func:`skatcalc.store.tournament.read_tables_kept`), with a progress bar at a
    terminal."""
    from skatcalc.cli.progress import each
    from skatcalc.store import tournament as store

    return store.read_tables_kept(file, tournament, lambda seats: each(seats, "progress.tables"))


def _ranked(
    tournament: Tournament,
    sheets: Mapping[tuple[int, int], Read],
    fee: FeeRule | None,
    after: int | None,
    prizes: PrizeRule | None = None,
) -> Standings:
    """The standings after series ``after``, or as they stand now: while a series is being
    played, after the last complete one (with ``prizes``, each place's prize from the pot)."""
    from skatcalc.tournament.standings import standings_after, standings_now

    if after is None:
        return standings_now(tournament, sheets, fee, prizes)
    return standings_after(tournament, sheets, after, fee, prizes)


def standings(args: Sequence[str]) -> int | None:
    """Answer ``skatcalc tournament standings ARGS`` when it is one file and at most
    ``--json``, ``--format F`` (a format it has) and ``--after N`` (ASCII digits), each
    once, with stdout no terminal: the exit code (an error said as the Typer command says
    it); None when Typer must answer it (then nothing was done)."""
    read = _standings_args(args)
    if read is None or sys.stdout.isatty() or not _spoken(args):
        return None
    file, fmt, as_json, after = read
    from pathlib import Path

    from skatcalc.cli.errors import cache_note, error_lines
    from skatcalc.cli.output import write_document
    from skatcalc.errors import SkatError
    from skatcalc.formats import standings_format
    from skatcalc.store import tournament as store
    from skatcalc.words import message, working_on

    working_on(None)
    working_on(file)  # as the command's FILE argument (cli/options.py worked_on)
    try:
        currency = _configured_currency()
        writer = standings_format(fmt, json=as_json)
        tournament = store.load(Path(file))
        text = standings_text(Path(file), tournament, writer, False, after, currency)
    except SkatError as error:  # as the command's reported(): its words and exit code
        sys.stderr.write(error_lines(message(error)) + "\n")
        return error.exit_code
    finally:
        cache_note()
    write_document(text)  # to no terminal, the page as it is (cli/render.py page)
    return 0


def _configured_currency() -> str:
    """The config file's currency, as ``cli/config.py`` ``currency(None)`` reads it."""
    from skatcalc.store.config_file import read, where

    config = read(where())
    return (None if config is None else config.currency) or ""


def _standings_args(args: Sequence[str]) -> tuple[str, str, bool, int | None] | None:
    """The file, ``--format``, ``--json`` and ``--after`` of a plain ``tournament standings``
    call, as Click would read them; None for anything else."""
    from skatcalc.formats import STANDINGS_FORMATS

    found: dict[str, str] = {}
    files: list[str] = []
    rest = list(reversed(args))
    while rest:
        arg = rest.pop()
        if not arg.startswith("-"):
            files.append(arg)
            continue
        flag, eq, given = arg.partition("=")
        if flag not in ("--json", "--format", "--after") or flag in found:
            return None
        if flag == "--json":
            if eq:
                return None
        elif not eq:
            if not rest:
                return None
            given = rest.pop()
        found[flag] = given
    fmt, after = found.get("--format", "text"), found.get("--after")
    if len(files) != 1 or not files[0] or fmt not in STANDINGS_FORMATS:
        return None
    if after is not None and _value(after, int) is None:
        return None
    return files[0], fmt, "--json" in found, None if after is None else int(after)


_OWN: dict[str, tuple[str, type]] = {"--bock": ("bock", bool), "--json": ("json", bool)}
"""``value``'s own options besides the game's and the scoring rules (cli/value.py)."""
