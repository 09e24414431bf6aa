#!/usr/bin/env bash
# Installs everything gridlogic's build and tests need, skipping what is already there.
# A fresh machine needs only Rust (rustup), Node/npm and python3.
#   scripts/setup.sh            wasm target, wasm-bindgen CLI (builds and runs the wasm tests), npm packages
#   scripts/setup.sh --browser  also Chromium + ChromeDriver (Debian packages, needs root)
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\033[1msetup:\033[0m %s\n' "$*"; }

# Chromium and ChromeDriver from Debian (needs root) go on in the background while cargo
# compiles the wasm-bindgen CLI: on a fresh machine the two overlap instead of adding up.
browser_pid=
if [ "${1:-}" = "--browser" ] && { [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; }; then
  say "installing Chromium and ChromeDriver (in the background)"
  if [ "$(id -u)" = 0 ]; then APT=(apt-get); else APT=(sudo apt-get); fi
  browser_log=$(mktemp)
  { "${APT[@]}" update -q && DEBIAN_FRONTEND=noninteractive "${APT[@]}" install -y -q chromium chromium-driver; } >"$browser_log" 2>&1 &
  browser_pid=$!
fi

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# The wasm-bindgen CLI must be the crate's version exactly (pinned with = in Cargo.toml).
if [ ! -f Cargo.lock ]; then cargo generate-lockfile; fi
bindgen_version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3; exit }' Cargo.lock)
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$bindgen_version" ]; then
  say "installing wasm-bindgen-cli $bindgen_version (takes several minutes)"
  cargo install wasm-bindgen-cli --version "=$bindgen_version"
fi

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "installing npm packages"
  npm ci --no-audit --no-fund
fi

if [ -n "$browser_pid" ]; then
  if ! wait "$browser_pid"; then
    cat "$browser_log" >&2
    echo "setup: installing Chromium failed" >&2
    exit 1
  fi
  say "Chromium and ChromeDriver installed"
fi
