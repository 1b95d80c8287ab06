"""The command line: a thin Typer layer over the domain core.

It parses options, calls the domain and the store, picks the output (plain, rich, JSON), and
turns the domain's errors into a message and an exit code in one place (:mod:`.errors`).
:func:`main` is the last guard: whatever happens, one ``error:`` line and a documented exit code
(docs/exit-codes.md), never a traceback.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn, TextIO

INTERNAL = 70
"""Exit code of a bug: an error nobody foresaw (EX_SOFTWARE)."""
INTERRUPTED = 130
"""Exit code after Ctrl-C (128 + SIGINT), as shells report it."""
PIPE_CLOSED = 141
"""Exit code when the reader of stdout went away (128 + SIGPIPE), where no signal ends us."""
IO_FAILED = 5
"""Exit code when stdin or stdout cannot be read or written (a full disk, a closed stream)."""


class _Interrupted(BaseException):
    """Ctrl-C: raised by our SIGINT handler, so no library turns it into a silent exit."""


def main() -> NoReturn:
    """Run the ``skatcalc`` command and exit with its code."""
    import gc
    import os
    import sys

    # A command is a short process that makes many objects and few cycles (a sheet read is
    # 10 objects a deal, none of them garbage until the end): with the default threshold (700)
    # the collector walks them ever again. Measured (CPU of a full-path `sheet add`, median of
    # 5, docs/performance.md): on 10,000 deals 176 ms against 153 ms with this threshold and
    # 145 ms with no collector at all; on 100,000 deals 1.91 s, 1.56 s, 1.37 s. The table mode
    # runs for an evening, so the collector stays on.
    gc.set_threshold(10_000, 20, 100)

    if sys.stderr is None:  # started with stderr closed: nowhere to say anything
        sys.stderr = open(os.devnull, "w")  # noqa: SIM115 - for the life of the process
    from skatcalc.cli.output import fit_streams

    fit_streams(json_lines=sys.argv[1:] == ["value", "--batch"])  # any locale's encoding
    sys.stderr = _Escaped(sys.stderr)
    _WRITTEN_BEFORE[0] = len(_written())  # in a process that ran main() before: a test
    _signals()
    try:
        code = _run(sys.argv)
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    except _Interrupted:
        code = _said_after_write("err.interrupted", INTERRUPTED)
    except BrokenPipeError:
        code = _quiet(PIPE_CLOSED)
    except OSError as error:  # the store words its own errors: this is mostly stdout
        reason = error.strerror or error
        if error.filename is None:
            code = _output_failed(reason)
        else:
            code = _say("err.io", IO_FAILED, file=error.filename, reason=reason)
    except UnicodeEncodeError as error:  # stdout in an encoding that lacks a character
        code = _output_failed(f"{error.encoding}: {error.reason}")
    except Exception as error:
        if os.environ.get("SKATCALC_TRACEBACK"):
            import traceback

            traceback.print_exc()
        said = f"{type(error).__name__}: {error}"  # a SkatError here is a bug: its code
        code = _said_after_write("err.internal", INTERNAL, error=said[:200])
    # The process ends here: Python's last collection would walk every object still kept (the
    # modules, the kept scorings) to free what the end of the process frees anyway. Frozen,
    # none is walked. Measured (whole processes, median of 21 interleaved runs): `sheet show`
    # on 10 deals 74 ms against 59 ms; the bare Typer app, frozen at its exit, 69 ms against
    # 57 ms. stdout and stderr are flushed as always; nothing of ours leaves a file to a
    # finalizer.
    gc.freeze()
    sys.exit(_flushed(code))


def _run(argv: list[str]) -> int:
    """The run of ``argv``: refused at the door, the two paths that skip Typer, else Typer."""
    refused = _not_utf8(argv)
    if refused is not None:
        return refused
    if not _streams_ready():
        return _say("err.stdout.closed", IO_FAILED)
    if argv[1:] == ["value", "--batch"]:
        return _batch(argv)
    if argv[1:2] == ["value"]:  # the plain call: answered without Typer (cli/quick.py)
        from skatcalc.cli.quick import value

        answered = value(argv[2:])
        if answered is not None:
            return answered
    if argv[1:3] == ["sheet", "stats"]:  # files alone: answered without Typer (cli/quick.py)
        from skatcalc.cli.quick import stats

        answered = stats(argv[3:])
        if answered is not None:
            return answered
    if argv[1:3] == ["tournament", "standings"]:  # a plain call: without Typer (cli/quick.py)
        from skatcalc.cli.quick import standings

        answered = standings(argv[3:])
        if answered is not None:
            return answered
    return _typer()


def _not_utf8(argv: list[str]) -> int | None:
    """Exit 2 for an argument that is not UTF-8 (its bytes arrive as lone surrogates)."""
    import os

    for n, arg in enumerate(argv[1:], 1):
        try:
            arg.encode("utf-8")
        except UnicodeEncodeError:
            _speak_early(argv)
            return _say("err.argument.utf8", 2, n=n, text=repr(os.fsencode(arg)))
    return None


def _streams_ready() -> bool:
    """False when stdout was closed at the start; a closed stdin reads as empty."""
    import io
    import sys

    if sys.stdout is None:
        return False
    if sys.stdin is None:
        sys.stdin = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    return True


def _typer() -> int:
    """The command through Typer, in the language of the environment (``--lang`` on the line
    is spoken for the run by the root group, and its last words too)."""
    from skatcalc.cli.app import command
    from skatcalc.cli.language import environment_language
    from skatcalc.errors import SkatError
    from skatcalc.words import message, use

    try:  # the language of the environment; --lang on the line is spoken for the run (Root)
        use(environment_language())
    except SkatError as error:
        return _say_text(message(error), 2)
    root = command()
    try:
        root()
    finally:  # what the run said, the last words of the process say too (saved, Ctrl-C, ...)
        if getattr(root, "spoken", None):
            use(root.spoken)
    return 0


def _batch(argv: list[str]) -> int:
    """``skatcalc value --batch``, without Typer.

    The scripting hot path, exactly this call; any other (`--lang en value --batch`) goes
    through Typer and answers the same (tests/cli/test_startup.py). It skips building the
    Typer app, for a measured reason: 20,000 games, whole processes, median of 11 interleaved
    runs on a loaded 2-core machine: 507 ms this way, 593 ms through Typer, 136 ms for the bare
    JSON loop (3.7x against 4.4x; target 3x, met when the machine is quiet: bench/batch.py gave
    2.40x). argv is read, never changed.
    """
    from skatcalc.cli.quick import batch

    failed = batch()  # the one start, as through Typer (cli/value.py)
    if failed:
        _speak_early(argv)  # in the language of the environment, as through Typer
        return _say("batch.failed", 3, count=failed)  # exit 3, as through Typer
    return 0


def _speak_early(argv: list[str]) -> None:
    """Speak the language the run would speak, for what is said without Typer (an argument that
    is not UTF-8, the summary of `value --batch`): ``--lang`` on the line, else SKATCALC_LANG,
    else the config file's (quietly: a broken file is no matter here), else the locale."""
    import os

    from skatcalc.cli.language import chosen_language
    from skatcalc.errors import SkatError
    from skatcalc.store.config_file import language, where_text
    from skatcalc.words import use

    code, _ = chosen_language(argv[1:], os.environ, lambda: language(where_text()))
    try:
        use(code)
    except SkatError:  # SKATCALC_LANG names a language skatcalc does not speak
        use("en")


class _Escaped:
    """stderr as a terminal may safely show it, and as a failing one cannot end us.

    Whatever writes there (our errors, Typer's usage errors quoting an option as typed),
    control characters other than the line break are written as their escapes, so no escape
    sequence reaches the terminal. A stderr that cannot take it (a cron job's log on a full
    disk, a closed file, a pipe whose reader went away) loses the words, never the exit code:
    the failure is kept from the writer, and stderr is pointed at the null device, so that
    Python's last flush has nothing to fail on (it would make the code 120).
    """

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        from skatcalc.words import shown

        escaped = "\n".join(shown(line) for line in text.split("\n"))
        self._guarded(lambda: self._stream.write(escaped))
        return len(text)

    def flush(self) -> None:
        self._guarded(self._stream.flush)

    def _guarded(self, action: Callable[[], object]) -> None:
        """``action`` on the stream; when it fails, the stream is dropped. SIGPIPE is held off
        meanwhile (a closed pipe on stdout ends us with 141; one on stderr is only words lost)."""
        import signal

        before = _hold_sigpipe()
        try:
            action()
        except (OSError, ValueError):
            self._lost()
        finally:
            if before is not None:
                signal.signal(signal.SIGPIPE, before)

    def _lost(self) -> None:
        from contextlib import suppress

        _drop(self._stream)
        with suppress(OSError, ValueError):  # what it still holds goes to the null device
            self._stream.flush()

    def unescaped(self) -> TextIO:
        """The stream itself, for a writer that draws on the terminal by design (rich's
        progress bar): its escape sequences are its drawing, and what it shows of ours (the
        bar's description) it is given already escaped."""
        return self._stream

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _hold_sigpipe() -> Any:
    """Ignore SIGPIPE; the handler before (None: there is no SIGPIPE, or this is not the main
    thread, which alone may set one)."""
    import signal

    if not hasattr(signal, "SIGPIPE"):
        return None
    try:
        return signal.signal(signal.SIGPIPE, signal.SIG_IGN)
    except ValueError:
        return None


def _signals() -> None:
    """Ctrl-C raises :class:`_Interrupted`; a closed pipe on stdout ends us quietly, as it
    ends any Unix tool (the shell reports 141)."""
    import signal

    def interrupted(signum: int, frame: object) -> None:
        raise _Interrupted

    signal.signal(signal.SIGINT, interrupted)
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)


def _say(key: str, code: int, **values: object) -> int:
    from skatcalc.words import w

    return _say_text(w(key, **values), code)


def _say_text(message: str, code: int) -> int:
    import sys

    from skatcalc.cli.errors import error_lines

    try:
        sys.stderr.write(error_lines(message) + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):  # stderr gone too: the exit code still says it
        pass
    return code


def _flushed(code: int) -> int:
    """Flush stdout: a full disk or a closed reader shows here at the latest."""
    import sys

    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except BrokenPipeError:
        return _quiet(PIPE_CLOSED)
    except (OSError, ValueError) as error:
        reason = getattr(error, "strerror", None) or error
        said = _output_failed(reason)
        _drop(sys.stdout)
        return code or said
    return code


def _output_failed(reason: object) -> int:
    """stdout cannot be written: say so, and when a change was written before, that it is
    saved (it must not read as a change lost, or the natural retry makes it twice)."""
    return _said_after_write("err.output", IO_FAILED, reason=reason)


def _said_after_write(key: str, code: int, **values: object) -> int:
    """The error ``key``; once a change was written, its ``.saved`` form, which names the file
    and says the change is saved."""
    written = _written()[_WRITTEN_BEFORE[0] :]
    if written:
        return _say(f"{key}.saved", code, file=written[-1], **values)
    return _say(key, code, **values)


def _written() -> tuple[object, ...]:
    """The files the store wrote in this process (none when it was never imported)."""
    import sys

    files = sys.modules.get("skatcalc.store.files")
    return files.written() if files is not None else ()


_WRITTEN_BEFORE = [0]
"""How many files were written before this run of :func:`main` began."""


def _quiet(code: int) -> int:
    import sys

    _drop(sys.stdout)
    return code


def _drop(stream: TextIO) -> None:
    """Point ``stream`` (stdout, stderr) at the null device, so the interpreter's last flush
    has nothing to fail on."""
    import os

    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, stream.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass
