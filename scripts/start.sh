#!/usr/bin/env bash
# The README's start command (`npm start`): installs what is missing, then runs scripts/dev.mjs.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/install.sh
# The FerretDB build (a few minutes of Go on a fresh machine) runs beside `npm install` (mostly
# downloads): scripts/dev.mjs's own call waits for it (ensure-ferretdb.sh takes a lock) and reports
# its failure. Its output goes to data/logs/ferretdb-build.log.
if [ -z "${MONGODB_URI:-}" ]; then
  mkdir -p data/logs
  bash scripts/ensure-ferretdb.sh >data/logs/ferretdb-build.log 2>&1 &
fi
install_node_modules
exec node scripts/dev.mjs
