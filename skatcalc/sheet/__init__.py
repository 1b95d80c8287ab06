"""The score sheet: its pure model (:mod:`.model`) and its TOML store (:mod:`.store`)."""
