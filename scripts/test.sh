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
# One server per worker plus one whose payouts all fail (playwright.config.ts); tests move each
# server's clock forward instead of sleeping through limits (tests/e2e/clock.ts).
npx playwright test

echo "== ledger check on the browser tests' databases"
port=${E2E_PORT:-3310}
workers=${E2E_WORKERS:-2}
# The servers: one per worker, the failing-payouts one, the manual-payouts one and the seeded one (playwright.config.ts).
for (( i = 0; i <= workers + 2; i++ )); do
  DATA_DIR=".tmp/e2e-data-$(( port + i ))" npx tsx scripts/ledger-check.ts
done
