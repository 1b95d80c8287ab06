"""Where the config file is, and reading it (:mod:`skatcalc.store.config` is its codec).

Imported on every call of the command line that does not give its language (the config file's
``lang`` beats the locale): so it imports nothing until there is a file to read.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

    from skatcalc.store.config import Config

__all__ = ["language", "read", "where", "where_text"]


def where(environ: Mapping[str, str] = os.environ, platform: str = sys.platform) -> Path:
    """Where the config file is: ``$XDG_CONFIG_HOME/skatcalc/config.toml`` where that is set (an
    absolute path, as the XDG spec says), else the platform's folder for settings: Windows
    ``%APPDATA%\\skatcalc\\config.toml``, macOS ``~/Library/Application Support/skatcalc/``,
    elsewhere (Linux, Termux, BSD) ``~/.config/skatcalc/config.toml``.

    >>> where({"XDG_CONFIG_HOME": "/etc/xdg"}, "linux").as_posix()
    '/etc/xdg/skatcalc/config.toml'
    >>> where({"HOME": "/home/anna", "XDG_CONFIG_HOME": "relative"}, "linux").as_posix()
    '/home/anna/.config/skatcalc/config.toml'
    >>> where({"HOME": "/Users/anna"}, "darwin").as_posix()
    '/Users/anna/Library/Application Support/skatcalc/config.toml'
    """
    from pathlib import Path

    return Path(where_text(environ, platform))


def where_text(environ: Mapping[str, str] = os.environ, platform: str = sys.platform) -> str:
    """:func:`where`, as a text: what a call that only looks for the file needs (``pathlib``,
    about 1 ms to import on a plain ``value`` call, is imported once there is a file).

    >>> where_text({"XDG_CONFIG_HOME": "/etc/xdg"}, "linux")
    '/etc/xdg/skatcalc/config.toml'
    """
    xdg = environ.get("XDG_CONFIG_HOME", "")
    if xdg and os.path.isabs(xdg):
        return os.path.join(xdg, "skatcalc", "config.toml")
    if platform == "win32" and environ.get("APPDATA"):
        return os.path.join(environ["APPDATA"], "skatcalc", "config.toml")
    home = environ.get("HOME") or os.path.expanduser("~")
    if platform == "darwin":
        return os.path.join(home, "Library", "Application Support", "skatcalc", "config.toml")
    return os.path.join(home, ".config", "skatcalc", "config.toml")


def read(path: Path | str) -> Config | None:
    """The config file at ``path``; None when there is none. A problem in it (not TOML, a key
    or value it may not have, not UTF-8, not a regular file) raises a
    :class:`SheetFileError` that names the file and the line (exit 5)."""
    if not os.path.lexists(path):  # the usual case: no file, and nothing more imported
        return None
    from pathlib import Path

    from skatcalc.store import files
    from skatcalc.store.config import CONFIG

    return files.load_if_present(Path(path), CONFIG)


def language(path: Path | str) -> str | None:
    """The language the config file at ``path`` asks for, when it reads as TOML at all: the
    words a problem elsewhere in it is said in (:func:`skatcalc.store.config.language`).
    Without a file nothing is imported: ``value --batch`` asks this for its summary of the
    lines that failed (pathlib, the codec and dataclasses: 7 ms of the batch's start)."""
    if not os.path.lexists(path):
        return None
    from pathlib import Path

    from skatcalc.errors import SkatError
    from skatcalc.store import config, files

    try:
        return config.language(files.read(Path(path), config.CONFIG))
    except SkatError:
        return None
