"""The store: a pure codec for each kind of file (:mod:`skatcalc.store.sheet_codec`,
:mod:`skatcalc.store.tournament_codec`, on the TOML text of :mod:`skatcalc.store.toml`), the
file layer (:mod:`skatcalc.store.files`, the only file I/O: lock, atomic write, refusing what is
not ours), and the faces the command line uses (:mod:`skatcalc.store.sheet`,
:mod:`skatcalc.store.tournament`)."""
