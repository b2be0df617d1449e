#!/usr/bin/env bash
# The Debian packages the build and the tests use, and what each must put on the machine, in one list:
#
#   bash scripts/system-deps.sh install [PKG…]  # apt-get installs every package not fully installed (.ci/run names them)
#   bash scripts/system-deps.sh check     # exits 1 naming every missing tool and its package (.ci/run, npm test)
#   bash scripts/system-deps.sh packages  # prints the package names
#
# A test that needs one of these tools fails when it is missing rather than skipping, and `check` says which one
# before a long run is spent finding out; both read the tool from this list.
set -euo pipefail

# package  what it provides: a command (looked up on PATH and in the sbin folders a non-root PATH leaves out),
# or an absolute path (a glob is allowed), for packages whose part the tests use is not a command.
DEPS=(
  "chromium chromium"                                  # the web e2e's browser (never a downloaded one)
  "gnome-keyring gnome-keyring-daemon"                 # the real keychain of scripts/with-keyring.sh
  "dbus dbus-run-session"                              # the keychain's private session bus
  "dbus-x11 dbus-launch"
  "libsecret-1-dev /usr/include/libsecret-1/libsecret/secret.h" # keytar's native build
  "libsecret-tools secret-tool"                        # what another program sees in the keychain
  "poppler-utils pdftotext"                            # report PDFs read back by the tests
  "poppler-utils pdftoppm"
  "poppler-utils pdffonts"
  "poppler-utils pdfinfo"
  "ffmpeg ffmpeg"                                      # uploads' media probing and thumbnails
  "ffmpeg ffprobe"
  "espeak-ng espeak-ng"                                # speech the analysis tests hear (speech to text, voice activity)
  "fonts-dejavu-core /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"      # Latin text the OCR tests draw
  "fonts-droid-fallback /usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf" # Chinese text the OCR tests draw
  "xvfb xvfb-run"                                      # a display for the desktop app
  "python3 python3"                                    # native module builds (node-gyp)
  "make make"
  "g++ g++"
  "ca-certificates /etc/ssl/certs/ca-certificates.crt"
  "openssl openssl"                                    # TLS certificates made by the tests
  "zbar-tools zbarimg"                                 # QR codes decoded by the e2e
  "postgresql /usr/lib/postgresql/*/bin/initdb"        # throwaway clusters of scripts/pg-cluster.sh
  "nginx nginx"                                        # the load balancer of the cluster tests (deploy/nginx.conf)
  "nodejs /usr/bin/node"                               # an older system Node, which the Node floor test runs npm on
)

packages() {
  local entry
  for entry in "${DEPS[@]}"; do echo "${entry%% *}"; done | awk '!seen[$0]++'
}

# Whether `what` (a command, or an absolute path or glob) is on this machine.
present() {
  local what=$1 match
  if [[ "$what" == /* ]]; then
    for match in $what; do [ -e "$match" ] && return 0; done
    return 1
  fi
  # `command -v` also answers a file that is not executable when nothing else by that name is; that one is no tool.
  local found
  found=$(PATH="$PATH:/usr/local/sbin:/usr/sbin:/sbin" command -v "$what" 2>/dev/null) || return 1
  [ -f "$found" ] && [ -x "$found" ]
}

check() {
  local entry missing=() to_install=()
  for entry in "${DEPS[@]}"; do
    present "${entry#* }" && continue
    missing+=("${entry#* } (Debian package ${entry%% *})")
    [[ " ${to_install[*]} " == *" ${entry%% *} "* ]] || to_install+=("${entry%% *}")
  done
  if [ "${#missing[@]}" -gt 0 ]; then
    echo "system-deps: the tests need what is missing here:" >&2
    printf '  %s\n' "${missing[@]}" >&2
    echo "system-deps: install them with: apt-get install ${to_install[*]}" >&2
    return 1
  fi
}

install() {
  local sudo="" pkg status missing=()
  if [ "$(id -u)" != "0" ] && command -v sudo >/dev/null 2>&1; then sudo="sudo"; fi
  # The packages named (.ci/run lists them where a reader of CI looks), else this file's own list.
  local wanted=("$@")
  [ "${#wanted[@]}" -gt 0 ] || mapfile -t wanted < <(packages)
  for pkg in "${wanted[@]}"; do
    # Only "install ok installed" counts: a package removed without purging keeps a status ("deinstall ok
    # config-files") that `dpkg -s` answers 0 for, although its programs are gone.
    status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
    [ "$status" = "install ok installed" ] || missing+=("$pkg")
  done
  # Debian's nodejs comes without npm, which scripts/ensure-node.sh fetches the project's Node with.
  command -v npm >/dev/null 2>&1 || missing+=(npm)
  if [ "${#missing[@]}" -gt 0 ]; then
    echo "system-deps: installing ${missing[*]}"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
}

case "${1:-}" in
  packages) packages ;;
  check) check ;;
  install) shift; install "$@" ;;
  *) echo "usage: bash scripts/system-deps.sh install|check|packages" >&2; exit 2 ;;
esac
