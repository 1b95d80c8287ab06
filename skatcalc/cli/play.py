"""``skatcalc sheet play``: the table mode, one deal line after another for the whole evening.

Every line goes through the same reader as ``sheet add FILE WORDS…`` (:mod:`skatcalc.notation`,
:func:`skatcalc.sheet.entry.deal_of`) and is written at once through
:func:`skatcalc.sheet.store.update`: atomically, under the sheet's lock, re-reading the file
first, so a ``sheet add`` from another shell meanwhile is kept.

At a terminal the line editor is prompt_toolkit (completion, history, Ctrl-C, Ctrl-D). It costs
0.1 to 0.25 s to import (pyproject.toml), so it is imported inside the command and nowhere else
(tests/cli/test_startup.py). Piped input is read line by line without it, so a script can feed
a whole evening.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from skatcalc.cli.output import fitted
from skatcalc.errors import SkatError
from skatcalc.words import message, w

if TYPE_CHECKING:
    from skatcalc.sheet.model import Deal, Sheet, Tally
    from skatcalc.value import Scoring

QUIT = frozenset({"quit", "exit", "ende"})
HELP = frozenset({"help", "hilfe", "?"})
SHOW = frozenset({"show", "liste", "zeigen"})
UNDO = frozenset({"undo", "zurück", "zurueck"})
EDIT = frozenset({"edit", "ändern", "aendern"})
COMMANDS = ("pass", "undo", "edit", "show", "help", "quit", "exit", "ende", "zurück", "ändern",
            "liste", "hilfe")  # fmt: skip


class _Usage(SkatError):
    """A table-mode command typed wrong (``edit`` without its number): a usage error."""

    exit_code = 2


def play(
    file: Annotated[Path, typer.Argument(metavar="FILE")],
) -> None:
    """The table mode: type each deal as one line of the notation, and it is scored and saved
    at once; also pass, undo, edit N …, show, help, quit."""
    from skatcalc.cli.errors import reported
    from skatcalc.sheet import store

    with reported():
        sheet = store.load(file)
    table = Table(file)
    table.deals = len(sheet.deals)
    try:
        with reported():  # the sheet broken or gone mid-evening: one error line, as anywhere
            if sys.stdin.isatty() and sys.stdout.isatty():
                # at the table a refused line is answered and typed again: leaving is no failure
                table.run(_terminal(table, sheet.players))
                failed = 0
            else:
                failed = table.run(_piped())
    except KeyboardInterrupt:
        # Ctrl-C while a line is answered (at the prompt it only drops the line): every write
        # is atomic, so the sheet holds the deal or not, never half of it
        sys.stdout.write("\n")
        raise typer.Exit(130) from None
    if failed:
        raise typer.Exit(failed)


class Table:
    """One evening at the table: reads a line, answers it, and says the next prompt."""

    def __init__(self, file: Path) -> None:
        self.file = file
        self.deals = 0
        self.dealer = ""

    def prompt(self) -> str:
        """The prompt for the next deal, from the sheet as it is now on disk."""
        from skatcalc.sheet import store

        sheet = store.load(self.file)
        self.deals = len(sheet.deals)
        self.dealer = sheet.dealer(self.deals)
        return _prompt(sheet)

    def run(self, lines: Iterator[str | None]) -> int:
        """Answer every line until quit or the end of input; the exit code of the first
        refused line (0 when none was), so a script feeding an evening notices a bad line
        (at a terminal the command leaves with 0 all the same)."""
        failed = 0
        for text in lines:
            if text is None:  # Ctrl-C: the line is dropped
                continue
            if text.strip().casefold() in QUIT:
                break
            try:
                _write(self.answer(text))
            except SkatError as error:
                sys.stderr.write(f"error: {message(error)}\n")
                sys.stderr.flush()
                failed = failed or error.exit_code
            except typer.Exit as done:  # ``show`` reported its own error line
                failed = failed or int(done.exit_code or 0)
        _write([w("play.saved", file=self.file, count=self.deals)], fit=False)
        return failed

    def answer(self, text: str) -> list[str]:
        """What the table mode prints for one line (raises :class:`SkatError` when refused)."""
        from skatcalc.notation import split

        words = split(text)
        if not words:
            return []
        command, rest = words[0].casefold(), words[1:]
        if command in QUIT | HELP | SHOW | UNDO and rest:
            raise _Usage("err.play.alone", command=words[0], extra=" ".join(rest))
        if command in HELP:
            return self.help()
        if command in SHOW:
            from skatcalc.cli import sheet as commands

            sys.stdout.flush()
            commands.show(self.file)
            return []
        if command in UNDO:
            return self.undo()
        if command in EDIT:
            if len(rest) < 2 or not (rest[0].isascii() and rest[0].isdigit()):
                raise _Usage("err.play.edit")
            return self.edit(int(rest[0]), rest[1:])
        return self.add(words)

    def help(self) -> list[str]:
        from skatcalc.sheet import store

        sheet = store.load(self.file)
        ramsch = [w("play.help.ramsch")] if sheet.rules.ramsch else []
        return [w("play.help.line"), *ramsch, w("play.help.commands"), w("play.help.keys")]

    def add(self, words: list[str]) -> list[str]:
        _, sheet = self._update(lambda s: s.add(_deal(s, words)))
        tally = sheet.tally()
        return _answer(sheet, tally, len(sheet.deals))

    def undo(self) -> list[str]:
        old, sheet = self._update(lambda s: s.undo())
        removed = _deal_line(old.tally(), len(old.deals))
        return [w("deal.removed", line=removed), *_totals(sheet, sheet.tally())]

    def edit(self, n: int, words: list[str]) -> list[str]:
        _, sheet = self._update(lambda s: s.edit(n, _deal(s, words)))
        return _answer(sheet, sheet.tally(), n, series=False)

    def _update(self, change: Callable[[Sheet], Sheet]) -> tuple[Sheet, Sheet]:
        from skatcalc.sheet import store

        old, new = store.update(self.file, change)
        self.deals = len(new.deals)
        return old, new


def _deal(sheet: Sheet, words: list[str]) -> Deal:
    from skatcalc.cli.sheet import _deal as deal

    return deal(sheet, words, None, {})


def _prompt(sheet: Sheet) -> str:
    """``Deal 7 · Ben deals > ``: at three everybody plays; at four the dealer sits out. Short,
    so the line typed after it fits an 80-column terminal.

    >>> from skatcalc.sheet.model import Sheet
    >>> _prompt(Sheet(("Anna", "Ben", "Carl", "Dora")))
    'Deal 1 · Anna deals, sits out > '
    >>> _prompt(Sheet(("Anna", "Ben", "Carl")))
    'Deal 1 · Anna deals > '
    """
    index = len(sheet.deals)
    key = "play.prompt.sits_out" if len(sheet.players) == 4 else "play.prompt"
    return w(key, n=index + 1, dealer=sheet.dealer(index))


def _answer(sheet: Sheet, tally: Tally, n: int, series: bool = True) -> list[str]:
    """A deal's line and the totals after it (and any Bock, Bierlachs or series note)."""
    from skatcalc.cli.sheet import _series_note

    entry = tally.deals[n - 1]
    if entry.scoring is None and entry.deal.ramsch is None:
        return [_deal_line(tally, n), *(_series_note(tally) if series else [])]
    notes = _series_note(tally) if series else []
    return [_deal_line(tally, n), *_totals(sheet, tally), *notes]


def _totals(sheet: Sheet, tally: Tally) -> list[str]:
    from skatcalc.cli.sheet import _totals as totals

    return totals(tally, sheet.rules.scoring)


def _deal_line(tally: Tally, n: int) -> str:
    """One line for deal ``n``: the game and its chain, the result and the score."""
    from skatcalc import report

    entry = tally.deals[n - 1]
    ramsch = entry.deal.ramsch
    bock = w("deal.bock", factor=1 << entry.bock) if entry.bock else ""
    if ramsch is not None:
        scores = dict(zip((p.name for p in tally.players), entry.scores, strict=True))
        text = report.ramsch_text(
            ramsch.points, ramsch.jungfrau, ramsch.durchmarsch, ramsch.pushes,
            {name: scores[name] for name, _ in ramsch.points}, short=True,
        )  # fmt: skip
        return w("play.ramsch", n=n, text=text + bock)
    s = entry.scoring
    if s is None:
        return w("deal.passed", n=n, dealer=entry.dealer)
    # the game's name, then the chain (which names the tops and every level): short enough
    # for one line at 80 columns
    name = w(f"game.{s.declaration.game.value}")
    game = report.chain(s) if s.tops is None else f"{name} · {report.chain(s)}"
    return w("play.game", n=n, declarer=entry.deal.declarer, game=game, result=_result(s) + bock)


def _result(s: Scoring) -> str:
    """``lost -96``, ``won +160 (Kontra: × 2)``."""
    from skatcalc import report

    if s.outcome is None or s.score is None:  # pragma: no cover - a sheet's games have a result
        return ""
    text = f"{w('outcome.' + s.outcome.value)} {report.signed(s.score)}"
    if s.re:
        text += w("play.re")
    elif s.kontra:
        text += w("play.kontra")
    return text


def _write(lines: list[str], fit: bool = True) -> None:
    if lines:
        sys.stdout.write("\n".join(fitted(lines) if fit else lines) + "\n")
    sys.stdout.flush()


def _piped() -> Iterator[str | None]:
    """Lines from a pipe or a file: no prompt, no line editor."""
    for line in sys.stdin:
        yield line.rstrip("\n")


def _terminal(table: Table, players: tuple[str, ...]) -> Iterator[str | None]:
    """Lines typed at a terminal, with completion and history; ``None`` for a line dropped
    with Ctrl-C. Ctrl-D on an empty line ends the evening."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import DynamicCompleter, WordCompleter

    from skatcalc.notation import vocabulary

    def completer() -> WordCompleter:
        # at four the dealer sits out: not offered as the declarer
        seated = [p for p in players if len(players) == 3 or p != table.dealer]
        words = [*seated, *vocabulary(), *COMMANDS]
        # WORD=True: a word runs to the next space, so 'jü' completes to Jürgen, 'an=' stays whole
        return WordCompleter(list(dict.fromkeys(words)), ignore_case=True, WORD=True)

    session: PromptSession[str] = PromptSession(
        completer=DynamicCompleter(completer),
        complete_while_typing=False,
        enable_history_search=False,
    )
    while True:
        try:
            yield session.prompt(table.prompt())
        except KeyboardInterrupt:
            yield None
        except EOFError:
            return
