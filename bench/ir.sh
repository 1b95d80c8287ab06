#!/bin/bash
# The instruction count (Ir) of one whole command, deterministic whatever the machine's load:
#     bench/ir.sh CMD ARGS...     e.g. bench/ir.sh .venv/bin/skatcalc sheet stats season/*.toml
# valgrind's callgrind, about 50 times slower than a run; as a user runs it (neither
# PYTHONUNBUFFERED nor PYTHONDONTWRITEBYTECODE), hashing fixed (PYTHONHASHSEED=0), the cache
# folder as given (SKATCALC_CACHE_DIR; unset: none). Compare two installs side by side.
env -u PYTHONUNBUFFERED -u PYTHONDONTWRITEBYTECODE PYTHONHASHSEED=0 \
  SKATCALC_CACHE_DIR="${SKATCALC_CACHE_DIR-}" \
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
  grep -o "Collected : [0-9]*"
