"""``python -m skatcalc``: the same as the ``skatcalc`` command."""

from skatcalc.cli import main

main()
