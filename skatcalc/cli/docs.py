"""``skatcalc docs``: the guide in short, the full documents and the manual page, in the package
itself (the README's links lead into the repository, which an install from the package index
does not have)."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from skatcalc.cli import options as o

app = typer.Typer(rich_markup_mode=None)


def _names(incomplete: str) -> list[str]:
    """The documents' names, for the shell's completion."""
    from skatcalc.store.documents import names

    return [name for name in names() if name.startswith(incomplete)]


@app.command("docs")
def docs(
    ctx: typer.Context,
    name: Annotated[
        str | None,
        typer.Argument(metavar="NAME", show_default=False, autocompletion=_names),
    ] = None,
    man: Annotated[bool, typer.Option("--man")] = False,
) -> None:
    """The guide in short: an evening's commands, the deal notation, the files, where the
    full documents are; a document in full (NAME); the manual page (--man)."""
    from skatcalc.cli.errors import reported, usage
    from skatcalc.cli.output import write_document
    from skatcalc.store import documents

    if man:
        if name is not None:
            raise usage("err.docs.both")
        write_document(_man(ctx))
        return
    if name is not None:
        with reported():
            write_document(documents.read(name))
        return
    _page()


def _page() -> None:
    """The guide in short: at a terminal filled to its width, a paragraph broken once; to a
    pipe a paragraph a line."""
    import shutil
    import sys

    from skatcalc.store.config_file import where
    from skatcalc.width import paragraphs
    from skatcalc.words import w

    width = shutil.get_terminal_size((80, 24)).columns if sys.stdout.isatty() else None
    # written as fitted here, not fitted again (a row wider than a phone stays whole)
    sys.stdout.write("\n".join(paragraphs(w("docs.page", config=str(where())), width)) + "\n")


def _man(ctx: typer.Context) -> str:
    """The manual page, from the help of every command (in the language in use)."""
    from skatcalc import __version__
    from skatcalc.errors import listed
    from skatcalc.formats.man import render_man
    from skatcalc.store import documents
    from skatcalc.words import w

    root = ctx.find_root().command
    top = root.make_context("skatcalc", [], resilient_parsing=True, terminal_width=78)
    pages: list[tuple[str, str]] = []
    _walk(root, top, ("skatcalc",), pages)
    keys = ("man.name", "man.synopsis", "man.description", "man.commands", "man.see_also")
    words = {key: w(key) for key in keys}
    words["man.more"] = w("man.more", names=listed(documents.names()))
    summary = w("help.cmd.skatcalc").split(".", 1)[0] + "."
    return render_man(__version__, summary, pages, words)


def _walk(command: Any, ctx: Any, path: tuple[str, ...], pages: list[tuple[str, str]]) -> None:
    """The help of ``command`` and of every visible command under it, in order."""
    pages.append((" ".join(path), command.get_help(ctx)))
    for name in getattr(command, "list_commands", lambda _: [])(ctx):
        sub = command.get_command(ctx, name)
        if sub is None or sub.hidden:
            continue
        below = sub.make_context(name, [], parent=ctx, resilient_parsing=True)
        _walk(sub, below, (*path, name), pages)


__all__ = ["app", "o"]
