#!/usr/bin/env bash
# Export an evening as a printable HTML score list (A4, with the chart), ready for a browser.
#   bash examples/export-html.sh [sheet.toml] [list.html]
set -euo pipefail
sheet=${1:-"$(dirname "$0")/evening-three.toml"}
out=${2:-"$(mktemp -d)/score-list.html"}
skatcalc sheet export "$sheet" --format html --output "$out"
echo "open $out in a browser; print it on A4"
