#!/usr/bin/env bash
# Serves the play page (www/) at http://localhost:${PORT:-8080}/, after building what it needs:
# the wasm build (scripts/build.sh) runs only when www/pkg/ is missing or a source it is made
# of (the crate, the JS wrapper js/, the build script) changed since it was last copied there;
# otherwise the page starts at once. `npm run build` builds whatever the case.
set -euo pipefail
cd "$(dirname "$0")/.."
stamp=www/pkg/gridlogic_explain_bg.wasm # the last file build.sh copies into www/
sources=(src js Cargo.toml Cargo.lock scripts/build.sh)
if [ ! -d node_modules ] || [ ! -f "$stamp" ] || [ ! -f www/js/browser.js ] \
  || [ -n "$(find "${sources[@]}" -newer "$stamp" -print -quit)" ]; then
  bash scripts/build.sh
else
  echo "gridlogic: the build is up to date (nothing in ${sources[*]} changed since it)"
fi
PORT="${PORT:-8080}"
echo "gridlogic: serving the page at http://localhost:$PORT/"
exec node_modules/.bin/sirv www --port "$PORT" --dev
