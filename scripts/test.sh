#!/usr/bin/env bash
# The README's test command (`npm test`): installs what is missing, then runs scripts/test.mjs.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/install.sh
# (scripts/test.mjs's own ensureFerretDb, ensureMailpit and ensureSeaweedFs wait for them.)
build_seaweedfs_in_background
build_ferretdb_in_background
build_mailpit_in_background
build_docker_compose_in_background
install_node_modules
install_chromium
exec node scripts/test.mjs "$@"
