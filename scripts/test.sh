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

echo "== browser tests: a payout that fails (a second server whose simulated payouts all fail)"
# The simulated provider's failure share is one setting for the whole server, so the failure
# journey runs against its own server on its own port and database.
failure_port=$(( ${E2E_PORT:-3310} + 100 ))
PAYOUT_FAILURE_RATE=1 E2E_PORT=$failure_port npx playwright test tests/e2e/withdrawals.spec.ts --grep "payout that fails"

echo "== ledger check on the browser tests' databases"
DATA_DIR=".tmp/e2e-data-${E2E_PORT:-3310}" npx tsx scripts/ledger-check.ts
DATA_DIR=".tmp/e2e-data-$failure_port" npx tsx scripts/ledger-check.ts
