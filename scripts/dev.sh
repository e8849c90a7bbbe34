#!/usr/bin/env bash
# npm run dev: the API (tsx watch: restarts on a server change) and the Vite dev server (hot
# reload of the web app) together. Open http://localhost:5173; Vite proxies /api to the API on
# API_PORT (default 3000). Ctrl-C stops both. The database is the embedded one under DATA_DIR
# (default ./data) unless DATABASE_URL is set; `npm run seed` fills an empty one with demo data.
set -euo pipefail
cd "$(dirname "$0")/.."
api_port=${API_PORT:-3000}
web_port=${WEB_PORT:-5173}
export API_PORT=$api_port

PORT=$api_port SERVE_WEB=false npx tsx watch src/server/main.ts &
api=$!
npx vite --port "$web_port" --strictPort &
web=$!
stop() {
  kill "$api" "$web" 2>/dev/null || true
  wait "$api" "$web" 2>/dev/null || true
}
trap stop EXIT INT TERM
# Whichever stops first (a crash, or Ctrl-C) stops the other.
wait -n "$api" "$web"
