#!/usr/bin/env bash
# Every benchmark in one command, in a fresh virtual environment with skatcalc installed as a
# user installs it (not editable, so its bytecode is compiled). Prints the ratios and the
# characters a deal of bench/keystrokes.py.
#   bash bench/run.sh
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv bench/.venv
bench/.venv/bin/pip install -q --disable-pip-version-check . tomli
py=bench/.venv/bin/python
echo "== issue 21: fast at any size (every figure side by side; BEFORE_PYTHON=... for before/after)"
$py bench/fast.py ${BEFORE_PYTHON:-}
echo; echo "== start-up"; $py bench/startup.py
echo; echo "== the table mode's line editor (prompt_toolkit)"; $py bench/line_editor.py
echo; echo "== value --batch"; $py bench/batch.py
echo; echo "== sheet add / show"; $py bench/sheet.py
echo; echo "== sheet stats over 1,000 sheets"; $py bench/stats.py
echo; echo "== sheet show --all / default"; $py bench/show.py
echo; echo "== TOML readers"; $py bench/toml_readers.py
echo; echo "== tournament standings, 200 players"; $py bench/tournament.py
echo; echo "== the live page idle at 100,000 deals (BEFORE_PYTHON=... for before/after)"; $py bench/serve.py ${BEFORE_PYTHON:-}
echo; echo "== keystrokes: two evenings typed with options and in the deal notation"; $py bench/keystrokes.py
echo; echo "== what a plain value call imports (python -X importtime, top 12 by cumulative us)"
echo '' | $py -X importtime -c 'import sys; sys.argv=["skatcalc","value","clubs","--with","2"]; from skatcalc.cli import main; main()' 2>&1 >/dev/null | sort -t'|' -k2 -n | tail -12
