"""Players' names that look the same are the same name: kept in Unicode's composed form (NFC),
matched by that form case-folded. Pure; the sheet, the tournament and the deal notation all
match names through here.

>>> name_key("Jürgen") == name_key("JU\u0308RGEN")
True
"""

from __future__ import annotations

__all__ = ["as_typed", "name_key", "nfc"]


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


_FOLDED = str.maketrans({"ä": "a", "ö": "o", "ü": "u", "ß": "ss"})
_SPELLED = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})


def as_typed(word: str, typed: str) -> str | None:
    """``word`` (a name, a word of the deal notation) as it completes what was ``typed``, case
    and umlauts aside as the notation reads a name (ä as a or ae), and begun as typed (a shell
    offers only what starts with what was typed): 'ba' completes to 'barbel', which the
    notation reads as Bärbel; 'jü' is Jürgen, not jungfrau=. None when it does not complete
    it. The table mode and the shell's completion both complete so.

    >>> as_typed("Bärbel", "Bä"), as_typed("Bärbel", "ba"), as_typed("Bärbel", "bä")
    ('Bärbel', 'barbel', 'bärbel')
    >>> as_typed("Jürgen", "jue"), as_typed("jungfrau=", "jü"), as_typed("kontra", "x")
    ('juergen', None, None)
    """
    if word.startswith(typed):
        return word
    said = typed.casefold()
    key = name_key(word)
    for spelling in (key, key.translate(_FOLDED), key.translate(_SPELLED)):
        if spelling.startswith(said):
            return typed + spelling[len(said) :]
    return None
