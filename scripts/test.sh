#!/usr/bin/env bash
# `npm test`: lint, type-check, unit (and the server tests again on PostgreSQL), component, build, web e2e (on SQLite,
# then its main flows on PostgreSQL, and behind a load balancer) and the electron smoke test.
# Every step runs even when an earlier one fails; the last line sums every runner: "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
# shellcheck source=ensure-node.sh
source scripts/ensure-node.sh >/dev/null

ART=artifacts/test-results
rm -rf "$ART" && mkdir -p "$ART"
STEPS_FILE="$ART/steps.txt"
: >"$STEPS_FILE"

# Each step's outcome and wall time go to steps.txt ("pass unit 612s"), which the summary prints: the slow steps are
# the first thing to look at when the run nears its budget (.ci/run).
step() {
  local name=$1; shift
  local started=$SECONDS
  echo
  echo "==> $name"
  if "$@"; then
    echo "pass $name $((SECONDS - started))s" >>"$STEPS_FILE"
  else
    echo "fail $name $((SECONDS - started))s" >>"$STEPS_FILE"
    echo "!!! $name failed"
  fi
}

# A step in the background beside the next ones, its output kept in its own log until `joined` prints it: for steps that
# mostly wait (on throwaway clusters, browsers, child processes) or that leave the second core idle beside one that
# does. Nothing run this way depends on a step it runs beside.
declare -A BACKGROUND=()
beside() {
  local name=$1; shift
  step "$name" "$@" >"$ART/$name.log" 2>&1 &
  BACKGROUND[$name]=$!
}
joined() {
  local name=$1
  wait "${BACKGROUND[$name]}"
  cat "$ART/$name.log"
}

# Every tool the steps use, before any of them: a missing one is named here instead of failing or skipping tests.
step tools bash scripts/system-deps.sh check
# Lint and type-check beside the unit tests: vitest runs one test file at a time on a 2-core machine (its workers are
# the cores less one) and those files mostly wait on the processes they start, so the second core is free for them.
beside lint npm run --silent lint
beside typecheck npm run --silent typecheck
# Two test files at a time (vitest's default on 2 cores is one): most of them wait on the back-end processes, clusters
# and browsers they start, so a second file fills the idle core.
step unit bash scripts/with-keyring.sh npx vitest run --project unit --maxWorkers=2 --reporter=default --reporter=json --outputFile="$ART/unit.json"
joined lint
joined typecheck

# The server tests listed in tests/unit/server/bothEngineTests.ts once more on PostgreSQL, on one throwaway cluster
# (tests/unit/server/support/pgGlobalSetup.ts), beside the component tests, the two builds and the SQLite web e2e: it
# mostly waits on its database. Its log follows the web e2e.
beside unit-postgres bash scripts/with-keyring.sh npx vitest run --project unit-postgres --reporter=default --reporter=json --outputFile="$ART/unit-postgres.json"
step component npx vitest run --project component --reporter=default --reporter=json --outputFile="$ART/component.json"
step build-web npm run --silent build:web
step build-electron npm run --silent build
step e2e-web bash scripts/with-keyring.sh npx playwright test --config tests/e2e/playwright.web.config.ts
joined unit-postgres
# The web app behind nginx (deploy/nginx.conf) and two back-end instances, one killed mid-session, beside the next
# step: it mostly waits on its processes. It gets a keyring of its own (an empty bus address makes with-keyring.sh
# start a private one): its web host keeps the session under the same keychain name.
DBUS_SESSION_BUS_ADDRESS='' beside e2e-web-cluster bash scripts/with-keyring.sh npx playwright test --config tests/e2e/playwright.web-cluster.config.ts
# The main flows again with the back end on PostgreSQL (a throwaway cluster per stack, scripts/pg-cluster.sh).
step e2e-web-postgres bash scripts/with-keyring.sh npx playwright test --config tests/e2e/playwright.web-postgres.config.ts
joined e2e-web-cluster
step e2e-electron npx playwright test --config tests/e2e/playwright.electron.config.ts

echo
echo "npm test took $((SECONDS / 60)) min $((SECONDS % 60)) s"
node scripts/summarize-tests.mjs "$ART"
