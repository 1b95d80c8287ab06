"""``skatcalc config``: where the config file is and what it sets; and the config file's values
for the commands that take them (an option on the command line beats the file).

The file is read when a command needs it (:mod:`skatcalc.store.config`): for the language when
neither ``--lang`` nor SKATCALC_LANG gives one (:mod:`skatcalc.cli.language`, by the root
before any command), and by the commands that take its other keys (``sheet new``, ``tournament new``:
the preset and the rules; ``sheet settle``: the stake and currency; ``tournament standings``:
the currency). Nothing writes it.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import typer

from skatcalc.cli import options as o

if TYPE_CHECKING:
    from fractions import Fraction
    from pathlib import Path

    from skatcalc.sheet.rules import Rules
    from skatcalc.store.config import Config

app = typer.Typer(rich_markup_mode=None)


def _read() -> tuple[Path, Config | None]:
    from skatcalc.cli.errors import reported
    from skatcalc.store.config_file import read, where

    path = where()
    with reported():
        return path, read(path)


def settings() -> tuple[Path, Config]:
    """Where the config file is and what it sets (nothing, when there is none)."""
    from skatcalc.store.config import Config

    path, found = _read()
    return path, found or Config()


def new_rules(preset: str | None, options: dict[str, Any]) -> Rules:
    """The rules of a new sheet or tournament: the preset given on the command line as it is
    (else the file's preset with its ``[rules]``, else ``isko``), then each rule given on the
    command line. An unknown preset is a usage error (exit 2)."""
    from skatcalc.cli.errors import reported, usage
    from skatcalc.cli.rules import changed
    from skatcalc.errors import listed
    from skatcalc.sheet.rules import PRESETS
    from skatcalc.store.config import rules

    if preset is not None and preset not in PRESETS:
        raise usage("err.preset", preset=repr(preset), presets=listed(list(PRESETS)))
    _, config = settings()
    with reported():  # a rule option's value the rule does not take: exit 2
        return changed(rules(config, preset), options)


def currency(given: str | None) -> str:
    """``--currency`` when given, else the config file's, else none."""
    if given is not None:
        return given
    return settings()[1].currency or ""


def stake(given: str | None) -> Fraction:
    """``--stake`` when given (a bad one is a usage error), else the config file's (a bad one is
    the file's problem, exit 5); neither: a usage error that says where a stake comes from."""
    from skatcalc.cli.errors import reported, usage

    if given is not None:
        with reported():
            return o.amount(given)
    from skatcalc.store.config import stake as file_stake

    path, config = settings()
    with reported():
        cents = file_stake(config, path)
    if cents is None:
        raise usage("err.stake.missing", file=str(path))
    return cents


def source(line: Sequence[str]) -> tuple[str, str]:
    """The language in use and where it came from: ``option`` (``--lang``), ``environment``
    (SKATCALC_LANG), ``config``, ``locale`` or ``default``."""
    from skatcalc.cli.language import chosen_language, configured_language
    from skatcalc.words import current

    return current(), chosen_language(line, os.environ, configured_language)[1]


@app.command("config")
def config(ctx: typer.Context, json_: o.Json = False) -> None:
    """Where the config file is and what it sets (a person writes it; skatcalc never does)."""
    from skatcalc.cli.errors import reported
    from skatcalc.store.config import Config
    from skatcalc.store.config import stake as file_stake

    path, read = _read()
    exists, found = read is not None, read or Config()
    with reported():  # every value checked, the stake's amount too
        file_stake(found, path)
    language, origin = source(getattr(ctx.find_root().command, "line", sys.argv[1:]))
    if json_:
        from skatcalc.cli.output import write_json
        from skatcalc.formats.json import config_dict

        write_json(config_dict(str(path), exists, found.settings(), language, origin))
        return
    from skatcalc.cli.output import write
    from skatcalc.words.config import config_lines

    write(config_lines(str(path), exists, found.settings(), language, origin))
