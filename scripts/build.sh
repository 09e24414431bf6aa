#!/usr/bin/env bash
# Builds pkg/: three wasm modules from the crate (src/wasm/mod.rs), each a release build for
# wasm32-unknown-unknown with one cargo feature, then wasm-bindgen --target web:
#   the solver (pkg/gridlogic.js + pkg/gridlogic_bg.wasm, feature `solver`),
#   the text formats (pkg/gridlogic_formats.js + _bg.wasm, feature `formats`), so that solving
#   never loads the parsers, and
#   the explained logic (pkg/gridlogic_explain.js + _bg.wasm, feature `explain`: explain, hint,
#   rate, generate), loaded on first use (sizes in docs/performance.md).
# Then copies them and the JS wrapper (js/) into www/, and writes pkg/www/, the page as deployed
# (www/ minified, scripts/site.mjs). No wasm-pack: cargo and the
# wasm-bindgen CLI are all it did here, and installing it cost a fresh machine 8-16 minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# Each module has its own target dir: a cdylib's file name carries no feature hash, so in one
# dir the three feature sets overwrite each other and every build compiles the crate again.
# Apart, an unchanged crate builds in no time and a changed one builds the three at once
# (each release build is mostly one thread: LTO and one codegen unit).
module() { # out-name, then cargo's feature arguments
  local name=$1
  shift
  cargo build --lib --release --target wasm32-unknown-unknown --target-dir "target/module-$name" "$@"
  wasm-bindgen --target web --out-dir pkg --out-name "$name" "target/module-$name/wasm32-unknown-unknown/release/gridlogic.wasm"
  # binaryen's wasm-opt from npm (Debian's is too old), here so that a module that is built
  # first is optimised while the others still compile:
  # drop the function names and the producers section (only after wasm-bindgen, which reads
  # the target-features section that `strip = true` in Cargo removes), and optimise at -O2 with
  # inlining off (`-fimfs=0 -ocimfs=0 -aimfs=0`). Measured (bench/RESULTS.md): -O2/-O3/-Oz with
  # inlining made the first pass over a set (before V8 tiers the code up) 30-70% slower; without
  # inlining -O2 is 3 KB (1 KB gzipped) smaller than -O1 and as fast.
  node_modules/.bin/wasm-opt -O2 -fimfs=0 -ocimfs=0 -aimfs=0 --strip-debug --strip-producers \
    "pkg/${name}_bg.wasm" -o "pkg/${name}_bg.wasm"
}
module gridlogic &
solver=$!
module gridlogic_formats --no-default-features --features formats &
formats=$!
module gridlogic_explain --no-default-features --features explain
wait "$solver"
wait "$formats"
# The page uses the package as a user would: pkg/ and the JS wrapper js/, side by side.
mkdir -p www/pkg www/js
cp pkg/gridlogic{,_formats,_explain}.js pkg/gridlogic{,_formats,_explain}_bg.wasm pkg/gridlogic{,_formats,_explain}.d.ts www/pkg/
cp -r js/. www/js/ # the wrapper and the board (js/board/)
# The service worker's list of files to cache, from what is now in www/; then the page as it is
# deployed, pkg/www/ (www/ minified), and its own list.
node scripts/sw-files.mjs
node scripts/site.mjs
node scripts/sw-files.mjs pkg/www
for wasm in pkg/gridlogic_bg.wasm pkg/gridlogic_formats_bg.wasm pkg/gridlogic_explain_bg.wasm; do
  printf 'build: %s is %s bytes, %s gzipped\n' "$wasm" "$(wc -c < "$wasm")" "$(gzip -9 < "$wasm" | wc -c)"
done
