#!/usr/bin/env bash
# CI: the production path on a copy of the repository (so the test run's node_modules and builds
# are untouched): npm ci, npm run build, npm prune --omit=dev, NODE_ENV=production npm start.
# Passes when /readyz answers 200, / serves the web app, SIGTERM exits 0, and a second start
# builds nothing.
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
pid=
cleanup() {
  [ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT

git -C "$src" ls-files -z | (cd "$src" && tar --null -T - -cf -) | tar -xf - -C "$tmp/"
cd "$tmp"
t0=$SECONDS
npm ci --no-audit --no-fund --prefer-offline --loglevel=error
npm run build --silent
npm prune --omit=dev --no-audit --no-fund --loglevel=error
[ ! -e node_modules/vite ] && [ ! -e node_modules/tsx ] || { echo "dev dependencies still installed"; exit 1; }
echo "install + build + prune: $((SECONDS - t0)) s"

port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
start() {
  NODE_ENV=production PORT=$port HOST=127.0.0.1 SEED=demo SEED_USERS=20 ADMIN_PASSWORD=Ci-admin-pass-1 \
    DATABASE_URL= REDIS_URL= npm start >"$tmp/$1.log" 2>&1 &
  pid=$!
  local s=$SECONDS
  until curl -sf "http://127.0.0.1:$port/readyz" >/dev/null; do
    if ! kill -0 "$pid" 2>/dev/null || [ $((SECONDS - s)) -gt 600 ]; then
      echo "server did not become ready"; tail -40 "$tmp/$1.log"; exit 1
    fi
    sleep 0.2
  done
  echo "$1 start: ready in $((SECONDS - s)) s"
}
stop() {
  # The signal goes to the server itself (npm does not pass it on): the node process under npm.
  local p node=
  for p in $(pgrep -P "$pid") $(pgrep -P "$(pgrep -P "$pid" | head -1)" 2>/dev/null); do
    grep -q 'scripts/start.mjs' "/proc/$p/cmdline" 2>/dev/null && node=$p
  done
  kill -TERM "${node:-$pid}"
  local code=0
  wait "$pid" || code=$?
  pid=
  [ "$code" = 0 ] || { echo "exit code $code after SIGTERM"; tail -20 "$tmp/$1.log"; exit 1; }
}

start cold
curl -sf "http://127.0.0.1:$port/" | grep -q '<div id="root">' || { echo "/ does not serve the web app"; exit 1; }
[ -f data/pgdata/PG_VERSION ] || { echo "DATA_DIR is not ./data at the root"; exit 1; }
stop cold
start warm
if grep -q 'building the' "$tmp/warm.log"; then echo "the second start rebuilt"; exit 1; fi
stop warm
echo "production start: OK"
