#!/usr/bin/env bash
# Import an evening typed elsewhere (JSON lines) into a new sheet, in one call, and show it.
#   bash examples/import-evening.sh [games.jsonl] [sheet.toml]
set -euo pipefail
log=${1:-"$(dirname "$0")/games.jsonl"}
sheet=${2:-"$(mktemp -d)/imported.toml"}
skatcalc sheet new "$sheet" Anna Ben Carl --kontra   # the log has a Kontra game
skatcalc sheet add "$sheet" --batch < "$log"
skatcalc sheet show "$sheet"
echo "the sheet is $sheet"
