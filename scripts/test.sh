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

step() {
  local name=$1; shift
  echo
  echo "==> $name"
  if "$@"; then echo "pass $name" >>"$STEPS_FILE"; else echo "fail $name" >>"$STEPS_FILE"; echo "!!! $name failed"; fi
}

step lint npm run --silent lint
step typecheck npm run --silent typecheck
step unit bash scripts/with-keyring.sh npx vitest run --project unit --reporter=default --reporter=json --outputFile="$ART/unit.json"

# The server tests listed in tests/unit/server/bothEngineTests.ts once more on PostgreSQL (issue 27), in the background
# beside the component tests and the two builds: it mostly waits on its throwaway clusters. Its log follows the builds.
(
  if bash scripts/with-keyring.sh npx vitest run --project unit-postgres --reporter=default --reporter=json --outputFile="$ART/unit-postgres.json" >"$ART/unit-postgres.log" 2>&1
  then echo "pass unit-postgres" >>"$STEPS_FILE"; else echo "fail unit-postgres" >>"$STEPS_FILE"; fi
) &
UNIT_POSTGRES=$!

step component npx vitest run --project component --reporter=default --reporter=json --outputFile="$ART/component.json"
step build-web npm run --silent build:web
step build-electron npm run --silent build
wait "$UNIT_POSTGRES"
echo
echo "==> unit-postgres"
cat "$ART/unit-postgres.log"
step e2e-web bash scripts/with-keyring.sh npx playwright test --config tests/e2e/playwright.web.config.ts
# The web app behind nginx (deploy/nginx.conf) and two back-end instances, one killed mid-session (issue 28), in the
# background beside the next step: it mostly waits on its processes. It gets a keyring of its own (an empty bus
# address makes with-keyring.sh start a private one): its web host keeps the session under the same keychain name.
(
  if DBUS_SESSION_BUS_ADDRESS='' bash scripts/with-keyring.sh npx playwright test --config tests/e2e/playwright.web-cluster.config.ts >"$ART/e2e-web-cluster.log" 2>&1
  then echo "pass e2e-web-cluster" >>"$STEPS_FILE"; else echo "fail e2e-web-cluster" >>"$STEPS_FILE"; fi
) &
E2E_CLUSTER=$!
# The main flows again with the back end on PostgreSQL (a throwaway cluster per stack, scripts/pg-cluster.sh).
step e2e-web-postgres bash scripts/with-keyring.sh npx playwright test --config tests/e2e/playwright.web-postgres.config.ts
wait "$E2E_CLUSTER"
echo
echo "==> e2e-web-cluster"
cat "$ART/e2e-web-cluster.log"
step e2e-electron npx playwright test --config tests/e2e/playwright.electron.config.ts

node scripts/summarize-tests.mjs "$ART"
