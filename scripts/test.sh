#!/usr/bin/env bash
# Every suite of gridlogic, after installing what they need:
#   0. lint, before any test: rustfmt and clippy (native and wasm32, warnings are errors),
#      Biome (format and lint rules, biome.json) over the JS, then the build (pkg/, which the
#      JS's types come from) and tsc --checkJs over www/ and js/ (tsconfig.json) — the JS
#      part is what `npm run lint` runs;
#   1. native Rust tests (unit, property and corpus tests);
#   2. the JS API inside wasm with wasm-bindgen-test, in Node and in headless Chrome (both
#      halves of the binding compiled: features formats and explain);
#   3. the built package from Node (corpus sets through the wasm API);
#   4. the npm package as packed, installed into a fresh consumer project;
#   5. the play page end to end in Chromium.
# Suites 1 and 2 need only cargo, the others the build: after the lint, 1 and 2 run in the
# background while the build and 3-5 run in the foreground, so that the CPU-bound Rust tests
# fill the time the browser tests spend waiting on the page (measured 2026-12-04: a warm run
# after a one-line change in src/ used 1.4 of the 2 cores on average when the suites ran one
# after another). The background suites' log is printed when they end; either half failing
# fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --browser

# Each step's heading carries the seconds since the start, so a slow step shows in the log.
step() { printf '\n\033[1m== %s\033[0m (at %d s)\n' "$*" "$SECONDS"; }

step "rustfmt and clippy"
cargo fmt --check
cargo clippy --all-targets -- -D warnings
cargo clippy --all-targets --target wasm32-unknown-unknown -- -D warnings

step "lint: format and lint rules (Biome)"
node_modules/.bin/biome ci

# Suites 1 and 2 in the background (their own log, printed at the end); killed if the
# foreground fails first.
cargo_suites() {
  step "native tests"
  # One build: the tests turn the `serde` feature on (Cargo.toml's dev-dependency on the crate
  # itself), so the serde impls' tests run with the rest; one integration-test crate, tests/it/.
  cargo test

  # wasm-bindgen-test exits 0 when it runs no test at all (the silent-skip trap): demand
  # that each environment reports a positive "N passed".
  wasm_tests() { # name, then the command
    local name=$1 log
    shift
    log=$(mktemp)
    "$@" 2>&1 | tee "$log"
    local passed
    passed=$(grep -oE 'test result: ok\. [0-9]+ passed' "$log" | grep -oE '[0-9]+ passed' | awk '{s += $1} END {print s + 0}')
    rm -f "$log"
    if [ "$passed" -eq 0 ]; then
      echo "error: the wasm tests in $name ran no test" >&2
      exit 1
    fi
    echo "wasm tests in $name: $passed passed"
  }

  step "wasm tests in Node"
  wasm_tests Node cargo test --target wasm32-unknown-unknown --test it --features formats,explain

  step "wasm tests in headless Chrome"
  wasm_tests Chrome env WASM_BINDGEN_USE_BROWSER=1 CHROMEDRIVER=/usr/bin/chromedriver \
    cargo test --target wasm32-unknown-unknown --test it --features formats,explain
}
cargo_log=$(mktemp)
cargo_suites >"$cargo_log" 2>&1 &
cargo_pid=$!
# A process and everything it started (cargo's test binaries, the browser of the wasm tests).
kill_tree() {
  local child
  for child in $(ps -o pid= --ppid "$1" 2>/dev/null); do kill_tree "$child"; done
  kill "$1" 2>/dev/null || true
}
trap 'kill_tree "$cargo_pid"' EXIT

step "build"
bash scripts/build.sh

step "lint: types, the package from Node, packed in a consumer project, and the page in Chromium"
# The types (tsc --checkJs over www/ and js/, and the typings' consumer test) beside the tests
# below, their log printed after them: 15 s less on the longest path of the run.
types() {
  node_modules/.bin/tsc -p tsconfig.json
  node_modules/.bin/tsc --noEmit --strict --target es2022 --module es2022 --moduleResolution bundler tests/js/consumer.ts
  echo "typings: tests/js/consumer.ts type-checks, every misuse rejected"
}
types_log=$(mktemp)
types >"$types_log" 2>&1 &
types_pid=$!
trap 'kill_tree "$cargo_pid"; kill_tree "$types_pid"' EXIT
# The JS API from Node (tests/js/), the packed package in a fresh consumer project (Node, Vite
# + Chromium; tests/package/) and the page end to end (tests/e2e/), three files at a time: each
# file loads its own wasm instances, has its own server (port) and browser profile
# (tests/e2e/helpers.mjs), and writes files only in its own temporary folder. Most of a
# browser test's time is spent waiting on the page, which the third file and the cargo suites
# in the background fill.
node --test --test-concurrency=3 tests/js/ tests/package/ tests/e2e/

step "lint: types (run beside the tests above)"
types_status=0
wait "$types_pid" || types_status=$?
cat "$types_log"
rm -f "$types_log"
if [ "$types_status" -ne 0 ]; then
  echo "error: tsc found type errors (above)" >&2
  exit "$types_status"
fi

step "the native and wasm tests' log (run in the background)"
cargo_status=0
wait "$cargo_pid" || cargo_status=$?
trap - EXIT
cat "$cargo_log"
rm -f "$cargo_log"
if [ "$cargo_status" -ne 0 ]; then
  echo "error: the native or wasm tests failed (their log is above)" >&2
  exit "$cargo_status"
fi
echo "all suites passed in $SECONDS s"
