#!/usr/bin/env bash
# Runs a command where a working Secret Service (gnome-keyring) answers, so tests exercise the real keychain.
#
#   bash scripts/with-keyring.sh npx vitest run --project unit tests/unit/host
#
# If the current session already has a keyring that accepts a write, the command just runs.
# Otherwise it starts a private D-Bus session with its own gnome-keyring-daemon whose login keyring
# lives in a throwaway HOME / XDG_DATA_HOME, so the person's real keyring is never read or written.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: bash scripts/with-keyring.sh COMMAND [ARGS...]" >&2
  exit 2
fi

keyring_answers() {
  # A store + lookup + clear round trip under a probe attribute proves the keyring exists and is unlocked.
  command -v secret-tool >/dev/null 2>&1 || return 1
  [ -n "${DBUS_SESSION_BUS_ADDRESS:-}" ] || return 1
  printf 'probe' | timeout 5 secret-tool store --label='Reelscope keyring probe' reelscope-probe "$$" >/dev/null 2>&1 || return 1
  local got
  got=$(timeout 5 secret-tool lookup reelscope-probe "$$" 2>/dev/null || true)
  timeout 5 secret-tool clear reelscope-probe "$$" >/dev/null 2>&1 || true
  [ "$got" = "probe" ]
}

if [ "${REELSCOPE_IN_KEYRING_SESSION:-}" = "1" ]; then
  # Second stage, inside dbus-run-session: start the daemon with an unlocked login keyring, then run the command.
  # The password only protects a throwaway keyring; it is random per run anyway.
  pw="$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')"
  # --foreground keeps the daemon our child so we can stop it by its own pid when the command ends.
  printf '%s' "$pw" | gnome-keyring-daemon --foreground --unlock --components=secrets >/dev/null 2>&1 &
  daemon_pid=$!
  # The daemon creates its control socket, then registers on the bus; probing earlier could make D-Bus
  # auto-start a second, locked daemon. Wait (bounded) for the socket, then for a real round trip.
  for _ in $(seq 1 50); do
    [ -S "$XDG_RUNTIME_DIR/keyring/control" ] && break
    sleep 0.1
  done
  for _ in $(seq 1 50); do
    if keyring_answers; then break; fi
    sleep 0.1
  done
  if ! keyring_answers; then
    echo "with-keyring: gnome-keyring-daemon did not answer; the keychain tests will fail." >&2
  fi
  status=0
  "$@" || status=$?
  kill "$daemon_pid" 2>/dev/null || true
  wait "$daemon_pid" 2>/dev/null || true
  exit "$status"
fi

if keyring_answers; then
  exec "$@"
fi

# Without them the keychain tests cannot run at all: stop, naming the tool, rather than run the command without one.
for tool in dbus-run-session gnome-keyring-daemon secret-tool; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "with-keyring: $tool is not installed (bash scripts/system-deps.sh check names its package); no keychain to run the command with." >&2
    exit 127
  fi
done

tmp="$(mktemp -d "${TMPDIR:-/tmp}/reelscope-keyring.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/home" "$tmp/data" "$tmp/config" "$tmp/runtime"
chmod 700 "$tmp/runtime"
status=0
HOME="$tmp/home" XDG_DATA_HOME="$tmp/data" XDG_CONFIG_HOME="$tmp/config" XDG_RUNTIME_DIR="$tmp/runtime" \
  REELSCOPE_IN_KEYRING_SESSION=1 \
  dbus-run-session -- bash "$0" "$@" || status=$?
exit "$status"
