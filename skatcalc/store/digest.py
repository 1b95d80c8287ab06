"""BLAKE2b, the hash of the cache's checks, without importing :mod:`hashlib`.

``hashlib`` loads OpenSSL's ``_hashlib`` when it is imported (for MD5 and the SHA family): 2.7 ms
of a first ``sheet stats`` or ``tournament standings``, 2.2 of them ``_hashlib`` (``python -X
importtime``, skatcalc installed with ``pip install .``), where BLAKE2b is CPython's own
``_blake2`` (0.2 ms), the very class ``hashlib.blake2b`` names. Where a Python has no
``_blake2`` it comes from hashlib, as before (tests/test_digest.py holds the two to one class).

>>> blake2b(b"skat", digest_size=4).hexdigest()
'b3279234'
>>> blake2b("skat")
Traceback (most recent call last):
...
TypeError: Strings must be encoded before hashing
"""

from __future__ import annotations

try:
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - another Python than CPython: the public name
    from hashlib import blake2b

__all__ = ["blake2b"]
