"""Players' names that look the same are the same name: kept in Unicode's composed form (NFC),
matched by that form case-folded. Pure; the sheet, the tournament and the deal notation all
match names through here.

>>> name_key("Jürgen") == name_key("JU\u0308RGEN")
True
"""

from __future__ import annotations

__all__ = ["name_key", "nfc"]


def name_key(name: str) -> str:
    """What two names that look the same share: the name in Unicode's composed form (NFC),
    case-folded. "Jürgen" typed with one ``ü`` or with ``u`` and a combining diaeresis (as
    macOS writes file names) is one name.

    >>> name_key("J\u00fcrgen") == name_key("Ju\u0308rgen") == name_key("JÜRGEN")
    True
    """
    import unicodedata

    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())


def nfc(name: str) -> str:
    """A name as it is kept: in Unicode's composed form (NFC), however it was typed.

    >>> nfc("Ju\u0308rgen") == "J\u00fcrgen"
    True
    """
    import unicodedata

    return name if name.isascii() else unicodedata.normalize("NFC", name)
