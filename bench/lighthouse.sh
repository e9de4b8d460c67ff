#!/usr/bin/env bash
# Lighthouse scores (performance, accessibility) for the landing page and the signed-in home, exam, results,
# progress, review and class pages of the built app. Not part of `npm test`; results go in docs/benchmarks.md.
#
#   npm run build && bash bench/lighthouse.sh            # mobile preset (Lighthouse's default)
#   bash bench/lighthouse.sh desktop                     # desktop preset
#
# Lighthouse is not a project dependency: it is installed once into $LH_DIR (default /tmp/lh), outside
# the repository. Lighthouse 12.8.2 is the newest that runs on Node 20 (13.x needs Node 22).
# HTML reports are written to $LH_DIR/reports.
set -euo pipefail
cd "$(dirname "$0")/.."

export LH_DIR="${LH_DIR:-/tmp/lh}"
export CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"
PORT="${LH_PORT:-4183}"
export BASE_URL="http://127.0.0.1:${PORT}"

if [ ! -f "$LH_DIR/node_modules/lighthouse/package.json" ]; then
  mkdir -p "$LH_DIR"
  (cd "$LH_DIR" && { [ -f package.json ] || npm init -y >/dev/null; } && npm install --save-exact --no-audit --no-fund lighthouse@12.8.2)
fi

PORT="$PORT" HOST=127.0.0.1 DATA_DIR=memory:// LOG_LEVEL=warn AUTH_RATE_LIMIT_PER_IP=1000 \
  node --import tsx src/server/index.ts &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true' EXIT
for _ in $(seq 1 240); do
  curl -fs "$BASE_URL/api/public/stats" >/dev/null && break
  sleep 0.5
done

node bench/lighthouse-run.mjs "${1:-mobile}"
