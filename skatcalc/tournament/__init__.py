"""A Skat tournament: the field, the draw of each series to tables, and the standings.

Pure domain code (:mod:`.model`, :mod:`.draw`, :mod:`.standings`); the tournament file is read
and written by :mod:`.store`, with the sheet store's file safety. The standings and table cards
as text are in :mod:`skatcalc.formats`.
"""
