#!/usr/bin/env bash
# Builds what is needed and serves the play page (www/) at http://localhost:${PORT:-8080}/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
PORT="${PORT:-8080}"
echo "gridlogic: serving the page at http://localhost:$PORT/"
exec node_modules/.bin/sirv www --port "$PORT" --dev
