"""The sheet store, as the CLI and the tournament use it: :mod:`skatcalc.store.toml` (the text)
and :mod:`skatcalc.store.files` (the file), under the names they always had."""

from __future__ import annotations

from skatcalc.store.files import (
    EXPORT_LIMIT,
    FILE_LIMIT,
    LOCK_TIMEOUT,
    check_file,
    create,
    load,
    read_text,
    update,
    write_text,
)
from skatcalc.store.toml import HEADER, Problem, check, from_data, loads, parse, render

__all__ = [
    "EXPORT_LIMIT",
    "FILE_LIMIT",
    "HEADER",
    "LOCK_TIMEOUT",
    "Problem",
    "check",
    "check_file",
    "create",
    "from_data",
    "load",
    "loads",
    "parse",
    "read_text",
    "render",
    "update",
    "write_text",
]
