"""Every test speaks English unless it says otherwise, whatever the machine's locale."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from skatcalc import words


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("SKATCALC_LANG", "en")
    words.use("en")
    yield
    words.use("en")
