#!/bin/sh
# The Auth Emulator container's start command (deploy/auth-emulator/Dockerfile CMD; the deploy tests
# run it as it is): writes firebase.json from the environment, then starts the emulator, auth only.
# FIREBASE_PROJECT_ID must be a demo-* project: the emulator then never talks to real Firebase.
set -eu
project="${FIREBASE_PROJECT_ID:-demo-antiquarium}"
case "$project" in
  demo-*) ;;
  *) echo "auth-emulator: FIREBASE_PROJECT_ID must start with demo- (got $project)" >&2; exit 1 ;;
esac
dir="${TMPDIR:-/tmp}/auth-emulator"
mkdir -p "$dir"
cat > "$dir/firebase.json" <<JSON
{
  "emulators": {
    "auth": { "host": "${AUTH_EMULATOR_HOST:-0.0.0.0}", "port": ${AUTH_EMULATOR_PORT:-9099} },
    "hub": { "host": "127.0.0.1", "port": ${EMULATOR_HUB_PORT:-4400} },
    "logging": { "host": "127.0.0.1", "port": ${EMULATOR_LOGGING_PORT:-4500} },
    "ui": { "enabled": false },
    "singleProjectMode": true
  }
}
JSON
cd "$dir"
exec firebase emulators:start --only auth --project "$project" --config "$dir/firebase.json"
