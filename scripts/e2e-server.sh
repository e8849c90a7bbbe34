#!/usr/bin/env bash
# A server the browser tests talk to: the built app on a fresh embedded database of its own
# (.tmp/e2e-data-<port>). playwright.config.ts starts one per worker, and one whose payouts fail.
# The staff accounts are created first (the embedded database allows one process at a time, so
# before the server opens it); tests/e2e/funding.ts (OFFICERS) holds their phones and passwords.
set -euo pipefail
cd "$(dirname "$0")/.."
port=${1:-3310}
# 'seeded': the demo of `npm run seed` (its staff, members and three months of history) instead of
# the e2e staff alone, for tests/e2e/seeded.spec.ts (the newcomer's path of the README).
mode=${2:-}
dir=".tmp/e2e-data-$port"
rm -rf "$dir" "$dir.seeding"
export PORT=$port DATA_DIR=$dir LOG_LEVEL=warn NODE_ENV=development
# Simulated payouts settle 60 s (of the server's clock) after the code is confirmed: a withdrawal
# journey sees PROCESSING, then moves the clock forward (tests/e2e/clock.ts) and sees PAID or
# FAILED as soon as the worker's next pass (every 200 ms here) finds it due.
export PAYOUT_SETTLE_SECONDS=60 JOBS_INTERVAL_MS=200
if [[ "$mode" == seeded ]]; then
  # As a newcomer runs it: the server stopped, the production code budgets (nothing raised).
  npx tsx scripts/seed.ts >/dev/null
else
  mkdir -p "$dir"
  # Two officers and an administrator (scripts/e2e-staff.ts), in one process; the empty data directory
  # is copied from the migrated template (docs/decisions/023-start-fast.md).
  npx tsx scripts/e2e-staff.ts
fi
# Every browser test registers from this machine within the hour, many in one number block: the
# anonymous code budgets (per address, per prefix) are raised out of the suite's way.
export OTP_ANON_PER_ADDRESS_HOURLY=${OTP_ANON_PER_ADDRESS_HOURLY:-100000} OTP_ANON_PER_PREFIX_HOURLY=${OTP_ANON_PER_PREFIX_HOURLY:-100000}
# The compiled server (npm run build, which the browser tests need anyway, makes it with dist/web):
# node starts it in a fraction of tsx's time.
if [[ -f dist/server/main.js ]]; then exec node dist/server/main.js; else exec npx tsx src/server/main.ts; fi
