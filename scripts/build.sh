#!/usr/bin/env bash
# Builds pkg/ (wasm-pack --target web: pkg/gridlogic.js + pkg/gridlogic_bg.wasm) and copies
# it and the JS wrapper (js/) into www/ for the page.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
wasm-pack build --target web --release --out-dir pkg --out-name gridlogic
# binaryen's wasm-opt from npm (wasm-pack's own would be downloaded; Debian's is too old):
# drop the function names and the producers section (only after wasm-bindgen, which reads
# the target-features section that `strip = true` in Cargo removes), and run -O1. Measured:
# -O1 is 13 KB smaller than no pass and -O2/-O3/-Oz only 6-9 KB smaller again, but their
# inlining made the first pass over a set (before V8 tiers the code up) 30-70% slower.
node_modules/.bin/wasm-opt -O1 --strip-debug --strip-producers pkg/gridlogic_bg.wasm -o pkg/gridlogic_bg.wasm
# wasm-bindgen cannot mark a typed trailing parameter optional: do it in the typings.
sed -i -e 's/options: SolveOptions)/options?: SolveOptions)/' \
  -e 's/format: PuzzleFormat | undefined)/format?: PuzzleFormat)/' pkg/gridlogic.d.ts
# The page uses the package as a user would: pkg/ and the JS wrapper js/, side by side.
mkdir -p www/pkg www/js
cp pkg/gridlogic.js pkg/gridlogic_bg.wasm pkg/gridlogic.d.ts www/pkg/
cp js/*.js www/js/
printf 'build: pkg/gridlogic_bg.wasm is %s bytes, %s gzipped\n' "$(wc -c < pkg/gridlogic_bg.wasm)" "$(gzip -9 < pkg/gridlogic_bg.wasm | wc -c)"
