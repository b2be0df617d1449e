#!/usr/bin/env bash
# Checks that every program the test suite starts is installed, and names each one that is not (exit 1).
# .ci/run calls it right after installing the Debian packages: a tool missing on a fresh machine must stop CI with its
# name, not surface later as a test that cannot start it (or one that skips, as the balancer test once did).
# PATH may be narrowed by a test; PG_LIB (default /usr/lib/postgresql) is where Debian keeps PostgreSQL's programs.
set -uo pipefail

TOOLS=(chromium nginx ffmpeg ffprobe pdftotext pdftoppm zbarimg gnome-keyring-daemon dbus-run-session secret-tool Xvfb openssl python3 make g++)
absent=()
for tool in "${TOOLS[@]}"; do
  command -v "$tool" >/dev/null 2>&1 || absent+=("$tool")
done
# PostgreSQL's server programs are not on PATH on Debian; scripts/pg-cluster.sh looks for them there too.
compgen -G "${PG_LIB:-/usr/lib/postgresql}/*/bin/initdb" >/dev/null || absent+=("initdb (postgresql)")

if [ "${#absent[@]}" -gt 0 ]; then
  echo "check-tools: missing ${absent[*]}: install the Debian packages .ci/run lists" >&2
  exit 1
fi
echo "check-tools: all ${#TOOLS[@]} programs and PostgreSQL's initdb found"
