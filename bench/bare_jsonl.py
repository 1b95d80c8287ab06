"""The floor for batch scoring: a bare Python loop that reads JSON lines and writes them back."""

import json
import sys

for line in sys.stdin:
    sys.stdout.write(json.dumps(json.loads(line)) + "\n")
