#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for tests, benches and trying the team-server engine by hand.
#
#   bash scripts/pg-cluster.sh npm run server     # runs the command with REELSCOPE_DATABASE_URL set, then removes the cluster
#   bash scripts/pg-cluster.sh                    # prints the URL and keeps the cluster until Ctrl-C or stdin closes
#
# It uses Debian's `postgresql` package (version 15 or newer; PG_BIN=/path/to/bin picks another). The cluster lives in a
# fresh temporary folder, listens on 127.0.0.1 only (a free port) with trust authentication (nothing else can reach it),
# and runs as the unprivileged `postgres` user when started as root (PostgreSQL refuses to run as root; CI runs as root).
# Its collation and character type are C, so text sorts and folds as SQLite's does. fsync is off: nothing in it is
# meant to survive the machine. It is stopped and deleted on exit, Ctrl-C, SIGTERM, or when stdin closes (the process
# that started it died), so nothing is left behind.
set -euo pipefail

fail() { echo "pg-cluster: $*" >&2; exit 1; }

if [ -z "${PG_BIN:-}" ]; then
  PG_BIN=$(find /usr/lib/postgresql -maxdepth 2 -name bin -type d 2>/dev/null | sort -V | tail -n 1)
fi
[ -n "$PG_BIN" ] && [ -x "$PG_BIN/initdb" ] ||
  fail "PostgreSQL is not installed (Debian: apt-get install postgresql; or set PG_BIN to its bin folder)"
major=$("$PG_BIN/postgres" --version | sed -E 's/[^0-9]*([0-9]+).*/\1/')
[ "$major" -ge 15 ] || fail "PostgreSQL $major found in $PG_BIN; Reelscope needs 15 or newer"

as_owner=()
if [ "$(id -u)" = "0" ]; then
  id postgres >/dev/null 2>&1 || fail "running as root needs the unprivileged 'postgres' user (created by Debian's postgresql package)"
  as_owner=(runuser -u postgres --)
fi

dir=$(mktemp -d "${TMPDIR:-/tmp}/reelscope-pg.XXXXXX")
waiter=""
cleanup() {
  trap - EXIT INT TERM HUP
  if [ -n "$waiter" ]; then kill "$waiter" 2>/dev/null || true; fi
  if [ -f "$dir/data/postmaster.pid" ]; then
    local server_pid
    server_pid=$(head -n 1 "$dir/data/postmaster.pid")
    "${as_owner[@]}" "$PG_BIN/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
    # pg_ctl returns once the pid file is gone; wait (up to 10 s) for the server process itself to be gone too.
    for _ in $(seq 100); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
  fi
  rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM HUP

[ "${#as_owner[@]}" -eq 0 ] || chown postgres "$dir"
"${as_owner[@]}" "$PG_BIN/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C >"$dir/initdb.log" 2>&1 ||
  { cat "$dir/initdb.log" >&2; fail "initdb failed"; }

free_port() {
  # Written as text: console.log colours a number when FORCE_COLOR is set (as test runners such as Playwright set it).
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(s.address().port+'\\n');s.close();})"
}

server_options() {
  echo "-c listen_addresses=127.0.0.1 -p $1 -c unix_socket_directories=$dir -c fsync=off -c full_page_writes=off -c synchronous_commit=off"
}
start_server() {
  "${as_owner[@]}" "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 start -o "$(server_options "$1")" >/dev/null 2>&1
}

# A port found free can be taken before the server binds it: try a few.
port=""
for _ in 1 2 3 4 5; do
  candidate=$(free_port)
  if start_server "$candidate"; then
    port=$candidate
    break
  fi
done
[ -n "$port" ] || { tail -n 20 "$dir/server.log" >&2 || true; fail "the server did not start"; }

url="postgres://postgres@127.0.0.1:$port/postgres"

if [ "$#" -gt 0 ]; then
  status=0
  REELSCOPE_DATABASE_URL="$url" "$@" || status=$?
  exit "$status"
fi

echo "$url"
# Tests take the database away and give it back (a team server losing PostgreSQL): SIGUSR1 stops the server, SIGUSR2
# starts it again on the same port; each answers one line when done.
trap '"${as_owner[@]}" "$PG_BIN/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true; echo stopped' USR1
trap 'start_server "$port" || true; echo started' USR2
# Keep the cluster while stdin stays open. `wait` (unlike a foreground read) lets the traps run at once on a signal;
# it returns after each one, so wait again until stdin closes.
exec 3<&0
cat <&3 >/dev/null &
waiter=$!
while kill -0 "$waiter" 2>/dev/null; do wait "$waiter" || true; done
