#!/usr/bin/env bash
# The server the browser tests talk to: the built app on a fresh embedded database.
# Two loan officers are created first (the embedded database allows one process at a time, so
# before the server opens it); tests/e2e/funding.ts (OFFICERS) holds their phones and passwords.
set -euo pipefail
cd "$(dirname "$0")/.."
port=${1:-3310}
dir=".tmp/e2e-data-$port"
rm -rf "$dir"
mkdir -p "$dir"
export PORT=$port DATA_DIR=$dir LOG_LEVEL=warn NODE_ENV=development
# Simulated payouts settle 3 s after the code is confirmed, so a withdrawal journey sees the real
# PROCESSING -> PAID transition without waiting the default 20 s.
export PAYOUT_SETTLE_SECONDS=${PAYOUT_SETTLE_SECONDS:-3}
# Every browser test registers from this machine within the hour, many in one number block: the
# anonymous code budgets (per address, per prefix) are raised out of the suite's way.
export OTP_ANON_PER_ADDRESS_HOURLY=${OTP_ANON_PER_ADDRESS_HOURLY:-100000} OTP_ANON_PER_PREFIX_HOURLY=${OTP_ANON_PER_PREFIX_HOURLY:-100000}
npx tsx scripts/user-create.ts --phone +639990000001 --password "Officer one kalamansi lantern 2048" --role OFFICER --name "Officer Jose Reyes" >/dev/null
npx tsx scripts/user-create.ts --phone +639990000002 --password "Officer two sampaguita harbour 4096" --role OFFICER --name "Officer Liza Bautista" >/dev/null
# An administrator for tests/e2e/backoffice.spec.ts (ADMIN in that file).
npx tsx scripts/user-create.ts --phone +639990000009 --password "Admin nine narra lighthouse 8192" --role ADMIN --name "Admin Rosa Garcia" >/dev/null
exec npx tsx src/server/main.ts
