#!/usr/bin/env bash
# The Drizzle schema (apps/server/src/db/schema/) and the committed migrations agree: generating from
# the schema against a scratch copy of apps/server/drizzle must find nothing to migrate, and the
# migration journal must be consistent (drizzle-kit check).
set -euo pipefail
cd "$(dirname "$0")/../apps/server"
npx drizzle-kit check >/dev/null
# drizzle-kit takes --out relative to this folder (it prefixes "./"), so the scratch copy lives here.
scratch=$(mktemp -d ./.migration-check-XXXXXX)
trap 'rm -rf "$scratch"' EXIT
cp -r drizzle "$scratch/drizzle"
before=$(find "$scratch/drizzle" -type f -exec md5sum {} + | sort | md5sum)
out=$(npx drizzle-kit generate --dialect postgresql --schema ./src/db/schema/index.ts --out "$scratch/drizzle" --name ci_check 2>&1)
after=$(find "$scratch/drizzle" -type f -exec md5sum {} + | sort | md5sum)
grep -q "nothing to migrate" <<<"$out" || [ "$before" != "$after" ] || { echo "drizzle-kit generate did not run:"; echo "$out" | tail -20; exit 1; }
if [ "$before" != "$after" ]; then
  echo "The Drizzle schema differs from the migrations: run 'npm run db:generate -w @app/server' and commit the migration."
  echo "$out" | tail -20
  find "$scratch/drizzle" -name '*ci_check*.sql' -exec cat {} \;
  exit 1
fi
echo "migrations match the schema"
