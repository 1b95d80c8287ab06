"""An error's words as a user reads them: ``skatcalc.words.message(error)``, never ``str(error)``
(an error's ``str`` is its code and params, its words are made by the edge that shows it).

Tests import these from here, never from another test module.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from skatcalc.errors import SkatError
from skatcalc.words import message


@contextmanager
def raises_saying(
    kind: type[SkatError], *, match: str
) -> Iterator[pytest.ExceptionInfo[SkatError]]:
    """``pytest.raises(kind, match=match)``, matched against the error's words in the language
    in use (``re.search``, as pytest matches)."""
    with pytest.raises(kind) as caught:
        yield caught
    said = message(caught.value)
    assert re.search(match, said), f"{said!r} does not match {match!r}"
