"""``skatcalc sheet play``: the table mode, one deal line after another for the whole evening.

Every line goes through the same reader as ``sheet add FILE WORDS…`` (:mod:`skatcalc.notation`,
:func:`skatcalc.sheet.entry.deal_of`) and is written at once through
:func:`skatcalc.store.sheet.update`: atomically, under the sheet's lock, re-reading the file
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
from skatcalc.cli.output import write
from skatcalc.errors import SkatError, UsageError
from skatcalc.words import w

if TYPE_CHECKING:
    from prompt_toolkit.completion import Completer
    from prompt_toolkit.document import Document

    from skatcalc.notation import NotationError
    from skatcalc.sheet.model import Sheet, Tally

app = typer.Typer(rich_markup_mode=None)
"""``sheet play`` alone: the root (:mod:`skatcalc.cli.app`) puts it in the ``sheet`` group."""

QUIT = frozenset({"quit", "exit", "ende"})
HELP = frozenset({"help", "hilfe", "?"})
SHOW = frozenset({"show", "liste", "zeigen"})
UNDO = frozenset({"undo", "zuruck", "zurueck"})
EDIT = frozenset({"edit", "andern", "aendern"})
RULES = frozenset({"rules", "regeln"})
ALL = frozenset({"all", "alle", "alles"})
PASS = frozenset({"pass", "passe", "eingepasst"})
RAMSCH = frozenset({"ramsch", "ra"})
"""The table mode's commands, as :func:`skatcalc.notation.fold` writes them: typed with or
without umlauts (``zurück``, ``zuruck``, ``zurueck``) and in any case."""
COMMANDS = ("pass", "undo", "edit", "show", "rules", "help", "quit", "exit", "ende", "zurück",
            "ändern", "liste", "regeln", "hilfe")  # fmt: skip
LONGEST_NUMBER = 9
"""Digits of a deal number or a count (``edit N``, ``show N``): more is no deal of a sheet."""
WATCH = 0.5
"""Seconds between two looks at the sheet file's stamp while the prompt waits (a stat)."""
READ_AT_MOST = 16 * 1024
"""Bytes of one piped line read, at most (the notation's own bound is on characters): a longer
line is refused by its number and skipped, so a line of a megabyte costs no memory or time."""


@app.command("play")
def play(
    file: File,
) -> None:
    """The table mode: type each deal as one line of the notation, and it is scored and saved
    at once; also pass, undo, edit N …, show, help, quit."""
    from skatcalc.cli.errors import reported
    from skatcalc.store import sheet as store

    with reported():
        sheet = store.read(file)
    table = Table(file)
    table.seen(sheet, sheet.tally())
    try:
        with reported():  # the sheet broken or gone mid-evening: one error line, as anywhere
            if sys.stdin.isatty() and sys.stdout.isatty():
                # at the table a refused line is answered and typed again: leaving is no failure
                table.run(_terminal(table, sheet.players))
                failed = 0
            else:
                failed = table.run(_piped(), numbered=True)
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
        self.legend = True
        """Whether the short names' legend is still to be said (once an evening)."""
        self.sitting_out: tuple[str, ...] = ()
        self.ask: Callable[[str], str | None] | None = None
        """At a terminal: asks a question and gives the line typed (None: Ctrl-C or Ctrl-D);
        None to a pipe, where nothing is asked."""
        self.state: tuple[Sheet, Tally, object] | None = None
        """The sheet (its players and rules) and its tally after the last change, and the
        file's stamp then: the next prompt is said from it, the file not read again."""

    def seen(self, sheet: Sheet, tally: Tally) -> None:
        """The sheet is now as ``sheet`` and ``tally`` say (just read or changed by us)."""
        from skatcalc.sheet.deal import sitting_out
        from skatcalc.store import sheet as store

        self.state = (sheet, tally, store.stamp(self.file))
        self.deals = tally.deals_played
        self.dealer = sheet.players[tally.next_dealer]
        self.sitting_out = sitting_out(sheet.players, self.dealer)

    def prompt(self) -> str:
        """The prompt for the next deal, from the sheet as last seen (:meth:`notice` reads
        it again when another shell changed it)."""
        from skatcalc.words.sheet import prompt

        assert self.state is not None
        sheet, tally, _ = self.state
        return prompt(sheet, self.width, tally)

    def notice(self) -> list[str]:
        """What came in from another shell since the sheet was last seen (its stamp: no read
        while it is the same): the deals said, and the sheet as it is now seen, so the
        prompt names the next deal (issue 29: a deal added elsewhere was not said)."""
        from skatcalc.store import sheet as store
        from skatcalc.words.sheet import came_in

        if self.state is not None and store.stamp(self.file) == self.state[2]:
            return []
        before = self.deals
        sheet = store.read(self.file)  # read whole: its state kept
        self.seen(sheet, sheet.tally())
        assert self.state is not None
        said = came_in(sheet, self.state[1], before, self.width, self.legend)
        return self._legend_said(sheet, said)

    def run(self, lines: Iterator[Typed], numbered: bool = False) -> int:
        """Answer every line until quit or the end of input; the exit code of the first
        refused line (0 when none was), so a script feeding an evening notices a bad line
        (at a terminal the command leaves with 0 all the same). ``numbered`` (piped input):
        a refused line is named by its number, so the script's author finds it."""
        from skatcalc.cli.errors import refuse
        from skatcalc.words import entered

        failed = 0
        number = 0
        with entered("table"):  # errors speak the notation (m1, t10, rules --kontra)
            for text in lines:
                number += 1
                if text is None or text is DROPPED:  # Ctrl-C: the line is dropped
                    _write(self.dropped(text is DROPPED))
                    continue
                try:
                    if isinstance(text, SkatError):  # a line that could not be read
                        raise text
                    assert isinstance(text, str)
                    if fold(text.strip()) in QUIT:
                        break
                    _write(self.answer(text))
                except SkatError as error:
                    # one ``error:`` line, as every command says it
                    refused = refuse(
                        _Numbered("err.file.line", line=number, error=error) if numbered else error
                    )
                    sys.stderr.flush()
                    failed = failed or int(refused.exit_code or 0)
        _write(
            [w("play.saved" if self.deals else "play.saved.none", file=self.file, count=self.deals)]
        )
        return failed

    def dropped(self, typed: bool) -> list[str]:
        """What Ctrl-C at the prompt says: the line typed was dropped, or (on an empty line)
        how to leave."""
        return [w("play.dropped" if typed else "play.leave")]

    def answer(self, text: str) -> list[str]:
        """What the table mode prints for one line (raises :class:`SkatError` when refused)."""
        from skatcalc.notation import split

        words = split(text)
        if not words:
            return []
        command, rest = fold(words[0]), words[1:]
        if command in QUIT | HELP | UNDO and rest:
            raise UsageError("err.play.alone", command=words[0], extra=" ".join(rest))
        if command in HELP:
            return self.help()
        if command in SHOW:
            return self.show(rest)
        if command in RULES:
            return self.rules(rest)
        if command in UNDO:
            return self.undo()
        if command in EDIT:
            if len(rest) < 2 or not (rest[0].isascii() and rest[0].isdigit()):
                raise UsageError("err.play.edit")
            return self.edit(_count(rest[0]), rest[1:])
        if command in PASS and not rest and self.state is not None and self.state[0].rules.ramsch:
            return self.passed(words)
        return self.add(words)

    def passed(self, words: list[str]) -> list[str]:
        """``pass`` on a sheet that plays a Ramsch when everybody passes (issue 29): at a
        terminal, asked whether to enter the Ramsch now (its card points) or a plain pass
        (Enter); to a pipe, the plain pass entered and, on stderr, how to enter the Ramsch
        instead (nothing asked: the exit code is that of the line, 0)."""
        from skatcalc.notation import NotationError, split
        from skatcalc.words.sheet import pass_note, ramsch_question

        if self.ask is None:
            said = self.add(words)
            assert self.state is not None
            sys.stdout.flush()
            sys.stderr.write(pass_note(self.state[0], self.state[1]) + "\n")
            sys.stderr.flush()
            return said
        assert self.state is not None
        _write([ramsch_question(self.state[0], self.state[1])])
        while True:  # a line that is no Ramsch line is said and asked again: nothing recorded
            reply = self.ask(w("play.ramsch.prompt"))
            if reply is None:  # Ctrl-C or Ctrl-D: neither is entered
                return [w("play.dropped")]
            typed = split(reply)
            if not typed or (len(typed) == 1 and fold(typed[0]) in PASS):
                return self.add(words)
            try:
                return self.add(typed if fold(typed[0]) in RAMSCH else ["ramsch", *typed])
            except NotationError as error:
                self._not_a_ramsch_line(error)

    def _not_a_ramsch_line(self, error: NotationError) -> None:
        """Says, as one ``error:`` line, why the reply at the Ramsch prompt is no Ramsch line;
        an unknown word is answered with what a Ramsch line holds (not a deal line's words)."""
        from skatcalc.cli.errors import refuse
        from skatcalc.notation import NotationError
        from skatcalc.words.sheet import ramsch_example

        assert self.state is not None
        if error.code == "err.notation.unknown":
            example = ramsch_example(self.state[0], self.state[1])
            error = NotationError(
                "err.play.ramsch_line", word=error.params["word"], example=example
            )
        sys.stdout.flush()
        refuse(error)
        sys.stderr.flush()

    def show(self, rest: list[str]) -> list[str]:
        """``show``: the last deals and the totals, as many as the screen holds; ``show N``
        the last N deals; ``show all`` every deal."""
        from skatcalc.cli import render
        from skatcalc.store import sheet as store

        last: int | None = None
        every = False
        if len(rest) > 1 or (rest and not (_digits(rest[0]) or fold(rest[0]) in ALL)):
            raise UsageError("err.play.show", extra=" ".join(rest))
        if rest and fold(rest[0]) in ALL:
            every = True
        elif rest:
            last = _count(rest[0])
            if last < 1:
                raise UsageError("err.play.show", extra=rest[0])
        sheet = store.read(self.file)
        sys.stdout.flush()
        if every or last is not None:
            render.sheet(sheet, sheet.tally(), last, every)
        else:
            render.screen(sheet, sheet.tally())
        return []

    def rules(self, rest: list[str]) -> list[str]:
        """``rules``: the sheet's rules; ``rules --kontra …`` (every option of ``sheet rules``)
        changes them from the next deal on, ``rules --from N …`` from deal N; the totals
        follow."""
        from skatcalc.cli.rules import change, parsed, split_from
        from skatcalc.store import sheet as store
        from skatcalc.words.sheet import rules_changed_lines, rules_lines

        start, rest = split_from(rest)
        options = parsed(rest)
        if not any(value is not None for value in options.values()):
            current = store.load(self.file)
            return rules_lines(current.rules_now, len(current.players))
        old, sheet = self._update(lambda s: change(s, options, start))
        said = rules_lines(sheet.rules_now, len(sheet.players))
        at = len(old.deals) + 1 if start is None else start
        return said + rules_changed_lines(old, sheet, at, self.width)

    def help(self) -> list[str]:
        from skatcalc.store import sheet as store
        from skatcalc.words.sheet import help_lines

        return help_lines(store.load(self.file), self.width)

    def add(self, words: list[str]) -> list[str]:
        from skatcalc.cli.errors import cache_note
        from skatcalc.sheet.entry import deal_from_words
        from skatcalc.store import sheet as store
        from skatcalc.words.sheet import play_answer, play_deal_line

        before = self.deals
        added = store.add(self.file, lambda s: [deal_from_words(s, words)])
        cache_note()  # at once, not at the end of the evening
        sheet, tally = added.sheet, added.tally
        self.seen(sheet, tally)
        said: list[str] = []
        if tally.deals_played - 1 > before:
            # deals another shell added since the last prompt, said before this one (whose
            # number is not the one the prompt showed); the file read whole, as an add from
            # the kept state holds only the sheet's end (rare: a race with another shell)
            whole = store.load(self.file).tally()
            said = [w("play.came_in", line=play_deal_line(whole, n))
                    for n in range(before + 1, min(tally.deals_played, whole.deals_played + 1))]  # fmt: skip
        said += play_answer(
            sheet, tally, tally.deals_played, width=self.width, legend=self.legend
        )  # fmt: skip
        return self._legend_said(sheet, said)

    def undo(self) -> list[str]:
        from skatcalc.words.sheet import play_removed

        old, sheet = self._update(lambda s: s.undo())
        said = play_removed(
            old.tally(), len(old.deals), sheet.tally(), sheet.rules.scoring, self.width,
            self.legend,
        )  # fmt: skip
        return self._legend_said(sheet, said)

    def edit(self, n: int, words: list[str]) -> list[str]:
        from skatcalc.sheet.entry import deal_from_words
        from skatcalc.words.sheet import play_answer

        _, sheet = self._update(lambda s: s.edit(n, deal_from_words(s, words)))
        said = play_answer(
            sheet, sheet.tally(), n, series=False, width=self.width, legend=self.legend
        )  # fmt: skip
        return self._legend_said(sheet, said)

    @property
    def width(self) -> int | None:
        """The terminal's width, which the totals are fitted to (short names where the whole
        names do not fit); None to a pipe, where every line names the players in full."""
        if not sys.stdout.isatty():
            return None
        import shutil

        return shutil.get_terminal_size((80, 24)).columns

    def _legend_said(self, sheet: Sheet, said: list[str]) -> list[str]:
        """``said``, noting whether it gave the short names' legend: it is said once an
        evening (``help`` says it again)."""
        from skatcalc.words.stats import legend_line

        if self.legend and legend_line(sheet.players) in said:
            self.legend = False
        return said

    def _update(self, change: Callable[[Sheet], Sheet]) -> tuple[Sheet, Sheet]:
        from skatcalc.store import sheet as store

        old, new = store.update(self.file, change)
        self.seen(new, new.tally())
        return old, new


class _Numbered(SkatError):
    """A refused piped line, named by its number: ``line 3: unknown word …`` (the exit code
    the error has)."""

    def __init__(self, code: str, /, *, line: int, error: SkatError) -> None:
        super().__init__(code, line=line, error=error)
        self.exit_code = error.exit_code


def fold(word: str) -> str:
    """A command word as the table mode compares it (:func:`skatcalc.notation.fold`)."""
    from skatcalc.notation import fold as folded

    return folded(word)


def _digits(text: str) -> bool:
    return text.isascii() and text.isdigit()


def _count(text: str) -> int:
    """A deal number or a count as typed; one longer than any sheet's is refused as such, not
    turned into an integer of thousands of digits."""
    if len(text) > LONGEST_NUMBER:
        raise UsageError("err.play.number", start=text[:LONGEST_NUMBER], most=LONGEST_NUMBER)
    return int(text)


def _write(lines: list[str]) -> None:
    """An answer: fitted to the width at a terminal, whole lines to a pipe (as every command
    writes, :func:`skatcalc.cli.output.write`); flushed, so it comes before the next prompt."""
    if lines:
        write(lines)
    sys.stdout.flush()


Typed = str | SkatError | object | None
"""A line as it comes in: its text, an error for a line that could not be read, ``None`` for
Ctrl-C on an empty line, :data:`DROPPED` for Ctrl-C on a line being typed."""
DROPPED = object()


def _piped() -> Iterator[Typed]:
    """Lines from a pipe or a file: no prompt, no line editor. Each line is read as bytes and
    decoded on its own (at most :data:`READ_AT_MOST` of them), so a byte that is not UTF-8, or
    a line of a megabyte, is one refused line: the lines before and after it are entered."""
    from skatcalc.notation import MAX_LINE, NotationError

    stream = sys.stdin.buffer
    while True:
        line = stream.readline(READ_AT_MOST + 1)
        if not line:
            return
        if len(line) > READ_AT_MOST and not line.endswith(b"\n"):
            while line and not line.endswith(b"\n"):  # the rest of the line, skipped
                line = stream.readline(READ_AT_MOST)
            yield NotationError("err.notation.line_long", most=MAX_LINE)
            continue
        try:
            yield line.decode("utf-8").rstrip("\r\n")
        except UnicodeDecodeError as error:
            yield NotationError("err.play.utf8", at=error.start + 1)


def _terminal(table: Table, players: tuple[str, ...]) -> Iterator[Typed]:
    """Lines typed at a terminal, with completion and history; ``None`` for a line dropped
    with Ctrl-C. Ctrl-D on an empty line ends the evening."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import DynamicCompleter

    from skatcalc.notation import vocabulary

    def completer() -> Completer:
        # who sits out (the dealer at four; at five also the third to the dealer's left) is
        # not offered as the declarer
        seated = [p for p in players if p not in table.sitting_out]
        words = [*seated, *vocabulary(), *COMMANDS]
        # a word runs to the next space, so 'jü' completes to Jürgen, 'an=' stays whole
        return _folded(list(dict.fromkeys(words)))

    session: PromptSession[str] = PromptSession(
        completer=DynamicCompleter(completer),
        complete_while_typing=False,
        enable_history_search=False,
    )
    watch = _watcher(table)

    def ask(question: str) -> str | None:
        try:
            return session.prompt(question)
        except (KeyboardInterrupt, EOFError):
            return None

    table.ask = ask
    while True:
        _write(table.notice())
        try:
            yield session.prompt(table.prompt, pre_run=watch)
        except KeyboardInterrupt:
            # prompt_toolkit leaves the buffer as it was until the next prompt
            yield DROPPED if session.default_buffer.text.strip() else None
        except EOFError:
            return


def _folded(words: list[str]) -> Completer:
    """Completion as the notation reads a word: case and umlauts aside, so 'ba' completes to
    Bärbel and 'zur' to zurück, as they name her and it; a whole word, then the space, as a
    shell completes ('be⇥gra⇥' is 'Ben grand '), but none after a word that takes its value
    after '=' (jf=)."""
    from prompt_toolkit.completion import Completer, Completion

    from skatcalc.names import as_typed

    class Folded(Completer):
        def get_completions(self, document: Document, event: object) -> Iterator[Completion]:
            typed = document.get_word_before_cursor(WORD=True)
            for word in words:
                if as_typed(word, typed) is not None:  # as the shell's completion matches
                    after = "" if word.endswith("=") else " "
                    yield Completion(word + after, start_position=-len(typed), display=word)

    return Folded()


def _watcher(table: Table) -> Callable[[], None]:
    """What runs as each prompt starts: while it waits, a deal another shell adds is said
    above it, and the prompt (a function of the sheet as seen) names the next deal; the line
    being typed stays. The file's stamp is looked at every :data:`WATCH` seconds, the file read
    only when it changed; the task ends with the prompt (prompt_toolkit cancels it)."""
    import asyncio
    import functools

    from prompt_toolkit.application import get_app, run_in_terminal

    async def poll() -> None:
        while True:
            await asyncio.sleep(WATCH)
            try:
                said = table.notice()
            except SkatError:  # the sheet broken or gone: said after the line, as ever
                continue
            if said:
                await run_in_terminal(functools.partial(_write, said))

    def watch() -> None:
        get_app().create_background_task(poll())

    return watch
