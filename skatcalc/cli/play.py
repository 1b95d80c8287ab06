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
from typing import TYPE_CHECKING

import typer

from skatcalc.cli.options import File
from skatcalc.cli.output import fitted
from skatcalc.errors import SkatError
from skatcalc.words import w

if TYPE_CHECKING:
    from skatcalc.sheet.model import Sheet

app = typer.Typer(rich_markup_mode=None)
"""``sheet play`` alone: the root (:mod:`skatcalc.cli.app`) puts it in the ``sheet`` group."""

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


@app.command("play")
def play(
    file: File,
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
        from skatcalc.words.sheet import prompt

        sheet = store.load(self.file)
        self.deals = len(sheet.deals)
        self.dealer = sheet.dealer(self.deals)
        return prompt(sheet)

    def run(self, lines: Iterator[str | None]) -> int:
        """Answer every line until quit or the end of input; the exit code of the first
        refused line (0 when none was), so a script feeding an evening notices a bad line
        (at a terminal the command leaves with 0 all the same)."""
        from skatcalc.cli.errors import refuse

        failed = 0
        for text in lines:
            if text is None:  # Ctrl-C: the line is dropped
                continue
            if text.strip().casefold() in QUIT:
                break
            try:
                _write(self.answer(text))
            except SkatError as error:
                refused = refuse(error)  # one ``error:`` line, as every command says it
                sys.stderr.flush()
                failed = failed or int(refused.exit_code or 0)
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
            from skatcalc.cli import render
            from skatcalc.sheet import store

            sheet = store.load(self.file)
            sys.stdout.flush()
            render.sheet(sheet, sheet.tally(), scoring=sheet.rules.scoring)
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
        from skatcalc.words.sheet import help_lines

        return help_lines(store.load(self.file))

    def add(self, words: list[str]) -> list[str]:
        from skatcalc.sheet.entry import deal_from_words
        from skatcalc.words.sheet import play_answer

        _, sheet = self._update(lambda s: s.add(deal_from_words(s, words)))
        return play_answer(sheet, sheet.tally(), len(sheet.deals))

    def undo(self) -> list[str]:
        from skatcalc.words.sheet import play_removed

        old, sheet = self._update(lambda s: s.undo())
        return play_removed(old.tally(), len(old.deals), sheet.tally(), sheet.rules.scoring)

    def edit(self, n: int, words: list[str]) -> list[str]:
        from skatcalc.sheet.entry import deal_from_words
        from skatcalc.words.sheet import play_answer

        _, sheet = self._update(lambda s: s.edit(n, deal_from_words(s, words)))
        return play_answer(sheet, sheet.tally(), n, series=False)

    def _update(self, change: Callable[[Sheet], Sheet]) -> tuple[Sheet, Sheet]:
        from skatcalc.sheet import store

        old, new = store.update(self.file, change)
        self.deals = len(new.deals)
        return old, new


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
