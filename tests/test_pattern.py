"""Every pattern compiled at its first use is the pattern it names (skatcalc/pattern.py)."""

from __future__ import annotations

import importlib
import pkgutil
import re

import skatcalc
from skatcalc.pattern import _Later


def test_a_pattern_compiled_later_finds_what_its_pattern_finds() -> None:
    later = []
    for info in pkgutil.walk_packages(skatcalc.__path__, "skatcalc."):
        if not info.name.endswith("__main__"):
            module = importlib.import_module(info.name)
            later += [(info.name, v) for v in vars(module).values() if isinstance(v, _Later)]
    assert len(later) >= 14
    text = '[[deal]]\n[rules]\n"deal" = 1\n[[rules_change]]\nx = {a = "b", }\n# c\n1/2 - of x'
    for name, pattern in later:
        compiled = re.compile(*pattern._given)
        assert [m.span() for m in pattern.finditer(text)] == [
            m.span() for m in compiled.finditer(text)
        ], name
        assert pattern.sub("#", text) == compiled.sub("#", text), name
        assert (pattern.pattern, pattern.flags) == (compiled.pattern, compiled.flags), name
