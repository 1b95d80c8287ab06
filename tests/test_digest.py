"""The cache's BLAKE2b without hashlib's import is hashlib's BLAKE2b (skatcalc/store/digest.py),
and every pattern compiled at its first use is the pattern it names (skatcalc/pattern.py)."""

from __future__ import annotations

import hashlib
import importlib
import pkgutil
import re

import skatcalc
from skatcalc.pattern import _Later
from skatcalc.store import digest


def test_the_cache_hashes_with_hashlibs_blake2b() -> None:
    assert digest.blake2b is hashlib.blake2b
    text = b"[[deal]]\ndeclarer = 'Anna'\n"
    assert (
        digest.blake2b(text, digest_size=16).digest()
        == hashlib.blake2b(text, digest_size=16).digest()
    )


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
