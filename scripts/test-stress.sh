#!/usr/bin/env bash
# npm run test:stress — a local check, not part of CI (issue 20): the component tests and the API tests
# with both cores of a 2-core machine busy, three times in a row. A test that waits for time instead of a
# state, or bounds a duration, fails here. Busy loops: Debian's stress-ng when installed, else one Node
# busy loop per core. STRESS_ROUNDS changes the number of rounds.
set -euo pipefail
cd "$(dirname "$0")/.."
cores=$(node -p 'require("os").availableParallelism()')
rounds=${STRESS_ROUNDS:-3}
hogs=()
stop_hogs() { for pid in "${hogs[@]}"; do kill "$pid" 2>/dev/null || true; done; }
trap stop_hogs EXIT
if command -v stress-ng >/dev/null; then
  stress-ng --cpu "$cores" --quiet &
  hogs+=($!)
else
  for _ in $(seq 1 "$cores"); do
    node -e 'for (;;) {}' &
    hogs+=($!)
  done
fi
echo "== $cores busy loops running (load average: $(cut -d' ' -f1-3 /proc/loadavg))"
for round in $(seq 1 "$rounds"); do
  started=$(date +%s)
  echo "== round $round of $rounds: component and API tests under load"
  npx vitest run --project web --project 'server*'
  echo "== round $round green in $(($(date +%s) - started)) s (load average: $(cut -d' ' -f1-3 /proc/loadavg))"
done
echo "== $rounds rounds green under load"
