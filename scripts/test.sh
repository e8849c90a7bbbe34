#!/usr/bin/env bash
# npm test: the whole suite. Unit and API tests (Vitest), then the browser journeys (Playwright on
# Debian's Chromium) against a freshly built app on a throw-away embedded database.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== unit and API tests"
npx vitest run

echo "== build"
npm run build --silent

echo "== browser tests"
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "Chromium is missing at ${CHROMIUM_PATH:-/usr/bin/chromium}: install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH." >&2
  exit 1
fi
npx playwright test

echo "== ledger check on the browser tests' database"
DATA_DIR=".tmp/e2e-data-${E2E_PORT:-3310}" npx tsx scripts/ledger-check.ts
