#!/usr/bin/env bash
# Score a log of games (JSON lines) and sum each declarer's score with standard tools.
#   bash examples/score-log.sh [games.jsonl]
set -euo pipefail
scored=$(mktemp)
trap 'rm -f "$scored"' EXIT
log=${1:-"$(dirname "$0")/games.jsonl"}
# value --batch takes value's keys; drop the sheet-only keys (declarer, pass) first.
python3 -c '
import json, sys
for line in sys.stdin:
    game = json.loads(line)
    if game.pop("pass", False):
        continue
    game.pop("declarer")
    print(json.dumps(game))
' < "$log" | skatcalc value --batch > "$scored"
# Pair each answer with its declarer and sum.
python3 -c '
import json, sys
from collections import Counter
log = [json.loads(l) for l in open(sys.argv[1]) if "pass" not in json.loads(l)]
totals = Counter()
for game, answer in zip(log, map(json.loads, open(sys.argv[2])), strict=True):
    who, score = game["declarer"], answer["score"]
    totals[who] += score
    print("%-6s %-28s %-8s %+5d" % (who, answer["name"], answer["outcome"], score))
print("totals:", ", ".join(f"{name} {score:+d}" for name, score in totals.items()))
' "$log" "$scored"
