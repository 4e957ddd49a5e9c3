#!/usr/bin/env bash
# The README's test command (`npm test`): installs what is missing, then runs scripts/test.mjs.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/install.sh
# FerretDB's build (Go) runs beside the installs; scripts/test.mjs's own call waits for it
# (ensure-ferretdb.sh takes a lock) and reports its failure.
mkdir -p data/logs
bash scripts/ensure-ferretdb.sh >data/logs/ferretdb-build.log 2>&1 &
install_node_modules
install_chromium
install_docker_compose
exec node scripts/test.mjs
