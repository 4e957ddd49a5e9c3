#!/usr/bin/env bash
# The README's start command (`npm start`): installs what is missing, then runs scripts/dev.mjs.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/install.sh
# (scripts/dev.mjs's own ensureFerretDb waits for it.)
if [ -z "${MONGODB_URI:-}" ]; then build_ferretdb_in_background; fi
# (scripts/dev.mjs's own ensureMailpit waits for it.)
if [ -z "${SMTP_URL:-}" ]; then build_mailpit_in_background; fi
install_node_modules
exec node scripts/dev.mjs
