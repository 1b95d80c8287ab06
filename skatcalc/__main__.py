"""``python -m skatcalc``: the same as the ``skatcalc`` command."""

from skatcalc.cli import main

if __name__ == "__main__":
    main()
