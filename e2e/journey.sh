#!/usr/bin/env bash
# Runs some browser journeys against a fresh app with the demo dataset, for working on one screen:
#   bash e2e/journey.sh tests/agents.test.ts [more test files or vitest filters]
# SKIP_BUILD=1 reuses apps/web/dist. Screenshots land in e2e/artifacts/. `npm run test:e2e` runs them all.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d /tmp/backoffice-journey.XXXXXX)
app_pid=""
cleanup() {
  if [ -n "$app_pid" ]; then kill -TERM "$app_pid" 2>/dev/null || true; wait "$app_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
[ "${SKIP_BUILD:-0}" = 1 ] || npm run --silent build >/dev/null
port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
DATA_DIR="$work/data" PORT="$port" HOST=127.0.0.1 DEMO=1 LOG_LEVEL=warn DATABASE_URL= \
  node --import tsx apps/server/src/main.ts > "$work/app.log" 2>&1 &
app_pid=$!
for _ in $(seq 1 120); do
  grep -q "Back office ready" "$work/app.log" && break
  kill -0 "$app_pid" 2>/dev/null || { cat "$work/app.log"; exit 1; }
  sleep 0.5
done
grep -q "Back office ready" "$work/app.log" || { cat "$work/app.log"; echo "app did not start" >&2; exit 1; }
E2E_BASE_URL="http://127.0.0.1:$port" npx vitest run --config e2e/vitest.config.ts "$@"
