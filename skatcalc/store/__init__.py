"""The store: a sheet's TOML text (:mod:`skatcalc.store.toml`, pure) and its file
(:mod:`skatcalc.store.files`, the only file I/O: lock, atomic write, refusing what is not ours)."""
