"""BLAKE2b, the hash of the cache's checks (what a kept state or a kept part was made from):
hashlib's, by its public name, imported where a hash is made.

Measured and left: CPython's own ``_blake2`` holds the very class ``hashlib.blake2b`` names and
spares hashlib's import of OpenSSL (2.7 ms of a first ``sheet stats`` or ``tournament
standings``, ``python -X importtime``); but it is no public name of the standard library, and
skatcalc uses only the public surface of what it depends on.

>>> blake2b(b"skat", digest_size=4).hexdigest()
'b3279234'
"""

from __future__ import annotations

from hashlib import blake2b

__all__ = ["blake2b"]
