#!/usr/bin/env bash
# Builds pkg/ with wasm-pack --target web: three modules from the crate (src/wasm/mod.rs), the
# solver (pkg/gridlogic.js + pkg/gridlogic_bg.wasm, cargo feature `solver`), the text
# formats (pkg/gridlogic_formats.js + pkg/gridlogic_formats_bg.wasm, feature `formats`) and
# the explained logic (pkg/gridlogic_explain.js + pkg/gridlogic_explain_bg.wasm, feature
# `explain`), so that solving never loads the parsers or the explanations. Then copies them and the JS wrapper (js/) into www/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
wasm-pack build --target web --release --out-dir pkg --out-name gridlogic
# The formats module goes through a folder of its own (wasm-pack rewrites its out-dir's
# package.json and README), then beside the solver.
wasm-pack build --target web --release --out-dir target/pkg-formats --out-name gridlogic_formats \
  --no-default-features --features formats
cp target/pkg-formats/gridlogic_formats{.js,.d.ts,_bg.wasm,_bg.wasm.d.ts} pkg/
# The explained logic (explain, hint, rate) likewise: a module loaded on first use, so that the
# solver's module does not carry it (sizes in docs/performance.md).
wasm-pack build --target web --release --out-dir target/pkg-explain --out-name gridlogic_explain \
  --no-default-features --features explain
cp target/pkg-explain/gridlogic_explain{.js,.d.ts,_bg.wasm,_bg.wasm.d.ts} pkg/
# binaryen's wasm-opt from npm (wasm-pack's own would be downloaded; Debian's is too old):
# drop the function names and the producers section (only after wasm-bindgen, which reads
# the target-features section that `strip = true` in Cargo removes), and optimise at -O2 with
# inlining off (`-fimfs=0 -ocimfs=0 -aimfs=0`). Measured (bench/RESULTS.md): -O2/-O3/-Oz with
# inlining made the first pass over a set (before V8 tiers the code up) 30-70% slower; without
# inlining -O2 is 3 KB (1 KB gzipped) smaller than -O1 and as fast.
for wasm in pkg/gridlogic_bg.wasm pkg/gridlogic_formats_bg.wasm pkg/gridlogic_explain_bg.wasm; do
  node_modules/.bin/wasm-opt -O2 -fimfs=0 -ocimfs=0 -aimfs=0 --strip-debug --strip-producers "$wasm" -o "$wasm"
done
# wasm-bindgen cannot mark a typed trailing parameter optional: do it in the typings.
sed -i -e 's/options: SolveOptions)/options?: SolveOptions)/' \
  -e 's/options: SolveOptions, colors: string\[\])/options?: SolveOptions, colors?: string[])/' pkg/gridlogic.d.ts
sed -i -e 's/format: PuzzleFormat | undefined)/format?: PuzzleFormat)/' pkg/gridlogic_formats.d.ts
sed -i -e 's/options: ExplainOptions)/options?: ExplainOptions)/' \
  -e 's/run: GenerateRun)/run?: GenerateRun)/' \
  -e 's/colors: string\[\] | undefined, options: { timeLimitMs?: number } | undefined)/colors?: string[], options?: { timeLimitMs?: number })/' \
  pkg/gridlogic_explain.d.ts
# The page uses the package as a user would: pkg/ and the JS wrapper js/, side by side.
mkdir -p www/pkg www/js
cp pkg/gridlogic{,_formats,_explain}.js pkg/gridlogic{,_formats,_explain}_bg.wasm pkg/gridlogic{,_formats,_explain}.d.ts www/pkg/
cp js/*.js www/js/
for wasm in pkg/gridlogic_bg.wasm pkg/gridlogic_formats_bg.wasm pkg/gridlogic_explain_bg.wasm; do
  printf 'build: %s is %s bytes, %s gzipped\n' "$wasm" "$(wc -c < "$wasm")" "$(gzip -9 < "$wasm" | wc -c)"
done
